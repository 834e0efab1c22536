"""Game-agnostic kernels shared by both games: dice, grids, sight, paths, game records."""

"""The experts: a player per game that looks no further than the unit it moves, every option scored in
the points the evaluation counts (docs/ai.md); the search's prior, its rollout rules and a baseline."""

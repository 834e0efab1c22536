"""Small battlefields for rule tests: a map and a scenario with fixed positions, written to a folder."""

from __future__ import annotations

from pathlib import Path

from hothsim.data.catalog import Catalog
from hothsim.data.squaremap import draw_square_map
from hothsim.games import open_game
from hothsim.kernel.dice import ScriptedDice
from hothsim.kernel.squares import Edge, SquareMap, Terrain, column_label, parse_square
from hothsim.skirmish.game import SkirmishGame


def arena(
    folder: Path,
    rebel: dict[str, str],
    imperial: dict[str, str],
    dice: list[int],
    *,
    width: int = 12,
    height: int = 12,
    low: tuple[str, ...] = (),
    walls: tuple[Edge, ...] = (),
    doors: tuple[Edge, ...] = (),
    abilities: bool = False,
    tie_break_rounds: int = 10,
) -> SkirmishGame:
    """A game with figures already set up.  `rebel` and `imperial` map figure ids (card id, or card id
    and -N when the squad has several) to squares; `dice` are the scripted d20 results, the first two
    being the rebel and imperial initiative rolls."""
    terrain = [[Terrain.CLEAR] * width for _ in range(height)]
    for label in low:
        x, y = parse_square(label)
        terrain[y][x] = Terrain.LOW
    every = SquareMap("arena", "Arena", width, height, tuple(tuple(r) for r in terrain), frozenset(walls),
                      frozenset(doors), (("rebel", frozenset()), ("imperial", frozenset())))
    everywhere = f'["A1:{column_label(width - 1)}{height}"]'
    (folder / "maps").mkdir(exist_ok=True)
    (folder / "maps" / "arena.toml").write_text(
        'format = "hothsim-square-map/1"\nid = "arena"\nname = "Arena"\n'
        f"width = {width}\nheight = {height}\ngrid = '''\n{draw_square_map(every)}'''\n\n"
        f"[zones]\nrebel = {everywhere}\nimperial = {everywhere}\n",
        encoding="utf-8",
    )

    def squad(figs: dict[str, str]) -> list[str]:
        return [fid.rsplit("-", 1)[0] if fid[-1].isdigit() and "-" in fid else fid for fid in figs]

    positions = "\n".join(f'{fid} = "{sq}"' for fid, sq in {**rebel, **imperial}.items())
    (folder / "arena.toml").write_text(
        'format = "hothsim-scenario/1"\nid = "arena"\nname = "Arena"\ngame = "skirmish"\n'
        'description = "A test battlefield."\nmap = "arena"\n\n[skirmish]\n'
        f"abilities = {'true' if abilities else 'false'}\n"
        f"rebel = {squad(rebel)!r}\nimperial = {squad(imperial)!r}\n".replace("'", '"')
        + f"tie_break_rounds = {tie_break_rounds}\n\n[skirmish.positions]\n{positions}\n",
        encoding="utf-8",
    )
    return open_game(folder / "arena.toml", dice=ScriptedDice(dice), catalog=Catalog.installed())


def with_cards(game: SkirmishGame, cards: dict) -> SkirmishGame:
    """The same game played with changed stat cards (a card given a power for a test): a new game, since
    what a game is played with is fixed for its life and its rules are built from it."""
    import dataclasses

    return SkirmishGame(dataclasses.replace(game.setup, cards=cards), game.state, game.dice, game.board, game.record)

"""Whatever a player types in a skirmish, the engine plays it or refuses it with a typed error naming the
rule (an IllegalAction; bad notation is the rule "notation"); it never crashes, and a refusal never
changes the game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hothsim.games import open_game
from tests.conformance import choose, play_typed

VERBS = ["place", "first", "activate", "move", "attack", "end", "force", "opportunity", "decline", "reroll", "keep",
         "heal", "harpoon", "grenades", "repair", "fire-support", "recruit", "ready", "fly", ""]
WORDS = ["han", "luke", "vader", "leia", "snowtrooper-1", "snowtrooper-9", "hoth-trooper-1", "elite-snowtrooper",
         "rebel", "imperial", "a1", "c7", "zz99", "c7~10", "c7~99", "move", "grip", "sweep", "deflect", "riposte",
         "use", "+snowtrooper-2", "+han", "3", "-", "x", "veers", "elite-hoth-trooper-1", "atgar-trooper",
         "snowspeeder", "blizzard-scout"]


def game_in_play(scenario: str, seed: int):
    g = open_game(scenario, seed=seed)
    rnd = random.Random(seed)
    for _ in range(rnd.randrange(5, 80)):
        if g.is_over:
            break
        g.apply(choose(rnd, g.legal_actions()))
    return g


GAMES = {key: game_in_play(*key) for key in (("echo-base", 1), ("echo-base", 2), ("skirmish", 3), ("salvage", 4))}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(GAMES)), verb=st.sampled_from(VERBS),
       words=st.lists(st.sampled_from(WORDS), max_size=3))
def test_typed_lines_are_played_or_refused_with_a_reason(key, verb, words):
    play_typed(GAMES[key].clone(), " ".join([verb] + words))


def test_a_legal_move_along_a_drawn_path_is_not_refused(tmp_path):
    # `refusal` answers for any legal action, not only the listed ones: legal_actions() lists one default
    # path per destination, and a player may draw another (the screen applies what refusal allows).
    from hothsim.skirmish.actions import Move, parse_action
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "e5"}, [15, 3])
    g.apply(parse_action("first rebel"))
    g.apply(parse_action("activate hoth-trooper"))
    drawn = Move("hoth-trooper", ((3, 2), (4, 3), (3, 3)))  # D3 E4 D4: not the default path to D4
    assert drawn not in g.legal_actions()
    assert g.refusal(drawn) is None
    assert g.refusal(Move("hoth-trooper", ((5, 2),))) is not None  # not a step from C3


def test_a_walk_spelled_another_way_is_not_refused():
    from hothsim.assault.actions import Walk
    from tests.assault_arena import arena, clear

    g = arena(clear(), {"walker-1": ("walker", "0505", 3)}, card="walkers-move")
    listed = {a.steps for a in g.legal_actions() if isinstance(a, Walk)}
    other = next(s for s in ("lrf", "rlf", "frl", "flr") if s not in listed and g.is_legal(Walk("walker-1", s)))
    assert g.refusal(Walk("walker-1", other)) is None

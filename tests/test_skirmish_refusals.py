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

"""Whatever a player types, Assault on Hoth answers with a typed refusal (an IllegalAction,
naming the rule) or plays the action; it never crashes and a refusal never changes the game."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hothsim.assault.actions import parse_action
from hothsim.games import open_game
from tests.conformance import choose, play_typed

VERBS = ["place", "board", "luke", "move", "fire", "harpoon", "done", "displace", "armor", "critical", "choose",
         "repair", "reshuffle", "jump", ""]  # reshuffle: no longer a decision (an option agreed before play)
WORDS = ["walker-1", "walker-9", "atst-1", "speeder-2", "trooper-3", "tower-1", "snowtrooper-1", "shield-generator",
         "power-grid", "base", "0101", "1029", "2032", "9999", "0000", "fflf", "rrrf", "lrlr", "s", "nw", "+2", "+11",
         "force", "take", "legs", "body", "blaster", "3", "-1", "x", "yes", "no"]


def game_in_play(seed: int):
    g = open_game("assault-on-hoth", seed=seed)
    rnd = random.Random(seed)
    while g.state.stage == "setup" or rnd.random() < 0.9 and not g.is_over:
        g.apply(choose(rnd, g.legal_actions()))
    return g


GAMES = {seed: game_in_play(seed) for seed in (1, 2)}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.sampled_from([1, 2]), verb=st.sampled_from(VERBS),
       words=st.lists(st.sampled_from(WORDS), max_size=3))
@example(seed=1, verb="move", words=["shield-generator", "walker-1"])  # once a KeyError: installations never act
@example(seed=2, verb="choose", words=["power-grid"])
def test_typed_lines_are_played_or_refused_with_a_reason(seed, verb, words):
    line = " ".join([verb] + words)
    if play_typed(GAMES[seed].clone(), line):
        action = parse_action(line)
        assert action in GAMES[seed].legal_actions() or action.notation().startswith("move walker")

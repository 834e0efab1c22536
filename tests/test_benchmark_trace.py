"""The trace of one game (benchmarks/trace.py): where the traced player leaves its expert, round by round."""

from __future__ import annotations

import re
from dataclasses import replace

from benchmarks.trace import trace
from hothsim.ai import LEVELS, Player, derive_seed, player_named
from hothsim.games import open_game

EXPERT = player_named("expert")


def test_the_expert_traced_never_leaves_itself_and_the_rounds_are_shown_with_the_figures():
    lines: list[str] = []
    counts = trace("salvage", 3, "rebel", EXPERT, EXPERT, 0.1, limit=40, say=lines.append)
    assert counts["departures"] == 0 and counts["hasty"] == 0 and counts["decisions"] > 10
    assert "-- round 1" in lines
    assert any(text.startswith("   elite-hoth-trooper: Elite Hoth Trooper, rebel, at ") for text in lines)
    assert lines[-1].startswith("seed 3: draw (stopped after 40 decisions), 40 decisions; rebel: 0 of ")
    # The other side's decisions carry no reason; the traced side's say what they ran.
    assert any(text.startswith("   imperial activate: activate ") for text in lines)
    assert all("[" not in text for text in lines if text.startswith("   imperial "))


#: A decision's line: its mark, the side, the kind, the action, the expert's own where they differ.
DECISION = re.compile(r"^(!! |   )(rebel|imperial) \w+: (.+?)(?: \(expert: (.+?)\))?(?:   \[.*)?$")


def test_each_departure_is_marked_with_the_experts_own_choice_and_counted():
    # A search that takes any lead in its samples over the expert's choice departs often: each "!!" names
    # the expert's choice for the same decision, seeded as `benchmarks ai` seeds it.
    bold = Player("computer", replace(LEVELS["normal"], trust=0.0, trust_pass=0.0, simulations=40))
    lines: list[str] = []
    counts = trace("salvage", 3, "imperial", bold, EXPERT, 5.0, limit=60, say=lines.append)
    decisions = [m for m in map(DECISION.match, lines) if m]
    assert len(decisions) == 60
    assert sum(m.group(1) == "!! " for m in decisions) == counts["departures"] > 0
    game = open_game("salvage", seed=3)
    for n, m in enumerate(decisions):
        mark, side, played, own = m.groups()
        assert side == game.pending.player
        if mark == "!! ":
            expert = EXPERT.thinking(game, derive_seed(3, n, side)).choice().action
            assert own == expert.notation() != played
        game.apply(next(a for a in game.legal_actions() if a.notation() == played))

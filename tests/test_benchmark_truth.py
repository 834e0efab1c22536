"""The truth set (benchmarks/truth.py): positions whose candidates' worth is known score a player's choices."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.truth import Position, TruthSet, load, replay, score, worth
from hothsim.ai import Player, derive_seed


def _position(decision: int = 30) -> tuple[Position, list]:
    """A salvage position of the experts' game on seed 0, its first three legal turn actions valued by hand."""
    game = replay("salvage", 0, decision)
    while game.pending.kind != "turn":
        decision += 1
        game = replay("salvage", 0, decision)
    side = game.pending.player
    chosen = Player("expert").thinking(game, derive_seed(0, decision, side)).choice().action
    others = [a for a in game.legal_actions() if a != chosen][:2]
    actions = [chosen, *others]
    return Position(scenario="salvage", seed=0, decision=decision, side=side, expert=chosen.notation(),
                    candidates=[a.notation() for a in actions], worth=[0.5, 0.75, 0.25], playouts=1), actions


def test_the_experts_own_choices_gain_nothing_over_the_expert():
    position, _ = _position()
    figures = score([position], Player("expert"))
    assert figures == {"positions": 1, "departures": 0, "gain": 0.0}


def test_a_departure_gains_its_worth_less_the_worth_of_the_experts_choice():
    # Told that the expert chose the second candidate (worth 0.75), the expert's real choice (worth 0.5)
    # is a departure that loses a quarter of a win.
    position, actions = _position()
    told = position.model_copy(update={"expert": actions[1].notation()})
    assert score([told], Player("expert")) == {"positions": 1, "departures": 1, "gain": -0.25}


def test_a_worth_is_the_share_of_expert_games_won_after_the_action():
    game = replay("salvage", 0, 40)
    action = game.legal_actions()[0]
    share = worth(game, action, game.pending.player, 7, 2)
    assert share in (0.0, 0.25, 0.5, 0.75, 1.0)
    assert worth(game, action, game.pending.player, 7, 2) == share  # the same dice, the same games


def test_a_truth_file_with_a_bad_field_is_refused_naming_the_file(tmp_path: Path):
    position, _ = _position()
    good = tmp_path / "good.json"
    good.write_text(TruthSet(positions=[position]).model_dump_json())
    assert load([good]) == [position]
    bad = tmp_path / "bad.json"
    bad.write_text(good.read_text().replace('"playouts":1', '"playouts":"many"'))
    with pytest.raises(SystemExit, match="(?s)bad.json.*positions.0.playouts"):
        load([bad])


def test_the_salvage_truth_set_in_the_repository_loads_and_replays():
    positions = load([Path(__file__).parent.parent / "benchmarks" / "truth-salvage.json"])
    assert len(positions) == 72
    assert all(len(p.candidates) == len(p.worth) == 4 and all(0 <= w <= 1 for w in p.worth) for p in positions)
    first = positions[0]
    game = replay(first.scenario, first.seed, first.decision)
    assert game.pending.player == first.side
    assert first.expert in {a.notation() for a in game.legal_actions()}

"""The balance lab (`hothsim balance`): Wilson's interval, how games end, what each side loses, and the
same findings with one worker or two."""

from __future__ import annotations

from collections import Counter

import pytest

from hothsim.ai import player_named
from hothsim.balance import condition_of, play_lab, summary, wilson
from hothsim.cli import main
from hothsim.games import load_game
from hothsim.match import play_game


def test_wilsons_interval_is_the_textbook_one_and_stays_within_0_and_1():
    low, high = wilson(9, 20)
    assert (round(low, 3), round(high, 3)) == (0.258, 0.658)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 3) == 0.278
    assert round(wilson(10, 10)[0], 3) == 0.722 and wilson(10, 10)[1] <= 1.0
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("reason,condition", [
    ("rebel wins: every imperial character is defeated", "every imperial character is defeated"),
    ("imperial wins (every rebel character is defeated)", "every rebel character is defeated"),
    ("no damage, attack or save for 10 rounds: imperial wins on points defeated (19 to 7)",
     "no damage, attack or save for 10 rounds, by the tie-breaker"),
    ("the Shield Generator is destroyed", "the Shield Generator is destroyed"),
])
def test_a_games_end_is_counted_by_the_rule_that_ended_it_not_by_who_won(reason, condition):
    assert condition_of(reason) == condition


def test_the_lab_counts_each_sides_wins_ends_and_losses_as_the_games_went(capsys):
    players = {"rebel": player_named("expert"), "imperial": player_named("greedy")}
    outcomes = play_lab("salvage", players, 4, 3, None, None, 2)
    assert [o.seed for o in outcomes] == [3, 4, 5, 6]
    assert outcomes == play_lab("salvage", players, 4, 3, None, None, 1)  # one worker or two: the same
    lost: Counter = Counter()
    for seed in range(3, 7):  # each game played again here, its defeated figures counted from its end
        result = play_game("salvage", players, seed, None)
        assert result.winner == outcomes[seed - 3].winner
        final = load_game(result.record)
        lost.update((f.side, final.card(f).name) for f in final.state.figures if f.defeated)
    assert Counter(loss for o in outcomes for loss in o.losses) == lost
    lines = summary(outcomes)
    assert lines[0] == "rebel 75% (30-95%), 3 of 4" and lines[1] == "imperial 25% (5-70%), 1 of 4"
    assert lines[2] == "draws 0 of 4" and lines[3] == "How the games end:"
    assert any(line.startswith("  every imperial character is defeated: 3 (round ") for line in lines)
    assert main(["balance", "salvage", "--games", "4", "--seed", "3", "--players", "expert,greedy",
                 "--workers", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "salvage: 4 games (seeds 3 to 6), expert as the Rebels against greedy"
    assert out[1:] == lines
    assert main(["balance", "salvage", "--players", "expert"]) == 2
    assert "--players takes two players" in capsys.readouterr().err


def test_the_lab_plays_the_same_games_with_the_shipped_rules_and_with_corrections_and_compares_them(tmp_path,
                                                                                                    capsys):
    """A correction that leaves the Snowtroopers no attack bonus and 1 damage turns salvage toward the
    Rebels: the lab plays the same seeds under both rules, prints both findings, and says the difference
    is more than chance would make it.  A folder that corrects nothing is refused before any game."""
    from hothsim.balance import Outcome, compared

    rules = tmp_path / "mine"
    (rules / "skirmish").mkdir(parents=True)
    (rules / "skirmish" / "cards.toml").write_text(
        'format = "hothsim-skirmish-cards/1"\n\n[[card]]\nid = "snowtrooper"\nattack = 0\ndamage = 1\n\n'
        '[[card]]\nid = "elite-snowtrooper"\nattack = 0\ndamage = 1\n', encoding="utf-8")
    assert main(["balance", "salvage", "--games", "12", "--players", "expert,expert", "--workers", "2",
                 "--rules", str(rules)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "With the shipped rules:" and f"With the corrections in {rules}:" in out
    corrected = out[out.index(f"With the corrections in {rules}:") + 1]
    assert corrected.startswith("rebel ") and int(corrected.split("%")[0].split()[1]) >= 90
    assert out[-1].startswith("Compared: the Rebels' share: ") and "more than chance would make it" in out[-1]
    # The test of two shares: level shares are within chance; 10 of 20 against 19 of 20 is not.
    def games(wins: int, n: int) -> list[Outcome]:
        return [Outcome(i, "rebel" if i < wins else "imperial", "x", 1, "round", ()) for i in range(n)]
    assert "within what chance alone makes (two-sided p = 1.00)" in compared(games(10, 20), games(10, 20))
    assert "more than chance would make it (two-sided p = 0.00)" in compared(games(10, 20), games(19, 20))
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["balance", "salvage", "--rules", str(empty)]) == 2
    assert "holds no correction" in capsys.readouterr().err


def made_up(wins: dict[str, int], chapters: list[int]) -> list:
    """Outcomes of made-up games: so many won by each side (the rest drawn), ending in these rounds."""
    from hothsim.balance import Outcome

    who = [side for side, n in wins.items() for _ in range(n)]
    who += [None] * (len(chapters) - len(who))
    return [Outcome(i, w, "x", c, "round", ()) for i, (w, c) in enumerate(zip(who, chapters))]


def test_the_share_chart_draws_each_sides_share_and_its_wilson_interval_to_scale():
    import re

    from hothsim.balance import wilson
    from hothsim.balance_page import LABEL_WIDTH, PLOT_WIDTH, share_chart

    games = made_up({"rebel": 7, "imperial": 2}, [3] * 10)
    svg = share_chart({"": games})
    bars = re.findall(r'<rect class="share (\w+)" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"', svg)
    assert [(side, float(w)) for side, _, w in bars] == [("rebel", 0.7 * PLOT_WIDTH), ("imperial", 0.2 * PLOT_WIDTH)]
    low, high = wilson(7, 10)
    whisker = re.findall(r'<line class="interval" x1="([\d.]+)" x2="([\d.]+)"', svg)[0]
    assert (float(whisker[0]), float(whisker[1])) == (round(LABEL_WIDTH + low * PLOT_WIDTH, 1),
                                                      round(LABEL_WIDTH + high * PLOT_WIDTH, 1))
    assert "Rebel: 70% (40% to 89%), 7 of 10" in svg  # what a screen reader says of the row
    assert share_chart({"": games}) == svg  # the same findings, the same bytes


def test_the_length_chart_stacks_each_rounds_games_by_who_won():
    import re

    from hothsim.balance_page import length_chart

    svg = length_chart(made_up({"rebel": 3, "imperial": 1}, [4, 4, 6, 4, 6]))
    bars = re.findall(r'<rect class="(\w+)" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"><title>([^<]+)',
                      svg)
    assert [b[3] for b in bars] == ["round 4: 2 won by the rebel", "round 4: 1 won by the imperial",
                                    "round 6: 1 won by the rebel", "round 6: 1 drawn"]
    heights = [float(b[2]) for b in bars]
    assert heights[0] == 2 * heights[1] and sum(heights[:2]) == 150.0  # round 4 is the tallest: 3 games
    assert "<title>round 5" not in svg  # no game ended in round 5: nothing drawn there


def test_balance_writes_its_findings_as_one_self_contained_page(tmp_path, capsys):
    page = tmp_path / "salvage.html"
    assert main(["balance", "salvage", "--games", "4", "--seed", "3", "--players", "expert,greedy",
                 "--workers", "1", "--html", str(page)]) == 0
    out = capsys.readouterr().out
    assert f"The page: {page}" in out
    html = page.read_text(encoding="utf-8")
    assert html.count("<svg") == 2 and "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "Rebel: 75% (30% to 95%), 3 of 4" in html and "rebel 75% (30-95%), 3 of 4" in html
    assert main(["balance", "salvage", "--games", "2", "--html", str(tmp_path / "no" / "such.html")]) == 2
    assert "existing folder" in capsys.readouterr().err

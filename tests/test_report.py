"""The after-action report (hothsim.report): its SVG maps (golden), its chapters, key moments and dice luck
in games built to show them, the record it embeds replaying to the same result, and its refusal to give a
secret away."""

from __future__ import annotations

import html as htmllib
import re
import shutil
from datetime import datetime, timezone
import subprocess

import pytest

from hothsim.ai import player_named
from hothsim.cli import main
from hothsim.games import load_game
from hothsim.kernel.record import parse_record
from hothsim.match import play_game
from hothsim.report import Chapter, SecretKept, Shot, Trail
from hothsim.report.telling import story
from hothsim.report.assault import CHRONICLER as ASSAULT
from hothsim.report.page import html, text
from hothsim.report.skirmish import CHRONICLER as SKIRMISH
from hothsim.saves import read_record, write_record
from hothsim.skirmish.actions import parse_action
from tests.arena import arena
from tests.golden_files import check_golden
from tests.assault_arena import arena as hex_arena
from tests.assault_arena import clear



def _pretty(svg: str) -> str:
    """An element a line, so that a golden diff reads."""
    return svg.replace("><", ">\n<") + "\n"


def test_a_skirmish_map_is_the_same_svg_every_time(tmp_path):
    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "h3"}, [15, 3], low=("f3", "f4"), width=10, height=6)
    for line in ("first rebel", "activate hoth-trooper", "move hoth-trooper d3 e4"):
        g.apply(parse_action(line))
    ch = Chapter(1, "Round 1", 1, 3, g, [Trail("hoth-trooper", "rebel", ((2, 2), (3, 2), (4, 3)))],
                 [Shot("rebel", "hoth-trooper", "snowtrooper", (4, 3), (7, 2), 0.4, False, 4)],
                 [("snowtrooper-2", (8, 5))], caption="a test round")
    svg = SKIRMISH.svg(g, ch)
    assert svg == SKIRMISH.svg(g, ch)
    assert svg.count('class="figure rebel"') == 1 and svg.count('class="figure imperial"') == 1
    assert 'class="shot rebel miss"' in svg and 'class="move rebel"' in svg and svg.count('class="t-low-objects"') == 2
    assert "<title>hoth-trooper: Hoth Trooper, rebel, at E4," in svg  # the describe layer's words, for a reader
    check_golden("report-skirmish.svg", _pretty(svg), "the skirmish map now draws differently")


def test_an_assault_map_is_the_same_svg_every_time():
    g = hex_arena(clear(8, 8), {"walker-1": ("walker", "0403", 3), "speeder-1": ("speeder", "0506"),
                                "trooper-1": ("trooper", "0207")}, luke="speeder-1", generator="0707", grid="0608")
    ch = Chapter(2, "Turn 2", 10, 30, g, [Trail("walker-1", "imperial", ((3, 0), (3, 1), (3, 2)))],
                 [Shot("imperial", "walker-1", "speeder-1", (3, 2), (4, 5), 0.5, True, 12)], [], caption="a test turn")
    svg = ASSAULT.svg(g, ch)
    assert svg == ASSAULT.svg(g, ch)
    assert svg.count('class="h-') == 64 and 'class="facing"' in svg and 'class="shot imperial hit"' in svg
    # Every hex carries its number as the log names it; the zones and installations are named.
    assert svg.count('class="hexno"') == 64 and '>0403</text>' in svg and '>0808</text>' in svg
    assert '>Shield Generator</text>' in svg and '>Power Grid</text>' in svg
    bf = g.setup.field
    drawn = {name: svg.count(f'class="zone {name}"') for name in bf.sectors}
    assert drawn == {name: len(zone) for name, zone in bf.sectors.items()} and any(drawn.values())
    assert svg.count('class="zone forward-line"') == len(bf.forward_line)
    assert '>Rebel sector 3</text>' in svg
    assert "Luke" not in svg  # not revealed: the picture does not give it away
    check_golden("report-assault.svg", _pretty(svg), "the Assault on Hoth map now draws differently")


def _finished(scenario: str, seed: int):
    expert = player_named("expert")
    return play_game(scenario, {"rebel": expert, "imperial": expert}, seed, None)


@pytest.mark.parametrize("scenario,seed", [("salvage", 3), ("assault-on-hoth", 3), ("skirmish", 2)])
def test_the_report_of_a_finished_game_has_a_map_per_chapter_the_winner_and_a_record_that_replays(scenario, seed):
    result = _finished(scenario, seed)
    told = story(result.record)
    page = html(told, "test")
    rounds = {load_game(result.record).state.round}  # the last round (or turn) reached, at least one chapter
    assert page.count('<svg xmlns="http://www.w3.org/2000/svg" class="map"') == len(told.chapters) == len(told.svg) >= 2
    keys = [ch.key for ch in told.chapters]
    assert keys == sorted(set(keys)) and keys[0] == 0 and rounds
    assert told.finished and told.result == result.reason and result.reason in page
    embedded = htmllib.unescape(re.search(r'<pre id="record">(.*?)</pre>', page, re.S)[1])
    replayed = load_game(parse_record(embedded))
    assert replayed.is_over and replayed.winner == result.winner
    # Every entry is in some chapter's lines, once.
    numbered = [line for ch in told.chapters for line in ch.lines if not line.startswith(" ")]
    assert numbered == [f"{i}. {e.action}" for i, e in enumerate(result.record.entries, 1)]
    assert "http" not in page.replace("http://www.w3.org/2000/svg", "")  # nothing fetched from anywhere
    assert html(story(result.record), "test") == page  # deterministic


def test_the_report_carries_a_legend_for_every_mark_its_maps_draw():
    skirmish = story(_finished("salvage", 3).record)
    said = dict((words, sample) for sample, words in skirmish.legend)
    assert "a shot that hit (solid; blue a Rebel's, red an Imperial's)" in said
    assert 'class="shot imperial miss"' in said["a shot that missed (dashed)"]
    assert "where a figure fell" in said and "low objects (cover)" in said
    assert any(words == "EHT: elite-hoth-trooper (Rebel)" for words in said)
    page = html(skirmish, "test")
    assert "<h2>Reading the maps</h2>" in page and 'class="swatch"' in page
    hoth = story(_finished("assault-on-hoth", 3).record)
    words = [w for _, w in hoth.legend]
    assert "the Forward Line" in words and "Rebel sector 3" in words and "the Shield Generator or the Power Grid" in words
    assert "W: Imperial Walker (AT-AT), followed by its number" in words
    assert "W3: walker-3, the line toward the hexside it faces" in words


def test_key_moments_sum_a_chapters_losses_in_one_line():
    told = story(_finished("assault-on-hoth", 3).record)
    losses = [m for m in told.moments if m.kind == "kill"]
    fell = sum(len(ch.losses) for ch in told.chapters)
    assert fell > len(losses) >= 2  # more units fell than there are lines for them
    assert len(losses) == sum(1 for ch in told.chapters if ch.losses)
    first = next(ch for ch in told.chapters if ch.losses)
    line = next(m.text for m in first.moments if m.kind == "kill")
    assert line.startswith(f"{first.title}, {len(first.losses)} unit")
    assert all(unit in line for _, _, unit in first.losses)
    forum = text(told, [[] for _ in told.chapters])
    assert line in forum and "Entry " + str(first.losses[0][0]) + ": " + line not in forum


def test_kills_criticals_and_luck_are_counted_from_the_odds(tmp_path):
    # Seeded dice (a record of scripted dice does not hold a fixed set-up's first initiative roll): at seed
    # 0 the Rebels win the initiative, the trooper's 40% shot through cover comes up 20 (a critical, a
    # kill), and the other snowtrooper's answer misses on a 5.
    from hothsim.games import open_game

    arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper-1": "h3", "snowtrooper-2": "c8"}, [15, 3], low=("f3",))
    g = open_game(tmp_path / "arena.toml", seed=0)
    for line in ("first rebel", "activate hoth-trooper", "attack hoth-trooper snowtrooper-1", "end hoth-trooper",
                 "activate snowtrooper-2", "attack snowtrooper-2 hoth-trooper"):
        g.apply(parse_action(line))
    assert [r.faces for e in g.record.entries for r in e.outcomes] == [(20,), (5,)]
    told = story(g.record)
    luck = {x.side: x for x in told.luck}
    assert (luck["rebel"].shots, round(luck["rebel"].expected, 2), luck["rebel"].hits) == (1, 0.4, 1)
    assert (luck["imperial"].shots, luck["imperial"].hits) == (1, 0)
    kinds = [(m.entry, m.kind) for m in told.moments]
    assert (3, "critical") in kinds and (3, "kill") in kinds  # 20 damage: the snowtrooper's 10 are gone
    shots = told.chapters[-1].shots
    assert [(s.attacker, s.target, s.hit) for s in shots] == [("hoth-trooper", "snowtrooper-1", True),
                                                              ("snowtrooper-2", "hoth-trooper", False)]


def test_an_unfinished_game_hiding_lukes_snowspeeder_is_refused(tmp_path, capsys):
    from hothsim.games import open_game

    g = open_game("assault-on-hoth", seed=2)
    expert = player_named("expert")
    from hothsim.match import decide_within

    while g.pending.kind != "act":
        g.apply(decide_within(expert, g, 1, None)[0].action)
    assert g.state.luke and not g.state.luke_revealed
    with pytest.raises(SecretKept):
        story(g.record)
    save = tmp_path / "open.hothsim"
    write_record(save, g.record)
    assert main(["report", str(save), "--html", str(tmp_path / "r.html")]) == 2
    assert "still hides a secret" in capsys.readouterr().err and not (tmp_path / "r.html").exists()


def test_match_keeps_each_record_and_report_writes_html_and_text(tmp_path, capsys):
    folder = tmp_path / "games"
    assert main(["match", "salvage", "--rebel", "expert", "--imperial", "expert", "--games", "2", "--seed", "7",
                 "--save-dir", str(folder)]) == 0
    saves = sorted(p.name for p in folder.iterdir())
    assert saves == ["salvage-7.hothsim", "salvage-8.hothsim"]
    out_html, out_text = tmp_path / "r.html", tmp_path / "r.txt"
    assert main(["report", str(folder / "salvage-7.hothsim"), "--html", str(out_html), "--text", str(out_text)]) == 0
    page, forum = out_html.read_text(encoding="utf-8"), out_text.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Dice luck" in page
    assert forum.count("```") % 2 == 0 and "Row  24 " in forum and "<" not in forum
    assert main(["report", str(folder / "salvage-7.hothsim")]) == 2
    assert "--html OUT, --text OUT" in capsys.readouterr().err


def test_match_records_name_each_sides_player_and_the_real_time_and_the_report_says_who_played(tmp_path):
    folder = tmp_path / "games"
    before = datetime.now(timezone.utc).replace(microsecond=0)
    assert main(["match", "salvage", "--rebel", "expert", "--imperial", "greedy", "--games", "1", "--seed", "3",
                 "--think", "0.05", "--save-dir", str(folder)]) == 0
    record = read_record(folder / "salvage-3.hothsim")
    assert record.header.computer == "rebel=expert imperial=greedy 0.05"
    began = datetime.fromisoformat(record.header.created.replace("Z", "+00:00"))
    assert before <= began <= datetime.now(timezone.utc)
    told = story(record)
    assert told.players == "the expert player as the rebel side against the greedy player, 0.05 s a decision"
    # The same level on both sides keeps the short form; a person against the computer says which side is whose.
    assert main(["match", "salvage", "--rebel", "ai:easy", "--imperial", "ai:easy", "--games", "1", "--seed", "4",
                 "--think", "0.05", "--save-dir", str(folder)]) == 0
    both = read_record(folder / "salvage-4.hothsim")
    assert both.header.computer == "both easy 0.05"
    assert story(both).players == "the computer (easy) on both sides, 0.05 s a decision"


def test_the_text_report_escapes_what_a_forum_would_take_for_a_tag():
    result = _finished("salvage", 3)
    told = story(result.record)
    forum = text(told, [["Row 1 <b>"] for _ in told.chapters])
    assert "&lt;b>" in forum and "<b>" not in forum


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed (apt-get install chromium) to open the page in")
def test_the_report_opens_in_a_real_browser(tmp_path):
    result = _finished("salvage", 3)
    page = tmp_path / "report.html"
    page.write_text(html(story(result.record), "test"), encoding="utf-8")
    shot = tmp_path / "report.png"
    run = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                          f"--screenshot={shot}", "--window-size=1000,1400", page.as_uri()],
                         capture_output=True, timeout=120)
    assert shot.exists() and shot.stat().st_size > 10_000, run.stderr.decode(errors="replace")[-2000:]
    dom = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
                         capture_output=True, timeout=120).stdout.decode("utf-8", errors="replace")
    told = story(result.record)
    assert dom.count('class="map"') == len(told.chapters)  # the browser parsed every map
    assert dom.count('class="swatch"') == len(told.legend)  # and every sample of the legend

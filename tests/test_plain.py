"""The plain-text mode (hothsim.plain), in this process: what each line typed does to the game and its
save, and what is said back."""

from __future__ import annotations

import re
from typing import Callable, Iterator

from hothsim.games import open_game
from hothsim.plain import PlainPlay
from hothsim.saves import read_record
from hothsim.session import PERSON, new_session


def printable(lines: list[str]) -> bool:
    return all(ch.isprintable() for line in lines for ch in line)


def play(tmp_path, scenario: str, script: Callable[[PlainPlay], Iterator[str]], seed: int = 3,
         players: dict | None = None, clock: Callable[[], float] | None = None) -> tuple[PlainPlay, list[str]]:
    """Play `scenario` in plain mode, the lines typed coming from `script` (which sees the game)."""
    said: list[str] = []
    session = new_session(open_game(scenario, seed=seed), tmp_path / "game.hothsim",
                          players or {"rebel": PERSON, "imperial": PERSON}, think=0.05)
    kwargs = {"clock": clock} if clock else {}
    holder: list[PlainPlay] = []
    lines = None

    def read(prompt: str) -> str | None:
        nonlocal lines
        if lines is None:
            lines = script(holder[0])
        return next(lines, None)
    plain = PlainPlay(session, read, said.append, **kwargs)
    holder.append(plain)
    assert plain.run() == 0
    return plain, said


def test_a_number_applies_the_listed_choice_and_the_save_records_exactly_it(tmp_path):
    def script(p):
        yield "auto"  # the Empire's set-up
        yield "auto"  # the Rebels'
        yield "2"  # of "1. first rebel" and "2. first imperial"
    plain, said = play(tmp_path, "salvage", script)
    assert "1. first rebel" in said and "2. first imperial" in said
    assert "Rebel: first imperial" in said
    saved = read_record(tmp_path / "game.hothsim")
    assert [e.action for e in saved.entries] == [e.action for e in plain.game.record.entries]
    assert saved.entries[-1].action == "first imperial"
    # Every decision applied was said back in its notation, in the order of the save.
    echoed = [line.split(": ", 1)[1] for line in said if line.startswith(("Rebel: ", "Imperial: "))
              and not line.startswith(("Rebel: 3 figures", "Imperial: 3 figures"))]
    assert echoed == [e.action for e in saved.entries]
    assert printable(said)


def test_a_refusal_says_why_nothing_changes_and_why_gives_the_rule(tmp_path):
    def script(p):
        yield from ("auto", "auto", "first rebel", "activate hoth-trooper-1")
        p.before = (tmp_path / "game.hothsim").read_bytes()
        yield "attack hoth-trooper-1 snowtrooper-1"  # across the map and out of sight
        yield "why"
    plain, said = play(tmp_path, "salvage", script)
    refused = next(line for line in said if line.startswith("Refused: "))
    assert "Nothing changed" in refused
    assert (tmp_path / "game.hothsim").read_bytes() == plain.before
    assert plain.game.record.entries[-1].action == "activate hoth-trooper-1"
    assert said[-2].startswith("Refused: ") and "(rule: " in said[-2]


def test_an_unknown_line_and_a_number_out_of_range_get_a_hint_and_change_nothing(tmp_path):
    def script(p):
        yield from ("auto", "auto")
        yield "fly to the moon"
        yield "99"
    plain, said = play(tmp_path, "salvage", script)
    assert "Not understood: 'fly to the moon'. Type help for the commands, or a choice's number." in said
    assert "There is no choice 99: the choices are numbered 1 to 2." in said
    assert len(plain.game.record.entries) == 6  # the two set-ups only


def test_move_by_destination_takes_the_planned_path(tmp_path):
    def script(p):
        yield from ("auto", "auto", "first rebel", "activate hoth-trooper-1", "move hoth-trooper-1 f3")
    plain, said = play(tmp_path, "salvage", script)
    last = plain.game.record.entries[-1].action
    assert last.startswith("move hoth-trooper-1 ") and last.endswith(" f3")
    assert f"Rebel: {last}" in said


def test_questions_cost_no_game_time(tmp_path):
    def script(p):
        yield from ("auto", "auto", "first rebel", "activate hoth-trooper-1")
        p.entries = len(p.game.record.entries)
        yield from ("status", "units", "units enemy", "look c7", "look snowtrooper-1", "look", "near", "targets",
                    "around hoth-trooper-1", "landmarks", "log 2", "map", "map grid", "help", "choices", "moves")
    plain, said = play(tmp_path, "salvage", script)
    assert len(plain.game.record.entries) == plain.entries
    assert "Quiet rounds: 0 of 10 (then the tie-breaker decides)." in said
    assert any(line.startswith("Row  24 ") for line in said)  # map grid: the map, a row of characters a line
    # map: read aloud, runs of ground by name, each figure where it stands, quiet rows said together.
    assert "Row 12: low objects G12 to H12, W12 to X12; difficult L12 to M12; solid O12 to P12." in said
    assert "Rows 16 to 20: clear." in said and not any("`" in line for line in said)
    # look with nothing named looks at the figure acting, and says so; every landmark has its distance.
    acting = [line for line in said if line.startswith("hoth-trooper-1: Hoth Trooper, rebel, at ")]
    assert acting and all("acting now" in line for line in acting)
    doors = [line for line in said if line.startswith("Door between ")]
    assert len(doors) == 18 and all(" from hoth-trooper-1" in line for line in doors)
    assert "Door between L3 and M3: closed, sealed off from hoth-trooper-1 by walls and closed doors." in doors
    # `moves` lists the squares nearest an enemy first, each with its number in the menu.
    heading = said.index("Nearest an enemy first:")
    first = said[heading + 1]
    assert re.match(r"^\d+\. move hoth-trooper-1 .*: to [A-Z]+\d+, \d+ squares", first)
    assert printable(said)


def test_ending_an_action_round_with_units_able_to_act_asks_again_first(tmp_path):
    def script(p):
        yield "auto"
        yield "luke speeder-2"
        yield "auto"
        while p.game.pending.player != "rebel" or p.game.pending.kind != "act":
            yield "done" if p.game.pending.kind == "act" else "1"
        p.entries = len(p.game.record.entries)
        yield "done"
        p.after_one = len(p.game.record.entries)
        yield "done"
    plain, said = play(tmp_path, "assault-on-hoth", script)
    assert any(line.startswith("Careful: ") and "may still act this round" in line for line in said)
    assert plain.after_one == plain.entries  # the first "done" only warned
    assert plain.game.record.entries[plain.entries].action == "done"


def test_hot_seat_never_tells_the_imperial_player_where_luke_is(tmp_path):
    def script(p):
        yield "auto"
        yield "luke speeder-2"
        p.told_rebel = "\n".join(p.words.status(p.game, p.viewer))  # the Rebels set up next
        yield "auto"
        while p.game.pending.player != "imperial" or p.game.pending.kind != "act":
            yield "done" if p.game.pending.kind == "act" else "1"
        yield from ("status", "units", "look speeder-2", "near speeder-2", "choices")
    plain, said = play(tmp_path, "assault-on-hoth", script)
    assert "Luke flies speeder-2" in plain.told_rebel
    # The choice itself is never said back: the Imperial player may read what was said before.
    assert "Rebel: a secret choice, made" in said and "Rebel: luke speeder-2" not in said
    imperial_part = "\n".join(said[len(said) - said[::-1].index("Hand over: the Imperial player decides now."):])
    assert "Status: " in imperial_part and "speeder-2: Snowspeeder, rebel, at " in imperial_part
    assert "Luke flies" not in imperial_part and "Luke: his Snowspeeder is a secret" in imperial_part


def test_the_computer_decides_in_plain_mode_and_says_why(tmp_path):
    ticks = iter(range(10**9))

    def script(p):
        yield "auto"
        yield "first rebel"
    plain, said = play(tmp_path, "salvage", script, players={"rebel": PERSON, "imperial": "ai:normal"},
                       clock=lambda: next(ticks) * 0.01)
    # Each computer decision is said once: its event marked as the computer's (with its reason's why).
    assert "imperial (computer): elite-snowtrooper sets up on AA1" in said
    assert "elite-snowtrooper sets up on AA1" not in said
    assert [e.action for e in plain.game.record.entries][:3] == ["place elite-snowtrooper aa1",
                                                                  "place snowtrooper-1 aa2", "place snowtrooper-2 ab1"]
    assert "You play the Rebel side against the computer." in said


def test_moves_names_each_destinations_shots_with_their_chances_and_how_many_enemies_could_attack_it_there(tmp_path):
    """`moves UNIT` in the middle of a battle: each destination says the attacks the figure would have from
    there, with the chance to hit (`no shot` where there is none), and `seen by N`, the enemies that could
    attack it there next, as the game works them out."""
    from hothsim.ai import player_named
    from hothsim.match import decide_within
    from hothsim.skirmish.actions import Move

    game = open_game("quick-start", seed=2)
    for n in range(300):
        moves = [a for a in game.legal_actions() if type(a) is Move]
        if moves and any(game.outlook(m).shots for m in moves) and any(not game.outlook(m).shots for m in moves):
            break
        game.apply(decide_within(player_named("expert"), game, n, None)[0].action)
    figure = moves[0].figure
    from hothsim.session import Session

    session = Session.resume(game.record, tmp_path / "game.hothsim")  # hot-seat, where the game stands
    typed = iter([f"moves {figure}"])
    said: list[str] = []
    PlainPlay(session, lambda prompt: next(typed, None), said.append).run()
    listed = [line for line in said if re.match(rf"^\d+\. move {figure} ", line)]
    assert len(listed) >= 2
    for line in listed:
        m = re.match(rf"^\d+\. (move {figure} [^:]+): to [A-Z]+\d+, \d+ squares?(, attacks of opportunity from "
                     r"[^;]+)?; (shots: (.+)|no shot); seen by (\d+)$", line)
        assert m, line
        look = game.outlook(game.parse_action(m.group(1)))
        assert m.group(3) == ("shots: " + ", ".join(f"{t} {c}%" for t, c in look.shots) if look.shots else "no shot")
        assert int(m.group(5)) == len(look.threats)
    assert any("shots: " in line for line in listed) and any("no shot" in line for line in listed)


def test_a_move_to_a_square_out_of_reach_says_it_is_too_far_not_that_a_step_is_not_allowed(tmp_path):
    def script(p):
        yield from ("auto", "auto", "first rebel", "activate hoth-trooper-1", "move hoth-trooper-1 z1", "why")
    plain, said = play(tmp_path, "salvage", script)
    refused = next(line for line in said if line.startswith("Refused: "))
    why = plain.game.move_refusal((25, 0))
    assert why is not None and refused == f"Refused: {why.message}. Nothing changed; type choices to hear them again."
    assert "takes a step that is not allowed" not in refused
    assert f"Refused: {why.message} (rule: {why.rule})." in said  # `why` gives the rule
    assert why.message.startswith("Z1 is too far: ") and "hoth-trooper-1 may move" in why.message


def test_a_hint_asked_twice_in_the_same_position_gives_the_same_answer_however_fast_the_clock(tmp_path):
    """A hint's search takes a set number of steps, not a time: two sessions whose clocks run ten times
    apart (each reading a thousandth, or a hundredth, of a second later) hint alike, and asking again in
    the same position gives the same hint at once (no clock read)."""
    hints = []
    for tick in (0.001, 0.01):
        reads: list[int] = [0, 0, 0]

        def clock(tick=tick, reads=reads) -> float:
            reads[0] += 1
            return reads[0] * tick

        def script(p, reads=reads):
            yield from ("auto", "auto", "first rebel", "activate hoth-trooper-1", "hint")
            reads[1] = reads[0]
            yield "hint"
            reads[2] = reads[0]
        plain, said = play(tmp_path / str(tick), "salvage", script, clock=clock)
        given = [line for line in said if line.startswith("Hint: ")]
        assert len(given) == 2 and given[0] == given[1]
        assert reads[1] > 100 and reads[2] == reads[1]  # the first searched; the second was remembered
        hints.append(given[0])
    assert hints[0] == hints[1] and "move hoth-trooper-1" in hints[0]

"""The screens against the computer: its decisions marked on the map (the path drawn, the target marked),
its thinking on the status line, and the person shown only their own side's secrets."""

from __future__ import annotations

import random

from hothsim.assault.actions import Walk
from hothsim.games import open_game
from hothsim.kernel.hexes import offset_of
from hothsim.session import new_session
from hothsim.skirmish.actions import Recruit, Ready, parse_action
from hothsim.tui.screen import UIState, draw
from hothsim.tui.screens import screen_for
from tests.test_tui import frame, started


def cells_showing(fr, cell) -> str:
    """The characters drawn where a click would mean `cell` (a square or a hex)."""
    return "".join(fr.chars[y][x] for y in range(fr.height) for x in range(fr.width)
                   if fr.target_at(x, y) == ("cell", cell))


def panel(fr) -> str:
    """The right-hand panel's words, its wrapped lines joined."""
    return " ".join(" ".join(line.rsplit("|", 1)[-1].split()) for line in fr.text().splitlines()[1:-2])


def attrs_of(fr, cell) -> set[str]:
    return {fr.attrs[y][x] for y in range(fr.height) for x in range(fr.width) if fr.target_at(x, y) == ("cell", cell)}


def test_the_computers_move_is_drawn_as_its_path_until_the_next_key(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper": "l12"})
    g.apply(parse_action("activate hoth-trooper"))
    move = parse_action("move hoth-trooper b2 c3 d3")
    path, target = screen_for(g).marks(g, move)
    assert path == {(1, 1), (2, 2), (3, 2)} and not target
    g.apply(move)
    shown = frame(g, UIState(cursor=(3, 2), shown_path=path), 120, 40)  # the cursor on it: no route of its own
    # A square's glyph is the first cell of its clickable block (the rest are its walls and corners).
    assert cells_showing(shown, (1, 1))[0] == "+" and cells_showing(shown, (2, 2))[0] == "+"
    assert cells_showing(shown, (3, 2))[0] == "H"  # where it stands now: the figure, not the path mark
    plain = frame(g, UIState(cursor=(3, 2)), 120, 40)
    assert cells_showing(plain, (1, 1))[0] != "+"


def test_the_computers_target_is_marked(tmp_path):
    g = started(tmp_path, {"hoth-trooper": "a1"}, {"snowtrooper": "c1"}, dice=(15, 3, 2))  # the attack misses
    g.apply(parse_action("activate hoth-trooper"))
    attack = parse_action("attack hoth-trooper snowtrooper")
    path, target = screen_for(g).marks(g, attack)
    assert target == {(2, 0)} and not path
    g.apply(attack)
    g.apply(g.legal_actions()[-1])  # whatever follows (a reroll question or the end of the turn)
    assert "target" in attrs_of(frame(g, UIState(cursor=(0, 0), shown_target=target), 120, 40), (2, 0))


def test_a_walkers_stride_is_drawn_hex_by_hex():
    g = open_game("assault-on-hoth", seed=3)
    rnd = random.Random(3)
    while not any(type(a) is Walk and a.steps.count("f") >= 2 for a in g.legal_actions()):
        g.apply(rnd.choice(g.legal_actions()))
    walk = next(a for a in g.legal_actions() if type(a) is Walk and a.steps.count("f") >= 2)
    path, _ = screen_for(g).marks(g, walk)
    assert len(path) == walk.steps.count("f")
    before = g.state.unit(walk.unit).hex
    g.apply(walk)
    fr = frame(g, UIState(cursor=offset_of(g.state.unit(walk.unit).hex), shown_path=path), 160, 50)
    # The hex screen names its cells by column and row.
    drawn = [offset_of(h) for h in path if h != g.state.unit(walk.unit).hex]
    assert drawn and all(cells_showing(fr, c).startswith("+") for c in drawn)
    assert before not in path


def test_the_status_line_says_the_computer_is_thinking():
    g = open_game("salvage", seed=1)
    fr = frame(g, UIState(thinking="IMPERIAL (computer) thinking 40%"), 100, 30)
    assert fr.text().splitlines()[0].rstrip().endswith("IMPERIAL (computer) thinking 40%")


def test_the_computers_secret_squad_stays_secret_while_it_builds():
    g = open_game("skirmish", seed=2)
    g.apply(Recruit("vader"))
    seen_by_rebel = panel(frame(g, UIState(viewer="rebel"), 100, 30))
    assert "The imperial squad is being built in secret" in seen_by_rebel and "Darth Vader" not in seen_by_rebel
    hot_seat = panel(frame(g, UIState(), 100, 30))  # hot-seat: the builder's own screen, after the hand-over
    assert "Darth Vader" in hot_seat
    g.apply(Ready())
    assert "being built in secret" not in panel(frame(g, UIState(viewer="rebel"), 100, 30))


def test_the_computer_never_names_lukes_snowspeeder_while_it_is_a_secret():
    session = new_session(open_game("assault-on-hoth", seed=5), None, {"rebel": "ai:easy", "imperial": "person"})
    rnd = random.Random(5)
    while not session.game.state.luke:
        if session.computer() is None:
            session.apply(rnd.choice(session.game.legal_actions()))
        else:
            t = session.thinking()
            while t.step():
                pass
            session.apply_choice(t.choice())
    luke = session.game.state.luke
    assert "rebel (computer): Luke is assigned to a Snowspeeder (secret)" in session.log
    assert not any(luke in line and "Luke" in line for line in session.log)
    shown = draw(screen_for(session.game), session.game, UIState(size=(160, 50), viewer="imperial"), 160, 50)
    where = session.game.state.unit(luke).hex
    assert where is None or "@" not in cells_showing(shown, offset_of(where))


def _luke_assignment():
    """Assault on Hoth at the Rebel player's secret assignment of Luke (set-up done by rule of thumb)."""
    g = open_game("assault-on-hoth", seed=3)
    rnd = random.Random(3)
    while g.pending.kind != "luke":
        g.apply(rnd.choice(g.legal_actions()))
    return g


def test_hot_seat_hides_lukes_assignment_behind_a_hand_over_and_against_the_computer_nothing_does():
    from hothsim.tui.screen import after_decision, handover_for

    g = _luke_assignment()
    screen = screen_for(g)
    before = g.pending  # the notice is asked for as the assignment becomes the pending decision
    hot_seat = after_decision(screen, g, UIState(size=(100, 30)), before)
    assert "the Imperial player looks away" in hot_seat.handover
    alone = after_decision(screen, g, UIState(size=(100, 30), viewer="rebel", handovers=False), before)
    assert alone.handover == "" and handover_for(screen, g, alone, None) == ""


# ---------------------------------------------------------------------- the hint (H)

def test_a_hint_opens_the_menu_on_its_row_and_marks_its_target(tmp_path):
    from hothsim.skirmish.actions import Attack
    from hothsim.tui.screen import press, show_hint
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "h3"}, [15, 3])
    for line in ("first rebel", "activate hoth-trooper"):
        g.apply(parse_action(line))
    screen = screen_for(g)
    ui = screen.start(g, UIState(size=(100, 30)))
    attack = Attack("hoth-trooper", "snowtrooper")
    shown = show_hint(screen, g, ui, attack, "hoth-trooper attacks snowtrooper: 60% to hit")
    assert shown.menu is not None and shown.menu.chosen == attack
    assert shown.message == "hint: hoth-trooper attacks snowtrooper: 60% to hit (Enter takes it, Esc leaves it)"
    assert shown.shown_target == screen.marks(g, attack)[1] and shown.shown_target
    _, chosen, _ = press(screen, g, shown, "\n")
    assert chosen == attack  # Enter takes the hinted row; nothing was applied before
    assert g.state.turn is not None and not g.state.turn.attacked


def test_a_hinted_move_is_marked_on_the_map_where_enter_takes_it(tmp_path):
    from hothsim.skirmish.actions import Move
    from hothsim.tui.screen import show_hint
    from tests.arena import arena

    g = arena(tmp_path, {"hoth-trooper": "c3"}, {"snowtrooper": "h3"}, [15, 3])
    for line in ("first rebel", "activate hoth-trooper"):
        g.apply(parse_action(line))
    screen = screen_for(g)
    move = next(a for a in g.legal_actions() if type(a) is Move)
    shown = show_hint(screen, g, screen.start(g, UIState(size=(100, 30))), move, "hoth-trooper moves")
    assert shown.menu is None and shown.shown_path == screen.marks(g, move)[0] and shown.shown_path
    assert shown.message == "hint: hoth-trooper moves (Enter on the marked place takes it)"


def test_the_session_hints_for_the_person_deciding_and_applies_nothing():
    session = new_session(open_game("salvage", seed=4), None, {"rebel": "person", "imperial": "person"})
    while session.game.pending.kind != "turn":
        session.apply(session.game.legal_actions()[0])
    entries = len(session.game.record.entries)
    t = session.hint()
    for _ in range(30):
        if not t.step():
            break
    assert session.game.is_legal(t.choice().action)
    assert len(session.game.record.entries) == entries

"""Play at two machines against an opponent who lies (issue 72, docs/remote-play.md): small programs that
speak the protocol and try every attack on the players' trust, as either side, by mail and over a
connection, and strangers at the host's door.  Each attack is refused with nothing lost; the real game
goes on.  Everything listens and connects on 127.0.0.1, with bounded loops and time-outs."""

from __future__ import annotations

import queue
import re
import secrets
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hothsim.ai import derive_seed, player_named
from hothsim.cli import main
from hothsim.games import load_game, open_game
from hothsim.hosting import RemoteUsage, Seat, _decide, host, join, new_private, open_described, restore
from hothsim.kernel.record import parse_record
from hothsim.match import decide_within
from hothsim.remote import door
from hothsim.remote.chain import HashChain
from hothsim.remote.dice import SharedDice
from hothsim.remote.identity import Identity
from hothsim.remote.link import AT_THE_DOOR, Link, connect, enter
from hothsim.remote.messages import Message, RemoteError, line_hash
from hothsim.remote.peer import Peer
from hothsim.remote_session import RemoteSession
from hothsim.saves import read_remote, remote_paths
from tests.test_remote import IDS, KEY, MEETING, a_lost_line, age, at_luke, by_mail, forged, hello_line, mail_key, opener, pair, run_cli, \
    step

# ---------------------------------------------------------------- every line belongs to its sender


def test_a_line_in_the_receivers_own_name_is_refused_even_when_its_signature_is_good():
    """The opponent writes the receiver's decision: whatever key signs it (the opponent's own, a key it made,
    or the receiver's, which it cannot have but is tried here), the line is refused as this side's own."""
    host, guest = pair()  # the host plays the Rebels; the Empire (the guest) sets up first
    notation = guest.game.legal_actions()[0].notation()
    for identity in (IDS["imperial"], Identity(b"z" * 32), IDS["rebel"]):
        line = Message(3, line_hash(guest.lines[-1]), "imperial", "action", notation).signed(identity)
        with pytest.raises(RemoteError) as e:
            guest.receive(line)
        assert e.value.reason == "own-side" and "this copy never sent it" in str(e.value)
        assert len(guest.lines) == 2
    # A line of its own that it holds, sent back byte for byte, changes nothing.
    assert guest.receive(guest.lines[1]) == [] and len(guest.lines) == 2


def test_a_line_in_the_senders_name_signed_by_another_key_is_refused_as_forged():
    host, guest = pair()
    notation = guest.game.legal_actions()[0].notation()
    with pytest.raises(RemoteError) as e:  # the Rebel copy is told an Imperial decision it never made
        host.receive(forged(host, "action", notation, "imperial", identity=Identity(b"m" * 32)))
    assert e.value.reason == "forged" and len(host.lines) == 2


def test_a_hello_without_the_invitation_or_announcing_the_receivers_own_key_is_refused():
    host = Peer("rebel", KEY, HashChain(b"r" * 32, 64), "rebel", game=open_game("salvage", dice=SharedDice()),
                identity=IDS["rebel"])
    hello = host.hello()
    body = hello.split(" ", 4)[4].rsplit(" ", 1)[0].rpartition(" proof=")[0]
    guest = Peer(None, KEY, HashChain(b"i" * 32, 64), None, opener=opener, identity=IDS["imperial"])
    with pytest.raises(RemoteError) as e:  # made by someone without the invitation's key
        guest.receive(hello_line(body, "rebel", IDS["rebel"], key=b"k" * 16))
    assert e.value.reason == "forged" and "not made with this game's invitation" in str(e.value)
    mine = body.replace(IDS["rebel"].public, IDS["imperial"].public)
    with pytest.raises(RemoteError) as e:  # the guest's own key announced as the host's
        guest.receive(hello_line(mine, "rebel", IDS["imperial"]))
    assert e.value.reason == "bad-value" and guest.host is None
    guest.receive(hello)  # the real one still opens the game
    assert guest.side == "imperial" and guest.keys["rebel"] == IDS["rebel"].public


def test_sync_lines_are_checked_for_their_sender_their_key_and_their_meeting():
    host, guest = pair()
    mine = Message(0, line_hash(host.lines[-1]), "rebel", "sync", f"count=9 claimed=0 session={MEETING}")
    with pytest.raises(RemoteError) as e:  # in the receiver's own name
        host.read_sync(mine.signed(Identity(b"z" * 32)), MEETING)
    assert e.value.reason == "own-side"
    theirs = Message(0, line_hash(host.lines[-1]), "imperial", "sync", f"count=9 claimed=0 session={MEETING}")
    with pytest.raises(RemoteError) as e:  # in the opponent's name, by another key
        host.read_sync(theirs.signed(Identity(b"z" * 32)), MEETING)
    assert e.value.reason == "forged"
    with pytest.raises(RemoteError) as e:  # a genuine sync of another meeting, sent again
        host.read_sync(guest.sync("an-earlier-meeting"), MEETING)
    assert e.value.reason == "replayed"


def test_an_inflated_sync_brings_nothing_but_lines_the_opponent_may_write():
    """The opponent says its copy holds 40 lines; what it then sends in the host's name is refused, and the
    host's copy is as it was."""
    host, guest = pair()
    inflated = Message(0, "1" * 64, "imperial", "sync", f"count=40 claimed=0 session={MEETING}").signed(IDS["imperial"])
    sent, target = host.plan(host.read_sync(inflated, MEETING))
    assert sent == [] and target == 40 and host.behind(target)
    for kind, body in (("action", host.game.legal_actions()[0].notation()), ("claim", "the imperial side left")):
        with pytest.raises(RemoteError) as e:
            host.receive(Message(3, line_hash(host.lines[-1]), "rebel", kind, body).signed(IDS["imperial"]))
        assert e.value.reason == "own-side"
    assert len(host.lines) == 2 and host.claim is None


# ---------------------------------------------------------------- by mail


def mail_game(tmp_path: Path, capsys) -> tuple[Path, Path, str]:
    """A salvage game by mail, the Rebels hosting: the Empire has joined and set up, its turn written."""
    h, g = tmp_path / "h.hothsim", tmp_path / "g.hothsim"
    out = by_mail(["host", "salvage", "--side", "rebel", "--by-mail", "--player", "expert", "--save", str(h)], capsys)
    key = mail_key(out, tmp_path)
    by_mail(["join", "--by-mail", f"{h}.turn", "--key-file", key, "--player", "expert", "--save", str(g)], capsys)
    return h, g, key


def test_a_turn_by_mail_carrying_decisions_in_the_receivers_name_is_refused_and_nothing_changes(tmp_path, capsys):
    """The Empire's turn also places the Rebels (the stock `turn` once took them as the Rebel player's own):
    signed by the Empire's key or by a key it made, in the Rebel's name, they are refused; the Rebel's save
    is unchanged, and the honest turn still plays."""
    h, g, _ = mail_game(tmp_path, capsys)
    empire = restore(g)[1]
    rebel = restore(h)[1]
    honest = Path(f"{g}.turn").read_text().strip().splitlines()
    lines = list(empire.lines)
    assert empire.expected() == ("rebel", "action")  # the Rebels' placements are due
    before = {p: p.read_bytes() for p in (h, Path(f"{h}-remote"))}
    for identity in (empire.identity, Identity.fresh()):
        forged_lines = list(lines)
        game = empire.game.clone()
        for _ in range(2):  # placements roll no dice
            action = game.legal_actions()[0]
            game.apply(action)
            message = Message(len(forged_lines) + 1, line_hash(forged_lines[-1]), "rebel", "action", action.notation())
            forged_lines.append(message.signed(identity))
        turn = tmp_path / "evil.turn"
        turn.write_text("\n".join([honest[0], honest[1], *forged_lines[len(rebel.lines):], honest[-1]]) + "\n")
        code, err = run_cli(["turn", str(h), str(turn), "--player", "expert"], capsys)
        assert code == 2 and "written in this side's (rebel) name, and this copy never sent it" in err
        assert {p: p.read_bytes() for p in before} == before
    said = by_mail(["turn", str(h), f"{g}.turn", "--player", "expert"], capsys)  # the real turn plays
    assert "Send " in said and len(restore(h)[1].lines) > len(rebel.lines)


def test_a_claim_by_mail_needs_the_whole_wait_and_a_turn_of_only_a_sync_line_leaves_it_standing(tmp_path, capsys):
    h, g, _ = mail_game(tmp_path, capsys)
    by_mail(["turn", str(h), f"{g}.turn", "--player", "expert"], capsys)  # the Rebels set up and send
    old_turn = (tmp_path / "old.turn")
    old_turn.write_text(Path(f"{g}.turn").read_text())  # the Empire's earlier turn, kept to send again
    code, err = run_cli(["claim", str(h)], capsys)  # the side that has just moved cannot claim at once
    assert code == 2 and "a claim needs the game's whole wait, 86400 seconds, to have passed" in err
    age(h, 86400 + 5)
    said = by_mail(["claim", str(h)], capsys)
    assert "game over: the rebel side claims the game (the imperial side sent nothing for" in said
    assert "-----BEGIN HOTHSIM TURN-----" in said and "hothsim turn THEIR-SAVE h.hothsim.turn" in said
    only_sync = tmp_path / "sync.turn"
    lines = Path(f"{g}.turn").read_text().splitlines()
    only_sync.write_text("\n".join([lines[0], lines[1], lines[-1]]) + "\n")  # the Empire's sync, nothing more
    for turn in (only_sync, old_turn):  # neither a sync line alone nor an old turn removes the claim
        by_mail(["turn", str(h), str(turn), "--player", "expert"], capsys)
        assert restore(h)[1].claim is not None
    shown = by_mail(["turn", str(g), f"{h}.turn", "--player", "expert"], capsys)  # the Empire reads the claim
    assert "game over: the rebel side claims the game" in shown and restore(g)[1].claim is not None


def test_a_claim_by_mail_crossing_a_lost_turn_gives_way_to_the_real_line_on_both_sides(tmp_path, capsys):
    """The Empire answered, but its turn went astray; the Rebel player, after the whole wait, claims. When
    the lost turn turns up the claim is withdrawn, and the Empire, reading the claim after its own line,
    keeps its line: both copies go on the same."""
    h, g, _ = mail_game(tmp_path, capsys)
    by_mail(["turn", str(h), f"{g}.turn", "--player", "expert"], capsys)  # the Rebels set up and send
    by_mail(["turn", str(g), f"{h}.turn", "--player", "expert"], capsys)  # the Empire answers: lost in the mail
    lost = tmp_path / "lost.turn"
    lost.write_text(Path(f"{g}.turn").read_text())
    age(h, 86400 + 5)
    by_mail(["claim", str(h)], capsys)
    claim_turn = tmp_path / "claim.turn"
    claim_turn.write_text(Path(f"{h}.turn").read_text())
    by_mail(["turn", str(g), str(claim_turn), "--player", "expert"], capsys)  # the Empire reads the claim
    assert restore(g)[1].claim is None  # its own line stands where the claim would
    by_mail(["turn", str(h), str(lost), "--player", "expert"], capsys)  # the lost turn arrives at last
    rebel, empire = restore(h)[1], restore(g)[1]
    assert rebel.claim is None and empire.claim is None
    shared = min(len(rebel.lines), len(empire.lines))
    assert rebel.lines[:shared] == empire.lines[:shared] and shared > 8


# ---------------------------------------------------------------- the door


def hosted(tmp_path: Path, said: list[str], wait: float = 30.0) -> tuple[threading.Thread, list[str], str, str]:
    """`hothsim host salvage --side rebel` in a thread on 127.0.0.1: the thread, how it stopped (if it did),
    the address and the key."""
    announced: queue.Queue[str] = queue.Queue()
    stopped: list[str] = []

    def run() -> None:
        try:
            host("salvage", "rebel", tmp_path / "h.hothsim", "127.0.0.1", 0, {}, Seat("expert", None, said.append),
                 wait, announced.put)
        except RemoteUsage as e:
            stopped.append(str(e))
    t = threading.Thread(target=run)
    t.start()
    key = announced.get(timeout=30).split()[2]
    where = announced.get(timeout=30).split()[4]
    return t, stopped, where, key


def real_guest(tmp_path: Path, where: str, key: str) -> list[str]:
    said: list[str] = []
    join(where, lambda: key, tmp_path / "g.hothsim", Seat("expert", None, said.append), 30.0)
    return said


def stranger(where: str) -> socket.socket:
    address, _, port = where.rpartition(":")
    return socket.create_connection((address, int(port)), timeout=10)


def heard(sock: socket.socket, seconds: float = 10.0) -> bytes:
    """Everything the host sent a stranger until it closed the connection (at most `seconds`)."""
    sock.settimeout(seconds)
    data = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            chunk = sock.recv(4096)
        except ConnectionResetError:  # closed with what the stranger sent still unread
            break
        if not chunk:
            break
        data += chunk
    return data


def test_strangers_at_the_door_learn_nothing_cannot_stop_the_host_and_the_opponent_comes_in(tmp_path):
    """Without the key: the host's own challenge sent back, its nonce twice, a made-up answer, a line too
    long, bytes that are not text, silence then a close.  Each is sent a challenge and nothing more (no line
    of the game, nothing signed), and turned away; the host goes on waiting and plays the real guest."""
    host_said: list[str] = []
    t, stopped, where, key = hosted(tmp_path, host_said)
    attempts = []
    for attempt in ("echo", "nonce twice", "made up", "too long", "not text", "closes"):
        s = stranger(where)
        challenge = s.recv(200).decode("ascii").strip()
        m = re.fullmatch(rf"hothsim-door {door.VERSION} ([0-9a-f]{{64}})", challenge)
        assert m, challenge
        nonce = m.group(1)
        payload = {"echo": challenge.encode() + b"\n", "nonce twice": f"{nonce} {nonce}\n".encode(),
                   "made up": f"{secrets.token_hex(32)} {secrets.token_hex(32)}\n".encode(),
                   "too long": b"a" * 5000, "not text": b"\xff\xfe\x00\n", "closes": b""}[attempt]
        if payload:
            s.sendall(payload)
        else:
            s.shutdown(socket.SHUT_WR)
        attempts.append((attempt, s))
    for attempt, s in attempts:
        assert heard(s) == b"", attempt  # after the challenge: nothing, then the door closes
        s.close()
    guest_said = real_guest(tmp_path, where, key)
    t.join(120)
    assert not t.is_alive() and not stopped
    assert guest_said[-2] == host_said[-2] and host_said[-2].startswith("game over: ")
    turned = [line for line in host_said if line.startswith("turned away a connection")]
    assert len(turned) == len(attempts)
    assert (tmp_path / "h.hothsim").read_text() == (tmp_path / "g.hothsim").read_text()


def test_a_crowd_of_idle_connections_never_keeps_the_opponent_out(tmp_path):
    """More idle connections than the door holds at once, opened before the guest: it comes in all the
    same, and the game is played to the end."""
    host_said: list[str] = []
    t, stopped, where, key = hosted(tmp_path, host_said)
    crowd = [stranger(where) for _ in range(AT_THE_DOOR + 10)]
    try:
        guest_said = real_guest(tmp_path, where, key)
    finally:
        for s in crowd:
            s.close()
    t.join(120)
    assert not t.is_alive() and not stopped
    assert guest_said[-2] == host_said[-2] and host_said[-2].startswith("game over: ")
    assert any("too many connections at once" in line for line in host_said)  # the oldest made room


def test_a_guest_with_another_key_is_turned_away_and_is_told_so(tmp_path):
    host_said: list[str] = []
    t, stopped, where, key = hosted(tmp_path, host_said)
    with pytest.raises(RemoteUsage, match="the invitation's key is not this game's"):
        join(where, lambda: "0" * 32, tmp_path / "x.hothsim", Seat("expert", None, print), 10.0)
    guest_said = real_guest(tmp_path, where, key)
    t.join(120)
    assert not stopped and guest_said[-2] == host_said[-2]


def test_a_fake_host_without_the_key_is_found_out_by_the_guest():
    """Someone listening in the host's place, who answers the challenge with a made-up proof."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]

    def fake() -> None:
        sock, _ = server.accept()
        with sock:
            sock.sendall((door.challenge(door.nonce()) + "\n").encode())
            sock.recv(300)
            sock.sendall((secrets.token_hex(32) + "\n").encode())
            sock.recv(100)
    t = threading.Thread(target=fake)
    t.start()
    link = connect("127.0.0.1", port)
    with pytest.raises(RemoteError) as e:
        enter(link, bytes(16))
    assert e.value.reason == "forged"
    link.close()
    t.join(10)
    server.close()


def test_the_opponent_passing_the_door_cannot_write_the_hosts_lines(tmp_path):
    """A guest program with the key says its copy holds more than it does, then sends a line in the host's
    name: the host refuses it and stores nothing of it."""
    host_said: list[str] = []
    t, stopped, where, key = hosted(tmp_path, host_said)
    address, _, port = where.rpartition(":")
    link = connect(address, int(port))
    meeting = enter(link, bytes.fromhex(key))
    theirs = link.receive(10)
    assert theirs.startswith("0 ") and " rebel sync count=1 " in theirs
    me = Identity.fresh()
    link.send(Message(0, "2" * 64, "imperial", "sync", f"count=5 claimed=0 session={meeting}").signed(me))
    # Told the guest holds more, the host sends nothing and waits for the lines it lacks: the guest sends
    # one in the host's own name.
    link.send(Message(2, line_hash(theirs), "rebel", "action", "place elite-hoth-trooper d1").signed(me))
    t.join(60)
    link.close()
    assert not t.is_alive()
    assert "written in this side's (rebel) name, and this copy never sent it" in stopped[0]
    assert len(read_remote(tmp_path / "h.hothsim")[1]) == 1  # its hello, and nothing of the guest's


# ---------------------------------------------------------------- the guest keeps the rules of remote play


def host_hello(options: dict[str, str], scenario: str = "assault-on-hoth") -> str:
    game = open_game(scenario, dice=SharedDice(), options=options)
    return Peer("rebel", KEY, HashChain(b"r" * 32, 64), "rebel", game=game, identity=IDS["rebel"]).hello()


def test_a_hello_without_rolled_draws_is_refused_with_the_reason():
    guest = Peer(None, KEY, HashChain(b"i" * 32, 64), None, opener=open_described, identity=IDS["imperial"])
    for options in ({}, {"draws": "deck"}):
        with pytest.raises(RemoteError) as e:
            guest.receive(host_hello(options))
        assert e.value.reason == "rules-of-remote-play" and "draws=rolled" in str(e.value)
        assert guest.game is None and guest.host is None
    guest.receive(host_hello({"draws": "rolled"}))
    assert "draws=rolled" in guest.game.record.header.options.split()


def test_a_hello_naming_a_scenario_that_is_not_listed_is_refused():
    line = host_hello({}, "salvage")
    body = line.split(" ", 4)[4].rsplit(" ", 1)[0].rpartition(" proof=")[0]
    guest = Peer(None, KEY, HashChain(b"i" * 32, 64), None, opener=open_described, identity=IDS["imperial"])
    for scenario in ("../../scenarios/salvage", "my-own"):
        with pytest.raises(RemoteError) as e:
            guest.receive(hello_line(body.replace("scenario=salvage", f"scenario={scenario}"), "rebel", IDS["rebel"]))
        assert "is not one of hothsim list's" in str(e.value) and guest.game is None


# ---------------------------------------------------------------- computer players keep secrets


def test_the_opponent_cannot_work_out_a_computer_players_secret_by_running_the_same_player():
    """Luke's Snowspeeder, chosen by the Rebel side's expert with its private file's randomness over 24 new
    invitations: the Empire, running the same player on all it sees (the position, the counts, the old
    public seed), or simply guessing the speeder chosen most often, does no better than chance would; the
    same for the first character of a secret squad."""
    host, _ = at_luke()
    expert = player_named("expert")
    public_seed = derive_seed(len(host.game.record.entries), "rebel", "remote", len(host.lines))
    predicted = decide_within(expert, host.game, public_seed, None)[0].action.notation()
    choices = []
    for _ in range(24):
        session = RemoteSession.over(host, None, None, None, "expert", 0.1, 10.0, randomness=secrets.token_hex(32))
        choices.append(_decide(session, expert, None).notation())
    by_rerun = sum(c == predicted for c in choices)
    modal = max(set(choices), key=choices.count)
    assert len(set(choices)) >= 3  # the choice turns on the randomness, not on anything public
    # With 5 Snowspeeders a blind guess is right about 1 time in 5; the expert's choices lean to some, so the
    # bound allows for it: 16 of 24 would be far beyond chance (and the old public seed was right every time).
    assert by_rerun <= 15 and choices.count(modal) <= 15
    # The first character of the Empire's secret squad, likewise.
    rebels, empire = pair("skirmish", length=4096)
    public_seed = derive_seed(len(empire.game.record.entries), "imperial", "remote", len(empire.lines))
    predicted = decide_within(expert, empire.game, public_seed, None)[0].action.notation()
    recruits = [_decide(RemoteSession.over(empire, None, None, None, "expert", 0.1, 10.0,
                                           randomness=secrets.token_hex(32)), expert, None).notation()
                for _ in range(24)]
    assert len(set(recruits)) >= 3 and sum(r == predicted for r in recruits) <= 15
    same = RemoteSession.over(host, None, None, None, "expert", 0.1, 10.0, randomness="ab" * 32)
    again = RemoteSession.over(host, None, None, None, "expert", 0.1, 10.0, randomness="ab" * 32)
    assert _decide(same, expert, None) == _decide(again, expert, None)  # kept for resuming: the same choice


# ---------------------------------------------------------------- claims and leaving at a roll


def test_a_side_that_leaves_when_its_value_is_due_at_a_roll_is_named_in_the_claim():
    from tests.test_remote import attack_sent

    me, them, line, _ = attack_sent()  # `me` attacked; `them` reveals its value first
    value, _ = them.respond()
    me.receive(value)  # the attacker now knows the roll, and leaves instead of revealing its value
    claim = them.claim_line(900)
    assert f"the {me.side} side sent nothing for 900 seconds, leaving at the roll of attack " in claim
    assert "(it could already work out the roll)" in claim
    assert them.claim is not None and them.claim[0] == them.side and them.claim[1] in claim


def test_a_claim_is_refused_while_this_side_owes_the_line_or_the_game_is_over():
    host, guest = pair()
    deciding = host if host.deciding else guest
    with pytest.raises(RemoteError) as e:
        deciding.claim_line(10_000)
    assert e.value.reason == "no-claim"


# ---------------------------------------------------------------- files: a kill between them, seals


def test_a_host_killed_between_its_private_file_and_its_conversation_is_taken_up_by_the_same_command(tmp_path,
                                                                                                     capsys):
    save = tmp_path / "h.hothsim"
    peer = Peer("rebel", KEY, HashChain.fresh(), "rebel", game=open_game("salvage", dice=SharedDice()))
    _, private = new_private(save, peer, KEY.hex(), "127.0.0.1:1", 600.0, "host")  # then the kill
    assert not remote_paths(save)[0].exists()
    code, err = run_cli(["host", "salvage", "--side", "rebel", "--player", "expert", "--address", "127.0.0.1",
                         "--save", str(save), "--wait", "0.3"], capsys)
    assert code == 2 and "nobody joined within 0.3 seconds" in err
    kept, lines = read_remote(save)
    assert kept == private and len(lines) == 1
    assert f"chain={HashChain(bytes.fromhex(private.chain), private.length).head.hex()}" in lines[0]
    assert f"sign={peer.identity.public}" in lines[0]


def test_a_guest_killed_between_its_private_file_and_its_conversation_is_taken_up_by_the_same_command(tmp_path):
    host_said: list[str] = []
    t, stopped, where, key = hosted(tmp_path, host_said)
    save = tmp_path / "g.hothsim"
    import hothsim.hosting as hosting

    real = hosting.new_private

    def written_then_killed(*args: Any, **kwargs: Any) -> Any:
        real(*args, **kwargs)
        raise KeyboardInterrupt  # the guest's machine goes down once its private file is written
    hosting.new_private = written_then_killed
    try:
        with pytest.raises(KeyboardInterrupt):
            join(where, lambda: key, save, Seat("expert", None, print), 30.0)
    finally:
        hosting.new_private = real
    assert remote_paths(save)[1].exists() and len(read_remote(save)[1]) == 1  # the host's hello, not its own
    private = read_remote(save)[0]
    guest_said = real_guest(tmp_path, where, "never asked")  # the same command: the key from the private file
    t.join(120)
    assert not stopped and guest_said[-2] == host_said[-2] and host_said[-2].startswith("game over")
    assert read_remote(save)[0] == private  # the chain and key it had committed to before the kill


def test_a_finished_record_carries_both_sides_seals_which_validate_checks(tmp_path, capsys):
    host_said: list[str] = []
    t, stopped, where, key = hosted(tmp_path, host_said)
    real_guest(tmp_path, where, key)
    t.join(120)
    text = (tmp_path / "g.hothsim").read_text()
    assert text == (tmp_path / "h.hothsim").read_text()
    seals = [line for line in text.splitlines() if line.startswith("sealed ")]
    assert [s.split()[1] for s in seals] == ["rebel", "imperial"]
    assert seals[0].split()[2] == restore(tmp_path / "h.hothsim")[1].identity.public
    assert load_game(text).is_over and len(parse_record(text).seals) == 2
    code = main(["validate", str(tmp_path / "g.hothsim")])
    out = capsys.readouterr().out
    assert code == 0 and "sealed by the rebel side (key " in out and "and the imperial side (key " in out
    bent = tmp_path / "bent.hothsim"
    flip = "0" if seals[1][-1] != "0" else "1"
    bent.write_text(text.replace(seals[1], seals[1][:-1] + flip))
    code, err = run_cli(["validate", str(bent)], capsys)
    assert code == 2 and "the imperial side's seal is not a signature of this record" in err


# ---------------------------------------------------------------- reconnecting just works


def test_host_and_join_again_without_save_offer_the_broken_off_game_before_a_new_one(tmp_path, capsys, monkeypatch):
    """Run again without --save, `host` finds the game it broke off (same scenario and side) and takes it up
    (without a terminal to ask in, it says so); `--new` begins another; `join` finds its game by the host's
    address the same way."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    args = ["host", "salvage", "--side", "rebel", "--player", "expert", "--address", "127.0.0.1", "--wait", "0.3"]
    code, err = run_cli(args, capsys)
    first = re.search(r"the game is saved in (\S+\.hothsim):", err).group(1)
    code = main(args)
    captured = capsys.readouterr()
    assert f"A broken-off game of salvage (rebel, 0 decisions) is saved in {first}. Take it up? Yes" in captured.out
    assert f"Taking up the game saved in {first}." in captured.out and f"saved in {first}:" in captured.err
    main(args + ["--new"])
    captured = capsys.readouterr()
    assert "broken-off" not in captured.out and first not in captured.err
    # The guest's side: a game joined at this address, broken off, is offered to `join` without --save.
    guest_save = tmp_path / "data" / "hothsim" / "saves" / "g.hothsim"
    peer = Peer("imperial", KEY, HashChain.fresh(), "rebel", game=open_game("salvage", dice=SharedDice()))
    new_private(guest_save, peer, KEY.hex(), "127.0.0.1:9", 600.0, "guest")
    code, err = run_cli(["join", "127.0.0.1:9", "--player", "expert"], capsys)
    assert code == 2 and f"take it up with: hothsim join 127.0.0.1:9 --save {guest_save}" in err


def test_a_claim_crossing_a_lost_line_settles_the_same_on_both_sides_when_they_meet():
    """The line the waiting side claimed in place of was sent and kept, but lost on the way; the two meet
    over a connection: the real line is sent, the claim is withdrawn on arriving, and both copies go on
    the same (no "the two copies disagree")."""
    from hothsim.remote_session import meet

    sender, waiting, _ = a_lost_line(900)
    a, b = socket.socketpair()
    errors: list[BaseException] = []

    def run(peer: Peer, link: Link) -> None:
        try:
            meet(link, peer, MEETING, 10.0, None, None)
        except BaseException as e:  # noqa: BLE001 - reported to the test
            errors.append(e)
    threads = [threading.Thread(target=run, args=(sender, Link(a))), threading.Thread(target=run, args=(waiting, Link(b)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors and waiting.claim is None and sender.claim is None
    assert waiting.lines == sender.lines and waiting.expected() == sender.expected() is not None


def test_a_connection_that_dies_without_a_word_is_replaced_when_the_guest_comes_in_again(tmp_path):
    """The guest's machine hangs with its connection open (no close ever reaches the host); the guest's
    same command, run again, comes in through the door: the host drops the dead connection, meets the guest
    where the game was, and the game is played to the end."""
    host_said: list[str] = []
    t, stopped, where, key = hosted(tmp_path, host_said, wait=60.0)
    hang, release = threading.Event(), threading.Event()
    first: list[str] = []

    def hanging_say(text: str) -> None:
        first.append(text)
        if len(first) == 15:
            hang.set()
            release.wait(90)  # the machine hangs, its connection left open
            raise KeyboardInterrupt

    def first_guest() -> None:
        try:
            join(where, lambda: key, tmp_path / "g.hothsim", Seat("expert", None, hanging_say), 60.0)
        except KeyboardInterrupt:
            pass
    hung = threading.Thread(target=first_guest)
    hung.start()
    assert hang.wait(60)
    try:
        again = real_guest(tmp_path, where, "never asked")  # the same save: the key from its private file
    finally:
        release.set()
        hung.join(60)
    t.join(120)
    assert not t.is_alive() and not stopped
    assert "The other machine came in again on a new connection." in host_said
    assert again[-2] == host_said[-2] and host_said[-2].startswith("game over: ")
    assert (tmp_path / "h.hothsim").read_text() == (tmp_path / "g.hothsim").read_text()


# ---------------------------------------------------------------- lines changed at random


def _played() -> tuple[Peer, Peer, list[str]]:
    """A salvage game played 40 lines in: the two copies, and the lines each sent."""
    host, guest = pair()
    peers = {"rebel": host, "imperial": guest}
    for n in range(40):
        step(peers, n)
    return host, guest, list(host.lines)


PLAYED = _played()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=2, max_value=39), st.integers(min_value=0, max_value=10_000),
       st.sampled_from(["flip", "cut", "swap-sender", "resign", "renumber", "replay"]))
def test_a_line_changed_anyhow_is_refused_by_name_and_the_copy_is_unchanged(at, where, how):
    """Take a copy that holds the first `at` lines, and hand it, in place of line `at + 1`, that line
    changed: a character flipped, cut short, sent in the other side's name, signed again by the sender's
    own key with another number, or an older line sent again.  Unless the change left it the very line,
    it is refused with a RemoteError (never another exception) and the copy is as it was."""
    host, _, lines = PLAYED
    copy = Peer("rebel", KEY, host.chain, None, opener=opener, identity=IDS["rebel"])  # rebuilt as `restore` does
    for line in lines[:at]:
        copy.accept(line)
    before = (list(copy.lines), copy.game.record.to_text(), copy.claim)
    line = lines[at]
    fields = line.split(" ")
    if how == "flip":
        i = where % len(line)
        line = line[:i] + ("a" if line[i] != "a" else "b") + line[i + 1:]
    elif how == "cut":
        line = line[: where % len(line)]
    elif how == "swap-sender":
        fields[2] = "rebel" if fields[2] == "imperial" else "imperial"
        line = " ".join(fields)
    elif how == "resign":
        sender = fields[2]
        body = " ".join(fields[4:-1])
        line = Message(int(fields[0]) + 1 + where % 3, fields[1], sender, fields[3], body).signed(IDS[sender])
    elif how == "renumber":
        body = " ".join(fields[4:-1])
        line = Message(int(fields[0]), line_hash(lines[where % at]), fields[2], fields[3], body).signed(IDS[fields[2]])
    else:
        line = lines[where % at]
    if line == lines[at]:
        return
    try:
        copy.receive(line)
    except RemoteError:
        pass
    else:
        assert line in lines[:at], "a changed line was taken"
    assert (list(copy.lines), copy.game.record.to_text(), copy.claim) == before

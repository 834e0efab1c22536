"""Remote play (issue 29, docs/remote-play.md): the conversation, the dice both sides roll, a hostile peer,
and whole games between two copies over a socket pair."""

from __future__ import annotations

import hashlib
import math
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from hothsim.ai import derive_seed, player_named
from hothsim.games import load_game, open_game, transcript
from hothsim.hosting import Seat, new_private, open_described, open_hosted, play_remote
from hothsim.kernel.engine import IllegalAction
from hothsim.match import decide_within
from hothsim.remote.chain import ChainError, ChainView, HashChain, as_hex, roll_key
from hothsim.remote.dice import NeedRandomness, SharedDice
from hothsim.remote.identity import Identity, proof
from hothsim.remote.link import Link
from hothsim.remote.messages import GENESIS, MAX_LINE, Message, RemoteError, line_hash
from hothsim.remote.peer import HELLO_PURPOSE, PROTOCOL, Peer
from hothsim.saves import read_remote, remote_paths
from hothsim.skirmish.actions import Attack

KEY = bytes(range(16))
REBEL_SEED, IMPERIAL_SEED = b"r" * 32, b"i" * 32
REBEL_ID, IMPERIAL_ID = Identity(b"R" * 32), Identity(b"I" * 32)
IDS = {"rebel": REBEL_ID, "imperial": IMPERIAL_ID}
#: The meeting the sync lines of these tests name (a door makes one per connection in play).
MEETING = "test-meeting"


opener = open_described


def pair(scenario: str = "salvage", options: dict[str, str] | None = None, length: int = 64) -> tuple[Peer, Peer]:
    """A host (the Rebels) and a guest (the Empire) past their hellos, with fixed chains."""
    game = open_game(scenario, dice=SharedDice(), options=options)
    host = Peer("rebel", KEY, HashChain(REBEL_SEED, length), "rebel", game=game, opener=opener, identity=REBEL_ID)
    guest = Peer(None, KEY, HashChain(IMPERIAL_SEED, length), None, opener=opener, identity=IMPERIAL_ID)
    guest.receive(host.hello())
    host.receive(guest.hello())
    return host, guest


def step(peers: dict[str, Peer], n: int, player: str = "expert") -> str:
    """The next line of the game between two peers, sent by whoever the protocol says and accepted by the other."""
    host = peers["rebel"]
    side, kind = host.expected()
    me, them = peers[side], peers["imperial" if side == "rebel" else "rebel"]
    if kind in ("action", "commit"):
        choice, _ = decide_within(player_named(player), me.game, derive_seed(n), None)
        lines, _ = me.act(choice.action)
    else:
        lines = [me.respond()[0]]
    for line in lines:
        them.receive(line)
    return lines[-1]


def play_out(peers: dict[str, Peer], limit: int = 5000) -> list[str]:
    n = 0
    while peers["rebel"].expected() is not None and n < limit:
        step(peers, n)
        n += 1
    return peers["rebel"].lines


def to_attack(peers: dict[str, Peer]) -> Attack:
    """Play on until the side deciding may attack; that attack (not applied)."""
    for n in range(400):
        side, kind = peers["rebel"].expected()
        if kind == "action":
            attacks = [a for a in peers[side].game.legal_actions() if type(a) is Attack]
            if attacks:
                return attacks[0]
        step(peers, n)
    raise AssertionError("no attack came")


# ---------------------------------------------------------------- hash chains and commitments

def test_a_chain_reveals_its_values_in_order_each_checked_against_the_one_before():
    chain = HashChain(b"s" * 32, 8)
    view = ChainView(chain.head, 0, 8)
    for k in range(1, 9):
        view = view.accept(k, chain.value(k))
    assert view.index == 8 and view.last == chain.seed


def test_a_chain_value_that_was_not_committed_is_refused():
    chain = HashChain(b"s" * 32, 8)
    view = ChainView(chain.head, 0, 8)
    with pytest.raises(ChainError, match="does not hash to the value before it"):
        view.accept(1, HashChain(b"t" * 32, 8).value(1))
    with pytest.raises(ChainError, match="value 2 was revealed where value 1 was due"):
        view.accept(2, chain.value(2))


def test_the_dice_of_an_action_are_the_hash_of_both_values_and_the_action_line():
    # Independently of SharedDice: the first 64 bits of SHA-256(key || counter 0), taken below 20.
    key = roll_key(b"c" * 32, b"a" * 32, b"b" * 32)
    x = int.from_bytes(hashlib.sha256(key + (0).to_bytes(8, "big")).digest()[:8], "big")
    assert x < (1 << 64) - ((1 << 64) % 20)  # not rejected
    assert SharedDice().keyed(key).d20("test") == x % 20 + 1
    assert roll_key(b"c" * 32, b"a" * 32, b"b" * 32) != roll_key(b"c" * 32, b"a" * 32, b"x" * 32)


def test_without_both_values_the_dice_refuse_to_roll():
    with pytest.raises(NeedRandomness):
        SharedDice().d20("an attack")


def test_a_roll_with_one_result_is_no_chance_node_and_needs_no_values():
    dice = SharedDice()
    assert dice.draw(1, "the last card") == 0 and dice.fire(0, "no dice at all") == ()
    assert [r.token() for r in dice.log] == ["draw:0", "fire:-"]
    with pytest.raises(NeedRandomness):
        dice.draw(2, "one of two cards")


def test_the_key_picks_a_fire_rolls_result_among_the_chance_nodes_at_its_exact_probability():
    # Two fire dice: the chance node lists BB, SB, SS, VB, VS, VV (fewest Vader faces first), with 1, 2, 1,
    # 2, 2 and 1 ninths.  The key's first 64 bits, taken below 9, fall in those shares in that order.
    key = roll_key(b"c" * 32, b"a" * 32, b"b" * 32)
    x = int.from_bytes(hashlib.sha256(key + (0).to_bytes(8, "big")).digest()[:8], "big")
    assert x < (1 << 64) - ((1 << 64) % 9)  # not rejected
    shares = ["BB", "SB", "SB", "SS", "VB", "VB", "VS", "VS", "VV"]
    assert "".join(SharedDice().keyed(key).fire(2, "a fire")) == shares[x % 9]
    # Two d6 are one result of 36, the first die the slower.
    y = int.from_bytes(hashlib.sha256(key + (0).to_bytes(8, "big")).digest()[:8], "big")
    assert SharedDice().keyed(key).two_d6("damage") == (y % 36 // 6 + 1, y % 36 % 6 + 1)
    # Over many keys, each result comes up about as often as its probability says (1/9 or 2/9 of 9,000).
    counts: dict[str, int] = {}
    for n in range(9000):
        faces = "".join(SharedDice().keyed(n.to_bytes(4, "big")).fire(2, "a fire"))
        counts[faces] = counts.get(faces, 0) + 1
    expected = {"VV": 1000, "VS": 2000, "VB": 2000, "SS": 1000, "SB": 2000, "BB": 1000}
    assert all(abs(counts[k] - v) < 5 * math.sqrt(v) for k, v in expected.items()), counts


# ---------------------------------------------------------------- the conversation

def attack_sent() -> tuple[Peer, Peer, str, list]:
    """A salvage game played on to its first attack, sent by its side (`me`) and received by the other."""
    host, guest = pair()
    peers = {"rebel": host, "imperial": guest}
    attack = to_attack(peers)
    me = peers[host.expected()[0]]
    them = guest if me is host else host
    (line,), events = me.act(attack)
    them.receive(line)
    return me, them, line, events


def test_an_attack_waits_for_both_values_then_rolls_from_them():
    me, them, line, events = attack_sent()
    assert events == [] and me.waiting_for_values and them.waiting_for_values
    assert them.expected() == (them.side, "value")  # the side that did not act reveals first
    index = them.rolls + 1
    value_line, _ = them.respond()
    me.accept(value_line)
    last, events = me.respond()
    them.accept(last)
    assert not me.waiting_for_values and events
    values = {them.side: them.chain.value(index), me.side: me.chain.value(index)}
    number, _, sender, kind, body = line.rsplit(" ", 1)[0].split(" ", 4)
    context = hashlib.sha256()
    for part in (b"hothsim-action", number.encode(), sender.encode(), body.encode()):
        context.update(len(part).to_bytes(4, "big") + part)
    dice = SharedDice().keyed(roll_key(context.digest(), values["rebel"], values["imperial"]))
    assert me.game.record.entries[-1].outcomes[0].faces == (dice.d20("the same attack"),)
    assert me.game.record.to_text() == them.game.record.to_text()


def test_a_whole_salvage_game_gives_both_sides_the_same_record_which_replays():
    host, guest = pair()
    lines = play_out({"rebel": host, "imperial": guest})
    assert host.game.is_over and host.lines == guest.lines == lines
    text = host.game.record.to_text()
    assert text == guest.game.record.to_text()
    assert "dice: scripted" in text and "seed: 0" in text  # no seed anywhere: the rolls are in the entries
    replayed = load_game(text)
    assert replayed.winner == host.game.winner
    assert transcript(text) == transcript(guest.game.record.to_text())


def test_a_transcript_read_back_rebuilds_the_same_game():
    host, guest = pair()
    peers = {"rebel": host, "imperial": guest}
    for n in range(60):
        step(peers, n)
    again = Peer(None, KEY, HashChain(IMPERIAL_SEED, 64), None, opener=opener, identity=IMPERIAL_ID)
    for line in guest.lines:
        again.accept(line)
    assert again.side == "imperial" and again.game.record.to_text() == guest.game.record.to_text()
    assert again.expected() == guest.expected()


def test_a_break_at_every_line_of_a_game_is_mended_by_catching_up():
    """At every line of a whole game, the sender has saved a line the receiver never got: on reconnecting,
    the sync lines say who is behind and the missing line is sent again, and the game goes on as one."""
    host, guest = pair()
    peers = {"rebel": host, "imperial": guest}
    n = 0
    while host.expected() is not None:
        side, kind = host.expected()
        me, them = peers[side], peers["imperial" if side == "rebel" else "rebel"]
        if kind == "action":
            (line,), _ = me.act(decide_within(player_named("expert"), me.game, derive_seed(n), None)[0].action)
        else:
            line, _ = me.respond()
        assert to_send(them, me) == ([], len(me.lines))  # the receiver is behind: it has nothing to send
        assert to_send(me, them) == ([line], len(them.lines))  # the sender sends again what was lost
        them.receive(line)
        assert to_send(me, them)[0] == [] == to_send(them, me)[0]
        n += 1
    assert n > 100 and host.game.record.to_text() == guest.game.record.to_text()


def to_send(copy: Peer, other: Peer) -> tuple[list[str], int]:
    """What `copy` sends `other` when the two meet, and how many lines it holds once `other`'s are in."""
    return copy.plan(copy.read_sync(other.sync(MEETING), MEETING))


def test_copies_that_disagree_are_told_at_which_line():
    host, guest = pair()
    # The same guest's key, another chain: its own copy of another game (a save from elsewhere).
    other = Peer(None, KEY, HashChain(b"q" * 32, 64), None, opener=opener, identity=IMPERIAL_ID)
    other.receive(host.lines[0])
    other.hello()
    with pytest.raises(RemoteError) as e:
        to_send(host, other)
    assert e.value.reason == "forked" and "disagree at message 2" in str(e.value)


# ---------------------------------------------------------------- a hostile peer

def forged(peer: Peer, kind: str, body: str, sender: str, identity: Identity | None = None, number: int | None = None,
           prev: str | None = None) -> str:
    """A line a hostile peer writes, signed with the sender's own key (the one its hello announced) unless
    `identity` says otherwise."""
    n = len(peer.lines) + 1 if number is None else number
    p = (line_hash(peer.lines[-1]) if peer.lines else GENESIS) if prev is None else prev
    return Message(n, p, sender, kind, body).signed(identity or IDS[sender])


def hello_line(body: str, sender: str, identity: Identity, key: bytes = KEY, number: int = 1,
               prev: str = GENESIS) -> str:
    """A hello with its proof under the invitation's `key`, signed by `identity` (whose key `body` names)."""
    proved = f"{body} proof={proof(key, HELLO_PURPOSE, Message(number, prev, sender, 'hello', body).unsigned)}"
    return Message(number, prev, sender, "hello", proved).signed(identity)


def test_an_illegal_action_is_refused_by_name_and_changes_nothing():
    host, guest = pair()
    before = guest.game.record.to_text()
    with pytest.raises(RemoteError) as e:
        guest.accept(forged(guest, "action", "place elite-snowtrooper d1", "imperial"))
    assert e.value.reason == "illegal" and "against the rules" in str(e.value)
    assert guest.game.record.to_text() == before and len(guest.lines) == 2


def test_a_line_changed_on_the_way_is_refused_as_forged():
    host, guest = pair()
    line = forged(guest, "action", host.game.legal_actions()[0].notation(), "imperial")
    tampered = line.replace("place", "plate", 1)
    with pytest.raises(RemoteError) as e:
        guest.accept(tampered)
    assert e.value.reason == "forged"


def test_a_line_signed_with_another_key_is_refused():
    host, guest = pair()
    with pytest.raises(RemoteError) as e:
        guest.accept(forged(guest, "action", host.game.legal_actions()[0].notation(), "imperial",
                            identity=Identity(b"x" * 32)))
    assert e.value.reason == "forged"


def test_a_forked_history_is_refused():
    host, guest = pair()
    with pytest.raises(RemoteError) as e:
        guest.accept(forged(guest, "action", host.game.legal_actions()[0].notation(), "imperial", prev="1" * 64))
    assert e.value.reason == "forked"


def test_lines_out_of_order_or_out_of_turn_are_refused():
    host, guest = pair()
    with pytest.raises(RemoteError) as e:
        guest.accept(forged(guest, "action", host.game.legal_actions()[0].notation(), "imperial", number=9))
    assert e.value.reason == "out-of-order"
    with pytest.raises(RemoteError) as e:
        guest.accept(forged(guest, "action", host.game.legal_actions()[0].notation(), "rebel"))
    assert e.value.reason == "out-of-turn"


def test_a_chain_value_that_does_not_hash_to_the_committed_one_is_refused():
    me, them, _, _ = attack_sent()
    index = them.rolls + 1
    liar = HashChain(b"z" * 32, 64)
    with pytest.raises(RemoteError) as e:
        me.accept(forged(me, "value", f"{index} {as_hex(liar.value(index))}", them.side))
    assert e.value.reason == "bad-value" and "does not hash" in str(e.value)
    with pytest.raises(RemoteError) as e:
        me.accept(forged(me, "value", f"{index + 1} {as_hex(them.chain.value(index + 1))}", them.side))
    assert e.value.reason == "bad-value"


@pytest.mark.parametrize("line", ["", "hello", "1 2 3", "x" * (MAX_LINE + 1), "1 " + "0" * 64 + " rebel hello é " + "0" * 64])
def test_garbage_is_refused_as_garbled(line):
    host, guest = pair()
    with pytest.raises(RemoteError) as e:
        guest.accept(line)
    assert e.value.reason == "garbled"


def test_an_action_of_this_side_that_the_rules_forbid_is_not_sent():
    host, guest = pair()
    deciding, waiting = (host, guest) if host.deciding else (guest, host)
    with pytest.raises(IllegalAction, match="not this side's decision"):
        waiting.act(deciding.game.legal_actions()[0])
    assert len(waiting.lines) == 2


def test_a_hello_from_a_copy_with_other_rules_data_is_refused():
    host = Peer("rebel", KEY, HashChain(REBEL_SEED, 64), "rebel", game=open_game("salvage", dice=SharedDice()),
                identity=REBEL_ID)
    line = host.hello().replace(host.game.record.header.data[7:17], "0123456789")
    guest = Peer(None, KEY, HashChain(IMPERIAL_SEED, 64), None, opener=opener)
    with pytest.raises(RemoteError):
        guest.receive(line)  # the proof and the signature no longer match: changed on the way
    body = host.lines[0].split(" ", 4)[4].rsplit(" ", 1)[0].rpartition(" proof=")[0]
    body = body.replace(host.game.record.header.data[7:17], "0123456789")
    with pytest.raises(RemoteError) as e:
        guest.receive(hello_line(body, "rebel", REBEL_ID))
    assert e.value.reason == "different-rules" and guest.host is None and guest.game is None


# ---------------------------------------------------------------- two copies over a connection

def machines(host: Peer, guest: Peer, seats: dict[str, Seat], saves: Path | None, wait: float = 20.0,
             limit: float = 120.0) -> dict[str, BaseException]:
    """`play_remote` for a host and a guest joined by a socket pair, each in its own thread (saving in
    `saves` as host.hothsim and guest.hothsim, if given): how each stopped, if it did not finish."""
    a, b = socket.socketpair()
    stopped: dict[str, BaseException] = {}

    def run(name: str, link: Link, peer: Peer) -> None:
        save = saves / f"{name}.hothsim" if saves else None

        def before_hello() -> Any:  # the guest's private file, written before its hello
            return new_private(save, peer, KEY.hex(), "127.0.0.1:1", wait, "guest") if save else (None, None)
        try:
            play_remote(link, peer, save, seats[name], wait, None, MEETING,
                        before_hello=before_hello if name == "guest" else None)
        except BaseException as e:  # noqa: BLE001 - reported to the test
            stopped[name] = e
    threads = [threading.Thread(target=run, args=("host", Link(a), host)),
               threading.Thread(target=run, args=("guest", Link(b), guest))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(limit)
    assert not any(t.is_alive() for t in threads)
    return stopped


def both(scenario: str, tmp_path: Path, wait: float = 20.0) -> tuple[list[str], list[str]]:
    """A whole game between two copies joined by a socket pair, each in its own thread, saving as it goes."""
    host = Peer("imperial", KEY, HashChain.fresh(), "imperial", game=open_hosted(scenario, {}), opener=opener)
    host.hello()
    guest = Peer(None, KEY, HashChain.fresh(), None, opener=opener)
    said: dict[str, list[str]] = {"host": [], "guest": []}
    seats = {name: Seat("expert", None, said[name].append) for name in said}
    assert not machines(host, guest, seats, tmp_path, wait)
    return [[line for line in said[name] if not line.startswith("take this game up again")] for name in ("host", "guest")]


@pytest.mark.parametrize("scenario", ["salvage", "assault-on-hoth", "skirmish"])
def test_two_copies_play_a_whole_game_over_a_connection(scenario, tmp_path):
    host_said, guest_said = both(scenario, tmp_path)
    assert host_said[-2] == guest_said[-2] and host_said[-2].startswith("game over: ")
    # One line per decision, the same on both sides but for Luke's Snowspeeder: the Empire (the host) saw
    # it made unseen; the Rebel player's own copy says which.
    secret = [i for i, (a, b) in enumerate(zip(host_said, guest_said)) if a.endswith(" ?") or b.endswith(" ?")]
    assert len(secret) == {"salvage": 0, "assault-on-hoth": 1}.get(scenario, len(secret)) and (
        scenario != "skirmish" or len(secret) >= 2)
    assert all(x.split(". ")[1].split()[0] in ("luke", "recruit") for i in secret for x in (host_said[i], guest_said[i]))
    assert [x for i, x in enumerate(host_said[:-1]) if i not in secret] == \
        [x for i, x in enumerate(guest_said[:-1]) if i not in secret]
    record = (tmp_path / "host.hothsim").read_text()
    assert record == (tmp_path / "guest.hothsim").read_text()
    winner = load_game(record).winner
    assert host_said[-2].startswith(f"game over: {winner} wins (" if winner else "game over: a draw (")
    private, lines = read_remote(tmp_path / "guest.hothsim")
    assert private.side == "rebel"
    assert (tmp_path / "host.hothsim-remote").read_text() == (tmp_path / "guest.hothsim-remote").read_text()
    secret = remote_paths(tmp_path / "guest.hothsim")[1]
    assert secret.stat().st_mode & 0o077 == 0  # the private file is its owner's alone
    assert private.chain not in (tmp_path / "host.hothsim-remote").read_text()  # the seed never left


class Crash(Exception):
    """The guest's machine stops in the middle of the game."""


def hosted(tmp_path: Path, side: str, said: list[str], wait: float = 20.0) -> tuple[threading.Thread, Any, list[str], str,
                                                                                 str]:
    """`hothsim host salvage` as the command runs it, in a thread on 127.0.0.1, saving to h.hothsim: the
    thread, the queue of what it announces after its join line, how it stopped (if it did), and the
    address and key of its join line."""
    import queue

    from hothsim.hosting import RemoteUsage, host

    announced: queue.Queue[str] = queue.Queue()
    stopped: list[str] = []

    def hosting() -> None:
        try:
            host("salvage", side, tmp_path / "h.hothsim", "127.0.0.1", 0, {}, Seat("expert", None, said.append), wait,
                 announced.put)
        except RemoteUsage as e:
            stopped.append(str(e))
    t = threading.Thread(target=hosting)
    t.start()
    key = announced.get(timeout=30).removeprefix("invitation key: ").split()[0]
    where = announced.get(timeout=30).removeprefix("join with: hothsim join ").split()[0]
    return t, announced, stopped, where, key


def session(tmp_path: Path, stop_after: int | None, host_wait: float = 20.0,
            rejoin: bool = False) -> tuple[list[str], list[str], str]:
    """`hothsim host` and `hothsim join` as the commands run them, on 127.0.0.1 (the guest stopping after
    `stop_after` lines of its own, if given, and running the same join command again if `rejoin`): what
    each said, and how the host stopped if it did."""
    from hothsim.hosting import join

    host_said: list[str] = []
    guest_said: list[str] = []

    def guest_say(text: str) -> None:
        guest_said.append(text)
        if stop_after is not None and len(guest_said) == stop_after:
            raise Crash()

    t, _, stopped, where, key = hosted(tmp_path, "imperial", host_said, host_wait)
    try:
        join(where, lambda: key, tmp_path / "g.hothsim", Seat("expert", None, guest_say), 20.0)
    except Crash:
        if rejoin:  # the same command again: the key is read from the private file, never asked
            join(where, lambda: "not asked", tmp_path / "g.hothsim", Seat("expert", None, guest_say), 20.0)
    t.join(60)
    assert not t.is_alive()
    return host_said, guest_said, stopped[0] if stopped else ""


def test_a_guest_that_drops_joins_again_while_the_host_waits_and_the_game_goes_on(tmp_path):
    """The guest's machine stops in the middle of the game; the host keeps waiting (saying so) instead of
    stopping, and the guest's same command takes the game up where it was."""
    host_said, guest_said, stopped = session(tmp_path, stop_after=31, rejoin=True)
    assert not stopped
    broke = host_said.index("The connection to the other machine broke: waiting for it to come back (the game is "
                            "saved).")
    assert "The other machine is back: the game goes on." in host_said[broke:]
    assert host_said[-2] == guest_said[-2] and host_said[-2].startswith("game over: ")
    again = [n for n, line in enumerate(guest_said) if line.startswith("take this game up again")]
    assert len(again) == 2 and guest_said[again[1] + 1].split(".")[0] == str(int(guest_said[again[1] - 1].split(".")[0]) + 1)
    assert (tmp_path / "h.hothsim").read_text() == (tmp_path / "g.hothsim").read_text()
    assert load_game((tmp_path / "g.hothsim").read_text()).is_over


def test_a_game_broken_off_is_taken_up_again_by_running_the_same_commands(tmp_path):
    _, first, stopped = session(tmp_path, stop_after=31, host_wait=1.5)
    assert len(first) == 31 and "the game is saved in" in stopped and "h.hothsim" in stopped
    assert f"take it up with: hothsim host salvage --side imperial --save {tmp_path / 'h.hothsim'}" in stopped
    held = (tmp_path / "h.hothsim-remote").read_text()
    kept = len(load_game((tmp_path / "g.hothsim").read_text()).record.entries)
    host_said, guest_said, stopped = session(tmp_path, stop_after=None)
    assert not stopped and host_said[-2] == guest_said[-2] and host_said[-2].startswith("game over")
    assert guest_said[0] == f"take this game up again with: hothsim join {guest_said[0].split()[-3]} --save " \
                           f"{tmp_path / 'g.hothsim'}"
    assert guest_said[1].startswith(f"{kept + 1}. ")  # goes on where its save stopped
    assert (tmp_path / "h.hothsim-remote").read_text().startswith(held)
    assert (tmp_path / "h.hothsim").read_text() == (tmp_path / "g.hothsim").read_text()
    assert load_game((tmp_path / "g.hothsim").read_text()).is_over


# ---------------------------------------------------------------- the commands' clear refusals

def run_cli(args: list[str], capsys) -> tuple[int, str]:
    from hothsim.cli import main

    code = main(args)
    return code, capsys.readouterr().err


def test_a_key_that_is_not_one_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HOTHSIM_KEY", "abc")
    code, err = run_cli(["join", "127.0.0.1:9", "--player", "expert"], capsys)
    assert code == 2 and "the key must be the 32 hex digits" in err


def test_a_key_on_the_command_line_is_refused_with_the_ways_to_give_it(capsys):
    code, err = run_cli(["join", "127.0.0.1:9", "--key", "0" * 32, "--player", "expert"], capsys)
    assert code == 2 and "never given on the command line" in err and "HOTHSIM_KEY" in err and "--key-file" in err


def test_an_address_without_a_port_is_refused(capsys, monkeypatch):
    monkeypatch.setenv("HOTHSIM_KEY", "0" * 32)
    code, err = run_cli(["join", "127.0.0.1", "--player", "expert"], capsys)
    assert code == 2 and "ADDRESS:PORT" in err


def test_a_host_that_cannot_be_reached_is_said_so(capsys, monkeypatch):
    monkeypatch.setenv("HOTHSIM_KEY", "0" * 32)
    with socket.socket() as s:  # a port nobody listens on: bound, never listened to
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        code, err = run_cli(["join", f"127.0.0.1:{port}", "--player", "expert"], capsys)
    assert code == 2 and f"cannot reach 127.0.0.1:{port}" in err


def test_a_player_that_is_not_one_is_refused(capsys):
    code, err = run_cli(["host", "salvage", "--side", "rebel", "--player", "deep-blue"], capsys)
    assert code == 2 and "choose one of ai, ai:easy" in err


def test_a_host_nobody_joins_stops_after_its_wait_with_the_game_saved(tmp_path, capsys):
    save = tmp_path / "h.hothsim"
    code, err = run_cli(["host", "salvage", "--side", "rebel", "--player", "expert", "--address", "127.0.0.1",
                         "--save", str(save), "--wait", "0.3"], capsys)
    assert code == 2 and "nobody joined within 0.3 seconds" in err
    assert f"take it up with: hothsim host salvage --side rebel --save {save}" in err
    assert "claim" not in err
    private, lines = read_remote(save)
    assert len(lines) == 1 and private.side == "rebel"  # its hello, kept to be taken up again


def test_a_guest_with_another_key_is_refused_and_the_host_waits_on_for_the_opponent(tmp_path):
    from hothsim.hosting import RemoteUsage, join

    host_said: list[str] = []
    t, announced, stopped, where, key = hosted(tmp_path, "rebel", host_said)
    with pytest.raises(RemoteUsage, match="the invitation's key is not this game's"):
        join(where, lambda: "f" * 32, tmp_path / "stranger.hothsim", Seat("expert", None, print), 10.0)
    guest_said: list[str] = []
    join(where, lambda: key, tmp_path / "g.hothsim", Seat("expert", None, guest_said.append), 20.0)  # the real one
    t.join(60)
    assert not stopped and host_said[-2] == guest_said[-2] and host_said[-2].startswith("game over: ")
    assert "turned away a connection that is not the opponent's (it did not answer with this game's key); " \
           "still waiting" in host_said
    assert not (tmp_path / "stranger.hothsim-private").exists()  # the stranger was sent nothing to keep


def test_a_conversation_file_changed_by_hand_is_refused_when_taken_up(tmp_path, capsys):
    _, first, _ = session(tmp_path, stop_after=10, host_wait=1.5)
    talk = remote_paths(tmp_path / "g.hothsim")[0]
    text = talk.read_text()
    talk.write_text(text.replace(" place ", " plaice ", 1))
    before = (tmp_path / "g.hothsim").read_text()
    code, err = run_cli(["join", "127.0.0.1:9", "--player", "expert", "--save", str(tmp_path / "g.hothsim")], capsys)
    assert code == 2 and "is not signed by the" in err and str(talk) in err
    assert (tmp_path / "g.hothsim").read_text() == before


# ---------------------------------------------------------------- Assault on Hoth: cards and Luke's secret

def test_a_whole_assault_game_draws_by_rolls_and_keeps_luke_secret_until_he_uses_the_force():
    host, guest = pair("assault-on-hoth", {"draws": "rolled"}, length=4096)
    peers = {"rebel": host, "imperial": guest}
    n, unseen, learnt = 0, False, False
    while host.expected() is not None:
        step(peers, n)
        n += 1
        record = guest.game.record.to_text()
        if "luke ?" in record:
            unseen = True
            assert guest.game.state.luke == "?" and host.game.state.luke.startswith("speeder-")
        elif unseen:
            learnt = True
    assert unseen and learnt  # the Imperial copy held `luke ?` until the Rebel copy revealed him
    text = host.game.record.to_text()
    assert text == guest.game.record.to_text() and load_game(text).winner == host.game.winner
    assert "shuffle:" not in text and "draw:" in text and "options: draws=rolled" in text
    kinds = [line.split(" ")[3] for line in host.lines]
    assert kinds.count("commit") == 1 and kinds.count("reveal") == 1
    s = guest.game.state
    assert s.action_deck == tuple(sorted(s.action_deck)) and s.event_deck == tuple(sorted(s.event_deck))


def no_force(game, n: int):
    """A Rebel or Imperial decision that never spends the Force, chosen at random by the line number among
    the legal actions (which, without the Force, are the same whichever Snowspeeder Luke flies)."""
    import random

    from hothsim.assault.actions import force_spent

    legal = sorted((a for a in game.legal_actions() if not force_spent(a)), key=lambda a: a.notation())
    return random.Random(n).choice(legal)


def imperial_view(speeder: str, lines: int = 160) -> tuple[list[str], str]:
    """What the Imperial copy has received and stored after `lines` lines of a game in which Luke flies
    `speeder` (the same chains, salt and decisions otherwise): the lines without their links and
    signatures, and its record."""
    host, guest = pair("assault-on-hoth", {"draws": "rolled"}, length=4096)
    peers = {"rebel": host, "imperial": guest}
    while len(host.lines) < lines:
        side, kind = host.expected()
        me, them = peers[side], peers["imperial" if side == "rebel" else "rebel"]
        if me.game.pending_secret() == "luke":
            from hothsim.assault.actions import AssignLuke

            sent, _ = me.act(AssignLuke(speeder), salt=b"s" * 32)
        elif kind == "action":
            sent, _ = me.act(no_force(me.game, len(me.lines)))
        else:
            sent = [me.respond()[0]]
        for line in sent:
            them.receive(line)
    bare = [" ".join(line.split(" ")[i] for i in (0, 2, 3)) + " " + line.split(" ", 4)[4].rsplit(" ", 1)[0]
            for line in guest.lines]
    return bare, guest.game.record.to_text()


def test_nothing_the_imperial_side_holds_before_the_reveal_tells_which_snowspeeder_luke_flies():
    """For every Snowspeeder Luke may fly, the Imperial copy receives the same lines but for the commitment's
    hash, and stores the same record (`luke ?`) and no seed or deck order."""
    views = {f"speeder-{k}": imperial_view(f"speeder-{k}") for k in range(1, 6)}
    base_lines, base_record = views["speeder-1"]
    assert "luke ?" in base_record and "shuffle:" not in base_record and "seed: 0" in base_record
    commit = [i for i, line in enumerate(base_lines) if " commit " in line]
    assert len(commit) == 1
    for speeder, (lines, record) in views.items():
        assert record == base_record, speeder
        assert len(lines) == len(base_lines)
        differ = [i for i, (a, b) in enumerate(zip(lines, base_lines)) if a != b]
        assert differ == ([] if speeder == "speeder-1" else commit), speeder


def test_a_reveal_that_does_not_match_its_commitment_is_refused():
    host, guest = pair("assault-on-hoth", {"draws": "rolled"}, length=4096)
    peers = {"rebel": host, "imperial": guest}
    n = 0
    while "commit" not in host.lines[-1].split(" ")[3]:
        step(peers, n)
        n += 1
    number = len(host.lines)
    salt = as_hex(host.secrets[number].salt)
    other = "speeder-2" if host.secrets[number].secret != "luke speeder-2" else "speeder-3"
    assert host.expected() == ("rebel", "action")  # a reveal may come before any Rebel action
    with pytest.raises(RemoteError) as e:
        guest.accept(forged(guest, "reveal", f"{number} {salt} luke {other}", "rebel"))
    assert e.value.reason == "bad-reveal" and "does not match its commitment" in str(e.value)
    assert guest.game.state.luke == "?"


def at_luke() -> tuple[Peer, Peer]:
    """An Assault on Hoth game between two copies played on to Luke's secret Snowspeeder (not chosen yet)."""
    host, guest = pair("assault-on-hoth", {"draws": "rolled"}, length=4096)
    peers = {"rebel": host, "imperial": guest}
    n = 0
    while host.game.pending_secret() != "luke":
        step(peers, n)
        n += 1
    return host, guest


def test_a_secret_against_the_rules_is_caught_when_it_is_revealed():
    """A Rebel copy that commits Luke to a Walker is found out at its reveal: the rebuilt game refuses it."""
    from hothsim.remote.chain import Commitment

    host, guest = at_luke()
    n = len(host.lines)
    cheat = Commitment("luke walker-1", b"c" * 32)
    number = len(guest.lines) + 1
    guest.accept(forged(guest, "commit", f"luke {as_hex(cheat.digest)}", "rebel"))
    while guest.expected() != ("rebel", "action"):  # the guest plays both sides from here
        side, kind = guest.expected()
        if kind == "value":
            value = (guest.chain if side == "imperial" else host.chain).value(guest.rolls + 1)
            guest.accept(forged(guest, "value", f"{guest.rolls + 1} {as_hex(value)}", side))
        else:
            guest.accept(forged(guest, kind, no_force(guest.game, n).notation(), side))
        n += 1
    with pytest.raises(RemoteError) as e:
        guest.accept(forged(guest, "reveal", f"{number} {as_hex(cheat.salt)} luke walker-1", "rebel"))
    assert e.value.reason == "bad-reveal" and "does not fit the game played" in str(e.value)


def test_a_spent_chain_stops_the_game_with_a_message_not_a_crash():
    host, guest = pair(length=1)  # one value each: the second attack of the game cannot be rolled
    peers = {"rebel": host, "imperial": guest}
    with pytest.raises(RemoteError) as e:
        for n in range(2000):
            step(peers, n)
    assert e.value.reason == "chain-spent" and host.rolls == 1


# ---------------------------------------------------------------- a person at one machine

def test_a_person_plays_in_plain_text_against_the_other_machine(tmp_path):
    """The Rebel player types at one machine (the plain mode), the other machine's computer plays the
    Empire: the person is told to wait, then what the other side did, marked; the game ends on both."""
    from hothsim.plain import play_plain

    host = Peer("imperial", KEY, HashChain.fresh(), "imperial", game=open_hosted("salvage", {}), opener=opener)
    host.hello()
    guest = Peer(None, KEY, HashChain.fresh(), None, opener=opener)
    said: list[str] = []
    typed: list[str] = []

    def person(session) -> None:
        def read(prompt: str) -> str | None:
            if len(typed) > 3000:
                return None
            recent = " ".join(said[-8:])
            typed.append("auto" if "set up your figures" in recent else "1")
            return typed[-1]
        play_plain(session, read, said.append)

    seats = {"host": Seat("expert", None, lambda t: None), "guest": Seat(None, None, said.append, front_end=person)}
    assert not machines(host, guest, seats, tmp_path, limit=300)
    assert "You play the Rebel side against a player at another machine." in said
    assert "Waiting for the Imperial player at the other machine." in said
    assert any(line.startswith("imperial (other machine): place elite-snowtrooper ") for line in said)
    assert any(line.startswith("game over: ") for line in said) and guest.game.is_over
    assert (tmp_path / "host.hothsim").read_text() == (tmp_path / "guest.hothsim").read_text()


# ---------------------------------------------------------------- a side that stops answering

def restored(save: Path) -> Peer:
    """A side's copy of a remote game, read back from its files (as `host`, `join` and `turn` do)."""
    from hothsim.hosting import restore

    return restore(save)[1]


def age(save: Path, seconds: float) -> None:
    """The conversation beside `save` as if its last line had been written `seconds` ago."""
    import os
    import time

    talk = remote_paths(save)[0]
    then = time.time() - seconds
    os.utime(talk, (then, then))


def test_a_side_left_waiting_may_claim_the_game_and_the_other_side_is_shown_the_claim(tmp_path, capsys):
    session(tmp_path, stop_after=12, host_wait=1.5)  # the guest's machine stops in the middle of the game
    saves = {"h": tmp_path / "h.hothsim", "g": tmp_path / "g.hothsim"}
    copies = {name: restored(save) for name, save in saves.items()}
    # The copy holding more lines is the one left waiting (the other never saw its last line).
    claimant = max(copies, key=lambda name: (len(copies[name].lines), copies[name].expected()[0] != copies[name].side))
    other = "g" if claimant == "h" else "h"
    assert copies[claimant].expected()[0] != copies[claimant].side
    from hothsim.cli import main

    age(saves[claimant], 0)
    code, err = run_cli(["claim", str(saves[claimant])], capsys)  # at once: the whole wait has not passed
    assert code == 2 and "a claim needs the game's whole wait, 1.5 seconds, to have passed" in err
    age(saves[claimant], 30)
    assert main(["claim", str(saves[claimant])]) == 0
    out = capsys.readouterr().out
    assert "claims the game (the " in out and "sent nothing for" in out
    assert read_remote(saves[claimant])[1][-1].split(" ")[3] == "claim"
    age(saves[claimant], 30)
    code, err = run_cli(["claim", str(saves[claimant])], capsys)  # once is enough
    assert code == 2 and "only while it goes on and the other side owes the next line" in err
    host_said, guest_said, stopped = session(tmp_path, stop_after=None)  # the two connect again
    assert not stopped
    assert host_said[-2] == guest_said[-2] and " side claims the game (" in host_said[-2]
    assert restored(saves[other]).claim == restored(saves[claimant]).claim is not None


def a_lost_line(claimed_at: float) -> tuple[Peer, Peer, list[str]]:
    """Twenty decisions into a game at two machines, the side due to send makes its next line, which never
    arrives; at `claimed_at` the waiting side claims the game.  (The sender, the waiting side, the lines
    the sender made.)"""
    host, guest = pair()
    peers = {"rebel": host, "imperial": guest}
    for n in range(20):
        step(peers, n)
    side, _ = host.expected()
    sender, waiting = peers[side], peers["imperial" if side == "rebel" else "rebel"]
    if sender.deciding:
        lines, _ = sender.act(decide_within(player_named("expert"), sender.game, 0, None)[0].action)
    else:
        lines = [sender.respond()[0]]
    waiting.claim_line(claimed_at)
    return sender, waiting, lines


def test_a_claim_made_while_the_other_sides_line_was_lost_is_withdrawn_and_play_goes_on():
    sender, waiting, lines = a_lost_line(700)  # the line never arrived: the waiting side claims
    assert waiting.expected() is None and waiting.claim[0] == waiting.side
    # Meeting again: the sender holds a real line where the claim stands, and sends it; the claim stays until
    # that line has arrived and passed every check.
    sent, holds = to_send(sender, waiting)
    assert sent == lines[-1:] and to_send(waiting, sender) == ([], len(sender.lines))
    assert waiting.behind(len(sender.lines)) and waiting.claim is not None
    for line in sent:
        waiting.receive(line)
    assert waiting.claim is None and not waiting.behind(len(sender.lines))
    assert waiting.lines == sender.lines and waiting.expected() == sender.expected() is not None


# ---------------------------------------------------------------- play by mail

def by_mail(args: list[str], capsys) -> str:
    from hothsim.cli import main

    assert main(args) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def mail_key(out: str, tmp_path: Path) -> str:
    """The key a host by mail printed, kept in a file for `--key-file` (never on the command line)."""
    key = out.split("the invitation key privately: ")[1].split()[0]
    path = tmp_path / "key.txt"
    path.write_text(key + "\n")
    return str(path)


def test_a_whole_game_by_mail_turn_by_turn(tmp_path, capsys):
    """Each side reads the other's turn, plays until the other side is needed, and writes its own; the
    turns fit in a mail, a turn read twice changes nothing, and both saves end the same."""
    h, g = tmp_path / "h.hothsim", tmp_path / "g.hothsim"
    out = by_mail(["host", "salvage", "--side", "imperial", "--by-mail", "--player", "expert", "--save", str(h)], capsys)
    key = mail_key(out, tmp_path)
    assert "-----BEGIN HOTHSIM TURN-----" in out and f"hello protocol={PROTOCOL} game=skirmish" in out
    by_mail(["join", "--by-mail", f"{h}.turn", "--key-file", key, "--player", "expert", "--save", str(g)], capsys)
    sizes, turns, said = [], 0, ""
    for turns in range(1, 300):
        me, them = (h, g) if turns % 2 else (g, h)
        quoted = tmp_path / "quoted.turn"  # as a mail program quotes it in a reply
        quoted.write_text("On Thursday you wrote:\n" + "".join(f"> {line}\n" for line in
                                                                Path(f"{them}.turn").read_text().splitlines()))
        said = by_mail(["turn", str(me), str(quoted), "--player", "expert"], capsys)
        sizes.append(len(Path(f"{me}.turn").read_text()))
        if "game over" in said:
            break
    final = by_mail(["turn", str(them), f"{me}.turn", "--player", "expert"], capsys)  # the last turn read
    assert "game over" in final and final.split("game over")[1].split("\n")[0] == said.split("game over")[1].split("\n")[0]
    assert h.read_text() == g.read_text() and load_game(h.read_text()).is_over
    assert turns > 10 and max(sizes) < 20_000  # a turn is a few lines: it fits in a mail
    again = by_mail(["turn", str(them), f"{me}.turn", "--player", "expert"], capsys)  # read twice: no change
    assert "game over" in again and h.read_text() == g.read_text()


def test_a_turn_changed_on_the_way_is_refused_and_the_save_kept(tmp_path, capsys):
    h, g = tmp_path / "h.hothsim", tmp_path / "g.hothsim"
    out = by_mail(["host", "salvage", "--side", "imperial", "--by-mail", "--player", "expert", "--save", str(h)], capsys)
    key = mail_key(out, tmp_path)
    by_mail(["join", "--by-mail", f"{h}.turn", "--key-file", key, "--player", "expert", "--save", str(g)], capsys)
    text = Path(f"{g}.turn").read_text()
    bent = tmp_path / "bent.turn"
    bent.write_text(text.replace("length=4096", "length=4095", 1))
    before = h.read_text()
    from hothsim.cli import main

    assert main(["turn", str(h), str(bent), "--player", "expert"]) == 2
    assert "is not made with this game's invitation" in capsys.readouterr().err and h.read_text() == before
    empty = tmp_path / "empty.turn"
    empty.write_text("no turn here\n")
    assert main(["turn", str(h), str(empty), "--player", "expert"]) == 2
    assert "no whole turn in it" in capsys.readouterr().err


# ---------------------------------------------------------------- squads built in secret

def test_squads_are_committed_one_character_at_a_time_and_revealed_when_both_are_ready():
    host, guest = pair("skirmish", length=4096)  # the Empire builds first, then the Rebels
    peers = {"rebel": host, "imperial": guest}
    n = 0
    while guest.game.state.stage == "build" or host.game.state.stage == "build":
        step(peers, n)
        n += 1
        revealing = any(line.split(" ")[3] == "reveal" for line in host.lines)
        if host.game.state.stage == "build" and "imperial" in host.game.state.ready and not revealing:
            # The Rebel copy holds the Empire's squad unseen while it builds its own.
            assert set(host.game.state.squads[1]) == {"?"} and "?" not in host.game.state.squads[0]
    kinds = [line.split(" ")[3] for line in host.lines]
    squad = len(host.game.state.squads[1])
    assert kinds[2:2 + squad] == ["commit"] * squad and kinds[2 + squad] == "action"  # the Empire's, then ready
    assert kinds.count("reveal") == len(host.game.state.squads[0]) + squad  # every character shown at last
    assert host.game.state.squads == guest.game.state.squads and "?" not in str(host.game.state.squads)
    assert host.game.record.to_text() == guest.game.record.to_text()


def test_a_squad_revealed_otherwise_than_committed_is_refused():
    host, guest = pair("skirmish", length=4096)
    peers = {"rebel": host, "imperial": guest}
    n = 0
    while host.expected() != ("rebel", "action") or "imperial" not in host.game.state.ready:
        step(peers, n)
        n += 1
    committed = next(k for k, c in guest.commitments.items() if c.side == "imperial")
    with pytest.raises(RemoteError) as e:  # the Empire claims it recruited someone else
        host.accept(forged(host, "reveal", f"{committed} {'ab' * 32} recruit vader", "imperial"))
    assert e.value.reason in ("out-of-turn", "bad-reveal")


def test_a_game_at_two_machines_is_not_resumed_as_a_game_at_one(tmp_path, capsys):
    h = tmp_path / "h.hothsim"
    by_mail(["host", "salvage", "--side", "imperial", "--by-mail", "--player", "expert", "--save", str(h)], capsys)
    code, err = run_cli(["resume", str(h)], capsys)
    assert code == 2 and "is a game at two machines" in err


def test_a_turn_by_mail_left_before_it_is_over_is_played_on_by_the_same_command(tmp_path, capsys):
    """The Rebel player stops in the middle of setting up (end of input): told the turn is not over; the
    same command again reads the same turn (nothing changes) and plays on."""
    import io

    h, g = tmp_path / "h.hothsim", tmp_path / "g.hothsim"
    out = by_mail(["host", "salvage", "--side", "imperial", "--by-mail", "--player", "expert", "--save", str(h)], capsys)
    key = mail_key(out, tmp_path)
    by_mail(["join", "--by-mail", f"{h}.turn", "--key-file", key, "--player", "expert", "--save", str(g)], capsys)
    by_mail(["turn", str(h), f"{g}.turn", "--player", "expert"], capsys)  # the Empire sets up
    import sys

    stdin = sys.stdin
    try:
        sys.stdin = io.StringIO("1\n")  # one Rebel placement, then the end of input
        said = by_mail(["turn", str(g), f"{h}.turn", "--plain"], capsys)
    finally:
        sys.stdin = stdin
    assert "Your turn is not over: run the same command again" in said
    entries = len(load_game(g.read_text()).record.entries)
    said = by_mail(["turn", str(g), f"{h}.turn", "--player", "expert"], capsys)
    assert "Send " in said and len(load_game(g.read_text()).record.entries) > entries


def test_copies_that_disagree_are_both_told_at_which_message(tmp_path):
    """The guest's save is another game's (a fork at message 2) and shorter: on meeting, the host finds the
    fork and says so, and the guest, which could not, is told the same message before the connection
    closes."""
    host, guest = pair()
    for n in range(6):
        step({"rebel": host, "imperial": guest}, n)
    other_guest = Peer(None, KEY, HashChain(b"q" * 32, 64), None, opener=opener, identity=IMPERIAL_ID)
    other_guest.receive(host.lines[0])
    other_guest.hello()
    quiet = Seat("expert", None, lambda t: None)
    told = {name: str(e) for name, e in machines(host, other_guest, {"host": quiet, "guest": quiet}, None, 10.0,
                                                 30.0).items()}
    assert "disagree at message 2" in told["host"] and "disagree at message 2" in told["guest"]


def test_validate_checks_a_conversation_with_its_private_file_and_a_turn(tmp_path, capsys):
    h = tmp_path / "h.hothsim"
    by_mail(["host", "salvage", "--side", "imperial", "--by-mail", "--player", "expert", "--save", str(h)], capsys)
    assert by_mail(["validate", f"{h}-remote"], capsys).startswith(
        "ok: the conversation of a game at two machines (salvage), 1 line, this side the imperial")
    assert by_mail(["validate", f"{h}.turn"], capsys).startswith("ok: a turn of 2 lines")
    talk = Path(f"{h}-remote")
    talk.write_text(talk.read_text().replace("salvage", "salvagE"))
    code, err = run_cli(["validate", str(talk)], capsys)
    assert code == 2 and "is not made with this game's invitation" in err

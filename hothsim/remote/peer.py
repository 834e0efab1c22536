"""One side of a game played at two machines: the protocol as a state machine over the game (no I/O).

The conversation (docs/remote-play.md) is the record: both copies hold the same numbered, hash-linked
lines, and at every point the rules say who sends the next one and of what kind:

1. `hello` from the host: the game, scenario, options, rules data, its side and its chain's head; then
   `hello` from the guest with its chain's head.
2. `action` from the side whose decision is pending, in the game's notation.  Each copy checks it against
   its own rules (an illegal action is refused by name) and tries it on a copy of the game: if it rolls
   no dice, it is applied at once.
3. If it rolls dice, `value k` from the side that did not act, then `value k` from the side that did:
   each side's k-th chain value, checked against the value before it.  The action is then applied with
   dice keyed by both values and the action's own line (hothsim.remote.dice), so neither side alone could
   foresee or steer its rolls, and both copies roll the same.

A `Peer` accepts its own lines and the opponent's through the same checks, so a transcript read back
from disk is replayed exactly as it was played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from hothsim.kernel.engine import Event, IllegalAction, Side, other
from hothsim.remote.chain import CHAIN_LENGTH, ChainError, ChainView, HashChain, as_hex, from_hex, roll_key
from hothsim.remote.dice import NeedRandomness, SharedDice
from hothsim.remote.messages import GENESIS, Message, RemoteError, fields_of, line_hash, read_line

PROTOCOL = "1"

#: What the guest learns from the host's hello to open the same game: the fields of its body.
HELLO_FIELDS = ("protocol", "game", "scenario", "data", "options", "created", "host", "chain", "length")


@dataclass(frozen=True)
class Asked:
    """A random action sent and waiting for both sides' chain values: its line's hash binds the roll."""

    action: Any
    actor: Side
    context: bytes
    index: int


#: Opens the game a host's hello describes (the guest's side): given the hello's fields, a game whose dice
#: are `SharedDice`; raises RemoteError if this copy of hothsim cannot.
Opener = Callable[[dict[str, str]], Any]


class Peer:
    """One side's copy of the conversation and of the game it drives."""

    def __init__(self, side: Side | None, key: bytes, chain: HashChain, host: Side | None, game: Any = None,
                 opener: Opener | None = None) -> None:
        """The host knows its side and has its game open; a guest knows neither until the host's hello
        (`side` and `host` None) and opens the game it describes with `opener`.  A copy rebuilt from its
        conversation knows its side and learns the rest from the first line, as a guest does."""
        self.side: Side = side or "rebel"
        self._side_known = side is not None
        self.host: Side | None = host
        self.key = key
        self.chain = chain
        self.game = game
        self.lines: list[str] = []
        self.rolls = 0  # random actions completed: the next uses chain value rolls + 1 of each side
        self._opener = opener
        self._views: dict[Side, ChainView] = {}  # each side's chain as far as it is revealed
        self._asked: Asked | None = None
        self._values: dict[Side, bytes] = {}

    # ------------------------------------------------------------------ whose line is next

    def expected(self) -> tuple[Side, str] | None:
        """Who sends the next line and of what kind; None when the game is over."""
        if self.host is None:
            return None
        if len(self.lines) < 2:
            return (self.host if not self.lines else other(self.host)), "hello"
        if self.game.is_over:
            return None
        if self._asked is not None:
            first = other(self._asked.actor)
            return (first if first not in self._values else self._asked.actor), "value"
        return self.game.pending.player, "action"

    @property
    def my_turn(self) -> bool:
        """Whether this side sends the next line."""
        due = self.expected()
        return due is not None and due[0] == self.side

    @property
    def deciding(self) -> bool:
        """Whether this side has a decision of the game to make now (its player chooses an action)."""
        return self.expected() == (self.side, "action")

    # ------------------------------------------------------------------ this side's lines

    def hello(self) -> str:
        """The host's first line (the host's game must be open) or the guest's answer to it."""
        if self.side == self.host:
            h = self.game.record.header
            body = (f"protocol={PROTOCOL} game={self.game_kind} scenario={h.scenario} data={h.data} "
                    f"options={h.options.replace(' ', ',')} created={h.created} host={self.host} "
                    f"chain={as_hex(self.chain.head)} length={self.chain.length}")
        else:
            body = f"chain={as_hex(self.chain.head)} length={self.chain.length}"
        return self._send("hello", body)[0]

    def act(self, action: Any) -> tuple[str, list[Event]]:
        """This side's decision: the line to send, and what happened if it rolled no dice (IllegalAction,
        nothing sent, if the rules forbid it)."""
        if not self.deciding:
            raise IllegalAction("turn order", "it is not this side's decision")
        refusal = self.game.refusal(action)
        if refusal is not None:
            raise refusal
        return self._send("action", action.notation())

    def value(self) -> tuple[str, list[Event]]:
        """This side's chain value for the action waiting on a roll: the line, and what happened if it was
        the last value needed."""
        assert self._asked is not None and self.expected() == (self.side, "value")
        index = self._asked.index
        return self._send("value", f"{index} {as_hex(self.chain.value(index))}")

    def _send(self, kind: str, body: str) -> tuple[str, list[Event]]:
        """A line of this side's, put through the same checks as the opponent's (so a transcript read back
        from disk replays as it was played)."""
        prev = line_hash(self.lines[-1]) if self.lines else GENESIS
        line = Message(len(self.lines) + 1, prev, self.side, kind, body).signed(self.key)
        return line, self.accept(line)

    # ------------------------------------------------------------------ the opponent's lines

    def accept(self, line: str) -> list[Event]:
        """A line of the conversation checked and applied (the opponent's, or one read back from disk);
        RemoteError names what is wrong, and then nothing has changed."""
        msg = read_line(line, self.key)
        n = len(self.lines) + 1
        if msg.number != n:
            raise RemoteError("out-of-order", f"message {msg.number} arrived where message {n} was due")
        prev = line_hash(self.lines[-1]) if self.lines else GENESIS
        if msg.prev != prev:
            raise RemoteError("forked", f"message {n} does not follow message {n - 1} as this side holds it: "
                                        f"the two copies of the game differ from message {n - 1} on")
        guest = self.host is None
        if guest:  # a guest learns the sides from the host's hello
            self.host = msg.sender
            if not self._side_known:
                self.side = other(msg.sender)
        try:
            events = self._checked(msg, line, n)
        except BaseException:
            if guest:
                self.host, self.game = None, None
            raise
        self.lines.append(line)
        return events

    def _checked(self, msg: Message, line: str, n: int) -> list[Event]:
        due = self.expected()
        if due is None:
            raise RemoteError("out-of-turn", f"message {n} came after the end of the game")
        if (msg.sender, msg.kind) != due:
            raise RemoteError("out-of-turn", f"message {n} is {msg.kind!r} from the {msg.sender} side, where "
                                             f"{due[1]!r} from the {due[0]} side was due")
        return {"hello": self._hello, "action": self._action, "value": self._value}[msg.kind](msg, line)

    def _hello(self, msg: Message, line: str) -> list[Event]:
        names = HELLO_FIELDS if msg.sender == self.host else ("chain", "length")
        f = fields_of(msg.body, names, msg.number)
        try:
            length = int(f["length"]) if f["length"].isdigit() and len(f["length"]) < 7 else -1
            if not 1 <= length <= 16 * CHAIN_LENGTH:
                raise RemoteError("garbled", f"message {msg.number}: a chain of {f['length'][:10]!r} values")
            head = from_hex(f["chain"], f"message {msg.number}'s chain head")
        except ChainError as e:
            raise RemoteError("garbled", str(e)) from None
        if msg.sender == self.host:
            if f["host"] != msg.sender:
                raise RemoteError("garbled", f"message {msg.number} names the host {f['host'][:10]!r}")
            if f["protocol"] != PROTOCOL:
                raise RemoteError("version", f"the host speaks protocol {f['protocol'][:10]!r}; this hothsim "
                                             f"speaks {PROTOCOL}: both players need the same version")
            if self.game is None:
                if self._opener is None:
                    raise RemoteError("garbled", "no game to open")
                self.game = self._opener(f)
            if self.game.record.header.data != f["data"]:
                raise RemoteError("different-rules", "the host's rules and scenario data differ from this copy's "
                                                     "(another hothsim version, or changed data files)")
        if msg.sender == self.side and (head != self.chain.head or length != self.chain.length):
            raise RemoteError("bad-value", f"message {msg.number} commits to a chain other than this side's own "
                                           "(the private file beside the save is not this game's)")
        self._views[msg.sender] = ChainView(head, 0, length)
        return []

    def _action(self, msg: Message, line: str) -> list[Event]:
        try:
            action = self.game.parse_action(msg.body)
        except ValueError as e:
            raise RemoteError("illegal", f"message {msg.number}: {msg.body[:60]!r} is not an action ({e})") from None
        refusal = self.game.refusal(action)
        if refusal is not None:
            raise RemoteError("illegal", f"message {msg.number}: the {msg.sender} side's {msg.body[:60]!r} is "
                                         f"against the rules ({refusal.rule}: {refusal})")
        return self._take(action, msg.sender, line)

    def _value(self, msg: Message, line: str) -> list[Event]:
        assert self._asked is not None
        index, _, text = msg.body.partition(" ")
        if index != str(self._asked.index):
            raise RemoteError("bad-value", f"message {msg.number} reveals chain value {index[:8]!r} where "
                                           f"value {self._asked.index} was due")
        try:
            value = from_hex(text, f"message {msg.number}'s chain value")
            view = self._views[msg.sender].accept(self._asked.index, value)
        except ChainError as e:
            raise RemoteError("bad-value", f"message {msg.number}: {e}") from None
        events = self._valued(msg.sender, value)
        self._views[msg.sender] = view
        return events

    # ------------------------------------------------------------------ the game

    def _take(self, action: Any, actor: Side, line: str) -> list[Event]:
        """Apply an action sent by `actor` if it rolls no dice; else wait for both sides' values."""
        trial = self.game.clone()
        try:
            events = trial.apply(action)
        except NeedRandomness:
            self._asked = Asked(action, actor, bytes.fromhex(line_hash(line)), self.rolls + 1)
            self._values = {}
            return []
        self.game = trial
        return events

    def _valued(self, sender: Side, value: bytes) -> list[Event]:
        """A side's value for the waiting action; with both in, the action is applied."""
        asked = self._asked
        assert asked is not None
        values = {**self._values, sender: value}
        if len(values) < 2:
            self._values = values
            return []
        trial = self.game.clone()
        dice: SharedDice = trial.dice
        dice.keyed(roll_key(asked.context, values["rebel"], values["imperial"]))
        try:
            events = trial.apply(asked.action)
        finally:
            dice.keyed(None)
        self.game, self._asked, self._values, self.rolls = trial, None, {}, self.rolls + 1
        return events

    # ------------------------------------------------------------------ catching up after a break

    def sync(self) -> str:
        """The line each side sends on (re)connecting, outside the conversation: how many lines it holds
        and the hash of the last."""
        last = line_hash(self.lines[-1]) if self.lines else GENESIS
        return Message(0, last, self.side, "sync", str(len(self.lines))).signed(self.key)

    def missing_for(self, line: str) -> list[str]:
        """The opponent's sync line read: the lines of this copy that the opponent's lacks (none when its
        copy is as far or further); RemoteError("forked") when the two copies disagree."""
        msg = read_line(line, self.key)
        if msg.kind != "sync" or msg.number != 0 or not msg.body.isdigit() or len(msg.body) > 7:
            raise RemoteError("garbled", "the opponent did not open with how far its copy of the game is")
        count = int(msg.body)
        if count > len(self.lines):
            return []  # it is further on: it sends what this copy lacks, checked line by line as it comes
        held = line_hash(self.lines[count - 1]) if count else GENESIS
        if msg.prev != held:
            raise RemoteError("forked", f"the two copies of the game disagree at message {count}: the opponent's "
                                        "differs from this one's there (a changed or different save)")
        return self.lines[count:]

    @property
    def game_kind(self) -> str:
        """The game's kind as the record names it."""
        return self.game.record.header.game

    @property
    def waiting_for_values(self) -> bool:
        """Whether an action waits for chain values (its dice are not rolled yet)."""
        return self._asked is not None

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

from dataclasses import dataclass, replace
from typing import Any, Callable

from hothsim.kernel.engine import Event, IllegalAction, SecretsNeeded, Side, other
from hothsim.remote.chain import CHAIN_LENGTH, ChainError, ChainView, Commitment, HashChain, as_hex, check_reveal, \
    digest, from_hex, roll_key
from hothsim.remote.dice import NeedRandomness, SharedDice
from hothsim.remote.messages import GENESIS, Message, RemoteError, fields_of, line_hash, read_line

PROTOCOL = "1"

#: What the guest learns from the host's hello to open the same game: the fields of its body.
HELLO_FIELDS = ("protocol", "game", "scenario", "data", "options", "created", "host", "chain", "length")


@dataclass(frozen=True)
class Committed:
    """A secret committed in the conversation: whose, what it is (the game's name for it), its hash."""

    side: Side
    name: str
    digest: bytes
    opened: bool = False  # revealed since


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
                 opener: Opener | None = None, secrets: dict[int, Commitment] | None = None) -> None:
        """The host knows its side and has its game open; a guest knows neither until the host's hello
        (`side` and `host` None) and opens the game it describes with `opener`.  A copy rebuilt from its
        conversation knows its side and learns the rest from the first line, as a guest does; `secrets`
        are its own committed secrets by the number of their `commit` line (from its private file)."""
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
        self.secrets: dict[int, Commitment] = dict(secrets or {})  # this side's own, by commit line
        self.commitments: dict[int, Committed] = {}  # both sides', by commit line
        self.revealed: dict[int, str] = {}  # the opponent's secrets learnt, by commit line
        self.claim: tuple[Side, str] | None = None  # the side that claimed the game, and why
        self._held_back: str | None = None  # the secret an action sent waits for (SecretsNeeded)

    # ------------------------------------------------------------------ whose line is next

    def expected(self) -> tuple[Side, str] | None:
        """Who sends the next line and of what kind; None when the game is over (or claimed).  A decision
        is an `action`, or a `commit` where it is secret."""
        if self.host is None or self.claim is not None:
            return None
        if len(self.lines) < 2:
            return (self.host if not self.lines else other(self.host)), "hello"
        if self._held_back is not None:  # an action that needs the other side's secrets first
            return other(self.side), "reveal"
        due = [n for n in self.unrevealed() if self.commitments[n].name in self.game.revealed() or self.game.is_over]
        if due:  # the rules (or the end) have revealed a secret: its committer shows it
            return self.commitments[due[0]].side, "reveal"
        if self.game.is_over:
            return None
        if self._asked is not None:
            first = other(self._asked.actor)
            return (first if first not in self._values else self._asked.actor), "value"
        return self.game.pending.player, "action"

    def unrevealed(self, side: Side | None = None) -> list[int]:
        """The commit lines whose secret is not revealed yet (of one side, if given), oldest first."""
        return [n for n, c in sorted(self.commitments.items())
                if not c.opened and (side is None or c.side == side)]

    @property
    def my_turn(self) -> bool:
        """Whether this side sends the next line."""
        due = self.expected()
        return due is not None and due[0] == self.side

    @property
    def deciding(self) -> bool:
        """Whether this side has a decision of the game to make now (its player chooses an action; a
        secret one is committed)."""
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

    def act(self, action: Any, salt: bytes | None = None) -> tuple[list[str], list[Event]]:
        """This side's decision: the lines to send, and what happened if it rolled no dice (IllegalAction,
        nothing sent, if the rules forbid it).  A secret decision is sent as a commitment (under `salt`,
        else a fresh one; the caller keeps `secrets` in its private file before sending); a decision that
        reveals a secret of this side's is sent after the reveal."""
        if not self.deciding:
            raise IllegalAction("turn order", "it is not this side's decision")
        refusal = self.game.refusal(action)
        if refusal is not None:
            raise refusal
        name = self.game.secret_of(action)
        if name:
            secret = Commitment(action.notation(), salt) if salt is not None else Commitment.make(action.notation())
            self.secrets[len(self.lines) + 1] = secret
            line, events = self._send("commit", f"{name} {as_hex(secret.digest)}")
            return [line], events
        lines = []
        opened = self.game.reveals(action)
        for n in self.unrevealed(self.side):
            if self.commitments[n].name in opened:
                lines.append(self.reveal_line(n))
        line, events = self._send("action", action.notation())
        return lines + [line], events

    def respond(self) -> tuple[str, list[Event]]:
        """The line the protocol asks of this side that no player decides: its chain value for an action
        waiting on a roll, or a secret revealed at the end of the game."""
        due = self.expected()
        if due == (self.side, "reveal"):
            return self.reveal_line(self.unrevealed(self.side)[0]), []
        assert self._asked is not None and due == (self.side, "value")
        index = self._asked.index
        if index > self.chain.length:
            raise RemoteError("chain-spent", f"this side's chain of {self.chain.length} values is spent: the game "
                                             "has rolled more often than a chain serves")
        return self._send("value", f"{index} {as_hex(self.chain.value(index))}")

    def reveal_line(self, n: int) -> str:
        """This side's secret of commit line `n`, revealed (the line, sent at once)."""
        secret = self.secrets[n]
        return self._send("reveal", f"{n} {as_hex(secret.salt)} {secret.secret}")[0]

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
        early = msg.kind == "reveal" and due == (msg.sender, "action") and self.unrevealed(msg.sender)
        secret = msg.kind == "commit" and due == (msg.sender, "action") and self.game.pending_secret()
        claim = msg.kind == "claim" and due[0] != msg.sender and len(self.lines) >= 2  # while waiting
        if (msg.sender, msg.kind) != due and not early and not claim and not secret:
            raise RemoteError("out-of-turn", f"message {n} is {msg.kind!r} from the {msg.sender} side, where "
                                             f"{due[1]!r} from the {due[0]} side was due")
        handlers = {"hello": self._hello, "action": self._action, "value": self._value, "commit": self._commit,
                    "reveal": self._reveal, "claim": self._claimed}
        return handlers[msg.kind](msg, line)

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
        return self._take(self._legal(msg.body, msg), msg)

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

    def _commit(self, msg: Message, line: str) -> list[Event]:
        """A secret decision: this side's own is applied, the opponent's applied unseen (until revealed)."""
        name, _, digest = msg.body.partition(" ")
        if name != self.game.pending_secret():
            raise RemoteError("garbled", f"message {msg.number} commits to {name[:20]!r}, where the decision "
                                         f"pending is {self.game.pending_secret()!r}")
        try:
            committed = Committed(msg.sender, name, from_hex(digest, f"message {msg.number}'s commitment"))
        except ChainError as e:
            raise RemoteError("garbled", str(e)) from None
        known = self.secrets.get(msg.number) if msg.sender == self.side else None
        if msg.sender == self.side and known is None:
            raise RemoteError("bad-reveal", f"message {msg.number} is a secret of this side's that its private "
                                            "file does not hold")
        if known is not None and committed.digest != known.digest:
            raise RemoteError("bad-reveal", f"message {msg.number} does not commit to this side's own secret")
        notation = known.secret if known is not None else self.revealed.get(msg.number)
        trial = self.game.clone()
        if notation is None:
            try:
                events = trial.apply_unseen()
            except IllegalAction as e:  # a game whose secret this copy cannot go on without
                raise RemoteError("not-carried", f"message {msg.number}: {e}") from None
        else:
            action = self._legal(notation, msg)
            events = trial.apply(action)
        self.game = trial
        self.commitments[msg.number] = committed  # opened by its reveal line, when that comes
        return events

    def _reveal(self, msg: Message, line: str) -> list[Event]:
        """A secret revealed: checked against its commitment; the opponent's, once learnt, is put in its
        place and the game rebuilt from the conversation (every line checked again)."""
        number, _, rest = msg.body.partition(" ")
        salt_hex, _, notation = rest.partition(" ")
        n = int(number) if number.isdigit() and len(number) < 8 else -1
        committed = self.commitments.get(n)
        if committed is None or committed.side != msg.sender or committed.opened:
            raise RemoteError("bad-reveal", f"message {msg.number} reveals message {number[:8]!r}, which holds no "
                                            f"secret of the {msg.sender} side's still hidden")
        try:
            check_reveal(committed.digest, notation, from_hex(salt_hex, f"message {msg.number}'s salt"))
        except ChainError as e:
            raise RemoteError("bad-reveal", f"message {msg.number}: {e}") from None
        if msg.sender != self.side and n not in self.revealed:
            self._rebuild({**self.revealed, n: notation})
        self.commitments[n] = replace(self.commitments[n], opened=True)
        return []

    def claim_line(self, seconds: float) -> str:
        """This side claims the game: the other side owes the next line and has sent nothing for `seconds`
        (a claim is shown, not proven: nobody can prove a silence)."""
        due = self.expected()
        if due is None or due[0] == self.side or len(self.lines) < 2:
            raise RemoteError("no-claim", "a game can be claimed only while the other side owes the next line")
        return self._send("claim", f"the {due[0]} side sent nothing for {seconds:.0f} seconds")[0]

    def _claimed(self, msg: Message, line: str) -> list[Event]:
        self.claim = (msg.sender, msg.body[:200])
        return []

    def _rebuild(self, revealed: dict[int, str]) -> None:
        """This copy again from its conversation, with the opponent's secrets learnt in their places: the
        game as it has been all along (its record then matches the opponent's)."""
        fresh = Peer(self.side, self.key, self.chain, None, opener=self._opener, secrets=self.secrets)
        fresh.revealed = revealed
        try:
            for line in self.lines:
                fresh.accept(line)
        except RemoteError as e:
            raise RemoteError("bad-reveal", f"the revealed secret does not fit the game played ({e})") from None
        for name in ("game", "rolls", "_views", "_asked", "_values", "commitments", "revealed", "claim", "_held_back"):
            setattr(self, name, getattr(fresh, name))

    def _legal(self, notation: str, msg: Message) -> Any:
        """An action read from a line and checked against the rules."""
        try:
            action = self.game.parse_action(notation)
        except ValueError as e:
            raise RemoteError("illegal", f"message {msg.number}: {notation[:60]!r} is not an action ({e})") from None
        refusal = self.game.refusal(action)
        if refusal is not None:
            raise RemoteError("illegal", f"message {msg.number}: the {msg.sender} side's {notation[:60]!r} is "
                                         f"against the rules ({refusal.rule}: {refusal})")
        return action

    # ------------------------------------------------------------------ the game

    def _take(self, action: Any, msg: Message) -> list[Event]:
        """Apply an action a line sent if it rolls no dice; else wait for both sides' values."""
        trial = self.game.clone()
        try:
            events = trial.apply(action)
        except SecretsNeeded as e:  # applied once the other side's secrets are revealed (see _reveal)
            self._held_back = e.name
            return []
        except NeedRandomness:
            # The roll is bound to the action's line (its number makes it unique), not to the hashes before
            # it: a secret committed earlier changes those, and must not change the dice.
            context = digest(b"hothsim-action", str(msg.number).encode(), msg.sender.encode(), msg.body.encode())
            self._asked = Asked(action, msg.sender, context, self.rolls + 1)
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
        msg, count = self._synced(line)
        if self.claim is not None and self.claim[0] == self.side and count >= len(self.lines):
            # The other side holds a line where this side's claim stands: it had answered, and its line was
            # lost on the way (this copy stopped first).  The claim is withdrawn; the game goes on.
            self.lines.pop()
            self.claim = None
        if count > len(self.lines):
            return []  # it is further on: it sends what this copy lacks, checked line by line as it comes
        held = line_hash(self.lines[count - 1]) if count else GENESIS
        if msg.prev != held:
            raise RemoteError("forked", f"the two copies of the game disagree at message {count}: the opponent's "
                                        "differs from this one's there (a changed or different save)")
        return self.lines[count:]

    def fork_notice(self, at: int) -> str:
        """The line that tells the other side the two copies disagree at message `at` (outside the
        conversation, like a sync line)."""
        return Message(0, GENESIS, self.side, "sync", f"fork-{at}").signed(self.key)

    def fork_at(self, line: str) -> int | None:
        """The message at which the other side says the copies disagree, if `line` says so (None for any
        other line)."""
        if not line.startswith("0 "):
            return None
        msg = read_line(line, self.key)
        body = msg.body.removeprefix("fork-")
        return int(body) if msg.kind == "sync" and msg.body.startswith("fork-") and body.isdigit() else None

    def held_by(self, line: str) -> int:
        """How many lines the opponent's copy holds, by its sync line."""
        return self._synced(line)[1]

    def _synced(self, line: str) -> tuple[Message, int]:
        msg = read_line(line, self.key)
        if msg.kind != "sync" or msg.number != 0 or not msg.body.isdigit() or len(msg.body) > 7:
            raise RemoteError("garbled", "the opponent did not open with how far its copy of the game is")
        return msg, int(msg.body)

    @property
    def game_kind(self) -> str:
        """The game's kind as the record names it."""
        return self.game.record.header.game

    @property
    def waiting_for_values(self) -> bool:
        """Whether an action waits for chain values (its dice are not rolled yet)."""
        return self._asked is not None

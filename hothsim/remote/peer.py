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

from hothsim.kernel.engine import SIDES, Event, IllegalAction, SecretsNeeded, Side, other
from hothsim.kernel.record import GameRecord
from hothsim.remote.chain import CHAIN_LENGTH, ChainError, ChainView, Commitment, HashChain, as_hex, check_reveal, \
    digest, from_hex, roll_key
from hothsim.remote.dice import NeedRandomness, SharedDice
from hothsim.remote.door import VERSION
from hothsim.remote.identity import KEY_HEX, Identity, proof, proof_holds, verify
from hothsim.remote.messages import GENESIS, Message, Received, RemoteError, fields_of, forged, line_hash, read_line

PROTOCOL = VERSION

#: What the guest learns from the host's hello to open the same game: the fields of its body.
HELLO_FIELDS = ("protocol", "game", "scenario", "data", "options", "created", "host", "chain", "length", "sign")
#: What each side's hello announces: its chain's head and length, and its public signing key.
GUEST_FIELDS = ("chain", "length", "sign")
#: What a hello's proof (the invitation's HMAC) is for, and a finished record's seal.
HELLO_PURPOSE = b"hothsim-hello"
SEAL_PURPOSE = b"hothsim-seal"


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
#: are `SharedDice`; raises RemoteError if this copy of hothsim cannot (or will not: a hello without the
#: options remote play requires).
Opener = Callable[[dict[str, str]], Any]


@dataclass(frozen=True)
class Sync:
    """The other side's sync line read: how many lines its copy holds and the hash of the last, or the
    message at which it found the two copies disagree (`fork`).  A side whose last line is its own claim
    counts the lines before it (`claimed` is the claim's number), so that a real line in its place wins."""

    sender: Side
    count: int
    last: str
    claimed: int = 0
    fork: int | None = None
    received: Received | None = None  # kept to be checked once the sender's key is known
    verified: bool = True


class Peer:
    """One side's copy of the conversation and of the game it drives."""

    def __init__(self, side: Side | None, key: bytes, chain: HashChain, host: Side | None, game: Any = None,
                 opener: Opener | None = None, secrets: dict[int, Commitment] | None = None,
                 identity: Identity | None = None) -> None:
        """The host knows its side and has its game open; a guest knows neither until the host's hello
        (`side` and `host` None) and opens the game it describes with `opener`.  A copy rebuilt from its
        conversation knows its side and learns the rest from the first line, as a guest does; `secrets`
        are its own committed secrets by the number of their `commit` line, `identity` its signing key
        (both from its private file; a new key if none is given)."""
        self.side: Side = side or "rebel"
        self._side_known = side is not None
        self.host: Side | None = host
        self.key = key
        self.chain = chain
        self.identity = identity or Identity.fresh()
        self.game = game
        self.lines: list[str] = []
        self.rolls = 0  # random actions completed: the next uses chain value rolls + 1 of each side
        self._opener = opener
        self.keys: dict[Side, str] = {}  # each side's public signing key, from its hello
        self._views: dict[Side, ChainView] = {}  # each side's chain as far as it is revealed
        self._asked: Asked | None = None
        self._values: dict[Side, bytes] = {}
        self.secrets: dict[int, Commitment] = dict(secrets or {})  # this side's own, by commit line
        self.commitments: dict[int, Committed] = {}  # both sides', by commit line
        self.revealed: dict[int, str] = {}  # the opponent's secrets learnt, by commit line
        self.claim: tuple[Side, str] | None = None  # the side that claimed the game, and why
        self.seals: dict[Side, str] = {}  # each side's signature of the finished record
        self._held_back: str | None = None  # the secret an action sent waits for (SecretsNeeded)

    # ------------------------------------------------------------------ whose line is next

    def expected(self) -> tuple[Side, str] | None:
        """Who sends the next line and of what kind; None when the game is over and sealed (or claimed).
        A decision is an `action`, or a `commit` where it is secret."""
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
            unsealed = [s for s in SIDES if s not in self.seals]
            return (unsealed[0], "seal") if unsealed else None
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
        """The host's first line (the host's game must be open) or the guest's answer to it: this side's
        chain head and public key, with the invitation's HMAC of the line."""
        ours = f"chain={as_hex(self.chain.head)} length={self.chain.length} sign={self.identity.public}"
        if self.side == self.host:
            h = self.game.record.header
            body = (f"protocol={PROTOCOL} game={self.game_kind} scenario={h.scenario} data={h.data} "
                    f"options={h.options.replace(' ', ',')} created={h.created} host={self.host} {ours}")
        else:
            body = ours
        prev = line_hash(self.lines[-1]) if self.lines else GENESIS
        unproved = Message(len(self.lines) + 1, prev, self.side, "hello", body).unsigned
        return self._send("hello", f"{body} proof={proof(self.key, HELLO_PURPOSE, unproved)}")[0]

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
        waiting on a roll, a secret revealed at the end of the game, or its seal of the finished record."""
        due = self.expected()
        if due == (self.side, "reveal"):
            return self.reveal_line(self.unrevealed(self.side)[0]), []
        if due == (self.side, "seal"):
            return self._send("seal", self.identity.sign(SEAL_PURPOSE, self.game.record.to_text()))
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
        line = Message(len(self.lines) + 1, prev, self.side, kind, body).signed(self.identity)
        return line, self.accept(line)

    # ------------------------------------------------------------------ the opponent's lines

    def receive(self, line: str) -> list[Event]:
        """A line that came from the opponent (over the connection, in a turn by mail, at a catch-up):
        never one of this side's own unless it is byte for byte one this copy holds (then nothing
        changes), and one the opponent holds where this side's claim stands withdraws the claim, but only
        if it passes every check.  RemoteError names what is wrong, and then nothing has changed."""
        received = read_line(line)
        msg = received.message
        held = self.lines[msg.number - 1] if 1 <= msg.number <= len(self.lines) else None
        if held == line:
            return []  # a line both copies hold already (a turn read twice, a catch-up overlapping)
        if self.side_known and msg.sender == self.side:
            raise RemoteError("own-side", f"message {msg.number} is written in this side's ({self.side}) name, and "
                                          "this copy never sent it: only the opponent's own lines are taken from it")
        if held is not None and msg.number == len(self.lines) and self._own_claim_last():
            claimed, claim = self.lines.pop(), self.claim
            self.claim = None
            try:  # the line this side's claim stands in place of: it had come after all
                return self.accept(line)
            except BaseException:
                self.lines.append(claimed)
                self.claim = claim
                raise
        if held is not None and self._superseded_claim(received, held):
            return []  # the other side claimed where this copy holds the line it waited for: the line stands
        if held is not None:
            raise RemoteError("forked", f"the two copies of the game disagree at message {msg.number}")
        return self.accept(line)

    def _superseded_claim(self, received: Received, held: str) -> bool:
        """Whether a line is the other side's claim, signed by it, standing where this copy holds a real line
        of its own that follows the same line before (so the claim crossed a line lost on the way)."""
        msg = received.message
        n = msg.number
        prev = line_hash(self.lines[n - 2]) if n >= 2 else GENESIS
        public = self.keys.get(msg.sender, "")
        return (msg.kind == "claim" and msg.sender != self.side and msg.prev == prev and bool(public)
                and received.authentic(public) and read_line(held).message.sender == self.side)

    def _own_claim_last(self) -> bool:
        return self.claim is not None and self.claim[0] == self.side and bool(self.lines)

    def accept(self, line: str) -> list[Event]:
        """A line of the conversation checked and applied (this side's own as it sends it, or one read back
        from its own files; the opponent's come through `receive`); RemoteError names what is wrong, and
        then nothing has changed."""
        received = read_line(line)
        msg = received.message
        n = len(self.lines) + 1
        if msg.number != n:
            raise RemoteError("out-of-order", f"message {msg.number} arrived where message {n} was due")
        prev = line_hash(self.lines[-1]) if self.lines else GENESIS
        if msg.prev != prev:
            raise RemoteError("forked", f"message {n} does not follow message {n - 1} as this side holds it: "
                                        f"the two copies of the game differ from message {n - 1} on")
        self._authentic(received)
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
                if not self._side_known:
                    self.side = "rebel"
            raise
        self.lines.append(line)
        return events

    def _authentic(self, received: Received) -> None:
        """RemoteError unless the line is signed by the key its sender announced; a hello announces the key
        and carries the invitation's HMAC of its fields (so only the two players can open a game)."""
        msg = received.message
        if msg.kind == "hello":
            body, sep, tag = msg.body.rpartition(" proof=")
            unproved = replace(msg, body=body).unsigned
            if not sep or len(tag) != 64 or not proof_holds(self.key, HELLO_PURPOSE, unproved, tag):
                raise RemoteError("forged", f"message {msg.number} is not made with this game's invitation "
                                            "(changed on the way, or sent by someone without the invitation)")
            public = next((p[5:] for p in body.split() if p.startswith("sign=")), "")
            if len(public) != KEY_HEX or any(c not in "0123456789abcdef" for c in public):
                raise RemoteError("garbled", f"message {msg.number} announces no signing key")
        else:
            public = self.keys.get(msg.sender, "")
            if not public:
                raise RemoteError("out-of-turn", f"message {msg.number} came before the {msg.sender} side's hello")
        if not received.authentic(public):
            raise forged(msg.number, msg.sender)

    def _checked(self, msg: Message, line: str, n: int) -> list[Event]:
        due = self.expected()
        if due is None:
            raise RemoteError("out-of-turn", f"message {n} came after the end of the game")
        early = msg.kind == "reveal" and due == (msg.sender, "action") and self.unrevealed(msg.sender)
        secret = msg.kind == "commit" and due == (msg.sender, "action") and self.game.pending_secret()
        claim = (msg.kind == "claim" and due[0] != msg.sender and len(self.lines) >= 2
                 and not self.game.is_over)  # while waiting for the other side's move
        if (msg.sender, msg.kind) != due and not early and not claim and not secret:
            raise RemoteError("out-of-turn", f"message {n} is {msg.kind!r} from the {msg.sender} side, where "
                                             f"{due[1]!r} from the {due[0]} side was due")
        handlers = {"hello": self._hello, "action": self._action, "value": self._value, "commit": self._commit,
                    "reveal": self._reveal, "claim": self._claimed, "seal": self._sealed}
        return handlers[msg.kind](msg, line)

    def _hello(self, msg: Message, line: str) -> list[Event]:
        names = HELLO_FIELDS if msg.sender == self.host else GUEST_FIELDS
        f = fields_of(msg.body.rpartition(" proof=")[0], names, msg.number)
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
        if msg.sender == self.side and (head != self.chain.head or length != self.chain.length
                                        or f["sign"] != self.identity.public):
            raise RemoteError("bad-value", f"message {msg.number} commits to a chain or a key other than this "
                                           "side's own (the private file beside the save is not this game's)")
        if msg.sender != self.side and f["sign"] == self.identity.public:
            raise RemoteError("bad-value", f"message {msg.number} announces this side's own key as the other's")
        self._views[msg.sender] = ChainView(head, 0, length)
        self.keys[msg.sender] = f["sign"]
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
                events: list[Event] = trial.apply_unseen()
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
        (whether that is long enough is the caller's to say: a claim is shown, not proven, since nobody can
        prove a silence).  A side that owes its chain value for a roll is named as having left at it."""
        due = self.expected()
        if due is None or due[0] == self.side or len(self.lines) < 2 or self.game.is_over:
            raise RemoteError("no-claim", "a game can be claimed only while it goes on and the other side owes "
                                          "the next line")
        why = f"the {due[0]} side sent nothing for {seconds:.0f} seconds"
        if due[1] == "value" and self._asked is not None:
            action = self._asked.action.notation()
            knew = " (it could already work out the roll)" if self._asked.actor == due[0] and self._values else ""
            why += f", leaving at the roll of {action[:80]} (its chain value {self._asked.index}){knew}"
        return self._send("claim", why)[0]

    def _claimed(self, msg: Message, line: str) -> list[Event]:
        self.claim = (msg.sender, msg.body[:300])
        return []

    def _sealed(self, msg: Message, line: str) -> list[Event]:
        """A side's signature of the finished record: it must be of this copy's record, by that side's key."""
        if not verify(self.keys[msg.sender], SEAL_PURPOSE, self.game.record.to_text(), msg.body):
            raise RemoteError("forked", f"message {msg.number}: the {msg.sender} side's seal is not of this copy's "
                                        "record (the two records differ at the end of the game)")
        self.seals[msg.sender] = msg.body
        return []

    def sealed_record(self) -> GameRecord:
        """The game's record, carrying both sides' seals once both are in (then anyone can check who played
        it with `hothsim validate`)."""
        record: GameRecord = self.game.record
        if len(self.seals) < 2:
            return record
        return replace(record, seals=tuple(f"sealed {side} {self.keys[side]} {self.seals[side]}" for side in SIDES))

    def _rebuild(self, revealed: dict[int, str]) -> None:
        """This copy again from its conversation, with the opponent's secrets learnt in their places: the
        game as it has been all along (its record then matches the opponent's)."""
        fresh = Peer(self.side, self.key, self.chain, None, opener=self._opener, secrets=self.secrets,
                     identity=self.identity)
        fresh.revealed = revealed
        try:
            for line in self.lines:
                fresh.accept(line)
        except RemoteError as e:
            raise RemoteError("bad-reveal", f"the revealed secret does not fit the game played ({e})") from None
        for name in ("game", "rolls", "keys", "_views", "_asked", "_values", "commitments", "revealed", "claim", "seals",
                     "_held_back"):
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
            events: list[Event] = trial.apply(action)
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
            events: list[Event] = trial.apply(asked.action)
        finally:
            dice.keyed(None)
        self.game, self._asked, self._values, self.rolls = trial, None, {}, self.rolls + 1
        return events

    # ------------------------------------------------------------------ catching up after a break

    @property
    def side_known(self) -> bool:
        """Whether this copy knows its side (a new guest learns it from the host's hello)."""
        return self._side_known or self.host is not None

    def sync(self, session: str, side: Side | None = None) -> str:
        """The line each side sends when the two meet (outside the conversation, signed, naming the meeting
        so that it cannot be replayed at another): how many lines this copy holds and the hash of the
        last.  Where its last line is its own claim, it counts the lines before the claim, so that the
        other side's real line, if it holds one there, is sent and wins.  A new guest, which does not know
        its side yet, names the side the host's sync leaves it (`side`)."""
        count, claimed = len(self.lines), 0
        if self._own_claim_last():
            count, claimed = count - 1, count
        last = line_hash(self.lines[count - 1]) if count else GENESIS
        body = f"count={count} claimed={claimed} session={session}"
        return Message(0, last, side or self.side, "sync", body).signed(self.identity)

    def fork_notice(self, at: int, session: str) -> str:
        """The line that tells the other side the two copies disagree at message `at` (outside the
        conversation, like a sync line)."""
        return Message(0, GENESIS, self.side, "sync", f"fork={at} session={session}").signed(self.identity)

    def read_sync(self, line: str, session: str) -> Sync:
        """The other side's sync line (or fork notice) of this meeting, checked: its form, that it names
        this meeting, that it is not in this side's name, and its signature if the sender's key is known
        yet (else `confirm` checks it once the sender's hello is in)."""
        received = read_line(line)
        msg = received.message
        if msg.kind != "sync" or msg.number != 0:
            raise RemoteError("garbled", "the opponent did not open with how far its copy of the game is")
        fork = msg.body.startswith("fork=")
        f = fields_of(msg.body, ("fork", "session") if fork else ("count", "claimed", "session"), 0)
        numbers = [f[name] for name in (("fork",) if fork else ("count", "claimed"))]
        if not all(v.isdigit() and len(v) <= 7 for v in numbers):
            raise RemoteError("garbled", "a sync line whose counts are not numbers")
        if f["session"] != session:
            raise RemoteError("replayed", "a sync line of another meeting (sent again by someone)")
        if self.side_known and msg.sender == self.side:
            raise RemoteError("own-side", "a sync line in this side's own name came from the other side")
        public = self.keys.get(msg.sender)
        if public is not None and not received.authentic(public):
            raise forged(0, msg.sender)
        if fork:
            return Sync(msg.sender, 0, GENESIS, fork=int(f["fork"]))
        count, claimed = int(f["count"]), int(f["claimed"])
        if claimed and claimed != count + 1:
            raise RemoteError("garbled", "a sync line whose claim is not its next line")
        return Sync(msg.sender, count, msg.prev, claimed, received=received, verified=public is not None)

    def confirm(self, sync: Sync) -> None:
        """A sync line read before its sender's key was known, checked now that its hello is in."""
        public = self.keys.get(sync.sender)
        if not sync.verified and sync.received is not None and public is not None and \
                not sync.received.authentic(public):
            raise forged(0, sync.sender)
        if self.side_known and sync.sender == self.side:
            raise RemoteError("own-side", "a sync line in this side's own name came from the other side")

    def plan(self, sync: Sync) -> tuple[list[str], int]:
        """What meeting the other side calls for: the lines of this copy its copy lacks, and how many lines
        this copy should hold once the other side's are in.  RemoteError("forked") where the copies
        disagree.  A claim stands until a real line in its place arrives: this side's is kept back from a
        copy that holds a line there, the other side's is not asked for where this copy holds one."""
        mine, count = len(self.lines), sync.count
        claimed_here = self._own_claim_last()
        if count <= mine and not (claimed_here and count == mine):
            held = line_hash(self.lines[count - 1]) if count else GENESIS
            if sync.last != held:
                raise RemoteError("forked", f"the two copies of the game disagree at message {count}: the "
                                            "opponent's differs from this one's there (a changed or different save)")
        send = self.lines[count:] if count < mine else []
        target = count
        if claimed_here and count == mine and sync.last == line_hash(self.lines[-1]):
            target = mine - 1  # it holds this side's claim already: nothing stands against it
        if sync.claimed and mine < sync.claimed:
            target = sync.claimed  # its claim: this copy has nothing in its place
        return send, target

    def behind(self, target: int) -> bool:
        """Whether lines are still to come from the other side at a meeting (`plan`'s target): fewer lines
        than it holds, or this side's claim where it holds a real line."""
        return len(self.lines) < target or (self._own_claim_last() and len(self.lines) <= target)

    @property
    def game_kind(self) -> str:
        """The game's kind as the record names it."""
        kind: str = self.game.record.header.game
        return kind

    @property
    def waiting_for_values(self) -> bool:
        """Whether an action waits for chain values (its dice are not rolled yet)."""
        return self._asked is not None


def sealed_by(record: GameRecord) -> dict[Side, str]:
    """The public keys whose seals a finished record carries, each checked against the record (anyone
    can check them: no secret is needed); RemoteError names a seal that is not of this record."""
    keys: dict[Side, str] = {}
    text = record.unsealed_text()
    for seal in record.seals:
        _, side, public, signature = seal.split(" ")
        if side in keys or not verify(public, SEAL_PURPOSE, text, signature):
            raise RemoteError("forged", f"the {side} side's seal is not a signature of this record (the record was "
                                        "changed after it was sealed, or the seal was made for another)")
        keys["rebel" if side == "rebel" else "imperial"] = public
    return keys

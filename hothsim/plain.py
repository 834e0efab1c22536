"""The plain-text mode (`hothsim play --plain`, `resume --plain`): the game as lines of text.

For players who use a screen reader or a braille display, and for any terminal without curses.  It reads
one command a line and only ever appends lines: no cursor movement, no colour, no box drawing; every
character written is printable or a newline.  Whenever a decision is pending it says whose it is and
lists the choices, numbered, each line beginning with the action's notation; a number or the notation
itself makes the choice, and the save records exactly that action.  Questions (`status`, `near`, `map`
...) cost no game time.  The words come from hothsim.describe, through the deciding side's observation
when two people share the keyboard, or the person's side against the computer.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from hothsim.ai import derive_seed, player_named
from hothsim.describe import Describer, side_words, spoken, unit_named, units_meant
from hothsim.describe.describers import words_for
from hothsim.games import kind_of
from hothsim.kernel.engine import GameView, IllegalAction, NotationError, Side
from hothsim.kernel.words import count
from hothsim.match import think_within
from hothsim.session import HINT_CEILING, HINT_STEPS, REMOTE, Session

#: Decisions of set-up, which `auto` finishes.
SET_UP = ("place", "board")

#: Choices listed one a line before the list is summed up by unit instead.
LISTED = 24

#: Units whose moves are summed up a line each; with more, one line names them all.
SUMMED = 4

#: Written before each line is read (on a terminal): printable, and it tells a program driving the game
#: that a command is awaited.
PROMPT = "> "

#: Log lines said when a saved game is resumed.
RECALLED = 5

#: Log lines `log` shows unless told how many.
LOG_LINES = 10

HELP = (
    "Commands (a number or an action's notation makes a choice; everything else costs no game time):",
    "choices: the pending decision and its choices again.",
    "status: the round, who acts, how the sides stand.",
    "units, units mine, units enemy: every unit in a line.",
    "look SQUARE or look UNIT: what is there, or a unit's card.",
    "near UNIT: enemies and friends by distance and direction, with line of sight and cover.",
    "targets UNIT: that unit's attacks with their odds, numbered.",
    "moves UNIT: every move or set-up place of that unit, numbered.",
    "around UNIT: the neighbouring squares or hexes, clockwise from north.",
    "landmarks: the named places of the map.",
    "log, or log N: the last lines of what happened.",
    "why: the reason the last choice was refused, with its rule.",
    "map: the map read aloud, a row at a time; map grid: the map as a grid of characters.",
    "hint: what the computer would choose in your place (it is not applied).",
    "auto: set up the rest of your side as the computer would (undo takes it back, one at a time).",
    "undo: take back your last decision, where the rules allow it.",
    "quit: stop; the game stays saved (the end of input does the same).",
    "A UNIT left out means the one deciding now.",
)


class PlainPlay:
    """One game played a line at a time through `read` (given the prompt; None at the end of input) and
    `write` (a line)."""

    def __init__(self, session: Session, read: Callable[[str], str | None], write: Callable[[str], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self.read = read
        self._write = write
        self.clock = clock
        self.words: Describer[Any, Any] = words_for(session.game)  # the game's kind never changes in a session
        self.menu: list[Any] = []  # the pending decision's choices; number n is menu[n - 1]
        self.numbers: dict[Any, int] = {}  # each choice of the menu to its number
        self.menu_for = -1  # the record length the menu was made for
        self.refusal = ""  # the last refusal, for `why`
        self.confirm: Any = None  # a choice with a warning, applied if given again at once
        self.logged = len(session.log)
        self.hands: Side | None = None  # hot-seat: the side last handed the keyboard
        self.waiting = False  # at two machines: the wait for the other machine is said (until we decide)

    # ------------------------------------------------------------------ output

    def say(self, *lines: str) -> None:
        """Write lines, each made plain (no control characters, no arrows)."""
        for line in lines:
            self._write(spoken(line))

    @property
    def game(self) -> GameView:
        """The game in play (a new copy after an undo)."""
        return self.session.game


    @property
    def viewer(self) -> Side | None:
        """Whose eyes the words are for: the person against the computer, else the side deciding."""
        return self.session.viewer or self.game.pending.player or self.hands

    def news(self) -> None:
        """The log lines added since last said."""
        fresh = self.session.log[self.logged:]
        self.logged = len(self.session.log)
        self.say(*fresh)

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play until the game ends or the player stops; 0 (the game is saved after every decision)."""
        game = self.game
        title = kind_of(game).title
        name = game.setup.scenario_name
        self.say(f"hothsim plain mode: {name}" + ("" if name == title else f", {title}") + ".",
                 f"Goal: {game.objective()}", self._sides(), "Type help for the commands.")
        if self.session.log:  # a resumed game: where it stood
            self.say("The game so far, its last lines:", *self.session.log[-RECALLED:])
        while True:
            self.news()
            if self.game.is_over:
                self.say(self.words.decision(self.game), "The game is saved; replay it with hothsim replay.")
                return 0
            if self.session.computer() is not None:
                self.computer_turn()
                continue
            if self.session.answer_alone():
                continue
            if self.session.remote_turn:
                self.remote_turn()
                continue
            self.hand_over()
            self.waiting = False
            if self.menu_for != len(self.game.record.entries):
                self.list_choices()
            line = self.read(PROMPT)
            if line is None:
                self.say("End of input: the game is saved.")
                return 0
            if not self.command(line.strip()):
                self.say("Stopped: the game is saved.")
                return 0

    def _sides(self) -> str:
        """Who plays each side."""
        people = [side_words(s) for s, who in self.session.players.items() if who == "person"]
        if REMOTE in self.session.players.values():
            return f"You play the {people[0]} side against a player at another machine."
        if len(people) == 2:
            return "Two players share this keyboard: each is told when to decide."
        if people:
            return f"You play the {people[0]} side against the computer."
        return "The computer plays both sides."

    def hand_over(self) -> None:
        """Hot-seat: say when the keyboard passes to the other player."""
        side = self.game.pending.player
        if self.session.against_computer or side is None or side == self.hands:
            return
        if self.hands is not None:
            self.say(f"Hand over: the {side_words(side)} player decides now.")
        self.hands = side

    def computer_turn(self) -> None:
        """The computer decides within its think time; its reason and what happened are said."""
        self.session.apply_choice(self.thought(self.session.thinking))

    def remote_turn(self) -> None:
        """A game at two machines: wait for the other player's line (the session stops, saved, when the
        other machine stays silent too long)."""
        side = self.game.pending.player
        if not self.waiting:
            self.waiting = True
            self.say(f"Waiting for the {side_words(side)} player at the other machine." if side else
                     "Waiting for the other machine.")
        broken = self.session.broken
        self.session.poll()
        if self.session.broken and not broken:
            self.say(self.session.log[-1])  # the connection broke: said once, then waited on

    def thought(self, begin: Callable[[], Any]) -> Any:
        """A search begun by `begin` and stepped until it is settled or the session's think time has passed
        (counted from before it began, so that dealing its root is part of its time); its choice."""
        return think_within(begin, self.session.think, self.clock)

    # ------------------------------------------------------------------ choices

    def list_choices(self) -> None:
        """Say the decision and its choices: numbered one a line when few, else summed up by unit (with
        the commands that list them).  Moves and set-up places are summed up by unit, and the costlier forms
        of a shot (Luke's Force, combined fire) counted: `moves` and `targets` list them, numbered."""
        game, words = self.game, self.words
        legal = list(game.legal_actions())
        shots = [a for a in legal if words.is_shot(a) and not words.is_variant(a)]
        variants = [a for a in legal if words.is_shot(a) and words.is_variant(a)]
        spread = [a for a in legal if words.is_spread(a)]
        rest = [a for a in legal if not words.is_shot(a) and not words.is_spread(a)]
        self.menu = shots + rest + variants + spread
        self.numbers = {a: i for i, a in enumerate(self.menu, 1)}
        self.menu_for = len(game.record.entries)
        self.say(words.decision(game))
        listed = shots + rest
        if len(listed) <= LISTED:
            self.numbered(listed)
        else:
            self._by_unit(listed)
        for unit, actions in _by_actor(words, variants).items():
            self.say(f"{unit}: {count(len(actions), 'more way')} to attack, with Force or allies' fire: type "
                     f"'targets {unit}'.")
        movers = _by_actor(words, spread)
        if len(movers) > SUMMED:
            self.say(f"{count(len(movers), words.unit_word)} may move or be placed: {', '.join(movers)}. Type "
                     "'moves UNIT' for where one may go.")
            return
        for unit, actions in movers.items():
            self.say(words.spread_summary(game, unit, actions))

    def _by_unit(self, actions: list[Any]) -> None:
        """Too many choices for one a line: those about no unit numbered, each unit's counted."""
        words = self.words
        for unit, mine in _by_actor(words, actions).items():
            if not unit:
                self.numbered(mine)
                continue
            shots = [a for a in mine if words.is_shot(a)]
            if not shots:
                self.say(f"{unit}: {count(len(mine), 'choice')}; type 'moves {unit}'.")
                continue
            self.say(f"{unit}: {count(len(shots), 'attack')}; type 'targets {unit}' for each.")

    def numbered(self, actions: list[Any]) -> None:
        """Say actions with their numbers in the menu."""
        self.say(*(f"{self.numbers[a]}. {self.words.choice(self.game, a)}" for a in actions))

    # ------------------------------------------------------------------ commands

    def command(self, line: str) -> bool:
        """Answer one line; False when the player stops."""
        if not line:
            return True
        verb, _, rest = line.partition(" ")
        verb = verb.lower()
        rest = rest.strip()
        if verb in ("quit", "q", "exit"):
            return False
        asks = {"help": self.help, "?": self.help, "choices": self.choices, "status": self.status,
                "units": self.units, "look": self.look, "near": self.near, "targets": self.targets,
                "moves": self.moves, "around": self.around, "landmarks": self.landmarks, "log": self.log,
                "why": self.why, "map": self.map, "hint": self.hint, "undo": self.undo, "auto": self.auto}
        if verb in asks:
            asks[verb](rest)
            return True
        self.choose(line)
        return True

    def help(self, _: str) -> None:
        """The commands."""
        self.say(*HELP)

    def choices(self, _: str) -> None:
        """The decision and its choices again."""
        self.list_choices()

    def status(self, _: str) -> None:
        """Where the game stands."""
        self.say(*self.words.status(self.game, self.viewer))

    def units(self, which: str) -> None:
        """Every unit, the viewer's or the enemy's."""
        which = which.lower() or "all"
        if which not in ("all", "mine", "enemy"):
            self.say("units takes mine, enemy, or nothing.")
            return
        self.say(*self.words.units(self.game, self.viewer, which))

    def look(self, what: str) -> None:
        """A square, a hex or a unit (the one acting when none is named); the one acting says so."""
        actor = self.game.pending.actor
        lines = self.words.look(self.game, self.viewer, what or actor or "")
        if lines and actor and "acting now" not in lines[0] and unit_named(self.words.unit_ids(self.game, self.viewer), what or actor) == actor:
            lines[0] = f"{lines[0].rstrip('.')}; acting now."
        self.say(*(lines or [f"look: name a {self.words.place_word} (like {self._example()}) or a unit."]))

    def _unit(self, text: str, verb: str) -> str | None:
        """The unit a command names (the deciding unit when none is named); says why when there is none."""
        game = self.game
        if not text:
            actor: str | None = game.pending.actor
            if actor:
                return actor
            self.say(f"{verb}: name a {self.words.unit_word}, like {verb} {self._any_unit()}.")
            return None
        meant = units_meant(self.words.unit_ids(game, self.viewer), text)
        if len(meant) == 1:
            return meant[0]
        if meant:
            self.say(f"{verb}: {text!r} could be {', '.join(meant)}.")
        else:
            self.say(f"{verb}: no {self.words.unit_word} is called {text!r}; type 'units' to list them.")
        return None

    def near(self, text: str) -> None:
        """Enemies and friends by distance."""
        uid = self._unit(text, "near")
        if uid:
            self.say(*self.words.near(self.game, self.viewer, uid))

    def around(self, text: str) -> None:
        """The neighbouring squares or hexes."""
        uid = self._unit(text, "around")
        if uid:
            self.say(*self.words.around(self.game, self.viewer, uid))

    def targets(self, text: str) -> None:
        """A unit's attacks, numbered."""
        uid = self._unit(text, "targets")
        if uid:
            shots = [a for a in self.menu if self.words.is_shot(a) and self.words.actor(a) == uid]
            if not shots:
                self.say(f"targets: {uid} has no attack to choose now.")
            self.numbered(shots)

    def moves(self, text: str) -> None:
        """A unit's moves or set-up places, numbered."""
        uid = self._unit(text, "moves")
        if uid:
            spread = [a for a in self.menu if self.words.is_spread(a) and self.words.actor(a) == uid]
            if not spread:
                self.say(f"moves: {uid} has no move to choose now.")
            ends: dict[object, Any] = {}
            for a in sorted(spread, key=lambda a: len(a.notation())):  # the shortest way to each end
                ends.setdefault(self.words.same_end(self.game, a), a)
            heading, shown = self.words.in_order(self.game, [a for a in spread if a in ends.values()])
            if heading:
                self.say(heading)
            self.numbered(shown)
            if len(shown) < len(spread):
                self.say(f"moves: {count(len(spread) - len(shown), 'other way')} to the same places and facings "
                         "left out; any may be typed in its notation.")

    def landmarks(self, _: str) -> None:
        """The named places of the map."""
        self.say(*self.words.landmarks(self.game, self.viewer))

    def log(self, text: str) -> None:
        """The last lines of the log."""
        n = int(text) if text.isdigit() else LOG_LINES
        self.say(*(self.session.log[-n:] or ["The log is empty."]))

    def why(self, _: str) -> None:
        """The last refusal."""
        self.say(self.refusal or "Nothing has been refused.")

    def map(self, text: str) -> None:
        """The map read aloud a row at a time, or (`map grid`) as a grid of characters."""
        if text.strip() == "grid":
            self.say(*self.words.map_lines(self.game, self.viewer))
        else:
            self.say(*self.words.map_words(self.game, self.viewer))

    def hint(self, _: str) -> None:
        """What the computer would do here (never applied)."""
        if self.game.is_over or self.session.computer() is not None:
            self.say("hint: no decision of yours to hint at now.")
            return
        choice = self.session.known_hint()
        if choice is None:
            choice = think_within(self.session.hint, HINT_CEILING, self.clock, steps=HINT_STEPS)
            choice = self.session.keep_hint(choice)
        number = self.numbers.get(choice.action, 0)
        self.session.log.append(f"hint for {self.game.pending.player}: {choice.reason}")
        self.logged = len(self.session.log)
        self.say(f"Hint: {number}. {self.words.choice(self.game, choice.action)} ({choice.reason}). Not applied: "
                 "type its number to take it.")

    def auto(self, _: str) -> None:
        """The rest of the deciding side's set-up, as the computer's expert would place it."""
        side = self.game.pending.player
        if self.game.pending.kind not in SET_UP or self.session.computer() is not None:
            self.say("auto: there is no set-up of yours to finish now.")
            return
        expert = player_named("expert")
        n = 0
        while self.game.pending.kind in SET_UP and self.game.pending.player == side:
            choice, _took = expert_choice(expert, self.game, n)
            self.session.apply(choice.action)
            self.say(f"{side_words(side)}: {choice.action.notation()}")
            n += 1

    def undo(self, _: str) -> None:
        """Take back the last decision."""
        why = self.session.take_back()
        self.logged = len(self.session.log)
        self.say(f"undo: {why}." if why else "The last decision is taken back.")
        self.menu_for = -1

    # ------------------------------------------------------------------ making a choice

    def choose(self, line: str) -> None:
        """A number, a shorthand or an action's notation: applied if the rules allow it, else refused with
        the reason (nothing changes)."""
        action = self.action_for(line)
        if action is None:
            return
        warning = self.game.warning(action)
        if warning and self.confirm != action:
            self.confirm = action
            self.say(f"Careful: {warning}. Give the same choice again to take it anyway.")
            return
        self.confirm = None
        side = self.game.pending.player
        try:
            self.session.apply(action)
        except IllegalAction as refused:
            e = self.words.meant_refusal(self.game, action) or refused
            self.refusal = f"Refused: {e.message} (rule: {e.rule})."
            self.say(f"Refused: {e.message}. Nothing changed; type choices to hear them again.")
            return
        said = "a secret choice, made" if self.words.is_secret(action) else action.notation()
        self.say(f"{side_words(side)}: {said}")

    def action_for(self, line: str) -> Any | None:
        """The action a line names, or None (having said why)."""
        if line.isdigit():
            n = int(line)
            if 1 <= n <= len(self.menu):
                return self.menu[n - 1]
            self.say(f"There is no choice {n}: the choices are numbered 1 to {len(self.menu)}.")
            return None
        short = self.words.shorthand(self.game, line)
        if short is not None:
            return short
        try:
            return kind_of(self.game).parse_action(line)
        except NotationError as e:
            self.refusal = f"Not understood: {e}."
            self.say(f"Not understood: {line!r}. Type help for the commands, or a choice's number.")
            return None

    # ------------------------------------------------------------------ examples

    def _example(self) -> str:
        return "C7" if self.words.place_word == "square" else "0712"

    def _any_unit(self) -> str:
        return next(iter(self.words.units(self.game, self.viewer, "mine")), "a unit").split(":")[0]


def _by_actor(words: Describer[Any, Any], actions: list[Any]) -> dict[str, list[Any]]:
    """Actions grouped by the unit that makes them ("" for none), in their order."""
    out: dict[str, list[Any]] = {}
    for a in actions:
        out.setdefault(words.actor(a) or "", []).append(a)
    return out


def expert_choice(player: Any, game: Any, n: int) -> tuple[Any, float]:
    """The expert's choice for the pending decision (seeded by the game's seed and the entry's number)."""
    from hothsim.match import decide_within

    seed = derive_seed(game.record.header.seed, len(game.record.entries), "auto", n)
    return decide_within(player, game, seed, think=1.0)


def play_plain(session: Session, read: Callable[[str], str | None], write: Callable[[str], None]) -> int:
    """Play a session in plain text (see the module docstring)."""
    return PlainPlay(session, read, write).run()

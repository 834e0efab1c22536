"""Telling a game: `story(record)` replays a record and gathers its chapters, shots, key moments and luck,
through the chronicler of the game's kind.

The chroniclers are registered here as objects, by the kind's name (the rules core's registry knows
nothing of the report); a test keeps the table naming every kind the registry knows.  Each entry imports
its game's chronicler when first asked.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from hothsim.describe import side_words, spoken
from hothsim.games import kind_of, replay_steps
from hothsim.kernel.header import computer_parts
from hothsim.kernel.record import GameRecord
from hothsim.kernel.words import count
from hothsim.report import LONG_ODDS, Chapter, Chronicler, Luck, Moment, SecretKept, Shot, Story


def _skirmish() -> Chronicler[Any, Any]:
    from hothsim.report.skirmish import CHRONICLER

    return CHRONICLER


def _assault() -> Chronicler[Any, Any]:
    from hothsim.report.assault import CHRONICLER

    return CHRONICLER


#: The chronicler of every game kind, by the name the registry gives the kind.
CHRONICLERS: Mapping[str, Callable[[], Chronicler[Any, Any]]] = MappingProxyType({"skirmish": _skirmish, "assault": _assault})


def chronicler_for(game: Any) -> Chronicler[Any, Any]:
    """The chronicler of a game's kind."""
    return CHRONICLERS[game.record.header.game]()


def story(record: GameRecord) -> Story:
    """The report of a game (SecretKept for an unfinished game with a secret still hidden; LoadError, from
    the replay, for a record that does not replay as written)."""
    steps = replay_steps(record)
    final = steps[-1][2]
    teller = chronicler_for(final)
    if not final.is_over and teller.secret_kept(final):
        raise SecretKept("this game is not over and still hides a secret from a player (Luke's Snowspeeder or a "
                         "squad built in secret): its report would give it away; report it when the game is over")
    chapters: list[Chapter] = []
    luck: dict[str, list[float]] = {"rebel": [0, 0.0, 0], "imperial": [0, 0.0, 0]}
    for i in range(1, len(steps)):
        action_text, events, after = steps[i]
        before = steps[i - 1][2]
        action = kind_of(after).parse_action(action_text)
        key, title = teller.chapter(before)
        if not chapters or chapters[-1].key != key:
            chapters.append(Chapter(key, title, i))
        ch = chapters[-1]
        ch.last, ch.game = i, after
        ch.lines.append(f"{i}. {action_text}")
        ch.lines += [f"    {spoken(e.text)}" for e in events]
        ch.trails += teller.trails(before, action, after)
        _shot(teller, ch, i, before, action, events, luck)
        for unit in teller.fallen(before, after):
            ch.fallen.append((unit, teller.cell(before, unit) or (0, 0)))
            ch.losses.append((i, teller.side_of(before, unit), unit))
        ch.moments += [Moment(i, kind, text) for kind, text in teller.moments(before, events, after)]
    for ch in chapters:
        ch.caption = _caption(teller, ch)
        if ch.losses:  # one line a chapter for its losses, summed (a turn of Assault on Hoth may lose a dozen)
            ch.moments = sorted(ch.moments + [_losses(ch)], key=lambda m: m.entry)
    h = final.record.header
    return Story(final.setup.scenario_name, h.scenario, kind_of(final).title, _players(h.computer),
                 final.state.end_reason if final.is_over else "not finished", final.is_over,
                 tuple(teller.forces(final)), tuple(teller.secrets(steps)), tuple(chapters),
                 tuple(Luck(side, int(v[0]), float(v[1]), int(v[2])) for side, v in luck.items()),
                 tuple(m for ch in chapters for m in ch.moments), record.to_text(),
                 tuple(teller.svg(ch.game, ch) for ch in chapters), tuple(teller.legend(final)))


def _losses(ch: Chapter) -> Moment:
    """A chapter's losses as one key moment, at the entry of the first: how many fell, each side's by name."""
    sides: dict[str, list[str]] = {}
    for _, side, unit in ch.losses:
        sides.setdefault(side, []).append(unit)
    named = "; ".join(f"{side_words(side)}: {', '.join(units)}" for side, units in sorted(sides.items()))
    first, last = ch.losses[0][0], ch.losses[-1][0]
    entries = f"entry {first}" if first == last else f"entries {first} to {last}"
    return Moment(first, "kill", f"{ch.title}, {count(len(ch.losses), 'unit')} fell ({entries}). {named}")


def _shot(teller: Chronicler[Any, Any], ch: Chapter, entry: int, before: Any, action: Any, events: Sequence[Any],
          luck: dict[str, list[float]]) -> None:
    """Note a shot's odds and result, its luck, and a hit or miss far from the odds."""
    aimed = teller.shot(before, action)
    if aimed is None:
        return
    attacker, target, chance = aimed
    hit = any(_hits(e) for e in events)
    side = teller.side_of(before, attacker)
    start, end = teller.cell(before, attacker), teller.cell(before, target)
    if start is not None and end is not None:
        ch.shots.append(Shot(side, attacker, target, start, end, chance, hit, entry))
    tally = luck[side]
    tally[0] += 1
    tally[1] += chance
    tally[2] += hit
    pct = round(chance * 100)
    if any(dict(e.data).get("roll") == "critical" for e in events):
        ch.moments.append(Moment(entry, "critical", f"{attacker} scores a critical hit on {target}"))
    elif hit and chance <= LONG_ODDS:
        ch.moments.append(Moment(entry, "odds", f"{attacker} hits {target} against the odds ({pct}% to hit)"))
    elif not hit and chance >= 1 - LONG_ODDS:
        ch.moments.append(Moment(entry, "odds", f"{attacker} misses {target} at {pct}% to hit"))


def _hits(event: Any) -> bool:
    """Whether an event is a roll that hit: Assault on Hoth's "hit", or a skirmish event marked as an attack
    roll's hit or critical hit."""
    return event.kind == "hit" or dict(event.data).get("roll") in ("hit", "critical")


def _caption(teller: Chronicler[Any, Any], ch: Chapter) -> str:
    """What a chapter's map shows, in a sentence or two."""
    hits = sum(s.hit for s in ch.shots)
    parts = [f"{ch.title} (entries {ch.first} to {ch.last})"]
    if ch.trails:
        parts.append(f"{count(len({t.unit for t in ch.trails}), 'unit')} moved")
    if ch.shots:
        parts.append(f"{count(len(ch.shots), 'shot')}, {hits} hit")
    if ch.fallen:
        parts.append("fell: " + ", ".join(u for u, _ in ch.fallen))
    return "; ".join(parts) + ". " + teller.standing(ch.game)


def _players(computer: str) -> str:
    """Who played, from the record's `computer` line: "two players", "a player against the computer
    (normal) as the rebel side", or each side's player by name for games between computer players."""
    parts = computer_parts(computer)
    if parts is None:
        return "two players"
    named, think = parts
    people = [side for side, name in named.items() if name == "person"]
    levels = {name for name in named.values() if name != "person"}
    if len(people) == 1:
        other = next(side for side in named if side not in people)
        return f"a player as the {people[0]} side against the computer ({named[other].removeprefix('ai:')})"
    if len(levels) == 1 and all(name.startswith("ai:") for name in levels):
        return f"the computer ({levels.pop().removeprefix('ai:')}) on both sides, {think:g} s a decision"
    return (f"{_player_words(named['rebel'])} as the rebel side against {_player_words(named['imperial'])}, "
            f"{think:g} s a decision")


def _player_words(name: str) -> str:
    """A computer player's name in words: "the computer (hard)", "the expert", "the random player"."""
    if name.startswith("ai"):
        return f"the computer ({name.removeprefix('ai').removeprefix(':') or 'normal'})"
    return {"expert": "the expert player", "greedy": "the greedy player", "random": "the random player"}.get(name, name)
"""One game, decision by decision: where the measured player leaves its expert, and how the sides stand.

    python -m benchmarks trace --scenario S --seed K --side rebel|imperial [--player ai] [--against expert]
                               [--think SECONDS] [--decisions N]

Plays the game `python -m benchmarks ai` plays on that seed (the same players, the same seeds for each
decision), and prints each decision: who decides, the action in notation, and for the measured side the
reason it gave, the simulations it ran, "in haste" where its time ran out before the expert had weighed
the choices, and "!!" with the expert's own choice where the two differ.  At each new round (an action
round in Assault on Hoth) it prints how the sides stand, in the plain mode's words.  A last line sums up
the departures and the hurried decisions.

Run it with nothing else busy on the machine: a search starved of time answers in haste, and its trace
then shows the quick rules' play, not the search's.
"""

from __future__ import annotations

import argparse
import re
import statistics
from typing import Callable

from hothsim.ai import Choice, Player, derive_seed, player_named
from hothsim.describe.describers import words_for
from hothsim.games import Game
from hothsim.kernel.engine import Side
from hothsim.match import DECISION_LIMIT, play_game

#: The round a status line names ("round 6", "action round 55"): a new one starts a block of the trace.
ROUND = re.compile(r"round (\d+)")


def trace(scenario: str, seed: int, side: Side, player: Player, against: Player, think: float,
          limit: int = DECISION_LIMIT, say: Callable[[str], None] = print) -> dict[str, int]:
    """Play and print one game (see the module docstring); the counts of the traced side's decisions with
    more than one legal action, its departures from the expert among them and its decisions in haste."""
    other: Side = "imperial" if side == "rebel" else "rebel"
    expert = player_named("expert")
    counts = {"decisions": 0, "departures": 0, "hasty": 0}
    simulations: list[int] = []
    shown: list[str | None] = [None]  # the round whose standing was said last
    made = [0]  # decisions so far: `play_game` seeds each by (seed, its number, its side)

    def watch(game: Game, choice: Choice | None) -> None:
        if choice is None:
            return
        shown[0] = _standing(game, shown[0], say)
        decider = game.pending.player
        text = f"{decider} {game.pending.kind}: {choice.action.notation()}"
        if decider == side and choice.simulations:
            simulations.append(choice.simulations)
        if decider == side and len(game.legal_actions()) > 1:
            counts["decisions"] += 1
            counts["hasty"] += choice.hasty
            own = expert.thinking(game, derive_seed(seed, made[0], decider)).choice().action
            mark = "  "
            if own != choice.action:
                counts["departures"] += 1
                mark = "!!"
                text += f" (expert: {own.notation()})"
            text = f"{mark} {text}   [{choice.reason}; {choice.simulations} simulations]"
        else:
            text = f"   {text}"
        say(text)
        made[0] += 1

    result = play_game(scenario, {side: player, other: against}, seed, think, watch=watch, limit=limit)
    median = statistics.median(simulations) if simulations else 0
    say(f"{result.line()}; {side}: {counts['departures']} of {counts['decisions']} decisions with a choice left the expert, "
        f"{counts['hasty']} in haste, a median {median:g} simulations where it searched")
    return counts


def _standing(game: Game, shown: str | None, say: Callable[[str], None]) -> str | None:
    """At a round (an action round) other than `shown`, say how the sides stand and every unit, in the
    plain mode's words; the round now shown."""
    words = words_for(game)
    status = words.status(game, None)
    found = ROUND.search(status[0])
    if found is None or found.group(1) == shown:
        return shown
    say(f"-- {status[0].split('.')[0].removeprefix('Status: ')}")
    for text in status[1:] + words.units(game, None, "all"):
        say(f"   {text}")
    return found.group(1)


def main(argv: list[str] | None = None) -> None:
    """Trace one game (see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks trace")
    p.add_argument("--scenario", required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--side", choices=("rebel", "imperial"), required=True)
    p.add_argument("--player", default="ai", help="who is traced (default ai)")
    p.add_argument("--against", default="expert")
    p.add_argument("--think", type=float, default=0.5)
    p.add_argument("--decisions", type=int, default=DECISION_LIMIT, help="stop after this many")
    args = p.parse_args(argv or [])
    trace(args.scenario, args.seed, args.side, player_named(args.player), player_named(args.against),
          args.think, args.decisions)

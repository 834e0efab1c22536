"""Run the benchmarks and print their figures: python -m benchmarks [geometry ...], or python -m benchmarks ai
[--games N ...] for the computer opponent (long), python -m benchmarks fit [...] to fit the search's
evaluation to games between experts, python -m benchmarks oracle [...] to judge where the search departs
from its expert by playing both choices out, python -m benchmarks pairing [...] for how tightly the search's
keyed dice pair its candidates, python -m benchmarks truth build|score [...] to score the search's choices
on positions whose candidates' worth is known, python -m benchmarks ceiling [...] for what perfectly placed
Snowspeeders would win at Assault on Hoth, python -m benchmarks trace [...] for one game decision by
decision, where the search leaves its expert, or python -m benchmarks simulations [...] for the search's
simulations per CPU second at fixed positions of the big skirmishes, or python -m benchmarks squads [...]
for which squads win the skirmish as the experts play it, or python -m benchmarks sight [...] for how few
enemies could have seen a side's figures in the positions it met."""

from __future__ import annotations

import importlib
import sys

SUITES = ("geometry", "skirmish", "assault", "terminal", "playouts", "ai")


def main(argv: list[str]) -> int:
    """Run the named suites (all by default; `ai` is long and runs only when named, with its own options)."""
    if argv[:1] in (["ai"], ["fit"], ["oracle"], ["ceiling"], ["pairing"], ["truth"],
                    ["trace"], ["simulations"], ["squads"], ["sight"]):
        print(f"== {argv[0]}")
        importlib.import_module(f"benchmarks.{argv[0]}").main(argv[1:])
        return 0
    names = argv or [s for s in SUITES if s != "ai"]
    for name in names:
        if name not in SUITES:
            print(f"unknown benchmark {name!r}; choose from: {', '.join(SUITES)}", file=sys.stderr)
            return 2
        print(f"== {name}")
        importlib.import_module(f"benchmarks.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

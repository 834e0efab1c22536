"""Run the benchmarks and print their figures: python -m benchmarks [geometry ...]."""

from __future__ import annotations

import importlib
import sys

SUITES = ("geometry", "skirmish", "assault", "terminal")


def main(argv: list[str]) -> int:
    """Run the named suites (all by default)."""
    names = argv or list(SUITES)
    for name in names:
        if name not in SUITES:
            print(f"unknown benchmark {name!r}; choose from: {', '.join(SUITES)}", file=sys.stderr)
            return 2
        print(f"== {name}")
        importlib.import_module(f"benchmarks.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

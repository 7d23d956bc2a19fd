"""Time Card Rogue's simulated odds in-process: the combat simulation and the whole games the designer's notes print.

    python benchmarks/card_rogue_odds.py [--runs N] [--seeds S,S,...]

For each seed (default: bench, moonpie, bi) it times ``simulation.simulate`` (74 scenarios of 2,000 fights),
``solo.simulate_games`` (500 whole games) and a whole designer's notes build (the two and the page layout),
each the best of ``--runs`` runs in this process after one run that warms the data and the page caches;
then the sums over the seeds.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen.products import build  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402
from printgen.systems.card_rogue import simulation, solo  # noqa: E402

SEEDS = ("bench", "moonpie", "bi")


def best(run, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each, the best counted")
    parser.add_argument("--seeds", default=",".join(SEEDS), help="seeds, comma-separated")
    args = parser.parse_args()
    totals = {"combat simulation": 0.0, "whole games": 0.0, "designer's notes": 0.0}
    for seed in args.seeds.split(","):
        code = SeedCode.make("reference", "card-rogue", seed, {})
        build(code)  # warms the data files and the page caches, so each run times the same work
        row = {"combat simulation": lambda: simulation.simulate(code),
               "whole games": lambda: solo.simulate_games(code),
               "designer's notes": lambda: build(code)}
        timings = {label: best(run, args.runs) for label, run in row.items()}
        for label, seconds in timings.items():
            totals[label] += seconds
        print(f"{seed:>10}: " + ", ".join(f"{label} {seconds:.3f} s" for label, seconds in timings.items()))
    print(f"{'all':>10}: " + ", ".join(f"{label} {seconds:.3f} s" for label, seconds in totals.items())
          + f" (best of {args.runs} each)")


if __name__ == "__main__":
    main()

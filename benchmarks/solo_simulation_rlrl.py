"""Time the simulated rogues of Rogue Like Roguelike's solo booklet: solo_play.simulate, in-process, on booklets
already made.

    python benchmarks/solo_simulation_rlrl.py [--runs N] [--seeds a,b,...]

The designer's notes of `printgen solo --system rlrl` play the booklet 120 times (40 plays of each kind of
player: random, careful, map-knowing). Each booklet is made once, before the clock starts; then ``simulate``
runs ``--runs`` times on each, and the best time of each is printed, wall and CPU, with their sum: the figure
to compare before and after a change (the best of several runs is the one a busy machine stretched least).
The default booklets: seed "bi" (the booklet of ``pg4:solo:rlrl:bi``), the default booklet of seed "bench",
and the smallest and largest levels (--rooms 2 and 14).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen import products  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402
from printgen.systems.rlrl import solo_play  # noqa: E402

BOOKLETS = [  # (seed, options)
    ("bi", {}),
    ("bench", {}),
    ("sim-2", {"rooms": 2}),
    ("sim-14", {"rooms": 14}),
]


def booklet(seed: str, options: dict[str, object]):
    """The seed code and the gamebook of a solo booklet, as `printgen solo` makes it."""
    code = SeedCode.make("solo", "rlrl", seed, options)
    request = products.request(code)
    return code, request.part("solo").book(request.part("dungeon").generate(request), request)


def best_of(runs: int, code: SeedCode, book) -> tuple[float, float]:
    """The fastest of ``runs`` simulations: (wall seconds, CPU seconds), each the least of its own."""
    wall, cpu = float("inf"), float("inf")
    for _ in range(runs):
        start, busy = time.perf_counter(), time.process_time()
        solo_play.simulate(book, code)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - busy)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seeds", help="other booklets, by seed (default options), comma-separated")
    args = parser.parse_args()
    booklets = [(seed, {}) for seed in args.seeds.split(",")] if args.seeds else BOOKLETS
    made = [booklet(seed, options) for seed, options in booklets]
    total_wall = total_cpu = 0.0
    for code, book in made:
        wall, cpu = best_of(args.runs, code, book)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        print(f"{str(code):40} {len(book.sections):4} sections  simulate: best {wall:.3f} s ({cpu:.3f} s of CPU)")
    print(f"{'all':40} {'':13}  simulate: best {total_wall:.3f} s ({total_cpu:.3f} s of CPU), best of {args.runs}")


if __name__ == "__main__":
    main()

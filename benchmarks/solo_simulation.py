"""Time the simulated players of a solo booklet's designer's notes: solo_play.simulate, in-process, on booklets
already made.

    python benchmarks/solo_simulation.py [--system roguelike|rlrl] [--runs N] [--seeds a,b,...]

The designer's notes of `printgen solo` play the booklet with three kinds of player (random, careful,
map-knowing): Roguelike's 600 times (200 of each), Rogue Like Roguelike's 120 times (40 of each). Each booklet
is made once, before the clock starts; then ``simulate`` runs ``--runs`` times on each, and the best time of
each is printed, wall and CPU, with their sum: the figure to compare before and after a change (the best of
several runs is the one a busy machine stretched least). The default booklets: seed "bi" as the byte-identity
cases make it, the default booklet of seed "bench", and two others of another size.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen import products  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402

BOOKLETS = {  # each game's (seed, options)
    "roguelike": [("bi", {"levels": 1}), ("bench", {}), ("sim-5", {"levels": 5, "rooms": 40}),
                  ("sim-8", {"levels": 8, "rooms": 8})],
    "rlrl": [("bi", {}), ("bench", {}), ("sim-2", {"rooms": 2}), ("sim-14", {"rooms": 14})],
}


def booklet(system: str, seed: str, options: dict[str, object]):
    """The seed code and the gamebook of a solo booklet, as `printgen solo` makes it."""
    code = SeedCode.make("solo", system, seed, options)
    request = products.request(code)
    return code, request.part("solo").book(request.part("dungeon").generate(request), request)


def best_of(runs: int, simulate, code: SeedCode, book) -> tuple[float, float]:
    """The fastest of ``runs`` simulations: (wall seconds, CPU seconds), each the least of its own."""
    wall, cpu = float("inf"), float("inf")
    for _ in range(runs):
        start, busy = time.perf_counter(), time.process_time()
        simulate(book, code)
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - busy)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", choices=sorted(BOOKLETS), default="roguelike")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seeds", help="other booklets, by seed (default options), comma-separated")
    args = parser.parse_args()
    simulate = importlib.import_module(f"printgen.systems.{args.system}.solo_play").simulate
    booklets = [(seed, {}) for seed in args.seeds.split(",")] if args.seeds else BOOKLETS[args.system]
    made = [booklet(args.system, seed, options) for seed, options in booklets]
    total_wall = total_cpu = 0.0
    for code, book in made:
        wall, cpu = best_of(args.runs, simulate, code, book)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        print(f"{str(code):48} {len(book.sections):4} sections  simulate: best {wall:.3f} s ({cpu:.3f} s of CPU)")
    print(f"{'all':48} {'':13}  simulate: best {total_wall:.3f} s ({total_cpu:.3f} s of CPU), best of {args.runs}")


if __name__ == "__main__":
    main()

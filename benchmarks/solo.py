"""The solo booklet: its time against the dungeon booklet of the same seed, and the odds a lone player wins.

    python benchmarks/solo.py                 both: the time (whole processes) and the odds
    python benchmarks/solo.py --time [--runs N]
    python benchmarks/solo.py --odds [--plays N] [--seeds N]

Time: a default 3-level Roguelike solo booklet against the default dungeon
booklet of the same seed, each a whole process from start to file, run in
turn (solo, dungeon, solo, …) so the ratio is taken pair by pair while the
machine's speed drifts: with ``farm-bench`` on the PATH it does the timing
(quote its median), else this script does it the same way. The aim: the
solo booklet within 1.5 times the dungeon booklet's time.

Odds: lone players simulated as the tests do (each a character rolled by the
rules, its own dice, ways chosen at random, solo_play.py's tactics), spread
over several seeds at the default options: how many win, die or walk out,
and how deep they get.
"""

from __future__ import annotations

import argparse
import importlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from printgen import games, products
from printgen.gamebook.walk import play
from printgen.seed import SeedCode

SEED = "bench"
GOAL = 1.5  # the solo booklet's time, at most, against the dungeon booklet's


def command(product: str, out: Path) -> list[str]:
    return [sys.executable, "-m", "printgen", product, "--system", "roguelike", "--seed", SEED, "-o", str(out),
            "--force", "-q"]


def timing(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        solo, dungeon = command("solo", Path(folder) / "solo.pdf"), command("dungeon", Path(folder) / "dungeon.pdf")
        if shutil.which("farm-bench"):
            subprocess.run(["farm-bench", "-n", str(runs), "--timeout", "900", "--vs", " ".join(dungeon), "--", *solo],
                           check=True)
            print(f"(A: the solo booklet, B: the dungeon booklet; the aim is A/B under {GOAL})")
            return
        ratios = []
        for _ in range(runs + 1):  # the first pair warms the disk cache and is not counted
            pair = [_run(solo), _run(dungeon)]
            ratios.append(pair[0] / pair[1])
        ratios = ratios[1:]
        print(f"solo / dungeon, CPU time of whole processes, pair by pair: median {statistics.median(ratios):.2f} "
              f"(min {min(ratios):.2f}, max {max(ratios):.2f}); the aim is under {GOAL}")


def _run(args: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu or wall


def odds(system: str, plays: int, seeds: int) -> None:
    solo_play = importlib.import_module(f"{games.game(system).package}.solo_play")
    outcomes, deepest, turns = Counter(), Counter(), []
    start = time.process_time()
    for seed in range(seeds):
        code = SeedCode.make("solo", system, f"odds-{seed}", {})
        request = products.request(code)
        book = request.part("solo").book(request.part("dungeon").generate(request), request)
        for number in range(plays // seeds):
            reader = solo_play.reader(code, number)
            levels: set[int] = set()
            found = play(book, _Deepest(reader, levels), solo_play.ways(code, number))
            outcomes[found.outcome] += 1
            deepest[max(levels)] += 1
            turns.append(found.turns)
    total = sum(outcomes.values())
    shares = ", ".join(f"{name} {outcomes[name] / total:.1%}" for name in ("won", "died", "left"))
    reached = ", ".join(f"{level}: {count / total:.1%}" for level, count in sorted(deepest.items()))
    print(f"{system}: {total} lone players over {seeds} dungeons: {shares}; deepest level reached {reached}; "
          f"median {statistics.median(turns):.0f} sections turned to; {time.process_time() - start:.1f} s of CPU")


class _Deepest:
    """A reader that notes every level it is on, and is otherwise the game's."""

    def __init__(self, reader, levels: set[int]):
        self._reader, self._levels = reader, levels

    def __getattr__(self, name):
        return getattr(self._reader, name)

    def enter(self, section) -> None:
        if section.level is not None:
            self._levels.add(section.level)
        self._reader.enter(section)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", action="store_true", help="only the time")
    parser.add_argument("--odds", action="store_true", help="only the odds")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--plays", type=int, default=1000)
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    if not args.odds:
        timing(args.runs)
    if not args.time:
        for system in ("roguelike", "rlrl"):
            odds(system, args.plays, args.seeds)


if __name__ == "__main__":
    main()

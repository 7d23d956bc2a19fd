"""Time products with template pages as a user meets them: whole processes, from start to file.

    python benchmarks/text_pages.py [--runs N]

Each line runs `python -m printgen ...` N times in a fresh process and gives
the fastest and the median wall time, so WeasyPrint's import and first
layout are counted the way a person waiting for the file counts them. Also
times `printgen --help` and `printgen list`, which load no PDF library.
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS = [
    ("--help", ["--help"]),
    ("list", ["list"]),
    ("roguelike dungeon, 3 levels", ["dungeon", "--system", "roguelike", "--levels", "3"]),
    ("roguelike dungeon, 10 levels", ["dungeon", "--system", "roguelike", "--levels", "10"]),
    ("roguelike reference", ["reference", "--system", "roguelike"]),
    ("amulet dungeon, 3 levels", ["dungeon", "--system", "amulet", "--levels", "3"]),
    ("rlrl campaign", ["dungeon", "--system", "rlrl"]),
    ("ascii-hack reference", ["reference", "--system", "ascii-hack"]),
    ("card-rogue designer's notes", ["reference", "--system", "card-rogue"]),
]


def time_command(args: list[str], runs: int, folder: Path) -> list[float]:
    times = []
    for run in range(runs):
        out = ["--seed", f"bench-{run}", "-o", str(folder / f"out-{run}.pdf"), "--force"] if args[0] not in (
            "--help", "list") else []
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "printgen", *args, *out], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        for label, args in COMMANDS:
            times = time_command(args, runs, Path(folder))
            print(f"{label:<32} fastest {min(times):5.2f} s   median {statistics.median(times):5.2f} s")


if __name__ == "__main__":
    main()

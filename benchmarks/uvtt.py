"""Time a 3-level Roguelike dungeon as Universal VTT files, the whole process, as a user runs it.

    python benchmarks/uvtt.py [--runs N] [--ppg P]

Each run is `python -m printgen dungeon --system roguelike --levels 3 --format uvtt` in a fresh process
(imports, generation, six pictures rasterised by PDFium, the zip), with a different seed each time;
prints every run's seconds, then the minimum and the median. The target is 2 s or less.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # this checkout's printgen, not an installed one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--ppg", type=int, default=100)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(args.runs + 1):  # the first warms the disk cache and is not counted
            out = Path(folder) / f"run{run}.zip"
            command = [sys.executable, "-m", "printgen", "dungeon", "--system", "roguelike", "--levels", "3",
                       "--seed", f"bench{run}", "--format", "uvtt", "--ppg", str(args.ppg), "-o", str(out), "-q"]
            start = time.perf_counter()
            subprocess.run(command, check=True, env=env, cwd=folder)
            elapsed = time.perf_counter() - start
            if run:
                times.append(elapsed)
                print(f"run {run}: {elapsed:.2f} s ({out.stat().st_size / 1e6:.2f} MB)")
    print(f"3-level Roguelike --format uvtt --ppg {args.ppg}, whole process: min {min(times):.2f} s, "
          f"median {statistics.median(times):.2f} s over {len(times)} runs (target: 2 s)")


if __name__ == "__main__":
    main()

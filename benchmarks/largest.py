"""Peak memory and time of the largest products, as a user makes them: whole processes of `python -m printgen`.

    python benchmarks/largest.py [--runs N] [--rows dungeon,deck,deck-shop] [--python PYTHON]

The rows (issue: speed, "memory stays flat"): the Roguelike booklet at its largest (20 levels of 40 rooms; the
map pages are drawn in a forked copy of the process, and GNU time's peak is the larger of the two), and a
custom deck of 1,000 cards as sheets with backs and as a print shop's PDF. Each row prints the median wall
time, the largest peak resident set of its runs and the load average, so two checkouts can be compared by
running this with each (--python names another interpreter or checkout's, e.g. one with PYTHONPATH set).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from deck import cards_csv

CARDS = 1000
ROWS = {
    "dungeon": ["dungeon", "--system", "roguelike", "--levels", "20", "--rooms", "40", "--seed", "big1"],
    "deck": ["deck", "custom", "--system", "roguelike", "--data", "{data}", "--seed", "big1"],
    "deck-shop": ["deck", "custom", "--system", "roguelike", "--data", "{data}", "--layout", "print-shop",
                  "--seed", "big1"],
}


def cards_file(folder: Path) -> Path:
    """A thousand cards of one or two lines of rules each (benchmarks/deck.py's, larger)."""
    return cards_csv(folder / f"deck-{CARDS}.csv", CARDS)


def timed(command: list[str]) -> tuple[float, float]:
    """Wall seconds and peak resident MiB of one process, as GNU time measures them."""
    done = subprocess.run(["/usr/bin/time", "-f", "%e %M", *command], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"largest.py: {' '.join(command)} failed: {done.stderr.strip().splitlines()[-2:]}")
    seconds, kib = done.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kib) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--rows", default=",".join(ROWS))
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="printgen-largest-") as temp:
        folder = Path(temp)
        data = cards_file(folder)
        for name in args.rows.split(","):
            command = [args.python, "-m", "printgen", *(a.format(data=data) for a in ROWS[name]),
                       "-o", str(folder / "out.pdf"), "--force", "-q"]
            runs = [timed(command) for _ in range(args.runs)]
            pages = subprocess.run(["pdfinfo", str(folder / "out.pdf")], capture_output=True, text=True).stdout
            count = next((line.split()[-1] for line in pages.splitlines() if line.startswith("Pages:")), "?")
            print(f"{name:10} {count:>4} pages  median {statistics.median(t for t, _ in runs):6.1f} s  "
                  f"peak {max(p for _, p in runs):5.0f} MiB  (load average {os.getloadavg()[0]:.1f})", flush=True)


if __name__ == "__main__":
    main()

"""Time the largest dungeon booklets as a user meets them: whole processes, pages, time and peak memory.

    python benchmarks/big_dungeons.py [--runs N]

Each booklet is made by `python -m printgen dungeon ...` in a fresh process,
beside WeasyPrint's own one-page document made in a fresh process of its
own in the same run, pair by pair, so the time can be quoted as a multiple
of that document (absolute times differ from machine to machine). Peak
memory is the largest resident set of the process and of the copy it forks
to draw the maps beside the text (GNU time's figure covers both).
The booklets: Roguelike at 10 levels of 40 rooms (the issue's target: at
most 70 pages), Project: Amulet at its largest (30 levels of 24 units,
scaling), Rogue Like Roguelike with the most rooms a level takes (14).
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2

ONE_PAGE = "import weasyprint; weasyprint.HTML(string='<h1>A page</h1><p>of text.</p>').write_pdf()"
BOOKLETS = [
    ("roguelike, 10 levels of 40 rooms", ["--system", "roguelike", "--levels", "10", "--rooms", "40"]),
    ("amulet, 30 levels of 24 units, scaling", ["--system", "amulet", "--levels", "30", "--level-size", "24",
                                                 "--scaling"]),
    ("rlrl, 14 rooms a level", ["--system", "rlrl", "--rooms", "14"]),
]


def timed(command: list[str]) -> tuple[float, float]:
    """Wall seconds and peak resident MiB of one process, as GNU time measures them."""
    done = subprocess.run(["/usr/bin/time", "-f", "%e %M", *command], check=True, capture_output=True, text=True)
    seconds, kib = done.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kib) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", default="moonpie")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for label, options in BOOKLETS:
            out = Path(folder) / "out.pdf"
            ratios, times, peaks, bases = [], [], [], []
            for _ in range(args.runs):
                base, _ = timed([sys.executable, "-c", ONE_PAGE])
                took, peak = timed([sys.executable, "-m", "printgen", "dungeon", *options, "--seed", args.seed,
                                    "-o", str(out), "--force"])
                ratios.append(took / base)
                times.append(took)
                peaks.append(peak)
                bases.append(base)
            pages = len(pypdfium2.PdfDocument(str(out)))
            print(f"{label}: {pages} pages, median {statistics.median(times):.2f} s = "
                  f"{statistics.median(ratios):.2f}× WeasyPrint's one-page document "
                  f"({statistics.median(bases):.2f} s), peak {max(peaks):.0f} MiB")


if __name__ == "__main__":
    main()

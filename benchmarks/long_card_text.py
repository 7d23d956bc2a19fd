"""Time how soon a custom deck with more text on one card than any card holds is refused, as a user meets it.

    python benchmarks/long_card_text.py [--runs N]

Each run is a whole process (`python -m printgen deck custom --data FILE`) on a deck whose one card holds
1 MB of text in one field, as a CSV cell, a YAML field, and 49,000 characters (just under the bound, so the
card is fitted and then refused). WeasyPrint's own one-page document, timed the same way in the same run, is
the yardstick: quote the ratios. The figure to meet: 1 MB refused within 5 s, whole process.
"""

import argparse
import csv
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ONE_PAGE = "import weasyprint, sys; weasyprint.HTML(string='<p>One page.</p>').write_pdf(sys.argv[1])"


def timed(args: list[str], runs: int, expect: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, *args], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode != expect:
            raise SystemExit(f"{' '.join(args)} exited {done.returncode}: {done.stderr}")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        files = {"1 MB CSV cell": here / "cell.csv", "1 MB YAML field": here / "field.yaml",
                 "49,000-character CSV cell": here / "under.csv"}
        for name, size in (("1 MB CSV cell", 1_000_000), ("49,000-character CSV cell", 49_000)):
            with files[name].open("w", newline="", encoding="utf-8") as handle:
                csv.writer(handle).writerows([["title", "body"], ["Long", ("word " * (size // 5 + 1))[:size]]])
        files["1 MB YAML field"].write_text("- title: Long\n  body: " + "word " * 200_000 + "\n", encoding="utf-8")
        yardstick = timed(["-c", ONE_PAGE, str(here / "one.pdf")], runs, 0)
        print(f"WeasyPrint's one-page document: {yardstick:.2f} s")
        for name, path in files.items():
            took = timed(["-m", "printgen", "deck", "custom", "--data", str(path), "--seed", "long", "-o",
                          str(here / "out.pdf")], runs, 2)
            print(f"{name} refused: {took:.2f} s ({took / yardstick:.2f}× the one-page document)")


if __name__ == "__main__":
    main()

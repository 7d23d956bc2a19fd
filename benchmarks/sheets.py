"""Time character sheets: fillable Roguelike sheets by count as whole processes, and 100 of each game in process.

    python benchmarks/sheets.py [--counts 100,250,500,1000] [--runs N] [--per-game]

By count: each run is `python -m printgen sheet --system roguelike --count N
--fillable` in a fresh process, its wall time and its peak memory (the
process's maximum resident set, from the kernel's accounting of the finished
child), beside WeasyPrint's own one-page document made in a fresh process
in the same run, turn about, so the ratio holds however fast the machine is
at the moment. The figures to meet for 1,000 sheets: at most 25 times the
one-page document and 300 MB. 1,000 sheets without forms are timed too, for
what the forms add.

--per-game: 100 sheets of each game as PDF (1 and 2 to a page, fillable) and
JSON, in this process, imports and data files warmed first.
"""

import argparse
import contextlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from printgen.products import build
from printgen.seed import SeedCode

RUNS = [
    # system, per page, fillable, format
    ("roguelike", 1, False, "pdf"),
    ("roguelike", 2, False, "pdf"),
    ("roguelike", 1, True, "pdf"),
    ("roguelike", 1, False, "json"),
    ("amulet", 1, False, "pdf"),
    ("amulet", 2, True, "pdf"),
    ("ascii-hack", 1, False, "pdf"),
    ("ascii-hack", 1, False, "json"),
    ("rlrl", 1, False, "pdf"),
    ("rlrl", 2, True, "pdf"),
]
ONE_PAGE = ("import weasyprint, sys; weasyprint.HTML(string='<h1>One page</h1><p>WeasyPrint, for scale.</p>')"
            ".write_pdf(sys.argv[1])")


def code_for(system, count, per_page, fillable, fmt, seed="bench"):
    options = {"count": count, "per-page": per_page, "fillable": fillable, "format": fmt}
    return SeedCode.make("sheet", system, seed, {k: v for k, v in options.items() if v is not None})


def whole_process(args: list[str]) -> tuple[float, float]:
    """Wall seconds and peak resident MB of one run of ``args``, its output thrown away."""
    start = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{' '.join(args)} failed (exit {process.returncode})")
    return elapsed, usage.ru_maxrss / 1024  # Linux: kB


def by_count(counts: list[int], runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.pdf"
        one_page = [sys.executable, "-c", ONE_PAGE, str(Path(folder) / "one.pdf")]
        lines = [(f"{count} fillable", ["--fillable"], count) for count in counts]
        lines.append((f"{max(counts)} plain", [], max(counts)))
        print(f"{'sheets':<16}{'median s':>9}{'× one page':>12}{'peak MB':>9}")
        for label, extra, count in lines:
            times, ratios, peaks = [], [], []
            for run in range(runs):
                sheet_time, peak = whole_process([sys.executable, "-m", "printgen", "sheet", "--system", "roguelike",
                                                  "--count", str(count), *extra, "--seed", f"bench-{run}", "-o",
                                                  str(out), "--force", "--quiet"])
                page_time, _ = whole_process(one_page)
                times.append(sheet_time)
                ratios.append(sheet_time / page_time)
                peaks.append(peak)
            print(f"{label:<16}{statistics.median(times):9.2f}{statistics.median(ratios):12.1f}{max(peaks):9.0f}")


def per_game(count: int) -> None:
    for system, per_page, fillable, fmt in RUNS:  # warm up: imports, fonts, data files
        build(code_for(system, 1, per_page, fillable, fmt, "warm-up"))
    for system, per_page, fillable, fmt in RUNS:
        code = code_for(system, count, per_page, fillable, fmt)
        start = time.perf_counter()
        with contextlib.redirect_stderr(io.StringIO()):  # the progress lines
            data = build(code)
        elapsed = time.perf_counter() - start
        kind = f"{fmt}, {per_page}/page{', fillable' if fillable else ''}" if fmt == "pdf" else "json"
        print(f"{system:11} {kind:24} {count} sheets in {elapsed:6.3f} s = "
              f"{elapsed / count * 1000:6.2f} ms/sheet, {len(data) / 1024:8.1f} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="100,250,500,1000", help="sheet counts to time as whole processes")
    parser.add_argument("--runs", type=int, default=3, help="runs of each count (the median is shown)")
    parser.add_argument("--per-game", action="store_true", help="100 sheets of each game in process instead")
    arguments = parser.parse_args()
    if arguments.per_game:
        per_game(100)
    else:
        by_count([int(n) for n in arguments.counts.split(",")], arguments.runs)


if __name__ == "__main__":
    main()

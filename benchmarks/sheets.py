"""Time pre-rolled character sheets: 100 of each game, as PDF (1 and 2 to a page, fillable) and JSON.

    python benchmarks/sheets.py [--count N]
"""

import argparse
import contextlib
import io
import time

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


def code_for(system, count, per_page, fillable, fmt, seed="bench"):
    options = {"count": count, "per-page": per_page, "fillable": fillable, "format": fmt}
    return SeedCode.make("sheet", system, seed, {k: v for k, v in options.items() if v is not None})


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100)
    args = parser.parse_args()
    for system, per_page, fillable, fmt in RUNS:  # warm up: imports, fonts, data files
        build(code_for(system, 1, per_page, fillable, fmt, "warm-up"))
    for system, per_page, fillable, fmt in RUNS:
        code = code_for(system, args.count, per_page, fillable, fmt)
        start = time.perf_counter()
        with contextlib.redirect_stderr(io.StringIO()):  # the progress lines
            data = build(code)
        elapsed = time.perf_counter() - start
        kind = f"{fmt}, {per_page}/page{', fillable' if fillable else ''}" if fmt == "pdf" else "json"
        print(f"{system:11} {kind:24} {args.count} sheets in {elapsed:6.3f} s = "
              f"{elapsed / args.count * 1000:6.2f} ms/sheet, {len(data) / 1024:8.1f} KiB")


if __name__ == "__main__":
    main()

"""Time graph-paper generation: pages per second, for each grid.

    python benchmarks/graph_paper.py [--pages N]
"""

import argparse
import time

from printgen.products import build
from printgen.products.graph_paper import GRIDS
from printgen.seed import SeedCode


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=50)
    args = parser.parse_args()
    build(SeedCode.make("graph-paper", "generic", "warm-up", {}))  # fonts, imports
    for paper in ("letter", "a4"):
        for grid in GRIDS:
            code = SeedCode.make("graph-paper", "generic", "bench", {"paper": paper, "grid": grid, "pages": args.pages})
            start = time.perf_counter()
            data = build(code)
            elapsed = time.perf_counter() - start
            print(f"{paper:6} {grid:12} {args.pages} pages in {elapsed:6.3f} s = {args.pages / elapsed:7.1f} pages/s, {len(data) / 1024:7.1f} KiB")


if __name__ == "__main__":
    main()

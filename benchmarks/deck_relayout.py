"""Time a deck built again with other print options (what a test suite and the studio's previews do): the
creature deck, then the same with --bleed 3 --crop-marks full; Card Rogue's whole set of cards, then the same
with another --duplex. Each pair runs in this process; the second build's time is kept (median of several).

    python benchmarks/deck_relayout.py [runs]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen.seed import SeedCode  # noqa: E402
from printgen.products import build  # noqa: E402

PAIRS = {
    "creatures, then --bleed 3 --crop-marks full": (
        SeedCode.make("deck", "roguelike", "moonpie", {"deck": "creatures"}),
        SeedCode.make("deck", "roguelike", "moonpie", {"deck": "creatures", "bleed": "3", "crop-marks": "full"})),
    "Card Rogue all, then --duplex short": (
        SeedCode.make("deck", "card-rogue", "moonpie", {"deck": "all", "duplex": "long"}),
        SeedCode.make("deck", "card-rogue", "moonpie", {"deck": "all", "duplex": "short"})),
}


def main(runs: int) -> None:
    for label, (first, second) in PAIRS.items():
        build(first)  # warm: fonts registered, data loaded
        firsts, seconds = [], []
        for _ in range(runs):
            start = time.perf_counter()
            build(first)
            firsts.append(time.perf_counter() - start)
            start = time.perf_counter()
            build(second)
            seconds.append(time.perf_counter() - start)
        print(f"{label:<46} first {statistics.median(firsts) * 1000:6.0f} ms  second (median of {runs}) "
              f"{statistics.median(seconds) * 1000:6.0f} ms  (min {min(seconds) * 1000:.0f})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)

"""Time the deck product: the 84-card creature deck, a 54-card poker deck as sheets and for each print shop,
and a 500-card custom deck.

    python benchmarks/deck.py

Prints cards per second (best of several runs), the peak Python memory of one
run (tracemalloc, in a separate run so it does not slow the timing) and the
process's peak resident memory.
"""

from __future__ import annotations

import csv
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen.cards import custom  # noqa: E402
from printgen.products import build  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402

RUNS = 5


def creature_code(layout: str) -> SeedCode:
    return SeedCode.make("deck", "roguelike", "bench", {"deck": "creatures", "layout": layout})


def cards_csv(path: Path, cards: int) -> Path:
    """A custom deck's CSV of ``cards`` cards, each with a line or two of rules and three stats."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["title", "body", "count", "Attack", "Defense", "Cost"])
        for n in range(cards):
            body = f"Card number {n}: " + "a rule that takes a line or two of text to explain. " * (1 + n % 3)
            writer.writerow([f"Card {n}", body, 1, n % 12, (n * 7) % 12, n % 5])
    return path


def custom_code(folder: Path, cards: int, layout: str = "sheet", vendor: str = "generic") -> SeedCode:
    path = cards_csv(folder / f"bench-deck-{cards}.csv", cards)
    options = {"deck": "custom", "layout": layout, "vendor": vendor, "data": str(path),
               "data-sha256": custom.file_digest(path)}
    return SeedCode.make("deck", "roguelike", "bench", options)


def measure(label: str, code: SeedCode, cards: int) -> None:
    build(code)  # warm: fonts registered, data loaded
    best = min(_timed(code) for _ in range(RUNS))
    tracemalloc.start()
    data = build(code)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{label:<34} {cards:>4} cards  {best * 1000:7.0f} ms  {cards / best:7.0f} cards/s  "
          f"peak {peak / 2**20:5.1f} MiB  file {len(data) / 2**10:6.0f} KiB")


def _timed(code: SeedCode) -> float:
    start = time.perf_counter()
    build(code)
    return time.perf_counter() - start


def main() -> None:
    measure("creatures, sheets with backs", creature_code("sheet"), 84)
    measure("creatures, print-shop pages", creature_code("print-shop"), 84)
    with tempfile.TemporaryDirectory() as folder:
        measure("54 poker cards, sheets with backs", custom_code(Path(folder), 54), 54)
        for vendor in ("generic", "drivethrucards", "thegamecrafter", "makeplayingcards"):
            measure(f"54 poker cards, {vendor}", custom_code(Path(folder), 54, "print-shop", vendor), 54)
        measure("custom CSV, sheets with backs", custom_code(Path(folder), 500), 500)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of the whole process: {rss:.0f} MiB")


if __name__ == "__main__":
    main()

"""Time the Card Rogue products: the whole set, the simulation, the designer's notes, a challenge map.

    python benchmarks/card_rogue.py

Prints the best of several runs of each, with the size of the file made and
the process's peak resident memory.
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen.products import build  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402
from printgen.systems.card_rogue import decks, simulation  # noqa: E402

RUNS = 3


def best(run) -> tuple[float, object]:
    times, result = [], None
    for _ in range(RUNS):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    deck = SeedCode.make("deck", "card-rogue", "bench", {"deck": "all", "card-size": "poker", "bleed": "3",
                                                         "layout": "sheet", "paper": "letter", "duplex": "long",
                                                         "crop-marks": "short"})
    shop = SeedCode.make("deck", "card-rogue", "bench", {"deck": "all", "card-size": "poker", "bleed": "3",
                                                         "layout": "print-shop"})
    notes = SeedCode.make("reference", "card-rogue", "bench", {"paper": "letter"})
    challenge = SeedCode.make("challenge", "card-rogue", "bench", {"format": "pdf", "levels": "5",
                                                                   "paper": "letter"})
    cards = len(decks.all_cards().printed_cards())
    for label, run in (
        ("whole set, sheets with backs", lambda: build(deck)),
        ("whole set, print-shop pages", lambda: build(shop)),
        ("combat simulation", lambda: simulation.simulate(notes)),
        ("designer's notes (simulation + layout)", lambda: build(notes)),
        ("challenge map, 5 levels", lambda: build(challenge)),
    ):
        seconds, result = best(run)
        size = f"{len(result) / 1024:.0f} KiB" if isinstance(result, bytes) else ""
        per_card = f", {cards / seconds:.0f} cards/s" if label.startswith("whole set") else ""
        print(f"{label:42} {seconds:6.2f} s {size:>9}{per_card}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory {peak:.0f} MiB")


if __name__ == "__main__":
    main()

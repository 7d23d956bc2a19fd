"""Time a deck built again with other print options (what a test suite and the studio's previews do): the
creature deck, then the same with --bleed 3 --crop-marks full; Card Rogue's whole set of cards, then the same
with another --duplex. Each pair runs in this process; the second build's processor time is kept (median of several: a shared machine's wall clock is too noisy).

    python benchmarks/deck_relayout.py [runs]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen.products import build  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402

PAIRS = {
    "creatures, then --bleed 3 --crop-marks full": (
        SeedCode.make("deck", "roguelike", "moonpie", {"deck": "creatures"}),
        SeedCode.make("deck", "roguelike", "moonpie", {"deck": "creatures", "bleed": "3", "crop-marks": "full"})),
    "Card Rogue all, then --duplex short": (
        SeedCode.make("deck", "card-rogue", "moonpie", {"deck": "all", "duplex": "long"}),
        SeedCode.make("deck", "card-rogue", "moonpie", {"deck": "all", "duplex": "short"})),
}


def laying_out(runs: int) -> None:
    """Only what is saved: a new Deck object of the same cards laid out (continued, then every card's face)."""
    from dataclasses import replace

    from printgen import games, products
    from printgen.cards.face_kinds import continued, prepare_face
    from printgen.cards.sizes import CARD_SIZES
    from printgen.words import BUILT_IN

    for system, name in (("roguelike", "creatures"), ("card-rogue", "all")):
        code = SeedCode.make("deck", system, "moonpie", {"deck": name})
        deck = products.game_module(games.game(system), "deck").DECKS[name](BUILT_IN, code, {})
        times = []
        for _ in range(runs + 1):
            again = replace(deck)
            start = time.process_time()
            laid, known = continued(BUILT_IN, again, CARD_SIZES["poker"])
            for card in laid.cards:
                known.get(id(card)) or prepare_face(BUILT_IN, card, laid, CARD_SIZES["poker"])
            times.append(time.process_time() - start)
        print(f"{system} {name}: a new Deck object of its cards laid out: first {times[0] * 1000:.0f} ms, again "
              f"(median of {runs}) {statistics.median(times[1:]) * 1000:.1f} ms")


def main(runs: int) -> None:
    laying_out(runs)
    for label, (first, second) in PAIRS.items():
        build(first)  # warm: fonts registered, data loaded
        firsts, seconds = [], []
        for _ in range(runs):
            start = time.process_time()
            build(first)
            firsts.append(time.process_time() - start)
            start = time.process_time()
            build(second)
            seconds.append(time.process_time() - start)
        print(f"{label:<46} first {statistics.median(firsts) * 1000:6.0f} ms  second (median of {runs}) "
              f"{statistics.median(seconds) * 1000:6.0f} ms  (min {min(seconds) * 1000:.0f})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)

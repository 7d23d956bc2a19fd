"""No type too small to read, on any product of any game, read back from the file with PDFium.

A card's face may set its smallest words at 5 pt (its index line and labels are
6 pt or more; a word of a deck of one's own may shrink to 5); every other page
prints nothing under 6 pt: text pages, sheets, maps, graph paper, challenge
maps, and the slug line in a deck sheet's margin too. A character turned a
quarter (an index up a tile's edge, the slug up a sheet's side) is measured
across its line, as it prints. Each product is a sweep's case (its build takes
a second or more), a long file read on pages spread through it.
"""

from __future__ import annotations

import pytest
from pdfutil import smallest_type

from printgen import games, products
from printgen.products import build
from printgen.seed import SeedCode

CARD_FLOOR = 5.0  # pt: a card's face, and a deck file's every page
PAGE_FLOOR = 6.0  # pt: every other printed page
PAGES = 4  # a longer file is read on this many of its pages, spread from its first to its last


def _cases() -> list[tuple[str, str, dict[str, str]]]:
    """One of every product each game makes, at its defaults; Card Rogue's set by its families (its "all" is
    them together); @HACK's reference as cards too; a deck on the smallest card."""
    cases = []
    for system, game in sorted(games.games().items()):
        for name in game.decks:
            if name not in ("all", "custom"):
                cases.append(("deck", system, {"deck": name}))
        for product in ("reference", "sheet", "dungeon", "solo", "challenge"):
            if products.all_products()[product].offers(game):
                cases.append((product, system, {}))
    cases.append(("reference", "ascii-hack", {"size": "card"}))
    cases.append(("deck", "roguelike", {"deck": "creatures", "card-size": "mini"}))
    cases.append(("deck", "amulet", {"deck": "swarms", "card-size": "mini"}))
    for grid in ("quarter-inch", "5mm", "inch", "hex"):
        cases.append(("graph-paper", "generic", {"grid": grid}))
    return cases


CASES = _cases()
QUICK = {("graph-paper", "generic", "hex"), ("deck", "roguelike", "traps")}


def _id(case) -> str:
    product, system, options = case
    return "-".join([product, system, *options.values()])


def _quick(case) -> bool:
    product, system, options = case
    return (product, system, options.get("grid") or options.get("deck") or "") in QUICK


@pytest.mark.parametrize("case", [pytest.param(c, id=_id(c)) if _quick(c) else
                                  pytest.param(c, id=_id(c), marks=pytest.mark.sweep) for c in CASES])
def test_nothing_prints_under_the_least_readable_size(case):
    product, system, options = case
    data = build(SeedCode.make(product, system, "legible", options))
    floor = CARD_FLOOR if product == "deck" else PAGE_FLOOR
    size, page, words = smallest_type(data, most_pages=PAGES)
    assert size >= floor - 1e-6, f"{size:.2f} pt on page {page}: {words!r}"

"""No type too small to read, on any product of any game, read back from the file with pdfplumber.

A card's face may set its smallest words at 5 pt (its index line and labels are
6 pt or more; a word of a deck of one's own may shrink to 5); every other page
prints nothing under 6 pt: text pages, sheets, maps, graph paper, challenge
maps, and the slug line in a deck sheet's margin too (5 pt at least there, on
a deck's sheet). A character's size is its font's size scaled by its text
matrix (pdfutil.printed_size), so one turned a quarter (an index up a tile's
edge, the slug up a sheet's side) is measured across its line, as it prints.

The cases are every product of every game as the registry lists them
(product_cases.every_product: a deck each, the fewest levels and rooms a product takes),
and besides those the smallest cards and @HACK's reference on cards, and every
grid of graph paper; each is built in this process at one seed and read on a
few pages spread through it. It is a sweep sorted by product: every run reads
one deck, one dungeon, one sheet, one reference, one challenge, one solo
booklet and one graph paper, in turn, and a share of the rest; ``--sweeps all``
reads every one. benchmarks/type_sizes.py reads every case with pdfplumber and
with PDFium side by side.
"""

from __future__ import annotations

import pytest
from pdfutil import printed_size, smallest_type
from product_cases import case_id, every_product

from printgen import products
from printgen.products import build
from printgen.seed import SeedCode

SEED = "legible"
CARD_FLOOR = 5.0  # pt: a card's face, and a deck file's every page
PAGE_FLOOR = 6.0  # pt: every other printed page
PAGES = 4  # a longer file is read on this many of its pages, spread from its first to its last


def fewest_rooms(case: tuple[str, str, dict[str, str]]) -> tuple[str, str, dict[str, str]]:
    """The case with the fewest rooms its product takes too, where it takes a number of them (a smaller build that
    prints every kind of page the same way)."""
    product, system, options = case
    fewest = {option.name: str(option.low) for option in products.all_products()[product].options(system, options)
              if option.name == "rooms" and option.low is not None}
    return product, system, {**options, **fewest}


def cases(fewest: bool = True) -> list[tuple[str, str, dict[str, str]]]:
    """Every product of every game (the registry's, at the fewest levels it takes, and with ``fewest`` the fewest
    rooms), and what it prints smallest besides: the mini card, @HACK's reference on cards, each grid of graph
    paper."""
    found = [fewest_rooms(case) if fewest else case for case in every_product()]
    found += [("deck", "roguelike", {"deck": "creatures", "card-size": "mini"}),
              ("deck", "amulet", {"deck": "swarms", "card-size": "mini"}),
              ("reference", "ascii-hack", {"size": "card"})]
    found += [("graph-paper", "generic", {"grid": grid}) for grid in ("quarter-inch", "5mm", "inch", "hex")]
    return found


def floor(product: str) -> float:
    return CARD_FLOOR if product == "deck" else PAGE_FLOOR


@pytest.mark.parametrize("case", [pytest.param(c, id=case_id(c)) for c in cases()])
@pytest.mark.sweep(kind=lambda case: case[0])
def test_nothing_prints_under_the_least_readable_size(case):
    product, system, options = case
    data = build(SeedCode.make(product, system, SEED, options))
    size, page, words = smallest_type(data, most_pages=PAGES)
    assert size >= floor(product) - 1e-6, f"{size:.2f} pt on page {page}: {words!r}"


def _char(matrix, adv: float, font_size: float, descent: float = -0.2) -> dict:
    """A character as pdfplumber gives it: its box on the page is its box in text space (``adv`` along the line,
    the font's size across it) through ``matrix``."""
    a, b, c, d, e, f = matrix
    corners = [(x, y) for x in (0.0, adv) for y in (descent * font_size, (1 + descent) * font_size)]
    xs = [a * x + c * y + e for x, y in corners]
    ys = [b * x + d * y + f for x, y in corners]
    return {"matrix": matrix, "adv": adv, "width": max(xs) - min(xs), "height": max(ys) - min(ys),
            "size": max(ys) - min(ys)}


@pytest.mark.parametrize("matrix", [(1, 0, 0, 1, 0, 0), (0, 1, -1, 0, 0, 0), (0, -1, 1, 0, 0, 0),
                                    (-1, 0, 0, -1, 0, 0), (0.5, 0, 0, 0.5, 0, 0), (0, 0.8, -0.8, 0, 0, 0)])
def test_a_character_s_size_is_its_font_s_through_its_matrix_whichever_way_it_is_turned(matrix):
    """A 6 pt character 3.6 pt wide: upright, turned a quarter either way, upside down, and drawn at a scale; its
    size is 6 pt times the scale every way (pdfplumber's own ``size`` of one turned a quarter is its advance)."""
    a, b, c, d, _, _ = matrix
    scale = abs(a * d - b * c) ** 0.5
    char = _char(matrix, 3.6, 6.0)
    assert printed_size(char) == pytest.approx(6.0 * scale)
    if b:
        assert char["size"] == pytest.approx(3.6 * scale)  # what pdfplumber's size alone would have read

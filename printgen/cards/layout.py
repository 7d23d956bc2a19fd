"""Page geometry for cards: sheets of cards, mirrored backs, crop marks, print-shop pages.

Pure geometry in points; nothing here draws. On a sheet the cards sit edge to
edge in a centred block, so one cut separates two cards and 3 × 3 poker cards
fit on Letter and on A4. Bleed runs out from the block's outer edges (and from
any card edge with no neighbour); the crop marks stand on the line of every
cut outside the block, never on a card.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import PrintgenError
from ..units import mm, to_mm
from .sizes import CardSize

MARK_GAP = mm(0.5)  # between the bleed's outer edge and the start of a crop mark
MARK_LENGTH = mm(5)  # a short crop mark
MIN_MARK = mm(1)  # a mark shorter than this is left out
MIN_OUTSIDE_MARK = mm(3)  # less room than this beyond the bleed, and the mark starts nearer the cut
INNER_GAP = mm(1)  # how near the cut such a mark starts
MARK_WIDTH = 0.25  # pt: thin, as print shops draw them
EDGE_ROOM = mm(2)  # at least this much paper beyond the bleed on every side
MIN_EDGE = mm(5)  # and at least this much from a card's trim to the paper's edge
FOOTER_BAND = mm(7)  # the strip at the paper's edge kept for the seed-code footer

DUPLEX_MODES = ("long", "short", "none")
CROP_MARK_STYLES = ("short", "full")
LAYOUTS = ("sheet", "print-shop")  # many cards to a home-printer sheet, or one card a page for a print shop

Segment = tuple[float, float, float, float]
Rect = tuple[float, float, float, float]  # x, y, width, height


@dataclass(frozen=True)
class Sheet:
    """Cards in ``columns`` × ``rows`` on a page; slots count row by row from the top left."""

    page_width: float
    page_height: float
    card_width: float
    card_height: float
    bleed: float
    columns: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def left(self) -> float:
        return (self.page_width - self.columns * self.card_width) / 2

    @property
    def bottom(self) -> float:
        return (self.page_height - self.rows * self.card_height) / 2

    @property
    def right(self) -> float:
        return self.left + self.columns * self.card_width

    @property
    def top(self) -> float:
        return self.bottom + self.rows * self.card_height

    def slot_origin(self, slot: int) -> tuple[float, float]:
        """The bottom-left corner of the trim of the card in ``slot``."""
        row, column = divmod(slot, self.columns)
        return self.left + column * self.card_width, self.top - (row + 1) * self.card_height

    def back_slot(self, slot: int, duplex: str) -> int:
        """The slot on the back page that lies behind ``slot`` of the front page.

        Turning the sheet over its long (vertical) edge swaps left and right:
        columns mirror. Turning it over its short (top) edge swaps top and
        bottom: rows mirror.
        """
        row, column = divmod(slot, self.columns)
        if duplex == "long":
            column = self.columns - 1 - column
        elif duplex == "short":
            row = self.rows - 1 - row
        return row * self.columns + column

    def art_rect(self, slot: int, occupied: set[int]) -> Rect:
        """Where the card in ``slot`` may paint: its trim, plus bleed where no card is beside it."""
        row, column = divmod(slot, self.columns)
        x, y = self.slot_origin(slot)

        def free(r: int, c: int) -> bool:
            return not (0 <= r < self.rows and 0 <= c < self.columns) or r * self.columns + c not in occupied

        left = self.bleed if free(row, column - 1) else 0.0
        right = self.bleed if free(row, column + 1) else 0.0
        below = self.bleed if free(row + 1, column) else 0.0
        above = self.bleed if free(row - 1, column) else 0.0
        return x - left, y - below, self.card_width + left + right, self.card_height + below + above

    @property
    def footer_at_bottom(self) -> bool:
        """The footer goes under the block if it fits there, else up the right-hand margin."""
        return self.bottom - self.bleed - MARK_GAP - MIN_MARK >= FOOTER_BAND

    def crop_marks(self, style: str) -> list[Segment]:
        """A mark on the line of every cut, in the margin beyond the bleed.

        Where that margin is too narrow for a useful mark (the top and foot
        of 3 × 3 poker cards on Letter), the mark starts ``INNER_GAP`` from
        the cut instead, over the bleed that is cut away, so that a printer's
        unprintable edge still leaves some of it on the paper.
        """
        floor = FOOTER_BAND if self.footer_at_bottom else 0.0
        right_wall = self.page_width - (0.0 if self.footer_at_bottom else FOOTER_BAND)
        segments: list[Segment] = []

        def mark(edge: float, limit: float, make) -> None:
            direction = 1 if limit > edge else -1
            start = edge + direction * (self.bleed + MARK_GAP)
            if abs(limit - start) < MIN_OUTSIDE_MARK:
                start = edge + direction * min(self.bleed + MARK_GAP, INNER_GAP)
            end = limit if style == "full" else start + direction * min(MARK_LENGTH, abs(limit - start))
            if abs(end - start) >= MIN_MARK:
                segments.append(make(start, end))

        for i in range(self.columns + 1):
            x = self.left + i * self.card_width
            mark(self.bottom, floor, lambda a, b: (x, a, x, b))
            mark(self.top, self.page_height, lambda a, b: (x, a, x, b))
        for j in range(self.rows + 1):
            y = self.bottom + j * self.card_height
            mark(self.left, 0.0, lambda a, b: (a, y, b, y))
            mark(self.right, right_wall, lambda a, b: (a, y, b, y))
        return segments


def sheet_layout(page_size: tuple[float, float], card: CardSize, bleed: float) -> Sheet:
    """As many cards as fit, with room around the block for the bleed and the marks."""
    width, height = page_size
    edge = max(MIN_EDGE, bleed + EDGE_ROOM)
    columns = math.floor((width - 2 * edge) / card.width + 1e-9)
    rows = math.floor((height - 2 * edge) / card.height + 1e-9)
    if columns < 1 or rows < 1:
        raise PrintgenError(
            f"a {card.name} card with {to_mm(bleed):g} mm bleed does not fit on this paper; "
            "choose a smaller card size or less bleed"
        )
    return Sheet(width, height, card.width, card.height, bleed, columns, rows)


@dataclass(frozen=True)
class PrintShopPage:
    """One card per page: the page is the bleed box, the trim box sits ``bleed`` inside it."""

    card_width: float
    card_height: float
    bleed: float

    @property
    def page_size(self) -> tuple[float, float]:
        return self.card_width + 2 * self.bleed, self.card_height + 2 * self.bleed

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        return self.bleed, self.bleed, self.bleed + self.card_width, self.bleed + self.card_height

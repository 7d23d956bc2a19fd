"""Imposition: where cards stand on the paper (sheets of cards, mirrored backs, crop marks, print-shop pages).

What ``--layout`` chooses (``IMPOSITIONS``): many cards to a sheet, or one card a page.

Pure geometry in points; nothing here draws. On a sheet the cards sit edge to
edge in a centred block, so one cut separates two cards and 3 × 3 poker cards
fit on Letter and on A4, or a gutter apart, each with cuts of its own. Bleed
runs out from the block's outer edges (and from any card edge with no
neighbour, and half a gutter into it); the crop marks stand on the line of
every cut outside the block, in the part of the paper a home printer reaches,
or where the margin is too narrow for that, a few millimetres along the cut
line itself from the block's edge.
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
UNPRINTABLE = mm(6)  # most home printers leave this much of the paper's edge blank
MIN_PRINTED_MARK = mm(2)  # less of a margin mark than this printable, and the mark moves onto the cut line inside
INSIDE_MARK = mm(3)  # such a mark: along the cut line, from the block's edge inwards
MARK_WIDTH = 0.25  # pt: thin, as print shops draw them
EDGE_ROOM = mm(2)  # at least this much paper beyond the bleed on every side
MIN_EDGE = UNPRINTABLE  # no cut in the strip a printer cannot reach, where it could not be marked
FOOTER_BAND = mm(7)  # the strip at the paper's edge kept for the seed-code footer
MAX_GUTTER_MM = 10.0

DUPLEX_MODES = ("long", "short", "none")
CROP_MARK_STYLES = ("short", "full")
IMPOSITIONS = ("sheet", "print-shop")  # many cards to a home-printer sheet, or one card a page for a print shop

Segment = tuple[float, float, float, float]
Rect = tuple[float, float, float, float]  # x, y, width, height


@dataclass(frozen=True)
class Sheet:
    """Cards in ``columns`` × ``rows`` on a page; slots count row by row from the top left.

    With a ``gutter`` the cards stand apart for cutting by hand: each card has
    cuts of its own, and its art runs into the gutter by half of it at most.
    """

    page_width: float
    page_height: float
    card_width: float
    card_height: float
    bleed: float
    columns: int
    rows: int
    gutter: float = 0.0

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def left(self) -> float:
        return (self.page_width - self.columns * self.card_width - (self.columns - 1) * self.gutter) / 2

    @property
    def bottom(self) -> float:
        return (self.page_height - self.rows * self.card_height - (self.rows - 1) * self.gutter) / 2

    @property
    def right(self) -> float:
        return self.page_width - self.left

    @property
    def top(self) -> float:
        return self.page_height - self.bottom

    def slot_origin(self, slot: int) -> tuple[float, float]:
        """The bottom-left corner of the trim of the card in ``slot``."""
        row, column = divmod(slot, self.columns)
        if not self.gutter:
            return self.left + column * self.card_width, self.top - (row + 1) * self.card_height
        return (self.left + column * (self.card_width + self.gutter),
                self.top - row * (self.card_height + self.gutter) - self.card_height)

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
        """Where the card in ``slot`` may paint: its trim, plus bleed where no card is beside it.

        Beside a card the art runs half the gutter (at most the bleed) into the gap.
        """
        row, column = divmod(slot, self.columns)
        x, y = self.slot_origin(slot)
        shared = min(self.bleed, self.gutter / 2)

        def reach(r: int, c: int) -> float:
            free = not (0 <= r < self.rows and 0 <= c < self.columns) or r * self.columns + c not in occupied
            return self.bleed if free else shared

        left, right = reach(row, column - 1), reach(row, column + 1)
        below, above = reach(row + 1, column), reach(row - 1, column)
        return x - left, y - below, self.card_width + left + right, self.card_height + below + above

    @property
    def footer_at_bottom(self) -> bool:
        """The footer goes under the block if it fits there, else up the right-hand margin."""
        return self.bottom - self.bleed - MARK_GAP - MIN_MARK >= FOOTER_BAND

    def cuts_x(self) -> list[float]:
        """Every vertical cut, left to right: one between two cards, two across a gutter."""
        if not self.gutter:
            return [self.left + i * self.card_width for i in range(self.columns + 1)]
        pitch = self.card_width + self.gutter
        return [self.left + i * pitch + side for i in range(self.columns) for side in (0.0, self.card_width)]

    def cuts_y(self) -> list[float]:
        """Every horizontal cut, bottom to top."""
        if not self.gutter:
            return [self.bottom + j * self.card_height for j in range(self.rows + 1)]
        pitch = self.card_height + self.gutter
        return [self.bottom + j * pitch + side for j in range(self.rows) for side in (0.0, self.card_height)]

    def crop_marks(self, style: str, occupied: set[int] | None = None) -> list[Segment]:
        """A mark on the line of every cut that bounds a printed card (``occupied``: the slots that hold one; all
        when None), beyond the last card it bounds at each end: in the margin beyond the bleed, where a home
        printer prints, or, where that end's card has an empty slot beside it (a last sheet's), in that slot.

        Short margin marks stop short of the footer's band; full ones run to the paper's edge (the footer stands
        on a patch of its own). Where too little of a margin mark would print (the top and foot of 3 × 3 poker
        cards on Letter leave 6.35 mm, nearly all of it in the strip a printer cannot reach), the mark is drawn
        on the cut line itself, from the block's edge inwards, and a full mark keeps its margin part as well.
        """
        occupied = set(range(self.per_page)) if occupied is None else occupied
        floor = FOOTER_BAND if self.footer_at_bottom else 0.0
        right_wall = self.page_width - (0.0 if self.footer_at_bottom else FOOTER_BAND)
        walls = {"bottom": (0.0, floor), "top": (self.page_height, self.page_height),
                 "left": (0.0, 0.0), "right": (self.page_width, right_wall)}
        segments: list[Segment] = []

        def mark(edge: float, side: str, make) -> None:
            paper_edge, short_wall = walls[side]
            direction = 1 if paper_edge > edge else -1
            start = edge + direction * (self.bleed + MARK_GAP)
            printable_end = paper_edge - direction * UNPRINTABLE
            wall = paper_edge if style == "full" else short_wall
            end = wall if style == "full" else start + direction * min(MARK_LENGTH, max(0.0, (wall - start) * direction))
            printed = min((end - start) * direction, (printable_end - start) * direction)
            if abs(end - start) >= MIN_MARK and (style == "full" or printed >= MIN_PRINTED_MARK):
                segments.append(make(start, end))
            if printed < MIN_PRINTED_MARK:
                segments.append(make(edge, edge - direction * INSIDE_MARK))

        def in_slot(edge: float, direction: int, make) -> None:
            """A short mark in an empty slot, from beyond the bleed of the card whose edge is ``edge``."""
            start = edge + direction * (self.bleed + MARK_GAP)
            segments.append(make(start, start + direction * MARK_LENGTH))

        for x in self.cuts_x():
            rows = sorted({slot // self.columns for slot in occupied if _on(x, self._edges_x(slot))})
            if not rows:
                continue
            if rows[-1] == self.rows - 1:
                mark(self.bottom, "bottom", lambda a, b: (x, a, x, b))
            else:
                in_slot(self._slot_bottom(rows[-1]), -1, lambda a, b: (x, a, x, b))
            if rows[0] == 0:
                mark(self.top, "top", lambda a, b: (x, a, x, b))
            else:
                in_slot(self._slot_bottom(rows[0]) + self.card_height, 1, lambda a, b: (x, a, x, b))
        for y in self.cuts_y():
            columns = sorted({slot % self.columns for slot in occupied if _on(y, self._edges_y(slot))})
            if not columns:
                continue
            if columns[0] == 0:
                mark(self.left, "left", lambda a, b: (a, y, b, y))
            else:
                in_slot(self.slot_origin(columns[0])[0], -1, lambda a, b: (a, y, b, y))
            if columns[-1] == self.columns - 1:
                mark(self.right, "right", lambda a, b: (a, y, b, y))
            else:
                in_slot(self.slot_origin(columns[-1])[0] + self.card_width, 1, lambda a, b: (a, y, b, y))
        return segments

    def _edges_x(self, slot: int) -> tuple[float, float]:
        x = self.slot_origin(slot)[0]
        return x, x + self.card_width

    def _edges_y(self, slot: int) -> tuple[float, float]:
        y = self.slot_origin(slot)[1]
        return y, y + self.card_height

    def _slot_bottom(self, row: int) -> float:
        return self.slot_origin(row * self.columns)[1]


def _on(cut: float, edges: tuple[float, float]) -> bool:
    """Whether a cut runs along one of a card's two edges."""
    return any(abs(cut - edge) < 1e-6 for edge in edges)


def sheet_for(page_size: tuple[float, float], card: CardSize, bleed: float, gutter: float = 0.0) -> Sheet:
    """As many cards as fit, with room around the block for the bleed and the marks."""
    width, height = page_size
    edge = max(MIN_EDGE, bleed + EDGE_ROOM)
    columns = math.floor((width - 2 * edge + gutter) / (card.width + gutter) + 1e-9)
    rows = math.floor((height - 2 * edge + gutter) / (card.height + gutter) + 1e-9)
    if columns < 1 or rows < 1:
        raise PrintgenError(
            f"a {card.name} card with {to_mm(bleed):g} mm bleed does not fit on this paper; "
            "choose a smaller card size or less bleed"
        )
    return Sheet(width, height, card.width, card.height, bleed, columns, rows, gutter)


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

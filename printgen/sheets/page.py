"""Where sheets stand on a page: the margins every page of sheets keeps, the strip along its foot, and the
places of one, two or four sheets to a page (a character sheet, a solo booklet's play sheet, a campaign's
rogue's sheet all stand alike)."""

from __future__ import annotations

from ..seed import SeedCode
from ..units import Paper, mm

# Page margins around each sheet, in points.
EDGE = mm(10)
WHOLE_PAGE_EDGE = mm(7)  # a whole-page kind (cards laid on it at full size) may come closer to the sides
FOOTER_ROOM = mm(11)
CELL_PAD = mm(7)


def foot_strip(code: SeedCode, paper: Paper) -> float:
    """How tall the strip along the foot of every page of sheets is: the footer, the credit line and, on the
    first page, the seed code's QR in the bottom right corner (render/canvas.qr_room), the corner every first
    page of text keeps for it too. Every page keeps the strip, so every sheet of a file, and every half or
    quarter of a page, is laid out alike, and the QR stands in no box and in no quarter."""
    from ..render.canvas import qr_room

    return max(FOOTER_ROOM, qr_room(code, paper.size))


def split_y(paper: Paper, foot: float = FOOTER_ROOM) -> float:
    """Where a page of two or four sheets is cut across: the two rows above the foot strip come out the same
    height."""
    return foot + (paper.height - foot - CELL_PAD) / 2


def cells(paper: Paper, per_page: int, whole: bool = False, foot: float = FOOTER_ROOM
          ) -> list[tuple[float, float, float, float, bool]]:
    """Where each sheet of a page goes: (x, y, w, h, rotated), in reading order, above the strip ``foot``.

    Two to a page turns each half sideways, so each half is an upright sheet
    once the page is cut; four to a page are upright quarters. A ``whole``-page
    kind has the page to itself with narrower side margins.
    """
    W, H = paper.size
    if per_page == 1:
        edge = WHOLE_PAGE_EDGE if whole else EDGE
        return [(edge, foot, W - 2 * edge, H - EDGE - foot, False)]
    cut = split_y(paper, foot)
    rows = [(cut + CELL_PAD, H - CELL_PAD), (foot, cut - CELL_PAD)]  # top row first
    if per_page == 2:
        # Drawn rotated: the sheet's width runs up the page, its height across it.
        return [(CELL_PAD, y0, y1 - y0, W - 2 * CELL_PAD, True) for y0, y1 in rows]
    return [(col * W / 2 + CELL_PAD, y0, W / 2 - 2 * CELL_PAD, y1 - y0, False) for y0, y1 in rows for col in (0, 1)]

"""A level at battle scale: one square an inch to five feet, over as many Letter or A4 sheets as it takes.

Each sheet shows a window of the level: a whole number of squares of its
own (7 across and 9 or 10 down, as the paper holds them) and, along each
edge it shares with the sheet beside it, a 10 mm strip that sheet shows too,
so the sheets overlap by exactly 10 mm. Sheets go in rows (A, B, …) and
columns (1, 2, …), each labelled with its row and column; the map is drawn
once for the whole level (one layout, ``draw.map_layout``) and each sheet
clips its window from it, so a wall crossing a sheet's edge runs on at the
same place on its neighbour. Alignment marks (circled crosses) stand in the
margin beyond both ends of every shared strip's middle line, at the same
place on both sheets; the sheet that goes underneath has dashed ticks in
the margin where its neighbour's edge is laid. Labels and marks stay in the
margin, never over the map; on the map, an area's number stands inside it,
at 14 pt or more, as on every page. A ten-foot square of the level (a game's larger unit) is two squares, as the
page says.

Before each copy of a level, an assembly page shows the whole level small
with the grid of sheets over it, their columns and rows named in the margin, lists the sheets printed and those left
out because they show nothing but rock, and says how to tape them. The game
master's copy of every level comes first, then the players' (offpage.py:
the game says which copies print).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..progress import Listener
from ..render import fonts
from ..render import text as text_engine
from ..render.canvas import new_document
from ..render.compose import compose
from ..render.qr import BOX as QR_BOX
from ..render.qr import EDGE as QR_EDGE
from ..seed import SeedCode
from ..units import MIN_TEXT_PT, Paper, inch, mm
from ..words import Words
from . import draw
from .draw_walls import floor_cells, shown_doors
from .frame import used_box
from .offpage import COPIES, LevelViews, View
from .spots import overlaps

SQUARE = inch(1)  # one battle square: five feet
OVERLAP = mm(10)  # what two neighbouring sheets both show
SIDE = mm(10)  # at least this much paper beside the map, for the neighbours' labels
TOP = mm(17)  # above the map: the sheet's label and title
BOTTOM = mm(16)  # below it: a neighbour's label, and the footer
CROSS = mm(2.2)  # an alignment mark's radius
DASH = (3, 2)
LABEL_SIZE = 16.0
TITLE_SIZE = 9.0
NOTE_SIZE = 8.0
LEADING = 10.5
HEADER_SIZE = 10.0  # the assembly page's column numbers and row letters, in its margin


def row_name(index: int) -> str:
    """A, B, …, Z, AA, AB, …"""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


@dataclass(frozen=True)
class Sheet:
    row: int
    column: int
    x: float  # the window's top-left corner, in battle squares of the level's map
    y: float
    printed: bool

    @property
    def label(self) -> str:
        return f"{row_name(self.row)}{self.column + 1}"


@dataclass(frozen=True)
class Layout:
    """A copy of a level at battle scale: its sheets, the size of every sheet's window, its map."""

    views: LevelViews
    copy: View
    across: int  # whole squares of its own a sheet shows across (its window is that and the overlap)
    down: int
    sheets: tuple[Sheet, ...]
    columns: int
    rows: int
    origin: tuple[int, int]  # the first sheet's top-left square, in battle squares
    placed: object  # the map's layout (draw.map_layout), shared by every sheet
    shown: tuple[float, float, float, float]  # the squares of the level all the sheets cover

    @property
    def scale(self) -> int:
        """Battle squares to a square of the level."""
        return self.views.squares_per_square

    @property
    def strip(self) -> float:
        """The overlap in battle squares."""
        return OVERLAP / SQUARE

    @property
    def printed(self) -> list[Sheet]:
        return [sheet for sheet in self.sheets if sheet.printed]

    @property
    def left_out(self) -> list[Sheet]:
        return [sheet for sheet in self.sheets if not sheet.printed]

    def sheet_at(self, row: int, column: int) -> Sheet | None:
        if 0 <= row < self.rows and 0 <= column < self.columns:
            return self.sheets[row * self.columns + column]
        return None


def window_size(paper: Paper) -> tuple[int, int]:
    """The whole squares of its own a sheet of ``paper`` shows across and down."""
    across = math.floor((paper.width - 2 * SIDE - OVERLAP) / SQUARE)
    down = math.floor((paper.height - TOP - BOTTOM - OVERLAP) / SQUARE)
    return across, down


def plan(views: LevelViews, which: str, paper: Paper) -> Layout:
    """The sheets a copy of a level prints on: enough to cover what its map uses, centred on it; each
    marked printed unless its window shows nothing but rock."""
    copy = views.copy(which)
    level, k = views.level, views.squares_per_square
    across, down = window_size(paper)
    whole, _ = used_box(level, copy.content, views.rule)
    strip = OVERLAP / SQUARE

    def starts(low: int, high: int, own: int) -> tuple[int, int]:
        size = (high - low) * k
        count = max(1, math.ceil((size - strip) / own))
        slack = count * own + strip - size
        return low * k - math.floor(slack / 2), count

    x0, columns = starts(whole[0], whole[2], across)
    y0, rows = starts(whole[1], whole[3], down)
    shown = (x0 / k, y0 / k, (x0 + columns * across + strip) / k, (y0 + rows * down + strip) / k)
    placed = draw.map_layout(level, copy.symbols, views.rule, copy.content, copy.view, SQUARE * k, shown)
    doors = shown_doors(level.areas, copy.content.doors, copy.view)
    floor = floor_cells(level.areas, views.rule, doors)
    boxes = [p.box for p in placed.boxes()] + [c.box for c in placed.callouts]
    sheets = []
    for row in range(rows):
        for column in range(columns):
            x, y = x0 + column * across, y0 + row * down
            window = (x / k, y / k, (x + across + strip) / k, (y + down + strip) / k)
            used = any(overlaps((cx, cy, cx + 1, cy + 1), window) for cx, cy in floor) or \
                any(overlaps(box, window) for box in boxes)
            sheets.append(Sheet(row, column, x, y, used))
    return Layout(views, copy, across, down, tuple(sheets), columns, rows, (x0, y0), placed, shown)


def window_box(layout: Layout, paper: Paper) -> tuple[float, float, float, float]:
    """Where every sheet's window stands on the page: left, bottom, width, height in points."""
    width = layout.across * SQUARE + OVERLAP
    height = layout.down * SQUARE + OVERLAP
    left = (paper.width - width) / 2
    bottom = BOTTOM + (paper.height - TOP - BOTTOM - height) / 2
    return left, bottom, width, height


def draw_map(c: Canvas, layout: Layout, box: tuple[float, float, float, float], x: float, y: float,
             pitch: float, placed=None) -> None:
    """The copy's map, clipped to ``box`` (left, bottom, width, height in points), whose top-left corner
    shows the point (``x``, ``y``) of the map in battle squares, ``pitch`` points a battle square."""
    views, copy, k = layout.views, layout.copy, layout.scale
    left, bottom, width, height = box
    level_pitch = pitch * k
    lx, ly = x / k, y / k  # in squares of the level
    ox, oy = math.floor(lx), math.floor(ly)
    columns = math.ceil(lx + width / level_pitch) - ox
    rows = math.ceil(ly + height / level_pitch) - oy
    region = draw.Region(left - (lx - ox) * level_pitch, bottom + height + (ly - oy) * level_pitch, level_pitch,
                         max(1, columns), max(1, rows), divisions=k)
    c.saveState()
    clip = c.beginPath()
    clip.rect(left, bottom, width, height)
    c.clipPath(clip, stroke=0, fill=0)
    draw.draw_level(c, region, views.level, copy.symbols, views.rule, copy.content, copy.view, (ox, oy),
                    views.style, layout.shown, placed)
    c.restoreState()


def draw_sheet(phrasebooks: Words, c: Canvas, layout: Layout, sheet: Sheet, paper: Paper) -> None:
    """One sheet: its window of the map, the overlap strips' marks, its label and its neighbours'."""
    left, bottom, width, height = window_box(layout, paper)
    draw_map(c, layout, (left, bottom, width, height), sheet.x, sheet.y, SQUARE, layout.placed)
    top = bottom + height
    c.saveState()
    c.setStrokeGray(0)
    c.setLineWidth(0.6)
    c.rect(left, bottom, width, height, stroke=1, fill=0)
    c.restoreState()
    own_w = layout.across * SQUARE
    neighbours = {  # side → (neighbour, the strip's box on this page: left, bottom, width, height)
        "left": (layout.sheet_at(sheet.row, sheet.column - 1), (left, bottom, OVERLAP, height)),
        "right": (layout.sheet_at(sheet.row, sheet.column + 1), (left + own_w, bottom, OVERLAP, height)),
        "top": (layout.sheet_at(sheet.row - 1, sheet.column), (left, top - OVERLAP, width, OVERLAP)),
        "bottom": (layout.sheet_at(sheet.row + 1, sheet.column), (left, bottom, width, OVERLAP)),
    }
    for side, (neighbour, strip) in neighbours.items():
        if neighbour is None:
            continue
        if neighbour.printed:
            _strip_marks(c, strip, side, layout)
        _neighbour_label(phrasebooks, c, side, neighbour, (left, bottom, width, height))
    _sheet_heading(phrasebooks, c, layout, sheet, left, top, left + own_w - mm(1))


def _strip_marks(c: Canvas, strip: tuple[float, float, float, float], side: str, layout: Layout) -> None:
    """A shared strip's marks, in the margin, never over the map: a circled cross beyond each end of its
    middle line (at the same place on both sheets), and on the sheet that goes underneath (the left or
    upper one) a dashed tick beyond each end of the line where its neighbour's edge lies."""
    left, bottom, width, height = strip
    out = CROSS * 2.2  # from the window's edge to a cross's middle
    c.saveState()
    c.setStrokeGray(0)
    c.setLineWidth(0.5)
    if side in ("left", "right"):
        x = left + width / 2
        points = [(x, bottom + height + out), (x, bottom - out)]
    else:
        y = bottom + height / 2
        points = [(left - out, y), (left + width + out, y)]
    for px, py in points:
        c.setFillGray(1)
        c.circle(px, py, CROSS, stroke=1, fill=1)
        c.line(px - CROSS * 1.5, py, px + CROSS * 1.5, py)
        c.line(px, py - CROSS * 1.5, px, py + CROSS * 1.5)
    if side in ("right", "bottom"):  # the neighbour's edge lies on the strip's inner line
        c.setDash(*DASH)
        c.setLineWidth(0.8)
        reach = mm(6)
        if side == "right":
            c.line(left, bottom - reach, left, bottom)
            c.line(left, bottom + height, left, bottom + height + reach)
        else:
            y = bottom + height
            c.line(left - reach, y, left, y)
            c.line(left + width, y, left + width + reach, y)
    c.restoreState()


ARROWS = {"left": "←", "right": "→", "top": "↑", "bottom": "↓"}


def _neighbour_label(phrasebooks: Words, c: Canvas, side: str, neighbour: Sheet,
                     window: tuple[float, float, float, float]) -> None:
    say = phrasebooks.say_for(__package__)
    left, bottom, width, height = window
    text = say("battle.neighbour", sheet=neighbour.label) if neighbour.printed else \
        say("battle.neighbour-left-out", sheet=neighbour.label)
    text = f"{ARROWS[side]} {text}" if side in ("left", "top") else f"{text} {ARROWS[side]}"
    c.saveState()
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, NOTE_SIZE)
    if side == "left":
        c.translate(left - mm(3), bottom + height / 2)
        c.rotate(90)
        c.drawCentredString(0, 0, text)
    elif side == "right":
        c.translate(left + width + mm(3), bottom + height / 2)
        c.rotate(-90)
        c.drawCentredString(0, 0, text)
    elif side == "top":
        c.drawCentredString(left + width / 2, bottom + height + mm(2), text)
    else:
        c.drawCentredString(left + width / 2, bottom - mm(2) - NOTE_SIZE * 0.75, text)
    c.restoreState()


HEADING = mm(9.5)  # the sheet's label's baseline above the map: clear of the alignment marks (they reach 8.4 mm)


def _sheet_heading(phrasebooks: Words, c: Canvas, layout: Layout, sheet: Sheet, left: float, top: float,
                   right: float) -> None:
    """The sheet's label, large, and the level, the copy and the scale beside it, above the alignment marks
    of a strip shared with the sheet above it and short of those of the strip shared with the sheet to its
    right (``right``: where the heading ends)."""
    say = phrasebooks.say_for(__package__)
    views = layout.views
    base = top + HEADING
    c.saveState()
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, LABEL_SIZE)
    c.drawString(left, base, sheet.label)
    indent = left + text_engine.measure(sheet.label, fonts.SERIF_BOLD, LABEL_SIZE) + mm(3)
    c.setFont(fonts.SERIF_BOLD, TITLE_SIZE)
    c.drawString(indent, base + TITLE_SIZE * 0.9, f"{views.title} · {layout.copy.who}")
    c.setFont(fonts.SERIF, NOTE_SIZE)
    line = say("battle.sheet", row=row_name(sheet.row), column=sheet.column + 1, rows=layout.rows,
               columns=layout.columns)
    line += " " + _scale_words(phrasebooks, views)
    c.drawString(indent, base - 1.5, _fitted(line, fonts.SERIF, NOTE_SIZE, right - indent))
    c.restoreState()


def _scale_words(phrasebooks: Words, views: LevelViews) -> str:
    say = phrasebooks.say_for(__package__)
    words = views.scale_words or say("battle.scale")
    return f"{words} {views.unit_words}" if views.unit_words else words


def _fitted(text: str, font: str, size: float, width: float) -> str:
    """``text``, cut with an ellipsis if it will not go in ``width``."""
    if text_engine.measure(text, font, size) <= width:
        return text
    while text and text_engine.measure(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


# --- the assembly page -----------------------------------------------------------------------------


def draw_assembly(phrasebooks: Words, c: Canvas, layout: Layout, paper: Paper) -> None:
    """The whole level small with the grid of sheets over it (each sheet's window; a sheet left out dashed
    and pale), their columns numbered above and their rows lettered beside, in the margin, so no label
    covers the map; the sheets printed and left out, and how to join them.
    Its bottom right corner stays clear for the first page's QR code."""
    say = phrasebooks.say_for(__package__)
    views = layout.views
    margin = mm(15)
    width = paper.width - 2 * margin
    top = paper.height - mm(14)
    c.saveState()
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, 13)
    c.drawString(margin, top - 13, f"{views.title} · {layout.copy.who}")
    c.setFont(fonts.SERIF_ITALIC, 9)
    c.drawString(margin, top - 26, say("battle.assembly-title", count=len(layout.printed)))
    c.restoreState()
    lines = assembly_lines(phrasebooks, layout, width)
    text_height = len(lines) * LEADING + mm(4)
    room_top = top - 36
    room_bottom = QR_EDGE + QR_BOX + mm(4) + text_height
    strip = layout.strip
    span_x = layout.columns * layout.across + strip
    span_y = layout.rows * layout.down + strip
    label_room = HEADER_SIZE + 6
    pitch = min((width - label_room) / span_x, (room_top - room_bottom - label_room) / span_y)
    map_w, map_h = span_x * pitch, span_y * pitch
    map_left = margin + label_room + (width - label_room - map_w) / 2
    map_top = room_top - label_room
    box = (map_left, map_top - map_h, map_w, map_h)
    # An overview: its numbers a guide to the sheets, not read at the table, as small as their squares allow.
    small = draw.map_layout(views.level, layout.copy.symbols, views.rule, layout.copy.content, layout.copy.view,
                            pitch * layout.scale, layout.shown, least_number=MIN_TEXT_PT)
    draw_map(c, layout, box, layout.origin[0], layout.origin[1], pitch, small)
    c.saveState()
    c.setLineWidth(0.8)
    for sheet in layout.sheets:
        x = map_left + (sheet.x - layout.origin[0]) * pitch
        y = map_top - (sheet.y - layout.origin[1]) * pitch
        w, h = (layout.across + strip) * pitch, (layout.down + strip) * pitch
        c.setStrokeGray(0 if sheet.printed else 0.55)
        c.setDash(*(() if sheet.printed else DASH))
        c.rect(x, y - h, w, h, stroke=1, fill=0)
        c.setDash()
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, HEADER_SIZE)
    for column in range(layout.columns):  # the sheets' columns above, their rows beside: never over the map
        c.drawCentredString(map_left + (column + 0.5) * layout.across * pitch, map_top + 3, str(column + 1))
    for row in range(layout.rows):
        c.drawCentredString(map_left - 7, map_top - (row + 0.5) * layout.down * pitch - HEADER_SIZE * 0.35,
                            row_name(row))
    c.setFont(fonts.SERIF, NOTE_SIZE + 1)
    y = map_top - map_h - mm(6)
    for line in lines:
        c.drawString(margin, y, line)
        y -= LEADING
    c.restoreState()


def assembly_lines(phrasebooks: Words, layout: Layout, width: float) -> list[str]:
    say = phrasebooks.say_for(__package__)
    printed = ", ".join(sheet.label for sheet in layout.printed)
    out = ", ".join(sheet.label for sheet in layout.left_out)
    texts = [say("battle.printed", count=len(layout.printed), sheets=printed),
             say("battle.left-out", count=len(layout.left_out), sheets=out) if out else say("battle.none-left-out"),
             _scale_words(phrasebooks, layout.views), say("battle.how")]
    lines: list[str] = []
    for text in texts:
        lines += text_engine.wrap_text(text, fonts.SERIF, NOTE_SIZE + 1, width - QR_BOX - mm(6))
    return lines


# --- the document -----------------------------------------------------------------------------------


def layouts(views: list[LevelViews], paper: Paper) -> list[Layout]:
    """Every copy of every level the battle map prints, in order: the game master's copies, then the
    players'."""
    order = []
    for which in COPIES:
        order += [plan(level, which, paper) for level in views if which in level.battle]
    return order


def battle_pdf(phrasebooks: Words, views: list[LevelViews], code: SeedCode, paper: Paper,
               listener: Listener | None = None) -> bytes:
    """Every copy's assembly page and sheets, one PDF with footers and the seed code's QR; ``listener`` (the
    request's) hears its steps."""
    say = phrasebooks.say_for(__package__)
    fonts.register_reportlab_fonts()
    doc = new_document(code, say("battle.document"), paper.size)
    for layout in layouts(views, paper):
        draw_assembly(phrasebooks, doc.canvas, layout, paper)
        doc.canvas.showPage()
        for sheet in layout.printed:
            draw_sheet(phrasebooks, doc.canvas, layout, sheet, paper)
            doc.canvas.showPage()
    return compose([doc.finish(listener)], code, say("battle.document"), listener=listener)

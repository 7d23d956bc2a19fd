"""The map page: one frame round a level's map for every game, each game giving its words, symbols and
numbers.

A page holds, from the top: the title with whose map it is under it, the
scale bar at the right (and, for a level over several sheets, the index of
its sheets: a cell for each, its number in it, this sheet's filled); the
map, centred in the room left (a map with squares of fixed size shows the
page's whole grid, the level shifted so what it uses sits in the middle,
leaving room round the doors on its edges); the legend, drawn in the
map's style, with the game's lines of notes under it. A level too large
for the page prints over as many sheets as it needs at the same scale, each
with brackets outside the border over the squares it shares with the sheet
beside it, that sheet's number at the bracket (a mark nothing on the map
looks like, kept in a strip of its own clear of the title and the scale).

``MapPage`` is what a game gives; ``plan`` works out the sheets, ``draw_sheet``
draws one page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..units import Paper
from . import draw, glyphs
from .adjacency import Adjacency
from .draw_style import GREY, MapStyle
from .geometry import HEADINGS, step
from .level import Level
from .symbols import Symbol, Symbols

TITLE_SIZE = 12.0
WHO_SIZE = 9.0
BAND = 29.6  # pt from the top of the title's line to the top of the room for the map
STRIP = 13.0  # pt above and below a tiled map for its overlap brackets
NOTE_SIZE = 8.0
NOTE_LEADING = 10.0
GAP = 6.0  # pt between the map and the legend


@dataclass(frozen=True)
class Scale:
    """What a square is: ``unit`` ``unit_name`` each, a bar of ``squares`` squares (fewer when squares are
    large)."""

    unit: int
    unit_name: str
    squares: int = 4


@dataclass
class MapPage:
    """A view of one level and how its page is laid out; every word is the game's."""

    level: Level
    symbols: Symbols
    rule: Adjacency
    content: draw.Content
    view: str
    title: str
    who: str
    scale: Scale
    legend: list = field(default_factory=list)  # (what, Symbol) entries, from Symbols.legend
    notes: list[str] = field(default_factory=list)  # lines under the legend, wrapped to its width
    sheet_words: str = ""  # "{who} · sheet {sheet} of {sheets}", for a level over several sheets
    overlap_words: str = ""  # the legend's words for the overlap bracket
    unexplored_words: str = ""  # the legend's words for the "?" beyond an unexplored exit
    style: MapStyle = GREY
    pitch: float | None = None  # a square's size in points, or None: as large as the page holds
    most_pitch: float = 72.0
    side: float = 28.0  # pt: margins
    top: float = 36.0  # pt from the paper's top to the room for the map (the title band is in it)
    bottom: float = 36.0  # pt from the paper's foot to the room for the map and the legend below it
    legend_columns: int = 4
    legend_pitch: float = 12.6
    window: tuple[int, int] | None = None  # the squares to show, whole, from (0, 0); else the page's grid
    centre: bool = True  # shift the level so what it uses sits in the middle of a page's grid


@dataclass(frozen=True)
class Sheet:
    region: draw.Region
    origin: tuple[int, int]


@dataclass(frozen=True)
class Plan:
    sheets: tuple[Sheet, ...]
    shown: tuple[float, float, float, float]  # the squares all the sheets show, for callouts
    legend_top: float  # pt from the paper's foot

    @property
    def starts(self) -> list[tuple[int, int]]:
        return [s.origin for s in self.sheets]


def legend_entries(page: MapPage) -> list:
    """The game's legend, and the frame's own entries: "?" beyond unexplored exits, the overlap bracket."""
    entries = list(page.legend)
    if page.view == draw.GM and page.unexplored_words and any(
            e.leads == "unexplored" and e.at is not None and not e.inside and not e.far_side
            for a in page.level.areas for e in a.exits):
        entries.append(("mark", Symbol("unexplored", glyphs.unexplored, page.unexplored_words)))
    return entries


def legend_height(page: MapPage, width: float, tiled: bool = False) -> float:
    """How tall the legend and the notes under it are, ``width`` wide."""
    entries = _legend_with_overlap(page, tiled)
    lines = sum(len(fonts.wrap_text(line, fonts.SERIF, NOTE_SIZE, width)) for line in page.notes)
    return (draw.legend_height(entries, width, page.legend_pitch, page.legend_columns)
            + (lines * NOTE_LEADING + 3 if lines else 0))


def _legend_with_overlap(page: MapPage, tiled: bool) -> list:
    entries = legend_entries(page)
    if tiled and page.overlap_words:
        entries.append(("mark", Symbol("overlap", _overlap_glyph, page.overlap_words)))
    return entries


def plan(page: MapPage, paper: Paper) -> Plan:
    """The sheets ``page``'s level prints on, each with its region of the page and first square shown."""
    width = paper.width - 2 * page.side
    top = paper.height - page.top
    if page.pitch is None:
        columns, rows = page.window or (page.level.width, page.level.height)
        legend = legend_height(page, width)
        room_h = top - page.bottom - legend - GAP
        pitch = min(width / columns, room_h / rows, page.most_pitch)
        left = page.side + (width - columns * pitch) / 2
        spare = room_h - rows * pitch
        region = draw.Region(left, top - spare / 2, pitch, columns, rows)
        return Plan((Sheet(region, (0, 0)),), (0, 0, columns, rows), region.bottom - GAP)
    pitch = page.pitch
    legend = legend_height(page, width)
    room_h = top - page.bottom
    if page.window is not None:
        columns, rows = page.window
        region_h = rows * pitch
        spare = room_h - legend - GAP - region_h
        region = draw.Region(page.side + (width - columns * pitch) / 2, top - max(0.0, spare) / 2, pitch, columns, rows)
        return Plan((Sheet(region, (0, 0)),), (0, 0, columns, rows), region.bottom - GAP)
    columns, rows = math.floor(width / pitch), math.floor(room_h / pitch)
    whole, core = used_box(page.level, page.content, page.rule)
    xs, ys = _starts(whole[0], whole[2], core[0], core[2], columns), _starts(whole[1], whole[3], core[1], core[3], rows)
    tiled = len(xs) * len(ys) > 1
    if tiled:  # room for the brackets above and below the map
        rows = math.floor((room_h - 2 * STRIP) / pitch)
        ys = _starts(whole[1], whole[3], core[1], core[3], rows)
    left = (paper.width - columns * pitch) / 2
    region_top = top - (STRIP if tiled else 0)
    sheets = tuple(Sheet(draw.Region(left, region_top, pitch, columns, rows), (x, y)) for y in ys for x in xs)
    shown = (min(xs), min(ys), max(xs) + columns, max(ys) + rows)
    legend_top = region_top - rows * pitch - (STRIP if tiled else GAP)
    return Plan(sheets, shown, legend_top)


def _starts(low: int, high: int, core_low: int, core_high: int, shown: int) -> list[int]:
    """Where sheets showing ``shown`` squares start so they cover ``low``..``high`` (exclusive), sharing
    ``draw.OVERLAP`` squares; one sheet, centred on what it covers, when it fits, or when at least the
    ``core`` of it fits (the areas and their doorways), centred as nearly as that allows."""
    size = high - low
    if size <= shown:
        return [low - (shown - size) // 2]
    if core_high - core_low <= shown:
        centred = low - (shown - size) // 2
        return [min(max(centred, core_high - shown), core_low)]
    count = math.ceil((size - draw.OVERLAP) / (shown - draw.OVERLAP))
    return [low + min(i * (shown - draw.OVERLAP), size - shown) for i in range(count)]


def used_box(level: Level, content: draw.Content, rule: Adjacency) -> tuple[tuple[int, int, int, int], ...]:
    """The squares a level's map uses, (left, top, right, bottom), right and bottom excluded: all of it
    with a square of room round it (its areas, their doorways, the squares past their open and blocked
    exits where a "?" or rubble stands, its loose marks), and its core: the areas and doorways alone."""
    core = [c for a in level.areas for c in a.cells]
    beyond = []
    for area in level.areas:
        for exit_ in area.exits:
            if exit_.at is None or exit_.inside:
                continue
            dx, dy = HEADINGS[exit_.through]
            core.append((exit_.at[0] + dx * rule.gap, exit_.at[1] + dy * rule.gap))
            if exit_.leads in ("unexplored", "blocked"):
                beyond.append((exit_.at[0] + dx * (rule.gap + 1), exit_.at[1] + dy * (rule.gap + 1)))
    for exit_, _ in content.doors:
        if exit_.at is not None:
            core += [step(exit_.at, exit_.side)]
            beyond.append(exit_.at)
    beyond += [(math.floor(x), math.floor(y)) for _, x, y, _ in content.loose]
    if not core:
        return (0, 0, level.width, level.height), (0, 0, level.width, level.height)

    def box(cells, room):
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        return min(xs) - room, min(ys) - room, max(xs) + 1 + room, max(ys) + 1 + room
    return box(core + beyond, 1), box(core, 0)


def draw_sheet(c: Canvas, paper: Paper, page: MapPage, found: Plan, index: int):
    """Draw sheet ``index`` of ``found`` on the page: title, scale, index, map, overlap brackets, legend."""
    sheet = found.sheets[index]
    region = sheet.region
    tiled = len(found.sheets) > 1
    fonts.register_reportlab_fonts()
    title_base = paper.height - page.top + BAND - TITLE_SIZE
    who_base = title_base - 12.5
    c.saveState()
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, TITLE_SIZE)
    c.drawString(region.left, title_base, page.title)
    who = page.who
    if tiled and page.sheet_words:
        who = page.sheet_words.format(who=page.who, sheet=index + 1, sheets=len(found.sheets))
    c.setFont(fonts.SERIF_ITALIC, WHO_SIZE)
    c.drawString(region.left, who_base, who)
    c.restoreState()
    right = region.right
    if tiled:
        width, _ = draw.draw_sheet_index(c, right, paper.height - page.top + BAND - 1, page.level, region,
                                         found.starts, index, BAND - 4)
        right -= width + 10
    squares = max(1, min(page.scale.squares, math.floor(96 / region.pitch)))
    name_width = fonts.string_width(page.scale.unit_name, fonts.SERIF, 7) + 6
    bar_height = min(region.pitch * 0.25, 4.5)
    draw.draw_scale(c, right - squares * region.pitch - name_width, who_base + 7.5, region.pitch, page.scale.unit,
                    page.scale.unit_name, squares, bar=bar_height)
    placed = draw.draw_level(c, region, page.level, page.symbols, page.rule, page.content, page.view,
                             sheet.origin, page.style, found.shown if tiled or page.window is None else None)
    if tiled:
        draw.draw_overlap_marks(c, region, page.level, sheet.origin, found.starts)
    _draw_legend(c, page, region, found.legend_top, tiled)
    return placed


def _draw_legend(c: Canvas, page: MapPage, region: draw.Region, top: float, tiled: bool) -> None:
    entries = _legend_with_overlap(page, tiled)
    left, width = region.left, region.columns * region.pitch
    bottom = top
    if entries:
        bottom = draw.draw_legend(c, left, top, width, page.legend_pitch, entries, page.legend_columns, page.style)
    if page.notes:
        c.saveState()
        c.setFillGray(0)
        c.setFont(fonts.SERIF, NOTE_SIZE)
        y = bottom - NOTE_SIZE - 3
        for line in page.notes:
            for piece in fonts.wrap_text(line, fonts.SERIF, NOTE_SIZE, width):
                c.drawString(left, y, piece)
                y -= NOTE_LEADING
        c.restoreState()


def _overlap_glyph(c: Canvas, size: float) -> None:
    """The legend's picture of an overlap bracket: a bracket over some squares, a sheet's number at its end."""
    s = size / 2
    c.setStrokeGray(0)
    c.setLineWidth(0.7)
    c.line(-s, -s * 0.3, s * 0.2, -s * 0.3)
    c.line(-s, -s * 0.3, -s, -s * 0.8)
    c.line(s * 0.2, -s * 0.3, s * 0.2, -s * 0.8)
    draw.sheet_number(c, s * 0.55, -s * 0.3, "2")

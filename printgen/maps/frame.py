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
from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..render import text as text_engine
from ..units import Paper
from . import draw, glyphs, spots
from .adjacency import Adjacency
from .draw_style import GREY, MapStyle, rock_marks
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
OVERLAP = 1  # squares two sheets of one level share: the line of squares where one ends and the next begins
SINGLE_SHARE = 0.95  # a level on one page where its square is at least this share of its square in halves


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
    legend_room: float = 0.0  # pt of ``bottom`` a legend under a map of fixed squares may take (the rest: the footer)
    legend_columns: int = 4
    legend_pitch: float = 12.6
    window: tuple[int, int] | None = None  # the squares to show, whole, from (0, 0); else the page's grid
    centre: bool = True  # shift the level so what it uses sits in the middle of a page's grid
    crop: bool = False  # with no pitch and no window: the squares the level uses (``cropped``), not all of it
    least_pitch: float | None = None  # with no pitch: the least square of a map on one page (see ``plan``)
    halves_least: float | None = None  # the least square of a map in two halves, each facing its key; None: none
    focus: tuple[float, float] | None = None  # one sheet only, centred on this point (squares) if the level
    # needs more: a players' blank page, centred on where they arrive
    areas_words: str = ""  # "{who} · sheet {sheet} of {sheets}, areas {areas}": what a sheet of several shows


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
    lines = sum(len(text_engine.wrap_text(line, fonts.SERIF, NOTE_SIZE, width)) for line in page.notes)
    return (legend_height_of(entries, width, page.legend_pitch, page.legend_columns)
            + (lines * NOTE_LEADING + 3 if lines else 0))


def _legend_with_overlap(page: MapPage, tiled: bool) -> list:
    entries = legend_entries(page)
    if tiled and page.overlap_words:
        entries.append(("mark", Symbol("overlap", _overlap_glyph, page.overlap_words)))
    return entries


def plan(page: MapPage, paper: Paper) -> Plan:
    """The sheets ``page``'s level prints on, each with its region of the page and first square shown.

    With a fixed ``pitch``, a page's grid of squares that size, the level centred on it, over as many
    sheets as it needs (each sharing ``OVERLAP`` squares with the next; one that would show rock alone is
    left out), or the one sheet centred on ``focus``. With ``least_pitch`` instead, the fewest sheets:
    the level on one page at the largest square it fits (up to ``most_pitch``) down to ``least_pitch``;
    else in two halves, side by side or one above the other, at the largest square that fits it so,
    down to ``halves_least`` (or on one page, where that holds it at squares nearly as large), cut where
    they share its areas most evenly; else over the fewest sheets any square from ``halves_least`` to
    ``least_pitch`` gives, at the largest that gives them. A legend too long for ``legend_room`` takes
    its room from the map's. With neither, the ``window`` (or the whole level, or with ``crop`` what it
    uses) as large as the page holds it."""
    width = paper.width - 2 * page.side
    top = paper.height - page.top
    if page.pitch is None and page.least_pitch is None:
        columns, rows = page.window or (page.level.width, page.level.height)
        origin = (0, 0)
        if page.crop:
            x0, y0, x1, y1 = cropped(page)
            origin, columns, rows = (x0, y0), x1 - x0, y1 - y0
        legend = legend_height(page, width)
        room_h = top - page.bottom - legend - GAP
        pitch = min(width / columns, room_h / rows, page.most_pitch)
        left = page.side + (width - columns * pitch) / 2
        spare = room_h - rows * pitch
        region = draw.Region(left, top - spare / 2, pitch, columns, rows)
        return Plan((Sheet(region, origin),), (*origin, origin[0] + columns, origin[1] + rows), region.bottom - GAP)
    room_h = top - page.bottom
    if page.window is not None:
        pitch = page.pitch
        columns, rows = page.window
        region_h = rows * pitch
        spare = room_h - legend_height(page, width) - GAP - region_h
        region = draw.Region(page.side + (width - columns * pitch) / 2, top - max(0.0, spare) / 2, pitch, columns, rows)
        return Plan((Sheet(region, (0, 0)),), (0, 0, columns, rows), region.bottom - GAP)
    whole, core = used_box(page.level, page.content, page.rule)
    room_h -= legend_beyond(page, width)
    pitch = page.pitch
    if pitch is None:
        one = _largest(whole, core, width, room_h, page.most_pitch, page.least_pitch)
        pitch = one or page.least_pitch
        if not one and page.halves_least is not None:
            # Smaller squares: on one page, or on two (each facing its own key) where that gives them room
            # to be larger; a level as tall as a page gains nothing by halves side by side.
            single = _largest(whole, core, width, room_h, page.most_pitch, page.halves_least)
            halves = max(_largest(whole, core, width, room_h - 2 * STRIP, page.most_pitch, page.halves_least, across)
                         for across in (True, False))
            if single and single >= halves * SINGLE_SHARE:
                pitch = single
            elif halves:
                pitch = halves
            else:  # more sheets: the fewest any square down to the halves' least gives, at the largest that does
                pitch = _fewest(page, paper, whole, core, page.halves_least, page.least_pitch)
    return _sheets(page, paper, pitch, whole, core)


def cropped(page: MapPage) -> tuple[int, int, int, int]:
    """The squares a cropped map shows: what the level uses, with a square of room round it where the level's
    own edge is not nearer (a "?" past that edge shows all the same)."""
    whole, core = used_box(page.level, page.content, page.rule)
    return (max(whole[0], min(0, core[0])), max(whole[1], min(0, core[1])),
            min(whole[2], max(page.level.width, core[2])), min(whole[3], max(page.level.height, core[3])))


def legend_beyond(page: MapPage, width: float) -> float:
    """How much more room than ``page.legend_room`` the legend takes below a map of fixed squares (and the
    gap above it): a long legend pushes the map up rather than run into the footer."""
    return max(0.0, legend_height(page, width, tiled=True) + GAP - page.legend_room)


def _fewest(page: MapPage, paper: Paper, whole, core, least: float, most: float) -> float:
    """The largest square from ``least`` to ``most`` points at which the level takes as few sheets as it
    does at ``least``."""
    fewest = len(_sheets(page, paper, least, whole, core).sheets)
    pitch = most
    while pitch > least and len(_sheets(page, paper, pitch, whole, core).sheets) > fewest:
        pitch -= 0.25
    return max(pitch, least)


def _largest(whole, core, width: float, height: float, most: float, least: float, halves: bool | None = None
             ) -> float:
    """The largest square, no smaller than ``least``, that shows all a level uses (``whole``), or at least
    its areas and doorways (``core``, at ``least``), on a page ``width`` × ``height``, or on two such
    (``halves``: side by side, True, or one above the other, False); 0 if neither fits."""
    pitch = fitting(whole, width, height, most, halves)
    if pitch >= least:
        return pitch
    return least if fitting(core, width, height, most, halves) >= least else 0.0


def fitting(box: tuple[int, int, int, int], width: float, height: float, most: float,
             halves: bool | None = None) -> float:
    """The largest square that shows ``box`` within ``width`` × ``height`` points, at most ``most``; or on
    two pages of that size, ``halves`` side by side (True) or one above the other (False), sharing a line
    of squares."""
    columns, rows = box[2] - box[0], box[3] - box[1]
    if halves is True:
        columns = math.ceil((columns + OVERLAP) / 2)
    elif halves is False:
        rows = math.ceil((rows + OVERLAP) / 2)
    return min(width / columns, height / rows, most) * (1 - 1e-9)


def _sheets(page: MapPage, paper: Paper, pitch: float, whole, core) -> Plan:
    """A page's grid of squares ``pitch`` points across, the level centred on it, over as many sheets as it
    needs (or the one centred on ``page.focus``)."""
    width = paper.width - 2 * page.side
    top = paper.height - page.top
    room_h = top - page.bottom - legend_beyond(page, width)
    columns, rows = math.floor(width / pitch), math.floor(room_h / pitch)
    middles = [_middle(area.cells) for area in page.level.areas]
    xs = _starts(whole[0], whole[2], core[0], core[2], columns, [x for x, _ in middles])
    ys = _starts(whole[1], whole[3], core[1], core[3], rows, [y for _, y in middles])
    if page.focus is not None and len(xs) * len(ys) > 1:  # one sheet: where the players arrive in its middle
        xs, ys = [math.floor(page.focus[0] - columns / 2)], [math.floor(page.focus[1] - rows / 2)]
    tiled = len(xs) * len(ys) > 1
    if tiled:  # room for the brackets above and below the map
        rows = math.floor((room_h - 2 * STRIP) / pitch)
        ys = _starts(whole[1], whole[3], core[1], core[3], rows, [y for _, y in middles])
    left = (paper.width - columns * pitch) / 2
    region_top = top - (STRIP if tiled else 0)
    cells = [cell for area in page.level.areas for cell in area.cells]
    sheets = tuple(Sheet(draw.Region(left, region_top, pitch, columns, rows), (x, y)) for y in ys for x in xs
                   if not tiled or any(x <= cx < x + columns and y <= cy < y + rows for cx, cy in cells))
    shown = (min(xs), min(ys), max(xs) + columns, max(ys) + rows)
    legend_top = region_top - rows * pitch - (STRIP if tiled else GAP)
    return Plan(sheets, shown, legend_top)


def _middle(cells) -> tuple[float, float]:
    return sum(x for x, _ in cells) / len(cells) + 0.5, sum(y for _, y in cells) / len(cells) + 0.5


def _starts(low: int, high: int, core_low: int, core_high: int, shown: int, middles: Sequence[float] = ()) -> list[int]:
    """Where sheets showing ``shown`` squares start so they cover ``low``..``high`` (exclusive), sharing
    ``OVERLAP`` squares; one sheet, centred on what it covers, when it fits, or when at least the
    ``core`` of it fits (the areas and their doorways), centred as nearly as that allows. Two sheets with
    squares to spare are cut where the areas (their ``middles``) are shared most evenly between them, as
    nearly centred as that allows: each faces the key of its own areas, and each key then fills a page
    as nearly as the other."""
    size = high - low
    if size <= shown:
        return [low - (shown - size) // 2]
    if core_high - core_low <= shown:
        centred = low - (shown - size) // 2
        return [min(max(centred, core_high - shown), core_low)]
    count = math.ceil((size - OVERLAP) / (shown - OVERLAP))
    spare = count * (shown - OVERLAP) + OVERLAP - size  # shared out before and after, not between sheets
    first = low - spare // 2
    if count == 2 and spare and middles:
        def uneven(start: int) -> tuple[int, int]:
            cut = start + shown - OVERLAP  # the first square of the second sheet's own
            before = sum(1 for m in middles if m < cut)
            return abs(2 * before - len(middles)), abs(start - first)
        first = min(range(low - spare, low + 1), key=uneven)
    return [first + i * (shown - OVERLAP) for i in range(count)]


def used_box(level: Level, content: draw.Content, rule: Adjacency) -> tuple[tuple[int, int, int, int], ...]:
    """The squares a level's map uses, (left, top, right, bottom), right and bottom excluded: all of it
    with a square of room round it (its areas, their doorways, the squares past their open and blocked
    exits where a "?" or rubble stands, its loose marks), and its core: all of it without the room round
    (a map cut to its core still shows every "?" whole)."""
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
                # a "?" across a 45° wall stands out from it, half in the next square that way
                beyond += [step(cell, side, rule.gap + 1) for cell, side in exit_.units if side % 2]
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
    return box(core + beyond, 1), box(core + beyond, 0)


def layout(page: MapPage, found: Plan, referee: draw.Layout | None = None) -> draw.Layout:
    """Where everything on ``page``'s map goes, the same on every sheet of ``found`` (draw.map_layout;
    ``referee``: the referee's map's layout at this scale, for a players' map to copy marks from)."""
    tiled = len(found.sheets) > 1
    return draw.map_layout(page.level, page.symbols, page.rule, page.content, page.view,
                           found.sheets[0].region.pitch, found.shown if tiled or page.window is None else None,
                           referee)


def draw_sheet(c: Canvas, paper: Paper, page: MapPage, found: Plan, index: int, placed: draw.Layout | None = None):
    """Draw sheet ``index`` of ``found`` on the page: title, scale, index, map, overlap brackets, legend; a
    sheet of a level over several names the areas whose numbers it shows. ``placed``: the map's
    ``layout``, when found already (the sheets of a level share it)."""
    sheet = found.sheets[index]
    region = sheet.region
    tiled = len(found.sheets) > 1
    fonts.register_reportlab_fonts()
    title_base = paper.height - page.top + BAND - TITLE_SIZE
    who_base = title_base - 12.5
    right = region.right
    if tiled:
        width, _ = draw_sheet_index(c, right, paper.height - page.top + BAND - 1, page.level, region,
                                    found.starts, index, BAND - 4)
        right -= width + 10
    squares = max(1, min(page.scale.squares, math.floor(96 / region.pitch)))
    name_width = text_engine.measure(page.scale.unit_name, fonts.SERIF, 7) + 6
    bar_height = min(region.pitch * 0.25, 4.5)
    scale_left = right - squares * region.pitch - name_width
    draw_scale(c, scale_left, who_base + 7.5, region.pitch, page.scale.unit, page.scale.unit_name, squares,
               bar=bar_height)
    placed = draw.draw_level(c, region, page.level, page.symbols, page.rule, page.content, page.view,
                             sheet.origin, page.style, found.shown if tiled or page.window is None else None,
                             placed)
    who = page.who
    if tiled and page.areas_words:
        numbers = areas_shown(placed, sheet, page.level)
        who = page.areas_words.format(who=page.who, sheet=index + 1, sheets=len(found.sheets),
                                      areas=number_ranges(numbers))
    elif tiled and page.sheet_words:
        who = page.sheet_words.format(who=page.who, sheet=index + 1, sheets=len(found.sheets))
    c.saveState()
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, TITLE_SIZE)
    c.drawString(region.left, title_base, page.title)
    c.setFont(fonts.SERIF_ITALIC, fit_size(who, fonts.SERIF_ITALIC, WHO_SIZE, scale_left - 8 - region.left))
    c.drawString(region.left, who_base, who)
    c.restoreState()
    if tiled:
        draw_overlap_marks(c, region, page.level, sheet.origin, found.starts)
    _draw_legend(c, page, region, found.legend_top, tiled)
    return placed


def fit_size(text: str, font: str, size: float, width: float) -> float:
    """``size``, or smaller down to 6 pt, so ``text`` goes in ``width``."""
    return max(6.0, min(size, size * width / max(1e-6, text_engine.measure(text, font, size))))


def areas_shown(placed: draw.Layout, sheet: Sheet, level: Level) -> list[int]:
    """The areas whose numbers a sheet shows (in the map, or in a callout beside it), in walking order; on a
    sheet that shows none, the areas it shows a part of."""
    left, top = sheet.origin
    right, bottom = left + sheet.region.columns, top + sheet.region.rows
    found = set()
    for spot in placed.boxes(spots.LABEL):
        x, y = (spot.box[0] + spot.box[2]) / 2, (spot.box[1] + spot.box[3]) / 2
        if spot.area is not None and left <= x < right and top <= y < bottom:
            found.add(spot.area)
    if not found:
        found = {a.number for a in level.areas if any(left <= x < right and top <= y < bottom for x, y in a.cells)}
    return sorted(found)


def sheet_areas(page: MapPage, found: Plan, placed: draw.Layout | None = None) -> list[list[int]]:
    """Each sheet's areas, as ``areas_shown`` finds them on the map the sheets share (``placed``: its
    ``layout``, when found already)."""
    placed = placed or layout(page, found)
    return [areas_shown(placed, sheet, page.level) for sheet in found.sheets]


def number_ranges(numbers: list[int]) -> str:
    """1, 2, 3, 5, 7, 8 → "1–3, 5, 7–8"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


def _draw_legend(c: Canvas, page: MapPage, region: draw.Region, top: float, tiled: bool) -> None:
    entries = _legend_with_overlap(page, tiled)
    left, width = region.left, region.columns * region.pitch
    bottom = top
    if entries:
        bottom = draw_legend(c, left, top, width, page.legend_pitch, entries, page.legend_columns, page.style)
    if page.notes:
        c.saveState()
        c.setFillGray(0)
        c.setFont(fonts.SERIF, NOTE_SIZE)
        y = bottom - NOTE_SIZE - 3
        for line in page.notes:
            for piece in text_engine.wrap_text(line, fonts.SERIF, NOTE_SIZE, width):
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
    sheet_number(c, s * 0.55, -s * 0.3, "2")


# --- what a map page shows around the map ----------------------------------------------------


def draw_overlap_marks(c: Canvas, region: draw.Region, level: Level, origin: tuple[int, int],
                       all_sheets: list[tuple[int, int]]) -> None:
    """Outside the border, where this sheet's squares are also on the sheet beside it: a bracket over the
    shared squares with that sheet's number in a box by it, so it reads as no mark of the map's own.
    ``all_sheets``: the first squares of every sheet, row by row."""
    pitch = region.pitch
    xs = sorted({x for x, _ in all_sheets})
    ys = sorted({y for _, y in all_sheets})
    number = {start: index + 1 for index, start in enumerate(all_sheets)}
    ix, iy = xs.index(origin[0]), ys.index(origin[1])
    marks = []  # (edge, first square, last square, the neighbour's number); a sheet of rock alone is not printed
    if ix > 0 and (xs[ix - 1], origin[1]) in number:
        marks.append(("left", 0, xs[ix - 1] + region.columns - origin[0], number[(xs[ix - 1], origin[1])]))
    if ix + 1 < len(xs) and (xs[ix + 1], origin[1]) in number:
        marks.append(("right", xs[ix + 1] - origin[0], region.columns, number[(xs[ix + 1], origin[1])]))
    if iy > 0 and (origin[0], ys[iy - 1]) in number:
        marks.append(("top", 0, ys[iy - 1] + region.rows - origin[1], number[(origin[0], ys[iy - 1])]))
    if iy + 1 < len(ys) and (origin[0], ys[iy + 1]) in number:
        marks.append(("bottom", ys[iy + 1] - origin[1], region.rows, number[(origin[0], ys[iy + 1])]))
    reach, gap = 3.0, 2.5
    c.saveState()
    c.setStrokeGray(0)
    c.setLineWidth(0.7)
    for edge, first, last, neighbour in marks:
        if edge in ("left", "right"):  # columns shared: brackets above and below the map
            xa, xb = region.left + first * pitch, region.left + last * pitch
            number_x = xb + 7 if edge == "left" else xa - 7
            for y, out in ((region.top + gap, 1), (region.bottom - gap, -1)):
                c.line(xa, y + out * reach, xb, y + out * reach)
                c.line(xa, y, xa, y + out * reach)
                c.line(xb, y, xb, y + out * reach)
                sheet_number(c, number_x, y + out * reach, str(neighbour))
        else:  # rows shared: brackets left and right of the map
            ya, yb = region.top - first * pitch, region.top - last * pitch
            number_y = yb - 7 if edge == "top" else ya + 7
            for x, out in ((region.left - gap, -1), (region.right + gap, 1)):
                c.line(x + out * reach, ya, x + out * reach, yb)
                c.line(x, ya, x + out * reach, ya)
                c.line(x, yb, x + out * reach, yb)
                sheet_number(c, x + out * reach, number_y, str(neighbour))
    c.restoreState()


def sheet_number(c: Canvas, x: float, y: float, text: str) -> None:
    size = 6.5
    c.saveState()
    width = text_engine.measure(text, fonts.SERIF_BOLD, size) + 3
    c.setFillGray(1)
    c.setStrokeGray(0)
    c.setLineWidth(0.5)
    c.rect(x - width / 2, y - 4.6, width, 9.2, stroke=1, fill=1)
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, size)
    c.drawCentredString(x, y - size * 0.35, text)
    c.restoreState()


def draw_sheet_index(c: Canvas, right: float, top: float, level: Level, region: draw.Region,
                     all_sheets: list[tuple[int, int]], current: int, height: float = 26.0) -> tuple[float, float]:
    """A small plan of the level's sheets: a cell for each, in their rows and columns, its number in it,
    this one's filled; its top right corner at (``right``, ``top``), at most ``height`` points tall while
    each cell stays big enough for its number. Returns its width and height."""
    xs = sorted({x for x, _ in all_sheets})
    ys = sorted({y for _, y in all_sheets})
    cell_h = min(13.0, max(8.5, height / len(ys)))
    cell_w = min(16.0, max(10.5, cell_h * region.columns / region.rows))
    width, height = cell_w * len(xs), cell_h * len(ys)
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeGray(0)
    size = 6.5
    for index, (x, y) in enumerate(all_sheets):
        col, row = xs.index(x), ys.index(y)
        left, bottom = right - width + col * cell_w, top - (row + 1) * cell_h
        c.setFillGray(0.25 if index == current else 1)
        c.rect(left, bottom, cell_w, cell_h, stroke=1, fill=1)
        c.setFillGray(1 if index == current else 0)
        c.setFont(fonts.SERIF_BOLD, size)
        c.drawCentredString(left + cell_w / 2, bottom + cell_h / 2 - size * 0.35, str(index + 1))
    c.restoreState()
    return width, height


LEGEND_SIZE = 7.0  # pt: the legend's words
LEGEND_LEADING = 8.2


def legend_rows(entries: list, width: float, pitch: float, columns: int) -> list[tuple[float, list]]:
    """The legend's rows: each row's height and its entries with their words wrapped to the column."""
    col_width = width / columns
    rows = []
    for start in range(0, len(entries), columns):
        row = []
        for what, symbol in entries[start:start + columns]:
            lines = text_engine.wrap_text(symbol.label, fonts.SERIF, LEGEND_SIZE, col_width - pitch * 1.25 - 4)
            row.append((what, symbol, lines))
        height = max(max(pitch * 1.1, 12.0), max(len(lines) for *_, lines in row) * LEGEND_LEADING + 4)
        rows.append((height, row))
    return rows


def legend_height_of(entries: list, width: float, pitch: float, columns: int) -> float:
    return sum(height for height, _ in legend_rows(entries, width, pitch, columns))


def draw_legend(c: Canvas, left: float, top: float, width: float, pitch: float,
                entries: list, columns: int = 4, style: MapStyle = GREY) -> float:
    """The key to the symbols a map shows, in rows, each drawn as the map draws it (doors on a piece of
    wall with the style's rock beyond it), its words wrapped within its column; returns the bottom it
    reached."""
    col_width = width / columns
    c.saveState()
    y_top = top
    for height, row in legend_rows(entries, width, pitch, columns):
        for col, (what, symbol, lines) in enumerate(row):
            x = left + col * col_width
            y = y_top - height / 2
            _swatch(c, x, y, pitch, what, symbol, style)
            c.setFillGray(0)
            c.setFont(fonts.SERIF, LEGEND_SIZE)
            first = y - 2.4 + (len(lines) - 1) * LEGEND_LEADING / 2
            for k, line in enumerate(lines):
                c.drawString(x + pitch * 1.25, first - k * LEGEND_LEADING, line)
        y_top -= height
    c.restoreState()
    return y_top


def _swatch(c: Canvas, x: float, y: float, pitch: float, what: str, symbol, style: MapStyle) -> None:
    """One legend entry's picture, a square ``pitch`` across from (x, y - pitch / 2): a door in a piece of
    wall with the style's rock above it and floor below, a wall door along its wall, a mark on floor."""
    c.saveState()
    bottom = y - pitch / 2
    if what == "door" and symbol.segment is None and hasattr(symbol.glyph, "extent"):  # a door in a wall
        _wall_swatch(c, x, y, pitch, style)
        c.setStrokeGray(0)
        c.setLineWidth(draw.WALL_WIDTH * 0.8)
        c.setLineCap(2)
        if symbol.kind == "secret":
            c.line(x, y, x + pitch, y)
        else:
            c.line(x, y, x + pitch * 0.08, y)
            c.line(x + pitch * 0.92, y, x + pitch, y)
        c.setLineCap(0)
        c.translate(x + pitch / 2, y)
        symbol.glyph(c, pitch * 0.84)
    elif symbol.segment is not None:  # drawn along a piece of wall, the style's rock beyond it
        _wall_swatch(c, x, y, pitch, style)
        c.setStrokeGray(0.5)
        c.setLineWidth(0.4)
        c.rect(x, bottom, pitch, pitch, stroke=1, fill=0)
        c.translate(x, y)
        symbol.segment(c, pitch, pitch, 1, 0)
    else:
        c.setFillGray(1)
        c.setStrokeGray(0.5)
        c.setLineWidth(0.4)
        c.rect(x, bottom, pitch, pitch, stroke=1, fill=1)
        size = pitch * (0.9 if what == "rubble" else spots.MARK_SCALE)
        draw.draw_glyph(c, symbol.glyph, x + pitch / 2, y, size)
    c.restoreState()


def _wall_swatch(c: Canvas, x: float, y: float, pitch: float, style: MapStyle) -> None:
    """A swatch split by a wall along its middle (``y``): the style's rock above, floor below."""
    bottom = y - pitch / 2
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, pitch, pitch / 2)
    c.clipPath(clip, stroke=0, fill=0)
    _rock_swatch(c, x, bottom, pitch, style, rim=False)
    c.restoreState()
    c.setFillGray(1)
    c.rect(x, bottom, pitch, pitch / 2, stroke=0, fill=1)


def _rock_swatch(c: Canvas, x: float, bottom: float, pitch: float, style: MapStyle, rim: bool = True) -> None:
    """A square of rock as the map's style inks it: grey, hatched, or stippled, with a faint rim."""
    if style.rock is not None:
        c.setFillGray(style.rock)
        c.rect(x, bottom, pitch, pitch, stroke=0, fill=1)
    elif (marks := rock_marks(style)) is not None:  # the map's own hatching or stipple, along a wall across its middle
        strokes, width = marks
        c.saveState()
        p = c.beginPath()
        p.rect(x, bottom, pitch, pitch)
        c.clipPath(p, stroke=0, fill=0)
        c.setStrokeGray(0)
        c.setLineWidth(width)
        c.setLineCap(1)
        c.lines(strokes([((0, 0.5), (1, 0.5), (0, -1))],
                        lambda sx, sy: (x + sx * pitch, bottom + pitch - sy * pitch), pitch, "legend"))
        c.restoreState()
    if rim:
        c.setStrokeGray(0.5)
        c.setLineWidth(0.4)
        c.rect(x, bottom, pitch, pitch, stroke=1, fill=0)


def draw_scale(c: Canvas, left: float, baseline: float, pitch: float, unit: int, unit_name: str, squares: int = 4,
               bar: float | None = None) -> None:
    """A scale bar of ``squares`` squares, each ``unit`` ``unit_name`` (the words are the game's), ``bar``
    points tall (a quarter of a square unless given: large squares want a slimmer bar)."""
    c.saveState()
    c.setLineWidth(0.6)
    c.setStrokeGray(0)
    for i in range(squares):
        c.setFillGray(0 if i % 2 == 0 else 1)
        c.rect(left + i * pitch, baseline, pitch, pitch * 0.25 if bar is None else bar, stroke=1, fill=1)
    c.setFillGray(0)
    c.setFont(fonts.SERIF, 7)
    for i in range(squares + 1):
        c.drawCentredString(left + i * pitch, baseline - 8, str(i * unit))
    c.drawString(left + squares * pitch + 6, baseline - 1, unit_name)
    c.restoreState()

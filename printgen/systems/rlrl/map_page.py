"""A level's map pages: the Dungeon Master's map, and the rogue's copy to draw on.

The Dungeon Master's map shows every area, door and secret, as large as
the page holds it; its key (key.draw_pages) follows on the pages after it.
The rogue's copy is graph paper of
¼-inch squares with only what the setup draws: the starting room with its
doors and the stairs up, the stairs down, the terminal and the shop.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...maps import draw
from ...maps.draw import BLANK, GM, Content, Region
from ...maps.geometry import HEADINGS, outline
from ...maps.level import Area, Exit
from ...maps.spots import area_spots
from ...sheets.draw import Style, heading
from ...units import Paper, inch, mm
from ...words import say_for
from . import map_symbols
from .level import DOOR, RULE, Built
from .sheet_corners import HEIGHT, WIDTH

MARGIN = mm(10)
FOOTER_ROOM = mm(12)  # the footer is stamped here when the parts are joined
TITLE_HEIGHT = 22.0
LEGEND_PITCH = 9.0
LEGEND_COLUMNS = 4
SCALE_ROOM = mm(12)  # below the legend: the scale bar
ROGUE_PITCH = inch(0.25)  # squares big enough to draw in; a level of 30 × 38 fits Letter and A4 alike
STYLE = Style()

say = say_for(__package__)


def marks_of(area: Area) -> list[str]:
    """What the Dungeon Master's map shows in an area, in the order spots are handed out."""
    marks = ["stairs-up"] if area.data.get("stairs") == "up" else []
    if area.data.get("amulet") and not area.data.get("corner"):
        marks.append("amulet")
    feature = area.data.get("feature")
    if feature and feature["code"] in map_symbols.FEATURE_MARKS:
        marks.append(feature["code"])
    for encounter in area.data.get("encounters", []):
        marks += ["monster"] * bool(encounter["monsters"]) + ["trap"] * bool(encounter["traps"])
        marks += ["loot"] * (encounter["loot"] is not None)
    return marks


def corner_marks(built: Built) -> list[tuple[str, float, float, bool]]:
    """The marks of the setup's corners: (mark, centre x, y, on the rogue's copy too)."""
    corners = built.corners
    found = [("terminal", *_centre(corners.terminal_cell), True), ("shop", *_centre(corners.shop_cell), True)]
    far = built.level.area(built.stairs_area).data
    if far.get("stairs") == "down":
        found.append(("stairs-down", *_centre(corners.stairs_cell), True))
    elif far.get("amulet"):
        found.append(("amulet", *_centre(corners.stairs_cell), False))  # the last level hides its goal
    return found


def _centre(cell: tuple[int, int]) -> tuple[float, float]:
    return cell[0] + 0.5, cell[1] + 0.5


def _title(c: Canvas, paper: Paper, text: str, right: str) -> float:
    top = paper.height - MARGIN
    heading(c, MARGIN, top - TITLE_HEIGHT, paper.width - 2 * MARGIN, TITLE_HEIGHT, text, STYLE, right=right)
    return top - TITLE_HEIGHT - mm(3)


def dm_pages(c: Canvas, paper: Paper, built: Built, shop: dict[str, Any], colours: dict[str, str]) -> None:
    """The map on a page of its own, as large as the page allows (its key, from key.draw_pages, goes on
    the pages after it: on a page shared with the key the map's marks came out too small to read at the
    table). ``shop`` and ``colours`` are the key's."""
    number = built.level.number
    symbols = map_symbols.symbols(number)
    top = _title(c, paper, say("map.dm-title", level=number, difficulty=built.difficulty), say("map.dm-aside"))
    marks = {a.number: marks_of(a) for a in built.level.areas}
    around_stairs = marks.pop(built.stairs_area)  # set by hand below, off the stairs' own square
    content = Content(marks=marks, loose=corner_marks(built))
    legend = symbols.legend(_door_kinds(built), _mark_kinds(content), _any_blocked(built), _any_secret(built))
    legend_height = math.ceil(len(legend) / LEGEND_COLUMNS) * LEGEND_PITCH * 1.1 + SCALE_ROOM
    width = paper.width - 2 * MARGIN
    pitch = min(width / WIDTH, (top - FOOTER_ROOM - legend_height) / HEIGHT)
    region = Region(MARGIN + (width - WIDTH * pitch) / 2, top, pitch, WIDTH, HEIGHT)
    draw.draw_level(c, region, built.level, symbols, RULE, content, GM)
    _marks_off_the_stairs(c, region, built, symbols, around_stairs)
    bottom = draw.draw_legend(c, MARGIN, region.bottom - mm(3), width, LEGEND_PITCH, legend, columns=LEGEND_COLUMNS)
    draw.draw_scale(c, MARGIN, bottom - mm(5), pitch, 1, say("map.scale-unit"), squares=5)


def _marks_off_the_stairs(c: Canvas, region: Region, built: Built, symbols, marks: list[str]) -> None:
    """The marks of the room around the stairs down, in squares other than the stairs' and its number's.

    The stairs stand on a square the setup fixes; the engine places an area's
    marks by the area's shape alone, so this room's are placed here.
    """
    area = built.level.area(built.stairs_area)
    label = area_spots(area, [])[0]
    taken = {built.corners.stairs_cell, (int(label.x), int(label.y))}
    rest = replace(area, shape=replace(area.shape, cells=frozenset(area.cells - taken)))
    for spot in area_spots(rest, marks)[1:] if rest.cells else []:
        x = region.left + spot.x * region.pitch
        y = region.top - spot.y * region.pitch
        c.saveState()
        c.translate(x, y)
        symbols.marks[spot.kind].glyph(c, region.pitch * draw.MARK_SCALE * spot.scale)
        c.restoreState()


def _door_kinds(built: Built) -> set[str]:
    return {e.kind for a in built.level.areas for e in a.exits if e.at is not None}


def _mark_kinds(content: Content) -> set[str]:
    return {m for marks in content.marks.values() for m in marks} | {m[0] for m in content.loose}


def _any_secret(built: Built) -> bool:
    return any(e.secret and e.at is not None for a in built.level.areas for e in a.exits)


def _any_blocked(built: Built) -> bool:
    return any(e.leads == "blocked" and e.at is not None for a in built.level.areas for e in a.exits)


# --- the rogue's copy ------------------------------------------------------------------------

def rogue_page(c: Canvas, paper: Paper, built: Built) -> None:
    number = built.level.number
    symbols = map_symbols.symbols(number)
    top = _title(c, paper, say("map.rogue-title", level=number), say("map.rogue-aside"))
    pitch = ROGUE_PITCH
    left = (paper.width - WIDTH * pitch) / 2
    legend_rows = 1
    region_top = top - legend_rows * LEGEND_PITCH * 1.3 - mm(2)
    region = Region(left, region_top, pitch, WIDTH, HEIGHT)
    start = built.level.area(1)
    stairs_up = next(s for s in area_spots(start, ["stairs-up"]) if s.kind == "stairs-up")
    loose = [("stairs-up", stairs_up.x, stairs_up.y, True), *(m for m in corner_marks(built) if m[3])]
    draw.draw_level(c, region, built.level, symbols, RULE, Content(loose=loose), BLANK)
    _walls(c, region, start)
    for exit_ in start.exits:
        if exit_.at is not None:
            _door(c, region, exit_, symbols)
    kinds = {kind for kind, *_ in loose}
    entries = symbols.legend({DOOR}, kinds, False)
    draw.draw_legend(c, left, top, WIDTH * pitch, LEGEND_PITCH, entries, columns=len(entries))


def _walls(c: Canvas, region: Region, area: Area) -> None:
    """The starting room's walls, as the setup has the Dungeon Master draw them."""
    c.saveState()
    c.setStrokeGray(0)
    c.setLineWidth(draw.WALL_WIDTH)
    c.setLineJoin(0)
    for loop in outline(area.cells):
        path = c.beginPath()
        points = [(region.left + x * region.pitch, region.top - y * region.pitch) for x, y in loop]
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
        c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _door(c: Canvas, region: Region, exit_: Exit, symbols) -> None:
    """A door of the starting room on its wall: the rogue sees a door, not whether it is locked."""
    dx, dy = HEADINGS[exit_.side]
    x = region.left + (exit_.at[0] + 0.5 + dx * 0.5) * region.pitch
    y = region.top - (exit_.at[1] + 0.5 + dy * 0.5) * region.pitch
    c.saveState()
    c.translate(x, y)
    if dx != 0:
        c.rotate(90)
    symbols.doors[DOOR].glyph(c, region.pitch)
    c.restoreState()

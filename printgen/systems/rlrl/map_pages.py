"""A level's two pages: the Dungeon Master's map with its key beside it, and the rogue's copy to draw on.

The Dungeon Master's map shows every area, door and secret; the key sits in
a column to its right, wider for a long key, and runs on to a page of its
own only when even that cannot hold it. The rogue's copy is graph paper of
¼-inch squares with only what the setup draws: the starting room with its
doors and the stairs up, the stairs down, the terminal and the shop.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...maps import draw
from ...maps.draw import BLANK, GM, Content, Region
from ...maps.geometry import HEADINGS, outline
from ...maps.level import Area, Exit
from ...maps.spots import area_spots
from ...render import fonts
from ...sheets.draw import Style, heading
from ...units import Paper, inch, mm
from . import key, map_symbols, text_flow
from .level import DOOR, RULE, Built
from .sheet_corners import HEIGHT, WIDTH

MARGIN = mm(10)
FOOTER_ROOM = mm(12)  # the footer is stamped here when the parts are joined
TITLE_HEIGHT = 22.0
KEY_WIDTHS = (204.0, 236.0, 268.0)  # pt: the key's column beside the map, wider (the map smaller) for a long key
GUTTER = mm(5)
LEGEND_PITCH = 9.0
ROGUE_PITCH = inch(0.25)  # squares big enough to draw in; a level of 30 × 38 fits Letter and A4 alike
STYLE = Style()


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
    """The map and its key; the key runs on to further pages when it must."""
    number = built.level.number
    symbols = map_symbols.symbols(number)
    top = _title(c, paper, f"LEVEL {number} · DIFFICULTY {built.difficulty}", "the Dungeon Master's map: keep it hidden")
    entries = key.level_key(built, shop, colours)
    foot = FOOTER_ROOM + _reminder_height(built)
    key_width = next((w for w in KEY_WIDTHS if text_flow.height_of(entries, w, text_flow.SIZES[-1]) <= top - foot),
                     KEY_WIDTHS[-1])
    pitch = (paper.width - 2 * MARGIN - key_width - GUTTER) / WIDTH
    region = Region(MARGIN, top, pitch, WIDTH, HEIGHT)
    marks = {a.number: marks_of(a) for a in built.level.areas}
    around_stairs = marks.pop(built.stairs_area)  # set by hand below, off the stairs' own square
    content = Content(marks=marks, loose=corner_marks(built))
    draw.draw_level(c, region, built.level, symbols, RULE, content, GM)
    _marks_off_the_stairs(c, region, built, symbols, around_stairs)
    legend = symbols.legend(_door_kinds(built), _mark_kinds(content), _any_blocked(built))
    bottom = draw.draw_legend(c, MARGIN, region.bottom - mm(3), region.columns * pitch, LEGEND_PITCH, legend,
                              columns=3)
    draw.draw_scale(c, MARGIN, bottom - mm(5), pitch, 1, "squares", squares=5)

    x = region.right + GUTTER
    _reminder(c, x, key_width, built)
    size = text_flow.fitting_size(entries, key_width, top - foot)
    done = text_flow.draw_entries(c, x, top, key_width, foot, entries, size)
    while done < len(entries):
        c.showPage()
        top = _title(c, paper, f"LEVEL {number} · THE KEY, CONTINUED", "the Dungeon Master's map: keep it hidden")
        done += text_flow.draw_entries(c, MARGIN, top, paper.width - 2 * MARGIN, FOOTER_ROOM, entries[done:], size)


REMINDER_SIZE = 6.4


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


def _reminder_text(built: Built) -> str:
    d = built.difficulty
    return (f"Difficulty {d}: every action needs {d} success{'es' if d > 1 else ''} (5 or 6); monsters roll {d} "
            f"{'dice' if d > 1 else 'die'}. Back on this level later: roll each room's encounter again; an odd "
            "total, or a result with a trap or loot in it, means nothing.")


def _reminder_height(built: Built) -> float:
    lines = text_flow.wrap(_reminder_text(built), fonts.SERIF_ITALIC, REMINDER_SIZE, KEY_WIDTHS[0])
    return len(lines) * REMINDER_SIZE * 1.2 + 6


def _reminder(c: Canvas, x: float, width: float, built: Built) -> None:
    """The standing reminders at the foot of the key column."""
    lines = text_flow.wrap(_reminder_text(built), fonts.SERIF_ITALIC, REMINDER_SIZE, width)
    y = FOOTER_ROOM + len(lines) * REMINDER_SIZE * 1.2
    c.setFont(fonts.SERIF_ITALIC, REMINDER_SIZE)
    c.setFillGray(0.2)
    for index, line in enumerate(lines):
        c.drawString(x, y - (index + 1) * REMINDER_SIZE * 1.2, line)
    c.setStrokeGray(0.5)
    c.setLineWidth(0.4)
    c.line(x, y + 2, x + width, y + 2)


def _door_kinds(built: Built) -> set[str]:
    return {e.kind for a in built.level.areas for e in a.exits if e.at is not None}


def _mark_kinds(content: Content) -> set[str]:
    return {m for marks in content.marks.values() for m in marks} | {m[0] for m in content.loose}


def _any_blocked(built: Built) -> bool:
    return any(e.leads == "blocked" and e.at is not None for a in built.level.areas for e in a.exits)


# --- the rogue's copy ------------------------------------------------------------------------

def rogue_page(c: Canvas, paper: Paper, built: Built) -> None:
    number = built.level.number
    symbols = map_symbols.symbols(number)
    top = _title(c, paper, f"LEVEL {number}", "the rogue's map: draw what the Dungeon Master describes")
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

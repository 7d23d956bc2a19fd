"""A level's map pages: the Dungeon Master's map, and the rogue's copy to draw on.

The Dungeon Master's map shows every area, door and secret, its squares as
large as the page holds them; its key (key.draw_pages, in the page's two
columns) faces it.
The rogue's copy is graph paper of
¼-inch squares with only what the setup draws: the starting room with its
doors and the stairs up, the stairs down, the terminal and the shop.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...maps import draw, frame, offpage
from ...maps.draw import BLANK, GM, LAYOUT, Content, Region
from ...maps.draw_style import GREY, MapStyle
from ...maps.geometry import HEADINGS, outline
from ...maps.level import Area, Exit
from ...sheets.draw import Style, heading
from ...units import Paper, inch, mm
from ...words import Words
from . import map_symbols
from .level import DOOR, FALSE, LOCKED, RULE, Built
from .sheet_corners import HEIGHT, WIDTH

MARGIN = mm(10)
FOOTER_ROOM = mm(12)  # the footer is stamped here when the parts are joined
TITLE_HEIGHT = 22.0
LEGEND_PITCH = 12.0
LEGEND_COLUMNS = 5
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


def dm_map(phrasebooks: Words, built: Built, style: MapStyle = GREY) -> frame.MapPage:
    """The Dungeon Master's map as the map-page frame draws it: this game's words, symbols and numbers."""
    say = phrasebooks.say_for(__package__)
    number = built.level.number
    symbols = map_symbols.symbols(phrasebooks, number)
    content = Content(marks={a.number: marks_of(a) for a in built.level.areas}, loose=corner_marks(built), seams=True)
    legend = symbols.legend(_door_kinds(built), _mark_kinds(content), _any_blocked(built), _any_secret(built))
    return frame.MapPage(
        built.level, symbols, RULE, content, GM,
        title=say("map.dm-title", level=number, difficulty=built.difficulty), who=say("map.dm-aside"),
        scale=frame.Scale(1, say("map.scale-unit"), 5), legend=legend, notes=[say("map.crowded")],
        unexplored_words=say("map.unexplored"), style=style, pitch=None, side=MARGIN, top=MARGIN + frame.BAND,
        bottom=FOOTER_ROOM, legend_columns=LEGEND_COLUMNS, legend_pitch=LEGEND_PITCH, window=(WIDTH, HEIGHT))


def dm_pages(phrasebooks: Words, c: Canvas, paper: Paper, built: Built, style: MapStyle = GREY) -> None:
    """The map on a page of its own, as large as the page allows (its key, from key.draw_pages, goes on
    the pages after it: on a page shared with the key the map's marks came out too small to read at the
    table)."""
    page = dm_map(phrasebooks, built, style)
    frame.draw_sheet(c, paper, page, frame.plan(page, paper), 0)


def _door_kinds(built: Built) -> set[str]:
    return {e.kind for a in built.level.areas for e in a.exits if e.at is not None}


def _mark_kinds(content: Content) -> set[str]:
    return {m for marks in content.marks.values() for m in marks} | {m[0] for m in content.loose}


def _any_secret(built: Built) -> bool:
    return any(e.secret and e.at is not None for a in built.level.areas for e in a.exits)


def _any_blocked(built: Built) -> bool:
    return any(e.leads == "blocked" and e.at is not None for a in built.level.areas for e in a.exits)


# --- the rogue's copy ------------------------------------------------------------------------

def rogue_map(phrasebooks: Words, built: Built, style: MapStyle = GREY) -> frame.MapPage:
    """The rogue's copy as the map-page frame draws it: graph paper with the setup's marks, the stairs up
    where the Dungeon Master's map has them."""
    say = phrasebooks.say_for(__package__)
    number = built.level.number
    symbols = map_symbols.symbols(phrasebooks, number)
    marks = {a.number: marks_of(a) for a in built.level.areas}
    content = Content(marks=marks, loose=corner_marks(built), copied=((1, "stairs-up"),), seams=True)
    kinds = {kind for kind, *_, on_players in content.loose if on_players} | {"stairs-up"}
    return frame.MapPage(
        built.level, symbols, RULE, content, BLANK,
        title=say("map.rogue-title", level=number), who=say("map.rogue-aside"),
        scale=frame.Scale(1, say("map.scale-unit"), 5), legend=symbols.legend({DOOR}, kinds, False), style=style,
        pitch=ROGUE_PITCH, side=MARGIN, top=mm(7) + frame.BAND, bottom=FOOTER_ROOM - mm(2),
        legend_columns=5, legend_pitch=LEGEND_PITCH, window=(WIDTH, HEIGHT))


def rogue_page(phrasebooks: Words, c: Canvas, paper: Paper, built: Built, style: MapStyle = GREY) -> None:
    page = rogue_map(phrasebooks, built, style)
    found = frame.plan(page, paper)
    frame.draw_sheet(c, paper, page, found, 0)
    region = found.sheets[0].region
    start = built.level.area(1)
    _walls(c, region, start)
    for exit_ in start.exits:
        if exit_.at is not None:
            _door(c, region, exit_, page.symbols)


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


# What each door is in a virtual tabletop's scene: a door and a locked door open and close; a false door
# opens on rock, so it stands as wall (the picture shows a door there).
VTT_KINDS = {DOOR: offpage.PORTAL, LOCKED: offpage.PORTAL, FALSE: offpage.WALL}


def level_views(phrasebooks: Words, built: Built, style: MapStyle = GREY,
                copies: tuple[str, ...] = offpage.COPIES) -> offpage.LevelViews:
    """The level for a virtual tabletop and a battle map: the Dungeon Master's map, and the rogue's (walls,
    doors, the stairs and the setup's corners; a locked or false door drawn as any door). ``copies``: the
    ones a battle map prints."""
    say = phrasebooks.say_for(__package__)
    number = built.level.number
    dm = dm_map(phrasebooks, built, style)
    symbols = map_symbols.symbols(phrasebooks, number, players=True)
    content = Content(marks={a.number: marks_of(a) for a in built.level.areas}, loose=corner_marks(built),
                      copied=((1, "stairs-up"),), seams=True)
    kinds = {kind for kind, *_, on_players in content.loose if on_players} | {"stairs-up"}
    return offpage.LevelViews(
        built.level, RULE,
        gm=offpage.View(GM, dm.symbols, dm.content, say("map.dm-aside"), frame.legend_entries(dm)),
        players=offpage.View(LAYOUT, symbols, content, say("map.rogue-layout"),
                             symbols.legend({DOOR}, kinds, False)),
        title=say("map.rogue-title", level=number), kinds=VTT_KINDS, style=style, battle=copies,
        scale_words=say("map.battle-scale"))

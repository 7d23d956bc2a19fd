"""A level's map page: the mapper's copy with every room and mark, or the players' copy to map on.

One grid square is one unit (10 feet). The map takes the width of the page
above a legend of the rules' marks and a scale; the map engine draws it
with this game's symbols (map_symbols).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...maps import draw
from ...maps.geometry import HEADING_NAMES
from ...maps.level import Level
from ...render import fonts
from ...units import mm
from ...words import say_for
from . import map_symbols, rules
from .level import RULE

say = say_for(__package__)

LEGEND_HEIGHT = mm(62)
LEGEND_PITCH = mm(7)
MARGIN = mm(14)
TITLE_DROP = mm(16)
UNIT_FEET = 10
DOOR_KINDS = ("crumble", "walldoor", "door", "open", "food", "treasure", "teleport", "stair")


def region_for(width: float, height: float, level: Level) -> draw.Region:
    room = min(width - 2 * MARGIN, height - TITLE_DROP - LEGEND_HEIGHT - mm(16))
    pitch = room / level.width
    return draw.Region((width - level.width * pitch) / 2, height - TITLE_DROP - mm(4), pitch, level.width,
                       level.height)


def mapper_content(level: Level) -> draw.Content:
    """Each room's marks written in it, and the murder holes in their walls."""
    notes = {}
    on_walls = []
    for area in level.areas:
        contents, encounters = map_symbols.room_marks(area)
        notes[area.number] = contents + encounters
        for item in area.data["contents"]:
            if item["code"] == "murder-hole" and item.get("wall"):
                x, y, side = item["wall"]
                on_walls.append((map_symbols.MURDER_HOLE, (x, y), HEADING_NAMES.index(side)))
    return draw.Content(notes=notes, on_walls=on_walls)


def draw_page(c: Canvas, width: float, height: float, level: Level, title: str, mapper: bool) -> None:
    fonts.register_reportlab_fonts()
    region = region_for(width, height, level)
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, 14)
    c.drawString(region.left, height - TITLE_DROP + mm(2), say("map.title", game=title, level=level.number))
    c.setFont(fonts.SERIF_ITALIC, 9.5)
    who = say("map.mapper") if mapper else say("map.players")
    c.drawRightString(region.right, height - TITLE_DROP + mm(2), who)
    symbols = map_symbols.symbols()
    if mapper:
        draw.draw_level(c, region, level, symbols, RULE, mapper_content(level), draw.GM)
    else:
        # The room the heroes arrive in, as they see it: its walls and exits, no secret doors.
        arrival = (1,) if level.areas else ()
        draw.draw_level(c, region, level, symbols, RULE, draw.Content(shown_on_blank=arrival), draw.BLANK)
    draw_legend(c, region, symbols, mapper)


def draw_legend(c: Canvas, region: draw.Region, symbols, mapper: bool) -> None:
    left, width = region.left, region.columns * region.pitch
    entries = symbols.legend(set(DOOR_KINDS), {map_symbols.MURDER_HOLE}, blocked=False, secret=True)
    order = [*DOOR_KINDS[:1], "secret", *DOOR_KINDS[1:], map_symbols.MURDER_HOLE]
    entries.sort(key=lambda entry: order.index(entry[1].kind))  # the crumble and the secret door first
    y = draw.draw_legend(c, left, region.bottom - mm(6), width, LEGEND_PITCH, entries, columns=3) - mm(3)
    monsters = rules.monsters()
    content = [(mark, rules.content_name(code)) for code, mark in say.section("mark.contents").items()]
    encounters = [(say("mark.encounter.wraith"), monsters["wraith"]["name"]),
                  (say("mark.encounter.mimic"), monsters["mimic"]["name"]),
                  (say("mark.encounter.generator"), say("map.generator")),
                  (say("mark.encounter.mini-boss"), say("map.mini-boss")),
                  *((mark, monsters[code]["name"]) for code, mark in say.section("mark.monster").items())]
    lines = [say("map.contents", marks=" · ".join(f"{mark} {name}" for mark, name in content)),
             say("map.encounters", marks=" · ".join(f"{mark} {name}" for mark, name in encounters))]
    if not mapper:
        lines = [say("map.draw-rooms")] + lines
    else:
        lines.append(say("map.too-small"))
    c.saveState()
    c.setFillGray(0)
    c.setFont(fonts.SERIF, 8)
    for line in lines:
        for piece in fonts.wrap_text(line, fonts.SERIF, 8, width):
            c.drawString(left, y, piece)
            y -= 10
    baseline = y - mm(5)
    draw.draw_scale(c, left, baseline, region.pitch, UNIT_FEET, say("map.feet"), squares=3, bar=mm(1.6))
    c.setFont(fonts.SERIF, 8)
    c.drawString(left + 3 * region.pitch + mm(12), baseline, say("map.scale", feet=UNIT_FEET))
    c.restoreState()

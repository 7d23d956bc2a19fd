"""A level's map page: the mapper's copy with every room and mark, or the players' copy to map on.

One grid square is one unit (10 feet). The map-page frame puts the map as
large as the page holds it, centred, above a legend of the rules' marks and
the lines that spell out the letters written in the rooms; the map engine
draws it with this game's symbols (map_symbols).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...maps import draw, frame, offpage
from ...maps.draw_style import GREY, MapStyle
from ...maps.geometry import HEADING_NAMES
from ...maps.level import Level
from ...units import Paper, mm
from ...words import Words
from . import map_symbols, rules
from .level import RULE
from .model import UNIT_FEET

LEGEND_PITCH = mm(7)
MARGIN = mm(14)
TOP = mm(19)  # from the paper's top to the map: the title's lines
BOTTOM = mm(12)  # the footer is stamped here
DOOR_KINDS = ("crumble", "walldoor", "door", "open", "food", "treasure", "teleport", "stair")
START = "start"  # the mark in the room the heroes arrive in


def region_for(phrasebooks: Words, width: float, height: float, level: Level, mapper: bool = True) -> draw.Region:
    """Where the map of ``level`` stands on a page ``width`` × ``height`` points."""
    paper = Paper("page", width, height, "")
    return frame.plan(map_page(phrasebooks, level, "", mapper), paper).sheets[0].region


def mapper_content(phrasebooks: Words, level: Level) -> draw.Content:
    """Each room's marks written in it, the murder holes in their walls, and where the heroes start."""
    notes = {}
    on_walls = []
    for area in level.areas:
        contents, encounters = map_symbols.room_marks(phrasebooks, area)
        notes[area.number] = contents + encounters
        for item in area.data["contents"]:
            if item["code"] == "murder-hole" and item.get("wall"):
                x, y, side = item["wall"]
                on_walls.append((map_symbols.MURDER_HOLE, (x, y), HEADING_NAMES.index(side)))
    marks = {1: [START]} if level.areas else {}
    return draw.Content(notes=notes, on_walls=on_walls, marks=marks)


def players_content(level: Level) -> draw.Content:
    """The room the heroes arrive in, as they see it: its walls and exits, no secret doors; the start."""
    arrival = (1,) if level.areas else ()
    return draw.Content(shown_on_blank=arrival, marks={1: [START]} if arrival else {},
                        notes={1: []} if arrival else {})


def map_page(phrasebooks: Words, level: Level, title: str, mapper: bool, style: MapStyle = GREY) -> frame.MapPage:
    """A copy of a level as the map-page frame draws it: this game's words, symbols and numbers."""
    say = phrasebooks.say_for(__package__)
    symbols = map_symbols.symbols(phrasebooks)
    content = mapper_content(phrasebooks, level) if mapper else players_content(level)
    return frame.MapPage(
        level, symbols, RULE, content, draw.GM if mapper else draw.BLANK,
        title=say("map.title", game=title, level=level.number),
        who=say("map.mapper") if mapper else say("map.players"),
        scale=frame.Scale(1, say("map.units", feet=UNIT_FEET), 3), legend=legend(symbols),
        notes=legend_lines(phrasebooks, mapper),
        style=style, pitch=None, most_pitch=200.0, side=MARGIN, top=TOP + frame.BAND, bottom=BOTTOM,
        legend_columns=3, legend_pitch=LEGEND_PITCH, crop=mapper)


def draw_page(phrasebooks: Words, c: Canvas, width: float, height: float, level: Level, title: str, mapper: bool,
              style: MapStyle = GREY) -> None:
    paper = Paper("page", width, height, "")
    page = map_page(phrasebooks, level, title, mapper, style)
    frame.draw_sheet(c, paper, page, frame.plan(page, paper), 0)


def legend(symbols) -> list:
    entries = symbols.legend(set(DOOR_KINDS), {map_symbols.MURDER_HOLE, START}, blocked=False, secret=True)
    order = [*DOOR_KINDS[:1], "secret", *DOOR_KINDS[1:], map_symbols.MURDER_HOLE, START]
    entries.sort(key=lambda entry: order.index(entry[1].kind))  # the crumble and the secret door first
    return entries


def legend_lines(phrasebooks: Words, mapper: bool) -> list[str]:
    """The lines under the legend: what the letters in the rooms mean, and the scale."""
    say = phrasebooks.say_for(__package__)
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
    return lines + [say("map.scale", feet=UNIT_FEET)]


# What each exit is in a virtual tabletop's scene: a crumbling wall, a walldoor, a food ward and a treasure
# wall stand as wall until play opens them; a door opens and closes; an opening is a gap in the walls.
VTT_KINDS = {"crumble": offpage.WALL, "walldoor": offpage.WALL, "food": offpage.WALL, "treasure": offpage.WALL,
             "door": offpage.PORTAL, "secret": offpage.PORTAL, "open": offpage.GAP}


def players_view(level: Level) -> draw.Content:
    """The players' own picture of a level: walls, exits, teleporters and stairs; the start."""
    return draw.Content(marks={1: [START]} if level.areas else {}, copied=((1, START),) if level.areas else ())


def level_views(phrasebooks: Words, level: Level, title: str, style: MapStyle = GREY) -> offpage.LevelViews:
    """The level for a virtual tabletop and a battle map: the mapper's copy, and the players' (walls and
    exits, no secret doors, murder holes or marks). A unit is ten feet: two squares of a battle map."""
    say = phrasebooks.say_for(__package__)
    symbols = map_symbols.symbols(phrasebooks)
    players = legend_for_players(symbols)
    return offpage.LevelViews(
        level, RULE,
        gm=offpage.View(draw.GM, symbols, mapper_content(phrasebooks, level), say("map.mapper"), legend(symbols)),
        players=offpage.View(draw.LAYOUT, symbols, players_view(level), say("map.players-layout"), players),
        title=say("map.title", game=title, level=level.number), kinds=VTT_KINDS, square_feet=UNIT_FEET,
        unit_words=say("map.battle-unit", feet=UNIT_FEET), style=style)


def legend_for_players(symbols) -> list:
    """The players' legend: the exits they can see, and the start."""
    entries = symbols.legend(set(DOOR_KINDS), {START}, blocked=False, secret=False)
    order = [*DOOR_KINDS, START]
    entries.sort(key=lambda entry: order.index(entry[1].kind))
    return entries

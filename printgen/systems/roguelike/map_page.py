"""A Roguelike level's map pages: the Referee's map or the players' copy, one page or several sheets.

Maps are drawn with ReportLab on the shared map engine and its map-page
frame: ¼-inch squares, one square to five feet, as the rules ask players to
map, with a legend and a scale on every page; the level sits in the middle
of the page's grid.
"""

from __future__ import annotations

import math

from ...maps import draw, frame, offpage
from ...maps.draw_style import MapStyle
from ...maps.level import Level
from ...render.canvas import new_document
from ...seed import SeedCode
from ...units import PAPERS, Paper, inch, mm
from ...words import Words
from .generate import RULE, Dungeon
from .map_symbols import VTT_KINDS, level_content, players_content, symbols
from .rolls import SQUARE_FEET

PITCH = inch(0.25)  # the squares of the page each level is rolled to keep to (map_squares); the least on one page
HALVES_LEAST = 13.0  # pt (4.6 mm): the least square of a level in two halves, its two-digit numbers at 6.5 pt
SIDE_MARGIN = inch(0.35)
TOP = 48.0  # the title lines above the map, their letters 0.3 in below the paper's edge, where printers reach
BOTTOM = inch(1.25)  # legend and footer below it
FOOTER = mm(12)  # the footer is stamped here, below the legend
LEGEND_COLUMNS = 6


def map_squares(paper: Paper) -> tuple[int, int]:
    """How many squares one map page of ``paper`` holds: the map size each level tries to keep to."""
    columns = math.floor((paper.width - 2 * SIDE_MARGIN) / PITCH)
    rows = math.floor((paper.height - TOP - BOTTOM) / PITCH)
    return columns, rows


def least_square(paper: Paper) -> float:
    """The least square of a map on one page: the paper's own graph paper's, ¼ in on Letter, 5 mm on A4."""
    return PITCH if paper.name == "letter" else mm(5)


def maps_pdf(dungeon: Dungeon, level: Level, request, view: str, planned=None, referee=None) -> bytes:
    """One level's map in the given view: a page, or one page per sheet; a players' map at the Referee's
    scale, its copied marks where ``referee`` (the Referee's map's layout) has them. ``planned``: the page,
    its plan and its layout (or None), when found already."""
    say = request.words.say_for(__package__)
    paper = request.paper
    title = say("map.document", name=dungeon.name, level=level.number, who=say(f"map.{WHO[view]}"))
    doc = new_document(request.code, title, paper.size, compressed=False)
    if planned is None:
        page = page_for(request.words, dungeon, level, view, MapStyle.chosen(request), paper)
        found = frame.plan(page, paper)
        planned = page, found, None
    page, found, placed = planned
    if placed is None:
        placed = frame.layout(page, found, referee)
    for index in range(len(found.sheets)):
        frame.draw_sheet(doc.canvas, paper, page, found, index, placed)
        doc.canvas.showPage()
    return doc.finish(request.listener)


def page_for(phrasebooks: Words, dungeon: Dungeon, level: Level, view: str, style: MapStyle,
             paper: Paper) -> frame.MapPage:
    """The page of a view as the booklet prints it: the Referee's map on the fewest sheets, as large as they
    hold it; the players' at the Referee's scale (blank paper on one sheet, centred where they arrive when
    the level needs more)."""
    referee = map_page(phrasebooks, dungeon, level, draw.GM, style, paper=paper)
    if view == draw.GM:
        return referee
    pitch = frame.plan(referee, paper).sheets[0].region.pitch
    return map_page(phrasebooks, dungeon, level, view, style, paper=paper, pitch=pitch)


WHO = {draw.GM: "referee", draw.LAYOUT: "players", draw.BLANK: "players"}  # whose map, words.toml [map]


def map_page(phrasebooks: Words, dungeon: Dungeon, level: Level, view: str, style: MapStyle = draw.GREY,
             content: draw.Content | None = None, paper: Paper = PAPERS["letter"],
             pitch: float | None = None) -> frame.MapPage:
    """A view of a level as the map-page frame draws it: this game's words, symbols and numbers
    (``content``: what it shows, when not the booklet's; ``pitch``: its squares' size, else the largest
    that holds it on the fewest sheets of ``paper``: one, two halves, or more)."""
    say = phrasebooks.say_for(__package__)
    entrance = dungeon.entrance if level.number == 1 else None
    content = content or level_content(level, entrance, cave_seed(dungeon, level))
    marks = symbols(phrasebooks)
    notes: list[str] = []
    legend = []
    if view == draw.BLANK:
        where = say("map.arrive-entrance") if level.number == 1 else say("map.arrive-stairs")
        notes = [say("map.how-to-map"), say("map.arrive", where=where)]
    else:
        legend = marks.legend(*_shown_kinds(level, content, view))
    return frame.MapPage(
        level, marks, RULE, content, view,
        title=say("map.title", name=dungeon.name, level=level.number), who=say(f"map.{WHO[view]}"),
        scale=frame.Scale(SQUARE_FEET, say("map.feet")), legend=legend, notes=notes,
        sheet_words=say("map.sheets"), overlap_words=say("legend.overlap"),
        unexplored_words=say("legend.unexplored"), style=style, pitch=pitch, side=SIDE_MARGIN, top=TOP,
        bottom=BOTTOM, legend_room=BOTTOM - FOOTER, legend_columns=LEGEND_COLUMNS, legend_pitch=PITCH * 0.8, least_pitch=least_square(paper),
        halves_least=HALVES_LEAST if view != draw.BLANK else None, areas_words=say("map.sheet-areas"),
        focus=_arrival(level) if view == draw.BLANK else None)


def _arrival(level: Level) -> tuple[float, float]:
    """Where the players arrive: the way in, or the middle of the area the stairs come down to."""
    if level.way_in is not None:
        return level.way_in.at[0] + 0.5, level.way_in.at[1] + 0.5
    cells = level.area(level.arrival).cells
    return sum(x for x, _ in cells) / len(cells) + 0.5, sum(y for _, y in cells) / len(cells) + 0.5


def cave_seed(dungeon: Dungeon, level: Level) -> str:
    """What a level's cave walls are seeded from: the dungeon's seed and the level, the same in every view
    and every map style."""
    return f"{SeedCode.parse(dungeon.seed_code).seed}|{level.number}"


def _shown_kinds(level: Level, content: draw.Content, view: str) -> tuple[set[str], set[str], bool, bool]:
    """The door kinds and marks a page shows, whether it shows rubble and secret ways, for its legend."""
    exits = [e for a in level.areas for e in a.exits if e.at is not None and e.leads != "dead-end"]
    exits += [e for e, _ in content.doors]
    gm = view == draw.GM
    doors = {e.kind for e in exits if not (e.secret and gm)}
    if gm:
        marks = {m for kinds in content.marks.values() for m in kinds} | {k for k, *_ in content.loose}
        blocked = any(e.leads == "blocked" for e in exits)
        return doors, marks, blocked, any(e.secret for e in exits)
    marks = {kind for kind, _x, _y, on_players in content.loose if on_players} | {k for k, *_ in content.players}
    marks |= {kind for _, kind in content.copied}
    return doors, marks, False, False


def level_views(phrasebooks: Words, dungeon: Dungeon, level: Level, style: MapStyle = draw.GREY) -> offpage.LevelViews:
    """The level for a virtual tabletop and a battle map: the Referee's map, and the players' (walls,
    doors and both ways of stairs, as the party will find them)."""
    say = phrasebooks.say_for(__package__)
    entrance = dungeon.entrance if level.number == 1 else None
    referee = map_page(phrasebooks, dungeon, level, draw.GM, style)
    players = map_page(phrasebooks, dungeon, level, draw.LAYOUT, style,
                       players_content(level, entrance, cave_seed(dungeon, level)))
    return offpage.LevelViews(
        level, RULE,
        gm=offpage.View(draw.GM, referee.symbols, referee.content, say("map.referee"), frame.legend_entries(referee)),
        players=offpage.View(draw.LAYOUT, players.symbols, players.content, say("map.players-layout"),
                             players.legend),
        title=referee.title, kinds=VTT_KINDS, square_feet=SQUARE_FEET, style=style)

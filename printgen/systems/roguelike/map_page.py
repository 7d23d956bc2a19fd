"""A Roguelike level's map pages: the Referee's map or the players' copy, one page or several sheets.

Maps are drawn with ReportLab on the shared map engine: ¼-inch squares, one
square to five feet, as the rules ask players to map, with a legend and a
scale on every page.
"""

from __future__ import annotations

import math

from ...maps import draw
from ...maps.level import Level
from ...render import fonts
from ...render.canvas import new_document
from ...units import Paper, inch
from .generate import RULE, Dungeon
from .map_symbols import level_content, symbols
from .rolls import SQUARE_FEET
from .rules import say

PITCH = inch(0.25)
SIDE_MARGIN = inch(0.35)
TOP = inch(0.5)  # title lines above the map
BOTTOM = inch(1.25)  # legend and footer below it
LEGEND_COLUMNS = 6
SCALE_WIDTH = inch(1.2)  # the scale bar and its word, at the top right above the map


def map_squares(paper: Paper) -> tuple[int, int]:
    """How many squares one map page of ``paper`` holds: the map size each level tries to keep to."""
    columns = math.floor((paper.width - 2 * SIDE_MARGIN) / PITCH)
    rows = math.floor((paper.height - TOP - BOTTOM) / PITCH)
    return columns, rows


def maps_pdf(dungeon: Dungeon, level: Level, request, view: str) -> bytes:
    """One level's map in the given view: one page, or one per sheet when the level outgrows the page."""
    paper = request.paper
    doc = new_document(request.code, say("map.document", name=dungeon.name, level=level.number), paper.size)
    columns, rows = map_squares(paper)
    all_sheets = draw.sheets(level, columns, rows)
    for index, origin in enumerate(all_sheets):
        draw_map_page(doc.canvas, paper, dungeon, level, view, origin, all_sheets, index)
        doc.canvas.showPage()
    return doc.finish()


WHO = {draw.GM: "referee", draw.LAYOUT: "players", draw.BLANK: "players"}  # whose map, words.toml [map]


def draw_map_page(c, paper: Paper, dungeon: Dungeon, level: Level, view: str, origin: tuple[int, int],
                  all_sheets: list[tuple[int, int]], index: int) -> None:
    columns, rows = map_squares(paper)
    shown_columns, shown_rows = min(columns, level.width), min(rows, level.height)
    left = (paper.width - shown_columns * PITCH) / 2
    region = draw.Region(left, paper.height - TOP, PITCH, shown_columns, shown_rows)
    entrance = dungeon.entrance if level.number == 1 else None
    content = level_content(level, entrance)
    c.setFillGray(0)
    c.setFont(fonts.SERIF_BOLD, 12)
    c.drawString(region.left, paper.height - inch(0.27), say("map.title", name=dungeon.name, level=level.number))
    c.setFont(fonts.SERIF_ITALIC, 9)
    who = say(f"map.{WHO[view]}")
    if len(all_sheets) > 1:
        who = say("map.sheets", who=who, sheet=index + 1, sheets=len(all_sheets))
    c.drawString(region.left, paper.height - inch(0.44), who)
    right = region.right
    if len(all_sheets) > 1:
        scale = min(1.1, (TOP - inch(0.1)) / level.height)
        draw.draw_sheet_index(c, right, paper.height - inch(0.05), level, region, all_sheets, index, scale)
        right -= level.width * scale + 8
        draw.draw_overlap_marks(c, region, level, origin)
    draw.draw_scale(c, right - SCALE_WIDTH, region.top + 12, PITCH, SQUARE_FEET, say("map.feet"))
    marks = symbols()
    draw.draw_level(c, region, level, marks, RULE, content, view, origin)
    legend_top = region.bottom - 6
    if view == draw.BLANK:
        c.setFont(fonts.SERIF, 8.5)
        c.drawString(region.left, legend_top - 10, say("map.how-to-map"))
        where = say("map.arrive-entrance") if level.number == 1 else say("map.arrive-stairs")
        c.drawString(region.left, legend_top - 22, say("map.arrive", where=where))
    else:
        entries = marks.legend(*_shown_kinds(level, content, view))
        draw.draw_legend(c, region.left, legend_top, region.columns * PITCH, PITCH * 0.7, entries, LEGEND_COLUMNS)


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
    return doors, marks, False, False

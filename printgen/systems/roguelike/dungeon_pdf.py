"""The Roguelike one-shot dungeon as a booklet that prints on both sides of the sheet.

The cover; then, for each level, the referee's map on a left-hand page with
its key facing it; the rules page; then the players' maps, one to a sheet
with a blank back, so they can be handed out without showing a referee's
page. Maps are drawn with ReportLab on the shared map engine; the cover,
keys and rules page come from the game's templates (roguelike/dungeon-*.html)
through WeasyPrint, and compose stamps the footer once on the whole.
Maps are ¼-inch squares, one square to five feet, as the rules ask players to map.
"""

from __future__ import annotations

import io
import math

import pikepdf

from ...maps import draw
from ...maps.level import Level
from ...render import fonts, html, parallel
from ...render.canvas import new_document
from ...render.compose import compose
from ...render.html import render_pdf
from ...units import Paper, inch
from . import dungeon_key
from .dungeon import RULE, Dungeon
from .dungeon_rolls import SQUARE_FEET
from .dungeon_symbols import SYMBOLS, level_content

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


def render(dungeon: Dungeon, request) -> bytes:
    players_view = draw.LAYOUT if request.options["players-map"] == "layout" else draw.BLANK
    levels = dungeon.levels
    front_keys = _front_keys(len(levels))
    html.load()  # once, before the fork, so the child has it too

    def front() -> bytes:
        return text_book(dungeon, request, players_view, levels[:front_keys], cover=True, rules=False)

    def back_and_maps() -> tuple[bytes, list[bytes], list[bytes], bytes]:
        return (text_book(dungeon, request, players_view, levels[front_keys:], cover=False, rules=True),
                [maps_pdf(dungeon, level, request, draw.GM) for level in levels],
                [maps_pdf(dungeon, level, request, players_view) for level in levels],
                blank_pdf(request))

    front_book, (back_book, gm_maps, players_maps, blank) = parallel.both(front, back_and_maps)
    sections = [(front_book, *part) for part in _sections(front_book, front_keys + 1)]
    sections += [(back_book, *part) for part in _sections(back_book, len(levels) - front_keys + 1)]
    with _Pages(blank) as pages:
        pages.add(*sections[0])  # the cover
        for index, level in enumerate(dungeon.levels):
            if pages.count % 2 == 0:
                pages.blank()  # the map goes on a left-hand page, so its key faces it
            pages.add(gm_maps[index])
            pages.add(*sections[index + 1])
        pages.add(*sections[-1])  # the rules page
        if pages.count % 2:
            pages.blank()  # the players' maps start a fresh sheet
        for players in players_maps:
            for sheet in range(_count(players)):
                pages.add(players, sheet, sheet + 1)
                pages.blank()  # nothing on the back of a players' map
        booklet = pages.save()
    return compose([booklet], request.code, f"{dungeon.name}: a Roguelike dungeon")


class _Pages:
    """One document gathered page by page from a few sources, each source's fonts copied once."""

    def __init__(self, blank: bytes):
        self.pdf = pikepdf.new()
        self.sources: dict[int, pikepdf.Pdf] = {}
        self.blank_page = blank

    def __enter__(self) -> "_Pages":
        return self

    def __exit__(self, *exc) -> None:
        for source in self.sources.values():
            source.close()
        self.pdf.close()

    @property
    def count(self) -> int:
        return len(self.pdf.pages)

    def add(self, data: bytes, start: int = 0, end: int | None = None) -> None:
        source = self.sources.get(id(data))
        if source is None:
            source = self.sources[id(data)] = pikepdf.open(io.BytesIO(data))
        self.pdf.pages.extend(source.pages[start:end])

    def blank(self) -> None:
        self.add(self.blank_page)

    def save(self) -> bytes:
        buffer = io.BytesIO()
        self.pdf.save(buffer, deterministic_id=True)
        return buffer.getvalue()


def _front_keys(levels: int) -> int:
    """How many levels' keys are laid out with the cover; the other keys, the rules page and every map
    are made beside them (on another core where there is one). Three in five with the cover weighs
    about the same both ways: the maps take about as long as two keys."""
    return max(1, (levels * 3 + 2) // 5)


def text_book(dungeon: Dungeon, request, players_view: str, levels: list[Level], cover: bool, rules: bool) -> bytes:
    """The cover (``cover``), the keys of ``levels`` and the rules page (``rules``) as one document."""
    return render_pdf(
        "roguelike/dungeon-book.html", request.code, f"{dungeon.name}: the key", request.paper, request.templates,
        game_title=request.game.title, credit=request.game.credit, dungeon_name=dungeon.name,
        cover=dungeon_key.cover(dungeon) if cover else None, layout=players_view == draw.LAYOUT,
        levels=[dungeon_key.dungeon_key(dungeon, level) for level in levels],
        page=dungeon_key.rules_page() if rules else None,
    )


def _sections(book: bytes, parts: int) -> list[tuple[int, int]]:
    """(first page, page after the last) of each of the ``parts`` of a text document (the cover, a level's key,
    the rules page), found from its top-level headings."""
    with pikepdf.open(io.BytesIO(book)) as pdf:
        with pdf.open_outline() as outline:
            starts = [pikepdf.Page(item.destination[0]).index for item in outline.root]
        total = len(pdf.pages)
    if len(starts) != parts:
        raise ValueError("the dungeon's text pages must open the cover, each key and the rules with one h1 each")
    return list(zip(starts, starts[1:] + [total]))


def _count(pdf_bytes: bytes) -> int:
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        return len(pdf.pages)


# --- map pages ---------------------------------------------------------------------------


BLANK_NOTE = "This page is blank on purpose: the booklet prints on both sides of the sheet."


def blank_pdf(request) -> bytes:
    """The page that stands where the booklet needs an empty side, saying so, so it does not look misprinted."""
    paper = request.paper
    doc = new_document(request.code, "blank", paper.size)
    doc.canvas.setFillGray(0.55)
    doc.canvas.setFont(fonts.SERIF_ITALIC, 8)
    doc.canvas.drawCentredString(paper.width / 2, paper.height / 2, BLANK_NOTE)
    return doc.finish()


def maps_pdf(dungeon: Dungeon, level: Level, request, view: str) -> bytes:
    """One level's map in the given view: one page, or one per sheet when the level outgrows the page."""
    paper = request.paper
    doc = new_document(request.code, f"{dungeon.name}: level {level.number}", paper.size)
    columns, rows = map_squares(paper)
    all_sheets = draw.sheets(level, columns, rows)
    for index, origin in enumerate(all_sheets):
        draw_map_page(doc.canvas, paper, dungeon, level, view, origin, all_sheets, index)
        doc.canvas.showPage()
    return doc.finish()


WHO = {draw.GM: "Referee's map", draw.LAYOUT: "Players' map", draw.BLANK: "Players' map"}


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
    c.drawString(region.left, paper.height - inch(0.27), f"{dungeon.name} · Level {level.number}")
    c.setFont(fonts.SERIF_ITALIC, 9)
    who = WHO[view] + (f" · sheet {index + 1} of {len(all_sheets)}: the index at the top right shows where"
                       if len(all_sheets) > 1 else "")
    c.drawString(region.left, paper.height - inch(0.44), who)
    right = region.right
    if len(all_sheets) > 1:
        scale = min(1.1, (TOP - inch(0.1)) / level.height)
        draw.draw_sheet_index(c, right, paper.height - inch(0.05), level, region, all_sheets, index, scale)
        right -= level.width * scale + 8
        draw.draw_overlap_marks(c, region, level, origin)
    draw.draw_scale(c, right - SCALE_WIDTH, region.top + 12, PITCH, SQUARE_FEET, "ft")
    draw.draw_level(c, region, level, SYMBOLS, RULE, content, view, origin)
    legend_top = region.bottom - 6
    if view == draw.BLANK:
        c.setFont(fonts.SERIF, 8.5)
        c.drawString(region.left, legend_top - 10,
                     "Map as you explore: draw each area as the Referee describes it, one square to five feet.")
        where = "the dungeon's entrance" if level.number == 1 else "the foot of the stairs"
        c.drawString(region.left, legend_top - 22, f"You arrive at the mark ({where}).")
    else:
        entries = SYMBOLS.legend(*_shown_kinds(level, content, view))
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

"""The Roguelike one-shot dungeon: rolled for the paper's map size, then printed as a booklet.

The booklet prints on both sides of the sheet: the cover; then, for each
level, the Referee's map on a left-hand page with its key facing it; the
rules page; then the players' maps, one to a sheet with a blank back, so they
can be handed out without showing a Referee's page. The cover, keys and rules
page come from the game's templates (roguelike/dungeon-*.html) through
WeasyPrint, the maps from map_page; compose stamps the footer once on the whole.
"""

from __future__ import annotations

from ...maps import draw
from ...maps.level import Level
from ...products import Request
from ...render import fonts, html, parallel
from ...render.booklet import Pages, page_count, sections
from ...render.canvas import new_document
from ...render.compose import compose
from ...render.html import render_pdf
from . import generate as generator, key
from .generate import Dungeon
from .map_page import map_squares, maps_pdf
from .rules import say


def generate(request: Request) -> Dungeon:
    o = request.options
    return generator.generate(request.code, o["levels"], o["rooms"], map_squares(request.paper))


def render(dungeon: Dungeon, request: Request) -> bytes:
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
    parts = [(front_book, *part) for part in sections(front_book, front_keys + 1)]
    parts += [(back_book, *part) for part in sections(back_book, len(levels) - front_keys + 1)]
    with Pages(blank) as pages:
        pages.add(*parts[0])  # the cover
        for index, level in enumerate(dungeon.levels):
            pages.to_left()  # the map goes on a left-hand page, so its key faces it
            pages.add(gm_maps[index])
            pages.add(*parts[index + 1])
        pages.add(*parts[-1])  # the rules page
        pages.to_right()  # the players' maps start a fresh sheet
        for players in players_maps:
            for sheet in range(page_count(players)):
                pages.add(players, sheet, sheet + 1)
                pages.blank()  # nothing on the back of a players' map
        booklet = pages.save()
    return compose([booklet], request.code, say("dungeon.title", name=dungeon.name))


def _front_keys(levels: int) -> int:
    """How many levels' keys are laid out with the cover; the other keys, the rules page and every map
    are made beside them (on another core where there is one). Three in five with the cover weighs
    about the same both ways: the maps take about as long as two keys."""
    return max(1, (levels * 3 + 2) // 5)


def text_book(dungeon: Dungeon, request, players_view: str, levels: list[Level], cover: bool, rules: bool) -> bytes:
    """The cover (``cover``), the keys of ``levels`` and the rules page (``rules``) as one document."""
    return render_pdf(
        "roguelike/dungeon-book.html", request.code, say("dungeon.text-title", name=dungeon.name), request.paper,
        request.templates,
        game_title=request.game.title, credit=request.game.credit, dungeon_name=dungeon.name,
        cover=key.cover(dungeon) if cover else None, layout=players_view == draw.LAYOUT,
        levels=[key.dungeon_key(dungeon, level) for level in levels],
        page=key.rules_page() if rules else None,
    )


def blank_pdf(request) -> bytes:
    """The page that stands where the booklet needs an empty side, saying so, so it does not look misprinted."""
    paper = request.paper
    doc = new_document(request.code, "blank", paper.size)
    doc.canvas.setFillGray(0.55)
    doc.canvas.setFont(fonts.SERIF_ITALIC, 8)
    doc.canvas.drawCentredString(paper.width / 2, paper.height / 2, say("dungeon.blank-side"))
    return doc.finish()

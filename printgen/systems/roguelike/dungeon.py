"""The Roguelike one-shot dungeon: rolled for the paper's map size, then printed as a booklet.

The booklet prints on both sides of the sheet: the cover; then, for each
level, the Referee's map on a left-hand page with its key facing it (two
columns, on one page at the defaults; a longer key goes on over the page,
beside the map again); the rules page; then the players' maps, one to a
sheet with a blank back, so they can be handed out without showing a
Referee's page. The cover, keys and rules
page come from the game's templates (roguelike/dungeon-*.html) through
WeasyPrint, the maps from map_page; compose stamps the footer once on the whole.
"""

from __future__ import annotations

from ...maps import draw
from ...maps.draw_style import MapStyle
from ...maps.level import Level
from ...products import Request
from ...render import html, parallel
from ...render.booklet import Pages, blank_page, page_count, sections, tightened
from ...render.compose import compose
from ...render.html import render_pdf
from . import generate as generator, key
from .generate import Dungeon
from .map_page import level_views as views_of, map_squares, maps_pdf
from .rules import say


def generate(request: Request) -> Dungeon:
    o = request.options
    return generator.generate(request.code, o["levels"], o["rooms"], map_squares(request.paper))


def level_views(dungeon: Dungeon, request: Request) -> list:
    """Each level for a virtual tabletop and a battle map (maps/offpage.py)."""
    style = MapStyle.chosen(request)
    return [views_of(dungeon, level, style) for level in dungeon.levels]


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
                blank_page(request.code, request.paper, say("dungeon.blank-side")))

    front_book, (back_book, gm_maps, players_maps, blank) = parallel.both(front, back_and_maps)
    parts = [(front_book, *part) for part in sections(front_book, front_keys + 1)]
    parts += [(back_book, *part) for part in sections(back_book, len(levels) - front_keys + 1)]
    cover, keys, rules_page = parts[0], parts[1:-1], parts[-1]
    keys = tightened(keys, lambda over: text_book(dungeon, request, players_view, [levels[i] for i in over],
                                                  cover=False, rules=False, tight=True))
    with Pages(blank) as pages:
        pages.add(*cover)
        for gm_map, level_key in zip(gm_maps, keys):
            # The map on a left-hand page, its key facing it; a longer key goes on beside the map again.
            pages.facing((gm_map, 0, page_count(gm_map)), level_key)
        pages.add(*rules_page)
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


def text_book(dungeon: Dungeon, request, players_view: str, levels: list[Level], cover: bool, rules: bool,
              tight: bool = False) -> bytes:
    """The cover (``cover``), the keys of ``levels`` (in tighter type with ``tight``) and the rules page
    (``rules``) as one document."""
    return render_pdf(
        "roguelike/dungeon-book.html", request.code, say("dungeon.text-title", name=dungeon.name), request.paper,
        request.templates,
        game_title=request.game.title, credit=request.game.credit, dungeon_name=dungeon.name,
        cover=key.cover(dungeon) if cover else None, layout=players_view == draw.LAYOUT,
        levels=[key.dungeon_key(dungeon, level) for level in levels], tight=tight,
        page=key.rules_page() if rules else None,
    )

"""The Roguelike one-shot dungeon: rolled for the paper's map size, then printed as a booklet.

The booklet prints on both sides of the sheet: the cover; then, for each
level, the Referee's map on a left-hand page with its key facing it (two
columns, on one page at the defaults; a longer key goes on over the page,
beside the map again); the rules page; then the players' maps, one to a
sheet with a blank back, so they can be handed out without showing a
Referee's page. The cover is drawn (render/drawn_cover.py, its words the
phrasebook's), the rules page comes from the game's templates
(roguelike/dungeon-*.html) through WeasyPrint, read back from the user's
cache where it is kept; the keys from key_page and the maps from map_page,
both drawn; ``booklet`` hands them to the product, which makes both at once
(the cover and the rules page here, the maps and keys in a forked child) and
stamps the footer once on the whole.
"""

from __future__ import annotations

from ...contracts import Request
from ...maps import draw, frame
from ...maps.draw_style import MapStyle
from ...render import drawn_cover, house, key_columns
from ...render.booklet import Pages, Parts, blank_page, page_count
from ...render.canvas import printed_code
from ...render.html import render_pdf
from . import GAME, key, key_page
from . import generate as generator
from .generate import Dungeon
from .map_page import level_views as views_of
from .map_page import map_squares, maps_pdf, page_for


def generate(request: Request) -> Dungeon:
    o = request.options
    return generator.generate(request.words, request.code, o["levels"], o["rooms"], map_squares(request.paper))


def level_views(dungeon: Dungeon, request: Request) -> list:
    """Each level for a virtual tabletop and a battle map (maps/offpage.py)."""
    style = MapStyle.chosen(request)
    return [views_of(request.words, dungeon, level, style) for level in dungeon.levels]


def booklet(dungeon: Dungeon, request: Request) -> Parts:
    say = request.words.say_for(__package__)
    players_view = draw.LAYOUT if request.options["players-map"] == "layout" else draw.BLANK
    levels = dungeon.levels
    style = MapStyle.chosen(request)
    referee = [page_for(request.words, dungeon, level, draw.GM, style, request.paper) for level in levels]
    plans = [frame.plan(page, request.paper) for page in referee]

    def text_pages() -> tuple[bytes, bytes]:
        """The cover, drawn, and the rules page, laid out by WeasyPrint in this process (or read back where it is
        kept: then WeasyPrint is never loaded), while the child draws the rest."""
        return cover_book(dungeon, request, players_view), rules_book(request, players_view)

    def drawn() -> tuple[list[bytes], list[bytes], bytes, tuple[bytes, list[list[tuple[int, int]]]],
                         list[list[list[int]]]]:
        """The maps and the keys, drawn: each level laid out once, for its maps and for the key's grouping."""
        laid = [frame.layout(page, found) for page, found in zip(referee, plans)]
        shown = [facing_groups(page, found, where) for page, found, where in zip(referee, plans, laid)]
        keys = [key_page.key(request.words, key.dungeon_key(request.words, dungeon, level), dungeon.name,
                             *breaks(groups))
                for level, groups in zip(levels, shown)]
        return ([maps_pdf(dungeon, level, request, draw.GM, planned)
                 for level, planned in zip(levels, zip(referee, plans, laid))],
                [maps_pdf(dungeon, level, request, players_view, referee=where) for level, where in zip(levels, laid)],
                blank_page(request.code, request.paper, say("dungeon.blank-side")),
                key_columns.keys_pdf(request.words, request.code, request.paper,
                                     say("dungeon.text-title", name=dungeon.name), keys,
                                     key_page.LOOK, request.listener),
                shown)

    def arrange(text, made, _seed_free: None) -> list[Pages]:
        (cover, rules_pages), (gm_maps, players_maps, blank, (keys, key_ranges), shown) = text, made
        pages = Pages(blank)  # handed over open: the product composes it, then closes it
        pages.add(cover)
        for gm_map, found, groups, ranges in zip(gm_maps, plans, shown, key_ranges):
            level_pages(pages, gm_map, found, groups, keys, ranges)
        pages.add(rules_pages)
        pages.to_right()  # the players' maps start a fresh sheet
        for players in players_maps:
            for sheet in range(page_count(players)):
                pages.add(players, sheet, sheet + 1)
                pages.blank()  # nothing on the back of a players' map
        return [pages]

    return Parts(say("dungeon.title", name=dungeon.name), text_pages, drawn, arrange)


def facing_groups(page, found, placed) -> list[list[int]]:
    """The areas keyed facing each sheet of a level's map: on one page, all of them; over several sheets,
    each area facing the first sheet that shows its number (a sheet showing none new faces the key of the
    areas it shows again)."""
    if len(found.sheets) == 1:
        return [[area.number for area in page.level.areas]]
    keyed: set[int] = set()
    groups = []
    for numbers in frame.sheet_areas(page, found, placed):
        # Every number it shows stood on a sheet before: it faces the key of the areas it shows, again.
        groups.append([n for n in numbers if n not in keyed] or numbers)
        keyed |= set(numbers)
    groups[0] += sorted(set(a.number for a in page.level.areas) - keyed)  # a number no sheet shows: with the first
    return groups


def breaks(groups: list[list[int]]) -> tuple[list[int], tuple[int, ...]]:
    """The areas in the order the key sets them (sheet by sheet, each in walking order) and the entries
    that start a fresh page (each sheet's first but the first sheet's)."""
    order = [n for group in groups for n in group]
    cuts, count = [], 0
    for group in groups[:-1]:
        count += len(group)
        if group and 0 < count < len(order):
            cuts.append(count)
    return order, tuple(sorted(set(cuts)))


def level_pages(pages: Pages, gm_map: bytes, found, groups: list[list[int]], keys: bytes,
                ranges: list[tuple[int, int]]) -> None:
    """A level's map and key in the booklet: a map on one page faces its key (again beside each further
    key page); each sheet of a larger map faces the key of the areas it shows first."""
    if len(found.sheets) == 1:
        pages.facing((gm_map, 0, 1), (keys, ranges[0][0], ranges[-1][1]))
        return
    filled = iter(ranges)
    for sheet, group in enumerate(groups):
        start, end = next(filled) if group else (0, 0)
        if group:
            pages.facing((gm_map, sheet, sheet + 1), (keys, start, end))
        else:
            pages.to_left()
            pages.add(gm_map, sheet, sheet + 1)
            pages.blank()


def cover_book(dungeon: Dungeon, request, players_view: str) -> bytes:
    """The cover, drawn (render/drawn_cover.py): the dungeon's name, the way in, what the booklet holds, the facts,
    round the game's art; its words are the phrasebook's (``cover.``)."""
    say = request.words.say_for(__package__)
    facts = key.cover(request.words, dungeon)
    levels = facts["levels"]
    lede = say("cover.lede", entrance=facts["entrance"], description=facts["description"])
    players = say("cover.players-layout") if players_view == draw.LAYOUT else say("cover.players-blank")
    cover = drawn_cover.Cover(
        kicker=request.game.title, title=dungeon.name,
        sub=say("cover.sub", levels=levels) if levels != 1 else say("cover.sub-one"),
        lede=f"{lede} {facts['hidden']}" if facts["hidden"] else lede,
        inside=[(say("cover.maps-lead"), say("cover.maps")), (say("cover.key-lead"), say("cover.key")),
                (say("cover.rules-lead"), say("cover.rules")), (say("cover.players-lead"), players),
                ("", say("level.unexplored") + ".")],
        facts=[(say("cover.levels"), str(levels), False), (say("cover.areas"), str(facts["areas"]), False),
               (say("cover.encounters"), str(facts["encounters"]), False),
               (say("cover.traps"), str(facts["traps"]), False),
               (say("cover.bottom"), say("cover.bottom-holds"), False), (say("cover.scale"), say("cover.scale-is"), False),
               (say("cover.seed-code"), printed_code(request.code), True)],
        art=facts["art"], credit=say("cover.credit", game=request.game.title, credit=request.game.credit))
    return drawn_cover.cover_pdf(request.words, cover, request.code, request.paper,
                                 say("dungeon.text-title", name=dungeon.name),
                                 house.look(GAME.templates))


def rules_book(request, players_view: str) -> bytes:
    """The rules page: it is the same in every booklet on the same paper, so it is laid out once a process
    (html_to_pdf keeps it, and the user's cache folder: a booklet made after it reads it back without loading
    WeasyPrint) and its title names no dungeon."""
    say = request.words.say_for(__package__)
    return render_pdf(
        "roguelike/dungeon-book.html", request.code, say("dungeon.rules-title"), request.paper, request.templates,
        listener=request.listener, game_title=request.game.title, credit=request.game.credit,
        layout=players_view == draw.LAYOUT, page=key.rules_page(request.words), phrasebooks=request.words, seed_free=True,
    )

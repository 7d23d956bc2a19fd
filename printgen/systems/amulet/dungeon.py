"""The dungeon product's entry: roll the levels, then print them as a booklet.

The booklet prints on both sides of the sheet: the cover; then, for each
level with a map, the mapper's copy on a left-hand page with the level's key
facing it (two columns; a longer key goes on over the page, beside the map
again); the dice behind each room; the treasure level and the rules at hand,
ending with how the monsters fight;
then the players' copies, one to a sheet with a blank back, so they can be
handed out without showing a mapper's page. The cover (text_pages.cover_pdf),
the maps (map_page), the keys (key_page) and the dice (dice_page) are drawn;
the treasure level and the rules at hand, the same in every booklet, come from
the game's templates through WeasyPrint once and are kept; ``booklet`` hands
them to the product, which makes both at once and stamps the footer once on
the whole.
"""

from __future__ import annotations

from ...maps.draw_style import MapStyle
from ...render import key_columns
from ...render.booklet import Pages, Parts, blank_page
from ...render.canvas import new_document
from . import dice_page, key_page, map_page, rules, text_pages
from . import generate as generator
from .model import Dungeon


def generate(request) -> Dungeon:
    o = request.options
    return generator.generate(request.code, o["levels"], o["level-size"], o["scaling"])


def maps_pdf(built: Dungeon, request, mapper: bool = True) -> bytes:
    """The mapper's copy (``mapper``) or the players' copy of each level with a map, a page each. No footers:
    compose stamps them."""
    say = request.words.say_for(__package__)
    paper = request.paper
    doc = new_document(request.code, say("document.maps", game=request.game.title), paper.size, compressed=False)
    style = MapStyle.chosen(request)
    for level in text_pages.mapped(built):
        map_page.draw_page(request.words, doc.canvas, paper.width, paper.height, level, request.game.title, mapper,
                           style)
        doc.canvas.showPage()
    return doc.finish(request.listener)


def level_views(built: Dungeon, request) -> list:
    """Each level with a map, for a virtual tabletop and a battle map (maps/offpage.py)."""
    style = MapStyle.chosen(request)
    return [map_page.level_views(request.words, level, request.game.title, style) for level in text_pages.mapped(built)]


def booklet(built: Dungeon, request) -> Parts:
    say = request.words.say_for(__package__)
    actions = rules.reference()["treasure"]["actions"]
    keys = [key_page.key(request.words, level_key, actions) for level_key in text_pages.mapped_keys(request.words,
                                                                                                    built)]

    def drawn() -> tuple[bytes, bytes, bytes, tuple[bytes, list[list[tuple[int, int]]]]]:
        return (maps_pdf(built, request, True), maps_pdf(built, request, False),
                blank_page(request.code, request.paper, say("booklet.blank-side")),
                key_columns.keys_pdf(request.words, request.code, request.paper,
                                     say("document.keys", game=request.game.title),
                                     keys, key_page.LOOK, request.listener))

    def arrange(text: tuple[bytes, bytes], made, same: bytes) -> list[Pages]:
        cover, dice = text
        mappers, players, blank, (key_pages, ranges) = made
        pages = Pages(blank)  # handed over open: the product composes it, then closes it
        pages.add(cover)
        for index, [(start, end)] in enumerate(ranges):  # a mapper's copy is one page: its key, one group
            pages.facing((mappers, index, index + 1), (key_pages, start, end))
        pages.add(dice)
        pages.add(same)  # the treasure level, then the rules at hand
        pages.to_right()  # the players' copies start a fresh sheet
        for index in range(len(ranges)):
            pages.add(players, index, index + 1)
            pages.blank()  # nothing on the back of a players' copy
        return [pages]

    # The cover and the dice behind each room are drawn while a forked child draws the maps and the keys (the
    # product makes both at once); the treasure level and the rules at hand, the same for every seed, are read
    # back from the cache or laid out beside them: a warm booklet lays nothing out.
    return Parts(say("document.dungeon", game=request.game.title),
                 lambda: (text_pages.cover_pdf(built, request), dice_page.dice_pdf(request.words, built, request)),
                 drawn, arrange, lambda only_kept: text_pages.rules_pdf(request, built.scaling, only_kept))

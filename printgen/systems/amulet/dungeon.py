"""The dungeon product's entry: roll the levels, then print cover, maps, key and rules pages."""

from __future__ import annotations

from ...maps.draw_style import MapStyle
from ...render import html, parallel
from ...render.canvas import new_document
from ...render.compose import compose
from ...words import say_for
from . import generate as generator, map_page, text_pages
from .model import Dungeon

say = say_for(__package__)


def generate(request) -> Dungeon:
    o = request.options
    return generator.generate(request.code, o["levels"], o["level-size"], o["scaling"])


def maps_pdf(built: Dungeon, request) -> bytes:
    """For each level with a map: the mapper's copy, then the players' copy. No footers: compose stamps them."""
    paper = request.paper
    doc = new_document(request.code, say("document.maps", game=request.game.title), paper.size)
    style = MapStyle(request.options.get("map-style", "grey"), request.code.seed)
    for level in built.levels:
        if level.data["kind"] == "treasure":
            continue
        for mapper in (True, False):
            map_page.draw_page(doc.canvas, paper.width, paper.height, level, request.game.title, mapper, style)
            doc.canvas.showPage()
    return doc.finish()


def render(built: Dungeon, request) -> bytes:
    html.load()  # once, before the fork, so the child has it too
    # The text is laid out here while a forked child draws the maps (parallel.both).
    (cover, after), maps = parallel.both(lambda: text_pages.text_parts(built, request),
                                         lambda: maps_pdf(built, request))
    return compose([cover, maps, after], request.code, say("document.dungeon", game=request.game.title))

"""The Roguelike one-shot dungeon: rolled for the paper's map size, then printed as a booklet.

The booklet prints on both sides of the sheet: the cover; then, for each
level, the Referee's map on a left-hand page with its key facing it; the
rules page; then the players' maps, one to a sheet with a blank back, so they
can be handed out without showing a Referee's page. The cover, keys and rules
page come from the game's templates (roguelike/dungeon-*.html) through
WeasyPrint, the maps from map_page; compose stamps the footer once on the whole.
"""

from __future__ import annotations

import io

import pikepdf

from ...maps import draw
from ...maps.level import Level
from ...products import Request
from ...render import fonts, html, parallel
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
    return compose([booklet], request.code, say("dungeon.title", name=dungeon.name))


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
        "roguelike/dungeon-book.html", request.code, say("dungeon.text-title", name=dungeon.name), request.paper,
        request.templates,
        game_title=request.game.title, credit=request.game.credit, dungeon_name=dungeon.name,
        cover=key.cover(dungeon) if cover else None, layout=players_view == draw.LAYOUT,
        levels=[key.dungeon_key(dungeon, level) for level in levels],
        page=key.rules_page() if rules else None,
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


def blank_pdf(request) -> bytes:
    """The page that stands where the booklet needs an empty side, saying so, so it does not look misprinted."""
    paper = request.paper
    doc = new_document(request.code, "blank", paper.size)
    doc.canvas.setFillGray(0.55)
    doc.canvas.setFont(fonts.SERIF_ITALIC, 8)
    doc.canvas.drawCentredString(paper.width / 2, paper.height / 2, say("dungeon.blank-side"))
    return doc.finish()

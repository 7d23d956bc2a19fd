"""The solo booklet: the very dungeon ``printgen dungeon`` rolls, printed as a gamebook for a lone player.

The game's dungeon module rolls the dungeon exactly as for the dungeon
booklet (the same seed and options give the same levels); the game's solo
module (contracts.py) makes it a gamebook: numbered sections a
reader turns between, the cover and the page on how to play alone, and the
play sheet. This module numbers the sections (printgen/gamebook), sets them
in two columns, adds a page of graph paper for each level to map on, and
joins it all in the order a print on both sides of the sheet needs:

    the game's front pages (cover, how to play alone, …) · the play sheet (from a right-hand page, so its
    two sides are one sheet) · the sections (from a right-hand page) · what a reader looks up only after
    using it (the game's, if any) · graph paper

``--format json`` writes the gamebook (gamebook/data.py; its schema:
``printgen schema solo``): the start, and every section's number, level,
area, kind, the place it happens in, the numbers it sends the reader to and
its events (every step the page prints, a game's in the common vocabulary:
fights, tests, damage, healing, points, loot, shops); and the game's choices
for playing alone.
"""

from __future__ import annotations

import json

from .. import gamebook
from ..contracts import SoloModule
from ..gamebook import data as book_data
from . import PAPER_OPTION, PDF_OR_JSON, PPI_OPTION, TEMPLATES_OPTION, Part, Product, Request, register
from .booklets import assemble

PRODUCT = "solo"
COMMON = (PAPER_OPTION, PDF_OR_JSON, PPI_OPTION, TEMPLATES_OPTION)
HEAVY_EVERY = 5  # a heavier line every five squares, as graph paper's default


def made(request: Request):
    """The dungeon, its gamebook and the gamebook's numbers."""
    dungeon = request.part("dungeon").generate(request)
    book = request.part().book(dungeon, request)
    numbers = gamebook.numbered(book, request.code.stream(PRODUCT, "numbers"))
    request.listener.tell(f"wrote {len(book.sections)} sections")
    return dungeon, book, numbers


def build(request: Request) -> bytes:
    dungeon, book, numbers = made(request)
    if request.format == "json":
        data = {"system": request.code.system, "seed_code": str(request.code), **book_data.as_data(book, numbers),
                "choices": request.part().choices(request.words)}
        return (json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    return render(request, dungeon, book, numbers)


def render(request: Request, dungeon, book, numbers: dict[str, int]) -> bytes:
    """The booklet: the game's front pages laid out while its sheet, the sections, its back pages and the
    graph paper are drawn (booklets.py makes both at once and composes the whole)."""
    say = request.words.say_for(__package__)
    from ..gamebook import layout
    from ..render.booklet import Pages, Parts, blank_page

    game = request.game
    assert game is not None  # a solo booklet is always one game's
    module = request.part()
    title = module.title(request.words, dungeon)

    def text_pages() -> bytes:
        return module.front_pages(dungeon, book, numbers, request)

    def drawn_pages() -> tuple[bytes, bytes, bytes | None, bytes, bytes]:
        sections, _ = layout.sections_pdf(request.words, book, numbers, request.code, request.paper, title,
                                          first_right_hand=True,
                                          look=layout.Look.of(game.templates), listener=request.listener)
        return (module.sheet_pages(dungeon, book, numbers, request), sections,
                module.back_pages(dungeon, book, numbers, request), graph_pages(request, title, len(dungeon.levels)),
                blank_page(request.code, request.paper, say("gamebook.blank-side")))

    def arrange(front: bytes, drawn: tuple[bytes, bytes, bytes | None, bytes, bytes], kept: bytes | None
                ) -> list[Pages]:
        sheet, sections, back, graph, blank = drawn
        pages = Pages(blank)  # handed over open: the product composes it, then closes it
        pages.add(front if kept is None else module.with_kept_front(dungeon, front, kept, request))
        pages.to_right()  # the play sheet is one sheet: its two sides back to back
        pages.add(sheet)
        pages.to_right()  # §1 opens on a right-hand page, as the running heads are set for
        pages.add(sections)
        pages.to_right()
        if back is not None:
            pages.add(back)
        pages.add(graph)
        return [pages]

    kept_front = getattr(module, "kept_front_pages", None)  # laid out in the drawing child where it is not kept
    seed_free = None if kept_front is None else (lambda only_kept: kept_front(numbers, request, only_kept))
    return assemble(Parts(title, text_pages, drawn_pages, arrange, seed_free), request)


def graph_pages(request: Request, title: str, levels: int) -> bytes:
    """A page of graph paper for each level, headed with the level, to map the dungeon on as one goes."""
    say = request.words.say_for(__package__)
    from ..render import fonts
    from ..render.canvas import new_document
    from ..units import mm
    from .graph_paper import DEFAULT_GRID, GRIDS, SIDE_MARGIN, TOP_MARGIN, draw_squares

    paper = request.paper
    pitch = GRIDS[DEFAULT_GRID[paper.name]].pitch  # ¼ inch on Letter, 5 mm on A4, as graph paper's default
    doc = new_document(request.code, title, paper.size)
    c = doc.canvas
    for level in range(1, levels + 1):
        draw_squares(c, paper, pitch, HEAVY_EVERY)
        baseline = paper.height - TOP_MARGIN + mm(4)
        c.setFillGray(0)
        c.setFont(fonts.SERIF_BOLD, 10)
        c.drawString(SIDE_MARGIN, baseline, say("gamebook.map-title", level=level))
        c.setFont(fonts.SERIF_ITALIC, 8)
        c.setFillGray(0.3)
        c.drawRightString(paper.width - SIDE_MARGIN, baseline, say("gamebook.map-how"))
        c.showPage()
    return doc.finish(request.listener)


register(Product(
    PRODUCT, "A solo booklet: the same dungeon as a gamebook of numbered sections, for a lone player.",
    build, own=COMMON, part=Part("solo", "solo", SoloModule), rank=60, one_page=lambda request: False,
))

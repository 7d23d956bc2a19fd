"""A numbered gamebook's sections set in two columns, as gamebooks are printed.

Each section opens with its number, large, bold and centred in its column,
so a reader thumbing the pages finds it at a glance; its paragraphs follow
(the numbers they send the reader to in bold). A section stays whole in one
column, moving to the next column or page when it would not fit; one taller
than a whole column runs on from column to column. At the top outer corner
of every page a running head gives the range of sections on it, so the two
heads of a spread read as the spread's range, first to last, where a thumb
riffling the outer edges sees them; the book's title stands at the inner
corner.

The page stands on the house grid and type scale of every text page
(render/house.py: its margins, column gap, body, heads and leading), in the
game's own face for heads and its accent colour (``Look.of``); the text engine
is render/text.py, whose ``key_columns.block`` sets a paragraph.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..progress import Listener
from ..render import fonts, house, key_columns, text
from ..render.canvas import new_document
from ..seed import SeedCode
from ..units import Paper, mm
from ..words import Words
from .model import Book, filled

TOP, MARGIN, FOOT, COLUMN_GAP = key_columns.TOP, key_columns.MARGIN, key_columns.FOOT, key_columns.COLUMN_GAP
HEAD_BASELINE = mm(9)  # the running head, down from the page's top edge
HEAD_RULE = mm(11)  # the hairline under it


@dataclass(frozen=True)
class Look:
    """A gamebook's type on the house scale: its body, the section numbers, the running head, and each
    paragraph style's; the game's face for its numbers and heads and its accent for the running head."""

    head_font: str = fonts.SERIF_BOLD
    accent: tuple[float, float, float] = (0.0, 0.0, 0.0)
    body: float = house.BODY
    leading: float = house.LEADING
    number: float = house.H1
    head: float = 13.0  # the range of sections at the outer corner: large, for a thumb riffling the pages
    title: float = house.HEADER
    note: float = house.TABLE
    stats: float = house.TABLE
    choice_indent: float = mm(3)
    paragraph_gap: float = mm(1.1)
    section_gap: float = mm(3.2)  # above a section's number (none at the head of a column)

    @classmethod
    def of(cls, templates: Path) -> Look:
        """The look of a game whose templates are in ``templates`` (its look.css: head face, accent)."""
        game = house.look(templates)
        return cls(head_font=game.head_font, accent=game.accent)


TURN_TO = "**{n}**"  # a number the reader turns to, as it is set in the text
TICK = "**{n}**"  # a number to tick


@dataclass
class Piece:
    """A part of a section as it is set: a paragraph's block, framed or not, and the room it takes."""

    block: key_columns.Block
    frame: bool = False  # a stat block, in a thin box
    before: float = 0.0  # space above it

    @property
    def height(self) -> float:
        return self.before + self.block.height + (mm(2.4) if self.frame else 0.0)


@dataclass
class Placed:
    number: int
    pieces: list[Piece]
    x: float
    top: float
    width: float
    continued: bool = False  # the rest of a section that did not fit a column


@dataclass
class Page:
    placed: list[Placed] = field(default_factory=list)

    @property
    def numbers(self) -> list[int]:
        return [p.number for p in self.placed]


def pieces_of(paragraphs: Sequence[tuple[str, str]], number: int, width: float, look: Look) -> list[Piece]:
    """A section's number and paragraphs, set for a column ``width`` wide."""
    label = str(number)
    label_width = text.measure(label, look.head_font, look.number)
    heading = key_columns.block([(label, look.head_font)], look.number, width, 1.1,
                                indent=(width - label_width) / 2)
    found = [Piece(heading)]
    for words, style in paragraphs:
        before = look.paragraph_gap if len(found) > 1 else mm(0.6)
        if style == "stats":
            runs = text.emphasis(words, fonts.SERIF)
            found.append(Piece(key_columns.block(runs, look.stats, width - mm(4), look.leading, indent=mm(2)),
                               frame=True, before=before + mm(0.6)))
        elif style == "note":
            runs = text.emphasis(f"*{words}*" if "*" not in words else words, fonts.SERIF)
            found.append(Piece(key_columns.block(runs, look.note, width, look.leading), before=before))
        else:
            indent = look.choice_indent if style == "choice" else 0.0
            found.append(Piece(key_columns.block(text.emphasis(words, fonts.SERIF), look.body, width, look.leading,
                                                 indent=indent), before=before))
    return found


def section_paragraphs(book: Book, numbers: dict[str, int]) -> list[tuple[int, list[tuple[str, str]]]]:
    """Every section's number and its paragraphs, numbers filled in, in the order of their numbers."""
    ordered = sorted(book.sections.values(), key=lambda s: numbers[s.key])
    return [(numbers[s.key], [(filled(words, numbers, TURN_TO, TICK), style)
                              for step in s.steps for words, style in step.printed()]) for s in ordered]


def paginate(sections: list[tuple[int, list[tuple[str, str]]]], paper: Paper, look: Look) -> list[Page]:
    """The sections in two columns, page after page; each whole in a column where a column holds it."""
    width = (paper.width - 2 * MARGIN - COLUMN_GAP) / 2
    top = paper.height - TOP
    room = top - FOOT
    pages = [Page()]
    column, y = 0, top

    def next_column() -> None:
        nonlocal column, y
        if column == 0:
            column = 1
        else:
            pages.append(Page())
            column = 0
        y = top

    for number, paragraphs in sections:
        pieces = pieces_of(paragraphs, number, width, look)
        gap = look.section_gap if y < top else 0.0
        height = sum(p.height for p in pieces)
        if y - gap - height < FOOT and y < top and height <= room:
            next_column()
            gap = 0.0
        y -= gap
        continued = False
        while pieces:
            fitting: list[Piece] = []
            used = 0.0
            for piece in pieces:
                if used + piece.height > y - FOOT and (fitting or y < top):
                    break
                fitting.append(piece)
                used += piece.height
            if not fitting:  # one paragraph taller than a whole column: it stands alone and runs past
                fitting, used = [pieces[0]], pieces[0].height
            x = MARGIN + column * (width + COLUMN_GAP)
            pages[-1].placed.append(Placed(number, fitting, x, y, width, continued))
            pieces = pieces[len(fitting):]
            y -= used
            if pieces:
                next_column()
                continued = True
    return pages


def draw_page(phrasebooks: Words, c: Canvas, paper: Paper, page: Page, right_hand: bool, title: str,
              look: Look) -> None:
    """One page of sections, under its running head (drawn first, so a reader copying the page's text meets
    it first, as one thumbing the pages sees it first)."""
    _running_head(phrasebooks, c, paper, page, right_hand, title, look)
    for placed in page.placed:
        y = placed.top
        for piece in placed.pieces:
            y -= piece.before
            if piece.frame:
                c.setStrokeGray(0.35)
                c.setLineWidth(0.5)
                c.rect(placed.x, y - piece.block.height - mm(2.4), placed.width, piece.block.height + mm(2.4))
                y -= mm(1.2)
                piece.block.draw(c, placed.x, y)
                y -= piece.block.height + mm(1.2)
            else:
                piece.block.draw(c, placed.x, y)
                y -= piece.block.height


def head_words(phrasebooks: Words, page: Page) -> str:
    """The running head: the numbers of the first and last section on the page ("12–15"), or its one."""
    say = phrasebooks.say_for(__package__)
    numbers = page.numbers
    first, last = min(numbers), max(numbers)
    return say("gamebook.head-one", number=first) if first == last else \
        say("gamebook.head-range", first=first, last=last)


def _running_head(phrasebooks: Words, c: Canvas, paper: Paper, page: Page, right_hand: bool, title: str,
                  look: Look) -> None:
    if not page.placed:
        return
    baseline = paper.height - HEAD_BASELINE
    words = head_words(phrasebooks, page)
    outer, inner = (paper.width - MARGIN, MARGIN) if right_hand else (MARGIN, paper.width - MARGIN)
    c.setFillColorRGB(*look.accent)
    text.draw_run(c, outer, baseline, words, look.head_font, look.head, align="right" if right_hand else "left")
    c.setFillGray(0)
    text.draw_run(c, inner, baseline, title, fonts.SERIF_ITALIC, look.title, align="left" if right_hand else "right")
    c.setStrokeGray(0.5)
    c.setLineWidth(0.4)
    rule = paper.height - HEAD_RULE
    c.line(MARGIN, rule, paper.width - MARGIN, rule)


def sections_pdf(phrasebooks: Words, book: Book, numbers: dict[str, int], code: SeedCode, paper: Paper, title: str,
                 first_right_hand: bool, look: Look = Look(), listener: Listener | None = None
                 ) -> tuple[bytes, list[Page]]:
    """Every section, set and drawn; the pages as laid out (for the tests). ``first_right_hand``: whether the
    first of these pages lands on a right-hand page of the booklet; ``listener`` (the request's) hears the
    step."""
    pages = paginate(section_paragraphs(book, numbers), paper, look)
    doc = new_document(code, title, paper.size, compressed=False)
    for index, page in enumerate(pages):
        draw_page(phrasebooks, doc.canvas, paper, page, (index % 2 == 0) == first_right_hand, title, look)
        doc.canvas.showPage()
    return doc.finish(listener), pages


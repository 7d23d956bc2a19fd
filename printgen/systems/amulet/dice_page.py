"""The dice behind each room, drawn as the keys are: one table of every total each room rolled, level by level.

Under a head like a key's (the title, a note in italics beside it, a rule),
a column for each table a room was rolled on, in the phrasebook's order,
and a row for each room ("1.3") with the totals it rolled there joined by
", " (text_pages.dice gives them: the one source); each level opens with a
sub-head in the game's face and colour. The table runs over as many pages
as the dungeon needs: each page repeats the column heads, a level's
sub-head never ends a page (and opens the next again where its level runs
over), and the notes in the margins say it goes on, as a key's do
(render/key_columns.py). The pages carry the booklet's running
header, as the pages of text around them do. Drawn rather than laid out by
WeasyPrint, the table takes milliseconds instead of about a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts, house, key_columns, text
from ...render.canvas import new_document
from ...render.key_columns import Block, block
from ...units import Paper, mm
from ...words import Words
from . import GAME
from .key_page import ASIDE_SIZE
from .model import Dungeon
from .text_pages import dice

PAD_X, PAD_Y = mm(0.8), mm(0.2)  # inside a cell, each side
LEADING = 1.15
CELL, HEAD, LEVEL = house.TABLE, house.SMALL, house.H3  # a cell's type, the column heads', a level's sub-head
LEVEL_ABOVE = mm(2)  # above a level's sub-head
HAIRLINE, HAIRLINE_GRAY, RULE = 0.3, 0xBB / 255, 0.7


@dataclass(frozen=True)
class Row:
    """A row of the table: its cells' paragraphs (one a column, None where there is none) or a level's sub-head
    (``level``), and its height."""

    cells: tuple[Block | None, ...] = ()
    level: Block | None = None
    head: bool = False  # the column heads

    @property
    def height(self) -> float:
        if self.level is not None:
            return LEVEL_ABOVE + self.level.height + 2 * PAD_Y + RULE
        return max((cell.height for cell in self.cells if cell is not None), default=CELL * LEADING) + 2 * PAD_Y


def column_widths(heads: Sequence[str], columns: Sequence[Sequence[tuple[str, str]]], room: float) -> list[float]:
    """Each column's width, shared out of ``room`` as a table laid out automatically shares it: each at least
    as wide as its widest word, the rest given in proportion to how much wider its longest line would be, or,
    where every line fits, the room left over in proportion to the widths they take."""
    least, most = [], []
    for head, cells in zip(heads, columns):
        words = [(w, fonts.SERIF_BOLD, HEAD) for w in head.split()]
        words += [(w, font, CELL) for cell, font in cells for w in cell.split()]
        least.append(max(text.measure(w, font, size) for w, font, size in words) + 2 * PAD_X)
        longest = [text.measure(cell, font, CELL) for cell, font in cells]
        most.append(max([text.measure(head, fonts.SERIF_BOLD, HEAD), *longest]) + 2 * PAD_X)
    if sum(most) <= room:
        return [w + (room - sum(most)) * w / sum(most) for w in most]
    spare = sum(m - n for m, n in zip(most, least))
    left = room - sum(least)
    return [n + (left * (m - n) / spare if spare else left / len(least)) for m, n in zip(most, least)]


def rows(phrasebooks: Words, dice: dict, widths: Sequence[float], look: house.Look) -> tuple[Row, list[Row]]:
    """The column heads' row and every other row, in order: a level's sub-head, then its rooms."""
    say = phrasebooks.say_for(__package__)
    heads = [say("dice.room"), *dice["columns"]]

    def cell(words: str, font: str, size: float, width: float) -> Block | None:
        return block([(words, font)], size, width - 2 * PAD_X, LEADING) if words else None

    head = Row(tuple(cell(h, fonts.SERIF_BOLD, HEAD, w) for h, w in zip(heads, widths)), head=True)
    found = []
    for level in dice["levels"]:
        found.append(Row(level=block([(say("dice.level", number=level["number"]), look.head_font)], LEVEL,
                                     sum(widths) - 2 * PAD_X, LEADING)))
        for row in level["rows"]:
            found.append(Row((cell(row["room"], fonts.MONO_BOLD, CELL, widths[0]),
                              *(cell(words, fonts.MONO, CELL, w) for words, w in zip(row["cells"], widths[1:])))))
    return head, found


def pages_of(head: Row, found: Sequence[Row], first_top: float, top: float) -> list[list[Row]]:
    """The rows page by page under the column heads, the first page's from ``first_top`` down, the others' from
    ``top``: a row stands whole on a page, a level's sub-head on the page of its first room, and a level that
    runs over a page opens the next one with its sub-head again."""
    pages: list[list[Row]] = [[]]
    y = first_top - head.height
    level: Row | None = None
    for index, row in enumerate(found):
        needs = row.height
        if row.level is not None:
            level = row
            if index + 1 < len(found):
                needs += found[index + 1].height
        if y - needs < key_columns.FOOT and any(r.level is None for r in pages[-1]):
            pages.append([])
            y = top - head.height
            if row.level is None and level is not None:
                pages[-1].append(level)
                y -= level.height
        pages[-1].append(row)
        y -= row.height
    return pages


def draw_row(c: Canvas, row: Row, widths: Sequence[float], top: float, look: house.Look) -> float:
    """``row`` from ``top`` down; returns its foot."""
    left, right = key_columns.MARGIN, key_columns.MARGIN + sum(widths)
    foot = top - row.height
    if row.level is not None:
        c.setFillColorRGB(*look.accent)  # a Block draws in gray: the sub-head's one line is drawn here, in colour
        sub = row.level
        baseline = top - LEVEL_ABOVE - PAD_Y - (sub.leading - 1) * sub.size / 2 - 0.88 * sub.size
        for line in sub.lines:
            text.draw_runs(c, left + PAD_X, baseline, line.runs(), sub.size)
            baseline -= sub.leading * sub.size
        c.setStrokeColorRGB(*look.accent)
        c.setLineWidth(RULE)
        c.line(left, foot + RULE / 2, right, foot + RULE / 2)
        return foot
    x = left
    for cell, width in zip(row.cells, widths):
        if cell is not None:
            cell.draw(c, x + PAD_X, top - PAD_Y)
        x += width
    if row.head:
        c.setStrokeGray(0)
        c.setLineWidth(RULE)
    else:
        c.setStrokeGray(HAIRLINE_GRAY)
        c.setLineWidth(HAIRLINE)
    c.line(left, foot, right, foot)
    return foot


def dice_pdf(phrasebooks: Words, dungeon: Dungeon, request) -> bytes:
    """The dice behind each room, as the pages that go on from the keys (no footers: compose stamps them)."""
    say = phrasebooks.say_for(__package__)
    paper: Paper = request.paper
    look = house.look(GAME.templates)
    title = say("document.dungeon", game=request.game.title)
    table = dice(phrasebooks, dungeon)
    heads = [say("dice.room"), *table["columns"]]
    columns = [[(row["room"], fonts.MONO_BOLD) for level in table["levels"] for row in level["rows"]]]
    columns += [[(row["cells"][k], fonts.MONO) for level in table["levels"] for row in level["rows"]]
                for k in range(len(table["columns"]))]
    widths = column_widths(heads, columns, paper.width - 2 * key_columns.MARGIN)
    head, found = rows(phrasebooks, table, widths, look)
    top = paper.height - key_columns.TOP
    pages = pages_of(head, found, key_columns.entries_top(paper, []), top)
    doc = new_document(request.code, title, paper.size)
    c = doc.canvas
    for number, page in enumerate(pages):
        key_columns.draw_running_header(c, paper, title, look)
        if number == 0:
            key_columns.draw_title(c, paper, (say("dice.title"), fonts.MONO_BOLD),
                                   (say("dice.aside"), fonts.SERIF_ITALIC), ASIDE_SIZE)
        y = draw_row(c, head, widths, key_columns.entries_top(paper, []) if number == 0 else top, look)
        for row in page:
            y = draw_row(c, row, widths, y, look)
        key_columns.draw_notes(c, paper, say("dice.continued") if number else None,
                               say("dice.goes-on") if number + 1 < len(pages) else None)
        c.showPage()
    return doc.finish(request.listener)

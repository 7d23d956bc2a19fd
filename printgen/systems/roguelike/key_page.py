"""A level's key as the page facing its map, drawn with the text engine (render/text.py).

The page: the level's heading and how the party arrives, above a rule; then
every area in walking order, in two columns filled one after the other, each
area whole in one column: its number, kind and size, a line for each thing in
it (a bold label, then the words), its creatures, and a hairline under it. A
key that runs past its page is first set again in tighter type; if that does
not hold it either, it goes on over the page in its usual type, and the page
says so at its foot and the next at its head.

The words are key.py's (the phrasebook's); the key is drawn here rather than
laid out by WeasyPrint because a WeasyPrint key took about 0.1 s, most of a
booklet's time, and drawn it takes a few milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from reportlab.pdfgen.canvas import Canvas

from ...render import fonts, text
from ...render.canvas import new_document
from ...units import Paper, mm
from .rules import say

# The text pages' margins (base.html): 14 mm at the top, 14 mm and 6 pt at the sides, 16 mm and 6 pt at the
# foot, where compose stamps the footer.
TOP, MARGIN, FOOT = mm(14), mm(14) + 6, mm(16) + 6
EDGE = mm(14)  # the notes that a key goes on, and where from, stand in the margins, right-aligned here
COLUMN_GAP = mm(5)
TITLE_SIZE, NAME_SIZE, ARRIVAL_SIZE, NOTE_SIZE = 13.0, 9.0, 7.4, 8.0
RULE_GRAY, CHAIN_GRAY = 0.667, 0.2


@dataclass(frozen=True)
class Type:
    """The sizes a key is set in (points) and its lines' pitch (in sizes)."""

    body: float
    heading: float
    small: float
    leading: float


USUAL = Type(body=8.0, heading=8.8, small=7.0, leading=1.2)
TIGHT = Type(body=7.0, heading=7.8, small=6.3, leading=1.17)  # for a key that would run onto a second page


@dataclass(frozen=True)
class Block:
    """A paragraph of an area: its lines, at ``size``, ``indent`` in from the column's edge, in ``gray``."""

    lines: tuple[text.Line, ...]
    size: float
    leading: float
    indent: float = 0.0
    gray: float = 0.0
    after: float = 0.0  # space below it
    italic_size: float | None = None  # its italic words in smaller type (a heading's size after the name)

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * self.leading + self.after

    def draw(self, c: Canvas, x: float, top: float) -> None:
        c.setFillGray(self.gray)
        half_gap = (self.leading - 1) * self.size / 2  # the line's room above its letters, as CSS shares it
        baseline = top - half_gap - 0.88 * self.size
        for line in self.lines:
            left = x + self.indent
            for words, font in line.runs():
                size = self.italic_size if self.italic_size and font == fonts.SERIF_ITALIC else self.size
                text.draw_run(c, left, baseline, words, font, size)
                left += text.measure(words, font, size)
            baseline -= self.leading * self.size


AREA_RULE_GAP, AREA_GAP = mm(0.8), mm(1)  # above the hairline under an area, and below it


def area_blocks(area: dict[str, Any], width: float, kind: Type) -> list[Block]:
    """An area's entry as paragraphs set for a column ``width`` wide."""

    def block(runs: Sequence[text.Run], size: float, indent: float = 0.0, gray: float = 0.0,
              after: float = 0.0, italic_size: float | None = None) -> Block:
        return Block(tuple(text.lines([runs], size, width - indent)), size, kind.leading, indent, gray, after,
                     italic_size)

    # The heading is broken at its own size, so its smaller italic words always fit the lines it makes.
    heading = [(f"{area['number']} · {area['title']}", fonts.SERIF_BOLD), (f" {area['size']}", fonts.SERIF_ITALIC)]
    blocks = [block(heading, kind.heading, after=mm(0.2), italic_size=kind.body)]
    blocks += [block([(f"{label}:", fonts.SERIF_BOLD), (f" {words}", fonts.SERIF)], kind.body)
               for label, words in area["lines"]]
    creatures = area["creatures"]
    if creatures:
        indent = mm(2.5)
        if creatures["shared"]:
            blocks.append(block([(creatures["shared"], fonts.SERIF_BOLD)], kind.body))
            blocks.append(block([("; ".join(creatures["rows"]), fonts.SERIF)], kind.body, indent))
        else:
            blocks += [block([(row, fonts.SERIF)], kind.body, indent) for row in creatures["rows"]]
        blocks += [block([(note, fonts.SERIF)], kind.small) for note in creatures["notes"]]
        blocks.append(block([(creatures["chain"], fonts.SERIF_ITALIC)], kind.small, gray=CHAIN_GRAY))
    return blocks


@dataclass(frozen=True)
class Placed:
    """An area's paragraphs set at (x, top) in a column ``width`` wide."""

    x: float
    top: float
    width: float
    blocks: tuple[Block, ...]

    def draw(self, c: Canvas) -> None:
        y = self.top
        for b in self.blocks:
            b.draw(c, self.x, y)
            y -= b.height
        y -= AREA_RULE_GAP
        c.setStrokeGray(RULE_GRAY)
        c.setLineWidth(0.3)
        c.line(self.x, y, self.x + self.width, y)


def area_height(blocks: Sequence[Block]) -> float:
    return sum(b.height for b in blocks) + AREA_RULE_GAP + AREA_GAP


def pages_of(areas: list[dict[str, Any]], paper: Paper, first_top: float, kind: Type) -> list[list[Placed]]:
    """The areas set in two columns, the first page's from ``first_top`` down, later pages' from the
    margin; each area whole in a column (one taller than a column stands at a column's head all the same)."""
    width = (paper.width - 2 * MARGIN - COLUMN_GAP) / 2
    top_of_page = paper.height - TOP
    pages: list[list[Placed]] = [[]]
    top, column, y = first_top, 0, first_top
    for area in areas:
        blocks = area_blocks(area, width, kind)
        height = area_height(blocks)
        if y - height < FOOT and y < top:
            if column == 0:
                column, y = 1, top
            else:
                pages.append([])
                top = top_of_page
                column, y = 0, top
        pages[-1].append(Placed(MARGIN + column * (width + COLUMN_GAP), y, width, tuple(blocks)))
        y -= height
    return pages


def _arrival(paper: Paper, key: dict[str, Any]) -> Block:
    """How the party arrives on the level, with the note on unexplored ways, the width of the page."""
    runs = [(f"{key['arrival']} ", fonts.SERIF), (say("key.unexplored-note"), fonts.SERIF_ITALIC)]
    return Block(tuple(text.lines([runs], ARRIVAL_SIZE, paper.width - 2 * MARGIN)), ARRIVAL_SIZE, 1.28)


def _rule_y(paper: Paper, arrival: Block) -> float:
    """The height of the rule under the heading and the arrival."""
    return paper.height - TOP - TITLE_SIZE * 1.28 - mm(1) - arrival.height - mm(1)


def _head(c: Canvas, paper: Paper, key: dict[str, Any], arrival: Block, dungeon_name: str) -> None:
    """The level's heading, the dungeon's name beside it, and the arrival above a rule."""
    baseline = paper.height - TOP - TITLE_SIZE * 1.06
    c.setFillGray(0)
    title = say("key.title", level=key["number"])
    text.draw_run(c, MARGIN, baseline, title, fonts.SERIF_BOLD, TITLE_SIZE)
    text.draw_run(c, MARGIN + text.measure(title + " ", fonts.SERIF_BOLD, TITLE_SIZE) + mm(2), baseline, dungeon_name,
                  fonts.SERIF_ITALIC, NAME_SIZE)
    arrival.draw(c, MARGIN, paper.height - TOP - TITLE_SIZE * 1.28 - mm(1))
    y = _rule_y(paper, arrival)
    c.setStrokeGray(0)
    c.setLineWidth(0.6)
    c.line(MARGIN, y, paper.width - MARGIN, y)


def draw_key(c: Canvas, paper: Paper, key: dict[str, Any], dungeon_name: str) -> int:
    """One level's key from key.dungeon_key, each page finished (showPage); returns how many pages."""
    arrival = _arrival(paper, key)
    areas_top = _rule_y(paper, arrival) - mm(1.2)
    pages = pages_of(key["areas"], paper, areas_top, USUAL)
    if len(pages) > 1:
        tight = pages_of(key["areas"], paper, areas_top, TIGHT)
        if len(tight) == 1:
            pages = tight
    for number, placed in enumerate(pages):
        if number == 0:
            _head(c, paper, key, arrival, dungeon_name)
        for area in placed:
            area.draw(c)
        # The notes in the margins come after the areas, as a reader copying the page's text meets them.
        c.setFillGray(0)
        if number > 0:
            text.draw_run(c, paper.width - EDGE, paper.height - TOP + mm(2) + 2,
                          say("key.continued", level=key["number"]), fonts.SERIF_ITALIC, NOTE_SIZE, align="right")
        if number + 1 < len(pages):
            text.draw_run(c, paper.width - EDGE, mm(15) - 0.8 * NOTE_SIZE, say("key.goes-on"),
                          fonts.SERIF_ITALIC, NOTE_SIZE, align="right")
        c.showPage()
    return len(pages)


def keys_pdf(code, paper: Paper, title: str, keys: list[dict[str, Any]], dungeon_name: str
             ) -> tuple[bytes, list[tuple[int, int]]]:
    """The keys one after another as one document, and where each one's pages start and end."""
    doc = new_document(code, title, paper.size)
    ranges, start = [], 0
    for key in keys:
        count = draw_key(doc.canvas, paper, key, dungeon_name)
        ranges.append((start, start + count))
        start += count
    return doc.finish(), ranges

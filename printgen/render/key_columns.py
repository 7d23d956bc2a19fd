"""A level's key drawn to face its map, in two columns: what a game's key page is made of.

The page: the key's title, with a note in italics beside it; a few lines
under it the width of the page (how the party arrives, which monsters the
level holds), above a rule; then every entry (an area, a room) in the order
the party meets them, in two columns filled one after the other (the last
page's ending level), each entry whole in one column, with a hairline under it. A key that runs past its page
is set again in tighter type where that takes fewer pages; it goes on over
the page, and the page says so at its foot and the next at its head. A key may be cut into groups (a level over several
sheets: the areas each sheet shows first), each group starting a page.

A game gives its words and how an entry is set (``Key``) and its type sizes
(``Look``); the text engine (render/text.py) breaks the lines. Drawn here
rather than laid out by WeasyPrint, a key takes a few milliseconds instead of
about a tenth of a second, which was most of a booklet's time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ..progress import Listener
from ..units import Paper, mm
from ..words import Words
from . import fonts, house, text
from .canvas import new_document

# The house grid of every page of text (render/house.py): its margins, the body's inset, the columns' gap.
TOP, MARGIN, FOOT = house.TOP, house.SIDE + house.INSET, house.FOOT + house.INSET
EDGE = house.SIDE  # the notes that a key goes on, and where from, stand in the margins, right-aligned here
COLUMN_GAP = house.COLUMN_GAP
TITLE_SIZE, NOTE_SIZE = 13.0, 8.0
ENTRY_RULE_GAP, ENTRY_GAP = mm(0.8), mm(1)  # above the hairline under an entry, and below it
HEADER_RISE = mm(2.4) + 2.17  # a running header's baseline above the text's top: WeasyPrint's padding and line


@dataclass(frozen=True)
class Type:
    """The sizes a key's entries are set in (points) and their lines' pitch (in sizes)."""

    body: float
    heading: float
    small: float
    leading: float
    label: float = 0.0  # labels in a size of their own, for a game whose labels have one
    head: float = 0.0  # the lines under the title, for a game that sets them in the key's type


@dataclass(frozen=True)
class Look:
    """A game's key: its usual type, the tighter type tried before a key runs onto a second page, and the
    hairline's gray."""

    usual: Type
    tight: Type
    hairline: float


@dataclass(frozen=True)
class Block:
    """A paragraph: its lines, at ``size``, ``indent`` in from its column's edge, in ``gray``."""

    lines: tuple[text.Line, ...]
    size: float
    leading: float
    indent: float = 0.0
    gray: float = 0.0
    after: float = 0.0  # space below it
    sizes: tuple[tuple[str, float], ...] = ()  # faces drawn at another size (a heading's smaller italic words)

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * self.leading + self.after

    def draw(self, c: Canvas, x: float, top: float) -> None:
        c.setFillGray(self.gray)
        half_gap = (self.leading - 1) * self.size / 2  # the line's room above its letters, as CSS shares it
        baseline = top - half_gap - 0.88 * self.size
        other = dict(self.sizes)
        for line in self.lines:
            left = x + self.indent
            for words, font in line.runs():
                size = other.get(font, self.size)
                text.draw_run(c, left, baseline, words, font, size)
                left += text.measure(words, font, size)
            baseline -= self.leading * self.size


def block(runs: Sequence[text.Run], size: float, width: float, leading: float, indent: float = 0.0,
          gray: float = 0.0, after: float = 0.0, sizes: tuple[tuple[str, float], ...] = ()) -> Block:
    """``runs`` broken into lines ``width`` wide (less ``indent``) at ``size``; faces in ``sizes`` are drawn at
    their own size, no larger than ``size``, so the lines broken at ``size`` hold them."""
    return Block(tuple(text.lines([runs], size, width - indent)), size, leading, indent, gray, after, sizes)


@dataclass(frozen=True)
class Key:
    """One level's key, as a game words it: the level's number, the title and the note beside it, the lines
    under them (set for the page's width in a type), the entries and how one is set (for a column's width in
    a type)."""

    level: int
    title: text.Run
    aside: text.Run
    aside_size: float
    head: Callable[[float, Type], list[Block]]
    entries: Sequence[Any]
    entry: Callable[[Any, float, Type], list[Block]]
    breaks: tuple[int, ...] = ()  # entries that start a fresh page: each sheet's own areas, facing it


@dataclass(frozen=True)
class Placed:
    """An entry's paragraphs set at (x, top) in a column ``width`` wide."""

    x: float
    top: float
    width: float
    blocks: tuple[Block, ...]

    def draw(self, c: Canvas, hairline: float) -> None:
        y = self.top
        for b in self.blocks:
            b.draw(c, self.x, y)
            y -= b.height
        y -= ENTRY_RULE_GAP
        c.setStrokeGray(hairline)
        c.setLineWidth(0.3)
        c.line(self.x, y, self.x + self.width, y)


def entry_height(blocks: Sequence[Block]) -> float:
    return sum(b.height for b in blocks) + ENTRY_RULE_GAP + ENTRY_GAP


def pages_of(key: Key, paper: Paper, first_top: float, kind: Type, entries: Sequence[Any] | None = None
             ) -> list[list[Placed]]:
    """The entries (``entries``, or all the key's) set in two columns, the first page's from ``first_top``
    down, later pages' from the margin; each entry whole in a column (one taller than a column stands at a
    column's head all the same)."""
    width = (paper.width - 2 * MARGIN - COLUMN_GAP) / 2
    top_of_page = paper.height - TOP
    pages: list[list[Placed]] = [[]]
    top, column, y = first_top, 0, first_top
    for entry in key.entries if entries is None else entries:
        blocks = key.entry(entry, width, kind)
        height = entry_height(blocks)
        if y - height < FOOT and y < top:
            if column == 0:
                column, y = 1, top
            else:
                pages.append([])
                top = top_of_page
                column, y = 0, top
        pages[-1].append(Placed(MARGIN + column * (width + COLUMN_GAP), y, width, tuple(blocks)))
        y -= height
    pages[-1] = balanced(pages[-1], top, width)
    return pages


def level_split(heights: Sequence[float]) -> int:
    """Where a last page's entries, of these heights, pass from the left column to the right: the two columns
    end as level as whole entries let them, the left one no shorter than the right."""
    total = sum(heights)
    return min(range(1, len(heights) + 1), key=lambda k: (max(sum(heights[:k]), total - sum(heights[:k])), -k))


def level_columns(heights: Sequence[float], top: float) -> list[tuple[int, float]]:
    """Each entry's column (0 the left, 1 the right) and top, for a last page's entries of these heights shared
    between two columns at ``level_split``, both columns from ``top``, in the same order."""
    split = level_split(heights)
    found, y = [], top
    for index, height in enumerate(heights):
        if index == split:
            y = top
        found.append((0 if index < split else 1, y))
        y -= height
    return found


def balanced(placed: Sequence[Placed], top: float, width: float) -> list[Placed]:
    """The last page's entries shared between its two columns so that they end as level as whole entries let them
    (the left one no shorter than the right), both from ``top``: a key that ends part way down its page is not
    one column with the other half of the page left empty. In the same order, left column then right."""
    if len(placed) < 2:
        return list(placed)
    spots = level_columns([entry_height(p.blocks) for p in placed], top)
    return [Placed(MARGIN + column * (width + COLUMN_GAP), y, width, entry.blocks)
            for entry, (column, y) in zip(placed, spots)]


def _head_top(paper: Paper) -> float:
    return paper.height - TOP - TITLE_SIZE * 1.28 - mm(1)


def rule_y(paper: Paper, head: Sequence[Block]) -> float:
    """The height of the rule under the title and the lines under it (``head``)."""
    return _head_top(paper) - sum(b.height for b in head) - mm(1)


def entries_top(paper: Paper, head: Sequence[Block]) -> float:
    """Where the entries begin on a key's first page, below the rule."""
    return rule_y(paper, head) - mm(1.2)


def _draw_head(c: Canvas, paper: Paper, key: Key, head: Sequence[Block]) -> None:
    draw_title(c, paper, key.title, key.aside, key.aside_size, head)


def draw_title(c: Canvas, paper: Paper, title_run: text.Run, aside_run: text.Run, aside_size: float,
               head: Sequence[Block] = ()) -> None:
    """A key's head, or a page's drawn as one: the title, the note beside it, the lines under them (``head``),
    and the rule."""
    baseline = paper.height - TOP - TITLE_SIZE * 1.06
    c.setFillGray(0)
    title, title_font = title_run
    text.draw_run(c, MARGIN, baseline, title, title_font, TITLE_SIZE)
    aside, aside_font = aside_run
    left = MARGIN + text.measure(title + " ", title_font, TITLE_SIZE) + mm(2)
    # A long title leaves the note less room: it is set smaller, down to 6 pt, to stay on the title's line.
    size = text.fit_line(aside, paper.width - MARGIN - left, aside_size, 6.0, aside_font).size
    text.draw_run(c, left, baseline, aside, aside_font, size)
    y = _head_top(paper)
    for b in head:
        b.draw(c, MARGIN, y)
        y -= b.height
    y = rule_y(paper, head)
    c.setStrokeGray(0)
    c.setLineWidth(0.6)
    c.line(MARGIN, y, paper.width - MARGIN, y)


def _groups(key: Key) -> list[Sequence[Any]]:
    """The key's entries in the groups its ``breaks`` make."""
    cuts = [0, *key.breaks, len(key.entries)]
    return [key.entries[a:b] for a, b in zip(cuts, cuts[1:])]


def _set(key: Key, paper: Paper, look: Look, entries: Sequence[Any], first: bool):
    """A group of entries set on its pages (the first group under the key's head): the usual type, or the
    tighter where it takes fewer pages (each page of a key faces its map: a page fewer is two fewer in the
    booklet). Returns the head and the pages."""
    width = paper.width - 2 * MARGIN
    top = paper.height - TOP
    head = key.head(width, look.usual) if first else []
    pages = pages_of(key, paper, entries_top(paper, head) if first else top, look.usual, entries)
    if len(pages) > 1:
        tight_head = key.head(width, look.tight) if first else []
        tight = pages_of(key, paper, entries_top(paper, tight_head) if first else top, look.tight, entries)
        if len(tight) < len(pages):
            return tight_head, tight
    return head, pages


def draw_key(phrasebooks: Words, c: Canvas, paper: Paper, key: Key, look: Look) -> list[int]:
    """One level's key, each page finished (showPage); each group of its entries (``Key.breaks``) starts a
    page of its own. Returns how many pages each group takes."""
    say = phrasebooks.say_for(__package__)
    counts = []
    pages: list[list[Placed]] = []
    head: list[Block] = []
    for index, entries in enumerate(_groups(key)):
        group_head, group = _set(key, paper, look, entries, index == 0)
        head = group_head if index == 0 else head
        pages += group
        counts.append(len(group))
    group_starts = {sum(counts[:k]) for k in range(1, len(counts))}  # pages that face the map's next sheet
    for number, placed in enumerate(pages):
        if number == 0:
            _draw_head(c, paper, key, head)
        for entry in placed:
            entry.draw(c, look.hairline)
        # The notes in the margins come after the entries, as a reader copying the page's text meets them.
        goes_on = None
        if number + 1 < len(pages):
            goes_on = say("key-page.goes-on-sheet") if number + 1 in group_starts else say("key-page.goes-on")
        draw_notes(c, paper, say("key-page.continued", level=key.level) if number > 0 else None, goes_on)
        c.showPage()
    return counts


def draw_notes(c: Canvas, paper: Paper, continued: str | None, goes_on: str | None) -> None:
    """The notes in the margins of a page that runs on from the one before (``continued``, at its head) or over
    to the next (``goes_on``, at its foot), right-aligned, in italics."""
    c.setFillGray(0)
    if continued is not None:
        text.draw_run(c, paper.width - EDGE, paper.height - TOP + mm(2) + 2, continued, fonts.SERIF_ITALIC,
                      NOTE_SIZE, align="right")
    if goes_on is not None:
        text.draw_run(c, paper.width - EDGE, mm(15) - 0.8 * NOTE_SIZE, goes_on, fonts.SERIF_ITALIC, NOTE_SIZE,
                      align="right")


def draw_running_header(c: Canvas, paper: Paper, title: str, look: house.Look) -> None:
    """The running header of a page that goes on from pages of text, as base.html sets theirs: the document's
    name at the top left, in the regular weight of the game's face for heads, its case and letter spacing, in its
    colour, standing on the margin's foot as WeasyPrint sets it (2.4 mm above the text's top)."""
    face = fonts.MONO if look.head_font == fonts.MONO_BOLD else fonts.SERIF
    words = title.upper() if look.head_capitals else title
    c.saveState()
    c.setFillColorRGB(*look.accent)
    baseline = paper.height - TOP + HEADER_RISE
    if look.head_spacing and fonts.has_all(words, face):
        c.setFont(face, house.HEADER)
        c.drawString(MARGIN, baseline, words, charSpace=look.head_spacing * house.HEADER)
    else:
        text.draw_run(c, MARGIN, baseline, words, face, house.HEADER)
    c.restoreState()


def keys_pdf(phrasebooks: Words, code, paper: Paper, title: str, keys: Sequence[Key], look: Look,
             listener: Listener | None = None
             ) -> tuple[bytes, list[list[tuple[int, int]]]]:
    """The keys one after another as one document, and where each one's groups of pages start and end
    (one group, all its pages, for a key with no breaks); ``listener`` (the request's) hears the step."""
    doc = new_document(code, title, paper.size, compressed=False)
    ranges, start = [], 0
    for key in keys:
        groups = []
        for count in draw_key(phrasebooks, doc.canvas, paper, key, look):
            groups.append((start, start + count))
            start += count
        ranges.append(groups)
    return doc.finish(listener), ranges

"""Text on a ReportLab page: runs of (text, font) broken into lines, fitted into a box, and drawn.

Every wrapped or fitted line printgen draws with ReportLab is set here, by one rule:

- Measuring: ``width(text, font)`` is the width at size 1 (widths scale with the size),
  cached; a character its font lacks is measured, like it is drawn, in the symbol
  fallback (``fonts.faces``).
- Words: a text is cut into words at white space (not at a no-break space). The white
  space between two words is one space, in the font it is written in, or with
  ``keep_spaces`` all of it as written. A word can run over several runs ("**Str**:"
  is one word, part bold) and never breaks between them. A "\\n" ends a line.
- Breaking (``greedy``): a word joins the line if the line is empty or the word and the
  space before it fit in what is left of the line; otherwise it starts the next line,
  without the space. A word wider than a line stands alone on it, or, with
  ``break_words``, is first cut between letters into pieces that fit.
- Fitting (``fit``): the largest size from ``max_size`` down in ``step`` s, then
  ``min_size`` itself (``steps``), at which every line fits the width, the block fits the
  height and there are no more lines than ``max_lines``; words are cut only at
  ``min_size``. The result says whether it fitted, and at the smallest size what it
  would take.
- Drawing: lines down from a top edge, their first baseline one size below it, aligned
  left, centred or right in the width; a line is drawn as runs of one font (one
  ``drawString`` each), or word by word.

ReportLab's ``simpleSplit`` does the same greedy split for one font, but knows no runs of
fonts, no symbol fallback, no cutting of long words and drops empty lines, so the rule is
written out here once, measuring with ``pdfmetrics.stringWidth``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from reportlab.lib.fonts import tt2ps
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from ..units import MIN_TEXT_PT
from . import fonts

Run = tuple[str, str]  # (text, font)


class Inline(str):
    """A run's font that measures and draws its run itself: letters of another face in a colour or at a scale
    of their own, or a picture standing on the line as a letter does (cards/inline.py makes them). What the
    string holds names everything it draws, so equal ones may merge into one run and widths are cached by it;
    no font is registered under that name."""

    scale: float = 1.0  # of the line's type size: how large it stands (its line grows to hold it)

    def measure(self, text: str) -> float:
        """The run's width at size 1."""
        raise NotImplementedError

    def draw(self, c: Canvas, x: float, y: float, text: str, size: float) -> None:
        """The run from (x, y) on its baseline, at the line's type size ``size``."""
        raise NotImplementedError
EPSILON = 1e-9  # widths compare with this much to spare (at size 1), so a line exactly as wide as its room fits

# White space a line may break at: every kind but the no-break spaces.
_TOKENS = re.compile(r"\n|[^\S\n\u00a0\u2007\u202f]+|[^\s]+|[\u00a0\u2007\u202f]+")
_BREAKABLE = re.compile(r"[^\S\u00a0\u2007\u202f]+")


# Measuring ------------------------------------------------------------------------------------------

@lru_cache(maxsize=65536)
def width(text: str, font: str) -> float:
    """How wide ``text`` is at size 1, each character measured in the face that draws it."""
    if isinstance(font, Inline):
        return font.measure(text)
    return sum(pdfmetrics.stringWidth(part, face, 1.0) for part, face in fonts.faces(text, font))


def measure(text: str, font: str, size: float) -> float:
    """How wide ``text`` is in ``font`` at ``size``."""
    return width(text, font) * size


# Words and lines ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Word:
    """Letters that stay together on a line: one run, or more where the font changes inside the word."""

    runs: tuple[Run, ...]
    gap: tuple[Run, ...] = ()  # the white space before it: drawn between it and the word before, dropped at a break

    @cached_property
    def width(self) -> float:
        return sum(width(text, font) for text, font in self.runs)

    @cached_property
    def gap_width(self) -> float:
        return sum(width(text, font) for text, font in self.gap)

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.runs)


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    first: bool = True  # the first line of its paragraph (a paragraph gap goes above it)

    @cached_property
    def width(self) -> float:
        """Its width at size 1: its words and the spaces between them."""
        return sum(word.width for word in self.words) + sum(word.gap_width for word in self.words[1:])

    @property
    def text(self) -> str:
        return "".join(("".join(t for t, _ in word.gap) if k else "") + word.text for k, word in enumerate(self.words))

    def runs(self) -> tuple[Run, ...]:
        """The line as runs of one font each, spaces included (the fewest pieces to draw)."""
        return tuple(merged(run for k, word in enumerate(self.words) for run in (word.gap if k else ()) + word.runs))

    @cached_property
    def rise(self) -> float:
        """How tall the line stands, in type sizes: 1, or the scale of its largest Inline run."""
        return max([1.0, *(font.scale for word in self.words for _, font in word.runs if isinstance(font, Inline))])

    def draw(self, c: Canvas, x: float, y: float, size: float, by_word: bool = False, stretch: float = 0.0) -> None:
        """The line from (x, y) on its baseline: as runs, or each word on its own after its space (and
        ``stretch`` points more, to justify it)."""
        if not by_word:
            draw_runs(c, x, y, self.runs(), size)
            return
        for k, word in enumerate(self.words):
            if k:
                x += word.gap_width * size + stretch
            draw_runs(c, x, y, word.runs, size)
            x += word.width * size


Paragraph = Sequence[Run]  # a paragraph's runs; a "\n" in them ends a line


def words(runs: Paragraph, keep_spaces: bool = False) -> list[list[Word]]:
    """The words of a paragraph, a list for each line its "\\n"s make."""
    found: list[list[Word]] = [[]]
    gap: list[Run] = []
    pieces: list[Run] = []

    def finish() -> None:
        if pieces:
            space = tuple(merged(gap)) if keep_spaces else ((" ", gap[-1][1]),) if gap else ()
            # White space at the start of a line is not drawn.
            found[-1].append(Word(tuple(merged(pieces)), space if found[-1] else ()))
            pieces.clear()
            gap.clear()

    for text, font in runs:
        for token in _TOKENS.findall(text):
            if token == "\n":
                finish()
                gap.clear()
                found.append([])
            elif _BREAKABLE.fullmatch(token):
                finish()
                gap.append((token, font))
            else:
                pieces.append((token, font))
    finish()
    return found


def merged(runs: Iterable[Run]) -> Iterator[Run]:
    """Runs one after another with runs of the same font joined into one."""
    text, font = "", None
    for piece, piece_font in runs:
        if piece_font == font:
            text += piece
        else:
            if font is not None:
                yield text, font
            text, font = piece, piece_font
    if font is not None:
        yield text, font


def greedy(widths: Sequence[float], gaps: Sequence[float], room: float, rest: float | None = None) -> list[list[int]]:
    """THE break rule, on widths: item k joins the line if the line is empty or ``gaps[k] + widths[k]``
    fit in what the line has left; otherwise it starts the next line. The first line has ``room``,
    the others ``rest`` (default: ``room``). Returns the items of each line (at least one line)."""
    rest = room if rest is None else rest
    found: list[list[int]] = [[]]
    used = 0.0
    for k, (item, gap) in enumerate(zip(widths, gaps)):
        extra = item + gap
        if found[-1] and used + extra > (rest if len(found) > 1 else room) + EPSILON:
            found.append([])
            used = 0.0
        if not found[-1]:
            extra = item
        found[-1].append(k)
        used += extra
    return found


def set_words(paragraphs: Iterable[list[list[Word]]], size: float, width_: float, indent: float = 0.0,
              break_words: bool = False) -> list[Line]:
    """Words (``words``'s lists) broken into lines of ``width_`` at ``size``; lines after a paragraph's
    first start ``indent`` in (the caller draws them there). A paragraph with no words is one empty line."""
    room, rest = width_ / size, (width_ - indent) / size
    found: list[Line] = []
    for paragraph in paragraphs:
        for number, hard_line in enumerate(paragraph):
            if break_words:
                hard_line = [piece for word in hard_line for piece in _cut(word, min(room, rest))]
            first = number == 0
            groups = greedy([w.width for w in hard_line], [w.gap_width for w in hard_line],
                            room if first else rest, rest)
            for k, group in enumerate(groups):
                found.append(Line(tuple(hard_line[i] for i in group), first and k == 0))
    return found


def lines(paragraphs: Iterable[Paragraph], size: float, width_: float, indent: float = 0.0,
          keep_spaces: bool = False, break_words: bool = False) -> list[Line]:
    """Paragraphs of runs broken into lines no wider than ``width_`` at ``size`` (but for a word wider
    than a line, unless ``break_words``); lines after each paragraph's first are ``indent`` narrower.
    Paragraphs in registered fonts only are broken once per process (a sheet's labels are the same on every
    sheet): the lines are frozen, so the same ones serve every caller."""
    said = tuple(tuple(paragraph) for paragraph in paragraphs)
    if all(type(font) is str for paragraph in said for _, font in paragraph):
        return list(_lines(said, size, width_, indent, keep_spaces, break_words))
    return set_words((words(p, keep_spaces) for p in said), size, width_, indent, break_words)


# Paragraphs broken (and fitted) kept, each: the most one sheet sets (about a hundred on a character record)
# several times over, so every sheet after the first finds its labels; a booklet's key, whose every entry is
# its own, keeps no more than this (16,384 of each had held 28 MiB of a 20-level booklet's 185).
LINES_KEPT = 512


@lru_cache(maxsize=LINES_KEPT)
def _lines(paragraphs: tuple[tuple[Run, ...], ...], size: float, width_: float, indent: float, keep_spaces: bool,
           break_words: bool) -> tuple[Line, ...]:
    return tuple(set_words((words(p, keep_spaces) for p in paragraphs), size, width_, indent, break_words))


def wrap_text(text: str, font: str, size: float, width_: float) -> list[str]:
    """``text`` in one font broken into lines no wider than ``width_`` (``lines``: a "\n" ends a line, a
    word wider than a line stands alone on it)."""
    return [line.text for line in lines([[(text, font)]], size, width_)]


def _cut(word: Word, limit: float) -> list[Word]:
    """A word wider than ``limit`` (at size 1) cut between letters into pieces that fit, nothing dropped."""
    if word.width <= limit + EPSILON:
        return [word]
    pieces: list[list[Run]] = [[]]
    used = 0.0
    for text, font in word.runs:
        for letter in text:
            letter_width = width(letter, font)
            if pieces[-1] and used + letter_width > limit + EPSILON:
                pieces.append([])
                used = 0.0
            pieces[-1].append((letter, font))
            used += letter_width
    return [Word(tuple(merged(piece)), word.gap if k == 0 else ()) for k, piece in enumerate(pieces)]


# Fitting --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Spacing:
    """How lines stack, in font sizes: baseline to baseline, extra between paragraphs, and how far
    the letters reach below the last baseline (the block's height ends there)."""

    leading: float = 1.2
    paragraph_gap: float = 0.0
    descent: float = 0.35


def steps(max_size: float, min_size: float, step: float = 0.25) -> Iterator[float]:
    """The sizes to try: ``max_size``, then ``step`` smaller each, while above ``min_size``; then ``min_size``."""
    size = max_size
    while size > min_size:
        yield size
        size -= step
    yield min_size


@dataclass(frozen=True)
class Fitted:
    """Text set at one size: its lines, whether they fit, and how to draw them."""

    size: float
    lines: tuple[Line, ...]
    fits: bool = True
    spacing: Spacing = field(default_factory=Spacing)
    by_word: bool = False  # draw each word with its own drawString (the cards' faces do)

    @property
    def height(self) -> float:
        return block_height(self.size, self.lines, self.spacing)

    @property
    def width(self) -> float:
        """The widest line, in points."""
        return max((line.width for line in self.lines), default=0.0) * self.size

    def draw(self, c: Canvas, left: float, top: float, width_: float, align: str = "left") -> float:
        """The lines down from ``top``, aligned in ``width_`` from ``left``; returns the last baseline
        less one line's pitch (where a next line would stand)."""
        return draw_lines(c, self.lines, left, top, width_, self.size, self.spacing, align, self.by_word)

    def draw_in(self, c: Canvas, x: float, y: float, width_: float, height: float, align: str = "left",
                valign: str = "top") -> None:
        """The lines in the box (x, y, width_, height) from its lower left: at its top, middle or bottom."""
        top = {"top": y + height, "middle": y + (height + self.height) / 2, "bottom": y + self.height}[valign]
        self.draw(c, x, top, width_, align)


def block_height(size: float, lines_: Sequence[Line], spacing: Spacing = Spacing()) -> float:
    """From the top of the first line to the foot of the last line's letters."""
    if not lines_:
        return 0.0
    gaps = sum(1 for index, line in enumerate(lines_) if index and line.first)
    rises = [line.rise for line in lines_]
    if all(rise == 1.0 for rise in rises):
        return size * (1 + (len(lines_) - 1) * spacing.leading + gaps * spacing.paragraph_gap + spacing.descent)
    # A line holding larger letters or a picture stands taller: the pitch to its neighbours grows with it.
    pitches = sum(spacing.leading * max(rises[index - 1], rises[index]) for index in range(1, len(rises)))
    return size * (rises[0] + pitches + gaps * spacing.paragraph_gap + spacing.descent * rises[-1])


def fit(paragraphs: Iterable[Paragraph], width_: float, height: float = math.inf, max_size: float = 10.0,
        min_size: float = MIN_TEXT_PT, step: float = 0.25, max_lines: int | None = None, indent: float = 0.0,
        keep_spaces: bool = False, spacing: Spacing = Spacing(), by_word: bool = False) -> Fitted:
    """The paragraphs at the largest of ``steps(max_size, min_size, step)`` at which every line fits
    ``width_``, the block ``height`` and ``max_lines``; words are cut only at the smallest size. If
    nothing fits, the lines at ``min_size`` with ``fits`` False. Paragraphs in registered fonts only are
    fitted once per process (``lines`` says why)."""
    said = tuple(tuple(paragraph) for paragraph in paragraphs)
    if all(type(font) is str for paragraph in said for _, font in paragraph):
        return _fit(said, width_, height, max_size, min_size, step, max_lines, indent, keep_spaces, spacing, by_word)
    return _fit.__wrapped__(said, width_, height, max_size, min_size, step, max_lines, indent, keep_spaces, spacing,
                            by_word)


@lru_cache(maxsize=LINES_KEPT)
def _fit(paragraphs: tuple[tuple[Run, ...], ...], width_: float, height: float, max_size: float, min_size: float,
         step: float, max_lines: int | None, indent: float, keep_spaces: bool, spacing: Spacing,
         by_word: bool) -> Fitted:
    found = [words(p, keep_spaces) for p in paragraphs]
    sizes = list(steps(max_size, min_size, step))
    for number, size in enumerate(sizes):
        smallest = number == len(sizes) - 1
        set_ = set_words(found, size, width_, indent, break_words=smallest)
        rooms = [(width_ - (0 if line.first else indent)) / size for line in set_]
        fits = (all(line.width <= room + EPSILON for line, room in zip(set_, rooms))
                and (max_lines is None or len(set_) <= max_lines)
                and block_height(size, set_, spacing) <= height + 1e-6)
        if fits or smallest:
            return Fitted(size, tuple(set_), fits, spacing, by_word)
    raise AssertionError("steps() always yields min_size")


def fit_line(runs: Paragraph | str, width_: float, max_size: float, min_size: float, font: str = fonts.SERIF,
             step: float = 0.25) -> Fitted:
    """One line, white space as written: the largest size at which it fits ``width_``."""
    runs = [(runs, font)] if isinstance(runs, str) else runs
    return fit([runs], width_, math.inf, max_size, min_size, step, max_lines=1, keep_spaces=True)


# Drawing --------------------------------------------------------------------------------------------

def draw_run(c: Canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
    """``text`` at (x, y), left-aligned, centred on x or ending at x, characters its font lacks in the
    symbol fallback. The canvas's font is ``font`` afterwards (an Inline run draws itself)."""
    if align != "left":
        x -= measure(text, font, size) / (2 if align == "center" else 1)
    if isinstance(font, Inline):
        font.draw(c, x, y, text, size)
        return
    parts = fonts.faces(text, font)
    for part, face in parts:
        c.setFont(face, size)
        c.drawString(x, y, part)
        x += measure(part, face, size)
    if parts and parts[-1][1] != font:
        c.setFont(font, size)


def draw_runs(c: Canvas, x: float, y: float, runs: Iterable[Run], size: float) -> float:
    """Runs one after another on a baseline, each drawn as given; returns where they end."""
    for text, font in runs:
        draw_run(c, x, y, text, font, size)
        x += measure(text, font, size)
    return x


def draw_lines(c: Canvas, lines_: Sequence[Line], left: float, top: float, width_: float, size: float,
               spacing: Spacing = Spacing(), align: str = "left", by_word: bool = False) -> float:
    """Lines down from ``top`` (the first baseline ``size`` below it, or more for a line that stands taller),
    each aligned in ``width_`` (justify: every line but a paragraph's last stretched to it); returns the
    baseline a next line would have."""
    baseline = top - size * (lines_[0].rise if lines_ else 1.0)
    for index, line in enumerate(lines_):
        if index and line.first and spacing.paragraph_gap:
            baseline -= spacing.paragraph_gap * size
        x = left
        following = lines_[index + 1] if index + 1 < len(lines_) else None
        if align == "center":
            x = left + (width_ - line.width * size) / 2
        elif align == "right":
            x = left + (width_ - line.width * size)
        if align == "justify" and following is not None and not following.first and len(line.words) > 1:
            stretch = max(0.0, (width_ - line.width * size) / (len(line.words) - 1))
            line.draw(c, x, baseline, size, by_word=True, stretch=stretch)
        else:
            line.draw(c, x, baseline, size, by_word)
        baseline -= spacing.leading * size * max(line.rise, following.rise if following is not None else 1.0)
    return baseline


# Emphasis -------------------------------------------------------------------------------------------

_MARKS = re.compile(r"\\\*|\*\*|\*")


def emphasis(text: str, family: str = fonts.SERIF) -> list[Run]:
    """``text`` with ``*italic*`` and ``**bold**`` (nested too) as runs of ``family``'s faces; a mark
    without its partner, or ``\\*``, prints as an asterisk."""
    fonts.register_reportlab_fonts()
    tokens = _MARKS.split(text)
    marks = _MARKS.findall(text)
    # A mark counts only if another of its kind follows it to close it.
    opened: dict[str, int] = {}
    honoured = [False] * len(marks)
    for k, mark in enumerate(marks):
        if mark == "\\*":
            continue
        if mark in opened:
            honoured[opened.pop(mark)] = honoured[k] = True
        else:
            opened[mark] = k
    runs: list[Run] = []
    bold = italic = False
    for k, token in enumerate(tokens):
        if token:
            face = tt2ps(family, 1 if bold else 0, 1 if italic else 0)
            if runs and runs[-1][1] == face:
                runs[-1] = (runs[-1][0] + token, face)
            else:
                runs.append((token, face))
        if k < len(marks):
            mark = marks[k]
            if honoured[k]:
                bold, italic = (not bold, italic) if mark == "**" else (bold, not italic)
            else:
                literal = "*" if mark == "\\*" else mark
                face = tt2ps(family, 1 if bold else 0, 1 if italic else 0)
                if runs and runs[-1][1] == face:
                    runs[-1] = (runs[-1][0] + literal, face)
                else:
                    runs.append((literal, face))
    return runs

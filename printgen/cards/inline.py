"""Inline pictures and spans in a layout's text: ``{icon:NAME}``, ``{color:gold|...}``, ``{size:120%|...}``.

In any text a layout draws (the layout's own words, or a column's value):

    Gain 2 {icon:two-coins}.                any icon of game-icons.net by its name there (fonts/game-icons.json
                                            holds all of them), in the text's colour
    Pay {icon:two-coins|#c9a227}.           ... in a colour of its own (#rgb, #rrggbb or a CSS name)
    {icon:flame|size:150%|color:red}        ... at a share of the text's size (or in points) and a colour of its
                                            own, in either order (size: alone, or color: alone, too)
    Draw {icon:pictures/card.svg}           a picture file beside the data (.svg, .png, .jpg, .webp), in its
                                            own colours
    {color:darkred|**Sticky:**} a hero...   words in a colour of their own
    {size:80%|small print} {size:14pt|BIG}  words at a share of the text's size, or at a size in points at the
                                            text's own size (both shrink with the text)

Spans nest, and hold ``*italic*``, ``**bold**`` and icons; ``\\{`` and ``\\}`` print a brace. Any other
brace prints as written ("Roll {1d6}" prints "Roll {1d6}"), so no text that is not markup is read as markup.
An icon stands on the line like a letter: as tall as a capital and a little more, at the text's size,
shrinking with it, never parted from the word it touches ("2{icon:two-coins}"); a span of larger words makes
its line stand taller. A picture file is read as any picture is (cards/pictures.py, user_files.py): from the
data file's folder and below, within the same limits. Each mistake is one line naming the card, the element
and what is wrong.

printgen's own look (no layout) reads the same markup in a deck of one's own: its text column's paragraphs
are ``Marked`` paragraphs, read here when the card's words are fitted (cards/text.py).

The words come out as runs of render/text.py, whose fonts here are ``Inline`` fonts: each measures and draws
its own run, and its name holds everything it draws (face, colour, scale; an icon's name, a picture's
fingerprint), so equal runs merge and widths are cached by it safely from one deck to the next.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Self

from reportlab.lib.fonts import ps2tt, tt2ps
from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts
from ..render import text as engine
from . import icons
from .model import Paragraph

if TYPE_CHECKING:
    from .pictures import Picture, Pictures

Colour = tuple[float, float, float]
Run = engine.Run

ICON_HEIGHT = 0.9  # an icon's height, in type sizes: a capital's and a little more
ICON_DROP = 0.12  # how far it reaches below the baseline, in type sizes (as a round letter's foot does)
ICON_SIDE = 0.06  # room either side of it, in type sizes
OBJECT = "\ufffc"  # the character an icon's run holds, one per icon (Unicode's object replacement character)
MIN_SCALE, MAX_SCALE = 0.25, 4.0
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".svg")
_HOLE = "\ufdd0"  # a noncharacter: where a piece of markup stood while emphasis is read
_MARKUP = re.compile(r"\\[{}]|\{icon:([^{}]*)\}|\{(colou?r|size):([^{}|]*)\||\{icon:|\{(?:colou?r|size):|\}")
_SIZE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(%|pt)\s*\Z")
_MARKED = ("{icon:", "{color:", "{colour:", "{size:", "\\{", "\\}")

def marked(words: str) -> bool:
    """Whether ``words`` hold any markup of this module (else they are read as they always were)."""
    return any(mark in words for mark in _MARKED)


def drawn_from(fitted: engine.Fitted, pictures: Pictures) -> engine.Fitted:
    """``fitted`` with the picture files its runs show drawn from ``pictures`` (the deck's: each embedded once,
    at the size its largest use needs). A fitting is cached by its runs' names, which a picture's fingerprint
    makes the same from one deck to the next, so it is handed the deck it is drawn in here, as it is drawn."""
    if not any(isinstance(font, Icon) and font.key for line in fitted.lines for word in line.words
               for _, font in (*word.gap, *word.runs)):
        return fitted

    def run(text: str, font: str) -> Run:
        return (text, font.using(pictures) if isinstance(font, Icon) and font.key else font)

    return replace(fitted, lines=tuple(
        replace(line, words=tuple(engine.Word(tuple(run(*r) for r in word.runs), tuple(run(*r) for r in word.gap))
                                  for word in line.words))
        for line in fitted.lines))


# The fonts of inline runs ------------------------------------------------------------------------------

class Styled(engine.Inline):
    """Letters of ``face`` in a colour of their own (None: the text's) and at ``scale`` of the line's size."""

    face: str
    colour: Colour | None
    scale: float

    def __new__(cls, face: str, colour: Colour | None, scale: float) -> Self:
        name = f"\x1fpg-styled\x1f{face}\x1f{_hex(colour)}\x1f{scale!r}"
        made = super().__new__(cls, name)
        made.face, made.colour, made.scale = face, colour, scale
        return made

    def measure(self, text: str) -> float:
        return engine.width(text, self.face) * self.scale

    def draw(self, c: Canvas, x: float, y: float, text: str, size: float) -> None:
        if self.colour is not None:
            c.saveState()
            c.setFillColorRGB(*self.colour)
        engine.draw_run(c, x, y, text, self.face, size * self.scale)
        if self.colour is not None:
            c.restoreState()


class Icon(engine.Inline):
    """Icons standing on the line, one for each character of the run: an icon of the set (``name``) or a
    picture file (``key``, with ``digest`` of its bytes), ``aspect`` wide for each unit tall."""

    name: str
    key: str
    aspect: float
    colour: Colour | None
    scale: float
    digest: str
    pictures: Pictures | None  # where a picture file is drawn from (``drawn_from`` gives a layout's deck's)

    def __new__(cls, name: str, key: str, digest: str, aspect: float, colour: Colour | None,
                scale: float, pictures: Pictures | None = None) -> Self:
        text = f"\x1fpg-icon\x1f{name}\x1f{key}\x1f{digest}\x1f{_hex(colour)}\x1f{scale!r}"
        made = super().__new__(cls, text)
        made.name, made.key, made.aspect, made.colour, made.scale = name, key, aspect, colour, scale
        made.digest, made.pictures = digest, pictures
        return made

    def using(self, pictures: Pictures) -> Icon:
        """The same icon, its picture file drawn from ``pictures``."""
        return Icon(self.name, self.key, self.digest, self.aspect, self.colour, self.scale, pictures)

    @property
    def height(self) -> float:
        return ICON_HEIGHT * self.scale

    @property
    def advance(self) -> float:
        """One icon's width with the room beside it, at size 1."""
        return self.aspect * self.height + 2 * ICON_SIDE * self.scale

    def measure(self, text: str) -> float:
        return self.advance * len(text)

    def draw(self, c: Canvas, x: float, y: float, text: str, size: float) -> None:
        height = self.height * size
        width = self.aspect * height
        bottom = y - ICON_DROP * self.scale * size
        for _ in text:
            left = x + ICON_SIDE * self.scale * size
            if self.key:
                pictures = self.pictures
                assert pictures is not None, "a layout's picture icon is drawn from its deck's (drawn_from)"
                pictures.draw(c, pictures.found[self.key], (left, bottom, width, height), "contain")
            else:
                icons.draw(c, self.name, left + width / 2, bottom + height / 2, max(width, height), self.colour)
            x += self.advance * size


def _hex(colour: Colour | None) -> str:
    return "" if colour is None else "#" + "".join(f"{round(part * 255):02x}" for part in colour)


# Reading the markup ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Context:
    """What reading an element's text needs: where it is (for messages), its colours and its pictures."""

    where: str
    colour: Callable[[str, str], Colour]  # a colour as written (and where), or one line naming where it is
    icon_colour: Colour | None = None  # the element's icon-color: the set's icons in it, not the text's
    pictures: Pictures | None = None  # picture files as icons; None: refused
    size: float = 10.0  # the element's type size, for sizes in points
    own_pictures: bool = False  # its picture icons drawn from ``pictures`` itself (printgen's look; a layout's
    # are handed its deck's as they are drawn: drawn_from)


def paragraphs(words: str, family: str, bold: bool, italic: bool, context: Context) -> tuple[tuple[Run, ...], ...]:
    """``words`` as paragraphs (one a line) of runs: the element's weight and slant, ``*italic*`` and
    ``**bold**`` inside it, and the spans and icons of this module."""
    lines = words.replace("\r", "").split("\n")
    if not marked(words):
        return tuple(tuple(plain_runs(line, family, bold, italic)) for line in lines)
    if _HOLE in words:
        raise PrintgenError(f"{context.where}: the text holds the character U+FDD0, which no font has")
    pieces = _pieces(words, context)  # markup tokens across the whole text: a span may run over lines
    tokens = iter(piece for piece in pieces if not isinstance(piece, str))
    text = "".join(piece if isinstance(piece, str) else _HOLE for piece in pieces)
    styles: list[tuple[Colour | None, float]] = [(None, 1.0)]
    found = []
    for line in text.split("\n"):
        runs: list[Run] = []
        for piece, face in plain_runs(line, family, bold, italic):
            for number, part in enumerate(piece.split(_HOLE)):
                if number:
                    _apply(next(tokens), styles, runs, context)
                if part:
                    colour, scale = styles[-1]
                    runs.append((part, face) if colour is None and scale == 1.0 else (part, Styled(face, colour,
                                                                                                   scale)))
        found.append(tuple(engine.merged(runs)))
    return tuple(found)


def plain_runs(words: str, family: str, bold: bool, italic: bool) -> list[Run]:
    """``words`` as runs of ``family``'s faces: the element's own weight and slant, with *italic* and
    **bold** inside it."""
    found = []
    for piece, face in engine.emphasis(words, family):
        _, piece_bold, piece_italic = ps2tt(face)
        found.append((piece, tt2ps(family, int(piece_bold or bold), int(piece_italic or italic))))
    return found


def styles(words: str, bold: bool, italic: bool) -> set[tuple[int, int]]:
    """Which of (bold, italic) the words are printed in, the element's own weight and slant with their
    ``*italic*`` and ``**bold**``."""
    found = set()
    for _, face in engine.emphasis(words, fonts.SERIF):
        _, piece_bold, piece_italic = ps2tt(face)
        found.add((int(piece_bold or bold), int(piece_italic or italic)))
    return found


@dataclass(frozen=True)
class _Open:
    colour: Colour | None
    scale: float


@dataclass(frozen=True)
class _Close:
    pass


@dataclass(frozen=True)
class _IconToken:
    name: str  # of the set, or "" for a picture file
    key: str
    digest: str
    aspect: float
    colour: Colour | None
    scale: float = 1.0  # its own size: a share of the text's


Piece = str | _Open | _Close | _IconToken  # a piece of an element's text: literal, or markup


def _pieces(words: str, context: Context) -> list[Piece]:
    """The text cut into literal strings and markup tokens; spans checked to open and close in pairs."""
    pieces: list[Piece] = []
    depth = 0
    position = 0
    for match in _MARKUP.finditer(words):
        literal = words[position:match.start()]
        position = match.end()
        token = match.group(0)
        if literal:
            pieces.append(literal)
        if token in ("\\{", "\\}"):
            pieces.append(token[1])
        elif token == "}":
            if depth:
                depth -= 1
                pieces.append(_Close())
            else:
                pieces.append("}")
        elif match.group(1) is not None:
            pieces.append(_icon(match.group(1), context))
        elif match.group(2) is not None:
            pieces.append(_span(match.group(2), match.group(3), context))
            depth += 1
        else:
            shown = "{icon:NAME}" if token == "{icon:" else f"{token}...|words}}"
            raise PrintgenError(f"{context.where}: {token!r} is not finished; write {shown} (a brace to print is "
                                f"\\{{ or \\}})")
    if words[position:]:
        pieces.append(words[position:])
    if depth:
        raise PrintgenError(f"{context.where}: a {{color:...|...}} or {{size:...|...}} span is not closed with }}")
    return pieces


def _span(kind: str, value: str, context: Context) -> _Open:
    where = f"{context.where}: {{{kind}:{value}|...}}"
    if kind.startswith("colo"):
        return _Open(context.colour(value.strip(), where), 1.0)
    match = _SIZE.match(value)
    if not match:
        raise PrintgenError(f"{where}: give a share of the text's size or a size in points, e.g. "
                            f"{{size:120%|...}} or {{size:12pt|...}}")
    number = float(match[1])
    scale = number / 100 if match[2] == "%" else number / context.size
    if not MIN_SCALE <= scale <= MAX_SCALE:
        raise PrintgenError(f"{where}: comes to {scale:.0%} of the text's size; give {MIN_SCALE:.0%} to "
                            f"{MAX_SCALE:.0%}")
    return _Open(None, scale)


def _icon(spec: str, context: Context) -> _IconToken:
    name, *options = spec.split("|")
    name = name.strip()
    where = f"{context.where}: {{icon:{spec}}}"
    colour_text, scale = "", 1.0
    for option in options:
        kind, colon, value = option.partition(":")
        kind = kind.strip().lower()
        if colon and kind == "size":
            scale = _span("size", value, Context(where, context.colour, size=context.size)).scale
        elif colon and kind in ("color", "colour"):
            colour_text = value
        elif len(options) == 1 and not colon:  # the short form: {icon:NAME|COLOUR}
            colour_text = option
        else:
            raise PrintgenError(f"{where}: {option!r}; after an icon's name give size:120% (or size:12pt) and "
                                f"color:red, each after a |, e.g. {{icon:{name or 'flame'}|size:120%|color:red}}")
    if not name:
        raise PrintgenError(f"{where}: name an icon of the set or a picture file, e.g. {{icon:two-coins}}")
    if name.lower().endswith(PICTURE_SUFFIXES) or "/" in name:
        if colour_text.strip():
            raise PrintgenError(f"{where}: a picture file prints in its own colours; a colour after | is for the "
                                f"set's icons")
        if context.pictures is None:
            raise PrintgenError(f"{where}: a picture file as an icon is read from beside the data")
        picture: Picture = context.pictures.picture(name, where)
        aspect = picture.width / picture.height if picture.height else 1.0
        digest = picture.digest[:16]
        return _IconToken("", picture.key, digest, aspect, None, scale)
    if not icons.exists(name):
        raise PrintgenError(f"{where}: no icon {name!r} in the icon set{icons.guess(name)}; fonts/{icons.ICONS_FILE} "
                            f"names all {len(icons.names()):,} (game-icons.net shows them), or give a picture file "
                            f"beside the data (.svg, .png)")
    colour = context.colour(colour_text.strip(), where) if colour_text.strip() else context.icon_colour
    return _IconToken(name, "", "", icons.aspect(name), colour, scale)


def _apply(token: Piece, styles: list[tuple[Colour | None, float]], runs: list[Run], context: Context) -> None:
    colour, scale = styles[-1]
    if isinstance(token, _Open):
        styles.append((token.colour if token.colour is not None else colour, scale * token.scale))
    elif isinstance(token, _Close):
        styles.pop()
    elif isinstance(token, _IconToken):
        # An icon of the set takes its own colour, else the element's icon colour, else the span's or text's.
        shown = token.colour if token.colour is not None else colour
        runs.append((OBJECT, Icon(token.name, token.key, token.digest, token.aspect, shown, scale * token.scale,
                                  context.pictures if context.own_pictures else None)))


def uses(paragraphs_: tuple[tuple[Run, ...], ...], size: float) -> Iterator[tuple[str, float, float]]:
    """Each picture file an element's text shows, with its width and height at ``size`` (for its resolution)."""
    for runs in paragraphs_:
        for _, font in runs:
            if isinstance(font, Icon) and font.key:
                height = font.height * size
                yield font.key, font.aspect * height, height


def printed(paragraphs_: tuple[tuple[Run, ...], ...]) -> list[tuple[str, str]]:
    """The letters of the text with the face each is drawn in (icons left out), for the check of glyphs."""
    found = []
    for runs in paragraphs_:
        for text, font in runs:
            if isinstance(font, Icon):
                continue
            found.append((text, font.face if isinstance(font, Styled) else font))
    return found


# printgen's own look ------------------------------------------------------------------------------------

PLAIN_SIZE = 10.0  # the type size a {size:12pt|...} in printgen's own look is a share of


@dataclass(frozen=True)
class Marked(Paragraph):
    """A paragraph of a deck of one's own in printgen's look, its text read as this module's markup (and
    ``*italic*``, ``**bold**``) when it is fitted. How it reads (where it is, the deck's pictures) is not part of
    the deck's data: it is kept beside the paragraph's fields (``read``), not among them."""

    def read(self, context: Context) -> Marked:
        """This paragraph, read in ``context``: every mistake in its markup found now, in one line."""
        object.__setattr__(self, "_context", context)
        self.runs(fonts.SERIF, fonts.SERIF_BOLD)
        return self

    def runs(self, family: str, lead_font: str) -> list[Run]:
        """Its runs in ``family``'s faces, its lead first in ``lead_font``."""
        found = paragraphs(self.text, family, False, False, getattr(self, "_context"))  # noqa: B009
        words: list[Run] = [(self.lead, lead_font), (" ", family)] if self.lead else []
        for number, line in enumerate(found):
            words += ([("\n", family)] if number else []) + list(line)
        return words


def marked_text(text: str) -> bool:
    """Whether a text of a deck of one's own holds markup printgen's look reads: this module's, or emphasis."""
    return marked(text) or "*" in text

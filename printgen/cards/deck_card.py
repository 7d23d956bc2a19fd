"""The deck card: the first card of a deck's first sheet, saying what the deck is and how to print it again.

A full sheet of cards leaves no margin wide enough for the seed code's QR, so
the code gets a card of its own in the first slot, which is the deck's cover:
the deck's name in a band of its colour (a light tint with --ink-saver), the
medallion its backs carry (their mark ringed in the deck's colour), the game's
title, how many cards it has, the QR, a line saying to scan it and the seed
code in letters; a card too small for all of it drops the medallion, the code
in letters, then the game's line. Its back is left blank, so it is told from the
deck's cards at a glance and kept with them (or on the box). The QR itself is
drawn in page space by ``render.qr`` in the square this card keeps white.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts, qr
from ..render import text as text_engine
from ..units import MIN_TEXT_PT, mm
from ..words import Words
from . import text
from .face_parts import INK, SAFE, Metrics, paper_and_band, title_colours
from .model import Deck
from .sizes import CardSize

GAP = mm(2)  # between the card's blocks, on a poker card
WHITE = (1.0, 1.0, 1.0)
CODE_SIZE = MIN_TEXT_PT  # the seed code in letters, as small as printgen prints
MEDALLION = 0.11  # the medallion's radius, of the card's shorter side (the backs' is 0.27)


@dataclass(frozen=True)
class Block:
    """One piece of the card under its band, in the order they stand, with the height it takes."""

    kind: str  # "words", "medallion", "qr" or "code"
    height: float
    fitted: text_engine.Fitted | None = None
    align: str = "center"
    lines: tuple[str, ...] = ()


def draw(phrasebooks: Words, c: Canvas, deck: Deck, count: int, size: CardSize, code: str, bleed: float,
         game: str = "") -> qr.Place:
    """The deck card at the origin, in card space (the caller clips it and moves the origin to its trim
    corner), ``game`` the title of the deck's game ("" for a deck of no game); returns the square kept for the
    QR, in card space."""
    m = Metrics.of(size)
    band = m.band_height
    c.saveState()
    paper_and_band(c, m, deck.accent, bleed, deck.ink_saver, paper=WHITE)  # white: the QR's quiet zone
    # The deck's name in the band, as large as two lines allow (at the smallest size, cut to fit).
    title = text_engine.fit([[(deck.title, fonts.SERIF_BOLD)]], m.inner_width, band - mm(2) * m.scale, m.pt(14), 6,
                            max_lines=2, spacing=text.SPACING, by_word=True)
    c.setFillColorRGB(*title_colours(deck.accent, deck.ink_saver)[0])
    title.draw_in(c, SAFE, m.height - band, m.inner_width, band, align="center", valign="middle")
    side = qr.side_for(code)
    room = m.height - band - SAFE
    blocks = _blocks(phrasebooks, deck, count, m, code, side, room, game)
    used = sum(block.height for block in blocks) + GAP * m.scale * (len(blocks) - 1)
    y = m.height - band - (room - used) / 2  # the blocks centred under the band
    spot = qr.Place((m.width - side) / 2, 0.0, side)
    c.setFillColorRGB(*INK)
    for block in blocks:
        if block.kind == "qr":
            spot = qr.Place((m.width - side) / 2, y - side, side)
        elif block.kind == "medallion":
            _medallion(c, deck, m, y - block.height / 2, block.height / 2)
            c.setFillColorRGB(*INK)
        elif block.kind == "code":
            c.setFont(fonts.MONO, CODE_SIZE)
            for k, line in enumerate(block.lines):
                c.drawCentredString(m.width / 2, y - CODE_SIZE * (1 + k * text.LEADING), line)
        elif block.fitted is not None:
            block.fitted.draw(c, SAFE, y, m.inner_width, align=block.align)
        y -= block.height + GAP * m.scale
    c.restoreState()
    return spot


def _medallion(c: Canvas, deck: Deck, m: Metrics, cy: float, radius: float) -> None:
    """The medallion of the deck's backs (the first card's family's, or the deck's own), centred at ``cy``: its
    mark on paper in a ring of its colour, a thin ring inside."""
    style = (deck.cards[0].back_style or deck.default_back(deck.cards[0])) if deck.cards else None
    accent, mark = (style.accent, style.mark) if style is not None else (deck.accent, "@")
    cx = m.width / 2
    c.setFillColorRGB(*WHITE)
    c.setStrokeColorRGB(*accent)
    c.setLineWidth(mm(0.7) * m.scale)
    c.circle(cx, cy, radius, stroke=1, fill=1)
    c.setLineWidth(mm(0.2) * m.scale)
    c.circle(cx, cy, radius - mm(1.1) * m.scale, stroke=1, fill=0)
    c.setFillColorRGB(*accent)
    at_size = radius * (1.45 if mark == "@" else 1.15)  # other marks stand taller than "@", as on the backs
    c.setFont(fonts.MONO_BOLD, at_size)
    c.drawCentredString(cx, cy - at_size * 0.33, mark)


def _blocks(phrasebooks: Words, deck: Deck, count: int, m: Metrics, code: str, side: float, room: float,
            game: str = "") -> list[Block]:
    """What stands under the band, top to bottom; where the card is too small for all of it, the medallion goes
    first, then the code in letters (the footer prints it too), then the line about the deck's game."""
    say = phrasebooks.say_for(__package__)
    named = [part for part in (deck.back_title, deck.back_subtitle) if part and part != deck.title]
    if not named and game and game != deck.title:  # backs that name nothing but the deck: the game's title
        named = [game]
    about = " · ".join(dict.fromkeys(named))
    counted = say("deck-card.count-one") if count == 1 else say("deck-card.count", count=count)
    words = [(about, fonts.SERIF_ITALIC, m.pt(7.5, 6)), (counted, fonts.SERIF_BOLD, m.pt(9, 6.5))]
    head = [_words(t, font, size_, m) for t, font, size_ in words if t]
    scan = _words(say("deck-card.scan"), fonts.SERIF_ITALIC, m.pt(7.5, 6), m)
    code_lines = _code_lines(code, m.inner_width)
    code_block = Block("code", CODE_SIZE * (1 + (len(code_lines) - 1) * text.LEADING + text.DESCENT),
                       lines=tuple(code_lines))
    medallion = Block("medallion", min(m.width, m.height) * MEDALLION * 2)
    for blocks in ([medallion, *head, Block("qr", side), scan, code_block],
                   [*head, Block("qr", side), scan, code_block], [*head, Block("qr", side), scan],
                   [head[-1], Block("qr", side), scan], [Block("qr", side)]):
        used = sum(block.height for block in blocks) + GAP * m.scale * (len(blocks) - 1)
        if used <= room:
            return blocks
    return [Block("qr", side)]


def _words(words: str, font: str, size: float, m: Metrics) -> Block:
    fitted = text_engine.fit([[(words, font)]], m.inner_width, max_size=size, min_size=min(size, 6),
                             spacing=text.SPACING)
    return Block("words", fitted.height, fitted)


def _code_lines(code: str, width: float) -> list[str]:
    """The seed code in lines of ``width`` at CODE_SIZE, broken after a ":" or "," where it can be."""
    per_line = max(1, int(width // text_engine.measure("0", fonts.MONO, CODE_SIZE)))
    lines: list[str] = []
    rest = code
    while len(rest) > per_line:
        cut = max(rest.rfind(":", 0, per_line), rest.rfind(",", 0, per_line)) + 1
        cut = cut if cut > per_line // 2 else per_line
        lines.append(rest[:cut])
        rest = rest[cut:]
    return lines + [rest]

"""A deck onto PDF pages: sheets for a home printer, or one card per page for a print shop."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from .. import games
from ..render import fonts, qr
from ..render import text as text_engine
from ..render.canvas import FOOTER_GREY, PdfDocument, draw_seed_qr, footer_lines, new_document
from ..seed import SeedCode
from ..units import MIN_TEXT_PT, Paper, mm
from ..words import Words
from . import calibration, deck_card
from .face_kinds import continued, draw_face, prepare_face, shrunk_below
from .imposition import FOOTER_BAND, MARK_WIDTH, Segment, Sheet, sheet_for
from .model import Card, Deck
from .progress import Progress
from .sides import VIEWER_DUPLEX, back_style, define_backs, index_text
from .sizes import CardSize
from .vendors import GENERIC, VENDORS

MARK_UNDERLAY = 1.0  # pt: the white line under each crop mark
FOOTER_PATCH = mm(1)  # white paper either side of a footer line
TWO_LINES = (mm(4.4), mm(2.0))  # a long seed code's two footer lines, as distances from the paper's edge


@dataclass(frozen=True)
class PrintOptions:
    size: CardSize
    paper: Paper
    bleed: float  # points
    crop_marks: str  # short | full
    duplex: str  # long | short | none
    imposition: str  # sheet | print-shop: what --layout chose
    back_offset: tuple[float, float]  # points, applied to back pages
    calibration: bool
    gutter: float = 0.0  # points between cards on a sheet
    vendor: str = GENERIC  # the print shop a print-shop file is made for
    deck_card: str = "first"  # where the deck card stands on the sheets: first, last (after every card) or none


def render_deck(phrasebooks: Words, deck: Deck, options: PrintOptions, code: SeedCode, progress: Progress | None = None,
                out: BinaryIO | None = None) -> bytes:
    """The deck's file; ``progress`` hears how far a large deck has come, and which cards' text shrank. With
    ``out``, a print shop's zip of images is written into it as its images are made (and b"" returned)."""
    progress = progress or Progress()
    deck, known = continued(phrasebooks, deck, options.size)  # the cards it prepared: the same deck's, laid out once
    cards = deck.printed_cards()
    progress.start(len(cards))
    # Fit every card first: a card too full stops the run before a page is drawn.
    prepared = {}
    for card in deck.cards:
        prepared[id(card)] = known[id(card)] if id(card) in known else prepare_face(phrasebooks, card, deck,
                                                                                    options.size)
        progress.advance(card.count / 2)
    faces = [prepared[id(card)] for card in cards]
    progress.shrunk([_card_name(deck, card) for card in deck.cards if shrunk_below(prepared[id(card)], MIN_TEXT_PT, deck,
                                                                                       options.size)])
    title = f"{deck.title} deck, {options.size.label}"
    if options.imposition == "print-shop":
        from . import shop  # a press PDF (pikepdf) or a zip of pictures: no sheet needs them

        return shop.print_shop_file(phrasebooks, deck, faces, options.size, options.bleed, VENDORS[options.vendor],
                                    code,
                                    title, progress, out)
    return _sheets(phrasebooks, deck, faces, options, code, title, progress)


def _card_name(deck: Deck, card: Card) -> str:
    return card.source or card.title


DECK_CARD_SLOT = 0  # the first sheet's slot for the deck card (its name, size and seed code, with the QR)


def _sheets(phrasebooks: Words, deck, faces, options: PrintOptions, code: SeedCode, title: str,
            progress: Progress) -> bytes:
    """The cards on sheets, each followed by its backs; the first sheet opens with the deck card (or the last
    ends with it, or there is none), and a calibration sheet, when asked for, comes before it. The deck card
    carries the seed code's QR (the calibration sheet too); the footer and metadata always carry the code."""
    sheet = sheet_for(options.paper.size, options.size, options.bleed, options.gutter)
    with_backs = options.duplex != "none"
    game = games.games().get(code.system)  # None: a deck of no game's (a deck of your own)
    game_title = game.title if game is not None else ""
    # What each slot holds, sheet after sheet: None for the deck card, else the face's index in the deck.
    slots: list[int | None] = list(range(len(faces)))
    if options.deck_card == "first":
        slots.insert(DECK_CARD_SLOT, None)
    elif options.deck_card == "last":
        slots.append(None)
    sheets = max(1, math.ceil(len(slots) / sheet.per_page))
    pages = sheets * (2 if with_backs else 1) + (2 if options.calibration else 0)
    doc = new_document(code, title, options.paper.size, duplex=VIEWER_DUPLEX[options.duplex])
    c = doc.canvas
    backs = define_backs(c, deck, faces, options.size, options.bleed) if with_backs else {}
    page = 0
    if options.calibration:
        for draw in (calibration.draw_front, calibration.draw_back):
            page += 1
            draw(phrasebooks, c, options, sheet)
            _footer(doc, sheet, page, pages, at_bottom=True)
            if page == 1:
                draw_seed_qr(doc)
            c.showPage()
    for number in range(sheets):
        chunk = slots[number * sheet.per_page:(number + 1) * sheet.per_page]
        occupied = set(range(len(chunk)))
        for slot, index in enumerate(chunk):
            _place(c, sheet, slot, occupied, (0.0, 0.0))
            if index is None:
                square = deck_card.draw(phrasebooks, c, deck, len(faces), options.size, str(code), options.bleed,
                                        game_title)
            else:
                draw_face(c, faces[index], deck, options.size, options.bleed, index_text(deck, index + 1, len(faces)))
                progress.advance(0.5)
            c.restoreState()
            if index is None:  # the code on the deck card, drawn in page space as on every first page
                x, y = sheet.slot_origin(slot)
                qr.draw(c, qr.Place(x + square.x, y + square.y, square.side), str(code))
        _crop_marks(c, sheet, options.crop_marks, (0.0, 0.0), occupied)
        page += 1
        _footer(doc, sheet, page, pages)
        c.showPage()
        if with_backs:
            # The deck card's back is left blank; the backs beside it still stop at its edge.
            behind = {sheet.back_slot(slot, options.duplex) for slot in occupied}
            for slot, index in enumerate(chunk):
                if index is None:
                    continue
                _place(c, sheet, sheet.back_slot(slot, options.duplex), behind, options.back_offset)
                c.doForm(backs[back_style(deck, faces[index].card)])
                c.restoreState()
            _crop_marks(c, sheet, options.crop_marks, options.back_offset, behind)
            page += 1
            _footer(doc, sheet, page, pages)
            c.showPage()
    return doc.finish(progress.listener)


def _place(c: Canvas, sheet: Sheet, slot: int, occupied: set[int], offset: tuple[float, float]) -> None:
    """Clip to the card's art and move the origin to its trim corner (caller restores)."""
    x, y = sheet.slot_origin(slot)
    ax, ay, aw, ah = sheet.art_rect(slot, occupied)
    dx, dy = offset
    c.saveState()
    path = c.beginPath()
    path.rect(ax + dx, ay + dy, aw, ah)
    c.clipPath(path, stroke=0, fill=0)
    c.translate(x + dx, y + dy)


def _crop_marks(c: Canvas, sheet: Sheet, style: str, offset: tuple[float, float], occupied: set[int]) -> None:
    """Thin black marks on a white underlay, so a mark that crosses the bleed shows on dark art.

    A back page's marks move with its offset: they stand on the cuts of the backs printed there.
    """
    segments = _marks(sheet, style, frozenset(occupied), offset)
    c.saveState()
    c.setLineCap(0)
    c.setStrokeGray(1)
    c.setLineWidth(MARK_UNDERLAY)
    c.lines(segments)
    c.setStrokeGray(0)
    c.setLineWidth(MARK_WIDTH)
    c.lines(segments)
    c.restoreState()


@lru_cache(maxsize=16)
def _marks(sheet: Sheet, style: str, occupied: frozenset[int], offset: tuple[float, float]) -> tuple[Segment, ...]:
    """The crop marks of a page whose ``occupied`` slots hold cards, moved by ``offset``: found once for every
    full sheet of a deck (and each back), not once a page."""
    dx, dy = offset
    return tuple((x0 + dx, y0 + dy, x1 + dx, y1 + dy) for x0, y0, x1, y1 in sheet.crop_marks(style, set(occupied)))


def _footer(doc: PdfDocument, sheet: Sheet, page: int, pages: int, at_bottom: bool = False) -> None:
    """The seed-code footer, under the block if there is room, else up the right-hand margin.

    Its lines come from ``footer_lines``, as on every other page: a long code
    breaks over two. Each line stands on a white patch, so a full-length crop
    mark stops short of its letters instead of running through them.
    """
    c = doc.canvas
    bottom = at_bottom or sheet.footer_at_bottom
    room = (sheet.page_width if bottom else sheet.page_height) - 2 * mm(8)
    size, lines = footer_lines(doc.seed_code, page, pages, room)
    c.saveState()
    if bottom:
        edge_distances = [FOOTER_BAND - mm(2.5)] if len(lines) == 1 else TWO_LINES
        centre = sheet.page_width / 2
    else:
        # Reads upwards; the letters stand between the crop marks and the paper's edge.
        edge_distances = [FOOTER_BAND - mm(0.5) - size * 0.75] if len(lines) == 1 else TWO_LINES
        c.translate(sheet.page_width, sheet.page_height / 2)
        c.rotate(90)
        centre = 0.0
    for line, distance in zip(lines, edge_distances):
        width = text_engine.measure(line, fonts.MONO, size) + 2 * FOOTER_PATCH
        c.setFillGray(1)
        c.rect(centre - width / 2, distance - size * 0.3, width, size * 1.2, stroke=0, fill=1)
        c.setFillGray(FOOTER_GREY)
        c.setFont(fonts.MONO, size)
        c.drawCentredString(centre, distance, line)
    c.restoreState()

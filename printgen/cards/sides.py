"""A card's two sides as a deck prints them, on sheets and for print shops alike: the index line at the foot
of its face, its back (each distinct back drawn once, as a form), and a print-shop page holding either side."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from . import back
from .imposition import PrintShopPage
from .model import BackStyle, Card, Deck
from .sizes import CardSize

VIEWER_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}


def numbered(deck: Deck, position: int, printed: int) -> tuple[int, int]:
    """The number a printed card carries (``position`` from 1 of ``printed``), and the deck's count: where only
    some rows of a deck of one's own are made (--rows), their numbers in the whole deck."""
    numbering = getattr(deck, "numbering", None)
    return numbering.of(position) if numbering is not None else (position, printed)


def index_text(deck: Deck, number: int, total: int) -> str:
    number, total = numbered(deck, number, total)
    return f"{deck.title} {number}/{total}"


def back_label(deck: Deck, card: Card) -> str:
    """What a card's back says: its own back, else the deck's."""
    return card.back or deck.back_title or deck.title


def back_style(deck: Deck, card: Card) -> BackStyle:
    """A card's family back, else the deck's back with the card's own label."""
    return card.back_style or BackStyle(back_label(deck, card), deck.accent, "@", deck.back_subtitle)


def define_backs(c: Canvas, deck: Deck, prepared_faces: list, size: CardSize, bleed: float) -> dict[BackStyle, str]:
    """Draw each distinct back once, as a form; the form's name for every back."""
    names: dict[BackStyle, str] = {}
    for prepared in prepared_faces:
        style = back_style(deck, prepared.card)
        if style not in names:
            names[style] = f"pgback{len(names)}"
            own = getattr(style, "define_form", None)  # a user layout's own back (cards/design_face.py)
            if own is not None:
                own(c, names[style], size, bleed)
            else:
                back.define_back(c, names[style], style, size, bleed, prepared.card.source)
    return names


def card_page(c: Canvas, geometry: PrintShopPage, draw) -> None:
    """One print-shop page: its trim and bleed boxes, and ``draw`` in card space."""
    c.setTrimBox(geometry.trim_box)
    c.setBleedBox((0, 0, *geometry.page_size))
    c.saveState()
    c.translate(geometry.bleed, geometry.bleed)
    draw()
    c.restoreState()
    c.showPage()

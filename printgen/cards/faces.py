"""The face kinds, chosen per card by ``Card.face``: each prepares a card once, then draws it.

text: the generic face (title band, stats, badges, words); tile: a stone
path drawing whose paths meet the neighbour's at the edge midpoints;
character: a portrait with traits; counter: an effect card turned to count.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts
from . import character_face, counter_face, face, glyphs, layout_face, tile_face
from .model import FACE_KINDS, Card, Deck
from .sizes import CardSize

_KINDS = {"text": face, "tile": tile_face, "character": character_face, "counter": counter_face}
assert tuple(_KINDS) == FACE_KINDS


def prepare_face(card: Card, deck: Deck, size: CardSize):
    if card.face == layout_face.KIND:  # a user's own layout draws the card (cards/layout_face.py)
        return layout_face.prepare(card, deck, size)
    kind = _KINDS.get(card.face)
    if kind is None:
        raise PrintgenError(f"{card.source or card.title}: no face kind {card.face!r}; kinds are: "
                            f"{', '.join(FACE_KINDS)}")
    glyphs.check(card.source or f"{deck.title} card {card.title!r}", printed_texts(card, deck))
    return kind.prepare(card, deck, size)


def printed_texts(card: Card, deck: Deck) -> list[tuple[str, str]]:
    """Every piece of words a card prints, with the face it is printed in, front and back."""
    texts = [(card.title, fonts.SERIF_BOLD), (card.kicker, fonts.SERIF_ITALIC), (deck.title, fonts.MONO)]
    texts += [(stat.label.upper(), fonts.SERIF_BOLD) for stat in card.stats]
    texts += [(stat.value, fonts.MONO_BOLD) for stat in card.stats]
    texts += [(tag.upper(), fonts.SERIF_BOLD) for tag in card.tags]
    texts += [(paragraph.lead, fonts.SERIF_BOLD) for paragraph in card.body]
    texts += [(paragraph.text, fonts.SERIF) for paragraph in card.body]
    style = card.back_style
    texts += [(style.label if style else card.back or deck.back_title or deck.title, fonts.SERIF_BOLD),
              (style.subtitle if style else deck.back_subtitle, fonts.SERIF_ITALIC)]
    return texts


def draw_face(c: Canvas, prepared, deck: Deck, size: CardSize, bleed: float, index_text: str) -> None:
    if prepared.card.face == layout_face.KIND:
        layout_face.draw(c, prepared, deck, size, bleed, index_text)
        return
    _KINDS[prepared.card.face].draw(c, prepared, deck, size, bleed, index_text)


def shrunk_below(prepared, floor: float) -> bool:
    """Whether a prepared card's title, body or stat labels came out smaller than ``floor`` pt.

    Every face kind keeps its fitted title and body as ``title`` and ``body``
    (either may be None); the text face also has its stat boxes.
    """
    sizes = [fitted.size for fitted in (getattr(prepared, "title", None), getattr(prepared, "body", None)) if fitted]
    sizes += [box.label_size for box in getattr(prepared, "stats", ())]
    return any(size < floor - 1e-9 for size in sizes)

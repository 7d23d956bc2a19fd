"""The face kinds, chosen per card by ``Card.face``: each prepares a card once, then draws it.

text: text_face.py (title band, stats, badges, words, a picture); tile: a
stone path drawing whose paths meet the neighbour's at the edge midpoints;
character: a portrait with traits; counter: an effect card turned to count.

One type size for a deck's words: ``deck_body_size`` finds the largest size at
which every card of the deck fits its words (each face kind that sets words
says how large they may be on a card, ``largest_body``), and every card but a
reference card (``Card.reference``: rules to read) is set at it.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts
from ..units import MIN_TEXT_PT
from . import character_face, counter_face, design_face, glyphs, icons, text_face, tile_face
from .model import FACE_KINDS, Card, Deck
from .sizes import CardSize

_KINDS = {"text": text_face, "tile": tile_face, "character": character_face, "counter": counter_face}
assert tuple(_KINDS) == FACE_KINDS

_LAST: list = []  # the last deck and card size measured: [deck, size, body size, each card's largest, frame]


def prepare_face(card: Card, deck: Deck, size: CardSize):
    if card.face == design_face.KIND:  # a user's own layout draws the card (cards/design_face.py)
        return design_face.prepare(card, deck, size)
    kind = _KINDS.get(card.face)
    if kind is None:
        raise PrintgenError(f"{card.source or card.title}: no face kind {card.face!r}; kinds are: "
                            f"{', '.join(FACE_KINDS)}")
    where = card.source or f"{deck.title} card {card.title!r}"
    glyphs.check(where, printed_texts(card, deck))
    if card.picture:
        icons.check(card.picture, where)
    body_size = None if card.reference or not card.body else deck_body_size(deck, size)
    if kind is text_face:
        return text_face.prepare(card, deck, size, body_size=body_size, frame=deck_frame(deck, size))
    return kind.prepare(card, deck, size, body_size=body_size)


def deck_body_size(deck: Deck, size: CardSize) -> float | None:
    """The one size of the words on the deck's cards: the largest at which every card's fit under the deck's
    picture frame (None: some card fits nowhere, and preparing it will say so)."""
    return _measure(deck, size)[2]


def deck_frame(deck: Deck, size: CardSize) -> float:
    """The height of the deck's one picture frame, the same on every card that shows a picture in it: the tallest
    that leaves every card's words room at the deck's size; 0 where even the least would set them under 6 pt,
    and the pictures stand in the band."""
    return _measure(deck, size)[4]


def _measure(deck: Deck, size: CardSize) -> list:
    if _LAST and _LAST[0] is deck and _LAST[1] == size:
        return _LAST
    least = text_face.least_frame(size)
    found, frame = _largest_bodies(deck, size, least), least
    if not found or min(found.values(), default=MIN_TEXT_PT) < MIN_TEXT_PT:
        in_band = _largest_bodies(deck, size, 0.0)
        if in_band and (not found or min(in_band.values(), default=0.0) > min(found.values(), default=0.0)):
            found, frame = in_band, 0.0
    chosen = min(found.values()) if found else None
    if frame:
        frame = max(least, min((text_face.largest_frame(card, deck, size, chosen) for card in deck.cards
                                if card.face == "text" and text_face.framed(card)), default=least))
    _LAST[:] = [deck, size, chosen, found or {}, frame]
    return _LAST


LINE_GAIN = 1.0  # pt: a deck's words larger by this much, and its fullest cards set their stats as a line


def _largest_bodies(deck: Deck, size: CardSize, frame: float) -> dict[int, float] | None:
    """Each card's largest size of words under a picture frame ``frame`` high (0: pictures in the band), by the
    card's id; None if some card's words fit nowhere. Stats stand in boxes on every card, unless their boxes
    would leave the deck's words under 6 pt, or ``LINE_GAIN`` smaller than the fullest cards' stats set as a
    line of words let them be."""
    boxes, either = _each_largest(deck, size, frame, False), _each_largest(deck, size, frame, True)
    least = min(boxes.values(), default=None) if boxes is not None else None
    if either is None or (least is not None and least >= MIN_TEXT_PT
                          and least >= min(either.values(), default=0.0) - LINE_GAIN):
        return boxes
    return either


def _each_largest(deck: Deck, size: CardSize, frame: float, stat_line: bool) -> dict[int, float] | None:
    found: dict[int, float] = {}
    for card in deck.cards:
        kind = _KINDS.get(card.face)
        if card.reference or not card.body or not hasattr(kind, "largest_body"):
            continue
        largest = (text_face.largest_body(card, deck, size, frame, stat_line) if kind is text_face
                   else kind.largest_body(card, deck, size))
        if largest is None:
            return None
        found[id(card)] = largest
    return found


def printed_texts(card: Card, deck: Deck) -> list[tuple[str, str]]:
    """Every piece of words a card prints, with the face it is printed in, front and back."""
    texts = [(card.title, text_face.title_face(deck)), (card.kicker, fonts.SERIF_ITALIC), (deck.title, fonts.MONO)]
    texts += [(stat.label.upper(), fonts.SERIF_BOLD) for stat in card.stats]
    texts += [(stat.value, fonts.MONO_BOLD) for stat in card.stats]
    texts += [(stat.note, fonts.SERIF_ITALIC) for stat in card.stats]
    texts += [(tag.upper(), fonts.SERIF_BOLD) for tag in card.tags]
    texts += [(paragraph.lead, fonts.SERIF_BOLD) for paragraph in card.body]
    texts += [(paragraph.text, fonts.SERIF) for paragraph in card.body]
    style = card.back_style
    texts += [(style.label if style else card.back or deck.back_title or deck.title, fonts.SERIF_BOLD),
              (style.subtitle if style else deck.back_subtitle, fonts.SERIF_ITALIC)]
    return texts


def draw_face(c: Canvas, prepared, deck: Deck, size: CardSize, bleed: float, index_text: str) -> None:
    if prepared.card.face == design_face.KIND:
        design_face.draw(c, prepared, deck, size, bleed, index_text)
        return
    _KINDS[prepared.card.face].draw(c, prepared, deck, size, bleed, index_text)


def type_sizes(prepared) -> list[float]:
    """Every size of type a prepared card prints at, but its index line (6 pt at least on every card):
    its title, words, stat labels and notes, badges, the line under its title and any other label."""
    sizes = [fitted.size for fitted in (getattr(prepared, "title", None), getattr(prepared, "body", None)) if fitted]
    sizes += [box.label_size for box in getattr(prepared, "stats", ())]
    if getattr(prepared, "tags", ()):
        sizes.append(prepared.tag_size)
    sizes += list(getattr(prepared, "labels", ()))
    return sizes


def shrunk_below(prepared, floor: float) -> bool:
    """Whether any type on a prepared card came out smaller than ``floor`` pt (see ``type_sizes``) by its own
    doing: words set at the deck's size count only on a card whose words would not fit at ``floor`` by
    themselves (shortening those brings the whole deck's words back up)."""
    sizes = type_sizes(prepared)
    body = getattr(prepared, "body", None)
    own = _LAST[3].get(id(prepared.card)) if len(_LAST) > 3 else None
    if body is not None and own is not None and own >= floor - 1e-9:
        sizes.remove(body.size)
    return any(size < floor - 1e-9 for size in sizes)

"""The face kinds, chosen per card by ``Card.face``: each prepares a card once, then draws it.

text: text_face.py (title band, picture, badges, words, stat boxes); tile: a
stone path drawing whose paths meet the neighbour's at the edge midpoints;
character: a portrait with traits; counter: an effect card turned to count.

One layout for a deck (``layout``): the cards of a family (their back: a
deck of several families lays out each as its own deck would) share one type
size for their words, one picture frame and one set of stat boxes. The size is
the largest at which every card's words fit, each card's picture giving way
first (a shorter frame, then a disc in the band), never under the deck's least
(``Deck.least_body``; a card of your own may shrink to 5 pt); the frame is the
tallest that leaves room at that size on every card that can show its picture
in one. A built-in deck's card whose words do not fit even so continues on a
card of rules after the deck's cards (``with_continuations``). A reference card
(``Card.reference``: rules to read) sets its words at a size of their own.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass, fields, replace

from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts
from ..units import MIN_TEXT_PT
from ..words import Words
from . import character_face, counter_face, glyphs, icons, notes, text_face, tile_face
from .inline import Marked
from .model import FACE_KINDS, LAYOUT_FACE, Card, Deck, Paragraph
from .sizes import CardSize

_KINDS = {"text": text_face, "tile": tile_face, "character": character_face, "counter": counter_face}
assert tuple(_KINDS) == FACE_KINDS


@dataclass(frozen=True)
class Layout:
    """One family's layout: its words' size (None: some card fits nowhere), picture frame (0: pictures in the
    band), stat boxes, and each card's own largest size of words (in the family's order; None: a card not
    measured, or whose words fit nowhere), for the warnings."""

    body: float | None
    frame: float
    stats: text_face.StatLayout | None
    largest: tuple[float | None, ...]


@dataclass(frozen=True)
class _DeckLayout:
    """A deck's layouts at one card size: each family's, and each card's own largest size of words (by id)."""

    families: dict[str, Layout]
    largest: dict[int, float | None]


# A family's layout is measured once per process for what shapes it (``_shape``), whatever deck object holds
# it: a deck built again with other print options (bleed, marks, duplex, paper, a print shop), another seed of a
# deck whose cards do not depend on it, or a deck previewed again in the studio. The creature deck's one family
# holds 29 KiB with its key (which keeps its cards' words alive): 256 such at most, 7 MiB.
LAYOUTS_KEPT = 256
_LAYOUTS: OrderedDict[tuple, Layout] = OrderedDict()
# The deck objects laid out last, by identity (each kept alive while it is here, so an id is not reused):
# preparing each card of a deck finds its layout without reading the deck's cards again.
DECKS_KEPT = 8
_DECKS: OrderedDict[tuple[int, CardSize], tuple[Deck, _DeckLayout]] = OrderedDict()
_LOCK = threading.Lock()  # the studio lays out decks on several threads at once
# Of a card, what no layout reads: where it came from (messages), its colours and back, its count, a tile's
# paths; of its picture and emblem only whether it has one. A field added to ``Card`` counts until named here.
_NOT_READ = frozenset({"source", "accent", "tint", "back_style", "back", "count", "paths", "arrow", "write_in"})
_SHAPE_FIELDS = tuple(f.name for f in fields(Card) if f.name not in _NOT_READ)


def family(card: Card) -> str:
    """The family a card is laid out with: its back's word, or the deck's for a card of no family."""
    return card.back_style.label if card.back_style else ""


def layout(deck: Deck, size: CardSize, card: Card) -> Layout:
    return _deck_layout(deck, size).families[family(card)]


def _deck_layout(deck: Deck, size: CardSize) -> _DeckLayout:
    """The layouts of ``deck``'s families at ``size``: the deck object's if it was laid out lately, else each
    family's found by what shapes it, or measured."""
    key = (id(deck), size)
    found = _found(_DECKS, key)
    if found is not None and found[0] is deck:
        return found[1]
    families: dict[str, list[Card]] = {}
    for each in deck.cards:
        families.setdefault(family(each), []).append(each)
    layouts: dict[str, Layout] = {}
    largest: dict[int, float | None] = {}
    for name, cards in families.items():
        layouts[name] = found_layout = _family_layout(deck, size, cards)
        largest.update(zip(map(id, cards), found_layout.largest))
    made = _DeckLayout(layouts, largest)
    _keep(_DECKS, key, (deck, made), DECKS_KEPT)
    return made


def _family_layout(deck: Deck, size: CardSize, cards: list[Card]) -> Layout:
    key = (size, deck.least_body, text_face.title_face(deck), tuple(_shape(card) for card in cards))
    found = _found(_LAYOUTS, key)
    if found is None:
        found = _measure(deck, size, cards)  # outside the lock: two threads may measure one family, to one end
        _keep(_LAYOUTS, key, found, LAYOUTS_KEPT)
    return found


def _found(kept: OrderedDict, key: tuple):
    """What ``kept`` holds under ``key`` (None: nothing), now the last it lets go."""
    with _LOCK:
        value = kept.get(key)
        if value is not None:
            kept.move_to_end(key)
        return value


def _keep(kept: OrderedDict, key: tuple, value: object, most: int) -> None:
    """``value`` kept under ``key``, and beyond ``most`` the least lately used let go."""
    with _LOCK:
        kept[key] = value
        kept.move_to_end(key)
        while len(kept) > most:
            kept.popitem(last=False)


def _shape(card: Card) -> tuple:
    """What of a card its family's layout reads (``_measure`` and the faces' ``largest_body``, ``largest_frame``,
    ``stat_layout``): every field but ``_NOT_READ``, its picture and emblem as whether it has one, and its words
    as they are measured: a paragraph of a deck of one's own (``inline.Marked``) as its runs, whose fonts' names
    hold every width they measure (a picture file's digest, a span's scale), as its fields do not."""
    return tuple(bool(value) if name in ("picture", "emblem") else
                 tuple(_words(p) for p in value) if name == "body" else value
                 for name, value in zip(_SHAPE_FIELDS, (getattr(card, name) for name in _SHAPE_FIELDS)))


def _words(paragraph: Paragraph) -> object:
    if isinstance(paragraph, Marked):
        return tuple(paragraph.runs(fonts.SERIF, fonts.SERIF_BOLD))
    return paragraph


def prepare_face(phrasebooks: Words, card: Card, deck: Deck, size: CardSize):
    if card.face == LAYOUT_FACE:  # a user's own layout draws the card (read only for such a deck: its YAML
        from . import design_face  # and CSS readers are no built-in deck's)

        return design_face.prepare(card, deck, size)
    kind = _KINDS.get(card.face)
    if kind is None:
        raise PrintgenError(f"{card.source or card.title}: no face kind {card.face!r}; kinds are: "
                            f"{', '.join(FACE_KINDS)}")
    where = card.source or f"{deck.title} card {card.title!r}"
    glyphs.check(where, printed_texts(card, deck))
    if card.picture:
        icons.check(card.picture, where)
    found = layout(deck, size, card)
    body_size = None if card.reference or not card.body else found.body
    if kind is text_face:
        return _text_face(phrasebooks, card, deck, size, body_size, found)
    return kind.prepare(card, deck, size, body_size=body_size)


# A text card's face is fitted once per process for what shapes it (``_shape``, the deck's layout of its family,
# its least size and title face, the card size, the line that says its words go on), as its family's layout is;
# drawn, it is the card's own (``replace(face, card=card)``). Not a card whose words hold a deck of one's own's
# markup: their fitted lines hold that deck's pictures to draw from. 2.5 KiB a face: 2.5 MiB at most.
FACES_KEPT = 1024
_FACES: OrderedDict[tuple, text_face.PreparedFace] = OrderedDict()


def _text_face(phrasebooks: Words, card: Card, deck: Deck, size: CardSize, body_size: float | None,
               found: Layout) -> text_face.PreparedFace:
    least = deck.least_body or None
    if any(type(paragraph) is not Paragraph for paragraph in card.body):
        return text_face.prepare(phrasebooks, card, deck, size, body_size=body_size, frame=found.frame,
                                 layout=found.stats, least=least)
    goes_on = phrasebooks.say_for(text_face.__package__)("cards.continued") if least else ""
    key = (_shape(card), size, least, text_face.title_face(deck), body_size, found.frame, found.stats, goes_on)
    face = _found(_FACES, key)
    if face is not None:
        return face if face.card is card else replace(face, card=card)
    face = text_face.prepare(phrasebooks, card, deck, size, body_size=body_size, frame=found.frame,
                             layout=found.stats, least=least)
    _keep(_FACES, key, face, FACES_KEPT)
    return face


def deck_body_size(deck: Deck, size: CardSize, card: Card | None = None) -> float | None:
    """The one size of the words on the cards of ``card``'s family (the deck's first family's without one)."""
    return layout(deck, size, card or deck.cards[0]).body


def deck_frame(deck: Deck, size: CardSize, card: Card | None = None) -> float:
    """The height of the picture frame of ``card``'s family (the deck's first family's without one)."""
    return layout(deck, size, card or deck.cards[0]).frame


SHARED = 0.75  # of a family's framed cards: how many show their pictures in its one frame at least
TYPE_GIVES = 1.5  # pt on a poker card: how far a family's words shrink under the least frame before its fullest
# cards' pictures go to the band instead


def _measure(deck: Deck, size: CardSize, cards: list[Card]) -> Layout:
    """A family's layout. Its words' size: the largest at which every card's fit under a frame ``ART_MIN`` high,
    but not more than ``TYPE_GIVES`` under the largest (nor under the deck's least), a card that needs more room
    showing its picture in a shorter frame of its own, or in the band; a built-in deck's card too full even so
    continues on a card of rules, a card of your own shrinks the deck's words further (to 5 pt, else it is
    refused). Its frame: the tallest up to the most that every card has room for at that size, or, where some
    have less than ``ART_MIN``, that ``SHARED`` of them have."""
    stats = text_face.stat_layout(cards, size)
    least = deck.least_body or text_face.BODY_MIN
    m_max = text_face.Metrics.of(size).body_max
    floor = max(least, math.floor((m_max - TYPE_GIVES * text_face.Metrics.of(size).type_scale) * 4) / 4)
    framed_sizes, band_sizes = [], []
    largest: list[float | None] = []
    for card in cards:
        kind = _KINDS.get(card.face)
        if card.reference or not card.body or not hasattr(kind, "largest_body"):
            largest.append(None)
            continue
        if kind is text_face:
            in_band = text_face.largest_body(card, deck, size, 0.0, stats, least)
            framed = text_face.largest_body(card, deck, size, text_face.shared_frame(size), stats, least) \
                if text_face.framed(card) else in_band
        else:
            in_band = framed = kind.largest_body(card, deck, size)
        framed_sizes.append(framed or 0.0)
        band_sizes.append(in_band or 0.0)
        largest.append(in_band)
    body: float | None = None
    if framed_sizes:
        wanted = max(min(framed_sizes), floor)  # the least frame on every card, else the type gives this far
        if deck.least_body:  # a built-in deck: its wordiest cards, under the floor, go on on a card of rules
            body = min(wanted, max(min(band_sizes), floor))
        elif min(band_sizes) >= least:  # a deck of your own shrinks all its words to its fullest card's
            body = min(min(band_sizes), wanted)
        # else None: a card of your own that fits nowhere is refused when it is prepared
    frame = text_face.shared_frame(size)
    framed_cards = [card for card in cards if card.face == "text" and text_face.framed(card)]
    rooms = [text_face.largest_frame(card, deck, size, body, stats) for card in framed_cards]
    if rooms and min(rooms) >= frame - 1e-6:  # one frame on every card: the tallest all have room for
        frame = min(min(rooms), text_face.most_frame(size))
    elif rooms:  # the tallest that three cards in four have room for (or none at all: all in the band)
        frame = min(sorted(rooms, reverse=True)[math.ceil(len(rooms) * SHARED) - 1], text_face.most_frame(size))
        if frame < text_face.least_frame(size) - 1e-6:
            frame = 0.0 if max(rooms) < text_face.least_frame(size) - 1e-6 else text_face.least_frame(size)
    return Layout(body, frame, stats, tuple(largest))


def with_continuations(phrasebooks: Words, deck: Deck, size: CardSize) -> Deck:
    """The deck with a card of rules after its cards (before its notes card) for the words of any card too full
    to hold them all at the deck's least size, each led by the card's title; the deck as it is when none is."""
    return continued(phrasebooks, deck, size)[0]


def continued(phrasebooks: Words, deck: Deck, size: CardSize) -> tuple[Deck, dict[int, object]]:
    """``with_continuations``'s deck, and the cards it prepared to learn that (by ``id``) where the deck is the
    same: each is the face ``prepare_face`` gives, so a deck drawn next is not laid out twice."""
    say = phrasebooks.say_for(__package__)
    if not deck.least_body:
        return deck, {}
    rests, prepared = [], {}
    for card in deck.cards:
        if card.face == "text" and not card.reference and card.body:
            prepared[id(card)] = face = prepare_face(phrasebooks, card, deck, size)
            if face.rest:
                rests.append(Paragraph(" ".join(p.lead + " " + p.text if p.lead else p.text for p in face.rest),
                                       say("cards.more-lead", card=card.title)))
    if not rests:
        return deck, prepared
    more = Card(say("cards.more-title"), say("cards.more-kicker", deck=deck.title), accent=deck.accent,
                picture=notes.PICTURE, source=say("cards.more-title"))  # its picture credited by the notes card
    cards, remaining = [], tuple(rests)
    while remaining:  # as many cards of rules as the words need, each in the smallest type
        kept, remaining = text_face.split(phrasebooks, replace(more, body=remaining), deck, size, MIN_TEXT_PT)
        cards.append(replace(more, body=kept, reference=True))
    last = deck.cards[-1] if deck.cards else None
    at = len(deck.cards) - 1 if last is not None and last.reference else len(deck.cards)  # before the notes card
    return replace(deck, cards=(*deck.cards[:at], *cards, *deck.cards[at:])), {}


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
    if prepared.card.face == LAYOUT_FACE:
        from . import design_face

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


def shrunk_below(prepared, floor: float, deck: Deck, size: CardSize) -> bool:
    """Whether any type on a prepared card of ``deck`` came out smaller than ``floor`` pt (see ``type_sizes``) by
    its own doing: words set at the deck's size count only on a card whose words would not fit at ``floor`` by
    themselves (shortening those brings the whole deck's words back up)."""
    sizes = type_sizes(prepared)
    body = getattr(prepared, "body", None)
    own = _deck_layout(deck, size).largest.get(id(prepared.card))
    if body is not None and own is not None and own >= floor - 1e-9:
        sizes.remove(body.size)
    return any(size < floor - 1e-9 for size in sizes)

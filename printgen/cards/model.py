"""Card data: what a card says, with no idea of pages or sizes.

A deck is plain data (``Deck.as_data`` gives JSON-able dicts), built by a
system's deck module or read from a user's file, and laid out by ``render``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

Color = tuple[float, float, float]

FACE_KINDS = ("text", "tile", "character", "counter")
LAYOUT_FACE = "layout"  # a card a user's own layout draws (design_face.py)
EDGES = ("N", "E", "S", "W")  # a tile's edges, clockwise from the top
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


@dataclass(frozen=True)
class Stat:
    label: str
    value: str
    note: str = ""  # a few words under the value that say what it counts ("per 10 levels")


@dataclass(frozen=True)
class Paragraph:
    """A run of body text; ``lead`` is printed in bold in front of it."""

    text: str
    lead: str = ""


@dataclass(frozen=True)
class Symbol:
    """A mark at a card's foot saying what may be done with it; crossed out, it may not."""

    kind: str  # gold | trade | slot | drink | throw | cursed
    value: str = ""  # gold: the amount; slot: which slot (primary, secondary, head, chest, feet, both-hands)
    crossed: bool = False


@dataclass(frozen=True)
class BackStyle:
    """A family's back: its word, its colour and the mark its field is made of."""

    label: str
    accent: Color
    mark: str = "@"
    subtitle: str = ""
    ink_saver: bool = False  # light paper with the mark in outline colour, in place of a dark field


BANDS = ("straight", "notched", "arched")  # the foot of a card's title band
FRAMES = ("rounded", "arched", "cut", "ruled")  # the shape of a deck's picture frame
TITLE_FACES = ("serif", "mono")


@dataclass(frozen=True)
class Look:
    """How a game dresses its cards, so that each game's decks look its own whatever their colours: the foot of
    the title band, the picture's frame, a thin rule inside the trim, the card stock and the title's face."""

    band: str = "straight"  # one of BANDS
    frame: str = "rounded"  # one of FRAMES
    border: bool = False  # a thin rule of the deck's colour a little inside the trim
    paper: Color = (0.985, 0.972, 0.94)  # the card stock: a warm off-white
    title: str = "serif"  # one of TITLE_FACES


@dataclass(frozen=True)
class Card:
    title: str
    kicker: str = ""  # one small line under the title: list, kind, type
    stats: tuple[Stat, ...] = ()
    tags: tuple[str, ...] = ()  # short badges, e.g. special attacks
    body: tuple[Paragraph, ...] = ()
    back: str = ""  # this card's own back label; empty: the deck's back
    count: int = 1
    source: str = ""  # where the card came from, for error messages (file and row)
    face: str = "text"  # which face draws it: one of FACE_KINDS
    accent: Color | None = None  # the face's colour; None: the deck's
    paths: tuple[str, ...] = ()  # tile: the edges (of EDGES) a stone path leaves by
    arrow: str = ""  # tile: the edge the red arrow points at; its opposite edge always has a path
    emblem: str = ""  # a small drawing on the face (potion, coin, key, a character's...); "coin:5" writes 5 on it
    tint: Color | None = None  # the emblem's colour (a potion's)
    symbols: tuple[Symbol, ...] = ()  # the marks at the foot of the card
    back_style: BackStyle | None = None  # the card's family back; None: the deck's back
    picture: str = ""  # the icon(s) of the set (cards/icons.py) drawn on the face, by name; "" for none
    full_art: bool = False  # a boss: its picture fills the card behind its words
    write_in: bool = False  # a card left to write on (a spare): ruled lines where a picture would stand
    reference: bool = False  # a card of rules to read (a reference, the deck's notes): its words at a size of
    # their own; every other card of a deck sets its words at the deck's one size


@dataclass(frozen=True)
class Deck:
    name: str  # the id used on the command line
    title: str  # printed in the footer index and on the back
    cards: tuple[Card, ...]
    back_title: str = ""  # the big word on the back; default: the title
    back_subtitle: str = ""
    accent: Color = (0.2, 0.25, 0.35)
    ink_saver: bool = False  # light backs and faces, no large dark fills (a print option, not the deck's data)
    look: Look = Look()  # how its game dresses its cards (print dressing, not the deck's data)
    least_body: float = 0.0  # the least size of its words (a built-in deck's: 6 pt), a card whose words need less
    # continuing on a card of rules; 0: a deck of your own, whose words may shrink to 5 pt and no further

    def printed_cards(self) -> list[Card]:
        """Every card as many times as its count, in deck order."""
        return [card for card in self.cards for _ in range(card.count)]

    def default_back(self, card: Card) -> BackStyle:
        """The back of a card of no family: the deck's, with the card's own word if it has one."""
        return BackStyle(card.back or self.back_title or self.title, self.accent, "@", self.back_subtitle)

    def with_ink_saver(self) -> Deck:
        """The deck printed with --ink-saver: every card's back light, and the faces told to save ink."""
        cards = tuple(replace(card, back_style=replace(card.back_style or self.default_back(card), ink_saver=True))
                      for card in self.cards)
        return replace(self, cards=cards, ink_saver=True)

    def as_data(self) -> dict:
        data = asdict(self)
        del data["ink_saver"], data["look"], data["least_body"]
        data["printed"] = len(self.printed_cards())
        return data

"""The notes card of a built-in deck: what the deck is, what printgen chose for it, and whose pictures it shows.

Player-facing cards carry no word about who designed what; a deck says it once,
here, and names the artists who drew the pictures it shows, as their licence
asks (fonts/LICENSE-GameIcons.txt).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..words import Words
from . import icons
from .model import BackStyle, Card, Color, Paragraph

PICTURE = "open-book"  # the notes card's own picture


def credit(phrasebooks: Words, pictured: Iterable[Card]) -> Paragraph:
    """The pictures' credit: the icon set, its licence, and the artists of the pictures these cards (and the notes
    card) show, the artist of the most first."""
    say = phrasebooks.say_for(__package__)
    artists = icons.authors([*(card.picture for card in pictured if card.picture), PICTURE])
    named = artists[0] if len(artists) == 1 else say("cards.and", most=", ".join(artists[:-1]), last=artists[-1])
    return Paragraph(say("cards.credit", artists=named), say("cards.credit-lead"))


def notes_card(phrasebooks: Words, deck_title: str, pictured: Iterable[Card], paragraphs: tuple[Paragraph, ...] = (),
               accent: Color | None = None, back_style: BackStyle | None = None, source: str = "notes card") -> Card:
    """A deck's notes card: ``paragraphs``, then the credit for the pictures of ``pictured`` (the deck's other
    cards); set at a size of its own (a card to read)."""
    say = phrasebooks.say_for(__package__)
    return Card(say("cards.notes-title"), say("cards.notes-kicker", deck=deck_title),
                body=(*paragraphs, credit(phrasebooks, pictured)), accent=accent, back_style=back_style,
                picture=PICTURE,
                reference=True, source=source)

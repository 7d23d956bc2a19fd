"""The notes card of a built-in deck: what the deck is, what printgen chose for it, and whose pictures it shows.

Player-facing cards carry no word about who designed what; a deck says it once,
here, and credits the icon set its pictures come from (fonts/LICENSE-RPGAwesome.txt).
"""

from __future__ import annotations

from ..words import say_for
from .model import BackStyle, Card, Color, Paragraph

say = say_for(__package__)

PICTURE = "book"  # the notes card's own picture


def credit() -> Paragraph:
    """The pictures' credit, as every deck's notes card prints it."""
    return Paragraph(say("cards.credit"), say("cards.credit-lead"))


def notes_card(deck_title: str, paragraphs: tuple[Paragraph, ...] = (), accent: Color | None = None,
               back_style: BackStyle | None = None, source: str = "notes card") -> Card:
    """A deck's notes card: ``paragraphs``, then the pictures' credit; set at a size of its own (a card to read)."""
    return Card(say("cards.notes-title"), say("cards.notes-kicker", deck=deck_title), body=(*paragraphs, credit()),
                accent=accent, back_style=back_style, picture=PICTURE, reference=True, source=source)

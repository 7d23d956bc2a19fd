"""One deck: a card for every row of the foe table."""

from printgen.cards.model import Card, Deck, Paragraph, Stat
from printgen.words import say_for

from . import GAME

say = say_for(__package__)


def foes_deck(code, options) -> Deck:
    table = GAME.tables()["foes"]
    cards = tuple(Card(row.result, say("deck.kicker", roll=row.roll_text), (Stat(say("deck.health"), str(row["health"])),),
                       (), (Paragraph(say("deck.fight")),), count=options["copies"]) for row in table.rows)
    return Deck("foes", say("deck.title"), cards)


DECKS = {"foes": foes_deck}

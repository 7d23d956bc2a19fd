"""One deck: a card for every row of the foe table."""

from printgen.cards.model import Card, Deck, Paragraph, Stat
from printgen.words import Words

from . import GAME


def foes_deck(phrasebooks: Words, code, options) -> Deck:
    say = phrasebooks.say_for(__package__)
    table = GAME.tables()["foes"]
    cards = tuple(Card(row.result, say("deck.kicker", roll=row.roll_text), (Stat(say("deck.health"), str(row["health"])),),
                       (), (Paragraph(say("deck.fight")),), count=options["copies"]) for row in table.rows)
    return Deck("foes", say("deck.title"), cards)


DECKS = {"foes": foes_deck}

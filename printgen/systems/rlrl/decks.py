"""The encounter deck: a card for every monster and trap of the E to A lists, and the shop's two foes.

For a Dungeon Master who would rather pull a card than look a name up: each
card gives the list letter and the roll that finds it, the numbers, and what
the creature or trap does, in the words of the game's phrasebook.
"""

from __future__ import annotations

from dataclasses import replace

from ...cards import icons
from ...cards.model import Card, Deck, Look, Paragraph, Stat
from ...cards.notes import notes_card
from ...seed import SeedCode
from ...units import MIN_TEXT_PT
from ...words import Words
from . import GAME, key, rules

ACCENT = (0.18, 0.32, 0.22)
TRAP_ACCENT = (0.66, 0.36, 0.04)  # traps in amber, apart from the monsters at a glance


# Every card of the deck has the same four stat boxes, each in its place: Damage, then Fire (a monster's) or Attack
# (a trap's, a shop foe's), HP, List; a stat a card has not shows this.
NONE = "—"


# Rogue Like Roguelike's cards: monospaced titles as on a terminal, a notched band, pictures in a frame with its
# corners cut, a grey-green stock.
LOOK = Look(band="notched", frame="cut", paper=(0.962, 0.968, 0.952), title="mono")

def encounters_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    say = phrasebooks.say_for(__package__)
    cards = []
    for letter in rules.LETTERS:
        cards += [_monster_card(phrasebooks, row, letter) for row in rules.tables()[rules.monsters(letter)].rows]
        if rules.traps(letter) in rules.tables().tables:
            cards += [_trap_card(phrasebooks, row, letter) for row in rules.tables()[rules.traps(letter)].rows]
    cards += _shop_cards(phrasebooks)
    title = say("deck.title")
    cards.append(notes_card(phrasebooks, title, cards, (Paragraph(say("deck.notes")),), ACCENT))
    return Deck("encounters", title, tuple(cards), back_subtitle=say("deck.back"), accent=ACCENT, look=LOOK,
                least_body=MIN_TEXT_PT)


def _pictured(card: Card, kind: str) -> Card:
    """The card with its picture from data/pictures.toml: [kind] (monster or trap), by its title."""
    picture, tint = icons.parse(GAME.data("pictures")[kind][card.title])
    return replace(card, picture=picture, tint=tint)


def _sentence(text: str) -> str:
    """A phrase as a sentence of its own: capital first, full stop last."""
    return text[0].upper() + text[1:] + "."


def _monster_card(phrasebooks: Words, row, letter: str) -> Card:
    say = phrasebooks.say_for(__package__)
    line = key.monster_line(phrasebooks, row.result, letter)
    stats = (Stat(say("deck.damage"), line["damage"]), Stat(say("deck.fire"), line["fire"] or NONE),
             Stat(say("deck.hp"), str(line["hp"])), Stat(say("deck.list"), letter))
    body = tuple(Paragraph(_sentence(trait)) for trait in line["traits"])
    body += tuple(Paragraph(text, lead) for lead, text in _eating(phrasebooks, row))
    return _pictured(Card(row.result, say("deck.monster-kicker", letter=letter, roll=row.roll_text), stats, body=body),
                     "monster")


def _eating(phrasebooks: Words, row) -> list[tuple[str, str]]:
    """What eating it does, in numbers from the rules."""
    say = phrasebooks.say_for(__package__)
    if not row["edible"]:
        return []
    food = rules.campaign()["food"]
    said = [(say("deck.eaten-lead"), say("rule.eating", edible=food["edible_hp"], cooked=food["cooked_hp"]))]
    if row["diseased"]:
        said.append((say("deck.diseased-lead"),
                     say("rule.disease", loss=food["disease_loss"], minutes=food["disease_minutes"])))
    return said


def _trap_card(phrasebooks: Words, row, letter: str) -> Card:
    say = phrasebooks.say_for(__package__)
    line = key.trap_line(phrasebooks, row.result, letter)
    stats = (Stat(say("deck.damage"), line["damage"] or NONE), Stat(say("deck.attack"), line["attack"] or say("deck.auto")),
             Stat(say("deck.hp"), NONE), Stat(say("deck.list"), letter))
    # The trap's rule, as the key and the reference word it; then how a rogue may be rid of it.
    body = (Paragraph(_sentence(key.trap_text(phrasebooks, line)), say("deck.sprung")), Paragraph(say("deck.disarm")))
    return _pictured(Card(row.result, say("deck.trap-kicker", letter=letter, roll=row.roll_text), stats,
                          (say("deck.trap-tag"),), body=body, accent=TRAP_ACCENT), "trap")


def _shop_stats(phrasebooks: Words, foe: dict) -> tuple[Stat, ...]:
    say = phrasebooks.say_for(__package__)
    return (Stat(say("deck.damage"), foe["damage_dice"]), Stat(say("deck.attack"), foe["attack_dice"]),
            Stat(say("deck.hp"), str(foe["hp"])), Stat(say("deck.list"), say("deck.shop-list")))


def _shop_cards(phrasebooks: Words) -> list[Card]:
    say = phrasebooks.say_for(__package__)
    campaign = rules.campaign()
    mimic, keeper = campaign["mimic"], campaign["shopkeeper"]
    return [_pictured(card, "monster") for card in (
        Card(mimic["name"], say("deck.mimic-kicker"),
             _shop_stats(phrasebooks, mimic),
             body=(Paragraph(_sentence("; ".join([say("item.mimic"), *(say(f"trait.{t}") for t in mimic["traits"])]))),)),
        Card(say("deck.keeper"), say("deck.keeper-kicker"),
             _shop_stats(phrasebooks, keeper),
             body=(Paragraph(say("deck.keeper-text")),)),
    )]


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {"encounters": encounters_deck}

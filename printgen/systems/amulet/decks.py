"""Amulet's decks: the monsters (with printgen's designs marked) and a card per monster and swarm size."""

from __future__ import annotations

from ...cards.model import Card, Deck, Paragraph, Stat
from ...seed import SeedCode
from ...words import say_for
from . import rules, swarms

say = say_for(__package__)

SWARMING = ("wizard", "demon", "barbarian", "ghost", "hobbit", "slime")
PERCENTS = (25, 50, 75, 100)
ROOM_SIZES = (1, 2, 3, 4, 5)
DESIGNED_NOTE = "The rules give this no numbers: these are printgen's."
DESIGNED_NOTE_DEEP = "The rules give this no numbers: these are printgen's, for each 10 levels of depth."
BACK = "Project: Amulet"


# Stat values stay short enough for every card size the deck command offers, down to mini (two stats a row on
# a monster card, three on a swarm card); the card's text says what they stand for.
PER_TEN = "/10 lvls"


def _health(monster: dict) -> str:
    if monster["code"] == "generator":
        return f"{monster['health']} a grade"
    if monster["code"] == "mini-boss":
        return f"{monster['health']}{PER_TEN}"
    return "1 potion" if monster["health"] == 0 else str(monster["health"])


def monster_card(monster: dict) -> Card:
    boss = monster["code"] == "mini-boss"
    stats = (Stat("Health", _health(monster)), Stat("Melee", monster["melee"]), Stat("Shot", monster["shot"]),
             Stat("Speed", f"{monster['speed']}" + (f"+1{PER_TEN}" if boss else "")))
    body = [Paragraph(say(f"tactics.{monster['code']}"), "Tactics:")]
    tags = []
    if monster.get("potions_only"):
        tags.append("potions only")
    if monster.get("vanishes_on_hit"):
        tags.append("gone on a hit")
    if monster.get("evades"):
        tags.append("evades")
    if monster.get("designed"):
        tags.append("printgen's")
        body.append(Paragraph(DESIGNED_NOTE_DEEP if boss else DESIGNED_NOTE))
    elif monster["code"] in SWARMING:
        scatter = swarms.SCATTER_TIMES * monster["health"]
        body.append(Paragraph(f"Four or more make a swarm, which scatters below {scatter} health.", "Swarms:"))
    kicker = "printgen's design" if monster.get("designed") else "Encounters: Monsters"
    return Card(monster["name"], kicker, stats, tuple(tags), tuple(body))


def monsters_deck(code: SeedCode, options: dict) -> Deck:
    cards = tuple(monster_card(m) for m in rules.monsters().values())
    return Deck("monsters", "Monsters", cards, back_title=BACK, back_subtitle="Monsters", accent=(0.45, 0.1, 0.15))


def swarm_card(monster: dict, percent: int) -> Card:
    reach = swarms.PCS_SWARMED[percent]
    reach_text = swarms.reach_words(reach)
    health = ", ".join(f"{size}→{swarms.swarm_health(size, percent)}" for size in ROOM_SIZES)
    scatter = swarms.SCATTER_TIMES * monster["health"]
    stats = (Stat("Scatters", f"<{scatter}"), Stat("Swarms", "all" if reach == "all" else str(reach)),
             Stat("Speed", str(monster["speed"])))
    attacks = (f"it swarms {reach_text}; melee {monster['melee']} twice on each hero who fails to get clear, "
               "four times on a lone hero")
    if monster["shot"] != "0":
        attacks += f"; shot {monster['shot']}, as many shots a round as the room's size"
    body = [Paragraph(health, "Health by room size:"),
            Paragraph(f"{attacks}.", "Attacks:"),
            Paragraph(f"about one {monster['name'].lower()} per {swarms.divisor(monster['health'])} health; "
                      f"below {scatter} it breaks into three at full health.", "Head count:")]
    if monster.get("potions_only"):
        body.append(Paragraph("weapons do nothing; only potions hurt it.", "Slimes:"))
    return Card(f"{monster['name']} swarm, {percent}%", "Swarms: size and health", stats, (), tuple(body))


def swarms_deck(code: SeedCode, options: dict) -> Deck:
    monsters = rules.monsters()
    cards = tuple(swarm_card(monsters[m], p) for m in SWARMING for p in PERCENTS)
    return Deck("swarms", "Swarms", cards, back_title=BACK, back_subtitle="Swarms", accent=(0.15, 0.2, 0.4))


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {"monsters": monsters_deck, "swarms": swarms_deck}

"""Amulet's decks: the monsters (with printgen's designs marked) and a card per monster and swarm size."""

from __future__ import annotations

from ...cards.model import Card, Deck, Paragraph, Stat
from ...seed import SeedCode
from ...words import say_for
from . import GAME, room_rolls, rules, swarms

say = say_for(__package__)

SWARMING = ("wizard", "demon", "barbarian", "ghost", "hobbit", "slime")
PERCENTS = (25, 50, 75, 100)
ROOM_SIZES = (1, 2, 3, 4, 5)


# Stat values stay short enough for every card size the deck command offers, down to mini (two stats a row on
# a monster card, three on a swarm card); the card's text says what they stand for (words.toml [card.value]).


def _health(monster: dict) -> str:
    if monster["code"] == "generator":
        return say("card.value.per-grade", value=monster["health"])
    if monster["code"] == "mini-boss":
        return say("card.value.per-ten-levels", value=monster["health"])
    return say("card.value.one-potion") if monster["health"] == 0 else str(monster["health"])


def _speed(monster: dict) -> str:
    if monster["code"] == "mini-boss":
        return say("card.value.plus-one-per-ten-levels", value=monster["speed"])
    return str(monster["speed"])


def stat(code: str, value: str) -> Stat:
    return Stat(say(f"stat.{code}"), value)


def monster_card(monster: dict) -> Card:
    boss = monster["code"] == "mini-boss"
    stats = (stat("health", _health(monster)), stat("melee", monster["melee"]), stat("shot", monster["shot"]),
             stat("speed", _speed(monster)))
    body = [Paragraph(rules.tactics(monster["code"]), say("card.tactics"))]
    tags = []
    if monster.get("potions_only"):
        tags.append(say("card.tag.potions-only"))
    if monster.get("vanishes_on_hit"):
        tags.append(say("card.tag.vanishes-on-hit"))
    if monster.get("evades"):
        tags.append(say("card.tag.evades"))
    if monster.get("designed"):
        tags.append(say("card.tag.designed"))
        if boss:
            body.append(Paragraph(say("card.designed-deep")))
        elif monster["code"] == "generator":
            body.append(Paragraph(say("card.designed-graded", die=f"1d{room_rolls.GENERATOR_GRADES}")))
        else:
            body.append(Paragraph(say("card.designed")))
    elif monster["code"] in SWARMING:
        scatter = swarms.SCATTER_TIMES * monster["health"]
        body.append(Paragraph(f"{say('swarm.size')} {say('swarm.scatter', health=scatter)}", say("card.swarms")))
    kicker = say("card.kicker.designed") if monster.get("designed") else say("card.kicker.monster")
    return Card(monster["name"], kicker, stats, tuple(tags), tuple(body))


def monsters_deck(code: SeedCode, options: dict) -> Deck:
    cards = tuple(monster_card(m) for m in rules.monsters().values())
    title = say("card.deck.monsters")
    return Deck("monsters", title, cards, back_title=GAME.title, back_subtitle=title, accent=(0.45, 0.1, 0.15))


def swarm_card(monster: dict, percent: int) -> Card:
    reach = swarms.PCS_SWARMED[percent]
    health = ", ".join(f"{size}→{swarms.swarm_health(size, percent)}" for size in ROOM_SIZES)
    scatter = swarms.SCATTER_TIMES * monster["health"]
    stats = (Stat(say("card.stat.scatters"), say("card.value.below", value=scatter)),
             Stat(say("card.stat.swarms"), say("card.value.all") if reach == "all" else str(reach)),
             stat("speed", str(monster["speed"])))
    if monster["shot"] != "0":
        attacks = [say("card.attacks-and-shots", reach=swarms.reach_words(reach), melee=monster["melee"],
                       shot=monster["shot"]), say("swarm.attack"), say("swarm.shots")]
    else:
        attacks = [say("card.attacks", reach=swarms.reach_words(reach), melee=monster["melee"]), say("swarm.attack")]
    head_count = [say("card.head-count", monster=monster["name"].lower(), divisor=swarms.divisor(monster["health"])),
                  say("swarm.scatter", health=scatter)]
    body = [Paragraph(health, say("card.health-by-room")),
            Paragraph(" ".join(attacks), say("card.attacks-lead")),
            Paragraph(" ".join(head_count), say("card.head-count-lead"))]
    tags = (say("card.tag.potions-only"),) if monster.get("potions_only") else ()
    return Card(say("card.swarm-title", name=monster["name"], percent=percent), say("card.kicker.swarm"), stats, tags,
                tuple(body))


def swarms_deck(code: SeedCode, options: dict) -> Deck:
    monsters = rules.monsters()
    cards = tuple(swarm_card(monsters[m], p) for m in SWARMING for p in PERCENTS)
    title = say("card.deck.swarms")
    return Deck("swarms", title, cards, back_title=GAME.title, back_subtitle=title, accent=(0.15, 0.2, 0.4))


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {"monsters": monsters_deck, "swarms": swarms_deck}

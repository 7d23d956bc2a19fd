"""Amulet's decks: the monsters (with printgen's designs marked) and a card per monster and swarm size."""

from __future__ import annotations

from ...cards import icons
from ...cards.model import Card, Deck, Look, Paragraph, Stat
from ...cards.notes import notes_card
from ...seed import SeedCode
from ...units import MIN_TEXT_PT
from ...words import Words
from . import GAME, room_rolls, rules, swarms

SWARMING = ("wizard", "demon", "barbarian", "ghost", "hobbit", "slime")
PERCENTS = (25, 50, 75, 100)
ROOM_SIZES = (1, 2, 3, 4, 5)


# Stat values stay short enough for every card size the deck command offers, down to mini (two stats a row on
# a monster card, three on a swarm card); a few words under a value say what it counts (words.toml [card.note]).


# Project: Amulet's cards: an arched band and an arched window for the picture, a rule inside the trim, parchment.
LOOK = Look(band="arched", frame="arched", border=True, paper=(0.978, 0.962, 0.925))

def _health(phrasebooks: Words, monster: dict) -> Stat:
    say = phrasebooks.say_for(__package__)
    if monster["code"] == "generator":
        return stat(phrasebooks, "health", str(monster["health"]), say("card.note.per-grade"))
    if monster["code"] == "mini-boss":
        return stat(phrasebooks, "health", str(monster["health"]), say("card.note.per-ten-levels"))
    if monster["health"] == 0:  # only a potion harms it: one destroys it
        return stat(phrasebooks, "health", "1", say("card.note.potion"))
    return stat(phrasebooks, "health", str(monster["health"]))


def _speed(phrasebooks: Words, monster: dict) -> Stat:
    say = phrasebooks.say_for(__package__)
    if monster["code"] == "mini-boss":
        return stat(phrasebooks, "speed", str(monster["speed"]), say("card.note.plus-one-per-ten-levels"))
    return stat(phrasebooks, "speed", str(monster["speed"]))


def stat(phrasebooks: Words, code: str, value: str, note: str = "") -> Stat:
    say = phrasebooks.say_for(__package__)
    return Stat(say(f"stat.{code}"), value, note)


def _picture(code: str) -> tuple[str, tuple[float, float, float] | None]:
    """A monster's picture and its colour, from data/pictures.toml."""
    return icons.parse(GAME.data("pictures")["monster"][code])


def monster_card(phrasebooks: Words, monster: dict) -> Card:
    say = phrasebooks.say_for(__package__)
    boss = monster["code"] == "mini-boss"
    stats = (_health(phrasebooks, monster), stat(phrasebooks, "melee", monster["melee"]),
             stat(phrasebooks, "shot", monster["shot"]), _speed(phrasebooks, monster))
    body = [Paragraph(rules.tactics(phrasebooks, monster["code"]), say("card.tactics"))]
    tags = []
    if monster.get("potions_only"):
        tags.append(say("card.tag.potions-only"))
    if monster.get("vanishes_on_hit"):
        tags.append(say("card.tag.vanishes-on-hit"))
    if monster.get("evades"):
        tags.append(say("card.tag.evades"))
    if monster["code"] == "generator":
        body.append(Paragraph(say("card.graded", die=f"1d{room_rolls.GENERATOR_GRADES}")))
    elif monster["code"] in SWARMING:
        scatter = swarms.SCATTER_TIMES * monster["health"]
        body.append(Paragraph(f"{say('swarm.size')} {say('swarm.scatter', health=scatter)}", say("card.swarms")))
    picture, tint = _picture(monster["code"])
    return Card(monster["name"], say("card.kicker.monster"), stats, tuple(tags), tuple(body), picture=picture,
                tint=tint, full_art=boss)


def monsters_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    say = phrasebooks.say_for(__package__)
    cards = tuple(monster_card(phrasebooks, m) for m in rules.monsters().values())
    title = say("card.deck.monsters")
    accent = (0.36, 0.14, 0.36)
    notes = notes_card(phrasebooks, title, cards, (Paragraph(say("card.notes.designed")),), accent)
    return Deck("monsters", title, (*cards, notes), back_title=GAME.title, back_subtitle=title, accent=accent,
                look=LOOK, least_body=MIN_TEXT_PT)


def swarm_card(phrasebooks: Words, monster: dict, percent: int) -> Card:
    say = phrasebooks.say_for(__package__)
    reach = swarms.PCS_SWARMED[percent]
    health = ", ".join(f"{size}→{swarms.swarm_health(size, percent)}" for size in ROOM_SIZES)
    scatter = swarms.SCATTER_TIMES * monster["health"]
    stats = (Stat(say("card.stat.scatters"), say("card.value.below", value=scatter)),
             Stat(say("card.stat.swarms"), say("card.value.all") if reach == "all" else str(reach)),
             stat(phrasebooks, "speed", str(monster["speed"])))  # the swarm's own: no note
    if monster["shot"] != "0":
        attacks = [say("card.attacks-and-shots", reach=swarms.reach_words(phrasebooks, reach), melee=monster["melee"],
                       shot=monster["shot"]), say("swarm.attack"), say("swarm.shots")]
    else:
        attacks = [say("card.attacks", reach=swarms.reach_words(phrasebooks, reach), melee=monster["melee"]),
                   say("swarm.attack")]
    head_count = [say("card.head-count", monster=monster["name"].lower(), divisor=swarms.divisor(monster["health"])),
                  say("swarm.scatter", health=scatter)]
    body = [Paragraph(health, say("card.health-by-room")),
            Paragraph(" ".join(attacks), say("card.attacks-lead")),
            Paragraph(" ".join(head_count), say("card.head-count-lead"))]
    tags = (say("card.tag.potions-only"),) if monster.get("potions_only") else ()
    picture, tint = _picture(monster["code"])
    return Card(say("card.swarm-title", name=monster["name"], percent=percent), say("card.kicker.swarm"), stats, tags,
                tuple(body), picture=" ".join([picture] * (percent // 25)), tint=tint)  # a monster a quarter


def swarms_deck(phrasebooks: Words, code: SeedCode, options: dict) -> Deck:
    say = phrasebooks.say_for(__package__)
    monsters = rules.monsters()
    cards = tuple(swarm_card(phrasebooks, monsters[m], p) for m in SWARMING for p in PERCENTS)
    title = say("card.deck.swarms")
    accent = (0.15, 0.2, 0.4)
    notes = notes_card(phrasebooks, title, cards, (Paragraph(say("card.notes.swarms")),), accent)
    return Deck("swarms", title, (*cards, notes), back_title=GAME.title, back_subtitle=title, accent=accent,
                look=LOOK, least_body=MIN_TEXT_PT)


# The decks the game declares, by name (the deck contract: build(code, options) -> Deck).
DECKS = {"monsters": monsters_deck, "swarms": swarms_deck}

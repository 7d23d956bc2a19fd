"""The rules' numbers, stated once: die ranks and their costs, Stunt dice,
ranged dice at Near range, power levels, prices, and the choices printgen
makes where the rules are silent. Sheets, the reference and the decks all
read them here; their words are in ``words.toml``.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any

from ...words import Words, key_of
from . import GAME


def capital(text: str) -> str:
    """A phrase of the phrasebook opening a sentence: its first letter a capital."""
    return text[:1].upper() + text[1:]


def rules() -> dict[str, Any]:
    return GAME.data("character")


def near_range() -> dict[str, str]:
    """Each die rank and what it is worth when a ranged die is invoked at Near range."""
    return {row["die"]: row["near"] for row in GAME.data("near-range")["row"]}


def choices() -> tuple[dict[str, str], ...]:
    return GAME.choices()


def note(topic: str) -> str:
    return next(choice["text"] for choice in choices() if choice["topic"] == topic)


def in_brief(phrasebooks: Words, topics: tuple[str, ...]) -> dict[str, str]:
    """The choices ``topics`` as the reference prints them, "where the rules are silent": each topic's line for
    the table (words.toml [silent], by the topic's key)."""
    say = phrasebooks.say_for(__package__)
    return {topic: say(f"silent.{key_of(topic)}") for topic in topics}


def ranks() -> list[str]:
    return [r["die"] for r in rules()["rank"]]


def cost(kind: str, die: str) -> int:
    """The Token cost of a Talent or Environ (kind "talent") or Gear or Trap ("gear") at a die rank."""
    for r in rules()["rank"]:
        if r["die"] == die:
            return r[kind]
    raise KeyError(die)


def stunt_cost(gear_cost: int) -> int:
    """A third of the Gear cost, to the nearest Token, at least 1 (see the "Stunt dice" note)."""
    return max(1, floor(Fraction(gear_cost, 3) + Fraction(1, 2)))


def slain_reward(tokens: int) -> int:
    """What a slain monster pays the Adventurer: half its Tokens, rounded up."""
    return -(-tokens // 2)


def power(level: str) -> dict[str, Any]:
    return next(p for p in rules()["power"] if p["level"] == level)


def prices(phrasebooks: Words) -> list[dict[str, str]]:
    """What a Token buys, worded: {"what", "cost"} in the data's order."""
    say = phrasebooks.say_for(__package__)
    return [{"what": say(f"price.{p['code']}"),
             "cost": str(p["tokens"]) if "tokens" in p else say(f"price-cost.{p['code']}")}
            for p in rules()["price"]]


def obstacle_kinds(phrasebooks: Words) -> list[str]:
    """The obstacles the Opposition builds, by name."""
    say = phrasebooks.say_for(__package__)
    return [say(f"family.{kind}") for kind in rules()["obstacles"]]


def obstacle_costs(phrasebooks: Words) -> list[dict[str, str]]:
    """Each obstacle with the cost column it uses: {"kind", "cost"}."""
    say = phrasebooks.say_for(__package__)
    return [{"kind": say(f"family.{kind}"), "cost": say(f"obstacle-cost.{kind}")} for kind in rules()["obstacles"]]

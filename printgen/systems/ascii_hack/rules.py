"""The rules' numbers, stated once: die ranks and their costs, Stunt dice,
ranged dice at Near range, power levels, and the choices printgen makes where
the rules are silent. Sheets, the reference and the decks all read them here.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from functools import cache
from math import floor
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / name).read_text(encoding="utf-8"))


@cache
def rules() -> dict[str, Any]:
    return _load("character.toml")


@cache
def near_range() -> dict[str, str]:
    """Each die rank and what it is worth when a ranged die is invoked at Near range."""
    return {row["die"]: row["near"] for row in _load("near-range.toml")["row"]}


def choices() -> tuple[dict[str, str], ...]:
    return tuple(_load("notes.toml")["choice"])


def note(topic: str) -> str:
    return next(choice["text"] for choice in choices() if choice["topic"] == topic)


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

"""Dice notation: parse, roll, exact probability distributions, and how far counts stray from them.

Covers every notation the five rule sets print:

    1d6   2d6+3   1d6-1   3d6   2d8   3d4   d20   2   (a constant)
    1d6-3 (minimum 1)     1d6-3 min 1
    1d-3  2d+6  3d        (a shorthand some rules use: a die with no size is a d6)

A modifier may be written with spaces ("2d6 + 3"). Anything else is a
DiceError that says what was expected.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from .errors import PrintgenError
from .seed import Rng

DEFAULT_SIDES = 6  # "1d", "2d+3", "3d": a die with no size is six-sided

_NOTATION = re.compile(
    r"""^\s*
    (?:
        (?P<count>\d+)?\s*[dD]\s*(?P<sides>\d+|%)?    # NdS, dS, Nd, d%
        |
        (?P<constant>\d+)                          # a plain number
    )
    \s*(?:(?P<sign>[+-])\s*(?P<modifier>\d+))?
    \s*(?:\(?\s*(?:minimum|min\.?)\s*(?P<minimum>-?\d+)\s*\)?)?
    \s*$""",
    re.VERBOSE | re.ASCII,  # \d is 0-9 alone: "²" or "٣" is not a digit here
)


class DiceError(PrintgenError):
    """Notation that is not a dice expression (in a table file, a game's data or a user's own)."""


@dataclass(frozen=True)
class Dice:
    """``count`` dice of ``sides`` sides, plus ``modifier``, never below ``minimum``."""

    count: int
    sides: int
    modifier: int = 0
    minimum: int | None = None

    @property
    def low(self) -> int:
        return self._clamp(self.count + self.modifier)

    @property
    def high(self) -> int:
        return self._clamp(self.count * self.sides + self.modifier)

    def _clamp(self, total: int) -> int:
        return total if self.minimum is None else max(self.minimum, total)

    def roll_faces(self, rng: Rng) -> list[int]:
        return [rng.die(self.sides) for _ in range(self.count)]

    def roll(self, rng: Rng) -> int:
        return self._clamp(sum(self.roll_faces(rng)) + self.modifier)

    def distribution(self) -> dict[int, Fraction]:
        """The exact probability of every total."""
        result: dict[int, Fraction] = {}
        for total, ways in _sum_ways(self.count, self.sides).items():
            value = self._clamp(total + self.modifier)
            result[value] = result.get(value, Fraction(0)) + Fraction(ways, self.sides**self.count)
        return dict(sorted(result.items()))

    def mean(self) -> Fraction:
        return sum((v * p for v, p in self.distribution().items()), Fraction(0))

    def chance_at_least(self, target: int) -> Fraction:
        return sum((p for v, p in self.distribution().items() if v >= target), Fraction(0))

    def chance_at_most(self, target: int) -> Fraction:
        return sum((p for v, p in self.distribution().items() if v <= target), Fraction(0))

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}" if self.count else ""
        if self.modifier or not self.count:
            text += f"{self.modifier:+d}" if self.count else str(self.modifier)
        if self.minimum is not None:
            text += f" (minimum {self.minimum})"
        return text


@cache
def _sum_ways(count: int, sides: int) -> dict[int, int]:
    """How many of the sides**count outcomes give each sum (by convolution)."""
    ways = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + n
        ways = nxt
    return ways


@cache
def parse(text: str) -> Dice:
    """Parse dice notation; raise DiceError naming what was expected."""
    if not isinstance(text, str):
        raise DiceError(f"dice notation must be text, not {text!r}")
    match = _NOTATION.match(text)
    if not match:
        raise DiceError(
            f"{text!r} is not dice notation; expected forms like 1d6, 2d6+3, d20, 3d, 1d6-3 (minimum 1)"
        )
    if match["constant"] is None and not match["count"] and not match["sides"]:
        raise DiceError(f"{text!r} names no dice; expected forms like 1d6, d20 or 3d")
    if match["constant"] is not None:
        count, sides, base = 0, 1, int(match["constant"])
    else:
        count = int(match["count"]) if match["count"] else 1
        sides_text = match["sides"]
        sides = 100 if sides_text == "%" else int(sides_text) if sides_text else DEFAULT_SIDES
        base = 0
        if count < 1 or sides < 1:
            raise DiceError(f"{text!r} rolls no dice; expected at least one die of at least one side")
        if count > 100:
            raise DiceError(f"{text!r} rolls more than 100 dice")
    modifier = int(match["modifier"] or 0) * (-1 if match["sign"] == "-" else 1)
    minimum = int(match["minimum"]) if match["minimum"] is not None else None
    return Dice(count, sides, base + modifier, minimum)


def roll(text: str, rng: Rng) -> int:
    return parse(text).roll(rng)


def chi_square(counts: Mapping[Any, int], shares: Mapping[Any, Any]) -> tuple[float, int, float]:
    """How far ``counts`` of results stray from ``shares`` (each result's chance, as a distribution gives):
    Pearson's chi-square, its degrees of freedom and its p-value. The tests and the benchmarks measure
    what the pages show against the dice with it."""
    n = sum(counts.values())
    value = sum((counts.get(k, 0) - n * float(p)) ** 2 / (n * float(p)) for k, p in shares.items())
    df = len(shares) - 1
    return value, df, upper_tail(value, df)


def upper_tail(value: float, df: int) -> float:
    """P(X ≥ value) for a chi-square of ``df`` degrees of freedom: the regularised upper incomplete gamma
    function, by its series below a + 1 and Lentz's continued fraction above."""
    a, x = df / 2, value / 2
    if x <= 0:
        return 1.0
    scale = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:
        term = total = 1 / a
        k = a
        while abs(term) > 1e-15 * abs(total):
            k += 1
            term *= x / k
            total += term
        return max(0.0, 1 - total * scale)
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > 1e-300 else 1e-300)
        c = b + an / c
        c = c if abs(c) > 1e-300 else 1e-300
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return scale * h

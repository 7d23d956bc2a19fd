"""Exact chances of ASCII @HACK dice and pools, as fractions.

A die counts +1 on 4 or more (a Success), -1 on a 1 (a Failure), 0
otherwise; a pool's net Successes are the sum. Figures are rounded only when
printed, by ``percent``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import floor

from ... import dice
from .rules import rules

Distribution = dict[int, Fraction]


@cache
def chances(die: str) -> tuple[Fraction, Fraction]:
    """(Success, Failure) chances of one die: 4 or more, and a 1."""
    r = rules()
    d = dice.parse(f"1{die}")
    return d.chance_at_least(r["success_at_least"]), d.chance_at_most(r["failure_face"])


def one_die(die: str) -> Distribution:
    success, failure = chances(die)
    return {-1: failure, 0: 1 - success - failure, 1: success}


@cache
def pool(dice_: tuple[str, ...]) -> Distribution:
    """The chance of every net number of Successes a pool of dice can roll."""
    result: Distribution = {0: Fraction(1)}
    for die in dice_:
        step: Distribution = {}
        for total, p in result.items():
            for net, q in one_die(die).items():
                if q:
                    step[total + net] = step.get(total + net, Fraction(0)) + p * q
        result = step
    return dict(sorted(result.items()))


def beat(mine: tuple[str, ...], theirs: tuple[str, ...]) -> Fraction:
    """The chance that ``mine`` ends with at least one net Success more than ``theirs``."""
    them = pool(theirs)
    return sum((p * q for a, p in pool(mine).items() for b, q in them.items() if a - b >= 1), Fraction(0))


def expected_net(dice_: tuple[str, ...]) -> Fraction:
    return sum((s - f for s, f in map(chances, dice_)), Fraction(0))


def percent(p: Fraction, places: int = 1) -> str:
    """A chance in percent, rounded half up to ``places`` decimals from the exact value.

    Trailing zeros go (62.5%, 85%); a chance that is not 0 never prints as 0
    (<1%), nor one that is not certain as 100 (>99%).
    """
    unit = Fraction(1, 10**places)
    steps = floor(p * 100 / unit + Fraction(1, 2))
    if steps == 0 and p > 0:
        return f"<{_decimal(unit, places)}%"
    if steps * unit == 100 and p < 1:
        return f">{_decimal(100 - unit, places)}%"
    return f"{_decimal(steps * unit, places)}%"


def _decimal(value: Fraction, places: int) -> str:
    text = f"{value.numerator * 10**places // value.denominator:0{places + 1}d}"
    if places:
        text = f"{text[:-places]}.{text[-places:]}".rstrip("0").rstrip(".")
    return text

"""Pearson's chi-square for the benchmarks' dice measures: what the maps show against what the tables give."""

from __future__ import annotations

import math
from collections import Counter


def chi_square(counts: Counter, shares: dict) -> tuple[float, int, float]:
    """Pearson's chi-square of ``counts`` against ``shares`` (each result's chance), its degrees of freedom
    and its p-value."""
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

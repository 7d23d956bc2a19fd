"""Whether what was printed follows the dice: one rule for every statistical test.

Counts of results are compared with each result's chance by Pearson's
chi-square (printgen.dice.chi_square) and fail below p = 0.001: over the
fixed seeds of a test that happens once in a thousand suites if the
generator is fair, and at once if it is not. A result the dice cannot give
fails outright.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from printgen.dice import chi_square

P = 0.001


def assert_fair(counts: Mapping, shares: Mapping, what: str = "") -> None:
    """``counts`` of results are as likely as ``shares`` (each result's chance) says."""
    impossible = set(counts) - set(shares)
    assert not impossible, f"{what} {sorted(map(str, impossible))} cannot be rolled"
    value, df, p = chi_square(counts, shares)
    assert p > P, f"{what} chi-square {value:.1f} on {df} degrees of freedom (p = {p:.2g}): {dict(counts)}"


def evenly(results: Iterable) -> dict:
    """Each of ``results`` equally likely."""
    results = list(results)
    return {result: 1 / len(results) for result in results}

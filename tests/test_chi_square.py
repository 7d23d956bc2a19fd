"""The chi-square every fairness test relies on, against published values and a planted unfair count.

Critical values are those of the standard tables (e.g. NIST/SEMATECH e-Handbook
of Statistical Methods, 1.3.6.7.4, "Critical Values of the Chi-Square
Distribution"): the value a chi-square of df degrees of freedom exceeds with
probability p.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from fairness import assert_fair, evenly

from printgen.dice import chi_square, upper_tail

# (degrees of freedom, upper-tail probability, critical value), from the published table.
PUBLISHED = [
    (1, 0.10, 2.706), (1, 0.05, 3.841), (1, 0.01, 6.635), (1, 0.001, 10.828),
    (2, 0.05, 5.991), (2, 0.001, 13.816),
    (3, 0.05, 7.815), (5, 0.05, 11.070), (5, 0.01, 15.086),
    (10, 0.05, 18.307), (10, 0.01, 23.209), (10, 0.001, 29.588),
    (15, 0.05, 24.996), (20, 0.05, 31.410), (30, 0.05, 43.773), (30, 0.001, 59.703),
    (50, 0.05, 67.505), (100, 0.05, 124.342), (100, 0.001, 149.449),
]


@pytest.mark.parametrize("df, p, critical", PUBLISHED)
def test_the_upper_tail_matches_the_published_critical_values(df, p, critical):
    # The table rounds the critical value to three decimals: p is matched to that precision.
    assert upper_tail(critical, df) == pytest.approx(p, rel=2e-3)


@pytest.mark.parametrize("value", [0.1, 1.0, 2.5, 7.0, 20.0, 60.0])
def test_two_degrees_of_freedom_follow_the_closed_form(value):
    assert upper_tail(value, 2) == pytest.approx(math.exp(-value / 2), rel=1e-12)


def test_a_die_rolled_sixty_times_gives_the_textbook_statistic():
    counts = {1: 5, 2: 8, 3: 9, 4: 8, 5: 10, 6: 20}
    value, df, p = chi_square(counts, {face: Fraction(1, 6) for face in range(1, 7)})
    assert value == pytest.approx(13.4) and df == 5
    assert p == pytest.approx(0.01990, abs=5e-5)


def test_a_result_never_rolled_still_counts_against_its_share():
    value, df, _ = chi_square({"heads": 100}, {"heads": 0.5, "tails": 0.5})
    assert value == pytest.approx(100.0) and df == 1


def test_a_fair_count_passes_and_a_planted_unfair_one_fails():
    shares = evenly(range(1, 7))
    assert_fair({face: 1000 for face in range(1, 7)}, shares, "a fair die")
    loaded = {face: 950 for face in range(1, 6)} | {6: 1250}  # sixes one time in 4.8, not 6
    with pytest.raises(AssertionError, match="chi-square"):
        assert_fair(loaded, shares, "a loaded die")
    with pytest.raises(AssertionError, match="cannot be rolled"):
        assert_fair({7: 1} | {face: 10 for face in range(1, 7)}, shares, "a seven on a d6")

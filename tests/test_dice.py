from fractions import Fraction

import pytest
from fairness import assert_fair
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen import dice
from printgen.seed import stream


@pytest.mark.parametrize(
    "text, count, sides, modifier, minimum",
    [
        ("1d6", 1, 6, 0, None),
        ("2d6+3", 2, 6, 3, None),
        ("1d6-1", 1, 6, -1, None),
        ("3d6", 3, 6, 0, None),
        ("2d8", 2, 8, 0, None),
        ("3d4", 3, 4, 0, None),
        ("d20", 1, 20, 0, None),
        ("1d6-3 (minimum 1)", 1, 6, -3, 1),
        ("1d6-3 min 1", 1, 6, -3, 1),
        ("1d-3", 1, 6, -3, None),
        ("2d+6", 2, 6, 6, None),
        ("3d", 3, 6, 0, None),
        ("2d6 + 3", 2, 6, 3, None),
        ("1d6 -1", 1, 6, -1, None),
        ("D10", 1, 10, 0, None),
        ("d%", 1, 100, 0, None),
        ("7", 0, 1, 7, None),
    ],
)
def test_parses_every_notation_of_the_rule_sets(text, count, sides, modifier, minimum):
    parsed = dice.parse(text)
    assert (parsed.count, parsed.sides, parsed.modifier, parsed.minimum) == (count, sides, modifier, minimum)


@pytest.mark.parametrize("text", ["", "d", "2x6", "1d6+", "1d6++1", "0d6", "1d0", "roll", "1d6 minimum", "2d6+Poison"])
def test_malformed_notation_is_a_clear_error(text):
    with pytest.raises(dice.DiceError, match="expected"):
        dice.parse(text)


def test_two_d_six_distribution_is_exact():
    dist = dice.parse("2d6").distribution()
    assert dist == {t: Fraction(6 - abs(7 - t), 36) for t in range(2, 13)}
    assert sum(dist.values()) == 1


def test_three_d_six_distribution_is_exact():
    dist = dice.parse("3d6").distribution()
    assert dist[3] == Fraction(1, 216) and dist[10] == Fraction(27, 216) and dist[18] == Fraction(1, 216)
    assert dice.parse("3d6").mean() == Fraction(21, 2)


def test_minimum_gathers_the_clamped_totals():
    dist = dice.parse("1d6-3 (minimum 1)").distribution()
    assert dist == {1: Fraction(4, 6), 2: Fraction(1, 6), 3: Fraction(1, 6)}


def test_chances():
    d20 = dice.parse("d20")
    assert d20.chance_at_least(4) == Fraction(17, 20)  # 85 %, the figure ASCII @HACK misprints
    assert dice.parse("2d6").chance_at_most(4) == Fraction(6, 36)


def test_constant_has_one_outcome():
    assert dice.parse("2").distribution() == {2: 1}
    assert str(dice.parse("2")) == "2"


@settings(max_examples=200, deadline=None)
@given(
    count=st.integers(1, 6),
    sides=st.sampled_from([4, 6, 8, 10, 12, 20]),
    modifier=st.integers(-5, 5),
    seed=st.text(max_size=12),
)
def test_rolls_stay_inside_the_distribution(count, sides, modifier, seed):
    expression = dice.Dice(count, sides, modifier)
    rng = stream(seed, "dice-test")
    support = expression.distribution()
    for _ in range(20):
        assert expression.roll(rng) in support
    assert str(dice.parse(str(expression))) == str(expression)


def test_rolled_frequencies_match_the_exact_distribution():
    rng = stream("frequencies", "2d6")
    expression = dice.parse("2d6")
    n = 36_000
    counts: dict[int, int] = {}
    for _ in range(n):
        total = expression.roll(rng)
        counts[total] = counts.get(total, 0) + 1
    assert_fair(counts, expression.distribution())

"""The ASCII @HACK reference: every printed chance is the exact value, rounded as it says."""

import html
import re
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from math import factorial

import pypdfium2
import pytest
from pdfutil import fonts, open_pdf, page_sizes, subject

from printgen import products
from printgen.cli import main
from printgen.products import build
from printgen.render.html import render_html
from printgen.seed import SeedCode
from printgen.systems.ascii_hack import reference as ascii_reference
from printgen.units import PAPERS
from printgen.words import BUILT_IN

DICE = ("d4", "d6", "d8", "d10", "d12", "d20")
# The rules' cost table, as printed in the rules: Talent/Environ and Gear/Trap per die.
TALENT = {"d4": 1, "d6": 2, "d8": 4, "d10": 8, "d12": 16, "d20": 32}
GEAR = {"d4": 1, "d6": 2, "d8": 3, "d10": 5, "d12": 8, "d20": 13}
NEAR = {"d6": "d4", "d8": "d4", "d10": "d4", "d12": "d6", "d20": "d10"}  # Wind-Up: half, to the nearest die
PERCENT = r"[<>]?\d+(?:\.\d+)?%"


def reference(size="page", paper="letter", seed="odds"):
    code = SeedCode.make("reference", "ascii-hack", seed, {"paper": paper, "size": size})
    return code, build(code)


def page_text(data: bytes, page: int = 0) -> str:
    return pypdfium2.PdfDocument(data)[page].get_textpage().get_text_range().replace("\r\n", "\n")


def sides(die: str) -> int:
    return int(die[1:])


def success(die: str) -> Fraction:
    return Fraction(sides(die) - 3, sides(die))  # faces 4..N


def failure(die: str) -> Fraction:
    return Fraction(1, sides(die))


def net_chances(die: str, n: int) -> dict[int, Fraction]:
    """By counting: n dice showing a Successes, b Failures and the rest blanks, every way."""
    s, f = success(die), failure(die)
    blank = 1 - s - f
    result: dict[int, Fraction] = {}
    for a in range(n + 1):
        for b in range(n - a + 1):
            ways = factorial(n) // (factorial(a) * factorial(b) * factorial(n - a - b))
            result[a - b] = result.get(a - b, 0) + ways * s**a * f**b * blank ** (n - a - b)
    return result


def beats(die: str, mine: int, theirs: int) -> Fraction:
    them = net_chances(die, theirs)
    return sum(p * q for a, p in net_chances(die, mine).items() for b, q in them.items() if a - b >= 1)


def rounded(p: Fraction, places: int) -> str:
    """Round half up, as the reference says, with Decimal rather than the code's own arithmetic."""
    with localcontext() as ctx:
        ctx.prec = 50
        value = (Decimal(p.numerator) * 100 / Decimal(p.denominator)).quantize(
            Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    smallest = Decimal(1).scaleb(-places)
    if value == 0 and p > 0:
        return f"<{smallest}%"
    if value == 100 and p < 1:
        return f">{100 - smallest}%"
    text = f"{value}"
    return (text.rstrip("0").rstrip(".") if "." in text else text) + "%"


def grid_rows(text: str, die: str) -> list[list[str]]:
    block = text.split(f"{die} against {die}", 1)[1]
    rows = re.findall(rf"^([1-5]) ((?:{PERCENT} ?){{5}})$", block, re.M)[:5]
    return [cells.split() for _, cells in rows]


@pytest.fixture(scope="module")
def page():
    return reference()


@pytest.fixture(scope="module")
def cards():
    return reference("card")


def test_the_page_is_one_sheet_with_embedded_fonts_and_its_seed_code(page):
    """One sheet, both sides: the dice on the front, the table on the back."""
    code, data = page
    pdf = open_pdf(data)
    assert page_sizes(pdf) == [pytest.approx(PAPERS["letter"].size, abs=0.01)] * 2
    assert all(fonts(pdf).values())
    assert subject(pdf) == str(products.canonical(code))


@pytest.mark.parametrize("size", ["page", "card"])
def test_every_pool_chance_is_the_exact_value_rounded_to_a_whole_percent(size, page, cards):
    text = page_text((page if size == "page" else cards)[1])
    for die in DICE:
        expected = [[rounded(beats(die, mine, theirs), 0) for theirs in range(1, 6)] for mine in range(1, 6)]
        assert grid_rows(text, die) == expected, die


@pytest.mark.parametrize("size", ["page", "card"])
def test_the_die_table_prices_and_chances_match_the_rules(size, page, cards):
    text = page_text((page if size == "page" else cards)[1])
    net = r" (-?\d\.\d\d)" if size == "page" else ""
    for die in DICE:
        row = re.search(rf"^{die} (\d+) (\d+) (\d+) ({PERCENT}) ({PERCENT}){net} (.+)$", text, re.M)
        assert row, die
        talent, gear, stunt, hit, miss = row.group(1, 2, 3, 4, 5)
        assert (int(talent), int(gear)) == (TALENT[die], GEAR[die])
        assert int(stunt) == max(1, int(Fraction(GEAR[die], 3) + Fraction(1, 2)))
        assert (hit, miss) == (rounded(success(die), 1), rounded(failure(die), 1))
        if net:
            expected_net = (Decimal((success(die) - failure(die)).numerator) /
                            Decimal((success(die) - failure(die)).denominator)).quantize(Decimal("0.01"), ROUND_HALF_UP)
            assert row.group(6) == str(expected_net)
        near = row.group(7 if net else 6)
        if die == "d4":
            assert near == "useless"  # a d2 never rolls a 4
        else:
            assert near == f"{NEAR[die]} · {rounded(success(NEAR[die]), 1)}"


def test_expected_net_successes_are_the_pool_size_times_the_die(cards):
    text = page_text(cards[1])
    for die in DICE:
        row = re.search(rf"^{die}((?: -?\d+\.\d\d){{5}})$", text, re.M)
        assert row, die
        per_die = success(die) - failure(die)
        expected = [str((Decimal((n * per_die).numerator) / Decimal((n * per_die).denominator))
                        .quantize(Decimal("0.01"), ROUND_HALF_UP)) for n in range(1, 6)]
        assert row.group(1).split() == expected


def test_one_die_against_one_die_is_the_exact_value(page):
    text = page_text(page[1]).split("ONE DIE AGAINST ONE DIE", 1)[1]
    for mine in DICE:
        row = re.search(rf"^{mine}((?: {PERCENT}){{6}})$", text, re.M)
        assert row, mine
        # One die each: a side's net is +1, 0 or -1, so the first wins on (+1, not +1) or (0, -1).
        expected = [success(mine) * (1 - success(theirs)) + (1 - success(mine) - failure(mine)) * failure(theirs)
                    for theirs in DICE]
        assert row.group(1).split() == [rounded(p, 0) for p in expected]


def test_the_cards_hold_every_section_and_rule_of_the_page(page, cards):
    """What the page heads (its sections, each rule's bold lead, each note) the cards hold too, on two sheets."""
    template, title, context = ascii_reference.layout(BUILT_IN, "page")
    source = render_html(template, None, phrasebooks=BUILT_IN, seed_code="x", title=title, page_size="1pt 1pt",
                         **context)
    heads = [html.unescape(re.sub(r"<[^>]+>", "", h)).strip().rstrip(".")
             for h in re.findall(r"<h2>(.*?)</h2>|<b>(.*?)</b>", source) for h in h if h]
    heads.remove("Where the rules are silent")  # the cards set each of its notes on the card it concerns
    assert len(heads) >= 25 and "How the table runs" in heads and "Home" in heads and "One die against one die" in heads
    sheets = len(open_pdf(cards[1]).pages)
    text = " ".join(" ".join(page_text(cards[1], n).split()) for n in range(sheets)).casefold()
    missing = [head for head in heads if " ".join(head.split()).casefold() not in text]
    assert not missing, f"the cards leave out {missing}"
    assert sheets == 2


def test_power_levels_are_the_rules(page):
    text = page_text(page[1])
    for level, numbers in (("Low", "3 +1 10 +3"), ("Medium", "5 +3 15 +5"), ("High", "10 +5 30 +10")):
        assert f"{level} {numbers}" in text


def test_the_reference_says_how_it_rounds_and_copies_as_plain_text(page):
    text = page_text(page[1]) + page_text(page[1], 1)
    assert "halves upwards" in text and "whole percent" in text
    assert "every figure worked out exactly" in text  # no ligature glyphs standing in for "fi"


def test_same_seed_code_same_bytes_and_a4_fits_one_sheet(page):
    assert reference()[1] == page[1]
    _, data = reference(paper="a4")
    assert page_sizes(open_pdf(data)) == [pytest.approx(PAPERS["a4"].size, abs=0.01)] * 2


def test_the_command_line_makes_it_and_refuses_an_unknown_size(tmp_path, capsys):
    out = tmp_path / "ref.pdf"
    assert main(["reference", "--system", "ascii-hack", "--size", "card", "--seed", "x", "-o", str(out)]) == 0
    assert out.exists()
    bad = tmp_path / "bad.pdf"
    assert main(["reference", "--system", "ascii-hack", "--size", "poster", "--seed", "x", "-o", str(bad)]) == 2
    assert not bad.exists()
    assert "size must be one of page, card" in capsys.readouterr().err

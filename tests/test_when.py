"""A layout element's `when`: and, or, not, parentheses, comparisons of numbers, lists; anything else refused
in one line naming the element, never read as false. Read back from the cards drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfutil import page_texts, run_cli

from printgen.cards import conditions
from printgen.errors import PrintgenError


def holds(text: str, **fields: str) -> bool:
    return conditions.parse(text, "layout.yaml: element 1").holds(fields)


@pytest.mark.parametrize("text, fields, expected", [
    ("{kind} == Hero or {kind} == Spell", {"kind": "Spell"}, True),
    ("{kind} == Hero or {kind} == Spell", {"kind": "Monster"}, False),
    ("{kind} == Hero and {cost} > 3", {"kind": "Hero", "cost": "4"}, True),
    ("{kind} == Hero and {cost} > 3", {"kind": "Hero", "cost": "3"}, False),
    ("{cost} <= 3", {"cost": "3.0"}, True),
    ("{cost} < 10", {"cost": "9"}, True),  # as numbers, not as text ("9" > "10")
    ("{cost} >= 2.5", {"cost": "2"}, False),
    ("{cost} == 3", {"cost": "3.00"}, True),
    ("{cost} > 3", {"cost": ""}, False),  # an empty column is no number
    ("not {flavour}", {"flavour": ""}, True),
    ("not {flavour}", {"flavour": "Tastes of iron."}, False),
    ("{flavour}", {"flavour": "  "}, False),
    ("not ({kind} == Hero or {kind} == Spell)", {"kind": "Place"}, True),
    ("{kind} in [Hero, Spell, 'Big Monster']", {"kind": "Big Monster"}, True),
    ("{kind} in [Hero, Spell]", {"kind": "hero"}, False),  # text exactly as written
    ("{type} == Item — Light", {"type": "Item — Light"}, True),
    ("{name} == 'Salt and Pepper'", {"name": "Salt and Pepper"}, True),
    ("{a} == {b}", {"a": "x", "b": "x"}, True),
    ("3 < {cost}", {"cost": "4"}, True),
    ("{kind} != Place", {}, True),
])
def test_conditions_read_as_written(text, fields, expected):
    assert holds(text, **fields) is expected


@pytest.mark.parametrize("text, words", [
    ("{kind} = Hero", "'=' stands alone"),
    ("{cost} > three", "> compares numbers, and 'three' is not one"),
    ("({kind} == Hero", "a '(' is not closed"),
    ("{kind} == Hero or", "a value is missing before the end"),
    ("{kind} == Salt and Pepper", "'Pepper' alone is no condition"),
    ("{kind} == Hero Spell)", "')' where the condition should end"),
    ("{kind} in Hero", "'in' takes a list in brackets"),
    ("{kind} in [Hero, Spell", "a '[' is not closed"),
    ("Monster", "'Monster' alone is no condition"),
    ("{} == x", "an empty {} names no column"),
    ("", "write a condition"),
    ("not " * 30 + "{a}", "nested more than 20 deep"),
])
def test_anything_else_is_refused_naming_the_element(text, words):
    with pytest.raises(PrintgenError) as refused:
        conditions.parse(text, "layout.yaml: element 4 (health)")
    message = str(refused.value)
    assert message.startswith("layout.yaml: element 4 (health): ") and words in message, message
    assert "\n" not in message


def test_a_value_that_is_no_number_is_an_error_naming_the_comparison():
    with pytest.raises(PrintgenError, match=r"\{cost\} is 'X', not a number, so \{cost\} > 3 cannot be decided"):
        holds("{cost} > 3", cost="X")


def test_the_columns_a_condition_reads():
    condition = conditions.parse("{kind} in [Hero, {other}] and not ({cost} > 3 or {Flavour})", "x")
    assert condition.columns == {"kind", "other", "cost", "flavour"}


names = st.sampled_from(["a", "b", "c"])
leaves = st.builds(lambda column, value: (f"{{{column}}} == {value}", lambda f: f[column] == value),
                   names, st.sampled_from(["x", "y"]))


def combined(children):
    return st.one_of(
        st.builds(lambda l, r: (f"({l[0]}) and ({r[0]})", lambda f: l[1](f) and r[1](f)), children, children),
        st.builds(lambda l, r: (f"({l[0]}) or ({r[0]})", lambda f: l[1](f) or r[1](f)), children, children),
        st.builds(lambda e: (f"not ({e[0]})", lambda f: not e[1](f)), children),
        st.builds(lambda l, r: (f"{l[0]} and {r[0]}", lambda f: l[1](f) and r[1](f)), leaves, leaves),
        st.builds(lambda l, r, m: (f"{l[0]} or {r[0]} and {m[0]}", lambda f: l[1](f) or (r[1](f) and m[1](f))),
                  leaves, leaves, leaves),
    )


@settings(max_examples=150, deadline=None)
@given(st.recursive(leaves, combined, max_leaves=8),
       st.fixed_dictionaries({name: st.sampled_from(["x", "y"]) for name in "abc"}))
def test_and_or_not_and_parentheses_hold_as_logic_says(expression, fields):
    text, truth = expression
    assert conditions.parse(text, "x").holds(fields) is truth(fields), text


LAYOUT = """\
elements:
  - type: text
    text: "{title}"
    y: 0
    height: 10mm
    size: 9
  - type: text
    text: "HEROIC"
    y: 20mm
    height: 10mm
    size: 9
    when: "{kind} == Hero or {kind} == Spell"
  - type: text
    text: "COSTLY"
    y: 40mm
    height: 10mm
    size: 9
    when: "{cost} > 3 and not ({kind} in [Spell])"
"""


def test_when_draws_an_element_on_exactly_the_cards_it_holds_for(tmp_path: Path):
    (tmp_path / "layout.yaml").write_text(LAYOUT)
    (tmp_path / "deck.csv").write_text("title,kind,cost\nAria,Hero,5\nBolt,Spell,4\nGoblin,Monster,9\n"
                                       "Rat,Monster,\nPage,Hero,2\n")
    result = run_cli("deck", "custom", "--data", "deck.csv", "--card-layout", "layout.yaml", "--seed", "s",
                     "--layout", "print-shop", "-o", "out.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    fronts = page_texts(tmp_path / "out.pdf")[0::2]
    drawn = {text.split()[0]: set(text.split()[1:]) for text in fronts}
    assert drawn == {"Aria": {"HEROIC", "COSTLY"}, "Bolt": {"HEROIC"}, "Goblin": {"COSTLY"}, "Rat": set(),
                     "Page": {"HEROIC"}}


def test_a_when_the_layout_cannot_read_stops_the_run_naming_the_element(tmp_path: Path):
    (tmp_path / "layout.yaml").write_text(LAYOUT.replace("{kind} == Hero or {kind} == Spell", "{kind} = Hero"))
    (tmp_path / "deck.csv").write_text("title,kind,cost\nAria,Hero,5\n")
    result = run_cli("deck", "custom", "--data", "deck.csv", "--card-layout", "layout.yaml", "--seed", "s",
                     "-o", "out.pdf", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "layout.yaml: element 2, when: '{kind} = Hero': '=' stands alone" in result.stderr
    assert not (tmp_path / "out.pdf").exists()


NUMBERED = """\
elements:
  - type: text
    text: "{title} is {@number} of {@total} ({@count})"
    y: 0
    height: 10mm
    size: 9
  - type: text
    text: "EARLY"
    y: 20mm
    height: 10mm
    size: 9
    when: "{@number} <= 5"
  - type: text
    text: "LAST"
    y: 40mm
    height: 10mm
    size: 9
    when: "{@number} == {@total}"
"""


def test_number_in_when_and_text_is_the_cards_own_and_total_and_count_the_decks(tmp_path: Path):
    (tmp_path / "layout.yaml").write_text(NUMBERED)
    (tmp_path / "deck.csv").write_text("title,count\nA,1\nB,3\nC,1\nD,2\n")  # 7 cards printed
    result = run_cli("deck", "custom", "--data", "deck.csv", "--card-layout", "layout.yaml", "--seed", "s",
                     "--layout", "print-shop", "-o", "out.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    fronts = [" ".join(text.split()) for text in page_texts(tmp_path / "out.pdf")[0::2]]
    assert fronts == ["A is 1 of 7 (7) EARLY", "B is 2 of 7 (7) EARLY", "B is 3 of 7 (7) EARLY",
                      "B is 4 of 7 (7) EARLY", "C is 5 of 7 (7) EARLY", "D is 6 of 7 (7)", "D is 7 of 7 (7) LAST"]

"""Fillable sheets: choices of one are radio groups, text fields say what letters they take; the words on sheets."""

import re

import pytest

from printgen.products import build
from printgen.seed import SeedCode
from printgen.sheets.draw import LATIN_NOTE

from pdfutil import open_pdf, page_texts, seed_code

SYSTEMS = ["roguelike", "amulet", "card-rogue", "ascii-hack", "rlrl"]
RADIO, NO_TOGGLE_TO_OFF = 1 << 15, 1 << 14
# The one word each game's rules give whoever runs the game; a game whose rules name no such role says GM.
ROLE_WORDS = {"roguelike": "Referee", "rlrl": "Dungeon Master"}
ROLES = re.compile(r"\b(GM|DM|[Gg]ame [Mm]aster|[Dd]ungeon [Mm]aster|[Rr]eferees?|[Nn]arrator)\b")


def sheets(system, count=None, fillable=True, per_page=1):
    code = seed_code("sheet", system, "forms", count=count, per_page=per_page, fillable=fillable)
    return build(code)


def radio_groups(pdf):
    return {str(f.T): f for f in pdf.Root.AcroForm.Fields if int(f.get("/Ff", 0)) & RADIO}


@pytest.mark.parametrize("system, group, choices", [
    ("ascii-hack", "p1_power", ["Low", "Medium", "High"]),
    ("ascii-hack", "p1_talent1_die", ["d4", "d6", "d8", "d10", "d12", "d20"]),
    ("ascii-hack", "p1_gear10_die", ["d4", "d6", "d8", "d10", "d12", "d20"]),
    ("ascii-hack", "p2_obstacle3_kind", ["Monster", "Trap", "Environ", "Puzzle"]),
    ("ascii-hack", "p2_obstacle1_trait1_die", ["d4", "d6", "d8", "d10", "d12", "d20"]),
    ("ascii-hack", "p4_bid18_side", ["For", "Against"]),
    ("card-rogue", "p1_character", ["Warrior", "Rogue", "Cleric", "Explorer", "Mage", "Bard"]),
])
def test_a_choice_of_one_is_a_radio_group_with_a_button_and_a_tooltip_per_choice(system, group, choices):
    pdf = open_pdf(sheets(system))
    field = radio_groups(pdf)[group]
    assert field.FT == "/Btn" and int(field.Ff) & NO_TOGGLE_TO_OFF and field.V == "/Off"
    states = []
    for kid in field.Kids:
        on = [key for key in kid.AP.N.keys() if key != "/Off"]
        assert len(on) == 1 and kid.AS == "/Off" and kid.Parent.objgen == field.objgen
        assert kid.AP.N[on[0]].read_bytes().strip() and kid.AP.N["/Off"].read_bytes().strip()
        states.append(on[0][1:])
        assert str(kid.TU).endswith(": " + on[0][1:])
    assert states == choices
    widgets = [a.objgen for page in pdf.pages for a in page.get("/Annots", [])]
    assert all(kid.objgen in widgets for kid in field.Kids)


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_sheet_asks_to_circle_a_choice(system):
    text = " ".join(" ".join(page_texts(sheets(system, fillable=False))).split()).lower()
    assert "circle one" not in text


def test_a_pre_rolled_choice_is_printed_filled_in_not_a_field():
    pdf = open_pdf(sheets("ascii-hack", count=1))
    groups = radio_groups(pdf)
    assert "p1_power" not in groups and "p1_talent1_die" not in groups  # rolled: printed with its choice marked
    assert "p1_talent12_die" in groups  # a talent row left for later is still a choice


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_text_field_says_it_takes_western_european_letters_and_its_font_has_them(system):
    pdf = open_pdf(sheets(system))
    text_fields = [f for f in pdf.Root.AcroForm.Fields if f.get("/FT") == "/Tx"]
    assert text_fields
    assert all(str(f.TU).endswith(f"({LATIN_NOTE})") for f in text_fields)
    font = pdf.Root.AcroForm.DR.Font.PGForm
    assert font.Encoding == "/WinAnsiEncoding"
    widths = dict(zip(range(int(font.FirstChar), int(font.LastChar) + 1), (int(w) for w in font.Widths)))
    for code in range(32, 256):
        try:
            letter = bytes([code]).decode("cp1252")
        except UnicodeDecodeError:
            continue
        assert widths[code] > 0 or not letter.isprintable(), code  # every letter the note promises has a glyph


@pytest.mark.parametrize("system", SYSTEMS)
def test_sheets_name_whoever_runs_the_game_as_its_rules_do(system):
    text = " ".join(page_texts(sheets(system, fillable=False)) + page_texts(sheets(system, count=2, fillable=False))
                    if system != "card-rogue" else page_texts(sheets(system, fillable=False)))
    found = {match.rstrip("s") for match in ROLES.findall(" ".join(text.split()))}
    assert found <= {ROLE_WORDS.get(system, "GM")}, found

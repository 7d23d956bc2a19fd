"""Fillable sheets: choices of one are radio groups, text fields say what letters they take; the words on sheets."""

import re

import pytest
from pdfutil import open_pdf, page_texts, seed_code

from printgen.products import build
from printgen.sheets.draw import LATIN_NOTE

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


def test_a_pre_rolled_fillable_choice_is_the_groups_value_for_the_player_to_change():
    pdf = open_pdf(sheets("ascii-hack", count=1))
    groups = radio_groups(pdf)
    power = groups["p1_power"]
    assert power.V in ("/Low", "/Medium", "/High")
    assert [str(kid.AS) for kid in power.Kids].count(str(power.V)) == 1  # the chosen button shows it
    assert groups["p1_talent1_die"].V != "/Off" and groups["p1_talent12_die"].V == "/Off"  # a row left for later


def test_a_pre_rolled_sheet_printed_without_forms_keeps_its_choices_in_print():
    pdf = open_pdf(sheets("ascii-hack", count=1, fillable=False))
    assert "/AcroForm" not in pdf.Root


@pytest.mark.parametrize("system", ["ascii-hack", "card-rogue", "roguelike"])
def test_buttons_look_the_same_in_poppler_after_a_third_party_filler_sets_them(system, tmp_path):
    """Every button has on and off appearances and /MK; Poppler draws what printgen drew, not its own guess."""
    import subprocess

    import pypdf
    from PIL import Image

    source = tmp_path / "blank.pdf"
    source.write_bytes(sheets(system))
    reader = pypdf.PdfReader(source)
    writer = pypdf.PdfWriter(clone_from=reader)
    chosen, left = {}, {}
    for field in reader.get_fields().values():
        states = [s for s in (field.get("/_States_") or []) if s != "/Off"]
        if states and (field.get("/Kids") or field.get("/FT") == "/Btn"):
            if field.name not in chosen and len(chosen) < 6:
                chosen[field.name] = states[-1]
            elif field.name not in chosen:
                left[field.name] = states[0]
    assert chosen
    for page in writer.pages:
        writer.update_page_form_field_values(page, chosen, auto_regenerate=False)
    filled = tmp_path / "filled.pdf"
    writer.write(filled)
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-f", "1", "-l", "1", str(filled), str(tmp_path / "page")],
                   check=True)
    image = Image.open(next(tmp_path.glob("page*.png"))).convert("L")
    pdf = open_pdf(filled)
    dark = {}
    for annot in pdf.pages[0].get("/Annots", []):
        name = str(annot.get("/T", annot.get("/Parent", {}).get("/T", "")))
        if annot.get("/FT", annot.get("/Parent", {}).get("/FT")) != "/Btn":
            continue
        x0, y0, x1, y1 = (float(v) * 100 / 72 for v in annot.Rect)
        box = (int(x0) + 1, int(image.height - y1) + 1, int(x1) - 1, int(image.height - y0) - 1)
        inked = sum(image.crop(box).histogram()[:128])
        dark.setdefault(name, []).append((str(annot.get("/AS")), inked, (box[2] - box[0], box[3] - box[1])))
        assert "/MK" in annot and "/CA" in annot.MK, name
        assert {"/Off"} < set(annot.AP.N.keys()), name
    for name, buttons in dark.items():
        for state, inked, size in buttons:
            # Beside the group's other buttons, or tick boxes of its size left off: what the filler chose is
            # marked, as printgen draws it, in the page Poppler draws.
            off = [i for s, i, _ in buttons if s == "/Off"] or [
                i for others in dark.values() for s, i, z in others if s == "/Off" and z == size]
            if state != "/Off" and off:
                assert inked > max(off), (name, state, inked, max(off))


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

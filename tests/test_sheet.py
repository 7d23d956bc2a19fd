"""Character sheets as files: pages, papers, fonts, form fields, seed codes, bad options."""

import json

import pikepdf
import pytest
from pdfutil import fonts, open_pdf, page_sizes, page_texts, run_cli, seed_code, subject

from printgen import products
from printgen.products import build
from printgen.units import PAPERS

SYSTEMS = ["roguelike", "amulet", "card-rogue", "ascii-hack", "rlrl"]
# Blank sheets, one to a page: how many pages each game's set has.
BLANK_PAGES = {"roguelike": 2, "amulet": 4, "card-rogue": 2, "ascii-hack": 4, "rlrl": 1}


def make(system, count=None, per_page=1, fillable=False, ink_saver=False, genre=None, fmt="pdf", paper="letter",
         seed="sheets"):
    code = seed_code("sheet", system, seed, paper=paper, count=count, per_page=per_page, fillable=fillable,
                     ink_saver=ink_saver, genre=genre, format=fmt)
    return code, build(code)


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_blank_sheets_pages_paper_fonts_and_seed_code(system, paper):
    code, data = make(system, paper=paper)
    pdf = open_pdf(data)
    sizes = page_sizes(pdf)
    assert len(sizes) == BLANK_PAGES[system]
    for w, h in sizes:
        assert (w, h) == pytest.approx(PAPERS[paper].size, abs=0.01)
    found = fonts(pdf)
    assert found and all(found.values()), found
    assert subject(pdf) == str(products.canonical(code))
    for page in pdf.pages:
        drawn = [op for _, op in pikepdf.parse_content_stream(page) if str(op) in ("re", "l", "c", "Tj", "TJ")]
        assert len(drawn) > 20  # something is drawn on every page


@pytest.mark.parametrize("system, count, per_page, pages", [
    ("roguelike", 5, 2, 3), ("roguelike", 3, 2, 2), ("roguelike", 8, 1, 8),
    ("amulet", 3, 2, 2), ("rlrl", 4, 2, 2), ("ascii-hack", 2, 1, 2),
])
def test_pre_rolled_pages(system, count, per_page, pages):
    _, data = make(system, count=count, per_page=per_page, genre="western" if system == "ascii-hack" else None)
    assert len(open_pdf(data).pages) == pages


def test_blank_per_page_fills_the_page_with_copies():
    _, data = make("card-rogue", per_page=4)
    assert len(open_pdf(data).pages) == 2  # four score sheets, then the equipment card on a page of its own
    _, data = make("roguelike", per_page=2)
    assert len(open_pdf(data).pages) == 2  # two records, then the reference to roll and choose from


def field_names(data):
    pdf = open_pdf(data)
    return {str(f.T): f for f in pdf.Root.AcroForm.Fields}, pdf


@pytest.mark.parametrize("system, expected", [
    ("roguelike", ["p1_name", "p1_occupation", "p1_race", "p1_level", "p1_rating_speed", "p1_rating_health",
                   "p1_loot_1", "p1_points_100", "p1_abilities_1"]),
    ("amulet", ["p1_name", "p1_health_100", "p1_health_50", "p1_health_1", "p1_slot_12", "p4_treasure_1",
                "p1_tokens_1", "p1_level_points_1"]),
    ("card-rogue", ["p1_player", "p1_max-health", "p1_attack", "p1_victory", "p1_potion_1", "p1_potion_6",
                    "p1_enemy1_health_20", "p2_slot_primary-hand", "p2_slot_feet"]),
    ("ascii-hack", ["p1_name", "p1_talent1_name", "p1_talent1_die", "p1_gear10_name", "p1_devices_1",
                    "p1_sustenance_20", "p1_illumination_0", "p1_escalation_10", "p1_ledger2_what",
                    "p2_obstacle1_name", "p2_obstacle3_total"]),
    ("rlrl", ["p1_name", "p1_hp_now", "p1_skill_Stab_6", "p1_skill_Disable-Trap_2", "p1_lockpicks_12",
              "p1_gold", "p1_spells_1", "p1_colour_dark-brown", "p1_inventory_1"]),
])
def test_fillable_sheets_have_the_named_fields_and_embedded_fonts(system, expected):
    _, data = make(system, fillable=True)
    names, pdf = field_names(data)
    for name in expected:
        assert name in names, name
    kinds = {str(f.FT) for f in names.values()}
    assert kinds == {"/Tx", "/Btn"}
    found = fonts(pdf)
    assert "/PGFRMA+CharisSIL" in found and all(found.values()), found
    for field in names.values():
        if field.FT == "/Tx":
            assert str(field.DA).startswith("/PGForm ")
    assert pdf.Root.AcroForm.DR.Font.PGForm.FontDescriptor.FontFile2.Length1 > 10000


def test_fillable_pre_rolled_sheets_hold_the_rolled_values_in_their_fields():
    _, data = make("roguelike", count=2, per_page=2, fillable=True)
    names, pdf = field_names(data)
    assert "p1s1_loot_1" in names and "p1s2_points_1" in names
    rolled = json.loads(build(seed_code("sheet", "roguelike", "sheets", count=2, format="json")))["characters"]
    assert str(names["p1s1_name"].V) == rolled[0]["name"]  # the player can change it
    assert rolled[0]["name"] not in " ".join(page_texts(data))  # and it is not printed under the field too
    assert len(pdf.pages) == 1


def test_fillable_two_up_fields_are_turned_with_the_sheet():
    _, data = make("rlrl", fillable=True, per_page=2)
    names, _ = field_names(data)
    assert int(names["p1s1_name"].MK.R) == 90


def test_same_code_same_bytes_and_options_change_them():
    a = make("roguelike", count=3, fillable=True)[1]
    assert a == make("roguelike", count=3, fillable=True)[1]
    assert a != make("roguelike", count=3, fillable=True, seed="other")[1]
    assert make("amulet", ink_saver=True)[1] != make("amulet")[1]


def test_json_is_deterministic_data():
    _, data = make("ascii-hack", count=3, genre="scifi", fmt="json")
    assert data == make("ascii-hack", count=3, genre="scifi", fmt="json")[1]
    doc = json.loads(data)
    assert data.decode() == json.dumps(doc, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    assert doc["genre"] == "scifi" and len(doc["characters"]) == 3
    assert doc["seed_code"].startswith("pg4:sheet:ascii-hack:sheets:") and "format=json" in doc["seed_code"]
    assert any(ch["topic"] == "Pre-rolled budget" for ch in doc["choices"])


def test_cli_writes_and_reproduces(tmp_path):
    out = tmp_path / "s.pdf"
    result = run_cli("sheet", "--system", "rlrl", "--count", "2", "--per-page", "2", "--seed", "cli", "-o", str(out))
    assert result.returncode == 0, result.stderr
    again = tmp_path / "again.pdf"
    result = run_cli("reproduce", str(out), "-o", str(again))
    assert result.returncode == 0, result.stderr
    assert again.read_bytes() == out.read_bytes()
    out_json = tmp_path / "s.json"
    result = run_cli("sheet", "--system", "roguelike", "--count", "2", "--format", "json", "--seed", "cli",
                     "-o", str(out_json))
    assert result.returncode == 0 and len(json.loads(out_json.read_text())["characters"]) == 2


@pytest.mark.parametrize("args, words", [
    (["--system", "roguelike", "--count", "0"], "count must be a whole number from 1 to 1000, not '0'"),
    (["--system", "ascii-hack", "--count", "2", "--genre", "steampunk"], "--genre must be one of fantasy, scifi, western, not 'steampunk'"),
    (["--system", "ascii-hack", "--per-page", "2"], "too big for 2 to a page; use --per-page 1"),
    (["--system", "amulet", "--per-page", "4"], "use --per-page 1 or 2"),
    (["--system", "roguelike", "--per-page", "4"], "too big for 4 to a page; use --per-page 1 or 2"),
    (["--system", "roguelike", "--per-page", "3"], "per-page must be one of 1, 2, 4, not '3'"),
    (["--system", "card-rogue", "--count", "4"], "card-rogue has no characters to roll"),
    (["--system", "rlrl", "--genre", "western"], "--genre is for ascii-hack, not rlrl"),
    (["--system", "rlrl", "--count", "2", "--blank"], "--blank and --count contradict"),
    (["--system", "rlrl", "--fillable", "--format", "json"], "leave it out with --format json"),
    (["--system", "nethack"], "--system must be one of amulet, ascii-hack, card-rogue, rlrl, roguelike, not 'nethack'"),
])
def test_bad_options_are_one_clear_line(tmp_path, args, words):
    out = tmp_path / "never.pdf"
    result = run_cli("sheet", *args, "--seed", "x", "-o", str(out))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr
    assert not out.exists()


def test_large_counts_report_progress_on_stderr_only(tmp_path):
    out = tmp_path / "many.pdf"
    result = run_cli("sheet", "--system", "roguelike", "--count", "100", "--per-page", "2", "--seed", "many",
                     "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "drew 50 of 100 sheets" in result.stderr and "drew 100 of 100 sheets" in result.stderr
    assert "drew" not in result.stdout
    assert len(open_pdf(out.read_bytes()).pages) == 50


@pytest.mark.parametrize("per_page", [1, 4])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_equipment_card_slots_take_a_poker_card_on_a_page_of_its_own(paper, per_page):
    from printgen.units import mm

    _, data = make("card-rogue", fillable=True, paper=paper, per_page=per_page)
    names, pdf = field_names(data)
    width, height = PAPERS[paper].size
    # The slots are drawn as dashed rounded rectangles; their write-in fields sit inside them.
    slots = [names[f"p2_slot_{n}"] for n in ("primary-hand", "secondary-hand", "head", "chest", "feet")]
    for slot in slots:
        x0, y0, x1, y1 = (float(v) for v in slot.Rect)
        assert x1 - x0 >= mm(63.5) - 12  # the field is inset 6 pt each side within a slot of at least 63.5 mm
        assert 0 < x0 and x1 < width


def test_blank_rlrl_sheet_starts_every_skill_at_1d6():
    _, data = make("rlrl", fillable=True)
    names, _ = field_names(data)
    skills = ["Stab", "Throw", "Archery", "Jump", "Climb", "Run", "Steal", "Lockpick", "Disable-Trap", "Stealth",
              "Hack", "Magic", "Search"]
    for skill in skills:
        assert f"p1_skill_{skill}_1" not in names  # printed shaded, not a blank
        assert all(f"p1_skill_{skill}_{k}" in names for k in range(2, 7))


@pytest.mark.parametrize("per_page", [1, 2])
def test_every_rolled_line_is_printed_whatever_the_size(per_page):
    pdfium = pytest.importorskip("pypdfium2")
    code, data = make("roguelike", count=4, per_page=per_page, fmt="pdf", seed="kit")
    chars = json.loads(make("roguelike", count=4, fmt="json", seed="kit")[1])["characters"]
    doc = pdfium.PdfDocument(data)
    text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    flat = " ".join(text.split())
    assert flat.count("3 Rations") == 4 and flat.count("Rusty Dagger (WDR 1)") == 4
    for char in chars:
        assert char["name"] in flat
        for item in char["spells"] + char["miracles"]:
            assert item["name"] in flat


def test_form_fields_have_tooltips_a_tab_order_and_drawable_appearances():
    pdf = open_pdf(make("roguelike", fillable=True)[1])
    widgets = [a for page in pdf.pages for a in page.get("/Annots", [])]
    assert len(widgets) > 50
    assert all(str(w.TU).strip() for w in widgets)
    assert any(str(w.TU).startswith("Character name") for w in widgets)
    assert all(page.Tabs == "/R" for page in pdf.pages if "/Annots" in page)
    for widget in widgets:
        for appearance in widget.AP.N.values() if isinstance(widget.AP.N, pikepdf.Dictionary) else [widget.AP.N]:
            assert appearance.read_bytes().strip()  # an empty stream reads as truncated data in some viewers


@pytest.mark.parametrize("system, field, value", [
    ("roguelike", "p1_rating_speed", lambda c: str(c["ratings"]["speed"])),
    ("ascii-hack", "p1_ledger1_what", lambda c: c["ledger"][0]["what"]),
])
def test_a_fillable_pre_rolled_sheet_holds_its_rolled_numbers_in_fields(system, field, value):
    _, data = make(system, count=1, fillable=True)
    names, _ = field_names(data)
    rolled = json.loads(build(seed_code("sheet", system, "sheets", count=1, format="json")))["characters"][0]
    assert str(names[field].V) == value(rolled)

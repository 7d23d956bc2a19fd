"""Custom decks as a designer meets them: the data file's traps, choosing rows, the deck card, card sizes,
drafts. Everything read back from what printgen writes: the file's pages and boxes, its text, its messages."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfutil import open_pdf, page_texts, run_cli

ROOT = Path(__file__).resolve().parent.parent


def refused(result, *words: str) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def made(result) -> None:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def deck(tmp_path: Path, *extra: str, data: str = "deck.csv", out: str = "out.pdf"):
    """The custom deck made in its folder, as a designer runs it there."""
    return run_cli("deck", "custom", "--data", data, "--seed", "s", "-o", out, *extra, cwd=tmp_path)


# YAML files ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, text, place", [
    ("deck.yaml", "cards:\n  - title: Goblin\n    body: [a sword\n", "line 4, column 1"),
    ("deck.yaml", "cards:\n  - title: Goblin\n   body: x\n", "line 3, column 4"),
    ("layout.yaml", "elements:\n  - type: text\n    text: \"{title}\n", "line 4, column 1"),
    ("layout.yaml", "elements:\n  - type: text\n    text: {title}}\n", "line 3, column 18"),
])
def test_a_yaml_mistake_names_the_file_line_and_column(tmp_path, name, text, place):
    (tmp_path / name).write_text(text)
    if name == "deck.yaml":
        result = deck(tmp_path, data=name)
    else:
        (tmp_path / "deck.csv").write_text("title\nGoblin\n")
        result = deck(tmp_path, "--card-layout", name)
    refused(result, f"{name}: {place}: not readable as YAML")
    assert not (tmp_path / "out.pdf").exists()


# The data file ------------------------------------------------------------------------------------------

CSV = ("title,body,count,power\nFire Bolt,Deal 3 damage.,1,3\nShield,Block the next hit.,1,\n"
       "Potion,Heal 2.,1,\n\nScroll,Read it.,1,\nRope,Climb down.,1,\n")


def json_cards(tmp_path: Path, *extra: str, data: str = "deck.csv") -> dict:
    import json

    made(deck(tmp_path, "--format", "json", "--force", *extra, data=data, out="deck.json"))
    return json.loads((tmp_path / "deck.json").read_text())


def test_title_names_a_csv_deck_on_its_cards(tmp_path):
    (tmp_path / "lantern_crawl.csv").write_text(CSV)
    assert json_cards(tmp_path, data="lantern_crawl.csv")["title"] == "Lantern Crawl"  # the file's name
    titled = json_cards(tmp_path, "--title", "The Sunken Keep", data="lantern_crawl.csv")
    assert titled["title"] == "The Sunken Keep"
    result = deck(tmp_path, "--title", "The Sunken Keep", data="lantern_crawl.csv")
    made(result)
    texts = page_texts(tmp_path / "out.pdf")
    assert "The Sunken Keep" in texts[0] and "The Sunken Keep 1/5" in texts[0]  # the deck card and each index
    assert "The Sunken Keep" in texts[1]  # the backs
    assert "title=The%20Sunken%20Keep" in result.stderr
    refused(run_cli("deck", "weapons", "--system", "roguelike", "--title", "Mine"), "--title is for")


def test_rows_makes_only_the_rows_named_by_the_numbers_messages_use(tmp_path):
    (tmp_path / "deck.csv").write_text(CSV)
    every = [card["title"] for card in json_cards(tmp_path)["cards"]]
    assert every == ["Fire Bolt", "Shield", "Potion", "Scroll", "Rope"]
    chosen = json_cards(tmp_path, "--rows", "6, 2-3")
    assert [card["title"] for card in chosen["cards"]] == ["Fire Bolt", "Shield", "Scroll"]  # row 5 is blank
    assert [card["source"] for card in chosen["cards"]] == ["deck.csv: row 2", "deck.csv: row 3", "deck.csv: row 6"]
    result = deck(tmp_path, "--rows", "6,2-3,3")
    made(result)
    assert ",rows=2-3_6" in result.stderr  # sorted and merged: one choice, one code
    code = result.stderr.split("seed code: ")[1].strip()
    made(run_cli("reproduce", code, "-o", "again.pdf", cwd=tmp_path))
    assert (tmp_path / "again.pdf").read_bytes() == (tmp_path / "out.pdf").read_bytes()
    assert "1/3" in page_texts(tmp_path / "out.pdf")[0]
    refused(deck(tmp_path, "--rows", "9"), "--rows 9: deck.csv ends at row 7, so row 9 is not in it")
    refused(deck(tmp_path, "--rows", "1,5"), "--rows 1,5: no card of deck.csv stands in those rows")
    refused(deck(tmp_path, "--rows", "2-x"), "--rows '2-x': '2-x' is not a row or a range of rows")
    refused(deck(tmp_path, "--rows", "4-2"), "'4-2' is no range of rows")


def test_rows_of_a_yaml_deck_are_its_cards_from_one(tmp_path):
    (tmp_path / "deck.yaml").write_text("cards:\n" + "".join(f"  - title: Card {n}\n    body: b\n" for n in range(1, 5)))
    chosen = json_cards(tmp_path, "--rows", "2,4", data="deck.yaml")
    assert [card["title"] for card in chosen["cards"]] == ["Card 2", "Card 4"]
    refused(deck(tmp_path, "--rows", "7", data="deck.yaml"), "deck.yaml ends at card 4")


def workbook_with_formula(path: Path, saved: str | None) -> None:
    """A workbook whose C3 is =B3*2, with ``saved`` as the value the spreadsheet worked out (None: none, as a
    program that writes formulas without working them out saves it)."""
    import re
    import zipfile

    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    for row in (["title", "body", "power"], ["Fire Bolt", "Deal 3.", 3], ["Blast", "Deal more.", "=B3*2"]):
        sheet.append(row)
    workbook.save(path)
    if saved is None:
        return
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    sheet_xml = entries["xl/worksheets/sheet1.xml"].decode()
    entries["xl/worksheets/sheet1.xml"] = re.sub(r"(<c r=\"C3\"[^>]*><f>[^<]*</f>)(<v>\s*</v>|<v/>)?",
                                                 rf"\1<v>{saved}</v>", sheet_xml).encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)


def test_an_xlsx_formula_without_a_saved_value_is_refused_naming_its_cell(tmp_path):
    workbook_with_formula(tmp_path / "deck.xlsx", None)
    refused(deck(tmp_path, data="deck.xlsx"), "deck.xlsx: cell C3 holds the formula =B3*2 but no value worked out "
                                             "for it")
    assert not (tmp_path / "out.pdf").exists()
    workbook_with_formula(tmp_path / "saved.xlsx", "6")
    cards = json_cards(tmp_path, data="saved.xlsx")["cards"]
    assert [stat for stat in cards[1]["stats"]] == [{"label": "power", "value": "6", "note": ""}]


def test_a_missing_deck_file_names_every_kind_printgen_reads(tmp_path):
    refused(deck(tmp_path, data="cards.csv"), "cards.csv: no such file; give the deck's .csv, .xlsx, .yaml or .yml "
                                              "file with --data")
    refused(run_cli("deck", "custom"), "give --data FILE (a .csv, .xlsx, .yaml or .yml file)")


def test_a_column_no_element_shows_is_named_beside_the_column_the_layout_misses(tmp_path):
    (tmp_path / "layout.yaml").write_text("extends: builtin:illustrated\n")
    (tmp_path / "deck.csv").write_text("title,body,notes,count\nGoblin,Hits hard.,x,1\n")
    result = deck(tmp_path, "--card-layout", "layout.yaml")
    made(result)
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == ["printgen: warning: deck.csv: no element of layout.yaml shows the columns body, notes; it "
                        "reads cost, flavour, picture, text, type, which deck.csv does not have: rename one to "
                        "match the other"]
    assert "Hits hard" not in page_texts(tmp_path / "out.pdf")[0]  # as the warning says
    (tmp_path / "deck.csv").write_text("title,text,count\nGoblin,Hits hard.,1\n")
    result = deck(tmp_path, "--card-layout", "layout.yaml", out="shown.pdf")
    made(result)
    assert "warning" not in result.stderr  # every column shown; a built-in element's column may be missing


def test_a_picture_column_without_a_layout_is_drawn_as_a_picture(tmp_path):
    from test_inline import images_in
    from test_layouts import png

    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "goblin.png").write_bytes(png((60, 40)))
    (tmp_path / "deck.csv").write_text("title,body,kicker,picture,power,speed\n"
                                       "Goblin King,Every goblin gets +1 power.,Monster — Boss,pictures/goblin.png,5,2\n")
    result = deck(tmp_path)
    made(result)
    assert "card-layout=builtin%3Aillustrated-deck" in result.stderr
    assert images_in((tmp_path / "out.pdf").read_bytes()) == [(60, 40)]
    text = page_texts(tmp_path / "out.pdf")[0]
    assert "goblin.png" not in text and "PICTURE\r\n" not in text.upper()  # no stat box named picture
    assert "Power 5 · Speed 2" in text and "Monster — Boss" in text and "Every goblin gets +1 power." in text
    code = result.stderr.split("seed code: ")[1].strip()
    made(run_cli("reproduce", code, "-o", "again.pdf", cwd=tmp_path))
    assert (tmp_path / "again.pdf").read_bytes() == (tmp_path / "out.pdf").read_bytes()


def test_a_built_in_layout_by_name_and_stats_in_a_layout_of_your_own(tmp_path):
    (tmp_path / "deck.csv").write_text("title,kicker,body,power,cost,count\nBolt,Spell,Deal 3.,3,1,1\n")
    made(deck(tmp_path, "--card-layout", "builtin:printgen", "--layout", "print-shop"))
    assert "Deal 3." in page_texts(tmp_path / "out.pdf")[0]
    (tmp_path / "layout.yaml").write_text("elements:\n  - type: text\n    text: '{title}: {@stats}'\n")
    result = deck(tmp_path, "--card-layout", "layout.yaml", "--layout", "print-shop", out="own.pdf")
    made(result)
    assert "warning" not in result.stderr  # {@stats} shows every column no element names
    words = " ".join(page_texts(tmp_path / "own.pdf")[0].split())
    assert "Bolt: Kicker Spell · Body Deal 3. · Power 3 · Cost 1" in words
    refused(deck(tmp_path, "--card-layout", "builtin:fancy"), "no built-in layout 'fancy'; the built-in layouts are: "
                                                              "illustrated, illustrated-deck, printgen")


# The deck card ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("place, sheets, card_page", [("first", 7, 0), ("last", 7, 12), ("none", 6, None)])
def test_the_deck_card_first_last_or_none(tmp_path, place, sheets, card_page):
    """54 cards, nine to a sheet: with the deck card first or last they take seven sheets, without it six."""
    from pdfutil import subject

    (tmp_path / "deck.csv").write_text("title,body\n" + "".join(f"Card {n},Text {n}.\n" for n in range(1, 55)))
    result = deck(tmp_path, "--deck-card", place)
    made(result)
    code = result.stderr.split("seed code: ")[1].strip()
    pages = page_texts(tmp_path / "out.pdf")
    assert len(pages) == 2 * sheets  # each sheet of fronts followed by its backs
    scanned = [index for index, text in enumerate(pages) if "Scan the code" in text]
    assert scanned == ([] if card_page is None else [card_page])
    with open_pdf(tmp_path / "out.pdf") as pdf:
        assert subject(pdf) == code  # the code in the metadata whatever the deck card
    footer = "".join(pages[0].split())
    assert code.replace(",", "") in footer.replace(",", "")  # and in every page's footer
    assert ("deck-card=" + place in code) == (place != "first")

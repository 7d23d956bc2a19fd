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
    assert "Deck 1/5" in page_texts(tmp_path / "out.pdf")[0]  # its number in the whole deck
    assert "Deck 4/5" in page_texts(tmp_path / "out.pdf")[0]
    refused(deck(tmp_path, "--rows", "9"), "--rows 9: deck.csv ends at row 7, so row 9 is not in it")
    refused(deck(tmp_path, "--rows", "5"), "--rows 5: no card of deck.csv stands in those rows")
    refused(deck(tmp_path, "--rows", "2-x"), "--rows '2-x': '2-x' is not a row or a range of rows")
    refused(deck(tmp_path, "--rows", "4-2"), "'4-2' runs backwards")


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
    assert warnings == ["printgen: warning: deck.csv: no element of layout.yaml shows the column notes; it "
                        "reads cost, flavour, picture, type, which deck.csv does not have: rename one to "
                        "match the other"]
    assert "Hits hard" in page_texts(tmp_path / "out.pdf")[0]  # body is text by its other name
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


# Any card size -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("typed, written", [
    ("63x88mm", "63x88mm"), ("63 x 88 MM", "63x88mm"), ("63.50×88.0mm", "63.5x88mm"), ("2.5x3.5in", "poker"),
    ("63.5x88.9mm", "poker"), ("88.9x63.5mm", "88.9x63.5mm"), ("Tarot", "tarot"), ("70x120mm", "70x120mm"),
])
def test_a_card_size_is_written_one_way(typed, written):
    from printgen.cards import any_size

    assert any_size.canonical(typed) == written


def test_any_card_size_on_sheets_and_for_a_print_shop(tmp_path):
    from pdfutil import line_segments

    from printgen.units import mm

    (tmp_path / "deck.csv").write_text(CSV.replace(",1,", ",2,"))  # two of each: a full first sheet, marks round all
    result = deck(tmp_path, "--card-size", "88 x 63 mm", "--crop-marks", "full")
    made(result)
    assert "card-size=88x63mm" in result.stderr
    with open_pdf(tmp_path / "out.pdf") as pdf:
        marks = [s for s in line_segments(pdf, 0) if s.width < 0.3]  # the thin crop marks on every cut
        cuts = sorted({round(s.x0, 2) for s in marks if abs(s.x0 - s.x1) < 1e-6})
        rows = sorted({round(s.y0, 2) for s in marks if abs(s.y0 - s.y1) < 1e-6})
    assert len(cuts) == 3 and len(rows) == 5  # two landscape cards across Letter, four down
    assert [b - a for a, b in zip(cuts, cuts[1:])] == pytest.approx([mm(88)] * 2, abs=0.02)
    assert [b - a for a, b in zip(rows, rows[1:])] == pytest.approx([mm(63)] * 4, abs=0.02)
    made(deck(tmp_path, "--card-size", "2.5x3.75in", "--layout", "print-shop", "--bleed", "3", out="shop.pdf"))
    with open_pdf(tmp_path / "shop.pdf") as pdf:
        page = pdf.pages[0]
        trim = [float(v) for v in page.TrimBox]
        media = [float(v) for v in page.MediaBox]
    assert trim[2] - trim[0] == pytest.approx(2.5 * 72) and trim[3] - trim[1] == pytest.approx(3.75 * 72)
    assert media[2] == pytest.approx(2.5 * 72 + 2 * mm(3)) and media[3] == pytest.approx(3.75 * 72 + 2 * mm(3))


@pytest.mark.parametrize("vendor, size, words", [
    ("thegamecrafter", "63x88mm", "The Game Crafter does not make 63 × 88 mm cards; the nearest it makes is poker, "
                                  "63.5 × 88.9 mm (--card-size poker)"),
    ("makeplayingcards", "120x70mm", "the nearest it makes is tarot on its side, 120.65 × 69.85 mm (--card-size "
                                     "120.65x69.85mm)"),
    ("makeplayingcards", "square", "MakePlayingCards does not make square, 63.5 × 63.5 mm"),
])
def test_a_print_shop_refuses_a_size_it_does_not_make_naming_the_nearest(tmp_path, vendor, size, words):
    (tmp_path / "deck.csv").write_text(CSV)
    refused(deck(tmp_path, "--vendor", vendor, "--card-size", size, out="cards.zip"), words)
    assert not (tmp_path / "cards.zip").exists()


def test_a_card_on_its_side_goes_to_a_print_shop_at_its_size_turned(tmp_path):
    import zipfile

    from PIL import Image

    (tmp_path / "deck.csv").write_text(CSV)
    made(deck(tmp_path, "--vendor", "thegamecrafter", "--card-size", "3.5x2.5in", out="cards.zip"))
    with zipfile.ZipFile(tmp_path / "cards.zip") as archive:
        sizes = {Image.open(archive.open(name)).size for name in archive.namelist()}
    assert sizes == {(1125, 825)}


@pytest.mark.parametrize("size, words", [
    ("10x50mm", "a width of 10 mm; give each side from 20 to 300 mm"),
    ("pokre", "'pokre' is neither a named size (poker, bridge, tarot, mini, square) nor a width by a height"),
    ("63x88", "nor a width by a height in mm or in, e.g. 63x88mm, 2.5x3.5in or 88x63mm"),
    ("250x250mm", "a 250x250mm card with 3 mm bleed does not fit on this paper"),
])
def test_a_card_size_that_cannot_be_is_refused_in_one_line(tmp_path, size, words):
    (tmp_path / "deck.csv").write_text(CSV)
    refused(deck(tmp_path, "--card-size", size), words)


def test_a_seed_code_naming_a_size_another_way_is_refused():
    refused(run_cli("reproduce", "pg4:deck:roguelike:s:card-size=63.5x88.9mm,deck=weapons"),
            "--card-size 63.5x88.9mm is the poker size, which printgen writes poker")


# Drafts, and every failing card named ---------------------------------------------------------------------

DRAFT_LAYOUT = """\
elements:
  - name: art
    type: image
    src: "{picture}"
    height: 40%
  - name: words
    type: text
    text: "{text}"
    y: 50%
    height: 12mm
    size: 9
    min-size: 6
"""
LONG = "So many words that they cannot fit the box at all and not even at the smallest size there is. " * 6


def draft_deck(tmp_path: Path) -> None:
    from test_layouts import png

    (tmp_path / "layout.yaml").write_text(DRAFT_LAYOUT)
    (tmp_path / "p.png").write_bytes(png())
    (tmp_path / "deck.csv").write_text(f"title,picture,text\nGood,p.png,Short.\nWordy,p.png,{LONG}\n"
                                       f"Lost,gone.png,Short.\nFine,p.png,Short too.\nChatty,p.png,{LONG}\n")


def red_strokes(data: bytes, page: int) -> list[tuple[float, ...]]:
    """The rectangles stroked in a draft's red on a page, in page space (x, y, width, height)."""
    from pdfutil import apply, painting

    pdf, found, rects = open_pdf(data), [], []
    for painted in painting(pdf.pages[page]):  # pdf held: its pages live as long as it does
        if painted.op == "re":
            rects.append((painted.ctm, painted.stroke, tuple(float(v) for v in painted.operands)))
        elif painted.op in ("S", "s", "B", "b") and rects:
            for matrix, colour, (x, y, w, h) in rects:
                if colour == (0.85, 0.1, 0.1):
                    x0, y0 = apply(matrix, x, y)
                    x1, y1 = apply(matrix, x + w, y + h)
                    found.append((x0, y0, x1 - x0, y1 - y0))
            rects = []
        elif painted.op == "n":
            rects = []
    return found


def test_a_failing_run_names_every_card_that_cannot_be_made(tmp_path):
    draft_deck(tmp_path)
    result = deck(tmp_path, "--card-layout", "layout.yaml", "--layout", "print-shop")
    refused(result, "3 cards cannot be made (--draft makes every card and marks these on it): ",
            "deck.csv: row 3 (Wordy): layout.yaml: element 2 (words): the text does not fit its box even at 6 pt",
            "deck.csv: row 4 (Lost): layout.yaml: element 1 (art), src: 'gone.png': no such file",
            "deck.csv: row 6 (Chatty): layout.yaml: element 2 (words): the text does not fit")
    assert not (tmp_path / "out.pdf").exists()


def test_a_draft_makes_every_card_marks_each_problem_and_lists_them(tmp_path):
    from printgen.units import mm

    draft_deck(tmp_path)
    result = deck(tmp_path, "--card-layout", "layout.yaml", "--layout", "print-shop", "--draft")
    made(result)
    warnings = [line.removeprefix("printgen: warning: ") for line in result.stderr.splitlines() if "warning" in line]
    warnings = warnings[warnings.index("draft: 3 problems, each marked in red on its card:"):]  # at the end
    assert warnings[1].startswith("deck.csv: row 3 (Wordy): layout.yaml: element 2 (words): the text does not fit")
    assert warnings[2].startswith("deck.csv: row 4 (Lost): layout.yaml: element 1 (art), src: 'gone.png'")
    assert warnings[3].startswith("deck.csv: row 6 (Chatty)")
    assert "draft=yes" in result.stderr
    data = (tmp_path / "out.pdf").read_bytes()
    texts = page_texts(data)
    assert len(texts) == 10  # every card, front and back
    bleed, height = mm(3), mm(88.9)
    words_box = (bleed, bleed + height * 0.5 - mm(12), mm(63.5), mm(12))
    art_box = (bleed, bleed + height * 0.6, mm(63.5), height * 0.4)
    marked = {page // 2: red_strokes(data, page) for page in range(0, 10, 2)}
    assert marked[0] == [] and marked[3] == []
    assert marked[1] == [pytest.approx(words_box, abs=0.01)] == marked[4]  # the overfull text outlined
    assert marked[2] == [pytest.approx(art_box, abs=0.01)]  # the missing picture crossed
    assert "So many words" in texts[2]  # set at its smallest, cut off at its box
    assert "Short." in texts[4]


def test_a_plain_deck_names_every_card_and_a_draft_asks_for_a_layout(tmp_path):
    (tmp_path / "deck.csv").write_text(f"title,body\nGood,Short.\nWordy,{LONG * 4}\nChatty,{LONG * 4}\n")
    refused(deck(tmp_path, "--card-size", "mini"), "2 cards cannot be made: deck.csv: row 3 (Wordy): ",
            " | deck.csv: row 4 (Chatty): ")
    refused(deck(tmp_path, "--draft"), "--draft marks what is wrong on a deck drawn by a layout; add --card-layout "
                                       "builtin:printgen")


def test_a_draft_sets_a_one_line_text_on_one_line_cut_at_its_box(tmp_path):
    from test_inline import letters

    (tmp_path / "layout.yaml").write_text("elements:\n  - type: text\n    text: '{title}'\n    x: 5mm\n    y: 5mm\n"
                                          "    width: 30mm\n    height: 6mm\n    size: 12\n    min-size: 8\n"
                                          "    wrap: false\n")
    title = "The Exceedingly Long Name Of A Card That Cannot Fit"
    (tmp_path / "deck.csv").write_text(f"title\n{title}\n")
    made(deck(tmp_path, "--card-layout", "layout.yaml", "--layout", "print-shop", "--draft"))
    found = letters((tmp_path / "out.pdf").read_bytes(), origins=True)
    assert {base for *_, base in found} == {found[0][-1]}  # one baseline: not wrapped
    assert {size for _, _, size, _, _ in found} == {8.0}  # at its smallest
    assert "".join(letter for letter, *_ in found).startswith("TheExceedinglyLong")  # its start, not cut off


def test_rows_keep_the_numbers_of_the_whole_deck_and_refuse_the_header(tmp_path):
    (tmp_path / "deck.csv").write_text("title,body,count\nA,a,1\nB,b,2\nC,c,1\nD,d,1\nE,e,3\nF,f,1\n")  # 9 cards
    made(deck(tmp_path, "--rows", "4,6"))
    texts = " ".join(page_texts(tmp_path / "out.pdf"))
    assert "Deck 4/9" in texts and "Deck 6/9" in texts and "Deck 8/9" in texts, texts
    assert "1/4" not in texts and "/4" not in texts
    (tmp_path / "layout.yaml").write_text("elements:\n  - type: text\n    text: '{title} {@number} of {@total}'\n")
    made(deck(tmp_path, "--rows", "4,6", "--card-layout", "layout.yaml", "--layout", "print-shop", "--force"))
    fronts = [" ".join(text.split()) for text in page_texts(tmp_path / "out.pdf")[0::2]]
    assert fronts == ["C 4 of 9", "E 6 of 9", "E 7 of 9", "E 8 of 9"], fronts
    refused(deck(tmp_path, "--rows", "1-3"), "--rows 1-3: row 1 of deck.csv is its header; its first card is on "
                                             "row 2")
    (tmp_path / "deck.yaml").write_text("cards:\n" + "".join(f"  - title: Card {n}\n    body: b\n" for n in range(1, 5)))
    made(deck(tmp_path, "--rows", "1", "--force", data="deck.yaml"))  # a YAML file has no header: its cards count from 1


def test_icons_and_spans_print_in_printgens_own_look_too(tmp_path):
    from test_inline import forms, letters
    from test_layouts import SVG

    (tmp_path / "coin.svg").write_bytes(SVG)
    (tmp_path / "deck.csv").write_text("title,body\nGold,Gain 2 {icon:two-coins} and {color:darkred|**Sticky**} "
                                       "{icon:coin.svg}.\n")
    result = deck(tmp_path, "--layout", "print-shop")
    made(result)
    data = (tmp_path / "out.pdf").read_bytes()
    placed = [name for name, _, _ in forms(data)]
    assert "pgicon-two-coins" in placed and any(name.startswith("pgpic") for name in placed), placed
    text = "".join(letter for letter, *_ in letters(data))
    assert "{icon:" not in text and "{color" not in text and "Sticky" in text, text
    sticky = [colour for letter, _, _, colour in letters(data) if letter == "S"]
    assert sticky == [(139, 0, 0)]
    assert "pictures-sha256=" in result.stderr  # the picture it reads is in the seed code
    code = result.stderr.split("seed code: ")[1].strip()
    (tmp_path / "coin.svg").write_bytes(SVG.replace(b"00a000", b"a00000"))
    refused(run_cli("reproduce", code, "-o", "again.pdf", cwd=tmp_path), "are not the ones this seed code was made")


def test_text_and_body_are_one_column_and_a_near_name_is_guessed(tmp_path):
    (tmp_path / "deck.csv").write_text("title,text,cost\nBolt,Deal 3 damage.,2\n")
    made(deck(tmp_path, "--layout", "print-shop"))
    assert "Deal 3 damage." in page_texts(tmp_path / "out.pdf")[0]  # the plain look reads text as its body
    for layout in ("builtin:printgen", "builtin:illustrated", "builtin:illustrated-deck"):
        result = deck(tmp_path, "--layout", "print-shop", "--card-layout", layout, "--force")
        made(result)
        front = page_texts(tmp_path / "out.pdf")[0]
        assert "Deal 3 damage." in front and "2" in front.replace("1/1", ""), (layout, front)  # the cost shown
        assert "warning" not in result.stderr, result.stderr
    (tmp_path / "deck.csv").write_text("title,body\nBolt,Deal 3 damage.\n")
    (tmp_path / "layout.yaml").write_text("elements:\n  - type: text\n    text: '{title}: {text}'\n")
    result = deck(tmp_path, "--layout", "print-shop", "--card-layout", "layout.yaml", "--force")
    made(result)
    assert "Bolt: Deal 3 damage." in page_texts(tmp_path / "out.pdf")[0]
    assert "warning" not in result.stderr, result.stderr
    (tmp_path / "layout.yaml").write_text("elements:\n  - type: text\n    text: '{titel}'\n")
    refused(deck(tmp_path, "--card-layout", "layout.yaml"), "no column 'titel' in deck.csv", "did you mean title?")
    (tmp_path / "deck.csv").write_text("titel,body\nBolt,Deal 3 damage.\n")
    refused(deck(tmp_path), "deck.csv: no 'title' column ('titel' is near it: name it title)")

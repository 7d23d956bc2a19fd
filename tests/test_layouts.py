"""Custom decks in a layout of their own: where elements land, text fitting, when, XLSX, pictures, hostile files."""

from __future__ import annotations

import io
import json
import os
import re
import struct
import zipfile
import zlib
from pathlib import Path

import pikepdf
import pytest
from pdfutil import apply, open_pdf, page_texts, painting, run_cli
from PIL import Image

from printgen.cards import card_design
from printgen.cards.card_design import Length
from printgen.errors import PrintgenError
from printgen.units import mm

ROOT = Path(__file__).resolve().parent.parent
POKER = (mm(63.5), mm(88.9))


def refused(result, words: str) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def deck_folder(tmp_path: Path, layout: str, rows: str, pictures: dict[str, bytes] | None = None) -> Path:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "deck.csv").write_text(rows)
    (tmp_path / "layout.yaml").write_text(layout)
    for name, data in (pictures or {}).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    return tmp_path


def make(folder: Path, *extra: str, data: str = "deck.csv", out: str = "out.pdf"):
    """The deck made in its folder, as a designer runs it there (short paths keep the seed code short)."""
    return run_cli("deck", "custom", "--data", data, "--card-layout", "layout.yaml", "--seed", "s", "-o", out, *extra,
                   cwd=folder)


def png(size=(40, 30), colour=(200, 30, 30), mode="RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, colour).save(out, "PNG")
    return out.getvalue()


def jpeg(size=(40, 30), colour=(30, 30, 200)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "JPEG", quality=90)
    return out.getvalue()


SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" width="20" height="10">'
       b'<rect width="20" height="10" fill="#00a000"/></svg>')


GRADIENT_SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" width="20" height="10"><defs>'
                b'<linearGradient id="g"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>'
                b'</linearGradient></defs><rect width="20" height="10" fill="url(#g)" fill-opacity="0.5"/>'
                b'<circle cx="5" cy="5" r="3" fill="#00a000" fill-opacity="0.5"/></svg>')


# Reading a page back: rectangles and images with the transformation they are drawn under ---------------

def drawn(page, pdf) -> tuple[list, list]:
    """(rectangles as (x, y, w, h, fill), images as (name, x, y, w, h)) on a page, forms followed."""
    rects, images = [], []
    for painted in painting(page):
        if painted.op == "re":
            x, y, w, h = (float(v) for v in painted.operands)
            x0, y0 = apply(painted.ctm, x, y)
            x1, y1 = apply(painted.ctm, x + w, y + h)
            rects.append((x0, y0, x1 - x0, y1 - y0, painted.fill))
        elif painted.op == "Do" and painted.xobject.Subtype == "/Image":
            x0, y0 = apply(painted.ctm, 0, 0)
            x1, y1 = apply(painted.ctm, 1, 1)
            images.append((str(painted.operands[0]), x0, y0, x1 - x0, y1 - y0))
    return rects, images


# The layout language --------------------------------------------------------------------------------

def load_text(tmp_path: Path, text: str) -> card_design.Layout:
    path = tmp_path / "layout.yaml"
    path.write_text(text)
    return card_design.load(path)


def test_lengths_take_units_percent_and_sums(tmp_path):
    layout = load_text(tmp_path, "elements:\n  - type: rect\n    x: 10mm\n    y: 0.5in\n    width: 100% - 7mm\n"
                                 "    height: 12pt\n")
    [rect] = layout.front
    assert rect["x"] == Length(points=mm(10))
    assert rect["y"] == Length(points=36)
    assert rect["width"].of(POKER[0]) == pytest.approx(POKER[0] - mm(7))
    assert rect["height"] == Length(points=12)


def test_extends_changes_by_name_moves_by_delta_removes_and_inserts(tmp_path):
    layout = load_text(tmp_path, """
extends: builtin:printgen
elements:
  - name: title
    size: += 2
    x: += 1mm
  - name: kicker
    remove: true
  - name: stripe
    after: band
    type: rect
    height: 2mm
  - type: text
    text: "{power}"
""")
    names = [element["name"] for element in layout.front]
    assert "kicker" not in names
    assert names.index("stripe") == names.index("band") + 1
    assert names[-1] is None
    title = layout.front[names.index("title")]
    assert title["size"] == 16 and title["x"] == Length(points=mm(4.5))
    assert layout.back is None  # printgen's own back


BASE = """
extends: builtin:printgen
elements:
  - name: title
    color: gold
  - name: power
    type: text
    text: "POWER {power}"
    y: 50%
    height: 10mm
"""


def test_a_layout_extends_a_layout_file_of_your_own_beside_the_data(tmp_path):
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "base.yaml").write_text(BASE)
    layout = "extends: layouts/base.yaml\nelements:\n  - name: power\n    size: 14\n"
    folder = deck_folder(tmp_path, layout, "title,body,power\nAria,Brave.,7\n")
    result = make(folder, "--layout", "print-shop")
    assert result.returncode == 0, result.stderr
    data = (folder / "out.pdf").read_bytes()
    pdf = open_pdf(data)
    rects, _ = drawn(pdf.pages[0], pdf)
    assert (0.18, 0.239, 0.38) in {r[4] for r in rects}  # the band of builtin:printgen, under both
    assert "POWER 7" in page_texts(data)[0]
    import pypdfium2

    page = pypdfium2.PdfDocument(data)[0]
    textpage = page.get_textpage()
    start = textpage.get_text_range().index("POWER")
    left, bottom, right, top = textpage.get_charbox(start)
    assert top - bottom > 14 * 0.6  # the size layout.yaml gave, over base.yaml's 10
    code = re.search(r"seed code: (\S+)", result.stderr)[1]
    (tmp_path / "layouts" / "base.yaml").write_text(BASE.replace("gold", "red"))
    refused(run_cli("reproduce", code, "-o", "changed.pdf", cwd=folder), "are not the ones this seed code was made with")


@pytest.mark.parametrize("base, words", [
    ("extends: layout.yaml\n", "base.yaml: extends: 'layout.yaml': the layouts extend each other in a circle "
                                "(layout.yaml extends base.yaml extends layout.yaml)"),
    ("extends: base.yaml\n", "in a circle (layout.yaml extends base.yaml extends base.yaml)"),
    ("extends: /etc/base.yaml\n", "base.yaml: extends: '/etc/base.yaml' is not a path inside the data file's folder"),
    ("extends: ../base.yaml\n", "base.yaml: extends: '../base.yaml' leads out of the data file's folder"),
    ("extends: missing.yaml\n", "base.yaml: extends: 'missing.yaml': no such file"),
    ("elements:\n  - type: text\n    text: '{titel}'\n", "base.yaml: element 1, text: no column 'titel'"),
])
def test_a_layout_of_your_own_to_extend_is_refused_out_of_the_folder_or_in_a_circle(tmp_path, base, words):
    folder = deck_folder(tmp_path / "deck", "extends: base.yaml\nelements: []\n", "title\nA\n")
    (folder / "base.yaml").write_text(base)
    (tmp_path / "base.yaml").write_text("elements:\n  - type: rect\n")
    refused(make(folder), words)
    assert not (folder / "out.pdf").exists()


def test_a_layout_to_extend_through_a_symbolic_link_is_refused(tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "base.yaml").write_text("elements:\n  - type: rect\n")
    folder = deck_folder(tmp_path / "deck", "extends: shared/base.yaml\nelements: []\n", "title\nA\n")
    (folder / "shared").symlink_to(tmp_path / "elsewhere")
    refused(make(folder), "'shared/base.yaml' goes through a symbolic link (shared)")


@pytest.mark.parametrize("text, words", [
    ("elements:\n  - type: text\n    colour: red\n", "element 1, colour: unknown key; a text element's keys are"),
    ("elements:\n  - type: rect\n    x: 12\n", "element 1, x: 12 has no unit"),
    ("elements:\n  - type: rect\n    x: 12furlongs\n", "element 1, x: '12furlongs' is not a length"),
    ("elements:\n  - type: circle\n", "element 1, type: 'circle'"),
    ("elements:\n  - name: art\n    type: image\n", "element 1 (art), src: an image element needs src"),
    ("elements:\n  - type: text\n    text: '{title'\n", "lone '{'"),
    ("elements:\n  - type: text\n    color: '#12345'\n", "is not a colour"),
    ("elements:\n  - type: text\n    when: 'kind = x'\n", "element 1, when:"),
    ("elements:\n  - type: text\n    size: 9\n    min-size: 10\n", "min-size: 10 pt is larger than its size"),
    ("extends: builtin:nothing\nelements: []\n", "no built-in layout 'nothing'"),
    ("extends: ../secret.yaml\nelements: []\n", "extends: '../secret.yaml' leads out of the data file's folder"),
    ("extends: secret.txt\nelements: []\n", "a layout extends a built-in layout"),
    ("elemnts: []\n", "unknown key 'elemnts' at the top"),
    ("elements:\n" + "  - type: rect\n" * 65, "65 elements; a side of a card has at most 64"),
    ("elements:\n  - name: title\n    remove: true\n", "'remove: true' leaves out an element of the layout"),
    ("a: &a [1]\nb: *a\n", "aliases"),
])
def test_every_layout_mistake_is_one_line_naming_file_element_and_key(tmp_path, text, words):
    with pytest.raises(PrintgenError) as caught:
        load_text(tmp_path, text)
    message = str(caught.value)
    assert "\n" not in message and words in message and "layout.yaml" in message, message


def test_a_missing_column_is_named_with_the_columns_there_are(tmp_path):
    folder = deck_folder(tmp_path, "elements:\n  - type: text\n    text: '{titel}'\n", "title,body\nA,b\n")
    refused(make(folder), "element 1, text: no column 'titel' in deck.csv (its columns: title, body)")
    assert not (folder / "out.pdf").exists()


# Where things land ----------------------------------------------------------------------------------

PLACED = """
elements:
  - type: rect
    x: 10mm
    y: 20mm
    width: 30mm
    height: 15mm
    fill: "#ff0000"
    stroke: none
  - type: image
    src: "{picture}"
    x: 5mm
    y: 40mm
    width: 20mm
    height: 10mm
    fit: stretch
  - type: text
    text: "{title}"
    x: 8mm
    y: 60mm
    width: 40mm
    height: 10mm
    size: 10
"""


def test_elements_land_where_the_layout_puts_them(tmp_path):
    folder = deck_folder(tmp_path, PLACED, "title,picture\nMARKER,pictures/p.png\n", {"pictures/p.png": png()})
    result = make(folder, "--layout", "print-shop", "--bleed", "3")
    assert result.returncode == 0, result.stderr
    data = (folder / "out.pdf").read_bytes()
    pdf = open_pdf(data)
    bleed = mm(3)
    height = POKER[1]
    rects, images = drawn(pdf.pages[0], pdf)
    red = [r for r in rects if r[4] == (1.0, 0.0, 0.0)]
    assert red and red[0][:4] == pytest.approx((bleed + mm(10), bleed + height - mm(35), mm(30), mm(15)), abs=0.01)
    [image] = images
    assert image[1:] == pytest.approx((bleed + mm(5), bleed + height - mm(50), mm(20), mm(10)), abs=0.01)
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    textpage = document[0].get_textpage()
    assert textpage.get_text_range().startswith("MARKER")
    left, bottom, right, top = textpage.get_charbox(0)
    assert left == pytest.approx(bleed + mm(8), abs=1.0)
    assert top == pytest.approx(bleed + height - mm(60) - 10 * 0.25, abs=2.0)  # the cap height below the box's top
    document.close()


def test_rectangles_and_pictures_at_the_cards_edge_run_into_the_bleed(tmp_path):
    layout = ("elements:\n  - type: rect\n    width: 100%\n    height: 20mm\n    fill: '#0000ff'\n    stroke: none\n"
              "  - type: image\n    src: p.png\n    y: 100% - 10mm\n    width: 100%\n    height: 10mm\n"
              "    fit: stretch\n")
    folder = deck_folder(tmp_path, layout, "title\nA\n", {"p.png": png()})
    assert make(folder, "--layout", "print-shop", "--bleed", "3").returncode == 0
    pdf = open_pdf((folder / "out.pdf").read_bytes())
    rects, images = drawn(pdf.pages[0], pdf)
    blue = [r for r in rects if r[4] == (0.0, 0.0, 1.0)][0]
    width, height = POKER[0] + mm(6), POKER[1] + mm(6)
    assert blue[:4] == pytest.approx((0, height - mm(23), width, mm(23)), abs=0.01)  # top, left and right
    assert images[0][1:] == pytest.approx((0, 0, width, mm(13)), abs=0.01)  # bottom, left and right


def test_css_colour_names_are_the_colours_css_gives_them(tmp_path):
    layout = ("elements:\n  - type: rect\n    width: 50%\n    height: 20mm\n    fill: Gold\n    stroke: none\n"
              "  - type: rect\n    x: 50%\n    width: 50%\n    height: 20mm\n    fill: '{shade}'\n    stroke: none\n")
    folder = deck_folder(tmp_path, layout, "title,shade\nA,rebeccapurple\nB,darkslategrey\n")
    assert make(folder, "--layout", "print-shop").returncode == 0
    pdf = open_pdf((folder / "out.pdf").read_bytes())
    fills = [{r[4] for r in drawn(pdf.pages[page], pdf)[0]} for page in (0, 2)]
    gold, purple, slate = (1.0, round(215 / 255, 3), 0.0), (0.4, 0.2, 0.6), (0.184, 0.31, 0.31)
    assert gold in fills[0] and purple in fills[0] and slate not in fills[0]
    assert gold in fills[1] and slate in fills[1]
    (folder / "deck.csv").write_text("title,shade\nA,purpel\n")
    refused(make(folder), "deck.csv: row 2 (A): layout.yaml: element 2, fill: 'purpel' is not a colour (did you mean "
                          "purple?); give #rrggbb, #rgb, a CSS colour name such as gold or darkred or none")


# Text -----------------------------------------------------------------------------------------------

def test_text_shrinks_warns_under_6_pt_and_stops_when_nothing_fits(tmp_path):
    layout = "elements:\n  - type: text\n    text: '{body}'\n    width: 30mm\n    height: 6mm\n    size: 10\n" \
             "    min-size: 4\n"
    words = "A few more words than the box holds at ten points, so they shrink."
    folder = deck_folder(tmp_path, layout, f'title,body\nLong,"{words}"\nShort,Hi\n')
    result = make(folder)
    assert result.returncode == 0, result.stderr
    assert "warning: text shrank below 6 pt on 1 card" in result.stderr and "deck.csv: row 2" in result.stderr
    assert "row 3" not in result.stderr
    (folder / "deck.csv").write_text("title,body\nLong," + "many words " * 60 + "\n")
    result = make(folder, out="too-full.pdf")
    refused(result, "deck.csv: row 2 (Long): ")
    assert "element 1: the text does not fit its box even at 4 pt" in result.stderr
    assert not (folder / "too-full.pdf").exists()


def test_emphasis_prints_bold_and_italic_and_symbols_from_the_symbol_font(tmp_path):
    layout = "elements:\n  - type: text\n    text: '**{title}** and *{body}* ★'\n    height: 20mm\n"
    folder = deck_folder(tmp_path, layout, "title,body\nBold,slanted\n")
    assert make(folder).returncode == 0
    from pdfutil import fonts

    used = " ".join(fonts(open_pdf((folder / "out.pdf").read_bytes())))
    assert "Bold" in used and "Italic" in used and "Symbols" in used.replace("PGSymbols", "Symbols")
    words = page_texts((folder / "out.pdf").read_bytes())[0]
    assert "Bold and slanted" in words and "★" in words


# When, backs, numbers ---------------------------------------------------------------------------------

WHEN = """
elements:
  - type: text
    text: "{title} {@number}/{@total}"
    height: 10mm
  - type: rect
    x: 10mm
    y: 20mm
    width: 10mm
    height: 10mm
    fill: "#ff0000"
    stroke: none
    when: "{kind} == Monster"
  - type: rect
    x: 10mm
    y: 40mm
    width: 10mm
    height: 10mm
    fill: "#00ff00"
    stroke: none
    when: "{kind} != Monster"
back:
  elements:
    - type: text
      text: "Back of {@back}"
      height: 10mm
"""


def test_when_selects_elements_card_by_card_and_backs_follow_the_back_column(tmp_path):
    folder = deck_folder(tmp_path, WHEN, "title,kind,back,count\nSlime,Monster,Foes,2\nKey,Item,Loot,1\n")
    assert make(folder, "--layout", "print-shop").returncode == 0
    data = (folder / "out.pdf").read_bytes()
    pdf = open_pdf(data)
    fills = [{r[4] for r in drawn(page, pdf)[0]} for page in pdf.pages]
    assert (1.0, 0.0, 0.0) in fills[0] and (0.0, 1.0, 0.0) not in fills[0]  # front of Slime
    assert (1.0, 0.0, 0.0) not in fills[4] and (0.0, 1.0, 0.0) in fills[4]  # front of Key
    texts = page_texts(data)
    assert texts[0].startswith("Slime 1/3") and texts[2].startswith("Slime 2/3") and texts[4].startswith("Key 3/3")
    assert texts[1].startswith("Back of Foes") and texts[5].startswith("Back of Loot")
    # The two Slimes share one drawing of their back.
    assert pdf.pages[1].Resources.XObject.keys() == pdf.pages[3].Resources.XObject.keys()
    backs = {name for page in pdf.pages[1::2] for name in page.Resources.XObject.keys()}
    assert len(backs) == 2


# XLSX -----------------------------------------------------------------------------------------------

def test_an_xlsx_workbook_gives_the_same_cards_as_the_csv(tmp_path):
    from openpyxl import Workbook

    rows = [["title", "kind", "count", "power"], ["Slime", "Monster", 2, 3.0], ["Key", "Item", 1, 0.5]]
    folder = deck_folder(tmp_path, WHEN, "title,kind,count,power\nSlime,Monster,2,3\nKey,Item,1,0.5\n")
    workbook = Workbook()
    workbook.active.title = "Notes"
    workbook.active.append(["not the cards"])
    sheet = workbook.create_sheet("Cards")
    for row in rows:
        sheet.append(row)
    workbook.save(folder / "deck.xlsx")
    first = make(folder, "--layout", "print-shop", "--format", "json", out="csv.json")
    second = make(folder, "--layout", "print-shop", "--format", "json", "--sheet", "Cards", data="deck.xlsx",
                  out="xlsx.json")
    assert first.returncode == 0 and second.returncode == 0, second.stderr
    cards = [json.loads((folder / name).read_text())["cards"] for name in ("csv.json", "xlsx.json")]
    assert [card["fields"] for card in cards[0]] == [card["fields"] for card in cards[1]]
    assert make(folder, "--layout", "print-shop", out="csv.pdf").returncode == 0
    assert make(folder, "--layout", "print-shop", "--sheet", "Cards", data="deck.xlsx", out="xlsx.pdf").returncode == 0
    pages = [[page.Contents.read_bytes() for page in open_pdf((folder / name).read_bytes()).pages]
             for name in ("csv.pdf", "xlsx.pdf")]
    assert pages[0] == pages[1]
    refused(make(folder, "--sheet", "Nope", data="deck.xlsx", out="x.pdf"), "no sheet 'Nope'; its sheets are: Notes, Cards")
    refused(make(folder, "--sheet", "Cards", out="x.pdf"), "--sheet Cards names a sheet of a workbook")


def test_an_xlsx_zip_bomb_is_refused_before_it_unpacks(tmp_path):
    folder = deck_folder(tmp_path, WHEN, "title\nA\n")
    with zipfile.ZipFile(folder / "bomb.xlsx", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (80 * 1024 * 1024))
    refused(make(folder, data="bomb.xlsx"), "unpacks to more than 64 MiB")
    assert not (folder / "out.pdf").exists()


# Pictures -------------------------------------------------------------------------------------------

def test_each_distinct_picture_is_embedded_once_and_downsampled_to_600_dpi(tmp_path):
    big = io.BytesIO()
    Image.new("RGB", (3000, 3000), (10, 120, 10)).save(big, "PNG")
    layout = "elements:\n  - type: image\n    src: '{picture}'\n    x: 5mm\n    y: 5mm\n    width: 20mm\n" \
             "    height: 20mm\n"
    rows = "title,picture,count\n" + "".join(f"C{n},{['a.png', 'b.jpg', 'c.svg', 'big.png'][n % 4]},3\n"
                                             for n in range(20))
    folder = deck_folder(tmp_path, layout, rows, {"a.png": png(), "b.jpg": jpeg(), "c.svg": SVG,
                                                  "big.png": big.getvalue()})
    assert make(folder).returncode == 0
    pdf = open_pdf((folder / "out.pdf").read_bytes())
    images = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]
    assert len(images) == 3  # 60 cards, three raster pictures (the SVG is a form)
    assert sorted(int(image.Width) for image in images) == [40, 40, 473]  # 3000 px cut to 20 mm at 600 dpi
    pictures = {str(name) for page in pdf.pages for name in page.Resources.XObject.keys() if "pgpic" in str(name)}
    assert len(pictures) == 4


def test_a_jpeg_is_embedded_as_it_is_and_transparency_becomes_a_soft_mask(tmp_path):
    layout = "elements:\n  - type: image\n    src: '{picture}'\n    width: 10mm\n    height: 10mm\n"
    orb = io.BytesIO()
    Image.new("RGBA", (20, 20), (255, 0, 0, 128)).save(orb, "PNG")
    picture = jpeg()
    folder = deck_folder(tmp_path, layout, "title,picture\nA,b.jpg\nB,orb.png\n",
                         {"b.jpg": picture, "orb.png": orb.getvalue()})
    assert make(folder).returncode == 0
    pdf = open_pdf((folder / "out.pdf").read_bytes())
    images = {int(obj.Width): obj for obj in pdf.objects
              if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image" and "/SMask" not in str(obj.objgen)}
    assert images[40].Filter == "/DCTDecode" and images[40].read_raw_bytes() == picture
    assert "/SMask" in images[20]


# The print shops --------------------------------------------------------------------------------------

def test_drivethrucards_gets_cmyk_pictures_within_the_ink_limit_and_no_soft_masks(tmp_path):
    layout = "elements:\n  - type: image\n    src: '{picture}'\n    width: 100%\n    height: 50%\n    fit: cover\n"
    orb = io.BytesIO()
    Image.new("RGBA", (20, 20), (10, 40, 20, 100)).save(orb, "PNG")
    layout += "  - type: text\n    text: '{title}'\n    y: 60%\n    color: '#2050a0'\n  - type: rect\n    y: 80%\n    fill: '#0a2814'\n    stroke: '#808080'\n"
    folder = deck_folder(tmp_path, layout, "title,picture\nA,a.png\nB,orb.png\nC,c.svg\n",
                         {"a.png": png(colour=(10, 40, 20)), "orb.png": orb.getvalue(),
                          "c.svg": GRADIENT_SVG})
    assert make(folder, "--vendor", "drivethrucards").returncode == 0
    pdf = open_pdf((folder / "out.pdf").read_bytes())
    images = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]
    colour = [image for image in images if "/ImageMask" not in image]
    assert colour and all(image.ColorSpace == "/DeviceCMYK" and "/SMask" not in image for image in colour)
    for image in colour:
        pixels = image.read_bytes()
        sums = {sum(pixels[i:i + 4]) for i in range(0, len(pixels), 4)}
        assert max(sums) <= 612  # 240 % of 255
    assert any("/Mask" in image for image in colour)  # the transparent one: a hard mask
    forms = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"]
    for stream in [*pdf.pages, *forms]:  # every colour operator on a page or in a form: CMYK within the ink limit
        for operands, operator in pikepdf.parse_content_stream(stream):
            if str(operator) in ("rg", "RG", "g", "G", "sc", "SC", "scn", "SCN", "cs", "CS"):
                raise AssertionError(f"{operator} {operands}")
            if str(operator) in ("k", "K"):
                assert sum(float(v) for v in operands) <= 2.4 + 1e-9
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/ExtGState":
            assert float(obj.get("/ca", 1)) == 1 and float(obj.get("/CA", 1)) == 1
        if isinstance(obj, pikepdf.Dictionary) and "/ShadingType" in obj:  # the SVG's gradient
            assert obj.ColorSpace == "/DeviceCMYK"


def test_the_game_crafter_pngs_show_the_pictures(tmp_path):
    layout = "elements:\n  - type: image\n    src: '{picture}'\n    width: 100%\n    height: 100%\n" \
             "    fit: stretch\n"
    folder = deck_folder(tmp_path, layout, "title,picture\nA,a.png\n", {"a.png": png(colour=(200, 30, 30))})
    assert make(folder, "--vendor", "thegamecrafter", out="out.zip").returncode == 0
    archive = zipfile.ZipFile(folder / "out.zip")
    front = Image.open(io.BytesIO(archive.read("001-a.png")))  # named by its number and title
    assert front.size == (825, 1125)
    assert front.convert("RGB").getpixel((412, 560)) == pytest.approx((200, 30, 30), abs=3)


# Reproducing ----------------------------------------------------------------------------------------

def test_the_seed_code_reproduces_and_refuses_a_changed_layout_or_picture(tmp_path):
    folder = deck_folder(tmp_path, PLACED, "title,picture\nA,pictures/p.png\n", {"pictures/p.png": png()})
    first = make(folder)
    assert first.returncode == 0
    code = re.search(r"seed code: (\S+)", first.stderr)[1]
    assert "card-layout-sha256=" in code and "pictures-sha256=" in code
    again = run_cli("reproduce", "out.pdf", "-o", "again.pdf", cwd=folder)
    assert again.returncode == 0, again.stderr
    assert (folder / "again.pdf").read_bytes() == (folder / "out.pdf").read_bytes()
    (folder / "pictures/p.png").write_bytes(png(colour=(1, 2, 3)))
    refused(run_cli("reproduce", code, "-o", "changed.pdf", cwd=folder), "are not the ones this seed code was made with")
    (folder / "pictures/p.png").write_bytes(png())
    (folder / "layout.yaml").write_text(PLACED + "  - type: line\n")
    refused(run_cli("reproduce", code, "-o", "changed.pdf", cwd=folder), "the layout has changed")
    assert not (folder / "changed.pdf").exists()


def test_the_layout_and_data_are_never_the_output(tmp_path):
    folder = deck_folder(tmp_path / "cards", PLACED, "title,picture\nA,pictures/p.png\n", {"pictures/p.png": png()})
    result = run_cli("deck", "custom", "--data", "cards/deck.csv", "--card-layout", "cards/layout.yaml", "--seed",
                     "s", "--force", "-o", "cards/layout.yaml", cwd=tmp_path)
    refused(result, "own data file")
    assert (folder / "layout.yaml").read_text() == PLACED


# Hostile files --------------------------------------------------------------------------------------

def bomb_png(width: int, height: int) -> bytes:
    """A PNG whose header claims width × height grey pixels, its rows all zero: a few kB that unpack to more."""
    raw = zlib.compress(b"\0" * ((width + 1) * min(height, 64)), 9)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


HOSTILE_SVG = {
    "entity": b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
              b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>&x;</title></svg>',
    "laughs": b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>'
              b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><desc>&b;</desc></svg>',
    "href": b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" '
            b'height="10"><use xlink:href="other.svg#a"/></svg>',
    "image": b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="#a"/></svg>',
    "url": b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
           b'<rect width="5" height="5" fill="url(http://example.com/x.svg#p)"/></svg>',
    "import": b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>@import "x.css";</style></svg>',
    "text": b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>Hi</text></svg>',
}


@pytest.mark.parametrize("picture, content, words", [
    ("/etc/hostname.png", None, "is not a path inside the data file's folder"),
    ("../outside.png", None, "leads out of the data file's folder (..)"),
    ("pictures/link.png", "symlink", "goes through a symbolic link (link.png)"),
    ("pictures/missing.png", None, "'pictures/missing.png': no such file"),
    ("bomb.png", bomb_png(20000, 20000), "more pixels than printgen reads for a card (a decompression bomb?)"),
    ("huge.png", bomb_png(9000, 5000), "9000 × 5000 px: more pixels than printgen reads for a card"),
    ("fake.png", b"GIF89a not a png", "cannot read it as a PNG picture"),
    ("notes.txt", b"hello", "is not a picture printgen reads"),
    ("entity.svg", HOSTILE_SVG["entity"], "the SVG has a DOCTYPE"),
    ("laughs.svg", HOSTILE_SVG["laughs"], "the SVG has a DOCTYPE"),
    ("href.svg", HOSTILE_SVG["href"], "the SVG refers to 'other.svg#a'"),
    ("image.svg", HOSTILE_SVG["image"], "<image> element, which printgen does not draw"),
    ("url.svg", HOSTILE_SVG["url"], "the SVG refers to url(http://example.com/x.svg#p)"),
    ("import.svg", HOSTILE_SVG["import"], "imports another file"),
    ("text.svg", HOSTILE_SVG["text"], "convert text to paths"),
])
def test_hostile_pictures_are_refused_in_one_line_naming_card_and_file(tmp_path, picture, content, words):
    layout = "elements:\n  - type: image\n    src: '{picture}'\n"
    folder = tmp_path / "deck"
    folder.mkdir()
    deck_folder(folder, layout, f"title,picture\nFine,ok.png\nBad,{picture}\n", {"ok.png": png()})
    (tmp_path / "outside.png").write_bytes(png())
    if content == "symlink":
        (folder / "pictures").mkdir()
        os.symlink(tmp_path / "outside.png", folder / "pictures/link.png")
    elif content is not None:
        (folder / picture).write_bytes(content)
    result = make(folder)
    refused(result, words)
    assert "deck.csv: row 3 (Bad): " in result.stderr and "element 1, src" in result.stderr
    assert not (folder / "out.pdf").exists()


def test_fonts_come_only_from_the_data_folder_and_must_be_fonts(tmp_path):
    layout = "elements:\n  - type: text\n    text: '{title}'\n    font: '{font}'\n"
    with pytest.raises(PrintgenError):
        load_text(tmp_path, layout)  # a font is named, not read from a column
    folder = deck_folder(tmp_path, "elements:\n  - type: text\n    text: '{title}'\n    font: ../evil.ttf\n",
                         "title\nA\n")
    refused(make(folder), "leads out of the data file's folder")
    (folder / "layout.yaml").write_text("elements:\n  - type: text\n    text: '{title}'\n    font: fake.ttf\n")
    (folder / "fake.ttf").write_bytes(b"\0\1\0\0 not really a font")
    refused(make(folder), "'fake.ttf': ")
    (folder / "layout.yaml").write_text("elements:\n  - type: text\n    text: '{title}'\n    font: mine.ttf\n")
    (folder / "mine.ttf").write_bytes((ROOT / "fonts" / "JetBrainsMono-Bold.ttf").read_bytes())
    result = make(folder)
    assert result.returncode == 0, result.stderr
    from pdfutil import fonts

    assert any("JetBrains" in name for name in fonts(open_pdf((folder / "out.pdf").read_bytes())))


def test_all_pictures_together_are_capped(tmp_path, monkeypatch):
    from printgen.cards import user_files

    monkeypatch.setattr(user_files, "MAX_TOTAL_BYTES", 2 * len(png()) + 10)
    layout = "elements:\n  - type: image\n    src: '{picture}'\n"
    folder = deck_folder(tmp_path, layout, "title,picture\nA,a.png\nB,b.png\nC,c.png\n",
                         {"a.png": png(), "b.png": png(colour=(1, 1, 1)), "c.png": png(colour=(2, 2, 2))})
    refused(make(folder), "deck.csv: row 4 (C): ")
    assert "come to more than" in make(folder).stderr


# The example deck (docs/card-layouts.md) ------------------------------------------------------------------

def test_templates_export_writes_the_built_in_layouts_and_the_example_that_renders(tmp_path):
    assert run_cli("templates", "export", str(tmp_path / "t")).returncode == 0
    layouts = tmp_path / "t" / "cards" / "layouts"
    assert {path.stem for path in layouts.glob("*.yaml")} == {"printgen", "illustrated", "illustrated-deck"}
    example = tmp_path / "t" / "cards" / "example"
    result = run_cli("deck", "custom", "--data", "lantern-crawl.csv", "--card-layout", "layout.yaml", "--seed", "s",
                     "-o", str(tmp_path / "crawl.pdf"), cwd=example)
    assert result.returncode == 0 and "warning" not in result.stderr, result.stderr
    data = (tmp_path / "crawl.pdf").read_bytes()
    texts = page_texts(data)
    assert "Cave Slime" in texts[0] and "Lantern Crawl 1/10" in texts[0] and "Treasure" in texts[1]
    _credits_the_artists_of_its_icons(data, " ".join(texts[1::2]))
    for name in card_design.builtin_names():  # every built-in layout draws a deck of printgen's own columns
        (tmp_path / f"{name}.yaml").write_text(f"extends: builtin:{name}\n")
        done = run_cli("deck", "custom", "--data", "t/cards/example-deck.csv", "--card-layout", f"{name}.yaml",
                       "--seed", "s", "-o", f"{name}.pdf", cwd=tmp_path)
        assert done.returncode == 0, done.stderr


def _credits_the_artists_of_its_icons(data: bytes, backs: str) -> None:
    """Every icon of game-icons.net the faces show is drawn by an artist the backs name, or given to the public
    domain (CC0, as fonts/LICENSE-GameIcons.txt marks them)."""
    from printgen.cards import icons
    from printgen.resources import fonts_dir

    def placed(resources) -> set[str]:  # the names of the forms these resources hold, and the forms' own
        found = set()
        for key, xobject in resources.get("/XObject", {}).items():
            found.add(str(key).removeprefix("/").removeprefix("FormXob."))
            found |= placed(xobject.get("/Resources", {}))
        return found

    with pikepdf.open(io.BytesIO(data)) as pdf:
        shown = {name.removeprefix("pgicon-") for page in pdf.pages[::2] for name in placed(page.Resources)
                 if name.startswith("pgicon-")}
    assert {"heart-plus", "flame"} <= shown, shown
    licence = (fonts_dir() / "LICENSE-GameIcons.txt").read_text(encoding="utf-8")
    free = set(re.findall(r"Icons made by (.+) \(\d[\d,]*, (?:CC0|public domain)\)", licence))
    for name in shown:
        assert icons.author(name) in free or icons.author(name) in " ".join(backs.split()), name


# Fonts of your own ---------------------------------------------------------------------------------------

def char_fonts(data: bytes, page: int = 0) -> dict[str, set[str]]:
    """Each letter on a page with the fonts it is drawn in (their PostScript names, as PDFium reads them)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium

    document = pypdfium2.PdfDocument(data)
    textpage = document[page].get_textpage()
    found: dict[str, set[str]] = {}
    for index, character in enumerate(textpage.get_text_range()):
        buffer = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        pdfium.FPDFText_GetFontInfo(textpage.raw, index, buffer, 256, flags)
        found.setdefault(character, set()).add(buffer.value.decode().split("+")[-1])
    document.close()
    return found


FAMILY = """
fonts:
  body:
    regular: fonts/Charis-R.ttf
    bold: fonts/Charis-B.ttf
    italic: fonts/Charis-I.ttf
    bold-italic: fonts/Charis-BI.ttf
elements:
  - type: text
    text: "{title}: {text}"
    font: body
    height: 30mm
"""


def font_files() -> dict[str, bytes]:
    return {f"fonts/Charis-{short}.ttf": (ROOT / "fonts" / f"CharisSIL-{style}.ttf").read_bytes()
            for short, style in (("R", "Regular"), ("B", "Bold"), ("I", "Italic"), ("BI", "BoldItalic"))}


def test_a_font_family_of_your_own_keeps_bold_and_italic(tmp_path):
    folder = deck_folder(tmp_path, FAMILY, "title,text\nA,**Bxy** *Iqz* ***Wkv*** Rjm\n", font_files())
    result = make(folder)
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr
    faces = char_fonts((folder / "out.pdf").read_bytes())
    assert faces["B"] == {"CharisSIL-Bold"} and faces["I"] == {"CharisSIL-Italic"}
    assert faces["W"] == {"CharisSIL-BoldItalic"} and faces["R"] == {"CharisSIL"}


def test_bold_in_a_font_of_one_face_prints_in_it_and_says_so(tmp_path):
    layout = FAMILY.replace("font: body", "font: fonts/Charis-R.ttf")
    folder = deck_folder(tmp_path / "one", layout, "title,text\nA,**Bxy** Rjm\nB,**Bold** again\n", font_files())
    result = make(folder)
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == ["printgen: warning: layout.yaml: element 1: bold text, but 'fonts/Charis-R.ttf' is one "
                        "face, so it prints in it; give a family under fonts: (regular, bold, italic, bold-italic "
                        "files) and name it in font:"]
    assert char_fonts((folder / "out.pdf").read_bytes())["B"] == {"CharisSIL"}
    layout = FAMILY.replace("    italic: fonts/Charis-I.ttf\n", "").replace("    bold-italic: fonts/Charis-BI.ttf\n", "")
    folder = deck_folder(tmp_path / "two", layout, "title,text\nA,*Iqz* **Bxy**\n", font_files())
    result = make(folder)
    assert "the font family 'body' has no italic face" in result.stderr
    faces = char_fonts((folder / "out.pdf").read_bytes())
    assert faces["I"] == {"CharisSIL"} and faces["B"] == {"CharisSIL-Bold"}


@pytest.mark.parametrize("fonts, words", [
    ("fonts:\n  body: fonts/none.ttf\n", "element 1, font: body, regular: 'fonts/none.ttf': no such file"),
    ("fonts:\n  body: {bold: fonts/Charis-B.ttf}\n", "fonts: body: give a .ttf file, or its faces: regular (needed)"),
    ("fonts:\n  body: {regular: fonts/Charis-R.ttf, heavy: x.ttf}\n", "'heavy' is no face"),
    ("fonts:\n  serif: fonts/Charis-R.ttf\n", "'serif' cannot name a family"),
    ("fonts:\n  body: {regular: ../x.ttf}\n", "'../x.ttf' leads out of the data file's folder"),
    ("fonts:\n  other: fonts/Charis-R.ttf\n", "font: 'body': no font family of that name on this computer"),
    ("fonts:\n  other: fonts/Charis-R.ttf\n", "give serif, mono, a family under fonts: (this layout's: other)"),
])
def test_a_font_family_mistake_is_one_line(tmp_path, fonts, words):
    layout = fonts + FAMILY[FAMILY.index("elements:"):]
    folder = deck_folder(tmp_path, layout, "title,text\nA,b\n", font_files())
    refused(make(folder), words)


# --ink-saver ----------------------------------------------------------------------------------------------

def test_ink_saver_lightens_a_layouts_fills_and_darkens_its_light_words(tmp_path):
    from test_inline import letters

    layout = ("elements:\n  - type: rect\n    width: 100%\n    height: 20mm\n    fill: '#3b2f22'\n    stroke: none\n"
              "  - type: text\n    text: '{title} {color:gold|Gold}'\n    height: 20mm\n    color: white\n"
              "back:\n  elements:\n    - type: rect\n      fill: darkred\n      stroke: none\n")
    folder = deck_folder(tmp_path, layout, "title\nAria\n")
    pages = {}
    for saving in (False, True):
        out = f"out-{saving}.pdf"
        assert make(folder, "--layout", "print-shop", *(["--ink-saver"] if saving else []), out=out).returncode == 0
        data = (folder / out).read_bytes()
        pdf = open_pdf(data)
        pages[saving] = ({r[4] for r in drawn(pdf.pages[0], pdf)[0]}, {r[4] for r in drawn(pdf.pages[1], pdf)[0]},
                         {letter: colour for letter, _, _, colour in letters(data)})
    (front, back, words), (pale_front, pale_back, pale_words) = pages[False], pages[True]
    brown, dark_red = (0.231, 0.184, 0.133), (0.545, 0.0, 0.0)
    assert brown in front and dark_red in back
    assert brown not in pale_front and dark_red not in pale_back
    assert all(min(fill) > 0.8 for fill in pale_front | pale_back if fill is not None)  # every fill a light tint
    assert words["A"] == (255, 255, 255) and words["G"] == (255, 215, 0)
    assert max(pale_words["A"]) < 100 and max(pale_words["G"]) < 110  # dark enough to read on the tint


def test_extends_is_read_beside_the_layout_then_the_data_then_built_in(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "base.yaml").write_text(BASE)  # beside the layout: taken before the data folder's
    (shared / "layout.yaml").write_text("extends: base.yaml\nelements:\n  - name: power\n    size: 14\n"
                                        "  - type: text\n    text: 'MINE {title}'\n    y: 80%\n    height: 8mm\n")
    folder = deck_folder(tmp_path / "deck", "extends: printgen\nelements: []\n", "title,body,power\nAria,Brave.,7\n")
    (folder / "base.yaml").write_text("elements:\n  - type: text\n    text: 'WRONG BASE'\n")
    result = run_cli("deck", "custom", "--data", "deck.csv", "--card-layout", "../shared/layout.yaml", "--seed",
                     "s", "--layout", "print-shop", "-o", "out.pdf", cwd=folder)
    assert result.returncode == 0, result.stderr
    front = page_texts(folder / "out.pdf")[0]
    assert "POWER 7" in front and "MINE Aria" in front and "WRONG" not in front, front
    code = re.search(r"seed code: (\S+)", result.stderr)[1]
    again = run_cli("reproduce", code, "--data-dir", "../shared", "-o", "again.pdf", cwd=folder)
    assert again.returncode == 0, again.stderr
    assert (folder / "again.pdf").read_bytes() == (folder / "out.pdf").read_bytes()
    (shared / "base.yaml").write_text(BASE.replace("gold", "red"))  # the base is in the code's fingerprint
    refused(run_cli("reproduce", code, "--data-dir", "../shared", "-o", "changed.pdf", cwd=folder),
            "are not the ones this seed code was made with")
    (shared / "layout.yaml").write_text("extends: own.yaml\nelements: []\n")  # not beside it: the data's folder
    (folder / "own.yaml").write_text("extends: illustrated\nelements:\n  - name: title\n    color: gold\n")
    result = run_cli("deck", "custom", "--data", "deck.csv", "--card-layout", "../shared/layout.yaml", "--seed",
                     "s", "--layout", "print-shop", "-o", "own.pdf", cwd=folder)  # and own.yaml a built-in one
    assert result.returncode == 0, result.stderr
    assert "Aria" in page_texts(folder / "own.pdf")[0]
    assert make(folder, "--layout", "print-shop", out="bare.pdf").returncode == 0  # extends: printgen, built in


def test_a_picture_is_read_again_when_drawn_not_held_from_loading_and_must_not_change_meanwhile(tmp_path):
    from printgen.cards.pictures import Pictures
    from printgen.cards.user_files import Folder

    first = png((400, 300))
    (tmp_path / "a.png").write_bytes(first)
    folder = Folder(tmp_path)
    picture = Pictures(folder).picture("a.png", "card 1")
    assert (picture.width, picture.height) == (400, 300)
    # Neither the picture nor its folder holds the file's bytes between the deck's loading and its drawing.
    assert not any(isinstance(value, bytes) for value in vars(picture).values())
    assert all(len(digest) == 32 for digest, _ in folder._read.values())
    assert picture.data == first
    (tmp_path / "a.png").write_bytes(png((400, 300), colour=(0, 0, 0)))  # saved again while the deck is made
    with pytest.raises(PrintgenError, match="'a.png' changed while the deck was being made"):
        picture.read()

"""Fillable sheets as other tools fill them: every field set with pypdf (as a player's or a GM's script would),
every widget read back showing its own value, in its own box, as pypdf writes it, Poppler draws it and PDFium
reads it."""

import functools
import io
import re
import subprocess
from collections import Counter

import pytest
from pdfutil import open_pdf, seed_code

from printgen.products import build
from printgen.sheets.draw import FormCollector

# Each game's fillable sheets: blank, and pre-rolled where the game rolls characters; one to a page and more.
SHEETS = [
    ("roguelike", None, 1), ("roguelike", 2, 1), ("roguelike", 2, 2),
    ("amulet", None, 1), ("amulet", 2, 2),
    ("card-rogue", None, 1), ("card-rogue", None, 4),
    ("ascii-hack", None, 1), ("ascii-hack", 2, 1),
    ("rlrl", None, 1), ("rlrl", 2, 2),
]
SHEET_IDS = [f"{system}-{'blank' if count is None else count}-{per_page}" for system, count, per_page in SHEETS]


@functools.cache  # a dozen sheets, each read by several tests of this module
def fillable(system, count=None, per_page=1):
    return build(seed_code("sheet", system, "fill", count=count, per_page=per_page, fillable=True))


def widgets(pdf):
    """(page index, widget, its field) for every widget, in page order."""
    for index, page in enumerate(pdf.pages):
        for annot in page.get("/Annots", []):
            if annot.get("/Subtype") == "/Widget":
                yield index, annot, annot if "/T" in annot else annot.Parent


def _form_font_widths(pdf):
    font = pdf.Root.AcroForm.DR.Font.PGForm
    return dict(zip(range(int(font.FirstChar), int(font.LastChar) + 1), (float(w) for w in font.Widths)))


def _text_width(value, size, widths):
    return sum(widths[code] for code in value.encode("cp1252")) * size / 1000


def text_values(data):
    """A value of its own for every text field: a number no other field's value has, then one to four x's (so a
    neighbour's value has another width), as many as fit the box."""
    pdf = open_pdf(data)
    widths = _form_font_widths(pdf)
    values = {}
    for _, widget, field in widgets(pdf):
        if field.FT != "/Tx":
            continue
        x0, y0, x1, y1 = (float(v) for v in widget.Rect)
        room = (y1 - y0 if int(widget.get("/MK", {}).get("/R", 0)) in (90, 270) else x1 - x0) - 6
        size = float(str(widget.DA).split()[1])
        number = len(values)
        value = f"{number}{'x' * (1 + number % 4)}"
        while value.endswith("xx") and _text_width(value, size, widths) > room:
            value = value[:-1]
        values[str(field.T)] = value
    return values


def filled_with_pypdf(data, values):
    return _filled(data, tuple(values.items()))


@functools.cache  # Poppler's and PDFium's tests fill the same sheets with the same values
def _filled(data, values):
    import pypdf

    values = dict(values)
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(data)))
    writer.update_page_form_field_values(None, values, auto_regenerate=False)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.mark.sweep
@pytest.mark.parametrize("system, count, per_page", SHEETS, ids=SHEET_IDS)
def test_every_text_field_has_a_drawing_of_its_own_and_every_name_is_one_fields(system, count, per_page):
    pdf = open_pdf(fillable(system, count, per_page))
    drawings = Counter()
    for _, widget, field in widgets(pdf):
        if field.FT == "/Tx":
            drawings[widget.AP.N.objgen] += 1
        else:  # a button's on and off drawings may be shared: they never change with a value
            assert set(widget.AP.N.keys()) >= {"/Off"} and len(widget.AP.N.keys()) == 2
    assert drawings and max(drawings.values()) == 1
    names = Counter(str(field.T) for field in pdf.Root.AcroForm.Fields)
    assert max(names.values()) == 1, [name for name, n in names.items() if n > 1]
    assert all(name == name.strip() and "." not in name for name in names)


def test_a_radio_group_cannot_take_another_fields_name():
    from reportlab.pdfgen.canvas import Canvas

    form = FormCollector(enabled=True, prefix="p1.")
    canvas = Canvas(io.BytesIO())
    form.add(canvas, "power", 0, 0, 10, 10)
    with pytest.raises(ValueError, match="p1.power"):
        form.add(canvas, "power", 20, 0, 10, 10, kind="radio", value="Low")
    form.add(canvas, "level", 0, 20, 10, 10, kind="radio", value="Low")
    form.add(canvas, "level", 20, 20, 10, 10, kind="radio", value="High")  # its buttons share the name
    form.add(canvas, "level", 40, 20, 10, 10)
    assert [f.name for f in form.fields] == ["p1.power", "p1.level", "p1.level", "p1.level_2"]


@pytest.mark.sweep
@pytest.mark.parametrize("system, count, per_page", SHEETS, ids=SHEET_IDS)
def test_pypdf_fills_every_text_field_and_each_widget_shows_its_own_value(system, count, per_page):
    data = fillable(system, count, per_page)
    values = text_values(data)
    pdf = open_pdf(filled_with_pypdf(data, values))
    seen = 0
    for _, widget, field in widgets(pdf):
        if field.FT != "/Tx":
            continue
        shown = [m.decode("latin-1") for m in re.findall(rb"\((.*?)\)\s*Tj", widget.AP.N.read_bytes())]
        assert shown == [values[str(field.T)]], str(field.T)
        assert str(field.V) == values[str(field.T)]
        seen += 1
    assert seen == len(values) > 0


@pytest.mark.parametrize("system", ["roguelike", "amulet", "card-rogue", "ascii-hack", "rlrl"])
def test_poppler_draws_each_filled_value_in_its_own_box_at_its_own_width(system, tmp_path):
    """Each value's ink (pdftoppm) lies in its field's box and is as wide as that value set in the form's
    font; a value of a neighbour's would be a letter wider or narrower. Nothing else on the page changes."""
    from PIL import Image, ImageChops

    dpi = 100
    data = fillable(system, None, 1)
    values = text_values(data)
    blank = tmp_path / "blank.pdf"  # every text field emptied (a blank sheet may hold a starting kit)
    blank.write_bytes(filled_with_pypdf(data, dict.fromkeys(values, "")))
    filled = tmp_path / "filled.pdf"
    filled.write_bytes(filled_with_pypdf(data, values))
    for source in (blank, filled):
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", "-f", "1", "-l", "1", str(source),
                        str(tmp_path / source.stem)], check=True)
    before = Image.open(next(tmp_path.glob("blank*.png")))
    after = Image.open(next(tmp_path.glob("filled*.png")))
    changed = ImageChops.difference(before, after).point(lambda v: 255 if v > 64 else 0)
    pdf = open_pdf(filled)
    widths = _form_font_widths(pdf)
    scale = dpi / 72
    boxes = []
    for index, widget, field in widgets(pdf):
        if index != 0 or field.FT != "/Tx":
            continue
        x0, y0, x1, y1 = (float(v) for v in widget.Rect)
        box = (round(x0 * scale), round(after.height - y1 * scale), round(x1 * scale), round(after.height - y0 * scale))
        boxes.append(box)
        ink = changed.crop(box).getbbox()
        assert ink is not None, str(field.T)
        value = values[str(field.T)]
        size = float(str(widget.DA).split()[1])
        expected = _text_width(value, size, widths) * scale
        assert abs((ink[2] - ink[0]) - expected) <= 0.6 * size * scale * 0.45, (str(field.T), value, ink, expected)
    assert boxes
    for box in boxes:
        changed.paste(0, box)
    assert changed.getbbox() is None  # no ink anywhere but in the fields' boxes


def _flattened_letters(data):
    """Every page's letters after PDFium flattens the form into the page: (page, letter, centre x, centre y)."""
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    document = pypdfium2.PdfDocument(data)
    document.init_forms()
    try:
        for index in range(len(document)):
            document[index].flatten(pdfium_c.FLAT_NORMALDISPLAY)
        flat = io.BytesIO()
        document.save(flat)
    finally:
        document.close()
    document = pypdfium2.PdfDocument(flat.getvalue())
    letters = []
    try:
        for index in range(len(document)):
            textpage = document[index].get_textpage()
            for i in range(textpage.count_chars()):
                left, bottom, right, top = textpage.get_charbox(i)
                letter = textpage.get_text_range(i, 1)
                if letter.strip():
                    letters.append((index, letter, (left + right) / 2, (bottom + top) / 2))
    finally:
        document.close()
    return letters


@pytest.mark.parametrize("system, count, per_page", [s for s in SHEETS if s[2] == 1],
                         ids=[i for s, i in zip(SHEETS, SHEET_IDS) if s[2] == 1])
def test_pdfium_reads_each_filled_value_inside_its_own_box(system, count, per_page):
    """PDFium flattens the filled form into the page; the letters it reads in each field's box, past those the
    page prints there anyway, are that field's value, left to right."""
    data = fillable(system, count, per_page)
    values = text_values(data)
    filled = _flattened_letters(filled_with_pypdf(data, values))
    emptied = Counter(_flattened_letters(filled_with_pypdf(data, dict.fromkeys(values, ""))))
    pdf = open_pdf(data)
    for index, widget, field in widgets(pdf):
        if field.FT != "/Tx":
            continue
        x0, y0, x1, y1 = (float(v) for v in widget.Rect)
        inside = [(x, letter) for page, letter, x, y in (Counter(filled) - emptied).elements()
                  if page == index and x0 <= x <= x1 and y0 <= y <= y1]
        assert "".join(letter for _, letter in sorted(inside)) == values[str(field.T)], str(field.T)


@pytest.mark.parametrize("system, count, per_page", [("ascii-hack", 2, 1), ("card-rogue", None, 4)])
def test_qpdf_and_mutool_find_nothing_wrong_in_a_fillable_sheet(system, count, per_page, tmp_path):
    """The form is appended to the finished sheet as an incremental update: both tools read it whole."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(fillable(system, count, per_page))
    checked = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0 and "WARNING" not in checked.stdout + checked.stderr, checked.stdout
    shown = subprocess.run(["mutool", "show", str(path), "trailer"], capture_output=True, text=True)
    assert shown.returncode == 0 and "warning" not in shown.stderr.lower() and "error" not in shown.stderr.lower()
    fields = subprocess.run(["mutool", "show", str(path), "Root/AcroForm/Fields"], capture_output=True, text=True)
    assert fields.stdout.count(" R") == len(open_pdf(path).Root.AcroForm.Fields)

"""Icons and spans inside a layout's text, and justified text: read back from the drawn page (where each icon
stands and how tall, the colour and size of each letter as PDFium reads them)."""

from __future__ import annotations

import ctypes
import io
from pathlib import Path

import pikepdf
import pypdfium2
import pypdfium2.raw as pdfium
import pytest
from pdfutil import apply, multiply, open_pdf, painting
from PIL import Image
from test_layouts import SVG, bomb_png, deck_folder, make, png, refused

from printgen.cards import inline

SIZE = 10.0
LAYOUT = """\
elements:
  - type: text
    text: "{text}"
    x: 5mm
    y: 10mm
    width: 100% - 10mm
    height: 30mm
    size: 10
    min-size: 4
    color: "#202040"
"""


def letters(data: bytes, page: int = 0, origins: bool = False) -> list[tuple]:
    """Each letter on a page: (character, box, type size, fill colour), as PDFium reads them; with
    ``origins``, the baseline it stands on too."""
    document = pypdfium2.PdfDocument(data)
    try:
        textpage = document[page].get_textpage()
        text = textpage.get_text_range()
        found = []
        for index, character in enumerate(text):
            if character.isspace():
                continue
            red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
            pdfium.FPDFText_GetFillColor(textpage.raw, index, red, green, blue, alpha)
            letter = (character, tuple(textpage.get_charbox(index)), pdfium.FPDFText_GetFontSize(textpage.raw, index),
                      (red.value, green.value, blue.value))
            if origins:
                x, y = ctypes.c_double(), ctypes.c_double()
                pdfium.FPDFText_GetCharOrigin(textpage.raw, index, x, y)
                letter += (round(y.value, 1),)
            found.append(letter)
        return found
    finally:
        document.close()


def forms(data: bytes, page: int = 0) -> list[tuple[str, tuple, tuple]]:
    """Every form XObject placed on a page, followed into forms: (name, its box in page space (x0, y0, x1, y1),
    the fill colour it was placed with)."""
    pdf, found = open_pdf(data), []
    for painted in painting(pdf.pages[page]):
        if painted.op == "Do" and painted.xobject.Subtype == "/Form":
            form = painted.xobject
            matrix = multiply(tuple(float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])), painted.ctm)
            x0, y0, x1, y1 = (float(v) for v in form.BBox)
            (a, b), (c, d) = apply(matrix, x0, y0), apply(matrix, x1, y1)
            name = str(painted.operands[0]).removeprefix("/").removeprefix("FormXob.")
            found.append((name, (min(a, c), min(b, d), max(a, c), max(b, d)), painted.fill))
    return found


def images_in(data: bytes) -> list:
    """The pixel size of every image of the file but transparency masks (a picture is embedded once)."""
    pdf = open_pdf(data)
    images = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]
    masks = {image.SMask.objgen for image in images if "/SMask" in image}
    return [(int(image.Width), int(image.Height)) for image in images if image.objgen not in masks]


def card(tmp_path: Path, text: str, *extra: str, layout: str = LAYOUT, pictures: dict | None = None) -> bytes:
    rows = "title,text\nA,\"" + text.replace('"', '""') + "\"\n"
    folder = deck_folder(tmp_path, layout, rows, pictures)
    result = make(folder, "--layout", "print-shop", *extra)
    assert result.returncode == 0, result.stderr
    return (folder / "out.pdf").read_bytes()


def baseline(found, character: str) -> tuple[float, float]:
    """(bottom, type size) of the first letter ``character`` (a letter without a descender: its foot is the
    baseline)."""
    for letter, box, size, _ in found:
        if letter == character:
            return box[1], size
    raise AssertionError(f"no {character!r}")


def test_an_icon_of_the_set_stands_on_the_text_line_at_the_texts_size_and_colour(tmp_path):
    data = card(tmp_path, "Pay {icon:cut-diamond} now")
    [(name, box, fill)] = [form for form in forms(data) if form[0].startswith("pgicon")]
    assert name == "pgicon-cut-diamond"
    base, size = baseline(letters(data), "P")
    assert size == SIZE
    assert box[3] - box[1] == pytest.approx(inline.ICON_HEIGHT * SIZE, abs=0.3)  # as tall as it is meant
    assert box[1] == pytest.approx(base - inline.ICON_DROP * SIZE, abs=0.5)  # its foot just under the baseline
    assert fill == (round(0x20 / 255, 3), round(0x20 / 255, 3), round(0x40 / 255, 3))  # the text's colour
    found = letters(data)
    pay_end = max(box[2] for letter, box, _, _ in found[:3])
    now_start = min(box[0] for letter, box, _, _ in found if letter == "n")
    assert pay_end < box[0] and box[2] < now_start  # between the words it stands among


def test_an_icon_in_a_colour_of_its_own_and_the_elements_icon_colour(tmp_path):
    data = card(tmp_path / "own", "Pay {icon:cut-diamond|#c9a227} and {icon:flame|darkred}")
    placed = {name: fill for name, _, fill in forms(data) if name.startswith("pgicon")}
    assert placed == {"pgicon-cut-diamond": (0.788, 0.635, 0.153), "pgicon-flame": (0.545, 0.0, 0.0)}
    layout = LAYOUT + "    icon-color: gold\n"
    data = card(tmp_path / "element", "Pay {icon:cut-diamond} and {icon:flame|darkred}", layout=layout)
    placed = {name: fill for name, _, fill in forms(data) if name.startswith("pgicon")}
    assert placed == {"pgicon-cut-diamond": (1.0, 0.843, 0.0), "pgicon-flame": (0.545, 0.0, 0.0)}


def test_icons_shrink_with_the_text(tmp_path):
    long = "Pay {icon:cut-diamond}. " + "Many words to make the text shrink to fit its box. " * 9
    short_data = card(tmp_path / "short", "Pay {icon:cut-diamond}.")
    long_data = card(tmp_path / "long", long)
    heights = []
    for data in (short_data, long_data):
        [box] = [box for name, box, _ in forms(data) if name.startswith("pgicon")]
        _, size = baseline(letters(data), "P")
        heights.append((box[3] - box[1], size))
    (short_height, short_size), (long_height, long_size) = heights
    assert long_size < short_size == SIZE
    assert long_height / short_height == pytest.approx(long_size / short_size, rel=0.02)


def test_a_picture_file_as_an_icon_in_its_own_colours_on_the_line(tmp_path):
    data = card(tmp_path, "Draw {icon:pictures/card.svg} and {icon:pictures/dot.png}",
                pictures={"pictures/card.svg": SVG, "pictures/dot.png": png((20, 20))})
    svg = [box for name, box, _ in forms(data) if name.startswith("pgpic")]
    assert len(svg) == 1
    height = svg[0][3] - svg[0][1]
    width = svg[0][2] - svg[0][0]
    assert width == pytest.approx(2 * height, abs=0.2)  # the SVG is 20 × 10: its own shape
    assert height == pytest.approx(inline.ICON_HEIGHT * SIZE, abs=0.2)  # as tall as an icon of the set
    assert len(images_in(data)) == 1  # the PNG as an image


@pytest.mark.parametrize("text, words", [
    ("Pay {icon:gem}", "deck.csv: row 2 (A): layout.yaml: element 1: {icon:gem}: no icon 'gem' in the icon set "
                       "(did you mean gems, fire-gem or gem-chain?); fonts/game-icons.json names all 4,134"),
    ("Heal {icon:heart}", "no icon 'heart' in the icon set (did you mean hearts, "),
    ("Burn {icon:flme}", "no icon 'flme' in the icon set (did you mean flame, "),
    ("Pay {icon:pictures/none.svg}", "{icon:pictures/none.svg}: 'pictures/none.svg': no such file"),
    ("Pay {icon:../secret.png}", "'../secret.png' leads out of the data file's folder"),
    ("Pay {icon:/etc/passwd.png}", "is not a path inside the data file's folder"),
    ("Pay {icon:pictures/card.svg|red}", "a picture file prints in its own colours"),
    ("Pay {icon:pictures/bomb.png}", "more pixels than printgen reads for a card"),
    ("Pay {icon:cut-diamond|goldish}", "{icon:cut-diamond|goldish}: 'goldish' is not a colour"),
    ("Pay {icon:", "'{icon:' is not finished"),
    ("{color:red|Sticky", "span is not closed"),
    ("{size:huge|Sticky}", "give a share of the text's size or a size in points"),
    ("{size:900%|Sticky}", "comes to 900% of the text's size; give 25% to 400%"),
    ("{color:reddish|Sticky}", "'reddish' is not a colour"),
])
def test_a_mistake_in_an_icon_or_span_is_one_line_naming_the_card_and_element(tmp_path, text, words):
    rows = "title,text\nA,\"" + text + "\"\n"
    folder = deck_folder(tmp_path, LAYOUT, rows, {"pictures/card.svg": SVG, "pictures/bomb.png": bomb_png(9000, 9000)})
    refused(make(folder), words)
    assert not (folder / "out.pdf").exists()


def test_words_in_a_colour_and_a_size_of_their_own(tmp_path):
    data = card(tmp_path, "Hit {color:darkred|**Sticky** {size:150%|Big}} then {size:8pt|small} end")
    found = letters(data)
    by_letter = {}
    for letter, _box, size, colour in found:
        by_letter.setdefault(letter, (size, colour))
    assert by_letter["H"] == (SIZE, (0x20, 0x20, 0x40))
    assert by_letter["S"] == (SIZE, (139, 0, 0))  # darkred
    assert by_letter["B"] == (SIZE * 1.5, (139, 0, 0))  # the span's size, in the colour around it
    assert by_letter["s"][0] == 8.0 and by_letter["s"][1] == (0x20, 0x20, 0x40)
    assert by_letter["e"][0] == SIZE
    big = next(box for letter, box, _, _ in found if letter == "B")
    hit = next(box for letter, box, _, _ in found if letter == "H")
    assert big[1] == pytest.approx(hit[1], abs=0.3)  # on one baseline


def test_a_span_of_larger_words_makes_its_line_stand_taller(tmp_path):
    lines = "First line of words here\nSecond line\nThird line"
    plain = letters(card(tmp_path / "plain", lines))
    grown = letters(card(tmp_path / "grown", lines.replace("Second", "{size:200%|Second}")))

    def feet(found):
        return [next(box[1] for letter, box, _, _ in found if letter == first) for first in "FST"]

    a, b = feet(plain), feet(grown)
    assert a[0] - a[1] < b[0] - b[1]  # more room above the large line
    assert a[1] - a[2] < b[1] - b[2]  # and under it


def test_braces_that_are_not_markup_print_as_written(tmp_path):
    data = card(tmp_path, r"Roll {1d6} and \{icon:cut-diamond\} here")
    text = "".join(letter for letter, *_ in letters(data))
    assert "Roll{1d6}and{icon:cut-diamond}here" in text
    assert not [form for form in forms(data) if form[0].startswith("pgicon")]


def test_icons_and_spans_in_the_layouts_own_text(tmp_path):
    layout = LAYOUT.replace('"{text}"', '"{icon:{suit}} {color:{shade}|{title}}"')
    folder = deck_folder(tmp_path, layout, "title,suit,shade\nAce,hearts,red\nKing,spades,black\n")
    assert make(folder, "--layout", "print-shop").returncode == 0
    data = (folder / "out.pdf").read_bytes()
    assert [name for name, _, _ in forms(data, 0) if name.startswith("pgicon")] == ["pgicon-hearts"]
    assert [name for name, _, _ in forms(data, 2) if name.startswith("pgicon")] == ["pgicon-spades"]
    assert {colour for letter, _, _, colour in letters(data, 0) if letter in "Ace"} == {(255, 0, 0)}


def test_justified_text_runs_to_both_sides_of_its_box(tmp_path):
    text = ("The hero strikes first and the monster answers with a blow of its own, then both stand still "
            "and wait.\nA last short line.")
    ends = {}
    for align in ("left", "justify"):
        layout = LAYOUT + f"    align: {align}\n"
        found = letters(card(tmp_path / align, text, layout=layout), origins=True)
        lines: dict[float, list] = {}
        for _, box, _, _, base in found:
            lines.setdefault(base, []).append(box)
        rights = [max(box[2] for box in line) for _, line in sorted(lines.items(), reverse=True)]
        lefts = [min(box[0] for box in line) for _, line in sorted(lines.items(), reverse=True)]
        ends[align] = (lefts, rights)
    lefts, rights = ends["justify"]
    right_edge = max(rights)
    assert len(rights) >= 4
    assert len(rights) == 5, ends
    assert all(right == pytest.approx(right_edge, abs=1.5) for right in rights[:3]), ends  # every full line (ink)
    assert rights[3] < right_edge - 20 and rights[4] < right_edge - 20  # a paragraph's last line: not stretched
    assert ends["left"][0] == pytest.approx(lefts, abs=0.01)
    assert sum(abs(right - right_edge) > 1 for right in ends["left"][1][:3]) >= 1  # ragged, without justify


def test_an_icon_is_set_once_as_a_form_however_many_cards_show_it(tmp_path):
    rows = "title,text\n" + "".join(f"C{n},Pay {{icon:cut-diamond}} {{icon:pictures/card.svg}}\n" for n in range(12))
    folder = deck_folder(tmp_path, LAYOUT, rows, {"pictures/card.svg": SVG})
    assert make(folder).returncode == 0
    pdf = pikepdf.open(folder / "out.pdf")
    names = [str(key) for page in pdf.pages for key in page.Resources.get("/XObject", {}).keys()]
    forms_in_file = {obj.objgen for obj in pdf.objects if isinstance(obj, pikepdf.Stream)
                     and obj.get("/Subtype") == "/Form"}
    assert names and len(forms_in_file) < 10


def test_png_icon_is_read_as_pictures_are(tmp_path):
    image = Image.new("RGBA", (30, 30), (0, 0, 0, 0))
    out = io.BytesIO()
    image.save(out, "PNG")
    data = card(tmp_path, "Use {icon:dot.png}", pictures={"dot.png": out.getvalue()})
    assert images_in(data) == [(30, 30)]  # small: kept at its own pixels


def test_a_name_the_set_lacks_is_answered_with_the_icons_it_may_mean():
    """Over a sample of the 4,134 names: written in words ("Fire Bowl"), or singular for plural and back, the
    icon meant is always among the three offered; with two letters swapped, nearly always."""
    import random

    from printgen.cards import icons

    pick = random.Random(35)
    sample = icons.names()[::53]  # 78 names: each guess is a few milliseconds
    swapped = found = 0
    for name in sample:
        assert name in icons.near(name.replace("-", " ").title()), name
        other = name[:-1] if name.endswith("s") else name + "s"
        if not icons.exists(other):
            assert name in icons.near(other), (name, other)
        at = pick.randrange(1, len(name))
        typo = name[:at - 1] + name[at] + name[at - 1] + name[at + 1:]
        if typo != name and not icons.exists(typo):
            swapped += 1
            found += name in icons.near(typo)
    assert len(sample) > 75 and swapped > 60 and found >= 0.95 * swapped, (found, swapped)
    assert icons.near("x" * 5000) == () and len(icons.near("sword")) == 3


@pytest.mark.parametrize("markup", ["{size:200%|{icon:flame}}", "{color:red|{icon:flame}}",
                                    "{color:red|{size:150%|x {icon:flame}}}"])
def test_a_span_in_the_layouts_own_text_closes_around_an_icon(tmp_path, markup):
    layout = LAYOUT.replace('"{text}"', f'"Burn {markup} now"')
    folder = deck_folder(tmp_path, layout, "title\nA\n")
    result = make(folder, "--layout", "print-shop")
    assert result.returncode == 0, result.stderr
    data = (folder / "out.pdf").read_bytes()
    [(name, box, fill)] = [form for form in forms(data) if form[0].startswith("pgicon")]
    _, size = baseline(letters(data), "B")
    scale = 2.0 if "200%" in markup else 1.5 if "150%" in markup else 1.0
    assert box[3] - box[1] == pytest.approx(inline.ICON_HEIGHT * size * scale, abs=0.3)
    text_colour = tuple(round(v / 255, 3) for v in (0x20, 0x20, 0x40))
    assert fill == ((1.0, 0.0, 0.0) if "red" in markup else text_colour)  # the span's colour, or the text's
    assert "now" in "".join(letter for letter, *_ in letters(data))


def test_a_brace_left_over_after_markup_closes_is_still_refused(tmp_path):
    layout = LAYOUT.replace('"{text}"', '"Burn {size:200%|x}} now"')
    folder = deck_folder(tmp_path, layout, "title\nA\n")
    refused(make(folder), "has a lone '}'")

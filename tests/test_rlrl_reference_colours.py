"""Rogue Like Roguelike's reference is laid out once for every seed, and the campaign's colours are written in
afterwards (systems/rlrl/reference.py): every colour the game can deal fits its cell, and each is printed on its
row's baseline, inside its cell, in the embedded bold face, for the seed that dealt it."""

import ctypes

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from pdfutil import built, seed_code

from printgen.render import fonts, house, text
from printgen.systems.rlrl import colours, reference
from printgen.units import mm
from printgen.words import BUILT_IN

CELL_PADDING = mm(1)  # house.css: th, td { padding: 0.45mm 1mm }
BASELINE = 0.2  # pt: how near a colour stands to its row's baseline


def chars(data: bytes, index: int) -> list[dict]:
    """A page's printed characters with their origin: ``x`` and ``y`` (the pen's point on the baseline, in pt from
    the page's lower left corner), ``right`` (the glyph's right), ``font`` and ``flags`` (PDFium's)."""
    pdf = pdfium.PdfDocument(data)
    textpage = pdf[index].get_textpage()
    name, flags = ctypes.create_string_buffer(128), ctypes.c_int()
    found = []
    for k in range(textpage.count_chars()):
        character = chr(raw.FPDFText_GetUnicode(textpage.raw, k))
        if not character.strip():
            continue
        x, y = ctypes.c_double(), ctypes.c_double()
        raw.FPDFText_GetCharOrigin(textpage.raw, k, ctypes.byref(x), ctypes.byref(y))
        raw.FPDFText_GetFontInfo(textpage.raw, k, name, 128, ctypes.byref(flags))
        right = textpage.get_charbox(k)[2]
        found.append({"text": character, "x": x.value, "y": y.value, "right": right,
                      "font": name.value.decode(errors="replace")})
    pdf.close()
    return found


def runs(found: list[dict]) -> list[dict]:
    """Characters of one font on one baseline, near each other, as one run: ``text`` (without spaces), ``x``,
    ``right``, ``y``, ``font``."""
    made: list[dict] = []
    for char in found:
        last = made[-1] if made else None
        if last is not None and last["font"] == char["font"] and abs(last["y"] - char["y"]) < 0.01 \
                and -2 < char["x"] - last["right"] < 4:  # kerned letters may overlap
            last["text"] += char["text"]
            last["right"] = char["right"]
        else:
            made.append({**char})
    return made


def the_cells(data: bytes, index: int) -> tuple[float, float]:
    """The "looks like" column's text left and right, from its head row: its head's left, the next head's
    left less both cells' padding."""
    heads = [run for run in runs(chars(data, index)) if run["text"] in ("lookslike", "does")]
    looks = next(run for run in heads if run["text"] == "lookslike")
    does = next(run for run in heads if run["text"] == "does" and abs(run["y"] - looks["y"]) < 0.01)
    return looks["x"], does["x"] - 2 * CELL_PADDING


def assert_colours_written(data: bytes, index: int, dealt: dict[str, str]) -> None:
    key_rows = reference.colour_key(BUILT_IN, dealt)
    left, right = the_cells(data, index)
    found = runs(chars(data, index))
    bold = {font for font in embedded_fonts(data) if "Bold" in font and "Italic" not in font}
    for row in key_rows:
        name = next(run for run in found if run["text"] == row["name"].replace(" ", "") and run["x"] < left)
        looks = reference.looks_like(row).replace(" ", "")
        written = [run for run in found if run["text"] == looks and left - 0.5 <= run["x"] <= right]
        assert len(written) == 1, f"{row['name']}: {reference.looks_like(row)!r} is not written once in its column"
        colour = written[0]
        assert abs(colour["y"] - name["y"]) <= BASELINE, f"{looks} stands off its row's baseline"
        assert left - 0.2 <= colour["x"] and colour["right"] <= right, f"{looks} leaves its cell"
        assert "Bold" in colour["font"] and any(colour["font"] in font for font in bold), \
            f"{looks} is in {colour['font']}, not an embedded bold face"


def embedded_fonts(data: bytes) -> set[str]:
    """The base names of the file's fonts that embed their program."""
    found = set()
    with pikepdf.open(__import__("io").BytesIO(data)) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                descriptor = obj.get("/FontDescriptor") or (obj.get("/DescendantFonts") or [{}])[0].get(
                    "/FontDescriptor")
                if descriptor is not None and any(key in descriptor for key in ("/FontFile", "/FontFile2",
                                                                                  "/FontFile3")):
                    found.add(str(obj.BaseFont).lstrip("/"))
    return found


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_colour_the_game_can_deal_fits_its_cell_on_one_line(paper):
    data = built("reference", "rlrl", "moonpie", paper=paper)
    left, right = the_cells(data, 0)
    say = BUILT_IN.say_for("printgen.systems.rlrl")
    for kind in colours.KINDS:
        for colour in colours.pool(kind):
            words = reference.looks_like({"colour": colour, "kind": say(f"kind.{kind}")})
            width = text.measure(words, reference.COLOUR_FACE, reference.COLOUR_SIZE)
            assert width <= right - left, f"{words!r} ({width:.1f} pt) is wider than its cell ({right - left:.1f} pt)"
    assert reference.COLOUR_FACE == fonts.SERIF_BOLD and reference.COLOUR_SIZE == house.TABLE


@pytest.mark.parametrize("seed", ["moonpie", "first", "x7"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_each_colour_is_written_on_its_row_in_its_cell_in_bold(seed, paper):
    code = seed_code("reference", "rlrl", seed, paper=paper)
    assert_colours_written(built("reference", "rlrl", seed, paper=paper), 0, colours.for_seed(code))


def test_the_campaign_s_reference_prints_its_colours():
    """The Dungeon Master's part opens with the reference after the cover, with the campaign's colours."""
    from printgen.products import build

    code = seed_code("dungeon", "rlrl", "moonpie", copies="dm", rooms="2", paper="a4")
    data = build(code)
    assert_colours_written(data, 1, colours.for_seed(code))


def test_the_reference_s_html_names_no_colour():
    """What WeasyPrint lays out holds no word of the seed's, though the template is handed the seed's colours (a
    user's template made before prints them): the colours are written in afterwards."""
    from printgen.render import html

    dealt = colours.for_seed(seed_code("reference", "rlrl", "moonpie"))
    page = html.render_html("rlrl/reference.html", phrasebooks=BUILT_IN, seed_code="x", title="t",
                            page_size="1pt 1pt", **reference.context(BUILT_IN, reference.colour_key(BUILT_IN, dealt)))
    say = BUILT_IN.say_for("printgen.systems.rlrl")
    for kind in colours.KINDS:
        for colour in colours.pool(kind):
            assert f">{colour} {say(f'kind.{kind}')}<" not in page
    assert all(f'id="{reference.mark(row)}"' in page for row in range(len(colours.magic_items())))

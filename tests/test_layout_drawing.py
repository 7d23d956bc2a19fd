"""A layout's drawing beyond boxes, read back from the page: turned and see-through elements, pictures cut to a
shape, gradients, polygons and stars, icons with a size and colour of their own, fonts of the computer's."""

from __future__ import annotations

import re
import shutil
import subprocess

import pikepdf
import pypdfium2
import pytest
from pdfutil import open_pdf, run_cli
from PIL import Image
from test_inline import forms
from test_layouts import deck_folder, make, png, refused

SCALE = 4  # pixels a point: 288 dpi
PX_MM = SCALE * 72 / 25.4


def page_of(tmp_path, elements: str, *extra: str, pictures: dict | None = None, rows: str = "title\nA\n"):
    folder = deck_folder(tmp_path, "elements:\n" + elements, rows, pictures)
    result = make(folder, "--layout", "print-shop", *extra)
    assert result.returncode == 0, result.stderr
    return folder, (folder / "out.pdf").read_bytes(), result


def pixels(data: bytes, page: int = 0) -> Image.Image:
    document = pypdfium2.PdfDocument(data)
    try:
        return document[page].render(scale=SCALE).to_pil().convert("RGB")
    finally:
        document.close()


def where(image: Image.Image, test) -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom) of the pixels ``test`` holds for."""
    found = Image.new("L", image.size)
    pixels = image.get_flattened_data() if hasattr(image, "get_flattened_data") else image.getdata()  # Pillow 12 on
    found.putdata([255 if test(pixel) else 0 for pixel in pixels])
    box = found.getbbox()
    assert box is not None, "nothing drawn in that colour"
    return box


def trim(image: Image.Image) -> tuple[float, float]:
    """Where the trimmed card's top left lies on a print shop's page (a poker card, its bleed around it)."""
    width = 63.5 * PX_MM
    height = 88.9 * PX_MM
    return (image.width - width) / 2, (image.height - height) / 2


def states(data: bytes, kind: str = "/ExtGState") -> list:
    """Every graphics state (or shading) a page or a form of the file sets (ReportLab writes them in the
    resources)."""
    pdf = open_pdf(data)
    found = []
    for obj in pdf.objects:  # pages and forms
        if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)) and "/Resources" in obj:
            found += [{key: str(value) if key in ("/ColorSpace", "/ShadingType") else float(value)
                       for key, value in state.items() if key in ("/ca", "/CA", "/ColorSpace", "/ShadingType")}
                      for _, state in obj.Resources.get(kind, pikepdf.Dictionary()).items()]
    return found


def red(pixel) -> bool:
    r, g, b = pixel
    return r > 200 and g < 60 and b < 60


BAR = """\
  - type: rect
    x: 10mm
    y: 20mm
    width: 40mm
    height: 4mm
    fill: "#ff0000"
    stroke: none
"""


def test_rotate_turns_an_element_clockwise_about_its_centre_or_a_corner(tmp_path):
    _, flat, _ = page_of(tmp_path / "flat", BAR)
    _, about_centre, _ = page_of(tmp_path / "centre", BAR + "    rotate: 90\n")
    _, about_corner, _ = page_of(tmp_path / "corner", BAR + "    rotate: 90 top-left\n")
    left, top, right, bottom = where(pixels(flat), red)
    assert abs((right - left) - 40 * PX_MM) < 3 and abs((bottom - top) - 4 * PX_MM) < 3
    l2, t2, r2, b2 = where(pixels(about_centre), red)
    assert abs((r2 - l2) - 4 * PX_MM) < 3 and abs((b2 - t2) - 40 * PX_MM) < 3  # upright now
    assert abs((l2 + r2) - (left + right)) < 4 and abs((t2 + b2) - (top + bottom)) < 4  # the same centre
    l3, t3, r3, b3 = where(pixels(about_corner), red)
    # clockwise about the top left: the bar hangs down from that corner, to its left
    assert abs(r3 - left) < 3 and abs(t3 - top) < 3 and abs((b3 - t3) - 40 * PX_MM) < 3


def test_opacity_lets_the_paper_through_and_a_press_file_prints_it_solid(tmp_path):
    folder, data, _ = page_of(tmp_path, BAR + "    opacity: 50%\n")
    image = pixels(data)
    left, top, right, bottom = where(image, lambda p: p[0] > 200 and 100 < p[1] < 160 and 100 < p[2] < 160)
    r, g, b = image.getpixel(((left + right) // 2, (top + bottom) // 2))
    assert r > 245 and abs(g - 128) < 12 and abs(b - 128) < 12  # half red on white paper
    assert any(abs(float(state.get("/ca", 1)) - 0.5) < 1e-6 for state in states(data))
    press = make(folder, "--vendor", "drivethrucards", "-o", "press.pdf")
    assert press.returncode == 0, press.stderr
    assert "cannot print see-through" in press.stderr
    for state in states((folder / "press.pdf").read_bytes()):
        assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1


PICTURE = """\
  - type: image
    src: blue.png
    x: 10mm
    y: 10mm
    width: 40mm
    height: 40mm
    fit: stretch
"""


@pytest.mark.parametrize("mask, inside, outside", [
    ("circle", [(0.5, 0.5), (0.5, 0.02), (0.02, 0.5)], [(0.03, 0.03), (0.97, 0.97)]),
    ("rounded 8mm", [(0.5, 0.5), (0.02, 0.5), (0.5, 0.98)], [(0.01, 0.01), (0.99, 0.99)]),
    ("polygon 3", [(0.5, 0.1), (0.5, 0.6)], [(0.1, 0.1), (0.9, 0.1), (0.5, 0.9)]),
    ("points 0 0, 100% 0, 0 100%", [(0.1, 0.1), (0.4, 0.4)], [(0.6, 0.6), (0.9, 0.9)]),
])
def test_mask_cuts_a_picture_to_its_shape(tmp_path, mask, inside, outside):
    _, data, _ = page_of(tmp_path, PICTURE + f"    mask: {mask}\n", pictures={"blue.png": png((80, 80), (0, 0, 255))})
    image = pixels(data)
    dx, dy = trim(image)
    x0, y0, side = dx + 10 * PX_MM, dy + 10 * PX_MM, 40 * PX_MM  # the element's box: the shape inside it

    def blue(fx, fy) -> bool:
        r, g, b = image.getpixel((int(x0 + fx * side), int(y0 + fy * side)))
        return b > 200 and r < 60 and g < 60

    assert all(blue(fx, fy) for fx, fy in inside), [blue(fx, fy) for fx, fy in inside]
    assert not any(blue(fx, fy) for fx, fy in outside), [blue(fx, fy) for fx, fy in outside]


def test_a_linear_gradient_runs_across_a_fill_at_its_angle_and_in_press_cmyk(tmp_path):
    elements = BAR.replace('"#ff0000"', '"linear-gradient(90deg, #ff0000, #0000ff)"')
    folder, data, _ = page_of(tmp_path, elements)
    image = pixels(data)
    y = int(trim(image)[1] + (20 + 2) * PX_MM)
    row = [image.getpixel((x, y)) for x in range(image.width)]
    coloured = [x for x, (r, g, b) in enumerate(row) if g < 60 and (r > 100 or b > 100)]
    first, last = row[coloured[0] + 2], row[coloured[-1] - 2]
    middle = row[(coloured[0] + coloured[-1]) // 2]
    assert first[0] > 230 and first[2] < 30 and last[2] > 230 and last[0] < 30  # red at the left, blue at the right
    assert 100 < middle[0] < 160 and 100 < middle[2] < 160
    shadings = [shading for shading in states(data, "/Shading") if shading.get("/ShadingType") == "2"]
    assert len(shadings) == 1 and shadings[0]["/ColorSpace"] == "/DeviceRGB"
    assert make(folder, "--vendor", "drivethrucards", "-o", "press.pdf").returncode == 0
    shadings = [shading for shading in states((folder / "press.pdf").read_bytes(), "/Shading")
                if shading.get("/ShadingType") == "2"]
    assert shadings and all(shading["/ColorSpace"] == "/DeviceCMYK" for shading in shadings)


SHAPE = """\
  - type: shape
    shape: {shape}
    x: 10mm
    y: 10mm
    width: 40mm
    height: 40mm
    fill: "#ff0000"
"""


@pytest.mark.parametrize("shape, inside, outside", [
    ("star 5 40%", [(0.5, 0.5), (0.5, 0.04), (0.1, 0.37)], [(0.5, 0.97), (0.2, 0.1), (0.8, 0.1), (0.5, 0.75)]),
    ("polygon 6", [(0.5, 0.5), (0.5, 0.03), (0.1, 0.5)], [(0.03, 0.03), (0.97, 0.03), (0.03, 0.5)]),
])
def test_polygons_and_stars_stand_in_their_box_with_a_point_at_the_top(tmp_path, shape, inside, outside):
    _, data, _ = page_of(tmp_path, SHAPE.format(shape=shape))
    image = pixels(data)
    dx, dy = trim(image)
    x0, y0, side = dx + 10 * PX_MM, dy + 10 * PX_MM, 40 * PX_MM
    left, top, right, bottom = where(image, red)
    assert abs(top - y0) < 3 and abs((left + right) / 2 - (x0 + side / 2)) < 3  # a point at the top, centred
    for fx, fy in inside:
        assert red(image.getpixel((int(x0 + fx * side), int(y0 + fy * side)))), (fx, fy)
    for fx, fy in outside:
        assert not red(image.getpixel((int(x0 + fx * side), int(y0 + fy * side)))), (fx, fy)


def test_an_icon_takes_a_size_and_colour_of_its_own(tmp_path):
    elements = """\
  - type: text
    text: "A {icon:flame} B {icon:flame|size:200%|color:red} C {icon:flame|color:#0000ff|size:14pt}"
    x: 5mm
    y: 10mm
    width: 100% - 10mm
    height: 30mm
    size: 7
"""
    _, data, _ = page_of(tmp_path, elements)
    icons = sorted(((box, fill) for name, box, fill in forms(data) if name.startswith("pgicon")),
                   key=lambda found: found[0][0])
    assert len(icons) == 3
    heights = [box[3] - box[1] for box, _ in icons]
    assert abs(heights[1] / heights[0] - 2) < 0.01 and abs(heights[2] / heights[0] - 2) < 0.01
    assert icons[1][1] == (1.0, 0.0, 0.0) and icons[2][1] == (0.0, 0.0, 1.0)


@pytest.mark.skipif(shutil.which("fc-match") is None, reason="fontconfig is not installed")
def test_a_font_family_of_the_computers_is_found_by_name(tmp_path):
    answer = subprocess.run(["fc-match", "-f", "%{family}", "Liberation Sans"], capture_output=True, text=True)
    if "Liberation Sans" not in answer.stdout:
        pytest.skip("no Liberation Sans here")
    from test_layouts import char_fonts

    elements = """\
  - type: text
    text: "Plain **Bold** {title}"
    font: Liberation Sans
    x: 5mm
    y: 10mm
    width: 100% - 10mm
    height: 20mm
"""
    folder, data, result = page_of(tmp_path, elements)
    faces = char_fonts(data)
    assert faces["P"] == {"LiberationSans"} and faces["B"] == {"LiberationSans-Bold"}
    # the family's bytes are in the seed code's fingerprint, beside the data folder's files: it reproduces here
    _, _, bare = page_of(tmp_path / "bare", elements.replace("    font: Liberation Sans\n", ""))
    fingerprint = re.compile(r"pictures-sha256=([0-9a-f]+)")
    assert fingerprint.search(result.stderr) and not fingerprint.search(bare.stderr)  # no file read but the font
    again = run_cli("reproduce", "out.pdf", "-o", "again.pdf", cwd=folder)
    assert again.returncode == 0, again.stderr
    assert (folder / "again.pdf").read_bytes() == data


@pytest.mark.parametrize("element, words", [
    ("    rotate: 15 middle\n", "rotate: '15 middle'; give degrees clockwise, about the centre or a corner"),
    ("    opacity: 2\n", "opacity: 2; give 0 (unseen) to 1 (solid)"),
    ("    fill: 'linear-gradient(red)'\n", "a gradient runs through 2 to 16 colours"),
    ("    fill: 'linear-gradient(90deg, red, blue 20%, green 10%)'\n", "its stops go back along it"),
    ("    fill: 'linear-gradient(90deg, red, bleu)'\n", "'bleu' is not a colour (did you mean blue?)"),
])
def test_drawing_mistakes_are_one_line_and_leave_no_file(tmp_path, element, words):
    folder = deck_folder(tmp_path, "elements:\n" + BAR.replace('    fill: "#ff0000"\n', "") + element, "title\nA\n")
    refused(make(folder), words)
    assert not (folder / "out.pdf").exists()


@pytest.mark.parametrize("element, words", [
    ("  - type: shape\n    shape: hexagon\n", "shape: 'hexagon'; give rect, rounded 3mm, circle, polygon 6"),
    ("  - type: shape\n    shape: star 2\n", "give the points, 3 to 64, e.g. star 5 40%"),
    ("  - type: image\n    src: a.png\n    mask: oval\n", "mask: 'oval'; give rect"),
    ("  - type: text\n    text: '{icon:flame|size:900%}'\n", "comes to 900% of the text's size"),
    ("  - type: text\n    text: '{icon:flame|big}'\n", "'big' is not a colour"),
    ("  - type: text\n    text: '{icon:flame|size:120%|red}'\n", "after an icon's name give size:120%"),
    ("  - type: text\n    text: x\n    font: No Such Family\n", "'No Such Family': no font family of that name"),
])
def test_shape_mask_icon_and_font_mistakes_are_one_line(tmp_path, element, words):
    folder = deck_folder(tmp_path, "elements:\n" + element, "title\nA\n", {"a.png": png()})
    refused(make(folder), words)
    assert not (folder / "out.pdf").exists()


def test_a_turned_see_through_picture_cut_to_a_circle_is_the_same_circle_half_seen(tmp_path):
    elements = PICTURE + "    rotate: 45\n    opacity: 0.5\n    mask: circle\n"
    _, data, _ = page_of(tmp_path, elements, pictures={"blue.png": png((80, 80), (0, 0, 255))})
    assert any(abs(float(state.get("/ca", 1)) - 0.5) < 1e-6 for state in states(data))
    image = pixels(data)
    left, top, right, bottom = where(image, lambda p: p[2] > 200 and 100 < p[0] < 160)
    assert abs((right - left) - 40 * PX_MM) < 4  # a circle turned is the same circle, half see-through

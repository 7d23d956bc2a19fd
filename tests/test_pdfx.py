"""Every --vendor drivethrucards file passes PDF/X-1a:2003 as a preflight checks it (pdfx_checks.py): the
built-in decks of every game, and custom decks with SVG (translucent and opaque), PNG, RGBA and CMYK pictures.
A translucent picture prints as the sheet version shows it, not as solid ink."""

import pytest
from pdfutil import page_texts, run_cli, seed_code
from pdfx_checks import problems
from PIL import Image, ImageDraw

from printgen.products import build
from printgen.products.deck import deck_systems, system_decks

BUILT_IN = [(system, deck) for system in deck_systems() for deck in system_decks(system)]

# The torch of the example deck: a dark ground, two glows of 18 and 22 % over it, a flame.
TRANSLUCENT_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 137 100" width="137" height="100">
  <rect width="137" height="100" fill="#27324a"/>
  <circle cx="68" cy="50" r="40" fill="#f6c453" fill-opacity="0.18"/>
  <circle cx="68" cy="50" r="22" fill="#f6c453" fill-opacity="0.22"/>
  <path d="M68 30 C80 44 80 56 68 62 C56 56 56 44 68 30 Z" fill="#e8602c" stroke="#ffd35c" stroke-opacity="0.5"/>
  <linearGradient id="fade"><stop offset="0" stop-color="#fff" stop-opacity="0.6"/><stop offset="1"
    stop-color="#fff" stop-opacity="0"/></linearGradient>
  <rect x="0" y="90" width="137" height="10" fill="url(#fade)"/>
</svg>
"""
OPAQUE_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <rect width="100" height="100" fill="#3d3a33"/>
  <linearGradient id="g"><stop offset="0" stop-color="#c9a96e"/><stop offset="1" stop-color="#7a1f16"/>
  </linearGradient>
  <circle cx="50" cy="50" r="30" fill="url(#g)"/>
</svg>
"""
LAYOUT = """\
elements:
  - type: rect
    width: 100%
    height: 100%
    fill: "#f4efe4"
    stroke: none
  - type: image
    src: "{picture}"
    x: 4mm
    y: 4mm
    width: 100% - 8mm
    height: 50%
    fit: contain
  - type: text
    text: "{title}"
    x: 4mm
    y: 60%
    width: 100% - 8mm
    height: 8mm
    size: 12
"""


@pytest.mark.sweep
@pytest.mark.parametrize("system, deck", BUILT_IN, ids=[f"{s}-{d}" for s, d in BUILT_IN])
def test_every_built_in_deck_for_drivethrucards_passes_pdfx_1a(system, deck):
    data = build(seed_code("deck", system, "pdfx", deck=deck, vendor="drivethrucards"))
    assert problems(data) == []


@pytest.fixture(scope="module")
def picture_deck(tmp_path_factory):
    """A deck folder with a picture of every kind printgen reads, and a layout that shows them."""
    folder = tmp_path_factory.mktemp("pictures")
    (folder / "glow.svg").write_text(TRANSLUCENT_SVG)
    (folder / "solid.svg").write_text(OPAQUE_SVG)
    rgb = Image.new("RGB", (300, 200), (40, 90, 160))
    ImageDraw.Draw(rgb).ellipse((50, 30, 250, 170), fill=(230, 190, 60))
    rgb.save(folder / "rgb.png")
    rgba = Image.new("RGBA", (300, 200), (0, 0, 0, 0))
    ImageDraw.Draw(rgba).ellipse((50, 30, 250, 170), fill=(200, 40, 40, 255))
    ImageDraw.Draw(rgba).rectangle((0, 0, 300, 20), fill=(40, 200, 40, 100))  # half see-through
    rgba.save(folder / "rgba.png")
    rgb.convert("CMYK").save(folder / "cmyk.jpg", quality=90)
    rows = ["title,body,picture,count", "Glow,A torch.,glow.svg,1", "Solid,A coin.,solid.svg,1",
            "Plain,A sun.,rgb.png,1", "Cut out,A seal.,rgba.png,2", "Press,A print.,cmyk.jpg,1"]
    (folder / "deck.csv").write_text("\n".join(rows) + "\n")
    (folder / "layout.yaml").write_text(LAYOUT)
    return folder


def _custom(folder, *args):
    out = folder / f"out-{abs(hash(args))}.pdf"
    result = run_cli("deck", "custom", "--data", "deck.csv", "--seed", "pdfx", "-o", out.name, "--force", "-q",
                     *args, cwd=folder)
    assert result.returncode == 0, result.stderr
    return out.read_bytes()


@pytest.mark.parametrize("layout", [True, False], ids=["own-layout-with-pictures", "built-in-look"])
def test_a_custom_deck_for_drivethrucards_passes_pdfx_1a(picture_deck, layout):
    data = _custom(picture_deck, "--vendor", "drivethrucards", *(("--card-layout", "layout.yaml") if layout else ()))
    assert problems(data) == []
    assert "Glow" in " ".join(page_texts(data))


def test_the_checks_see_what_a_file_for_a_home_printer_has_and_a_press_file_must_not(picture_deck):
    """The same deck on sheets: RGB, live transparency, no output intent; every check speaks."""
    found = " ".join(problems(_custom(picture_deck, "--card-layout", "layout.yaml")))
    for words in ("output intent", "not CMYK", "/ca", "soft mask", "no TrimBox"):
        assert words in found


def _picture_pixels(data, page, size=(200, 280)):
    """A card page drawn by PDFium at a fixed size, RGB."""
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    try:
        bitmap = document[page].render(scale=size[0] / document[page].get_width(), rev_byteorder=True)
        return bitmap.to_pil().convert("RGB").resize(size)
    finally:
        document.close()


def test_a_translucent_picture_prints_as_the_sheet_version_shows_it(picture_deck):
    """The glow over the dark ground: the print-shop PDF (RGB, live transparency) and the DriveThruCards file
    (CMYK, flattened) show the same colour there, near enough for a profile's round trip; the disc the
    flattening replaced (the glow's colour printed solid) is far from it."""
    sheet = _custom(picture_deck, "--card-layout", "layout.yaml", "--layout", "print-shop")
    press = _custom(picture_deck, "--card-layout", "layout.yaml", "--vendor", "drivethrucards")
    shown = _picture_pixels(sheet, 0)  # front of card 1 (print-shop: front, back, ...)
    printed = _picture_pixels(press, 1)  # DriveThruCards: the shared back first
    solid_yellow = (246, 196, 83)
    for glow in ((70, 60), (100, 60)):  # in the outer glow; in the inner one, beside the flame
        near = max(abs(a - b) for a, b in zip(shown.getpixel(glow), printed.getpixel(glow)))
        far = max(abs(a - b) for a, b in zip(solid_yellow, printed.getpixel(glow)))
        assert near <= 40 < far, (glow, shown.getpixel(glow), printed.getpixel(glow))

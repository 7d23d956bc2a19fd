"""Share by scanning: every product's first page carries its seed code as a QR an ordinary decoder reads,
clear of the page's own marks, and `reproduce` makes the same file from a photo of it.

The QR is read back with zbarimg (Debian's zbar-tools), a decoder printgen does not use itself.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pypdfium2
import pytest
from pdfutil import open_pdf, run_cli, seed_code, subject
from PIL import Image, ImageChops, ImageFilter

from printgen import products
from printgen.cards.custom import file_digest
from printgen.errors import PrintgenError
from printgen.render import qr
from printgen.scan import MAX_PIXELS, read_seed_code
from printgen.seed import PRINTED_CODE_LENGTH
from printgen.units import mm

DPI = 150
HERE = Path(__file__).parent
CUSTOM_CSV = "tests/fixtures/custom-deck.csv"  # relative to the repository, as a seed code records it

# One of every product a PDF carries a QR in (print-shop files carry the code in their metadata only).
FIRST_PAGES = [
    ("dungeon", "roguelike", {"levels": "1"}),
    ("dungeon", "amulet", {"levels": "1"}),
    ("dungeon", "rlrl", {"copies": "dm"}),
    ("dungeon", "rlrl", {"copies": "rogue"}),
    ("deck", "roguelike", {"deck": "creatures"}),
    ("deck", "card-rogue", {"deck": "characters", "card-size": "mini"}),
    ("deck", "ascii-hack", {"deck": "zones", "card-size": "tarot", "paper": "a4"}),
    ("deck", "amulet", {"deck": "swarms", "calibration": "yes"}),
    ("sheet", "roguelike", {}),
    ("sheet", "amulet", {"count": "2", "per-page": "2"}),
    ("sheet", "ascii-hack", {"fillable": "yes"}),
    ("sheet", "card-rogue", {"per-page": "4"}),
    ("sheet", "rlrl", {"paper": "a4"}),
    ("reference", "roguelike", {}),
    ("reference", "amulet", {"paper": "a4"}),
    ("reference", "ascii-hack", {"size": "card"}),
    ("reference", "card-rogue", {}),
    ("reference", "rlrl", {}),
    ("challenge", "card-rogue", {}),
    ("graph-paper", "generic", {}),
    ("graph-paper", "generic", {"paper": "a4", "grid": "hex"}),
    # Every game's every product kind, and the sizes and layouts that move the code.
    ("dungeon", "rlrl", {}),
    ("dungeon", "roguelike", {"levels": "1", "paper": "a4"}),
    ("deck", "rlrl", {"deck": "encounters"}),
    ("deck", "roguelike", {"deck": "loot", "duplex": "short", "gutter": "4"}),
    ("deck", "card-rogue", {"deck": "exploration", "card-size": "square"}),
    ("deck", "generic", {"deck": "custom", "data": CUSTOM_CSV, "data-sha256": file_digest(Path(CUSTOM_CSV))}),
    ("sheet", "roguelike", {"count": "3", "per-page": "2", "fillable": "yes"}),
    ("sheet", "amulet", {"paper": "a4"}),
    ("sheet", "card-rogue", {"per-page": "2"}),
    ("sheet", "card-rogue", {"per-page": "4", "paper": "a4"}),
    ("sheet", "rlrl", {"count": "2", "per-page": "2"}),
    ("sheet", "ascii-hack", {"count": "1", "ink-saver": "yes"}),
    ("reference", "roguelike", {"paper": "a4"}),
    ("reference", "ascii-hack", {"paper": "a4"}),
    ("reference", "card-rogue", {"paper": "a4"}),
    ("reference", "rlrl", {"paper": "a4"}),
    ("challenge", "card-rogue", {"levels": "1", "paper": "a4"}),
    ("graph-paper", "generic", {"grid": "inch", "pages": "2"}),
    ("solo", "roguelike", {"levels": "1"}),
    ("solo", "rlrl", {"rooms": "2", "paper": "a4"}),
]


def case_id(case) -> str:
    product, system, options = case
    return "-".join([product, system, *(f"{k}={v}" for k, v in options.items())])


def first_page(pdf: bytes, dpi: int = DPI) -> Image.Image:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def zbar(image: Image.Image, tmp_path: Path) -> list[str]:
    path = tmp_path / "page.png"
    image.save(path)
    done = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(path)],
                          capture_output=True, text=True)
    return done.stdout.splitlines()


@pytest.fixture(scope="module")
def zbarimg():
    if shutil.which("zbarimg") is None:
        pytest.fail("zbarimg is missing: install Debian's zbar-tools (.ci/run does)")


@pytest.mark.sweep
@pytest.mark.parametrize("case", FIRST_PAGES, ids=case_id)
def test_an_ordinary_decoder_reads_the_first_pages_qr(case, tmp_path, zbarimg):
    product, system, options = case
    pdf = products.build(seed_code(product, system, "scan", **options))
    assert zbar(first_page(pdf), tmp_path) == [subject(open_pdf(pdf))]


def first_page_spot(code, monkeypatch):
    """The file of ``code`` made without its QR codes, and where the first page's stands. (A deck with a
    calibration sheet first has a second code, on its deck card.)"""
    spots = []
    monkeypatch.setattr(qr, "draw", lambda c, spot, text: spots.append((c.getPageNumber(), spot, text)))
    pdf = products.build(code)
    [(spot, text)] = [(spot, text) for page, spot, text in spots if page == 1]
    assert text == str(products.canonical(code))
    return pdf, spot


@pytest.mark.sweep
@pytest.mark.parametrize("case", FIRST_PAGES, ids=case_id)
def test_the_qr_covers_nothing_of_the_page(case, monkeypatch):
    """Without its QR, the first page is blank where the QR stands (quiet zone included)."""
    product, system, options = case
    pdf, spot = first_page_spot(seed_code(product, system, "scan", **options), monkeypatch)
    assert_blank_under(pdf, spot)


def assert_blank_under(pdf: bytes, spot) -> None:
    page = first_page(pdf)
    scale = DPI / 72
    height = page.height
    box = (int(spot.x * scale), int(height - (spot.y + spot.side) * scale),
           int((spot.x + spot.side) * scale) + 1, int(height - spot.y * scale) + 1)
    darkest, _ = page.crop(box).convert("L").getextrema()
    assert darkest >= 250, f"the page has marks under its QR code at {box}"
    assert spot.side >= mm(15)


# The longest seed code printgen makes (a long seed): a version 12 symbol, whose square grows to keep its
# modules at qr.MIN_MODULE, and each product still keeps room for it.
LONGEST = [
    ("graph-paper", "generic", {"paper": "a4"}),
    ("dungeon", "roguelike", {"levels": "1"}),
    ("dungeon", "rlrl", {"copies": "rogue"}),
    ("sheet", "card-rogue", {"per-page": "4"}),
    ("sheet", "amulet", {"per-page": "2"}),
    ("deck", "amulet", {"deck": "swarms", "card-size": "mini"}),
    ("reference", "ascii-hack", {}),
    ("reference", "roguelike", {}),
    ("challenge", "card-rogue", {}),
    ("solo", "roguelike", {"levels": "1"}),
]


def longest_code(product: str, system: str, **options):
    short = str(products.canonical(seed_code(product, system, "x", **options)))
    return seed_code(product, system, "x" * (PRINTED_CODE_LENGTH - len(short) + 1), **options)


@pytest.mark.sweep
@pytest.mark.parametrize("case", LONGEST, ids=case_id)
def test_the_longest_code_reads_and_covers_nothing(case, tmp_path, monkeypatch, zbarimg):
    product, system, options = case
    code = longest_code(product, system, **options)
    assert len(str(products.canonical(code))) == PRINTED_CODE_LENGTH
    blank, spot = first_page_spot(code, monkeypatch)
    assert_blank_under(blank, spot)
    monkeypatch.undo()
    pdf = products.build(code)
    assert zbar(first_page(pdf), tmp_path) == [subject(open_pdf(pdf))]


def photographed(image: Image.Image, angle: float) -> bytes:
    """A phone's photo of a page, roughly: turned, seen at a slant, lit unevenly, blurred, JPEG quality 50."""
    image = image.rotate(angle, expand=True, fillcolor=(180, 170, 160), resample=Image.BICUBIC)
    w, h = image.size
    k = 0.05
    image = image.transform((w, h), Image.PERSPECTIVE,
                            [1 + k * 0.2, k * 0.3, -w * k * 0.1, k * 0.1, 1 + k * 0.1, -h * k * 0.05,
                             k * 0.12 / w, k * 0.08 / h], Image.BICUBIC, fillcolor=(200, 200, 200))
    shade = Image.linear_gradient("L").resize((w, h)).rotate(30, fillcolor=255).point(lambda v: 255 - v // 2)
    image = ImageChops.multiply(image, Image.merge("RGB", (shade, shade, shade))).filter(ImageFilter.GaussianBlur(1))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=50)
    return buffer.getvalue()


@pytest.mark.sweep
@pytest.mark.parametrize("angle, scale", [(0, 1.0), (-15, 1.0), (15, 0.8), (7, 1.3)])
@pytest.mark.parametrize("case", [FIRST_PAGES[0], FIRST_PAGES[4], FIRST_PAGES[8], FIRST_PAGES[19]], ids=case_id)
def test_reproduce_from_a_photo_gives_the_same_bytes(case, angle, scale, tmp_path):
    product, system, options = case
    pdf = products.build(seed_code(product, system, "photo", **options))
    page = first_page(pdf)
    page = page.resize((int(page.width * scale), int(page.height * scale)))
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(photographed(page, angle))
    result = run_cli("reproduce", str(photo), "-o", str(tmp_path / "again.pdf"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "again.pdf").read_bytes() == pdf


def test_the_full_form_of_a_code_gives_the_file_of_the_short_form(tmp_path):
    short = products.canonical(seed_code("dungeon", "roguelike", "moonpie"))
    assert str(short) == "pg4:dungeon:roguelike:moonpie" and len(str(short)) <= 40
    full = "pg4:dungeon:roguelike:moonpie:format=pdf,levels=3,paper=letter,players-map=blank,rooms=16"
    assert run_cli("reproduce", full, "-o", str(tmp_path / "full.pdf")).returncode == 0
    assert run_cli("reproduce", str(short), "-o", str(tmp_path / "short.pdf")).returncode == 0
    assert (tmp_path / "full.pdf").read_bytes() == (tmp_path / "short.pdf").read_bytes()
    assert subject(open_pdf(tmp_path / "full.pdf")) == str(short)


def test_other_format_versions_are_refused_by_name(tmp_path):
    result = run_cli("reproduce", "pg3:dungeon:roguelike:moonpie:levels=3", "-o", str(tmp_path / "x.pdf"))
    assert result.returncode == 2 and "made by format version 3" in result.stderr


def _refused(path: Path, words: str) -> None:
    with pytest.raises(PrintgenError, match=words) as caught:
        read_seed_code(path)
    assert "\n" not in str(caught.value)


def test_pictures_without_a_printgen_code_are_one_line(tmp_path):
    import segno

    blank = tmp_path / "blank.png"
    Image.new("RGB", (800, 600), "white").save(blank)
    _refused(blank, "no printgen QR code found")
    other = tmp_path / "other.png"
    segno.make("https://example.com/not-printgen", error="m").save(other, scale=8)
    _refused(other, "not a printgen seed code")
    text = tmp_path / "notes.jpg"
    text.write_text("not a picture at all")
    _refused(text, "not a picture printgen can read")


def test_damaged_and_oversized_pictures_are_one_line(tmp_path):
    photo = tmp_path / "page.jpg"
    Image.new("RGB", (1200, 1600), "white").save(photo, quality=80)
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(photo.read_bytes()[:2000])
    _refused(cut, "damaged or cut short")
    huge = tmp_path / "huge.png"
    Image.new("1", (20000, 20000)).save(huge)  # a few kilobytes that decode to 400 megapixels
    assert huge.stat().st_size < 200_000 and 20000 * 20000 > MAX_PIXELS
    _refused(huge, "pixels")


def test_a_bad_picture_on_the_command_line_writes_nothing(tmp_path):
    blank = tmp_path / "blank.png"
    Image.new("RGB", (400, 300), "white").save(blank)
    result = run_cli("reproduce", str(blank), "-o", str(tmp_path / "out.pdf"))
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "out.pdf").exists()


def test_a_studio_share_link_reproduces_its_file_typed_or_scanned(tmp_path):
    """The studio's share panel shows a QR of its link: a photo of that, or the link typed, makes the file."""
    import segno

    code = "pg4:graph-paper:generic:moonpie:paper=a4"
    assert run_cli("reproduce", code, "-o", str(tmp_path / "code.pdf")).returncode == 0
    link = f"http://127.0.0.1:8000/?code={code}"
    assert run_cli("reproduce", link, "-o", str(tmp_path / "link.pdf")).returncode == 0
    shot = tmp_path / "share.png"
    segno.make(link, error="m").save(shot, scale=8)
    assert str(read_seed_code(shot)) == code
    assert run_cli("reproduce", str(shot), "-o", str(tmp_path / "shot.pdf")).returncode == 0
    assert (tmp_path / "code.pdf").read_bytes() == (tmp_path / "link.pdf").read_bytes() == (tmp_path / "shot.pdf").read_bytes()
    result = run_cli("reproduce", "http://127.0.0.1:8000/?seed=moonpie", "-o", str(tmp_path / "none.pdf"))
    assert result.returncode == 2 and "holds no seed code" in result.stderr and not (tmp_path / "none.pdf").exists()


def test_the_symbol_is_segnos_own_read_with_its_encoder_alone():
    """A fresh process draws the code with segno's encoder alone (segno's package imports its writers, and they
    urllib.request, http.client, email and ssl): the same modules segno.make gives, for short codes, long ones and
    every character a code may hold; and segno imported whole afterwards works and keeps that encoder."""
    import sys

    texts = ["pg4:deck:card-rogue:k1:deck=all", "x", "Z" * PRINTED_CODE_LENGTH,
             "pg4:dungeon:roguelike:m1:levels=20:rooms=40:players-map=layout:paper=a4", "ä€☠ 0123 abc?&=%/"]
    script = ("import sys; from printgen.render import qr; "
              f"drawn = [qr.modules(t) for t in {texts!r}]; "
              "alone = sorted(m for m in ('segno', 'segno.writers', 'urllib.request') if m in sys.modules); "
              "import segno; "
              f"made = [[[bool(d) for d in row] for row in segno.make(t, error='m', micro=False).matrix] for t in {texts!r}]; "
              "print(alone, drawn == made, segno.encoder is sys.modules['segno.encoder'])")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.split("\n")[-2] == "[] True True"


RACE = """
import sys, threading
sys.setswitchinterval(1e-6)  # threads change hands as often as they can: the race shows where there is one
from printgen.render import qr
barrier, failed = threading.Barrier(8), []
def one(i):
    barrier.wait()
    try:
        qr._matrix(f"pg4:graph-paper:generic:race{i}")
    except Exception as exc:
        failed.append(repr(exc))
threads = [threading.Thread(target=one, args=(i,)) for i in range(8)]
[t.start() for t in threads]
[t.join() for t in threads]
print(failed[0] if failed else "ok")
"""


def test_threads_that_first_draw_codes_at_once_each_get_the_whole_encoder():
    """The first codes of a process, asked for by several threads at once (two builds in two threads): each
    waits for segno's encoder to be whole, never takes it half imported (fresh processes, segno not loaded)."""
    import sys

    for _ in range(6):
        done = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "ok", done.stdout

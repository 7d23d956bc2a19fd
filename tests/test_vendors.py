"""Print-shop files for DriveThruCards, The Game Crafter and MakePlayingCards, read back from what is written."""

from __future__ import annotations

import io
import zipfile

import pikepdf
import pytest
from pdfutil import fonts, open_pdf, page_texts, run_cli, seed_code
from PIL import Image

from printgen import products
from printgen.cards.model import BackStyle, Card, Deck, Paragraph
from printgen.cards.shop import file_name
from printgen.cards.sizes import CARD_SIZES
from printgen.products import build
from printgen.render.cmyk import INK_LIMIT, press_cmyk
from printgen.seed import SeedCode
from printgen.units import inch, mm
from printgen.words import BUILT_IN

COLOUR_OPERATORS = {"rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN", "cs", "CS"}


def vendor_code(vendor: str, deck: str = "armor", size: str = "poker") -> SeedCode:
    return seed_code("deck", "roguelike", "moonpie", deck=deck, card_size=size, vendor=vendor)


@pytest.fixture(scope="module")
def dtc() -> pikepdf.Pdf:
    return open_pdf(build(vendor_code("drivethrucards")))


def content_streams(pdf: pikepdf.Pdf):
    """Every page's content and every form XObject it draws, once each."""
    seen = set()
    for page in pdf.pages:
        yield page
        for _, xobject in page.Resources.get("/XObject", {}).items():
            if xobject.objgen not in seen:
                seen.add(xobject.objgen)
                yield xobject


def test_drivethrucards_colour_is_cmyk_within_the_ink_limit(dtc):
    used = set()
    for stream in content_streams(dtc):
        for operands, operator in pikepdf.parse_content_stream(stream):
            op = str(operator)
            if op in COLOUR_OPERATORS:
                used.add(op)
                assert op in ("k", "K"), f"{op} {operands}"
                values = [float(v) for v in operands]
                assert len(values) == 4 and all(0 <= v <= 1 for v in values)
                assert sum(values) <= INK_LIMIT + 1e-9
    assert used == {"k", "K"}


def test_drivethrucards_is_marked_pdf_x1a_honestly(dtc):
    assert str(dtc.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
    assert dtc.docinfo["/Trapped"] == pikepdf.Name("/False")
    assert str(dtc.docinfo["/Subject"]).startswith("pg4:deck:roguelike:moonpie:")
    [intent] = dtc.Root.OutputIntents
    assert intent.S == pikepdf.Name.GTS_PDFX and str(intent.OutputConditionIdentifier)
    profile = intent.DestOutputProfile
    assert int(profile.N) == 4
    header = profile.read_bytes()[:40]
    assert header[12:16] == b"prtr" and header[16:20] == b"CMYK" and header[36:40] == b"acsp"
    found = fonts(dtc)
    assert found and all(found.values())
    # No transparency: no soft masks, no groups, no alpha in any graphics state.
    for page in dtc.pages:
        assert "/Group" not in page.obj
        for _, state in page.Resources.get("/ExtGState", {}).items():
            assert float(state.get("/CA", 1)) == 1 and float(state.get("/ca", 1)) == 1 and "/SMask" not in state


def test_drivethrucards_boxes_are_the_card_and_its_eighth_inch_of_bleed(dtc):
    b, w, h = inch(1 / 8), mm(63.5), mm(88.9)
    assert len(dtc.pages) == 1 + 16  # the deck's one back, then every front (15 pieces of armor, the notes card)
    for page in dtc.pages:
        assert [float(v) for v in page.MediaBox] == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=0.01)
        assert [float(v) for v in page.BleedBox] == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=0.01)
        assert [float(v) for v in page.TrimBox] == pytest.approx([b, b, b + w, b + h], abs=0.01)


def test_drivethrucards_starts_with_the_back_then_the_fronts_in_order():
    texts = page_texts(build(vendor_code("drivethrucards")))
    assert "Armor 1/16" not in texts[0] and "Armor" in texts[0]
    assert [f"Armor {n}/16" in texts[n] for n in range(1, 17)] == [True] * 16


def test_several_backs_go_each_before_its_own_front():
    from printgen.cards.render import PrintOptions, render_deck
    from printgen.units import paper

    red = BackStyle("Red", (0.6, 0.1, 0.1))
    deck = Deck("mixed", "Mixed", (Card("One", body=(Paragraph("First."),)), Card("Two", back_style=red)))
    options = PrintOptions(CARD_SIZES["poker"], paper("letter"), inch(1 / 8), "short", "long", "print-shop",
                           (0.0, 0.0), False, vendor="drivethrucards")
    texts = page_texts(render_deck(BUILT_IN, deck, options, SeedCode.make("deck", "generic", "t", {})))
    assert len(texts) == 4
    assert "Mixed" in texts[0] and "Mixed 1/2" in texts[1] and "Red" in texts[2] and "Mixed 2/2" in texts[3]


def test_press_colour_keeps_text_on_black_ink_and_builds_large_dark_areas_rich():
    assert press_cmyk((0.1, 0.1, 0.12)) == (0.0, 0.0, 0.0, 0.8933)  # body text: K alone
    # A colour is what LittleCMS makes of it through the bundled FOGRA39 profile (within the ink limit).
    sky = press_cmyk((135 / 255, 206 / 255, 235 / 255))
    assert sky == pytest.approx(_lcms((135, 206, 235)), abs=0.005)
    assert sky[3] < 0.1  # not the simple formula's 14 % black under a light blue
    deep = press_cmyk((10 / 255, 40 / 255, 20 / 255))
    assert sum(deep) <= INK_LIMIT + 1e-9 and sum(_lcms((10, 40, 20))) > INK_LIMIT  # cut back to 240 %
    c, m, y, k = _lcms((10, 40, 20))
    assert deep[3] == pytest.approx(k, abs=0.005)  # the black kept
    assert deep[0] / deep[2] == pytest.approx(c / y, rel=0.02)  # the hue kept
    # The armor deck's back is a dark neutral field: under its K lie C, M and Y.
    pdf = open_pdf(build(vendor_code("drivethrucards")))
    back = next(iter(pdf.pages[0].Resources.XObject.values()))
    fills = [[float(v) for v in operands] for operands, op in pikepdf.parse_content_stream(back) if str(op) == "k"]
    assert any(c > 0 and m > 0 and y > 0 and k >= 0.6 for c, m, y, k in fills)


def _lcms(rgb: tuple[int, int, int]) -> tuple[float, ...]:
    """What LittleCMS itself makes of an sRGB colour through the profile printgen declares."""
    from PIL import Image, ImageCms

    from printgen.resources import resource_dir

    profile = ImageCms.getOpenProfile(str(resource_dir("data") / "icc" / "printgen-cmyk-fogra39.icc"))
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK")
    return tuple(v / 255 for v in ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform).getpixel((0, 0)))


@pytest.mark.parametrize("vendor, pixels", [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_image_shops_get_a_zip_of_rgb_pngs_at_their_size(vendor, pixels):
    data = build(vendor_code(vendor))
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = archive.namelist()
    titles = [card["title"] for card in _printed_cards(vendor_code(vendor))]
    assert len(titles) == 16
    assert names == ["back.png"] + [f"{n:03d}-{file_name(title)}.png" for n, title in enumerate(titles, 1)]
    assert names[1] == "001-robes.png"
    for info in archive.infolist():
        assert info.date_time == (2025, 11, 21, 0, 0, 0)
        png = archive.read(info)
        assert b"tIME" not in png[:png.index(b"IDAT")]
        image = Image.open(io.BytesIO(png))
        assert image.size == pixels and image.mode == "RGB"
    back = Image.open(io.BytesIO(archive.read("back.png")))
    assert max(back.getpixel((0, 0))) < 120  # the back's dark field runs into the bleed, to the image's edge
    assert "moonpie" in archive.comment.decode()
    assert build(vendor_code(vendor)) == data  # the same seed code, the same bytes


def _printed_cards(code: SeedCode) -> list[dict]:
    """The deck's cards in print order (a card once for each copy), as --format json gives them."""
    import json

    deck = json.loads(build(products.canonical(SeedCode.make(code.product, code.system, code.seed, {
        **{k: v for k, v in code.option_map.items() if k not in ("vendor", "layout", "bleed")}, "format": "json"}))))
    return [card for card in deck["cards"] for _ in range(card.get("count", 1))]


def test_a_size_a_shop_does_not_make_is_refused_by_name(tmp_path):
    result = run_cli("deck", "armor", "--vendor", "makeplayingcards", "--card-size", "mini", "--seed", "x",
                     "-o", str(tmp_path / "t.zip"))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "poker, bridge, tarot" in result.stderr and "mini" in result.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("vendor, size, pixels", [
    ("thegamecrafter", "tarot", (900, 1500)), ("thegamecrafter", "square", (825, 825)),
    ("thegamecrafter", "mini", (600, 825)), ("thegamecrafter", "bridge", (750, 1125)),
    ("makeplayingcards", "tarot", (897, 1497)), ("makeplayingcards", "bridge", (747, 1122)),
])
def test_every_size_a_shop_makes_is_its_published_pixels(vendor, size, pixels):
    archive = zipfile.ZipFile(io.BytesIO(build(vendor_code(vendor, "weapons", size))))
    sizes = {Image.open(io.BytesIO(archive.read(name))).size for name in archive.namelist()}
    assert sizes == {pixels}


@pytest.mark.parametrize("args, words", [
    (("--vendor", "makeplayingcards", "-o", "cards.pdf"), "not .pdf; give -o cards.zip"),
    (("--vendor", "drivethrucards", "--layout", "sheet"), "leave out --layout sheet"),
    (("--vendor", "drivethrucards", "--bleed", "3"), "3.175 mm of bleed"),
    (("--gutter", "3", "--layout", "print-shop"), "--gutter"),
    (("--vendor", "thegamecrafter", "--format", "json"), "--format json"),
])
def test_vendor_mistakes_are_one_line(tmp_path, args, words):
    result = run_cli("deck", "armor", "--seed", "x", *args, cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and words in result.stderr
    assert not list(tmp_path.rglob("*.*"))


def test_a_vendor_implies_the_print_shop_layout_and_reproduces(tmp_path):
    result = run_cli("deck", "armor", "--seed", "x", "--vendor", "makeplayingcards", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [written] = list((tmp_path / "output").iterdir())
    assert written.suffix == ".zip"
    code = SeedCode.parse(result.stderr.split("seed code: ")[1].strip())
    assert code.option_map == {"deck": "armor", "vendor": "makeplayingcards"}  # the layout follows from the vendor
    assert products.request(code).options["layout"] == "print-shop"
    assert build(code) == written.read_bytes()


def test_vendor_generic_is_the_print_shop_file_as_its_help_says(tmp_path):
    """--vendor generic writes printgen's own print-shop PDF (one card a page, with TrimBox and BleedBox), the
    very file and seed code of --layout print-shop; without a vendor a deck is sheets to print at home."""
    shop, layout, home = tmp_path / "shop.pdf", tmp_path / "layout.pdf", tmp_path / "home.pdf"
    for args, out in ((["--vendor", "generic"], shop), (["--layout", "print-shop"], layout), ([], home)):
        result = run_cli("deck", "armor", "--seed", "x", *args, "-o", str(out), cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        if out is shop:
            assert "seed code: pg4:deck:roguelike:x:deck=armor,layout=print-shop\n" in result.stderr
    assert shop.read_bytes() == layout.read_bytes()
    printed = open_pdf(shop)
    card = CARD_SIZES["poker"]
    assert all(abs(float(page.trimbox[2]) - float(page.trimbox[0]) - card.width) < 0.01 for page in printed.pages)
    assert len(printed.pages) > 2 * len(open_pdf(home).pages)  # one card a page against nine to a sheet
    refused = run_cli("deck", "armor", "--seed", "x", "--vendor", "generic", "--layout", "sheet", cwd=tmp_path)
    assert refused.returncode == 2 and "--vendor generic makes a print-shop file; leave out --layout sheet" in refused.stderr


def test_a_hand_made_code_naming_the_generic_shop_is_refused():
    from printgen.errors import PrintgenError

    with pytest.raises(PrintgenError, match="which printgen writes layout=print-shop"):
        products.request(seed_code("deck", "roguelike", "x", deck="armor", vendor="generic"))


@pytest.mark.parametrize("options, words", [
    ({"vendor": "makeplayingcards", "card-size": "square", "bleed": "3.048", "layout": "print-shop"}, "square"),
    ({"vendor": "drivethrucards", "bleed": "3", "layout": "print-shop"}, "3.175 mm"),
    ({"vendor": "drivethrucards", "bleed": "3.175", "layout": "sheet"}, "makes a print-shop file"),
    ({"vendor": "kinkos", "bleed": "3", "layout": "print-shop"}, "vendor must be one of"),
    ({"gutter": "11", "layout": "sheet"}, "gutter must be"),
])
def test_a_seed_code_with_impossible_shop_options_is_refused(options, words):
    from printgen.errors import PrintgenError

    code = SeedCode.make("deck", "roguelike", "x", {"deck": "armor", "card-size": "poker", **options})
    with pytest.raises(PrintgenError, match=words):
        build(code)


def test_a_zip_of_card_images_reproduces_from_itself_or_its_code_as_a_zip(tmp_path):
    made = tmp_path / "faces.zip"
    result = run_cli("deck", "armor", "--system", "roguelike", "--seed", "again", "--vendor", "makeplayingcards",
                     "-o", str(made))
    assert result.returncode == 0, result.stderr
    code = result.stderr.split("seed code: ")[1].strip()
    assert zipfile.ZipFile(made).comment.decode() == f"printgen · {code}"
    assert run_cli("reproduce", str(made), "-o", str(tmp_path / "again.zip")).returncode == 0
    assert (tmp_path / "again.zip").read_bytes() == made.read_bytes()
    result = run_cli("reproduce", code, cwd=tmp_path)  # no -o: the file is named as the product makes it
    assert result.returncode == 0, result.stderr
    name = "deck-armor-roguelike-again-makeplayingcards.zip"
    assert [p.name for p in (tmp_path / "output").iterdir()] == [name]
    assert (tmp_path / "output" / name).read_bytes() == made.read_bytes()


def test_a_zip_printgen_did_not_make_is_one_line(tmp_path):
    foreign = tmp_path / "holiday.zip"
    with zipfile.ZipFile(foreign, "w") as archive:
        archive.writestr("photo.txt", "sun")
    result = run_cli("reproduce", str(foreign))
    assert result.returncode == 2
    assert result.stderr.strip().endswith("this zip has no printgen seed code in its comment")


# Page and file order, per shop, as its upload guide asks (cards/vendors.py states each rule) ---------------------

def _sides(texts: list[str], deck_title: str) -> list[str]:
    """Each page as "front N" (its index line reads "<deck> N/total") or "back"."""
    import re

    found = []
    for text in texts:
        index = re.search(rf"{re.escape(deck_title)} (\d+)/\d+", " ".join(text.split()))
        found.append(f"front {index.group(1)}" if index else "back")
    return found


def test_printgens_own_print_shop_file_is_each_front_then_its_back():
    data = build(seed_code("deck", "roguelike", "order", deck="armor", layout="print-shop"))
    assert _sides(page_texts(data), "Armor") == [side for n in range(1, 17) for side in (f"front {n}", "back")]


def test_drivethrucards_gives_a_shared_back_once_first_and_differing_backs_each_before_its_front():
    shared = _sides(page_texts(build(vendor_code("drivethrucards"))), "Armor")
    assert shared == ["back"] + [f"front {n}" for n in range(1, 17)]
    cards = _printed_cards(seed_code("deck", "card-rogue", "order", deck="exploration"))
    several = _sides(page_texts(build(seed_code("deck", "card-rogue", "order", deck="exploration",
                                                vendor="drivethrucards"))), "Exploration")
    assert several == [side for n in range(1, len(cards) + 1) for side in ("back", f"front {n}")]


def _zip(code: SeedCode) -> zipfile.ZipFile:
    return zipfile.ZipFile(io.BytesIO(build(code)))


def test_the_game_crafter_takes_each_distinct_back_once_and_a_manifest_pairs_each_face_with_its_back():
    code = seed_code("deck", "card-rogue", "order", deck="spares", vendor="thegamecrafter")  # 21 cards, 6 backs
    archive = _zip(code)
    names = archive.namelist()
    cards = _printed_cards(code)
    backs = [name for name in names if name.startswith("back-")]
    faces = [name for name in names if name[0].isdigit()]
    assert names == backs + faces + ["manifest.csv"]  # the backs, then the faces in the deck's order
    assert faces == [f"{n:03d}-{file_name(card['title'])}.png" for n, card in enumerate(cards, 1)]
    labels = [card["back_style"]["label"] for card in cards]
    assert backs == [f"back-{k}-{file_name(label)}.png" for k, label in enumerate(dict.fromkeys(labels), 1)]
    rows = archive.read("manifest.csv").decode().splitlines()
    assert rows[0] == "face,back" and len(rows) == len(faces) + 1
    for row, face, label in zip(rows[1:], faces, labels):
        back = row.split(",")[1]
        assert row.split(",")[0] == face and back in backs and back.endswith(f"-{file_name(label)}.png")
    # Each back file is that back: the same pixels as the back of a card that takes it, drawn on its own.
    pixels = {name: Image.open(io.BytesIO(archive.read(name))).tobytes() for name in backs}
    assert len(set(pixels.values())) == len(backs)


def test_makeplayingcards_takes_one_back_or_each_cards_back_after_its_face():
    one = _zip(seed_code("deck", "roguelike", "order", deck="armor", vendor="makeplayingcards")).namelist()
    assert one[0] == "back.png" and len(one) == 17 and "manifest.csv" not in one
    code = seed_code("deck", "card-rogue", "order", deck="effects", vendor="makeplayingcards")  # 10 cards, 2 backs
    names = _zip(code).namelist()
    fronts = [f"{n:03d}-{file_name(card['title'])}" for n, card in enumerate(_printed_cards(code), 1)]
    assert names == [name for front in fronts for name in (f"{front}.png", f"{front}-back.png")]


def test_a_file_name_is_the_cards_title_in_plain_letters():
    assert file_name("Goblin King") == "goblin-king"
    assert file_name("Épée de l'Ombre!") == "epee-de-l-ombre"
    assert file_name("龍") == "card" and file_name("") == "card"
    assert len(file_name("word " * 40)) <= 60


def test_the_help_says_each_shops_order_as_the_files_follow_it():
    """The order each test above reads from the files, as --help words it."""
    from printgen.cards.vendors import VENDORS

    help_text = " ".join(run_cli("deck", "--help").stdout.split())
    assert all(f"{shop}: " in help_text for shop in VENDORS)
    for words in ("generic: each card's front, then its back",
                  "drivethrucards: the deck's one back first, then every front; where backs differ, each card's "
                  "back, then its front",
                  "thegamecrafter: a PNG for each card, 001-name.png in the deck's order, and each distinct back "
                  "once (back.png; with several backs, back-1-name.png and on, and manifest.csv pairing each card "
                  "with its back)",
                  "makeplayingcards: a PNG for each card, 001-name.png in the deck's order, and back.png; where "
                  "backs differ, each card's back after it (001-name-back.png)",
                  "print-shop (the default with a print shop): one card per page with TrimBox and BleedBox, in the "
                  "order the print shop takes (without one: each card's front, then its back)"):
        assert words in help_text
    assert "fronts and backs interleaved" not in help_text

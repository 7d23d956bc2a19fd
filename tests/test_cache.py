"""The user's cache folder (render/cache.py): a piece the same for every seed is made once and read back, and
the file's bytes are the same whether the cache was cold, warm, absent, damaged or could not be written."""

import hashlib
import json
import sys
from pathlib import Path

import pytest
from byte_identity_cases import FIXTURE, make

from printgen.render import cache, html, parallel

RECORDED = json.loads(FIXTURE.read_text())
BOOKLET = ["dungeon", "--system", "roguelike", "--seed", "bi6", "--levels", "1", "--rooms", "6", "--players-map",
           "layout"]
AMULET_BOOKLET = ["dungeon", "--system", "amulet", "--seed", "bi1", "--levels", "1"]
SOLO_BOOKLET = ["solo", "--system", "roguelike", "--seed", "bi", "--levels", "1"]
# Each game's seed-free pages: Roguelike's rules page (its cover names the dungeon, and is drawn); Amulet's treasure
# level and rules at hand with how the monsters fight, one document (its cover, keys and dice are the dungeon's,
# drawn); Roguelike's solo How to play alone and lists (its cover and designer's notes are the seed's, laid out).
BOOKLETS = [BOOKLET, AMULET_BOOKLET, SOLO_BOOKLET]
# Documents of a booklet WeasyPrint lays out every run (they name the seed), by product and game.
SEED_PAGES = {("dungeon", "roguelike"): 0, ("dungeon", "amulet"): 0, ("solo", "roguelike"): 1}


@pytest.fixture
def laid_out(monkeypatch):
    """Pages laid out by WeasyPrint in this process from now on (nothing is kept in memory between two
    builds, so every page comes from the cache folder or from WeasyPrint)."""
    monkeypatch.setattr(html, "_laid_out", html._LaidOut(0))
    html.load()
    weasyprint = html._weasyprint()
    made = []
    write_pdf = weasyprint.HTML.write_pdf

    def counted(self, *args, **kwargs):
        made.append(1)
        return write_pdf(self, *args, **kwargs)

    monkeypatch.setattr(weasyprint.HTML, "write_pdf", counted)
    return made


def entries(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file())


@pytest.mark.parametrize("booklet", BOOKLETS, ids=lambda args: f"{args[0]}-{args[2]}")
def test_a_booklet_is_the_same_file_cold_warm_and_absent(booklet, tmp_path, monkeypatch, laid_out):
    recorded = RECORDED[" ".join(booklet)]
    folder = tmp_path / "cache"
    seeded = SEED_PAGES[booklet[0], booklet[2]]
    monkeypatch.setattr(parallel, "can_fork", lambda: False)  # every page laid out in this process, counted

    monkeypatch.setenv(cache.ENV, "off")
    assert made(booklet, tmp_path / "absent") == recorded
    assert len(laid_out) == seeded + 1, "the dungeon's pages and the rules are laid out"
    assert not folder.exists()

    monkeypatch.setenv(cache.ENV, str(folder))
    assert made(booklet, tmp_path / "cold") == recorded
    kept = entries(folder / html.KEPT_PAGES)
    assert len(kept) == 1, "the rules, the same for every seed, are kept; the dungeon's pages name the seed"
    assert not list(folder.rglob("*.part")), "nothing half-written is left"

    del laid_out[:]
    assert made(booklet, tmp_path / "warm") == recorded
    assert len(laid_out) == seeded, "only the dungeon's pages are laid out: the rules are read back"


def test_a_damaged_or_unwritable_cache_gives_the_same_file(tmp_path, monkeypatch, laid_out):
    """What the cache folder holds is checked as it is read (every kind of kept page the same way: a booklet's
    is enough) and a folder that cannot be written is passed by."""
    recorded = RECORDED[" ".join(BOOKLET)]
    folder = tmp_path / "cache"
    monkeypatch.setattr(parallel, "can_fork", lambda: False)
    monkeypatch.setenv(cache.ENV, str(folder))
    assert made(BOOKLET, tmp_path / "cold") == recorded
    [kept] = entries(folder / html.KEPT_PAGES)

    damaged = bytearray(kept.read_bytes())
    damaged[-100] ^= 0xFF
    kept.write_bytes(bytes(damaged))
    del laid_out[:]
    assert made(BOOKLET, tmp_path / "damaged") == recorded
    assert len(laid_out) == 1, "a damaged entry is not trusted: the page is laid out again"
    assert cache.get("pages", kept.name) is not None, "and written again, whole"

    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(cache.ENV, str(blocked / "cache"))
    assert made(BOOKLET, tmp_path / "unwritable") == recorded


def made(booklet: list[str], folder: Path) -> str:
    """The SHA-256 of ``booklet`` made in ``folder`` (new)."""
    folder.mkdir()
    return hashlib.sha256(make(booklet, folder)).hexdigest()


def test_an_entry_is_read_back_only_whole(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV, str(tmp_path))
    entry = cache.key("a piece", b"what shapes it")
    assert cache.get("pieces", entry) is None
    cache.put("pieces", entry, b"the piece")
    assert cache.get("pieces", entry) == b"the piece"
    (path,) = entries(tmp_path)
    path.write_bytes(path.read_bytes()[:-1])  # cut short
    assert cache.get("pieces", entry) is None
    assert cache.kept("pieces", entry, lambda: b"made again") == b"made again"
    assert cache.get("pieces", entry) == b"made again"


def test_a_key_changes_with_whatever_shapes_the_piece():
    assert cache.key("a", "b") == cache.key("a", "b")
    assert cache.key("a", "b") != cache.key("ab")
    assert cache.key("a", "b") != cache.key("a", "c")


@pytest.mark.parametrize("setting, where", [
    ("off", None), ("OFF", None), ("", None), ("/some/folder", Path("/some/folder")),
])
def test_the_folder_is_the_one_named_or_none(setting, where, monkeypatch):
    monkeypatch.setenv(cache.ENV, setting)
    assert cache.folder() == where


def test_the_folder_follows_the_platform_convention(monkeypatch, tmp_path):
    monkeypatch.delenv(cache.ENV, raising=False)
    monkeypatch.setattr(cache.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.folder() == tmp_path / "printgen"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # the XDG specification ignores a relative one
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.folder() == tmp_path / "home" / ".cache" / "printgen"
    monkeypatch.setattr(cache.sys, "platform", "darwin")
    assert cache.folder() == tmp_path / "home" / "Library" / "Caches" / "printgen"


def test_the_tests_never_use_the_users_own_cache():
    folder = cache.folder()
    assert folder is not None and folder != Path.home() / ".cache" / "printgen"


def test_a_face_read_back_is_the_face_reportlab_reads(tmp_path, monkeypatch):
    from reportlab.pdfbase.ttfonts import TTFont

    from printgen.render import fonts
    from printgen.resources import fonts_dir

    monkeypatch.setenv(cache.ENV, str(tmp_path))
    path = fonts_dir() / fonts.FONT_FILES[fonts.SERIF_ITALIC]
    own = TTFont("PG-Test", str(path))
    fonts.tt_font("PG-Test", path)  # cold: read by ReportLab, kept
    assert len(entries(tmp_path)) == 1
    kept = fonts.tt_font("PG-Test", path)  # warm: read back
    assert type(kept) is type(own) and type(kept.face) is type(own.face)

    def state(obj, leave=()):
        return {key: value for key, value in vars(obj).items() if key not in leave}

    assert state(kept, ("face", "state", "encoding")) == state(own, ("face", "state", "encoding"))
    assert state(kept.face, ("_pdfScale",)) == state(own.face, ("_pdfScale",))
    assert [kept.face._pdfScale(v) for v in (0, 1, 7.5, 333, 2048)] == [own.face._pdfScale(v) for v in (0, 1, 7.5, 333, 2048)]
    assert kept.encoding.name == own.encoding.name and kept.shapable == own.shapable
    assert kept.face.makeSubset([0, 65, 66, 0x263A % 256]) == own.face.makeSubset([0, 65, 66, 0x263A % 256])


def test_a_fillable_sheet_is_the_same_file_with_its_form_font_cut_or_read_back(tmp_path, monkeypatch):
    from printgen.sheets import forms

    case = ["sheet", "--system", "roguelike", "--seed", "bi", "--fillable"]
    monkeypatch.setenv(cache.ENV, str(tmp_path / "cache"))
    for tag in ("cold", "warm"):
        forms._font_program.cache_clear()
        (tmp_path / tag).mkdir()
        assert hashlib.sha256(make(case, tmp_path / tag)).hexdigest() == RECORDED[" ".join(case)]
        assert len(list((tmp_path / "cache" / forms.CUT_FONTS).rglob("*"))) == 2  # its folder and the entry
    forms._font_program.cache_clear()


class _Called:
    def __reduce__(self):
        return (Path.touch, (Path(__import__("os").environ[cache.ENV]) / "ran",))


def test_a_face_entry_holding_anything_but_data_is_read_again_from_the_file(tmp_path, monkeypatch):
    import pickle

    from printgen.render import fonts
    from printgen.resources import fonts_dir

    monkeypatch.setenv(cache.ENV, str(tmp_path))
    path = fonts_dir() / fonts.FONT_FILES[fonts.MONO]
    fonts.tt_font("PG-Test", path)
    (entry,) = entries(tmp_path)
    key = entry.name
    cache.put(fonts.FACES, key, pickle.dumps({"unitsPerEm": _Called()}))
    font = fonts.tt_font("PG-Test", path)
    assert not (tmp_path / "ran").exists(), "an entry is only read as data"
    assert font.face.unitsPerEm == 1000 and font.stringWidth("Floor", 10) > 0


DECK = ["deck", "exploration", "--system", "card-rogue", "--seed", "bi"]


def test_a_deck_is_the_same_file_with_its_icons_read_or_read_back(tmp_path, monkeypatch):
    """Each icon's outline is read from its path once and kept; a warm run reads every one back and makes the
    same file; an entry holding anything but an outline's data is read again from the icon, never run."""
    import pickle

    from printgen.cards import icons

    recorded = RECORDED[" ".join(DECK)]
    folder = tmp_path / "cache"
    read: list[str] = []
    outline_of = icons.outline_of
    monkeypatch.setattr(icons, "outline_of", lambda path: read.append(path) or outline_of(path))

    def made(tag: str) -> str:
        icons.glyph_outline.cache_clear()  # nothing kept in memory from the run before
        del read[:]
        (tmp_path / tag).mkdir()
        return hashlib.sha256(make(DECK, tmp_path / tag)).hexdigest()

    monkeypatch.setenv(cache.ENV, "off")
    assert made("absent") == recorded
    shown = len(read)
    assert shown > 10 and not folder.exists()

    monkeypatch.setenv(cache.ENV, str(folder))
    assert made("cold") == recorded
    kept = entries(folder / icons.OUTLINES)
    assert len(read) == len(kept) == shown, "one entry an icon the deck shows"

    assert made("warm") == recorded
    assert read == [], "every outline read back"

    cache.put(icons.OUTLINES, kept[0].name, pickle.dumps(_Called()))
    assert made("damaged") == recorded
    assert len(read) == 1 and not (folder / "ran").exists(), "an entry is only read as data"
    icons.glyph_outline.cache_clear()


def test_the_widths_weasyprint_writes_are_read_once_and_kept(tmp_path, monkeypatch, laid_out):
    from fontTools.ttLib import TTFont

    from printgen.render import font_widths

    read = []
    glyph_set = TTFont.getGlyphSet

    def counted(self, *args, **kwargs):
        if sys._getframe(1).f_code.co_name == "_printgen_known":  # a face WeasyPrint embeds (not the cover's art)
            read.append(1)
        return glyph_set(self, *args, **kwargs)

    monkeypatch.setattr(TTFont, "getGlyphSet", counted)
    monkeypatch.setattr(font_widths, "_read", {})
    monkeypatch.setattr(parallel, "can_fork", lambda: False)  # every face read in this process, counted
    monkeypatch.setenv(cache.ENV, str(tmp_path / "cache"))
    # Roguelike's solo booklet: WeasyPrint lays its cover and designer's notes out every run (they are the seed's);
    # the dungeon booklets and references, warm, load it no more.
    recorded = RECORDED[" ".join(SOLO_BOOKLET)]

    def made(tag: str) -> str:
        (tmp_path / tag).mkdir()
        return hashlib.sha256(make(SOLO_BOOKLET, tmp_path / tag)).hexdigest()

    assert made("cold") == recorded
    kept = entries(tmp_path / "cache" / font_widths.KIND)
    assert kept and len(read) == len(kept), "each face embedded is read by fontTools once, and kept"
    del read[:]
    assert made("again") == recorded and not read, "the process remembers it"
    monkeypatch.setattr(font_widths, "_read", {})
    assert made("warm") == recorded and not read, "the next process reads it back"
    monkeypatch.setattr(font_widths, "_read", {})
    kept[0].write_bytes(kept[0].read_bytes()[:-3])
    assert made("damaged") == recorded and len(read) == 1, "a damaged entry is read again from the face"


def test_a_page_read_back_from_the_cache_imports_no_weasyprint(tmp_path, monkeypatch, laid_out):
    """A blank Roguelike record comes with its reference page, the same for every seed: once it is in the cache,
    a run reads it back without importing WeasyPrint (half a second of a run), and the key that finds it, which
    names WeasyPrint's and Pango's releases, is the same whether WeasyPrint is imported or not."""
    import os
    import subprocess
    import sys

    from printgen import products
    from printgen.seed import SeedCode

    monkeypatch.setenv("PRINTGEN_CACHE", str(tmp_path / "cache"))
    code = str(SeedCode("sheet", "roguelike", "c1", ()))
    made = products.build(SeedCode.parse(code))
    assert laid_out, "the reference page was laid out, and kept"
    script = ("import sys; from printgen import products; from printgen.render import html; "
              "from printgen.seed import SeedCode; "
              f"data = products.build(SeedCode.parse({code!r})); imported = 'weasyprint' in sys.modules; "
              "engine = html._engine(); html._engine.cache_clear(); html._weasyprint(); "
              f"open({str(tmp_path / 'again.pdf')!r}, 'wb').write(data); "
              "print(imported, engine == html._engine())")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={**os.environ, "PRINTGEN_CACHE": str(tmp_path / "cache")})
    assert result.stdout.split() == ["False", "True"]
    assert (tmp_path / "again.pdf").read_bytes() == made


def warm_run(code: str, tmp_path: Path) -> tuple[list[str], bytes]:
    """``code`` made in a new process on the cache folder ``tmp_path / "cache"``: which of WeasyPrint and fontTools
    it imported, and the file."""
    import os
    import subprocess

    script = ("import sys; from printgen import products; from printgen.seed import SeedCode; "
              f"data = products.build(SeedCode.parse({code!r})); "
              f"open({str(tmp_path / 'again.pdf')!r}, 'wb').write(data); "
              "print(sorted(m for m in ('weasyprint', 'fontTools') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={**os.environ, "PRINTGEN_CACHE": str(tmp_path / "cache")})
    return result.stdout.split(), (tmp_path / "again.pdf").read_bytes()


def test_a_warm_roguelike_booklet_imports_no_weasyprint_and_a_cold_one_lays_its_rules_page_out(tmp_path, monkeypatch,
                                                                                                laid_out):
    """A Roguelike dungeon booklet's cover is drawn; its rules page, the same for every seed, is laid out by
    WeasyPrint on a cold cache and kept: the next process makes the same file (another seed, the same rules
    page) without ever importing WeasyPrint, nor fontTools (the cover's mark is kept as an icon's outline is)."""
    from printgen import products
    from printgen.cards import cover_art, icons
    from printgen.seed import SeedCode

    icons.glyph_outline.cache_clear()  # the outlines the cover draws read afresh, and kept in this cache folder
    cover_art._glyph_ops.cache_clear()
    monkeypatch.setenv("PRINTGEN_CACHE", str(tmp_path / "cache"))
    first = str(SeedCode("dungeon", "roguelike", "w1", (("levels", "1"), ("rooms", "6"))))
    second = first.replace(":w1", ":w2")
    products.build(SeedCode.parse(first))
    assert laid_out == [1], "the cold booklet laid out its rules page (and nothing else) with WeasyPrint"
    made = products.build(SeedCode.parse(second))
    assert warm_run(second, tmp_path) == (["[]"], made)


@pytest.mark.parametrize("scaling", [False, True], ids=["plain", "scaling"])
def test_a_warm_amulet_booklet_imports_no_weasyprint_and_a_cold_one_lays_out_one_document(scaling, tmp_path,
                                                                                           monkeypatch, laid_out):
    """An Amulet dungeon booklet's cover, keys and dice behind each room are drawn; its treasure level and rules
    at hand, the same for every seed with or without Scaling, are one document, laid out by WeasyPrint on a cold
    cache and kept: the next process makes the same file (another seed, more levels) without ever importing
    WeasyPrint, nor fontTools."""
    from printgen import products
    from printgen.cards import cover_art, icons
    from printgen.seed import SeedCode

    icons.glyph_outline.cache_clear()
    cover_art._glyph_ops.cache_clear()
    monkeypatch.setenv("PRINTGEN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(parallel, "can_fork", lambda: False)  # every page laid out in this process, counted
    options = (("levels", "1"), ("scaling", "yes")) if scaling else (("levels", "1"),)
    first = str(SeedCode("dungeon", "amulet", "w1", options))
    second = first.replace(":w1", ":w2").replace("levels=1", "levels=2")
    products.build(SeedCode.parse(first))
    assert laid_out == [1], "the cold booklet laid out one document (the treasure level and the rules) and no other"
    made = products.build(SeedCode.parse(second))
    assert laid_out == [1], "another dungeon reads it back"
    assert warm_run(second, tmp_path) == (["[]"], made)


RLRL_REFERENCE = ["reference", "--system", "rlrl", "--seed", "bi1"]
RLRL_CAMPAIGN = ["dungeon", "--system", "rlrl", "--seed", "bi1", "--copies", "dm", "--rooms", "2"]


@pytest.mark.parametrize("args", [RLRL_REFERENCE, RLRL_CAMPAIGN], ids=["reference", "campaign"])
def test_the_rlrl_reference_is_kept_once_for_every_seed_and_the_file_is_the_same_cold_warm_or_without_a_cache(
        args, tmp_path, monkeypatch, laid_out):
    """Rogue Like Roguelike's reference pages are kept without the seed (the campaign's colours are written in
    afterwards): two seeds, one kept entry; a warm reference or campaign lays out no page with WeasyPrint (a
    campaign's cover is drawn: its reference is all WeasyPrint ever lays out of it, and nothing where the rogue's
    part is printed alone); the file is the same cold, warm and without a cache."""
    folder = tmp_path / "cache"
    monkeypatch.setattr(parallel, "can_fork", lambda: False)

    def made(tag: str, seed: str = "bi1") -> bytes:
        (tmp_path / tag).mkdir()
        return make([seed if arg == "bi1" else arg for arg in args], tmp_path / tag)

    monkeypatch.setenv(cache.ENV, "off")
    absent = made("absent")
    assert len(laid_out) == 1 and not folder.exists()
    monkeypatch.setenv(cache.ENV, str(folder))
    assert made("cold") == absent
    assert len(laid_out) == 2 and len(entries(folder / html.KEPT_PAGES)) == 1
    del laid_out[:]
    assert made("warm") == absent
    assert made("another", "bi2") != absent
    assert not laid_out, "a warm reference, of this seed or another, is read back: WeasyPrint lays out nothing"
    assert len(entries(folder / html.KEPT_PAGES)) == 1, "two seeds, one kept reference"
    if args == RLRL_CAMPAIGN:
        (tmp_path / "rogue").mkdir()
        make([("rogue" if arg == "dm" else arg) for arg in args], tmp_path / "rogue")
        assert not laid_out, "the rogue's part alone lays nothing out"


# Files whose pages print what a seed rolled, though their HTML names no seed code: Card Rogue's designer's notes
# (simulated odds), a solo booklet's cover and designer's notes (its How to play alone and lists, kept, are the same
# for both seeds). (Rogue Like Roguelike's reference is laid out without its seed's colours, and kept: above.)
ROLLED_PAGES = [("reference", "card-rogue", {}), ("solo", "roguelike", {"levels": "1"})]


@pytest.mark.sweep(kind=lambda product, system, options: "rolled pages")
@pytest.mark.parametrize("product, system, options", ROLLED_PAGES, ids=lambda case: case if isinstance(case, str) else "")
def test_pages_a_seed_rolled_are_never_kept_so_the_cache_does_not_grow_with_every_seed(product, system, options,
                                                                                      tmp_path, monkeypatch):
    from pdfutil import seed_code

    from printgen import products

    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(folder))
    monkeypatch.setattr(parallel, "can_fork", lambda: False)
    kept = []
    for seed in ("first", "second"):
        products.build(seed_code(product, system, seed, **options))
        kept.append(entries(folder / html.KEPT_PAGES) if (folder / html.KEPT_PAGES).exists() else [])
    assert kept[0] == kept[1], f"{product} --system {system}: a second seed kept pages of its own"

"""Each level's key faces its map: in every dungeon booklet, on Letter and A4, over many seeds.

The key of a level is meant to lie open beside the level's map when the
booklet is printed on both sides of the sheet: the map on a left-hand page
(even), the key on the right-hand page after it. At the defaults a key holds on
that one page; a key that cannot goes on over the page, beside the map again,
and its pages say so. No text on a key page is smaller than 6 pt.
"""

from __future__ import annotations

import re

import pytest
from pdfutil import open_pdf, page_texts
from test_sheet_print import read_marks

from printgen import products
from printgen.products import build
from printgen.render import key_columns
from printgen.render.booklet import Pages
from printgen.render.canvas import new_document
from printgen.seed import SeedCode
from printgen.systems.amulet import dungeon as amulet_dungeon
from printgen.systems.amulet import key_page as amulet_key_page
from printgen.systems.amulet import rules as amulet_rules
from printgen.systems.amulet import text_pages as amulet_text
from printgen.systems.rlrl import dungeon as rlrl_dungeon
from printgen.systems.rlrl import key as rlrl_key
from printgen.systems.roguelike import dungeon as roguelike_dungeon
from printgen.systems.roguelike import key as roguelike_key
from printgen.systems.roguelike import key_page as roguelike_key_page
from printgen.units import mm as mm_of
from printgen.words import BUILT_IN

PAPERS = ("letter", "a4")
SEEDS = [f"facing{n}" for n in range(6)]
MIN_TEXT = 6.0


def request(system: str, seed: str, **options):
    return products.request(SeedCode.make("dungeon", system, seed, options))


# -- the keys of default levels fit the page facing the map ------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_every_roguelike_key_of_a_default_level_fits_the_page_facing_its_map(paper):
    counts = []
    for seed in SEEDS:
        req = request("roguelike", seed, paper=paper)
        dungeon = roguelike_dungeon.generate(req)
        keys = [roguelike_key_page.key(BUILT_IN, roguelike_key.dungeon_key(BUILT_IN, dungeon, level), dungeon.name)
                for level in dungeon.levels]
        _, ranges = key_columns.keys_pdf(BUILT_IN, req.code, req.paper, "keys", keys, roguelike_key_page.LOOK)
        counts += [end - start for [(start, end)] in ranges]
    assert len(counts) == 3 * len(SEEDS) and set(counts) == {1}, counts


def drawn_keys(system: str, req) -> tuple[list, key_columns.Look, list[list[str]]]:
    """A dungeon's keys as the booklet draws them, its look, and each key's entry headings in order."""
    dungeon = (roguelike_dungeon if system == "roguelike" else amulet_dungeon).generate(req)
    if system == "roguelike":
        level_keys = [roguelike_key.dungeon_key(BUILT_IN, dungeon, level) for level in dungeon.levels]
        return ([roguelike_key_page.key(BUILT_IN, k, dungeon.name) for k in level_keys], roguelike_key_page.LOOK,
                [[str(area["number"]) for area in k["areas"]] for k in level_keys])
    level_keys = amulet_text.mapped_keys(BUILT_IN, dungeon)
    actions = amulet_rules.reference()["treasure"]["actions"]
    return ([amulet_key_page.key(BUILT_IN, k, actions) for k in level_keys], amulet_key_page.LOOK,
            [[f"{k['number']}.{room['number']}" for room in k["rooms"]] for k in level_keys])


COLUMN_CASES = [("roguelike", {"rooms": 10, "levels": 2}), ("roguelike", {"rooms": 40, "levels": 2}),
                ("amulet", {}), ("amulet", {"levels": 12, "scaling": "yes"})]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("system, options", COLUMN_CASES)
def test_a_drawn_keys_words_stay_in_their_column_inside_the_text_area(system, options, paper):
    """Drawn in two columns: every word of a key, usual or tight type, one page or more, long titles too,
    stands inside the text pages' margins and within one column, and the entries come in the order met."""
    req = request(system, "columns", paper=paper, **options)
    keys, look, headings = drawn_keys(system, req)
    data, grouped = key_columns.keys_pdf(BUILT_IN, req.code, req.paper, "keys", keys, look)
    ranges = [(groups[0][0], groups[-1][1]) for groups in grouped]
    width, height = req.paper.size
    column = (width - 2 * key_columns.MARGIN - key_columns.COLUMN_GAP) / 2
    second = key_columns.MARGIN + column + key_columns.COLUMN_GAP
    texts, _ = read_marks(open_pdf(data))
    sizes = (look.usual.heading, look.tight.heading)
    for (start, end), key, expected in zip(ranges, keys, headings):
        # The title and the lines under it run the width of the page, above the rule (in either type).
        head_bottom = min(key_columns.rule_y(req.paper, key.head(width - 2 * key_columns.MARGIN, kind))
                          for kind in (look.usual, look.tight))
        notes = {BUILT_IN.say_for(key_columns.__package__)("key-page.goes-on"),
                 BUILT_IN.say_for(key_columns.__package__)("key-page.continued", level=key.level)}
        entries = []
        for run in (t for t in texts if start <= t.page < end):
            x0, y0, x1, y1 = run.box
            assert key_columns.EDGE - 0.5 <= x0 and x1 <= width - key_columns.EDGE + 0.5, run
            assert mm_of(8) <= y0 and y1 <= height - mm_of(8), run
            if run.text.strip() in notes or (run.page == start and y0 > head_bottom - 1):
                continue
            assert x1 <= key_columns.MARGIN + column + 0.5 or x0 >= second - 0.5, run
            # A heading's first run: Amulet's number alone ("2.8"), or Roguelike's number and its dot (which the
            # decoder reads as \x01) before the area's kind.
            if run.size in sizes and (re.fullmatch(r"\d+\.\d+", run.text) or re.match(r"\d+ \S ", run.text)):
                entries.append(run.text.split()[0])
        assert entries == expected, (entries, expected)
    assert options.get("rooms") != 40 or any(end - start > 1 for start, end in ranges)  # forty areas run over


@pytest.mark.parametrize("paper", PAPERS)
def test_most_amulet_keys_of_a_default_level_fit_the_page_facing_its_map(paper):
    """Amulet's levels hold from a handful of rooms to thirty, each with its hidden checks and swarm numbers:
    nearly every key holds on its page, in tighter type where it must; the few that cannot go on over it."""
    counts = []
    actions = amulet_rules.reference()["treasure"]["actions"]
    for seed in SEEDS:
        req = request("amulet", seed, paper=paper)
        dungeon = amulet_dungeon.generate(req)
        keys = [amulet_key_page.key(BUILT_IN, key, actions) for key in amulet_text.mapped_keys(BUILT_IN, dungeon)]
        _, ranges = key_columns.keys_pdf(BUILT_IN, req.code, req.paper, "keys", keys, amulet_key_page.LOOK)
        counts += [end - start for [(start, end)] in ranges]
    assert len(counts) == 3 * len(SEEDS) and max(counts) <= 2
    assert counts.count(1) / len(counts) >= 0.85, counts


@pytest.mark.parametrize("paper", PAPERS)
def test_nearly_every_rlrl_key_of_a_default_level_fits_the_page_facing_its_map(paper):
    """A Rogue Like Roguelike level is explored until it has its rooms, then steered to its stairs, which
    now and then takes many corridors more: such a key goes to two columns, and very rarely over the page."""
    counts = []
    for seed in SEEDS:
        req = request("rlrl", seed, paper=paper)
        built = rlrl_dungeon.generate(req)
        doc = new_document(req.code, "keys", req.paper.size)
        counts += [rlrl_key.draw_pages(BUILT_IN, doc.canvas, req.paper, level, shop, built.colours)
                   for level, shop in zip(built.levels, built.shops)]
    assert len(counts) == 10 * len(SEEDS)
    assert counts.count(1) / len(counts) >= 0.97, counts


# -- the booklet assembly -----------------------------------------------------------------------------


def _labelled(prefix: str, count: int) -> bytes:
    """A PDF of ``count`` pages whose text is ``prefix`` and the page's number."""
    doc = new_document(SeedCode.make("dungeon", "roguelike", "pages", {}), "pages", (200, 200))
    for number in range(1, count + 1):
        doc.canvas.drawString(20, 100, f"{prefix}{number}")
        doc.canvas.showPage()
    return doc.finish()


@pytest.mark.parametrize("maps, keys, before, laid_out", [
    (1, 1, 1, "M1 K1"),
    (1, 1, 0, "_1 M1 K1"),  # a blank side first, so the map is on a left-hand page
    (1, 3, 1, "M1 K1 M1 K2 M1 K3"),  # a long key: the map again beside each further page
    (4, 2, 1, "M1 K1 M2 K2 M3 M4"),  # a map of four sheets: the last two face each other
])
def test_pages_face_each_other_spread_by_spread(maps, keys, before, laid_out):
    with Pages(_labelled("_", 1), before=before) as pages:
        pages.facing((_labelled("M", maps), 0, maps), (_labelled("K", keys), 0, keys))
        assert pages.next_is_left == (pages.count + before) % 2 == 1
        data = pages.save()
    assert " ".join(t.strip() for t in page_texts(data)) == laid_out


# -- in the booklet, every key page faces a map of its level ------------------------------------------


def _facing(texts: list[str], is_map, is_key) -> list[int]:
    """The levels whose key pages each stand on a right-hand page facing a map of the same level; asserts on the
    way."""
    levels = []
    for number, text in enumerate(texts, 1):
        level = is_key(text)
        if level is None:
            continue
        assert number % 2 == 1, f"page {number}, a key of level {level}, is a left-hand page"
        assert is_map(texts[number - 2]) == level, f"page {number}, a key of level {level}, faces no map of it"
        levels.append(level)
    return levels


def _key_of(text: str) -> int | None:
    """The level whose key a page of Roguelike's or Amulet's holds (its heading, or the note that it goes on)."""
    found = re.search(r"^Level (\d+): the key", text, re.M)
    return int(found.group(1)) if found else None


def _level_after(text: str, lead: str) -> int | None:
    if lead not in text:
        return None
    digits = text.split(lead, 1)[1].lstrip().split()[0].rstrip(":·,")
    return int(digits) if digits.isdigit() else None


def test_roguelike_keys_face_their_maps_and_a_long_one_goes_on_beside_the_map_again():
    data = build(SeedCode.make("dungeon", "roguelike", "bi5", {"levels": 2, "rooms": 40, "paper": "a4"}))
    texts = page_texts(data)
    is_map = lambda t: _level_after(t, "· Level") if "Referee's map" in t else None
    levels = _facing(texts, is_map, _key_of)
    assert levels.count(1) >= 2 and levels.count(2) >= 2  # forty areas run over the page
    firsts = [t for t in texts if t.startswith("Level 1: the key")]
    assert len(firsts) == 1 and "Turn the page: the key goes on beside the map" in firsts[0]
    assert any("Level 1: the key, continued" in t for t in texts)
    _smallest_text_at_least(data, [n for n, t in enumerate(texts) if _key_of(t) is not None])


def test_amulet_keys_face_their_maps():
    data = build(SeedCode.make("dungeon", "amulet", "facing", {}))
    texts = page_texts(data)
    is_map = lambda t: _level_after(t, "· Level") if "Mapper's copy" in t else None
    assert sorted(set(_facing(texts, is_map, _key_of))) == [1, 2, 3]
    _smallest_text_at_least(data, [n for n, t in enumerate(texts) if _key_of(t) is not None])


def test_rlrl_keys_face_their_maps_and_the_rogues_part_starts_a_fresh_sheet():
    data = build(SeedCode.make("dungeon", "rlrl", "facing", {}))
    texts = page_texts(data)
    is_key = lambda t: _level_after(t, "LEVEL") if "· THE KEY" in t else None
    is_map = lambda t: _level_after(t, "LEVEL") if "the Dungeon Master's map" in t else None
    assert sorted(set(_facing(texts, is_map, is_key))) == list(range(1, 11))
    rogue = next(n for n, t in enumerate(texts, 1) if "THE ROGUE" in t)
    assert rogue % 2 == 1  # never on the back of a Dungeon Master's page
    cover = " ".join(texts[0].split())
    assert f"The Dungeon Master's pages, 1 to {rogue - 1}:" in cover
    assert f"The rogue's pages, {rogue} to {len(texts)}:" in cover
    _smallest_text_at_least(data, [n for n, t in enumerate(texts) if is_key(t) is not None])


def _smallest_text_at_least(data: bytes, pages: list[int]) -> None:
    texts, _ = read_marks(open_pdf(data), pages)
    small = sorted({(round(t.size, 2), t.text) for t in texts if t.size < MIN_TEXT - 0.01})
    assert texts and not small, small[:10]

"""A level takes the fewest sheets that hold it: one page at the largest square down to a quarter inch, two
halves down to 13 pt, then sheets at a quarter inch, each sheet sharing a line of squares at most with
the next and facing the key of the areas it shows; the players' maps at the Referee's scale, one sheet a
level."""

from __future__ import annotations

import io
import math
import re
from dataclasses import replace
from functools import cache

import pikepdf
import pytest
from pdfutil import page_texts

from printgen import products
from printgen.maps import draw, frame
from printgen.seed import SeedCode
from printgen.systems.roguelike import dungeon, map_page
from printgen.units import PAPERS, inch, mm
from printgen.words import BUILT_IN

LETTER, A4 = PAPERS["letter"], PAPERS["a4"]


@cache
def built(seed: str, rooms: int, levels: int = 2):
    code = SeedCode.make("dungeon", "roguelike", seed, {"rooms": str(rooms), "levels": str(levels)})
    return dungeon.generate(products.request(code))


def referee_pages(seeds, rooms: int, paper=LETTER):
    for seed in seeds:
        made = built(seed, rooms)
        for level in made.levels:
            yield seed, map_page.page_for(BUILT_IN, made, level, draw.GM, draw.GREY, paper)


def _window(sheet) -> tuple[int, int, int, int]:
    x, y = sheet.origin
    return x, y, x + sheet.region.columns, y + sheet.region.rows


def test_each_referees_map_takes_the_fewest_sheets_at_the_largest_square():
    """Over levels of 16 and 40 areas, Letter and A4: a map on one page has squares of a quarter inch (5 mm
    on A4) or more, or of 13 pt or more where two halves would not give squares much larger; two halves
    only where no page holds the level, at 13 pt or more; more sheets only where two do not hold it, at 13 pt
    to a quarter inch (5 mm): the largest that takes no more sheets than 13 pt; sheets share a line of
    squares at most; every area's squares on some sheet."""
    kinds = {"page": 0, "halves": 0, "sheets": 0}
    for paper, least in ((LETTER, inch(0.25)), (A4, mm(5))):
        for rooms, seeds in ((16, [f"fit{n}" for n in range(6)]), (40, [f"fit{n}" for n in range(8)])):
            for seed, page in referee_pages(seeds, rooms, paper):
                found = frame.plan(page, paper)
                pitch = found.sheets[0].region.pitch
                if len(found.sheets) == 1:
                    kinds["page"] += 1
                    assert pitch >= map_page.HALVES_LEAST - 1e-6, (seed, page.level.number, pitch)
                elif len(found.sheets) == 2 and abs(pitch - least) > 1e-6:
                    kinds["halves"] += 1
                    assert pitch >= map_page.HALVES_LEAST - 1e-6
                else:
                    kinds["sheets"] += 1
                    assert map_page.HALVES_LEAST - 1e-6 <= pitch <= least + 1e-6
                    fewest = frame.plan(replace(page, pitch=map_page.HALVES_LEAST), paper)
                    assert len(found.sheets) <= len(fewest.sheets), (seed, page.level.number)
                for a in found.sheets:
                    for b in found.sheets:
                        wa, wb = _window(a), _window(b)
                        shared_x = min(wa[2], wb[2]) - max(wa[0], wb[0])
                        shared_y = min(wa[3], wb[3]) - max(wa[1], wb[1])
                        if a is not b and shared_x > 0 and shared_y > 0:
                            assert min(shared_x, shared_y) <= frame.OVERLAP, (seed, a.origin, b.origin)
                windows = [_window(s) for s in found.sheets]
                for area in page.level.areas:
                    assert all(any(w[0] <= x < w[2] and w[1] <= y < w[3] for w in windows) for x, y in area.cells)
    assert kinds["page"] and kinds["halves"], kinds


def test_halves_only_where_they_give_larger_squares():
    """A level too tall for a page at a quarter inch that two halves side by side would show no larger
    stays on one page, facing its key."""
    for _seed, page in referee_pages([f"fit{n}" for n in range(8)], 40):
        found = frame.plan(page, LETTER)
        if len(found.sheets) == 1 and found.sheets[0].region.pitch < inch(0.25):
            width = LETTER.width - 2 * page.side
            room = LETTER.height - page.top - page.bottom - 2 * frame.STRIP - frame.legend_beyond(page, width)
            whole, _ = frame.used_box(page.level, page.content, page.rule)
            halves = max(frame.fitting(whole, width, room, page.most_pitch, across) for across in (True, False))
            assert found.sheets[0].region.pitch >= 0.95 * halves - 1e-6


def _pages(seed: str, rooms: int, levels: int, **options) -> tuple[list[str], int]:
    code = SeedCode.make("dungeon", "roguelike", seed, {"rooms": str(rooms), "levels": str(levels), **options})
    data = products.build(code)
    texts = page_texts(data)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return texts, len(pdf.pages)


def test_every_opening_shows_a_map_and_its_key_and_each_sheet_names_its_areas():
    """In a booklet of large levels: every Referee's map page stands on a left-hand page (even number) with
    its level's key facing it; a map over several sheets names on each the areas whose numbers it shows,
    and the key facing it holds those areas; the players' maps follow, one sheet (with a blank back) a
    level."""
    texts, count = _pages("fit3", 40, 3)
    referee = [i for i, t in enumerate(texts) if "Referee's map" in t]
    assert referee
    for index in referee:
        number = index + 1
        facing = texts[index + 1]
        assert number % 2 == 0, (number, texts[index][:80])
        assert "the key" in facing, (number, facing[:80])
        named = re.search(r"with areas ([0-9–, ]+)", texts[index])
        if named:
            shown = set()
            for part in named.group(1).split(","):
                low, _, high = part.strip().partition("–")
                shown |= set(range(int(low), int(high or low) + 1))
            entries = {int(n) for n in re.findall(r"(?m)^(\d+) · ", facing)}
            assert entries <= shown, (number, entries - shown)
    players = [i for i, t in enumerate(texts) if "Players' map" in t]
    assert len(players) == 3 and all(texts[i + 1].startswith("This page is blank") for i in players)


def test_a_players_sheet_says_where_they_arrive_only_where_it_shows_the_mark():
    """One players' sheet a level, at the Referee's scale, centred where they arrive: the sentence that
    points at the mark stands only on a page that prints the mark (the way in or the foot of the stairs)."""
    for seed, rooms in (("fit3", 40), ("fit1", 16)):
        made = built(seed, rooms, 2)
        for level in made.levels:
            referee = map_page.page_for(BUILT_IN, made, level, draw.GM, draw.GREY, LETTER)
            players = map_page.page_for(BUILT_IN, made, level, draw.BLANK, draw.GREY, LETTER)
            found = frame.plan(players, LETTER)
            assert len(found.sheets) == 1
            assert math.isclose(found.sheets[0].region.pitch, frame.plan(referee, LETTER).sheets[0].region.pitch)
            placed = draw.map_layout(level, players.symbols, players.rule, players.content, players.view,
                                     found.sheets[0].region.pitch, found.shown)
            x0, y0, x1, y1 = _window(found.sheets[0])
            marks = [p for p in placed.placed if p.role in ("loose", "players") and p.kind in ("way-in", "stairs-up")]
            assert any(x0 <= p.x < x1 and y0 <= p.y < y1 for p in marks), (seed, level.number)


@pytest.mark.sweep
@pytest.mark.parametrize("seed", ["moonpie", "maps-big", "big0", "big1", "big2", "big3", "big4", "big5"])
def test_ten_levels_of_forty_areas_in_seventy_pages_at_most(seed):
    """On any seed (maps-big took 72 pages and big3 80 before a level past its page spread only sideways and
    two sheets were cut where they share its areas evenly)."""
    _, count = _pages(seed, 40, 10)
    assert count <= 70, count

"""A dungeon booklet's own pages, read back from the file: a cover whose frame the game's title and art fill, and keys
and rules pages that are full or end their part; a solo booklet's cover is read the same way.

The cover stands in a frame as tall as the first page allows above the QR,
and nothing in it is a big empty stretch: read as pixels, every band across
the frame holds ink, and the game's art is there as drawn pictures (the
medallion and a token for each kind of creature the dungeon holds).

The pages of text (each level's key, the rules, the reference a campaign
carries) are read as columns (pdfutil.text_pages): a page that its part goes
on from is at least a quarter full in both columns; the last page of a part of
several pages is no runover of a line or two; a part's last page ends its
columns level, a key's as a rules page's (where the left one reaches past half
the page the right one holds words too); no column
ends with a head, or a table's head row with no row under it. A key whose map
is printed on several sheets is a part for each sheet (each sheet's areas face
it). Maps, sheets and blank sides are no pages of text (maps are drawn by the
map engine, which has tests of its own).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pypdfium2
import pypdfium2.raw as pdfium
import pytest
from pdfutil import built, page_chars, seed_code, text_pages

from printgen import products
from printgen.cards import cover_art
from printgen.render import house, qr
from printgen.render.canvas import first_page_qr
from printgen.words import BUILT_IN

SEED = "house"  # the seed test_house_style builds its dungeons with
# Every game's booklet each run, as small as shows every kind of page (the campaign's Dungeon Master's part: its
# cover, reference and keys; the rogue's part holds maps and a sheet), each built once for all that is read of it.
DUNGEONS = [("roguelike", {"levels": "1"}), ("amulet", {"levels": "1"}), ("rlrl", {"copies": "dm"})]
# Larger and other booklets, a sample of them each run: keys over several pages, the A4 page, the whole campaign.
MORE = [("roguelike", {"rooms": "40", "levels": "2"}), ("roguelike", {"paper": "a4"}), ("roguelike", {}),
        ("amulet", {"level-size": "24", "levels": "2"}), ("amulet", {"scaling": "yes", "levels": "11"}),
        ("amulet", {"paper": "a4"}), ("amulet", {}), ("rlrl", {"rooms": "14"}), ("rlrl", {}),
        ("rlrl", {"paper": "a4", "copies": "dm"})]


def case_id(case) -> str:
    system, options = case
    return "-".join([system, *(f"{k}={v}" for k, v in options.items())])


CASES = [pytest.param(case, id=case_id(case)) for case in DUNGEONS] + \
        [pytest.param(case, id=case_id(case), marks=pytest.mark.sweep) for case in MORE]


# -- the cover: a frame the game's title and art fill -------------------------------------------------------------

BANDS = 10  # the frame read as this many bands across it, top to bottom
INKED = 0.004  # of a band's pixels at least, inked (a line of 9 pt type across a band inks several times as many)


def frame_and_pictures(page) -> tuple[tuple[float, float, float, float] | None, int]:
    """The cover's frame (the largest drawn outline as tall as half the page: left, bottom, right, top in pt) and
    how many pictures are drawn inside it (paths from a few mm to a few cm across both ways: no rule of a table)."""
    width, height = page.get_width(), page.get_height()
    paths = [page_bounds(obj) for obj in page.get_objects(filter=(pdfium.FPDF_PAGEOBJ_PATH,), max_depth=4)]
    frames = [b for b in paths if b[2] - b[0] > 0.75 * width and b[3] - b[1] > 0.5 * height]
    if not frames:
        return None, 0
    frame = max(frames, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
    pictures = sum(1 for b in paths if frame[0] <= b[0] and b[2] <= frame[2] and frame[1] <= b[1] and b[3] <= frame[3]
                   and 8 <= min(b[2] - b[0], b[3] - b[1]) and max(b[2] - b[0], b[3] - b[1]) <= 200)
    return frame, pictures


def page_bounds(obj) -> tuple[float, float, float, float]:
    """A drawn object's box on the page: pdfium gives a path drawn in a form (an icon, the mark of a drawn cover's
    field, placed many times) in the form's own units, so each form it stands in places it."""
    bounds = obj.get_bounds()
    container = obj.container
    while container is not None:
        bounds = container.get_matrix().on_rect(*bounds)
        container = container.container
    return bounds


def ink_by_band(page, frame: tuple[float, float, float, float], bands: int = BANDS) -> list[float]:
    """How much of each band across the frame's inside (top to bottom) is inked, read from the page drawn at 40
    pixels an inch: the share of its pixels darker than the paper."""
    scale = 40 / 72
    image = page.render(scale=scale, grayscale=True).to_pil()
    inset = 4  # pt: inside the frame's double rule
    left, bottom, right, top = frame
    height = page.get_height()
    box = (round((left + inset) * scale), round((height - top + inset) * scale), round((right - inset) * scale),
           round((height - bottom - inset) * scale))
    inside = image.crop(box)
    pixels = list(inside.get_flattened_data())
    w, h = inside.size
    shares = []
    for band in range(bands):
        rows = pixels[w * (band * h // bands):w * ((band + 1) * h // bands)]
        shares.append(sum(1 for p in rows if p < 235) / max(1, len(rows)))
    return shares


def cover_faults(data: bytes, code) -> list[str]:
    """What keeps the cover from filling its frame with the game's title and art (``code``: the seed code, whose QR
    keeps the page's bottom right corner, its quiet zone no frame's rule may run under)."""
    document = pypdfium2.PdfDocument(data)
    try:
        page = document[0]
        frame, pictures = frame_and_pictures(page)
        if frame is None:
            return ["the cover has no frame"]
        width, height = page.get_width(), page.get_height()
        faults = []
        # As tall as the page allows: from the top margin down to the strip the QR and the credit line keep.
        if height - frame[3] > house.TOP + house.INSET + 2 or frame[1] > qr.EDGE + qr.BOX + qr.GAP + 40:
            faults.append(f"the frame {frame} stands short of the page's top or of the QR's strip")
        spot = first_page_qr(code, (width, height))
        if frame[1] < spot.y + spot.side + 1 and frame[2] > spot.x:
            faults.append(f"the frame {frame} runs under the QR's square, which reaches {spot.y + spot.side:.1f} pt up")
        if frame[2] - frame[0] < width - 2 * (house.SIDE + house.INSET) - 2:
            faults.append(f"the frame {frame} is narrower than the page's text")
        if pictures < 2 * 4 + 3:  # the medallion, and four tokens at least
            faults.append(f"only {pictures} pictures drawn in the frame")
        shares = ink_by_band(page, frame)
        empty = [f"band {k + 1} of {BANDS}: {share:.2%}" for k, share in enumerate(shares) if share < INKED]
        if empty:
            faults.append(f"stretches of the cover's frame with nothing in them: {empty}")
        return faults
    finally:
        document.close()


def test_a_frame_whose_art_is_left_out_is_read_as_empty(monkeypatch):
    """The reading fails a cover whose art is left out: the frame stands, its middle is blank."""
    from printgen.products import request
    from printgen.systems.roguelike import dungeon

    monkeypatch.setattr(cover_art.CoverArt, "draw", lambda *given: None)
    checked = request(seed_code("dungeon", "roguelike", SEED, levels="1"))
    document = pypdfium2.PdfDocument(dungeon.cover_book(dungeon.generate(checked), checked, "blank"))
    try:
        frame, pictures = frame_and_pictures(document[0])
        assert frame is not None and pictures < 2 * 4 + 3
        shares = ink_by_band(document[0], frame)
        assert shares[0] >= INKED and min(shares) < INKED, shares
    finally:
        document.close()


LONG_NAME = ("The Endlessly Winding and Utterly Sunless Catacombs of the Forgotten Pits Beneath the Ancient Barrow "
             "of the Platypus of Death, Last Lord of the Drowned Kingdom")


@pytest.mark.parametrize("paper, name", [("letter", None), ("a4", None), ("letter", LONG_NAME), ("a4", LONG_NAME)],
                         ids=["letter", "a4", "letter-long-name", "a4-long-name"])
def test_the_drawn_cover_sets_every_word_inside_its_frame_and_its_art_fills_the_rest(paper, name):
    """The Roguelike cover, drawn: every letter but the credit line's stands inside the frame's inner rule, the
    title whole (a very long name too), the art still filling what the words leave (cover_faults); the credit line
    stands under the frame, left of the QR's square, inside the page's margins."""
    from printgen.products import request
    from printgen.systems.roguelike import dungeon

    code = seed_code("dungeon", "roguelike", SEED, levels="1", paper=paper)
    checked = request(code)
    rolled = dungeon.generate(checked)
    if name is not None:
        rolled.name = name
    data = dungeon.cover_book(rolled, checked, "blank")
    assert not cover_faults(data, checked.code)
    document = pypdfium2.PdfDocument(data)
    try:
        page = document[0]
        width, height = page.get_width(), page.get_height()
        frame, _ = frame_and_pictures(page)
        left, bottom, right, top = frame
        inner = 3 * 0.8  # the double rule
        spot = first_page_qr(checked.code, (width, height))
        chars = [c for c in page_chars(page) if c["text"].strip()]
        inside = [c for c in chars if height - c["bottom"] >= bottom]
        credit = [c for c in chars if height - c["bottom"] < bottom]
        outside = [c["text"] for c in inside if not (left + inner <= c["x0"] and c["x1"] <= right - inner
                                                    and height - c["top"] <= top - inner)]
        assert inside and not outside, f"letters outside the frame: {''.join(outside)}"
        assert credit and all(house.SIDE <= c["x0"] and c["x1"] <= spot.x - qr.GAP and
                              height - c["top"] <= bottom for c in credit), "the credit line stands clear"
        text = " ".join("".join(c["text"] for c in inside).split())
        assert "".join(rolled.name.split()) in "".join(text.split()), "the title is whole"
    finally:
        document.close()


def inside_frame(data: bytes) -> tuple[list[dict], list[str], str]:
    """A drawn cover's letters above its frame's foot, those of them that stand outside the frame's inner rule, and
    what is printed under the frame (the credit line), without its spaces."""
    document = pypdfium2.PdfDocument(data)
    try:
        page = document[0]
        height = page.get_height()
        frame, _ = frame_and_pictures(page)
        left, bottom, right, top = frame
        inner = 3 * 0.8  # the double rule
        chars = [c for c in page_chars(page) if c["text"].strip()]
        inside = [c for c in chars if height - c["bottom"] >= bottom]
        under = "".join(c["text"] for c in chars if height - c["bottom"] < bottom)
        return inside, [c["text"] for c in inside if not (left + inner <= c["x0"] and c["x1"] <= right - inner
                                                           and height - c["top"] <= top - inner
                                                           and height - c["bottom"] >= bottom + inner)], under
    finally:
        document.close()


def printed_lines(chars: list[dict]) -> list[list[tuple[str, float]]]:
    """Letters as lines, top down, each line's words left to right as (word, where it ends): letters whose feet
    stand within a third of their size of each other (two faces' boxes reach down unlike), a word broken where
    the gap between two letters is wider than a space's half."""
    lines: list[list[dict]] = []
    for char in sorted(chars, key=lambda c: c["bottom"]):
        if lines and char["bottom"] - lines[-1][0]["bottom"] < char["size"] / 3:
            lines[-1].append(char)
        else:
            lines.append([char])
    found = []
    for line in lines:
        words: list[list] = []
        for char in sorted(line, key=lambda c: c["x0"]):
            if words and char["x0"] - words[-1][1] < 0.15 * char["size"]:
                words[-1] = [words[-1][0] + char["text"], char["x1"]]
            else:
                words.append([char["text"], char["x1"]])
        found.append([(word, end) for word, end in words])
    return found


@pytest.mark.parametrize("paper, rooms", [("letter", "8"), ("a4", "14")])
def test_the_campaign_s_drawn_cover_sets_the_levels_table_and_the_amulet_inside_its_frame(paper, rooms):
    """The Rogue Like Roguelike campaign's cover, drawn: under its two columns the closing block (the head, the
    levels' table, the paragraph on the Amulet) stands inside the frame's inner rule, every letter of it, the art
    still filling what the words leave (cover_faults); the table reads back row by row in order, each row its label
    and a figure for each of the ten levels (the campaign's own), each level's figures ending at one right edge."""
    from printgen.products import request
    from printgen.systems.rlrl import dungeon

    checked = request(seed_code("dungeon", "rlrl", SEED, paper=paper, rooms=rooms))
    rolled = dungeon.generate(checked)
    data = dungeon._cover(rolled, checked, 26, 22)
    assert not cover_faults(data, checked.code)
    inside, outside, under = inside_frame(data)
    assert inside and not outside, f"letters outside the frame: {''.join(outside)}"
    say = BUILT_IN.say_for("printgen.systems.rlrl")
    assert under == "".join(say("cover.credit", game=checked.game.title).split()), "only the credit line is under it"
    lines = printed_lines(inside)
    texts = [" ".join(word for word, _ in line) for line in lines]
    head = texts.index(say("cover.levels-head").upper())
    labels = [say("cover.level"), say("cover.difficulty"), say("cover.level-rooms"), say("cover.areas")]
    expected = [[b.level.number for b in rolled.levels], [b.difficulty for b in rolled.levels],
                [sum(1 for a in b.level.areas if a.type != "Corridor") for b in rolled.levels],
                [len(b.level.areas) for b in rolled.levels]]
    rows = lines[head + 1:head + 1 + len(labels)]
    assert len(rows) == len(labels), texts[head:]
    ends = []
    for row, label, figures in zip(rows, labels, expected):
        words = [word for word, _ in row]
        assert " ".join(words[:-10]) == label and words[-10:] == [str(f) for f in figures], (label, words)
        ends.append([end for _, end in row[-10:]])
    assert len(expected[0]) == 10 and expected[0] == list(range(1, 11))
    for level in range(10):
        column = [row[level] for row in ends]
        assert max(column) - min(column) < 0.5, f"level {level + 1}'s figures end at {column}: not aligned right"
    rest = " ".join(texts[head + 1 + len(labels):])
    amulet = rolled.amulet
    assert f"The Amulet of Yendor is on level {amulet['level']}, in area {amulet['area']}," in rest


def test_a_cover_shows_each_kind_of_creature_once_and_the_depths_too():
    kinds = [(f"icon-{k}", None) for k in (1, 2, 1, 3)] + [(f"icon-{k}", None) for k in range(4, 30)]
    shown = cover_art.spread(kinds, most=12)
    assert len(shown) == 12 and len({picture for picture, _ in shown}) == 12
    assert shown[0][0] == "icon-1" and shown[-1][0] == "icon-29"  # the first met and the last
    assert cover_art.spread(kinds[:4]) == [("icon-1", None), ("icon-2", None), ("icon-3", None)]


# -- keys and rules pages: full, or the end of their part ---------------------------------------------------------

KEY_TITLE = re.compile(r"^\s*level \d+\s*(:|·)\s*the key", re.I)
NEXT_SHEET = " ".join(BUILT_IN.shared()["key-page.goes-on-sheet"].split())  # a key page's foot: the next faces another sheet
MAP_SCALE = re.compile(r"\b0( \d+){2,} ?(ft|feet|squares)\b")
BLANK = "This page is blank on purpose"


@dataclass(frozen=True)
class Part:
    pages: list[int]
    key: bool


def text_parts(data: bytes) -> list[Part]:
    """The booklet's parts of text, each the numbers of its pages and whether it is a key: a part opens on a page
    whose first line is a title (a key's, or a page's title in the house's title size) and goes on over the later
    pages that open with body type, maps between them or not (a long key faces its map again); a key page that
    sends the reader on to the map's next sheet ends a part. The cover, maps, sheets and blank sides are no pages
    of text; a sheet ends a part."""
    parts: list[Part] = []
    document = pypdfium2.PdfDocument(data)
    try:
        open_part, next_sheet = False, False
        for number in range(2, len(document) + 1):
            page = document[number - 1]
            text = " ".join(page.get_textpage().get_text_range().split())
            if text.startswith(BLANK) or MAP_SCALE.search(text[:90]):
                continue
            chars = [c for c in page_chars(page)  # the running header in the top margin left out
                     if not (c["top"] < house.TOP and c["size"] < house.HEADER + 0.25)]
            if not chars:
                continue
            first = min(c["top"] for c in chars)
            line = [c for c in chars if c["top"] < first + 6]
            if KEY_TITLE.match(text) or max(c["size"] for c in line) >= house.H1 - 0.5:
                parts.append(Part([number], bool(KEY_TITLE.match(text))))
                open_part = True
            elif open_part and max(c["size"] for c in line) <= house.BODY + 0.5:
                if next_sheet:  # the key's previous page sent the reader on to another sheet of the map
                    parts.append(Part([number], True))
                else:
                    parts[-1].pages.append(number)
            else:
                open_part = False  # a sheet: what follows it is no part's going on
            next_sheet = NEXT_SHEET in text
    finally:
        document.close()
    return parts


# Every game's solo booklet stands on a cover of the same kind, as small as the game makes one (its sections are
# read by test_solo and test_gamebook).
SMALLEST_SOLO = {"roguelike": {"levels": "1"}, "rlrl": {"rooms": "2"}}


@pytest.mark.parametrize("system", sorted(products.all_products()["solo"].systems()))
def test_a_solo_booklet_s_cover_is_filled_with_the_game_s_art(system):
    """The frame as tall as the page allows, the medallion and its tokens in it, no band of it without ink."""
    options = SMALLEST_SOLO.get(system, {})
    data = built("solo", system, SEED, **options)
    assert not cover_faults(data, seed_code("solo", system, SEED, **options))


def text_faults(data: bytes) -> list[str]:
    """What keeps the booklet's pages of text from being full or ending their part."""
    parts = text_parts(data)
    if len(parts) < 2:  # a key and the rules at least
        return [f"the pages of text were not found: {parts}"]
    numbers = [number for part in parts for number in part.pages]
    read = {page.number: page for page in text_pages(data, house.TOP, house.FOOT, house.H1 - 0.5, house.H2 - 0.2,
                                                    house.SMALL, numbers=numbers)}
    faults = []
    for part in parts:
        for number in part.pages[:-1]:  # the part goes on over the next page: this one is full in both columns
            reach = read[number].reach
            if not all(r is not None and r >= 0.25 for r in reach):
                faults.append(f"page {number} goes on to the next yet its columns reach {reach}")
        last = read[part.pages[-1]]
        left, right = last.reach
        if len(part.pages) > 1 and max(r for r in last.reach if r is not None) < 0.25:
            faults.append(f"page {last.number} is a runover of a line or two: {last.reach}")
        if left is not None and left > 0.5 and (right is None or right <= 0.25):
            faults.append(f"page {last.number} is one column with the right half empty: {last.reach}")
    faults += [f"page {page.number} has a column ending in a head: {page.last}" for page in read.values()
               if "head" in page.last]
    return faults


@pytest.mark.parametrize("case", CASES)
def test_the_cover_is_filled_with_the_game_s_art_and_the_keys_and_rules_are_full_or_end_their_part(case):
    """Both read from one build of the booklet (the costly part of either)."""
    system, options = case
    data = built("dungeon", system, SEED, **options)
    faults = cover_faults(data, seed_code("dungeon", system, SEED, **options)) + text_faults(data)
    assert not faults, faults

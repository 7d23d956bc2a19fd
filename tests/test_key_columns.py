"""The two-column key drawer (render/key_columns.py) over entries of every height, by hypothesis.

Whatever the entries, they are placed in order, column after column and
page after page; each stands whole in its column, above the foot of the
page unless it is taller than a whole column (then it stands at a column's
head); no two overlap; and the tighter type is taken only where it takes
fewer pages.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.render import fonts, key_columns
from printgen.render.key_columns import Block, Key, Look, Type
from printgen.units import paper
from printgen.words import BUILT_IN

LOOK = Look(usual=Type(body=8.0, heading=8.8, small=7.0, leading=1.2),
            tight=Type(body=7.0, heading=7.8, small=6.3, leading=1.17), hairline=0.6)
WORD = "ward "


def entry_blocks(lines: int, width: float, kind: Type) -> list[Block]:
    """An entry of about ``lines`` lines of the body's type."""
    return [key_columns.block([(WORD * 12 * lines, fonts.SERIF)], kind.body, width, kind.leading)]


def key_of(entries: list[int], head_lines: int = 1) -> Key:
    return Key(level=1, title=("Level 1: the key", fonts.SERIF_BOLD), aside=("a note", fonts.SERIF_ITALIC),
               aside_size=9.0,
               head=lambda width, kind: [key_columns.block([(WORD * 30 * head_lines, fonts.SERIF)], 7.4, width,
                                                           1.28)],
               entries=entries, entry=entry_blocks)


entries_strategy = st.lists(st.integers(min_value=1, max_value=70), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(entries=entries_strategy, paper_name=st.sampled_from(["letter", "a4"]),
       tight=st.booleans())
def test_entries_are_placed_whole_in_order_and_apart(entries, paper_name, tight):
    sheet = paper(paper_name)
    key = key_of(entries)
    kind = LOOK.tight if tight else LOOK.usual
    first_top = key_columns.entries_top(sheet, key.head(sheet.width - 2 * key_columns.MARGIN, kind))
    pages = key_columns.pages_of(key, sheet, first_top, kind)
    width = (sheet.width - 2 * key_columns.MARGIN - key_columns.COLUMN_GAP) / 2
    lefts = (key_columns.MARGIN, key_columns.MARGIN + width + key_columns.COLUMN_GAP)
    placed_count = 0
    for number, page in enumerate(pages):
        assert page, "no page is left empty"
        top = first_top if number == 0 else sheet.height - key_columns.TOP
        for column in lefts:
            stacked = [p for p in page if p.x == column]
            y = top
            for placed in stacked:
                height = key_columns.entry_height(placed.blocks)
                assert abs(placed.top - y) < 1e-6, "each entry stands right under the one before it"
                assert placed.top - height >= key_columns.FOOT - 1e-6 or placed.top == top, \
                    "an entry runs past the foot only when it is taller than a whole column"
                y = placed.top - height
        assert all(p.x in lefts and p.width == width for p in page)
        placed_count += len(page)
        # Column by column: every entry of the first column comes before any of the second.
        columns = [lefts.index(p.x) for p in page]
        assert columns == sorted(columns)
    assert placed_count == len(entries)


@settings(max_examples=30, deadline=None)
@given(entries=entries_strategy)
def test_the_tighter_type_only_where_it_takes_fewer_pages(entries):
    sheet = paper("letter")
    key = key_of(entries)
    data, [[(start, end)]] = key_columns.keys_pdf(BUILT_IN, "code", sheet, "keys", [key], LOOK)
    width = sheet.width - 2 * key_columns.MARGIN
    usual, tight = (key_columns.pages_of(key, sheet, key_columns.entries_top(sheet, key.head(width, kind)), kind)
                    for kind in (LOOK.usual, LOOK.tight))
    expected = len(tight) if len(tight) < len(usual) else len(usual)  # the tighter type where it saves a page
    assert end - start == expected and data.startswith(b"%PDF")

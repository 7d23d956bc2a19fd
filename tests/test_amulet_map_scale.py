"""Project: Amulet's mapper's maps at the largest square each level fits: a level that uses few squares
prints larger than the other games' most (a small room then holds its number and marks), read back from
the grid of the booklet's pages."""

from __future__ import annotations

import pikepdf
import pytest
from pdfutil import apply, open_pdf, page_texts, painting, run_cli

from printgen import products
from printgen.maps import frame
from printgen.maps.draw_style import GRID_GREY, GRID_WIDTH
from printgen.seed import SeedCode
from printgen.systems.amulet import dungeon, map_page
from printgen.units import Paper
from printgen.words import BUILT_IN

# (seed, level size): levels of 8 units (moonpie's fill the page at squares of 59 to 76 pt) and of 6 (88 to
# 107 pt): under the other games' most of 72 pt and over it
CASES = [("moonpie", 8), ("pitch0", 6)]
MAPPER = "Mapper's copy"


def booklet(tmp_path_factory, seed: str, size: int) -> bytes:
    out = tmp_path_factory.mktemp("amulet") / "dungeon.pdf"
    done = run_cli("dungeon", "--system", "amulet", "--seed", seed, "--level-size", str(size), "-o", str(out))
    assert done.returncode == 0, done.stderr
    return out.read_bytes()


def grid_lines(page: pikepdf.Page) -> tuple[list[float], list[float]]:
    """The x of every vertical and the y of every horizontal line the page strokes in the grid's grey and
    width, on the page (points, y up)."""
    xs: set[float] = set()
    ys: set[float] = set()
    start = None
    for painted in painting(page):
        if painted.op == "m":
            start = tuple(float(v) for v in painted.operands)
        elif painted.op == "l" and start is not None:
            end = tuple(float(v) for v in painted.operands)
            if abs(painted.width - GRID_WIDTH) < 1e-6 and painted.stroke == (GRID_GREY,):
                (x0, y0), (x1, y1) = [apply(painted.ctm, x, y) for x, y in (start, end)]
                if abs(x0 - x1) < 1e-6:
                    xs.add(round(x0, 3))
                elif abs(y0 - y1) < 1e-6:
                    ys.add(round(y0, 3))
            start = end
    return sorted(xs), sorted(ys)


def pitch_of(lines: list[float]) -> float:
    """The one spacing of a grid's lines (each gap the same, to a hundredth of a point)."""
    gaps = [b - a for a, b in zip(lines, lines[1:])]
    assert gaps and max(gaps) - min(gaps) < 0.01, gaps
    return sum(gaps) / len(gaps)


def test_each_mapper_s_map_is_at_the_largest_square_its_level_fits(tmp_path_factory):
    """Every mapper's map page of the booklet, read back: the grid's squares are the largest at which the
    squares the map shows (what the level uses, and a square round it) fit the page's room for the map
    (the paper less its margins, the title band, the legend and the notes under it), whether that is
    under the 72 pt the other games stop at or over it; at least one level of these booklets is drawn at
    squares over 72 pt."""
    usual = frame.MapPage.__dataclass_fields__["most_pitch"].default
    larger = checked = 0
    for seed, size in CASES:
        data = booklet(tmp_path_factory, seed, size)
        built = dungeon.generate(products.request(SeedCode.make("dungeon", "amulet", seed, {"level-size": str(size)})))
        levels = [level for level in built.levels if level.data["kind"] != "treasure"]
        pdf = open_pdf(data)
        mapper_pages = [i for i, text in enumerate(page_texts(data)) if MAPPER in text]
        assert len(mapper_pages) == len(levels), (seed, size, mapper_pages)
        for index, level in zip(mapper_pages, levels):
            page = pdf.pages[index]
            box = page.mediabox
            paper = Paper("page", float(box[2]) - float(box[0]), float(box[3]) - float(box[1]), "")
            xs, ys = grid_lines(page)
            pitch = pitch_of(xs)
            assert pitch_of(ys) == pytest.approx(pitch, abs=0.01)
            mapped = map_page.map_page(BUILT_IN, level, "", True)
            x0, y0, x1, y1 = frame.cropped(mapped)
            columns, rows = x1 - x0, y1 - y0
            assert (len(xs) + 1, len(ys) + 1) == (columns, rows), (seed, size, level.number)
            # the room for the map, as the frame finds it
            width = paper.width - 2 * mapped.side
            height = paper.height - mapped.top - mapped.bottom - frame.legend_height(mapped, width) - frame.GAP
            largest = min(width / columns, height / rows)
            assert columns * pitch <= width + 0.01 and rows * pitch <= height + 0.01, (seed, size, level.number)
            assert pitch == pytest.approx(largest, abs=0.01), (seed, size, level.number, pitch, largest)
            # drawn centred across the room
            left, right = xs[0] - pitch, xs[-1] + pitch
            assert (left - mapped.side) == pytest.approx(paper.width - mapped.side - right, abs=0.01)
            checked += 1
            if largest > usual + 1:
                assert pitch > usual + 1, (seed, size, level.number, pitch)
                larger += 1
    assert checked == 6 and larger >= 2, (checked, larger)

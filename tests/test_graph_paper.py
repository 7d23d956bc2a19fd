import hashlib
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdfutil import fonts, line_segments, open_pdf, page_sizes, run_cli, seed_code, subject

from printgen import products
from printgen.products import build
from printgen.seed import SeedCode
from printgen.units import inch, mm, to_mm


def make(paper="letter", grid=None, pages=1, heavy=5, seed="test"):
    code = seed_code("graph-paper", "generic", seed, paper=paper, grid=grid, pages=pages, heavy_every=heavy)
    return code, build(code)


def grid_pitches(pdf, page=0):
    """Distances between neighbouring vertical grid lines (the long ones)."""
    xs = sorted({round(s.x0, 4) for s in line_segments(pdf, page) if s.x0 == s.x1 and abs(s.y1 - s.y0) > inch(5)})
    return [b - a for a, b in zip(xs, xs[1:])], xs


@pytest.mark.parametrize("paper, size", [("letter", (612.0, 792.0)), ("a4", (mm(210), mm(297)))])
def test_page_size_is_exact(paper, size):
    _, data = make(paper=paper, pages=3)
    sizes = page_sizes(open_pdf(data))
    assert len(sizes) == 3
    for w, h in sizes:
        assert w == pytest.approx(size[0], abs=0.01) and h == pytest.approx(size[1], abs=0.01)


@pytest.mark.parametrize(
    "paper, grid, pitch_mm",
    [("a4", "5mm", 5.0), ("letter", "quarter-inch", 6.35), ("letter", "5mm", 5.0), ("a4", "quarter-inch", 6.35), ("letter", "inch", 25.4)],
)
def test_grid_pitch_is_exact(paper, grid, pitch_mm):
    _, data = make(paper=paper, grid=grid)
    pitches, xs = grid_pitches(open_pdf(data))
    assert len(pitches) >= 5
    for pitch in pitches:
        assert to_mm(pitch) == pytest.approx(pitch_mm, abs=0.001)
    # and over the whole grid, no creeping error
    assert to_mm(xs[-1] - xs[0]) == pytest.approx(pitch_mm * (len(xs) - 1), abs=0.002)


def test_quarter_inch_letter_fills_the_page_inside_its_margins():
    _, data = make()
    pitches, xs = grid_pitches(open_pdf(data))
    squares_across = len(xs) + 1  # inner lines, plus the border's two sides
    assert 29 <= squares_across <= 34


def test_every_fifth_line_is_heavier_and_can_be_turned_off():
    _, data = make(paper="a4", grid="5mm", heavy=5)
    widths = Counter(round(s.width, 2) for s in line_segments(open_pdf(data)) if s.x0 == s.x1)
    assert len(widths) >= 2
    _, plain = make(paper="a4", grid="5mm", heavy=0)
    inner = [s for s in line_segments(open_pdf(plain)) if s.x0 == s.x1 and abs(s.y1 - s.y0) > inch(5)]
    assert len({round(s.width, 2) for s in inner}) == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(paper=st.sampled_from(["letter", "a4"]), grid=st.sampled_from(["quarter-inch", "5mm", "inch"]),
       every=st.integers(2, 12))
def test_heavy_lines_are_every_nth_and_centred_on_the_grid(paper, grid, every):
    """Read back from the page: heavy lines N squares apart, as many squares before the first as after the last
    (to within half a square where an even N on an odd count of squares leaves no exact middle)."""
    from printgen.products.graph_paper import HEAVY_WIDTH, LIGHT_WIDTH

    _, data = make(paper=paper, grid=grid, heavy=every)
    segments = line_segments(open_pdf(data))
    pitch = mm(5) if grid == "5mm" else inch(1) if grid == "inch" else inch(0.25)
    for vertical in (True, False):
        lines = [s for s in segments if (s.x0 == s.x1 if vertical else s.y0 == s.y1)
                 and abs((s.y1 - s.y0) if vertical else (s.x1 - s.x0)) > inch(4)]
        at = (lambda s: s.x0) if vertical else (lambda s: s.y0)
        inner = sorted({round(at(s), 3) for s in lines})  # every line between the border's sides (a rectangle)
        first, last = inner[0] - pitch, inner[-1] + pitch
        inner = lines
        heavy = sorted({round(at(s), 3) for s in inner if abs(s.width - HEAVY_WIDTH) < 1e-6})
        assert all(abs(s.width - LIGHT_WIDTH) < 1e-6 for s in inner if round(at(s), 3) not in heavy)
        squares = round((last - first) / pitch)
        if squares <= every:
            assert len(heavy) <= 1
            continue
        assert heavy, (paper, grid, every, vertical)
        assert all(b - a == pytest.approx(every * pitch, abs=1e-3) for a, b in zip(heavy, heavy[1:]))
        before, after = (heavy[0] - first) / pitch, (last - heavy[-1]) / pitch
        assert abs(before - after) <= (1 if every % 2 == 0 and squares % 2 else 0) + 1e-3, (before, after)


def test_calibration_rulers_measure_two_inches_and_five_centimetres():
    _, data = make(paper="a4")
    horizontal = [s for s in line_segments(open_pdf(data)) if s.y0 == s.y1 and s.y0 < mm(20)]
    lengths = sorted(round(to_mm(abs(s.x1 - s.x0)), 3) for s in horizontal)
    assert 50.8 in lengths and 50.0 in lengths


@pytest.mark.parametrize("grid", ["quarter-inch", "5mm", "inch", "hex"])
def test_every_font_is_embedded(grid):
    _, data = make(grid=grid)
    used = fonts(open_pdf(data))
    assert used and all(used.values()), used


def test_hex_grid_draws_hexes():
    _, data = make(grid="hex")
    pdf = open_pdf(data)
    segments = line_segments(pdf)
    side_mm = to_mm(inch(1)) / 3**0.5
    hex_sides = [s for s in segments if to_mm(((s.x1 - s.x0) ** 2 + (s.y1 - s.y0) ** 2) ** 0.5) == pytest.approx(side_mm, abs=0.01)]
    assert len(hex_sides) >= 6 * 40


def test_metadata_carries_the_seed_code():
    code, data = make(paper="a4", grid="5mm", seed="moon pie/⚔")
    assert SeedCode.parse(subject(open_pdf(data))) == products.canonical(code)


def test_same_seed_code_same_bytes_in_process():
    assert make(seed="a")[1] == make(seed="a")[1]
    assert make(seed="a")[1] != make(seed="b")[1]


def test_byte_identical_every_run(tmp_path):
    digests = set()
    for name in ("one.pdf", "two.pdf"):
        result = run_cli("graph-paper", "--paper", "a4", "--grid", "5mm", "--seed", "shared", "-o", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        digests.add(hashlib.sha256((tmp_path / name).read_bytes()).hexdigest())
    assert len(digests) == 1

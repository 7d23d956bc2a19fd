"""Sheets as they print, measured from the PDFs themselves, for every game, paper and size a game offers.

The content streams are read back: every text run's size as printed (the font
size times the text matrix times every transform around it) and its extent
(advance widths from the font's own widths, by cap height and descender);
every painted path's box on the page, how it was painted and with what grey.
From those: text at least 6 pt, tick and point boxes at least 3.5 mm, nothing
past its sheet or the page, no text across a frame, and with --ink-saver no
dark fill bigger than a fleck.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass

import pikepdf
import pytest
from pdfutil import open_pdf, seed_code

from printgen import products
from printgen.products import build
from printgen.products.sheet import foot_strip, page_plan, roll_characters, sheet_items, sheet_module, spec_of
from printgen.units import PAPERS, mm
from printgen.words import BUILT_IN

ASCENT, DESCENT = 0.72, 0.2  # of the font size: cap height above the baseline, descender below
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


@dataclass(frozen=True)
class TextRun:
    page: int
    text: str
    size: float  # pt, as printed
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 on the page
    in_footer: bool


@dataclass(frozen=True)
class Shape:
    page: int
    box: tuple[float, float, float, float]
    stroked: bool
    filled: bool
    fill_gray: float  # 0 black .. 1 white
    closed: bool  # a rectangle or a path of three or more segments that returns to its start
    dashed: bool
    segments: int
    in_footer: bool = False  # printgen's stamp over the page (the footer, the first page's QR), not the sheet's

    @property
    def width(self) -> float:
        return self.box[2] - self.box[0]

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]


def multiply(a: Matrix, b: Matrix) -> Matrix:
    """a then b, as PDF matrices compose (row vectors)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]


def bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _gray(operands) -> float:
    """The lightness of a colour given as gray, RGB or CMYK operands (0 black, 1 white)."""
    values = [float(v) for v in operands]
    if len(values) == 1:
        return values[0]
    if len(values) == 3:
        return 0.3 * values[0] + 0.59 * values[1] + 0.11 * values[2]
    if len(values) == 4:  # CMYK
        c, m, y, k = values
        return (1 - min(1, c + k)) * 0.3 + (1 - min(1, m + k)) * 0.59 + (1 - min(1, y + k)) * 0.11
    return 0.0


class _Font:
    """Advance widths of a simple or Type0 font, in thousandths of the size."""

    def __init__(self, font: pikepdf.Object):
        self.two_byte = font.get("/Subtype") == "/Type0"
        self.widths: dict[int, float] = {}
        if self.two_byte:
            descendant = font.DescendantFonts[0]
            self.default = float(descendant.get("/DW", 1000))
            w = list(descendant.get("/W", []))
            i = 0
            while i < len(w):
                first = int(w[i])
                if isinstance(w[i + 1], pikepdf.Array):
                    for k, value in enumerate(w[i + 1]):
                        self.widths[first + k] = float(value)
                    i += 2
                else:
                    for code in range(first, int(w[i + 1]) + 1):
                        self.widths[code] = float(w[i + 2])
                    i += 3
        else:
            self.default = 0.0
            first = int(font.get("/FirstChar", 0))
            for k, value in enumerate(font.get("/Widths", [])):
                self.widths[first + k] = float(value)

    def codes(self, data: bytes) -> list[int]:
        if self.two_byte:
            return [data[i] << 8 | data[i + 1] for i in range(0, len(data) - 1, 2)]
        return list(data)

    def width(self, code: int) -> float:
        return self.widths.get(code, self.default)


@dataclass
class _State:
    ctm: Matrix = IDENTITY
    fill_gray: float = 0.0
    dashed: bool = False
    font: _Font | None = None
    size: float = 0.0
    char_space: float = 0.0
    word_space: float = 0.0
    h_scale: float = 1.0
    leading: float = 0.0
    rise: float = 0.0

    def copy(self) -> _State:
        return _State(**self.__dict__)


def read_marks(pdf: pikepdf.Pdf, pages: range | None = None, footer_name: str = "/PGFooter"
               ) -> tuple[list[TextRun], list[Shape]]:
    """Every text run and painted shape of the given pages (all by default)."""
    texts: list[TextRun] = []
    shapes: list[Shape] = []
    for index in pages if pages is not None else range(len(pdf.pages)):
        page = pdf.pages[index]
        _walk(page.obj.get("/Resources", pikepdf.Dictionary()), _State(), index, False, texts, shapes, footer_name,
              pikepdf.parse_content_stream(page))
    return texts, shapes


def _walk(resources, state: _State, page: int, in_footer: bool, texts: list[TextRun], shapes: list[Shape],
          footer_name: str, instructions) -> None:
    fonts: dict[str, _Font] = {}
    stack: list[_State] = []
    tm = tlm = IDENTITY
    path: list[tuple[float, float]] = []
    segments, closed, subpath_start = 0, False, None

    def show(data: bytes) -> None:
        nonlocal tm
        font = state.font
        if font is None:
            return
        advance = 0.0
        for code in font.codes(data):
            advance += (font.width(code) / 1000 * state.size + state.char_space
                        + (state.word_space if code == 32 and not font.two_byte else 0)) * state.h_scale
        full = multiply(tm, state.ctm)
        corners = [apply(full, x, y) for x in (0, advance)
                   for y in (state.rise - DESCENT * state.size, state.rise + ASCENT * state.size)]
        scale = min(math.hypot(full[2], full[3]), math.hypot(full[0], full[1]))
        text = data.decode("latin-1") if not font.two_byte else f"<{len(data) // 2} glyphs>"
        if advance > 0 and text.strip():
            texts.append(TextRun(page, text, state.size * scale, bounds(corners), in_footer))
        tm = multiply((1, 0, 0, 1, advance, 0), tm)

    # A map's thousands of paths are most of a page: the instruction's parts read by name (unpacking one costs
    # four times as much) and the path operators tried first.
    for instruction in instructions:
        operands, op = instruction.operands, str(instruction.operator)
        if op == "re":
            x, y, w, h = (float(v) for v in operands)
            path += [apply(state.ctm, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
            segments, closed = segments + 4, True
        elif op == "m":
            subpath_start = apply(state.ctm, float(operands[0]), float(operands[1]))
            path.append(subpath_start)
        elif op in ("l", "c", "v", "y"):
            if op == "l":
                path.append(apply(state.ctm, float(operands[0]), float(operands[1])))
            else:
                points = [float(v) for v in operands]
                path += [apply(state.ctm, points[i], points[i + 1]) for i in range(0, len(points), 2)]
            segments += 1
            if subpath_start and segments >= 3 and math.dist(path[-1], subpath_start) < 0.5:
                closed = True
        elif op in ("h",):
            closed = closed or segments >= 3
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"):
            if path and op != "n":
                stroked = op in ("S", "s", "B", "B*", "b", "b*")
                filled = op not in ("S", "s")
                shapes.append(Shape(page, bounds(path), stroked, filled, state.fill_gray,
                                    closed or op in ("s", "b", "b*") and segments >= 3, state.dashed, segments,
                                    in_footer))
            path, segments, closed, subpath_start = [], 0, False, None
        elif op == "q":
            stack.append(state.copy())
        elif op == "Q":
            state = stack.pop()
        elif op == "cm":
            state.ctm = multiply(tuple(float(v) for v in operands), state.ctm)
        elif op in ("g", "rg", "k"):
            state.fill_gray = _gray(operands)
        elif op in ("sc", "scn") and not any(isinstance(v, pikepdf.Name) for v in operands):  # not a pattern
            state.fill_gray = _gray(operands)
        elif op == "d":
            state.dashed = len(operands[0]) > 0
        elif op == "BT":
            tm = tlm = IDENTITY
        elif op == "Tf":
            name = str(operands[0])
            if name not in fonts:
                fonts[name] = _Font(resources.Font[name])
            state.font, state.size = fonts[name], float(operands[1])
        elif op == "Tc":
            state.char_space = float(operands[0])
        elif op == "Tw":
            state.word_space = float(operands[0])
        elif op == "Tz":
            state.h_scale = float(operands[0]) / 100
        elif op == "TL":
            state.leading = float(operands[0])
        elif op == "Ts":
            state.rise = float(operands[0])
        elif op == "Tm":
            tm = tlm = tuple(float(v) for v in operands)
        elif op in ("Td", "TD"):
            if op == "TD":
                state.leading = -float(operands[1])
            tm = tlm = multiply((1, 0, 0, 1, float(operands[0]), float(operands[1])), tlm)
        elif op == "T*":
            tm = tlm = multiply((1, 0, 0, 1, 0, -state.leading), tlm)
        elif op == "Tj":
            show(bytes(operands[0]))
        elif op in ("'", '"'):
            if op == '"':
                state.word_space, state.char_space = float(operands[0]), float(operands[1])
            tm = tlm = multiply((1, 0, 0, 1, 0, -state.leading), tlm)
            show(bytes(operands[-1]))
        elif op == "TJ":
            for item in operands[0]:
                if isinstance(item, pikepdf.String):
                    show(bytes(item))
                else:  # a kerning adjustment, in thousandths of the size
                    tm = multiply((1, 0, 0, 1, -float(item) / 1000 * state.size * state.h_scale, 0), tm)
        elif op == "Do":
            name = str(operands[0])
            xobject = resources.XObject[name]
            if xobject.get("/Subtype") != "/Form":
                continue
            inner = state.copy()
            inner.ctm = multiply(tuple(float(v) for v in xobject.get("/Matrix", IDENTITY)), state.ctm)
            _walk(xobject.get("/Resources", resources), inner, page, in_footer or name == footer_name,
                  texts, shapes, footer_name, pikepdf.parse_content_stream(xobject))


# ---------------------------------------------------------------- what a printer would send back

SYSTEMS = ["roguelike", "amulet", "card-rogue", "ascii-hack", "rlrl"]
MIN_TEXT = 6.0  # pt
MIN_BOX = mm(3.5)
BOX_MOST = mm(12)  # a near-square closed shape up to this size is a box to tick or write a number in
SQUARE = 1.6  # at most this long for its width to count as near square
SLACK = 0.5  # pt: how far a mark may stand over an edge (anti-aliasing, a glyph's overhang)
LIGHT = 0.8  # a fill at least this light is a tint, not a solid
FLECK = mm(5) * mm(5)  # a darker fill no bigger than this is a mark (a dot, a filled arrow), not a grey box
ROLLED = 8  # pre-rolled characters: enough that every Amulet class turns up
SEED = "legible"  # its first eight Roguelike characters include a Priest-Elf, the longest record


def on_page(places) -> list[tuple[float, float, float, float]]:
    """Each sheet's rectangle on the page, from the product's places: the sheet is drawn inside it, turned or not."""
    return [(x, y, x + h, y + w) if turned else (x, y, x + w, y + h) for x, y, w, h, turned in places]


def inside(inner, outer, slack: float = SLACK) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def overlaps(a, b, slack: float = SLACK) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def is_box(shape: Shape) -> bool:
    """A closed, near-square outline no bigger than a tick box or a number box."""
    small, large = sorted((shape.width, shape.height))
    return shape.stroked and shape.closed and large <= BOX_MOST and small > 0.5 and large <= small * SQUARE


def frames(shapes: list[Shape]) -> list[Shape]:
    """Closed outlines that hold something: boxes, panels, slots."""
    return [s for s in shapes if s.stroked and s.closed and min(s.width, s.height) > 2]


def overlapping_texts(texts: list[TextRun]) -> list[tuple[TextRun, TextRun]]:
    """Pairs of text runs on the same page that print over each other."""
    found = []
    ordered = sorted(texts, key=lambda t: (t.page, t.box[1]))
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.page != a.page or b.box[1] >= a.box[3]:
                break
            if overlaps(a.box, b.box, slack=0.8):
                found.append((a, b))
    return found


def texts_across_frames(texts: list[TextRun], outlines: list[Shape]) -> list[tuple[Shape, TextRun]]:
    """Text runs that stand partly in a frame and partly out of it."""
    by_page: dict[int, list[TextRun]] = {}
    for t in sorted(texts, key=lambda t: t.box[1]):
        by_page.setdefault(t.page, []).append(t)
    lows = {page: [t.box[1] for t in runs] for page, runs in by_page.items()}
    tallest = max((t.box[3] - t.box[1] for t in texts), default=0)
    found = []
    for frame in outlines:
        runs, low = by_page.get(frame.page, []), lows.get(frame.page, [])
        # Only runs whose foot lies within a run's height below the frame up to its top can touch it.
        for t in runs[bisect.bisect_left(low, frame.box[1] - tallest):bisect.bisect_right(low, frame.box[3])]:
            if overlaps(t.box, frame.box) and not inside(t.box, frame.box):
                found.append((frame, t))
    return found


def print_problems(data: bytes, paper: str, plan: list) -> list[str]:
    """Everything on the pages that a careful printer would send back, one line each.

    ``plan`` holds where the sheets of each sheet page go; pages past them are the game's companions.
    """
    pdf = open_pdf(data)
    texts, shapes = read_marks(pdf)
    page_w, page_h = PAPERS[paper].size
    page = (0, 0, page_w, page_h)
    problems = []
    for t in texts:
        if t.size < MIN_TEXT - 0.01:
            problems.append(f"p{t.page + 1}: {t.size:.2f} pt text {t.text!r}")
        if not inside(t.box, page):
            problems.append(f"p{t.page + 1}: text past the page edge {t.text!r}")
    for s in shapes:
        if is_box(s) and min(s.width, s.height) < MIN_BOX - 0.05:
            problems.append(f"p{s.page + 1}: a {s.width / mm(1):.1f} x {s.height / mm(1):.1f} mm box at "
                            f"{s.box[0]:.0f},{s.box[1]:.0f}")
        if not inside(s.box, page):
            problems.append(f"p{s.page + 1}: a shape past the page edge at {s.box[0]:.0f},{s.box[1]:.0f}")
    places = [on_page(cells_of_page) for cells_of_page in plan]
    on_sheets = [t for t in texts if t.page < len(plan) and not t.in_footer]
    # Not the cut lines, nor printgen's stamp: the QR stands where the sheet kept room for it (test_qr.py).
    drawn = [s for s in shapes if s.page < len(plan) and not (s.dashed and s.segments == 1) and not s.in_footer]
    for mark in on_sheets + drawn:
        if not any(inside(mark.box, place) for place in places[mark.page]):
            what = (f"text {mark.text!r}" if isinstance(mark, TextRun)
                    else f"a shape at {mark.box[0]:.0f},{mark.box[1]:.0f}")
            problems.append(f"p{mark.page + 1}: {what} is outside its sheet")
    for a, b in overlapping_texts(on_sheets):
        problems.append(f"p{a.page + 1}: text {a.text!r} runs into {b.text!r}")
    for frame, t in texts_across_frames(on_sheets, frames(drawn)):
        problems.append(f"p{t.page + 1}: text {t.text!r} crosses a frame at {frame.box[0]:.0f},{frame.box[1]:.0f}")
    for index, annot in ((i, a) for i, p in enumerate(pdf.pages) for a in p.get("/Annots", [])):
        x0, y0, x1, y1 = (float(v) for v in annot.Rect)
        name = annot.get("/T") or annot.Parent.T  # a radio button is named by its group
        if annot.FT == "/Btn" and min(x1 - x0, y1 - y0) < MIN_BOX - 0.05:
            problems.append(f"a {(x1 - x0) / mm(1):.1f} x {(y1 - y0) / mm(1):.1f} mm tick field {name}")
        if not any(inside((x0, y0, x1, y1), place) for place in places[index]):
            problems.append(f"field {name} is outside its sheet")
    return problems


def dark_fills(data: bytes, pages: int | None = None) -> list[str]:
    """Fills darker than a light tint that cover more than a fleck, on the first ``pages`` pages (all by default)."""
    pdf = open_pdf(data)
    _, shapes = read_marks(pdf, range(pages if pages is not None else len(pdf.pages)))
    return [f"p{s.page + 1}: gray {s.fill_gray:.2f} over {s.width / mm(1):.1f} x {s.height / mm(1):.1f} mm"
            for s in shapes if s.filled and s.fill_gray < LIGHT and s.width * s.height > FLECK and not s.in_footer]


def made(system: str, paper: str, per_page: int, rolled: int | None, fillable: bool, ink_saver: bool
         ) -> tuple[bytes, list]:
    """``rolled`` characters (None: blank sheets), and where the sheets of each sheet page go (a blank set
    may end with the game's reference), with the strip along each page's foot that holds the credit line (it
    is drawn on the page, unlike the footer and the QR, which compose stamps over it)."""
    count = rolled
    code = seed_code("sheet", system, SEED, paper=paper, count=count, per_page=per_page, fillable=fillable,
                     ink_saver=ink_saver)
    request = products.request(code)
    spec = spec_of(request)
    items = sheet_items(spec, roll_characters(BUILT_IN, code, spec))
    foot = foot_strip(request.code, spec.paper)
    strip = (0.0, 0.0, spec.paper.width, foot, False)
    return build(code), [[*places, strip] for places, _ in page_plan(spec, items, foot)]


def variants():
    for system in SYSTEMS:
        module = sheet_module(system)
        for paper in ("letter", "a4"):
            for per_page in module.SIZES:
                for rolled in (False, True) if module.PRE_ROLLED else (False,):
                    yield pytest.param(system, paper, per_page, rolled,
                                       id=f"{system}-{paper}-{per_page}up-{'rolled' if rolled else 'blank'}")


@pytest.mark.sweep
@pytest.mark.parametrize("system, paper, per_page, rolled", list(variants()))
def test_every_sheet_prints_legibly_inside_its_place(system, paper, per_page, rolled):
    # Every character on the form; on Letter also a page of them with --ink-saver, whose outlines take the place
    # of solids (the paper changes where things go, not how they are inked).
    passes = [(True, False, ROLLED)] + ([(False, True, per_page)] if paper == "letter" else [])
    for fillable, ink_saver, count in passes:
        data, plan = made(system, paper, per_page, count if rolled else None, fillable, ink_saver)
        problems = print_problems(data, paper, plan) + (dark_fills(data, len(plan)) if ink_saver else [])
        assert not problems, f"{len(problems)} problems, first: " + "; ".join(problems[:12])


def test_the_measures_find_each_fault_in_a_page_made_to_have_them():
    """Small type (also when a transform shrinks it), a small box, text past the page and across a frame,
    text over text and a solid fill: each is reported, and a clean page reports nothing."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from printgen.products.sheet import cells
    from printgen.render import fonts

    fonts.register_reportlab_fonts()
    paper = PAPERS["letter"]
    place = cells(paper, 1)

    def page(draw) -> bytes:
        out = io.BytesIO()
        c = Canvas(out, pagesize=paper.size, invariant=1, initialFontName=fonts.SERIF)
        c.setFont(fonts.SERIF, 8)
        c.drawString(100, 400, "clean text at 8 pt")
        c.rect(100, 300, mm(4), mm(4))
        draw(c)
        c.showPage()
        c.save()
        return out.getvalue()

    assert print_problems(page(lambda c: None), "letter", [place]) == []
    assert dark_fills(page(lambda c: None)) == []

    def small(c):
        c.setFont(fonts.SERIF, 5.5)
        c.drawString(100, 500, "small")

    def scaled(c):
        c.saveState()
        c.scale(0.7, 0.7)
        c.setFont(fonts.SERIF, 8)
        c.drawString(100, 200, "shrunk")
        c.restoreState()

    def past_edge(c):
        c.setFont(fonts.SERIF, 8)
        c.drawString(paper.size[0] - 20, 600, "past the edge")

    def across(c):
        c.rect(200, 600, 50, 30)
        c.setFont(fonts.SERIF, 8)
        c.drawString(230, 610, "across the frame")

    def over(c):
        c.setFont(fonts.SERIF, 8)
        c.drawString(104, 401, "over")

    def solid(c):
        c.setFillGray(0.3)
        c.rect(300, 300, 40, 40, stroke=0, fill=1)

    faults = {small: "5.50 pt text 'small'", scaled: "5.60 pt text 'shrunk'", past_edge: "past the page edge",
              across: "crosses a frame", over: "runs into"}
    for draw, words in faults.items():
        found = print_problems(page(draw), "letter", [place])
        assert any(words in line for line in found), (words, found)
    tiny = print_problems(page(lambda c: c.rect(300, 500, mm(3), mm(3))), "letter", [place])
    assert any("3.0 x 3.0 mm box" in line for line in tiny), tiny
    assert dark_fills(page(solid)) and not dark_fills(page(lambda c: (c.setFillGray(0.9), c.rect(300, 300, 40, 40,
                                                                                               fill=1))))


def test_the_pre_rolled_sheets_measured_include_the_longest_record():
    import json

    code = seed_code("sheet", "roguelike", SEED, count=ROLLED, format="json")
    rolled = [(c["occupation"]["name"], c["race"]["name"]) for c in json.loads(build(code))["characters"]]
    assert ("Priest", "Elf") in rolled

"""Reading printgen PDFs back, for tests: sizes, fonts, metadata, drawn lines."""

from __future__ import annotations

import contextlib
import functools
import io
import os
import re
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import pikepdf


def open_pdf(source: bytes | Path) -> pikepdf.Pdf:
    return pikepdf.open(io.BytesIO(source) if isinstance(source, bytes) else source)


def page_texts(source: bytes | Path) -> list[str]:
    """Each page's text, as a reader's PDF viewer extracts it."""
    import pypdfium2

    document = pypdfium2.PdfDocument(source if isinstance(source, bytes) else str(source))
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def page_sizes(pdf: pikepdf.Pdf) -> list[tuple[float, float]]:
    """(width, height) in points of each page's MediaBox."""
    sizes = []
    for page in pdf.pages:
        x0, y0, x1, y1 = (float(v) for v in page.MediaBox)
        sizes.append((x1 - x0, y1 - y0))
    return sizes


def fonts(pdf: pikepdf.Pdf) -> dict[str, bool]:
    """Every font used on any page (including inside form XObjects), and whether it is embedded."""
    found: dict[str, bool] = {}

    def visit_resources(resources, seen):
        if resources is None or resources.objgen in seen and resources.objgen != (0, 0):
            return
        seen.add(resources.objgen)
        for font in (resources.get("/Font") or {}).values():
            found[str(font.BaseFont)] = _embedded(font)
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.get("/Subtype") == "/Form":
                visit_resources(xobject.get("/Resources"), seen)

    seen: set = set()
    for page in pdf.pages:
        visit_resources(page.get("/Resources"), seen)
        for annot in page.get("/Annots") or []:
            ap = annot.get("/AP")
            if ap is not None and "/N" in ap and isinstance(ap.N, pikepdf.Stream):
                visit_resources(ap.N.get("/Resources"), seen)
    return found


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font.DescendantFonts[0]
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def subject(pdf: pikepdf.Pdf) -> str:
    return str(pdf.docinfo.get("/Subject", ""))


@dataclass(frozen=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float
    gray: float | None




def line_segments(pdf: pikepdf.Pdf, page_index: int = 0) -> list[Segment]:
    """Straight stroked segments drawn with `m` / `l` in page space (no cm transforms)."""
    page = pdf.pages[page_index]
    segments: list[Segment] = []
    width, gray = 1.0, None
    current = None
    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        if op == "w":
            width = float(operands[0])
        elif op == "G":
            gray = float(operands[0])
        elif op == "m":
            current = (float(operands[0]), float(operands[1]))
        elif op == "l" and current is not None:
            end = (float(operands[0]), float(operands[1]))
            segments.append(Segment(current[0], current[1], end[0], end[1], width, gray))
            current = end
    return segments


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run the command line in this process, as `printgen ARGS` would, and capture what it prints.

    ``cwd`` and ``env`` hold for the run only. Starting a process per call would
    spend most of the suite's time importing; test_determinism.py crosses
    processes where that is the point.
    """
    from printgen.cli import main

    saved_cwd, saved_env = os.getcwd(), dict(os.environ)
    stdout, stderr = io.StringIO(), io.StringIO()
    try:
        if cwd is not None:
            os.chdir(cwd)
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            code = main(list(args))
    finally:
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
    return subprocess.CompletedProcess(["printgen", *args], code, stdout.getvalue(), stderr.getvalue())


def assert_fronts_inside_safe_area(pdf: bytes, card_width: float, card_height: float, bleed: float) -> None:
    """Every letter on the fronts of a print-shop file (front, back, front, ...) lies inside the card's safe
    area, within half a point, as pdfium places it."""
    import pypdfium2

    from printgen.cards.face_parts import SAFE

    low_x, high_x = bleed + SAFE, bleed + card_width - SAFE
    low_y, high_y = bleed + SAFE, bleed + card_height - SAFE
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index in range(0, len(document), 2):  # the fronts
            textpage = document[index].get_textpage()
            for i in range(textpage.count_chars()):
                left, bottom, right, top = textpage.get_charbox(i)
                if right - left <= 0:
                    continue  # spaces and line breaks
                assert low_x - 0.5 <= left and right <= high_x + 0.5, (index, i)
                assert low_y - 0.5 <= bottom and top <= high_y + 0.5, (index, i)
    finally:
        document.close()


@functools.lru_cache(maxsize=6)
def built(product: str, system: str, seed: str, **options) -> bytes:
    """A product's file, built once a test process: the tests of one module that read the same product share it
    (and a worker that runs them one after another builds it once)."""
    from printgen.products import build

    return build(seed_code(product, system, seed, **options))


def seed_code(product: str, system: str, seed: str, **options):
    """A seed code from Python keywords (per_page=2 is per-page=2; None leaves an option at its default)."""
    from printgen.seed import SeedCode

    given = {name.replace("_", "-"): value for name, value in options.items() if value is not None}
    return SeedCode.make(product, system, seed, given)


# -- the size of every printed character, as pdfplumber reads it --------------------------------------------------

_DRAWING = {"m", "l", "c", "v", "y", "h", "re", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n", "W", "W*", "sh"}


def without_drawing(data: bytes) -> bytes:
    """The PDF with its path drawing left out and every form that sets no text emptied: the same characters in the
    same places (every ``q``, ``Q`` and ``cm`` kept), for a reader that would otherwise spend its time on a map's or
    a card's paths."""
    pdf = pikepdf.open(io.BytesIO(data))
    seen: set = set()

    def lean(body: bytes) -> bytes:
        kept = [(operands, op) for operands, op in pikepdf.parse_content_stream(pikepdf.Stream(pdf, body))
                if str(op) not in _DRAWING]
        return pikepdf.unparse_content_stream(kept)

    def visit(resources) -> None:
        forms = resources.get("/XObject") if resources is not None else None
        for form in (forms or {}).values():
            if form.objgen in seen or form.get("/Subtype") != "/Form":
                continue
            seen.add(form.objgen)
            body = form.read_bytes()
            form.write(lean(body) if b"BT" in body or b"Do" in body else b"")
            visit(form.get("/Resources"))

    for page in pdf.pages:
        visit(page.get("/Resources"))
        contents = page.Contents
        body = b"\n".join(c.read_bytes() for c in contents) if isinstance(contents, pikepdf.Array) else \
            contents.read_bytes()
        page.Contents = pdf.make_stream(lean(body))
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def printed_size(char: dict) -> float:
    """A pdfplumber character's size as it prints: its font's size (Tf) scaled by its text matrix (the text's and
    the page's, ``matrix``), sqrt|ad - bc| of it, whichever way the line is turned. pdfplumber's own ``size`` is
    the height of the character's box on the page: its font's size times ``d`` on an upright line, but across a
    line turned a quarter, its advance. The font's size is read back from that box: the glyph's box in text space
    is ``adv`` along the line and the font's size across it, so the page's box is adv|a| + size|c| wide and
    adv|b| + size|d| high."""
    a, b, c, d, _, _ = char["matrix"]
    if abs(d) >= abs(c):
        font_size = (char["height"] - char["adv"] * abs(b)) / abs(d)
    else:
        font_size = (char["width"] - char["adv"] * abs(a)) / abs(c)
    return font_size * abs(a * d - b * c) ** 0.5


def spread_pages(count: int, most_pages: int | None) -> list[int]:
    """The pages (from 1) a reading takes: every one, or ``most_pages`` spread from the first to the last."""
    if most_pages and count > most_pages:
        return sorted({1 + round(k * (count - 1) / (most_pages - 1)) for k in range(most_pages)})
    return list(range(1, count + 1))


def smallest_type(data: bytes, most_pages: int | None = None) -> tuple[float, int, str]:
    """The smallest character any page prints, read back with pdfplumber: (its size in pt, its page from 1, the
    words around it); (inf, 0, "") for a file with no words. A character's size is ``printed_size``: an index up
    a tile's edge reads as the size it prints at. With ``most_pages``, a longer file is read on that many pages
    spread through it, its first and last among them."""
    import pdfplumber

    found = (float("inf"), 0, "")
    with pdfplumber.open(io.BytesIO(without_drawing(data))) as pdf:
        for number in spread_pages(len(pdf.pages), most_pages):
            chars = [c for c in pdf.pages[number - 1].chars if c["text"].strip()]
            for index, char in enumerate(chars):
                size = printed_size(char)
                if size < found[0] - 1e-6:
                    found = (size, number, "".join(c["text"] for c in chars[max(0, index - 12):index + 12]))
    return found


# -- pages of text: how full each column is, and what stands at its foot --------------------------------------------

@dataclass(frozen=True)
class TextPage:
    """A page of flowing text as read back: how far down each column's words reach (0 at the text area's top, 1 at
    its foot; None: an empty column), whether a part (a new title) starts on the next page, and what stands last
    in each column: "head" (a head, or a table's head row with no row beneath it) or "text"."""

    number: int
    reach: tuple[float | None, float | None]
    last: tuple[str, str]
    title_next: bool


def page_chars(page) -> list[dict]:
    """A PDFium page's printed characters: ``text``, ``size`` (its font's size scaled as the page draws it, across
    its line whichever way it is turned), ``fontname``, ``x0``, ``x1``, and ``top`` and ``bottom`` in pt from the
    page's top (the font's loose box: its baseline's descent, up a size). A page of a key holds thousands, which
    PDFium reads some ten times faster than pdfplumber did."""
    import ctypes

    import pypdfium2.raw as raw

    height = page.get_height()
    textpage = page.get_textpage()
    name, flags, matrix = ctypes.create_string_buffer(128), ctypes.c_int(), raw.FS_MATRIX()
    found = []
    for k in range(textpage.count_chars()):
        text = chr(raw.FPDFText_GetUnicode(textpage.raw, k))
        if not text.strip() or text == "\ufffe":
            continue
        raw.FPDFText_GetFontInfo(textpage.raw, k, name, 128, ctypes.byref(flags))
        raw.FPDFText_GetMatrix(textpage.raw, k, ctypes.byref(matrix))  # the text's and the page's scale with it
        size = raw.FPDFText_GetFontSize(textpage.raw, k) * abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
        left, bottom, right, _ = textpage.get_charbox(k, loose=True)
        found.append({"text": text, "size": size, "fontname": name.value.decode(errors="replace"), "x0": left,
                      "x1": right, "top": height - bottom - size, "bottom": height - bottom})
    return found


def thin_rules(page) -> list[dict]:
    """A PDFium page's thin horizontal rules (a table's rules): ``x0``, ``x1``, ``top``, ``bottom`` in pt from the
    page's top, and ``black``: drawn in black (a table's head rule), not grey."""
    import ctypes

    import pypdfium2.raw as raw

    height = page.get_height()
    found = []
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_PATH,), max_depth=3):
        left, bottom, right, top = obj.get_bounds()
        if top - bottom >= 2 or right - left < 4:  # a stroke's bounds take in its width and mitred ends
            continue
        raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
        colours = []
        if fill.value and raw.FPDFPageObj_GetFillColor(obj.raw, *(ctypes.byref(v) for v in (r, g, b, a))):
            colours.append((r.value, g.value, b.value))
        if stroke.value and raw.FPDFPageObj_GetStrokeColor(obj.raw, *(ctypes.byref(v) for v in (r, g, b, a))):
            colours.append((r.value, g.value, b.value))
        if colours:
            found.append({"x0": left, "x1": right, "top": height - top, "bottom": height - bottom,
                          "black": (0, 0, 0) in colours})
    return found


def text_pages(data: bytes, top: float, foot: float, h1: float, heads: float, small: float,
               numbers: list[int] | None = None) -> list[TextPage]:
    """Each page of a document of flowing text, or the pages ``numbers`` (from 1) of one (read with PDFium):
    ``top`` and ``foot`` the text area's edges in pt from the page's top and bottom; a character of ``h1`` pt or more
    is a title, of ``heads`` pt or more a head; a table's head row is a line all in bold at ``small`` pt over a black
    rule. ``title_next``: the page after it (read too) opens with a title."""
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    try:
        count = len(document)
        numbers = list(numbers) if numbers is not None else list(range(1, count + 1))

        def titled(number: int) -> bool:
            if number > count:
                return False
            return any(c["size"] >= h1 - 0.05 for c in page_chars(document[number - 1]) if c["top"] < top + 40)

        pages = []
        for number in numbers:
            page = document[number - 1]
            width, height = page.get_width(), page.get_height()
            chars = [c for c in page_chars(page) if top - 1 <= c["top"] and c["bottom"] <= height - foot
                     and not ("Italic" in c["fontname"] and abs(c["size"] - small) < 0.3
                              and c["bottom"] > height - foot - 80)]  # the first page's credit line
            rules = thin_rules(page)
            columns: list[tuple[float | None, str]] = []
            for left, right in ((0, width / 2), (width / 2, width)):
                mine = [c for c in chars if left <= (c["x0"] + c["x1"]) / 2 < right]
                if not mine:
                    columns.append((None, "text"))
                    continue
                low = max(c["bottom"] for c in mine)
                line = [c for c in mine if abs(c["bottom"] - low) < 2]
                kind = "text"
                if max(c["size"] for c in line) >= heads - 0.05:
                    kind = "head"
                elif all("Bold" in c["fontname"] and abs(c["size"] - small) < 0.3 for c in line):
                    ruled = [r for r in rules if r["x0"] < right and r["x1"] > left]
                    under = [r for r in ruled if r["black"] and -2 <= r["top"] - low <= 6]
                    # a head rule with no row's rule beneath it (a table's rows left blank to write in have theirs)
                    if under and not any(r["top"] > under[0]["top"] + 3 for r in ruled):
                        kind = "head"
                columns.append(((low - top) / (height - top - foot), kind))
            pages.append(TextPage(number, (columns[0][0], columns[1][0]), (columns[0][1], columns[1][1]),
                                  titled(number + 1)))
        return pages
    finally:
        document.close()


def gamebook_sections(pdf: bytes, count: int, sections_page: Callable[[str], bool]) -> dict[int, str]:
    """Each section's text as a solo booklet's PDF holds it: the pages whose running head ``sections_page``
    takes for a page of sections, read column by column (gamebook/layout.py's columns), a section begun by
    its number standing alone on a line, in order, up to section ``count``."""
    import pypdfium2

    from printgen.gamebook import layout

    document = pypdfium2.PdfDocument(pdf)
    found: dict[int, list[str]] = {}
    current = 0
    try:
        for page in document:
            width, height = page.get_size()
            text = page.get_textpage()
            if not sections_page(text.get_text_bounded(0, height - layout.HEAD_RULE, width, height)):
                continue
            column_width = (width - 2 * layout.MARGIN - layout.COLUMN_GAP) / 2
            for column in range(2):
                left = layout.MARGIN + column * (column_width + layout.COLUMN_GAP)
                words = text.get_text_bounded(left - 1, layout.FOOT - 4, left + column_width + 1,
                                              height - layout.HEAD_RULE - 1)
                for line in words.replace("\r", "").split("\n"):
                    if line.strip() == str(current + 1) and current < count:
                        current += 1
                        found[current] = []
                    elif current:
                        found[current].append(line)
    finally:
        document.close()
    return {number: " ".join(lines) for number, lines in found.items()}


# Reading a page's drawing back, with the transformation and colours it is drawn under ---------------------

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m, n):
    """The matrix ``m`` then ``n`` (PDF's row-vector order: a ``cm`` operand times the matrix in force)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m, x, y):
    """The point (x, y) under the matrix ``m``."""
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


class Painted(NamedTuple):
    """One operator of a page's content and what is in force where it stands."""

    op: str
    operands: list
    ctm: tuple  # the transformation to page space
    fill: tuple | None  # the fill colour (rg, or g's one grey), rounded to 3 places
    stroke: tuple | None  # the stroke colour (RG, or G's one grey), rounded to 3 places
    width: float  # the line width (w)
    xobject: Any  # for Do: the XObject it places


def painting(page: Any) -> Iterator[Painted]:
    """Every operator of a pikepdf page, forms followed into (a form's own operators come after its Do)."""

    def walk(stream, resources, ctm):
        stack: list = []
        fill = stroke = None
        width = 1.0
        for operands, operator in pikepdf.parse_content_stream(stream):
            op = str(operator)
            if op == "q":
                stack.append((ctm, fill, stroke, width))
            elif op == "Q":
                ctm, fill, stroke, width = stack.pop()
            elif op == "cm":
                ctm = multiply(tuple(float(v) for v in operands), ctm)
            elif op in ("rg", "g"):
                fill = tuple(round(float(v), 3) for v in operands)
            elif op in ("RG", "G"):
                stroke = tuple(round(float(v), 3) for v in operands)
            elif op == "w":
                width = float(operands[0])
            xobject = resources.XObject[operands[0]] if op == "Do" else None
            yield Painted(op, list(operands), ctm, fill, stroke, width, xobject)
            if xobject is not None and xobject.Subtype == "/Form":
                matrix = multiply(tuple(float(v) for v in xobject.get("/Matrix", IDENTITY)), ctm)
                yield from walk(xobject, xobject.get("/Resources", resources), matrix)

    yield from walk(page, page.Resources, IDENTITY)


def section_misprints(text: str, ways: set[str], others: set[str], dice: set[str], dice_found: re.Pattern
                      ) -> dict[str, set[str]]:
    """Where a solo booklet's section as printed (``text``) and its events in the JSON disagree: the sections the
    events send the reader to (``ways``) and their other numbers (``others``) it does not print, their dice it
    does not print (the page's dice found by ``dice_found``), the sections it turns to that are not its ways.
    Empty where they agree."""
    printed = set(re.findall(r"(?<![\dd])\d+(?![\dd])", text))  # numbers standing alone, not a die's
    wrong = {"not printed": (ways | others) - printed, "dice not printed": dice - set(dice_found.findall(text)),
             "turns to": set(re.findall(r"turn (?:back )?to (\d+)", text)) - ways}
    return {what: found for what, found in wrong.items() if found}


def event_ways(event: dict) -> list[int]:
    """The sections an event of a solo booklet's JSON sends the reader to (``printgen schema solo``)."""
    kind = event["kind"]
    if kind == "go":
        ways = [event["to"]]
    elif kind in ("if-ticked", "if-not-ticked"):
        ways = [event["then"]]
    elif kind == "choose":
        ways = [option["to"] for option in event["options"]]
        ways += [option["failed"]["to"] for option in event["options"] if option["failed"]]
    elif kind in ("text", "tick", "end"):
        ways = []
    else:
        ways = list(event.get("to", {}).values())
    return [to for to in ways if isinstance(to, int)]

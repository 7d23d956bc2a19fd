"""Reading printgen PDFs back, for tests: sizes, fonts, metadata, drawn lines."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

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


def seed_code(product: str, system: str, seed: str, **options):
    """A seed code from Python keywords (per_page=2 is per-page=2; None leaves an option at its default)."""
    from printgen.seed import SeedCode

    given = {name.replace("_", "-"): value for name, value in options.items() if value is not None}
    return SeedCode.make(product, system, seed, given)

"""ReportLab canvases for products where geometry and volume dominate.

Every canvas is made here so that every PDF gets the same things: repeatable
bytes (``invariant``), embedded bundled fonts, the seed code in the metadata,
"print at actual size" as the viewer's default, and the seed-code footer.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..seed import SeedCode
from ..units import Paper, mm
from . import fonts

FOOTER_SIZE = 6.5  # pt: small, but legible on a home printer
FOOTER_BASELINE = mm(6)
INK = (0, 0, 0)
FOOTER_GREY = 0.35


@dataclass
class PdfDocument:
    """A ReportLab canvas writing into memory, with printgen's conventions."""

    canvas: Canvas
    buffer: io.BytesIO
    seed_code: SeedCode
    page_size: tuple[float, float]

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()


def new_document(
    seed_code: SeedCode,
    title: str,
    page_size: tuple[float, float],
    duplex: str | None = None,
) -> PdfDocument:
    """A canvas for ``page_size`` whose metadata carries ``seed_code``.

    ``duplex`` is a PDF viewer preference: "Simplex", "DuplexFlipLongEdge" or
    "DuplexFlipShortEdge".
    """
    fonts.register_reportlab_fonts()
    buffer = io.BytesIO()
    # initialFontName: otherwise every page names an unembedded Helvetica.
    canvas = Canvas(
        buffer, pagesize=page_size, invariant=1, pageCompression=1, initialFontName=fonts.SERIF, initialFontSize=10
    )
    canvas.setTitle(title)
    canvas.setSubject(str(seed_code))
    canvas.setAuthor("printgen")
    canvas.setCreator(f"printgen {__version__}")
    canvas.setKeywords(f"printgen; seed code {seed_code}")
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex:
        canvas.setViewerPreference("Duplex", duplex)
    return PdfDocument(canvas, buffer, seed_code, page_size)


def footer_text(seed_code: SeedCode, page: int, pages: int) -> str:
    return f"printgen · {seed_code} · page {page} of {pages}"


def draw_footer(doc: PdfDocument, page: int, pages: int, margin: float = mm(10)) -> None:
    """The seed code and page number, centred at the foot of the page."""
    c = doc.canvas
    c.saveState()
    c.setFillGray(FOOTER_GREY)
    c.setFont(fonts.MONO, FOOTER_SIZE)
    width = doc.page_size[0]
    text = footer_text(doc.seed_code, page, pages)
    # A very long seed would run off the page: shrink to fit between the margins.
    size = FOOTER_SIZE
    while size > 4 and fonts.string_width(text, fonts.MONO, size) > width - 2 * margin:
        size -= 0.25
    c.setFont(fonts.MONO, size)
    c.drawCentredString(width / 2, FOOTER_BASELINE, text)
    c.restoreState()


def render_pages(
    seed_code: SeedCode,
    title: str,
    paper: Paper,
    page_count: int,
    draw_page: Callable[[Canvas, int], None],
) -> bytes:
    """Draw ``page_count`` pages with ``draw_page(canvas, index)``, each with its footer."""
    doc = new_document(seed_code, title, paper.size)
    for index in range(page_count):
        draw_page(doc.canvas, index)
        draw_footer(doc, index + 1, page_count)
        doc.canvas.showPage()
    return doc.finish()

"""ReportLab canvases for products where geometry and volume dominate.

Every canvas is made here so that every PDF gets the same things: repeatable
bytes (``invariant``), embedded bundled fonts, the seed code in the metadata,
"print at actual size" as the viewer's default, and the seed-code footer.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from .. import __version__
from ..progress import Listener, count
from ..seed import SeedCode
from ..units import MIN_TEXT_PT, Paper, mm
from . import fonts, qr
from . import text as text_engine
from .determinism import fixed_date

FOOTER_SIZE = 6.5  # pt: small, but legible on a home printer
MIN_FOOTER_SIZE = MIN_TEXT_PT  # pt: no text printgen prints is smaller; a longer code breaks over two lines instead
FOOTER_BASELINE = mm(6)
FOOTER_LEADING = 1.25  # a two-line footer's baselines, apart by this many times its size
FOOTER_MARGIN = mm(10)  # the footer keeps this far from the page's sides
MOST_PAGES = 9999  # the page count the first page's QR allows for in the footer beside it
INK = (0, 0, 0)
FOOTER_GREY = 0.35


@dataclass
class PdfDocument:
    """A ReportLab canvas writing into memory, with printgen's conventions."""

    canvas: Canvas
    buffer: io.BytesIO
    seed_code: SeedCode
    page_size: tuple[float, float]
    title: str = ""

    def finish(self, listener: Listener | None = None) -> bytes:
        """The PDF's bytes; ``listener`` (the request's) hears it as a step of a long run (None: a part of
        others, not a step of its own)."""
        pages = self.canvas.getPageNumber() - 1
        self.canvas.save()
        if listener is not None and pages:
            listener.tell(f"drew {count(pages, 'page')}: {self.title}")
        return self.buffer.getvalue()


def new_document(
    seed_code: SeedCode,
    title: str,
    page_size: tuple[float, float],
    duplex: str | None = None,
    canvas_class: type[Canvas] = Canvas,
    compressed: bool = True,
) -> PdfDocument:
    """A canvas for ``page_size`` whose metadata carries ``seed_code``.

    ``duplex`` is a PDF viewer preference: "Simplex", "DuplexFlipLongEdge" or
    "DuplexFlipShortEdge". ``canvas_class``: a Canvas that draws differently
    (a print shop's CMYK one). ``compressed`` False: pages written plain, for a
    booklet's drawn part, whose streams compose reads and compresses as it
    writes the booklet (compressing them here as well took a tenth of a
    dungeon's time).
    """
    fonts.register_reportlab_fonts()
    buffer = io.BytesIO()
    # initialFontName: otherwise every page names an unembedded Helvetica.
    canvas = fixed_date(canvas_class(
        buffer, pagesize=page_size, invariant=1, pageCompression=int(compressed), initialFontName=fonts.SERIF,
        initialFontSize=10,
    ))
    canvas.setTitle(title)
    canvas.setSubject(str(seed_code))
    canvas.setAuthor("printgen")
    canvas.setCreator(f"printgen {__version__}")
    canvas.setKeywords(f"printgen; seed code {seed_code}")
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex:
        canvas.setViewerPreference("Duplex", duplex)
    return PdfDocument(canvas, buffer, seed_code, page_size, title)


def printed_code(seed_code: SeedCode) -> str:
    """The seed code as pages print it, for a person to read and type back: a seed's accents and spaces as
    typed, %-escaped only what the footer's typeface cannot draw (the QR and the metadata hold the code as
    printgen writes it)."""
    return seed_code.readable(lambda character: fonts.has(fonts.MONO, character))


def footer_text(seed_code: SeedCode, page: int, pages: int) -> str:
    return f"printgen · {printed_code(seed_code)} · page {page} of {pages}"


def footer_lines(seed_code: SeedCode, page: int, pages: int, width: float) -> tuple[float, list[str]]:
    """The footer's size and lines: one line if it fits at a legible size, else the code broken over two.

    A seed code is at most PRINTED_CODE_LENGTH characters (seed.py), so two
    lines at the smallest size always hold it: the code stays readable from
    the paper.
    """
    text = footer_text(seed_code, page, pages)
    for size in (FOOTER_SIZE, MIN_FOOTER_SIZE):
        if text_engine.measure(text, fonts.MONO, size) <= width:
            return size, [text]
    size = MIN_FOOTER_SIZE
    per_line = int(width // text_engine.measure("0", fonts.MONO, size))
    code = printed_code(seed_code)
    # Break where the code has a seam (an option or a part), as near the end of the first line as it can,
    # unless that would leave the second line too long.
    head, tail = f"printgen · {code}", f" · page {page} of {pages}"
    seam = max(head.rfind(",", 0, per_line), head.rfind(":", 0, per_line)) + 1
    cut = seam if seam > per_line // 2 and len(head) - seam + len(tail) <= per_line else per_line
    return size, [head[:cut], head[cut:] + tail]


def draw_footer(doc: PdfDocument, page: int, pages: int, margin: float = FOOTER_MARGIN) -> None:
    """The seed code and page number, centred at the foot of the page."""
    c = doc.canvas
    c.saveState()
    c.setFillGray(FOOTER_GREY)
    width = doc.page_size[0]
    size, lines = footer_lines(doc.seed_code, page, pages, width - 2 * margin)
    c.setFont(fonts.MONO, size)
    for index, line in enumerate(lines):  # top line first, so the code reads in order when copied
        c.drawCentredString(width / 2, FOOTER_BASELINE + (len(lines) - 1 - index) * size * FOOTER_LEADING, line)
    c.restoreState()


def first_page_qr(seed_code: SeedCode, page_size: tuple[float, float]) -> qr.Place:
    """Where a first page's QR goes unless the product says: the bottom right corner, lifted over the footer
    when the footer's lines, centred, would reach under it (a long code). The footer is measured as if the
    file had MOST_PAGES pages, so the place is known before the pages are counted."""
    spot = qr.place(page_size, str(seed_code))
    return qr.place(page_size, str(seed_code), above=clear_of_footer(seed_code, page_size, spot.x))


def clear_of_footer(seed_code: SeedCode, page_size: tuple[float, float], left: float) -> float:
    """How high a first page's square from ``left`` to the page's right must stand to keep clear of the
    footer: 0 if the footer's lines, centred, end before it, else a gap above their top."""
    width = page_size[0]
    size, lines = footer_lines(seed_code, 1, MOST_PAGES, width - 2 * FOOTER_MARGIN)
    widest = max(text_engine.measure(line, fonts.MONO, size) for line in lines)
    if width / 2 + widest / 2 + qr.GAP <= left:
        return 0.0
    return FOOTER_BASELINE + (len(lines) - 1) * size * FOOTER_LEADING + size * 0.75 + qr.GAP


def qr_room(seed_code: SeedCode, page_size: tuple[float, float]) -> float:
    """How far up from the foot of the first page its usual QR square reaches, with a gap above it: the room
    a first page keeps free all across its foot when it leaves the code its usual place."""
    spot = first_page_qr(seed_code, page_size)
    return spot.y + spot.side + qr.GAP


def draw_seed_qr(doc: PdfDocument, spot: qr.Place | None = None) -> None:
    """The seed code as a QR code, where the first page keeps room for it (first_page_qr unless the product
    says otherwise)."""
    qr.draw(doc.canvas, spot or first_page_qr(doc.seed_code, doc.page_size), str(doc.seed_code))


def render_pages(
    seed_code: SeedCode,
    title: str,
    paper: Paper,
    page_count: int,
    draw_page: Callable[[Canvas, int], None],
    qr_place: qr.Place | None = None,
    listener: Listener | None = None,
) -> bytes:
    """Draw ``page_count`` pages with ``draw_page(canvas, index)``, each with its footer, the first with
    the seed code's QR; ``listener`` hears the step."""
    doc = new_document(seed_code, title, paper.size)
    for index in range(page_count):
        draw_page(doc.canvas, index)
        draw_footer(doc, index + 1, page_count)
        if index == 0:
            draw_seed_qr(doc, qr_place)
        doc.canvas.showPage()
    return doc.finish(listener)

"""Multi-page ReportLab documents that mix drawn pages (maps, covers) with flowing text.

A story holds FullPage flowables (drawn in page coordinates, one page each)
and ordinary platypus flowables (paragraphs, tables) that flow over text
pages. Every page gets the seed-code footer with "page N of M": the story is
laid out once to count the pages, then again for real.
"""

from __future__ import annotations

import copy
import io
from typing import Callable

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from .. import __version__
from ..seed import SeedCode
from ..units import mm
from . import fonts
from .canvas import FOOTER_GREY, FOOTER_SIZE, FOOTER_BASELINE, footer_text

FULL = "full"
TEXT = "text"


class FullPage(Flowable):
    """A whole page drawn by ``draw(canvas, width, height)`` in page coordinates."""

    def __init__(self, draw: Callable[[Canvas, float, float], None]):
        super().__init__()
        self._draw_page = draw

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self):
        self._draw_page(self.canv, self.width, self.height)


def render_story(
    seed_code: SeedCode,
    title: str,
    page_size: tuple[float, float],
    story: list[Flowable],
    text_margins: tuple[float, float, float, float] = (mm(15), mm(15), mm(15), mm(18)),
) -> bytes:
    """Lay out ``story`` (FullPage pages first use the 'full' template; switch with NextPageTemplate)."""
    fonts.register_reportlab_fonts()
    pages = _build(seed_code, title, page_size, copy.deepcopy(story), text_margins, total=None)[1]
    data, counted = _build(seed_code, title, page_size, story, text_margins, total=pages)
    assert counted == pages
    return data


def _build(seed_code, title, page_size, story, margins, total):
    buffer = io.BytesIO()
    width, height = page_size
    left, right, top, bottom = margins
    page_count = [0]

    def on_page(canvas: Canvas, doc) -> None:
        page_count[0] += 1
        if page_count[0] == 1:
            canvas.setViewerPreference("PrintScaling", "None")
        if total is not None:
            canvas.saveState()
            canvas.setFillGray(FOOTER_GREY)
            canvas.setFont(fonts.MONO, FOOTER_SIZE)
            canvas.drawCentredString(width / 2, FOOTER_BASELINE, footer_text(seed_code, page_count[0], total))
            canvas.restoreState()

    doc = BaseDocTemplate(
        buffer,
        pagesize=page_size,
        title=title,
        subject=str(seed_code),
        author="printgen",
        creator=f"printgen {__version__}",
        keywords=f"printgen; seed code {seed_code}",
        invariant=1,
        pageCompression=1,
        initialFontName=fonts.SERIF,
        initialFontSize=10,
    )
    doc.addPageTemplates(
        [
            PageTemplate(FULL, [Frame(0, 0, width, height, 0, 0, 0, 0, id="full")], onPage=on_page),
            PageTemplate(
                TEXT,
                [Frame(left, bottom, width - left - right, height - top - bottom, 0, 0, 0, 0, id="text")],
                onPage=on_page,
            ),
        ]
    )
    doc.build(story)
    return buffer.getvalue(), page_count[0]

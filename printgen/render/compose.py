"""Composing a document from parts made by both engines, and finishing it.

A booklet is ReportLab pages (maps, cards, sheets) and WeasyPrint pages (text)
in one file. The parts are made without footers; ``compose`` joins them with
pikepdf, stamps the footer (product, seed code, "page N of M") once on every
page so both engines' pages agree, and writes printgen's metadata: the seed
code as the Subject, fixed dates, an ID derived from the content.
"""

from __future__ import annotations

import hashlib
import io
from typing import Sequence

import pikepdf

from .. import __version__
from ..seed import SeedCode
from .canvas import draw_footer, new_document

FOOTER_NAME = "/PGFooter"


def compose(parts: Sequence[bytes], code: SeedCode, title: str, footer: bool = True) -> bytes:
    """One PDF of every page of ``parts`` in order, with footers and metadata."""
    document = pikepdf.new()
    sources = [pikepdf.open(io.BytesIO(part)) for part in parts]
    for source in sources:
        document.pages.extend(source.pages)
    _share_font_files(document)
    if footer:
        _stamp_footers(document, code, title)
    _metadata(document, code, title)
    buffer = io.BytesIO()
    document.save(buffer, deterministic_id=True, compress_streams=True,
                  object_stream_mode=pikepdf.ObjectStreamMode.generate)
    for source in sources:
        source.close()
    return buffer.getvalue()


def page_size(page: pikepdf.Page) -> tuple[float, float]:
    x0, y0, x1, y1 = (float(v) for v in page.mediabox)
    return x1 - x0, y1 - y0


def _stamp_footers(document: pikepdf.Pdf, code: SeedCode, title: str) -> None:
    """Draw every footer with ReportLab on a page of the same size, then lay it over the page."""
    sizes = [page_size(page) for page in document.pages]
    overlay = new_document(code, title, sizes[0])
    for number, size in enumerate(sizes, 1):
        overlay.canvas.setPageSize(size)
        overlay.page_size = size
        draw_footer(overlay, number, len(sizes))
        overlay.canvas.showPage()
    footers = pikepdf.open(io.BytesIO(overlay.finish()))
    for page, stamp in zip(document.pages, footers.pages):
        # By hand, under a fixed name: pikepdf's add_overlay picks a random resource name.
        form = document.copy_foreign(stamp.as_form_xobject())
        # Pages may share one resource dictionary (WeasyPrint's do): each gets its own before its stamp goes in.
        resources = page.obj.get("/Resources", pikepdf.Dictionary())
        own = pikepdf.Dictionary({key: value for key, value in resources.items()})
        stamps = pikepdf.Dictionary({key: value for key, value in resources.get("/XObject", {}).items()})
        stamps[FOOTER_NAME] = form
        own.XObject = stamps
        page.obj.Resources = own
        page.contents_coalesce()
        page.contents_add(document.make_stream(b"q\n"), prepend=True)
        page.contents_add(document.make_stream(f"Q q {FOOTER_NAME} Do Q\n".encode()))


FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def _share_font_files(document: pikepdf.Pdf) -> None:
    """Keep one copy of each embedded font file: parts laid out separately (a booklet's text is made in
    two documents at once) embed the same whole faces, and each copy is some hundred kilobytes."""
    kept: dict[tuple[str, bytes], pikepdf.Object] = {}
    seen: set[tuple[int, int]] = set()

    def visit_resources(resources: pikepdf.Object) -> None:
        for font in resources.get("/Font", {}).values():
            for each in [font, *font.get("/DescendantFonts", [])]:
                descriptor = each.get("/FontDescriptor")
                if descriptor is None or descriptor.objgen in seen:
                    continue
                seen.add(descriptor.objgen)
                for key in FONT_FILES:
                    if key in descriptor:
                        data = descriptor[key].read_raw_bytes()
                        first = kept.setdefault((key, hashlib.sha256(data).digest()), descriptor[key])
                        descriptor[key] = first
        for xobject in resources.get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                visit_resources(xobject.Resources)

    for page in document.pages:
        visit_resources(page.obj.get("/Resources", pikepdf.Dictionary()))


def _metadata(document: pikepdf.Pdf, code: SeedCode, title: str) -> None:
    info = document.docinfo
    for key in list(info.keys()):
        del info[key]
    info["/Title"] = title
    info["/Subject"] = str(code)
    info["/Author"] = "printgen"
    info["/Creator"] = f"printgen {__version__}"
    info["/Producer"] = f"printgen {__version__}"
    info["/Keywords"] = f"printgen; seed code {code}"
    document.Root.ViewerPreferences = pikepdf.Dictionary(PrintScaling=pikepdf.Name("/None"))

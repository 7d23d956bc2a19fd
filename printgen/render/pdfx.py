"""Press PDFs: a CMYK canvas, and the marks that declare a file PDF/X-1a:2003.

PDF/X-1a asks for CMYK (or spot) colour only, every font embedded, no
transparency, a TrimBox on every page, the Trapped key, and an output intent
carrying the CMYK profile the file was made for. The canvas (``cmyk.py``)
takes care of the colour and ReportLab embeds every font; ``declare_pdfx``
adds the rest and checks what it declares.

The profile is printgen's own, made from the FOGRA39 characterisation data
(offset on coated paper, ISO 12647-2) in Debian's icc-profiles-free, under the
zlib licence (printgen/data/icc/LICENSE).
"""

from __future__ import annotations

import io

import pikepdf

from ..resources import resource_dir
from ..seed import SeedCode
from ..words import Words
from .canvas import PdfDocument, new_document
from .cmyk import PROFILE_FILE, CmykCanvas

PDFX_VERSION = "PDF/X-1a:2003"
OUTPUT_CONDITION = "FOGRA39"  # the characterisation the profile was made from, as color.org registers it


def press_document(seed_code: SeedCode, title: str, page_size: tuple[float, float]) -> PdfDocument:
    """A CMYK canvas with the metadata every printgen PDF carries."""
    return new_document(seed_code, title, page_size, canvas_class=CmykCanvas)


def declare_pdfx(phrasebooks: Words, pdf_bytes: bytes) -> bytes:
    """The file with its PDF/X-1a:2003 keys and CMYK output intent; every page must have its TrimBox."""
    say = phrasebooks.say_for(__package__)
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            if "/TrimBox" not in page.obj or "/BleedBox" not in page.obj:
                raise ValueError(f"page {number} has no TrimBox and BleedBox; a PDF/X page needs them")
        profile = pikepdf.Stream(pdf, (resource_dir("data") / "icc" / PROFILE_FILE).read_bytes())
        profile.N = 4
        pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent,
            S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
            RegistryName=pikepdf.String("http://www.color.org"),
            Info=pikepdf.String(say("pdfx.output-condition")),
            DestOutputProfile=profile,
        )])
        pdf.docinfo["/GTS_PDFXVersion"] = pikepdf.String(PDFX_VERSION)
        pdf.docinfo["/Trapped"] = pikepdf.Name("/False")
        buffer = io.BytesIO()
        pdf.save(buffer, deterministic_id=True, compress_streams=True)
    return buffer.getvalue()

"""Reading a printgen PDF's seed code back out of its metadata."""

from __future__ import annotations

from pathlib import Path

import pikepdf

from ..errors import PrintgenError
from ..seed import SeedCode


def read_seed_code(path: Path) -> SeedCode:
    try:
        with pikepdf.open(path) as pdf:
            subject = str(pdf.docinfo.get("/Subject", ""))
    except FileNotFoundError:
        raise PrintgenError(f"{path}: no such file; give a printgen PDF or a seed code") from None
    except (pikepdf.PdfError, OSError) as exc:
        raise PrintgenError(f"{path}: cannot read it as a PDF ({exc}); give a printgen PDF or a seed code") from None
    if not subject:
        raise PrintgenError(f"{path}: this PDF has no printgen seed code in its metadata")
    return SeedCode.parse(subject)

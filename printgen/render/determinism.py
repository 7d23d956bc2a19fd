"""The one place printgen's output is dated, so a seed code gives the same bytes anywhere.

ReportLab dates a document when it is begun, from SOURCE_DATE_EPOCH when that is set (as it is in many
build and packaging shells) and from a date of its own otherwise, and folds the date into the document's
ID. printgen neither sets nor reads the variable: every canvas it begins is given FIXED_EPOCH here
(``fixed_date``), explicitly, before anything is drawn, so neither the caller's environment nor the clock
reaches the bytes, and nothing a build does is left behind in the process. Fonts are embedded whole in
WeasyPrint pages (see html.py) and subset without a timestamp where printgen subsets them
(sheets/forms.py), so no font carries a date of its own.
"""

from __future__ import annotations

import time
from hashlib import md5
from typing import Any

# The printgen 0.1 release day (2025-11-21 UTC): every date inside a PDF.
FIXED_EPOCH = 1763683200


def fixed_date(canvas: Any) -> Any:
    """``canvas`` (a ReportLab canvas just begun) dated FIXED_EPOCH, its document ID seeded with that date,
    as ReportLab itself dates a document under SOURCE_DATE_EPOCH=FIXED_EPOCH."""
    document = canvas._doc
    stamp = document._timeStamp
    stamp.t = FIXED_EPOCH
    stamp.lt = time.gmtime(FIXED_EPOCH)
    stamp.YMDhms = tuple(stamp.lt)[:6]
    stamp.dhh = stamp.dmm = 0
    stamp.tzname = "UTC"
    document.signature = md5(usedforsecurity=False)
    document.signature.update(b"a reportlab document")
    document.signature.update(ascii(FIXED_EPOCH).encode("ascii"))
    return canvas

"""The one place printgen's output is pinned, so a seed code gives the same bytes anywhere.

ReportLab and fontTools stamp dates from ``SOURCE_DATE_EPOCH`` when it is set
(as it is in many build and packaging shells) and from the clock otherwise;
WeasyPrint's text pages depend on how fonts are subset. Every product is
built inside ``pinned()``, which fixes the epoch for the build and puts the
caller's value back afterwards, so nothing leaks into what runs next in the
same process. Fonts are embedded whole in WeasyPrint pages (see html.py), so
the bytes do not depend on which subsetter a machine has.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

# The printgen 0.1 release day (2025-11-21 UTC): every date inside a PDF.
FIXED_EPOCH = "1763683200"


@contextmanager
def pinned() -> Iterator[None]:
    saved = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = FIXED_EPOCH
    try:
        yield
    finally:
        if saved is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = saved

"""Reading a printgen file's seed code back: a PDF's metadata, or the comment of a zip of pictures.

The PDF may come from anyone: only a regular file of sensible size is
opened, and anything pikepdf cannot read is one clear line.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from ..errors import PrintgenError
from ..seed import SeedCode

MAX_PDF_BYTES = 512 * 1024 * 1024  # far more than any printgen file; a guard against a disk image passed by mistake


def _not_taken(what: str) -> PrintgenError:
    """``what`` a file is, and what reproduce takes instead."""
    return PrintgenError(f"{what}; reproduce takes a printgen PDF, a zip of its card images, a photo of its first "
                         f"page, or a seed code")


def read_seed_code(path: Path) -> SeedCode:
    import pikepdf

    try:
        if not path.exists():
            raise PrintgenError(f"{path}: no such file; give a printgen PDF or a seed code")
        if not path.is_file():
            raise PrintgenError(f"{path} is not a regular file; give a printgen PDF or a seed code")
        if path.stat().st_size > MAX_PDF_BYTES:
            raise PrintgenError(f"{path} is larger than any printgen PDF; give a printgen PDF or a seed code")
        if zipfile.is_zipfile(path):  # a print shop's card images: the seed code is the archive's comment
            return _zip_seed_code(path)
        with path.open("rb") as handle:
            head = handle.read(1024)
        if not head:
            raise _not_taken(f"{path} is empty")
        if b"%PDF-" not in head:
            raise _not_taken(f"{path} is not a PDF, zip or picture")
        with pikepdf.open(path) as pdf:
            subject = str(pdf.docinfo.get("/Subject", ""))
    except pikepdf.PasswordError:
        raise PrintgenError(f"{path} is encrypted; printgen's PDFs never are, so it was not made by printgen") from None
    except (pikepdf.PdfError, OSError):
        raise _not_taken(f"{path} is a damaged or cut-short PDF (was it still downloading?)") from None
    if not subject:
        raise PrintgenError(f"{path}: this PDF has no printgen seed code in its metadata")
    return SeedCode.parse(subject)


COMMENT_PREFIX = "printgen · "  # before the seed code in a zip's comment and a PNG's Comment text


def _zip_seed_code(path: Path) -> SeedCode:
    try:
        with zipfile.ZipFile(path) as archive:
            comment = archive.comment.decode("utf-8", errors="replace")
    except (zipfile.BadZipFile, OSError) as exc:
        raise PrintgenError(f"{path}: cannot read it as a zip ({exc}); give a printgen PDF or a seed code") from None
    if not comment.startswith(COMMENT_PREFIX):
        raise PrintgenError(f"{path}: this zip has no printgen seed code in its comment")
    return SeedCode.parse(comment[len(COMMENT_PREFIX):])

"""Pages as pictures: PDF pages rasterised to PNG at an exact pixel size, and packed in a zip.

Print shops that take images get one PNG a face. The same PDF gives the same
pixels (PDFium draws them), a PNG holds no date, and the zip's entries carry
one fixed date and come in the order given, so the zip is byte-identical for
the same seed code (with the same PDFium, Pillow and zlib: they draw and pack
the pixels).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from ..errors import Flag, PrintgenError

MAX_PIXELS = 2_000_000_000  # all the pictures of one run: some hundred pages at 300 ppi, not a disk's worth
PNG_LEVEL = 3  # zlib effort: half the time of the default for a tenth more bytes, on card faces
UNIX = 3  # the zip "made by" system: the same on every machine
ENTRY_DATE = (2025, 11, 21, 0, 0, 0)  # determinism.FIXED_EPOCH as a zip entry's date (zip dates have no time zone)


def check_pixels(sizes: list[tuple[int, int]], ppi: float, things: str) -> None:
    """Refuse pictures of these ``sizes`` (``things``: "pages", "cards") that are more pixels than one run writes."""
    if sum(width * height for width, height in sizes) > MAX_PIXELS:
        raise PrintgenError(f"{len(sizes)} {things} at {ppi:g} pixels an inch are more pixels than printgen writes at "
                            "once", right=("choose a lower ", Flag("ppi"), f" or fewer {things}"))


def png_pages(pdf_bytes: bytes, sizes: Iterable[tuple[int, int]], dpi: float | None,
              indexes: Iterable[int] | None = None, comment: str = "", grey: bool = False,
              level: int = PNG_LEVEL) -> Iterator[bytes]:
    """Each page (the first ones, or those of ``indexes``) as an RGB PNG (``grey``: a grey one, drawn so by
    PDFium) of exactly the size given for it, marked with its resolution where ``dpi`` is given (and
    ``comment`` as its Comment text, where given), compressed at zlib ``level``."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf_bytes)
    try:
        for index, (width, height) in zip(indexes if indexes is not None else range(len(document)), sizes):
            page = document[index]
            page_width, page_height = page.get_size()
            # Asked for a hair more than the exact scale, PDFium's rounding cannot come out a pixel short.
            scale = (width + 0.25) / page_width
            bitmap = page.render(scale=scale, crop=(0, 0, 0, 0), fill_color=(255, 255, 255, 255),
                                 draw_annots=False, **({"grayscale": True} if grey else {"rev_byteorder": True}))
            image = bitmap.to_pil().convert("L" if grey else "RGB")
            if image.size != (width, height):
                image = image.crop((0, 0, width, height))
            buffer = io.BytesIO()
            text = None
            if comment:
                from PIL.PngImagePlugin import PngInfo

                text = PngInfo()
                text.add_itxt("Comment", comment)
            marks = {"dpi": (round(dpi), round(dpi))} if dpi is not None else {}
            image.save(buffer, "PNG", compress_level=level, pnginfo=text, **marks)
            yield buffer.getvalue()
            page.close()
    finally:
        document.close()


def page_sizes(pdf_bytes: bytes) -> list[tuple[float, float]]:
    """Each page's width and height in points."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf_bytes)
    try:
        return [tuple(document[index].get_size()) for index in range(len(document))]
    finally:
        document.close()


def pixel_size(page_size: tuple[float, float], dpi: float) -> tuple[int, int]:
    """A page's size in whole pixels at ``dpi`` (points are 1/72 in)."""
    return round(page_size[0] * dpi / 72), round(page_size[1] * dpi / 72)


def page_pixel_sizes(pdf_bytes: bytes, dpi: float, pages: Iterable[int] | None = None) -> list[tuple[int, int]]:
    """Each page's (or each of ``pages``') size in whole pixels at ``dpi``."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf_bytes)
    try:
        indexes = list(range(len(document))) if pages is None else list(pages)
        return [pixel_size(document[index].get_size(), dpi) for index in indexes]
    finally:
        document.close()


def zip_files(files: Iterable[tuple[str, bytes]], comment: str = "", out: BinaryIO | None = None) -> bytes:
    """A zip of ``files`` (name, bytes) in the order given, every entry with the same date and mode; written
    into ``out`` as they come (a seekable file: the same bytes), or returned."""
    buffer = out if out is not None else io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files:
            entry = zipfile.ZipInfo(name, date_time=ENTRY_DATE)
            entry.create_system = UNIX
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_STORED  # PNGs are compressed already
            archive.writestr(entry, data)
        archive.comment = comment.encode("utf-8")
    return b"" if out is not None else buffer.getvalue()

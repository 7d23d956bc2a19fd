"""Reading a seed code from a photo or a scan of a printed printgen page.

The first page of every printgen PDF carries its seed code as a QR code, so
a phone photo of the page is enough for ``printgen reproduce photo.jpg``.
The picture comes from anyone: only a regular file of bounded size is read,
an image of more than MAX_PIXELS is refused before it is decoded (a
decompression bomb), and a truncated or unreadable file is one clear line.
The decoder is ZXing's (zxing-cpp), which finds a code turned any way, seen
at a slant, under uneven light, through JPEG's blur.
"""

from __future__ import annotations

from pathlib import Path

from .errors import PrintgenError
from .render.metadata import COMMENT_PREFIX
from .seed import SEED_CODE_PREFIX, SeedCode, code_in

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")
MAX_FILE_BYTES = 64 * 1024 * 1024  # a phone's largest photos are a fraction of this
MAX_PIXELS = 80_000_000  # a 200-megapixel camera's photo, not more
WORK_PIXELS = 16_000_000  # larger pictures are read at this size first: a page's code is large enough in it


def is_picture(path: Path) -> bool:
    return path.suffix.lower() in IMAGE_SUFFIXES


def read_seed_code(path: Path) -> SeedCode:
    """The printgen seed code in the picture at ``path``, or one clear line saying why there is none.

    A page printgen wrote as a PNG says its code in its Comment text; any other picture is read for its QR.
    """
    picture, comment = _open(path)
    if comment.startswith(COMMENT_PREFIX):
        return SeedCode.parse(comment[len(COMMENT_PREFIX):])
    texts = _decode(picture)
    codes = [code for code in map(_held_code, texts) if code is not None]
    if not codes:
        if texts:
            raise PrintgenError(f"{path}: the picture holds a code, but not a printgen seed code "
                                f"(it reads {texts[0][:40]!r}); photograph the first page of a printgen file")
        raise PrintgenError(f"{path}: no printgen QR code found in the picture; photograph the first page of a "
                            f"printgen file, its QR code whole, sharp and lit, filling a fifth of the frame or more")
    return SeedCode.parse(codes[0])


def _held_code(text: str) -> str | None:
    """The seed code a QR's text holds: a printed page's code, or a studio share link's."""
    try:
        code = code_in(text)
    except PrintgenError:
        return None
    return code if code.startswith(SEED_CODE_PREFIX) else None


def _open(path: Path):
    from PIL import Image, UnidentifiedImageError

    if not path.is_file():
        raise PrintgenError(f"{path}: no such file; give a photo of a printgen page, a printgen PDF or a seed code")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise PrintgenError(f"{path} is larger than {MAX_FILE_BYTES // 2**20} MiB; give a photo of a printgen page")
    try:
        with Image.open(path) as image:
            if image.width * image.height > MAX_PIXELS:
                raise PrintgenError(f"{path}: {image.width} × {image.height} pixels is more than a photo needs "
                                    f"(at most {MAX_PIXELS // 1_000_000} megapixels); give a smaller picture")
            if image.format == "JPEG" and not _ends_whole(path):
                raise OSError("the JPEG stops before its end marker")
            image.load()
            picture = image.convert("L")
            comment = str(image.info.get("Comment", ""))
    except PrintgenError:
        raise
    except Image.DecompressionBombError:
        raise PrintgenError(f"{path}: the picture claims more pixels than a photo has (a decompression bomb?); "
                            f"give a photo of at most {MAX_PIXELS // 1_000_000} megapixels") from None
    except UnidentifiedImageError:
        raise PrintgenError(f"{path}: not a picture printgen can read; give a JPEG, PNG or WebP photo") from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise PrintgenError(f"{path}: the picture is damaged or cut short ({' '.join(str(exc).split())}); "
                            f"take or send it again") from None
    return picture, comment


def _ends_whole(path: Path) -> bool:
    """Whether a JPEG file ends with its end-of-image marker, as a whole one does (padding aside)."""
    with path.open("rb") as file:
        file.seek(max(0, path.stat().st_size - 256))
        return b"\xff\xd9" in file.read()


def _decode(picture) -> list[str]:
    """Every code's text in the picture: read whole, then smaller, then with a global threshold."""
    import zxingcpp

    attempts = []
    if picture.width * picture.height > WORK_PIXELS:
        scale = (WORK_PIXELS / (picture.width * picture.height)) ** 0.5
        attempts.append(picture.resize((int(picture.width * scale), int(picture.height * scale))))
    attempts.append(picture)
    found: list[str] = []
    for image in attempts:
        for binarizer in (zxingcpp.Binarizer.LocalAverage, zxingcpp.Binarizer.GlobalHistogram):
            results = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode, binarizer=binarizer)
            found += [r.text for r in results if r.valid and r.text not in found]
            if any(text.startswith(SEED_CODE_PREFIX) for text in found):
                return found
    return found

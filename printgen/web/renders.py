"""Files and previews by seed code: checked here, made by the pool, kept in the cache, each made once.

Every seed code is read by ``products.request``, the function the command
line uses, so the studio takes exactly what ``printgen reproduce`` takes and
refuses the rest with the same one-line message, before any work is done;
the file it makes is ``products.build``'s, byte for byte. Requests for the
same file or page at the same time share one render.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from .. import __version__, products
from ..errors import PrintgenError
from ..seed import SeedCode
from ..sources import Sources
from .cache import ByteCache
from .pool import Pool
from .settings import Settings

CONTENT_TYPES = {"pdf": "application/pdf", "zip": "application/zip", "json": "application/json",
                 "png": "image/png"}
PAGED = ("pdf", "zip", "png")  # suffixes whose pages can be shown
URL_SAFE = ":,=~-_."  # a seed code's characters that stay as they are in a URL ('%' becomes %25)


def url_code(code: SeedCode | str) -> str:
    """A seed code as it goes in a URL path or query (its %-escapes escaped once more)."""
    return quote(str(code), safe=URL_SAFE)


@dataclass(frozen=True)
class Made:
    """A finished file and what the studio shows of it."""

    code: str  # canonical
    data: bytes
    suffix: str
    file_name: str
    pages: tuple[tuple[float, float], ...]  # each page's width and height (points; pixels for a zip of images)

    @property
    def content_type(self) -> str:
        return CONTENT_TYPES.get(self.suffix, "application/octet-stream")

    def describe(self, kept: bool = True) -> dict[str, Any]:
        """What the page shows of the file; ``kept``: whether the cache holds it (its pages can be shown)."""
        shown = {"code": self.code, "file_name": self.file_name, "content_type": self.content_type,
                 "bytes": len(self.data), "pages": [list(size) for size in self.pages],
                 "previewable": self.suffix in PAGED and kept}
        if self.suffix not in PAGED:
            shown["note"] = str(no_pages(self.suffix))
        elif not kept:
            shown["note"] = str(too_large(len(self.data)))
        return shown


def etag(*parts: object) -> str:
    """A strong ETag: the seed code decides the bytes, for one printgen release."""
    digest = hashlib.sha256("\0".join([__version__, *map(str, parts)]).encode("utf-8")).hexdigest()
    return f'"{digest[:32]}"'


class Renders:
    """The studio's files and previews by seed code: each checked here, made once by the worker pool (a second
    request for the same code waits for the first), and kept in a byte-capped cache."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.cache = ByteCache(settings.cache_bytes)
        self.pool = Pool(settings)
        self._running: dict[Hashable, Future] = {}
        self._lock = threading.Lock()

    def close(self) -> None:
        self.pool.close()

    # Reading codes: cheap, in the server's thread.

    def request(self, code: SeedCode | str) -> products.Request:
        """A seed code (any form, text or parsed) read and checked as the command line reads it."""
        parsed = SeedCode.parse(code) if isinstance(code, str) else code
        refuse_files(parsed)
        return products.request(parsed, Sources(templates=self.settings.templates))

    def file_name(self, request: products.Request, suffix: str) -> str:
        return f"{request.product.file_stem(request)}.{suffix}"

    # Making files and pages: in the pool, once, cached.

    def file(self, request: products.Request, first: tuple[tuple[int, int], ...] = ()) -> Made:
        """The file of a checked request; ``first``: pages (index, width) to draw in the same job."""
        code = str(request.code)
        made = self.cache.get(("file", code))
        if made is not None:
            return made

        def make() -> Made:
            done = self.cache.get(("file", code))  # made by another request just now
            if done is not None:
                return done
            answer = self.pool.run(("build", code, first))
            suffix = answer["suffix"]
            result = Made(code, answer["data"], suffix, self.file_name(request, suffix),
                          tuple(map(tuple, answer["pages"])))
            for (index, width), png in answer["previews"].items():
                self.cache.put(("page", code, index, width), png, len(png))
            self.cache.put(("file", code), result, len(result.data) + 64 * len(result.pages))
            return result

        return self._once(("file", code), make)

    def preview(self, request: products.Request, index: int, width: int) -> bytes:
        """Page ``index`` (from 0) of the file as a PNG ``width`` pixels wide."""
        code = str(request.code)
        key = ("page", code, index, width)
        png = self.cache.get(key)
        if png is not None:
            return png
        made = self.file(request, first=((index, width),))
        if made.suffix not in PAGED:
            raise no_pages(made.suffix)
        if not self.cache.keeps(len(made.data)):  # each page would make the whole file again
            raise too_large(len(made.data))
        if not 0 <= index < len(made.pages):
            raise PageMissing(f"this file has {len(made.pages)} page{'s' if len(made.pages) != 1 else ''}; "
                              f"there is no page {index + 1}")
        png = self.cache.get(key)  # drawn with the file when this request made it
        if png is not None:
            return png

        def draw() -> bytes:
            drawn = self.pool.run(("preview", made.data, made.suffix, index, width, made.pages[index]))
            self.cache.put(key, drawn, len(drawn))
            return drawn

        return self._once(key, draw)

    def read_upload(self, data: bytes, name: str) -> products.Request:
        """The request of an uploaded printgen PDF or zip, its code read in a worker (untrusted bytes)."""
        return self.request(self.pool.run(("read", data, name, self.settings.upload_pages)))

    def _once(self, key: Hashable, make: Callable[[], Any]) -> Any:
        with self._lock:
            running = self._running.get(key)
            if running is None:
                running = self._running[key] = Future()
                mine = True
            else:
                mine = False
        if not mine:
            return running.result()
        try:
            value = make()
        except BaseException as exc:
            running.set_exception(exc)
            raise
        finally:
            with self._lock:
                self._running.pop(key, None)
        running.set_result(value)
        return value


def no_pages(suffix: str) -> PrintgenError:
    return PrintgenError(f"a {suffix} file has no pages to show; its PDF has (leave out format=)")


def too_large(size: int) -> PrintgenError:
    return PrintgenError(f"this file is {size / 2**20:.0f} MiB, more than the studio keeps to show its pages; "
                         f"download it to see them (or make it smaller)")


class PageMissing(PrintgenError):
    """A page number past the file's last page (404)."""


def refuse_files(code: SeedCode) -> None:
    """The studio reads no file a request names (a custom deck's cards are a file on the maker's computer): its
    product says what it refuses."""
    product = products.all_products().get(code.product)
    refused = product.refused_by_studio(code.option_map) if product is not None else None
    if refused is not None:
        raise refused

"""The studio's worker processes: where files are made and pages are drawn, away from the server.

A worker is a process of its own, so a slow product never holds up the
page, a crash never reaches the server, and a render past its time or
memory limit is ended by ending the worker. Workers are forked from
multiprocessing's fork server, which loads this module first (``warm_up``):
each worker starts with WeasyPrint, ReportLab, pikepdf and PDFium loaded and
a first text page and map page made, so no request pays for that.

A job is a tuple sent down the worker's pipe with whether a core is spare (a
render's request may then make half a booklet in a forked child,
render/parallel.py);
the answer is ``("ok",
result)``, ``("refused", error)`` for a PrintgenError (the error itself, which
the server words for its reader), ``("too-large", cap)`` for a job that needed more
memory than the worker may hold (``cap_memory``), or ``("failed",
traceback)`` for anything else.
"""

from __future__ import annotations

import io
import os
import signal
import tempfile
import traceback
import zipfile
from pathlib import Path
from typing import Any

from .. import products
from ..errors import PrintgenError
from ..seed import SeedCode
from ..sources import Sources

PDF, ZIP, PNG = "pdf", "zip", "png"


def main(conn, templates: Path | None, memory: int | None = None, temp: str | None = None) -> None:
    """Answer jobs until the server closes the pipe; with ``memory``, never hold more than that many bytes;
    ``temp``: the temporary folder the pool removes when it ends this worker."""
    if temp is not None:
        tempfile.tempdir = temp
    os.setpgrp()  # its own process group: ending it ends any child it forked too, and Ctrl-C is the server's
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if memory is not None:
        cap_memory(memory)
    sources = Sources(templates=templates)  # the server's template folder: what every code may name
    while True:
        try:
            job, spare_core = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", run(job, sources, spare_core))
        except PrintgenError as exc:
            answer = ("refused", exc)  # whole: the server words it for its reader
        except MemoryError:
            answer = ("too-large", memory)
        except Exception:  # reported to the server, which logs it; the worker goes on
            # A library that could not have the memory it asked for fails in its own way: a failure at
            # the cap is the cap's.
            answer = ("too-large", memory) if at_cap(memory) else ("failed", traceback.format_exc())
        try:
            conn.send(answer)
        except (OSError, EOFError):
            return


CAP_ROOM = 1.25  # the hard cap stands this far above the studio's limit, which the server enforces first


def cap_memory(memory: int) -> None:
    """Let this process (and any child it forks) hold no more data than ``memory`` and a quarter: past that an
    allocation fails here, at once, rather than take the server's memory. The server ends a worker whose
    resident memory passes ``memory`` itself (pool.py); this cap holds between its looks."""
    import resource

    limit = int(memory * CAP_ROOM)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def at_cap(memory: int | None) -> bool:
    """Whether this process has reached its cap (its largest resident size or its data now)."""
    if memory is None:
        return False
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
        sizes = [int(fields[key].split()[0]) * 1024 for key in ("VmHWM", "VmData") if key in fields]
    except (OSError, ValueError):
        return False
    return any(size >= memory for size in sizes)


def run(job: tuple, sources: Sources = Sources(), spare_core: bool = True) -> Any:
    """A job's answer; ``sources``: where the files a code names are (the server's template folder);
    ``spare_core``: whether a render may make half a booklet on another core at once."""
    kind, *args = job
    if kind == "build":
        code, previews = args
        return build(code, previews, sources, spare_core)
    if kind == "preview":
        return preview(*args)
    if kind == "read":
        return read_code(*args)
    if kind == "deck":  # the "Your deck" page's cards and files (deck_work.py)
        from .deck_work import run as deck_job

        action, files, data, layout, options, extra = args
        return deck_job(action, files, data, layout, options, extra, spare_core)
    if kind == "ping":
        return os.getpid()
    raise ValueError(f"unknown job {kind!r}")


def build(code: str, previews: tuple[tuple[int, int], ...] = (), sources: Sources = Sources(),
          spare_core: bool = True) -> dict[str, Any]:
    """The file of ``code``, its suffix (pictures are one .png or a zip, as they come out), the size of each
    page, and the pages asked for at once, as (index, width): PNG."""
    request = products.request(SeedCode.parse(code), sources, spare_core)
    data = products.build(request)
    suffix = products.suffix(request, data)
    sizes = page_sizes(data, suffix)
    drawn = {(index, width): preview(data, suffix, index, width, sizes[index])
             for index, width in previews if 0 <= index < len(sizes)}
    return {"data": data, "suffix": suffix, "pages": sizes, "previews": drawn}


def page_sizes(data: bytes, suffix: str) -> list[tuple[float, float]]:
    """Each page's width and height: points for a PDF, pixels for a zip of images; none for data."""
    if suffix == PDF:
        from ..render import raster

        return raster.page_sizes(data)
    if suffix == ZIP:
        from PIL import Image

        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            sizes = []
            for name in pictures_in(archive):
                with Image.open(archive.open(name)) as image:
                    sizes.append(image.size)
            return sizes
    if suffix == PNG:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as image:
            return [image.size]
    return []


def preview(data: bytes, suffix: str, index: int, width: int, size: tuple[float, float] | None = None) -> bytes:
    """Page ``index`` (from 0) as a PNG ``width`` pixels wide, of the page's own proportions."""
    if suffix == PDF:
        from ..render import raster

        if size is None:
            size = page_sizes(data, suffix)[index]
        height = max(1, round(width * size[1] / size[0]))
        return next(raster.png_pages(data, [(width, height)], width * 72 / size[0], [index]))
    from PIL import Image

    if suffix == PNG:
        picture = Image.open(io.BytesIO(data))
    else:
        archive = zipfile.ZipFile(io.BytesIO(data))
        picture = Image.open(archive.open(pictures_in(archive)[index]))
    with picture as image:
        height = max(1, round(width * image.height / image.width))
        shown = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
        buffer = io.BytesIO()
        shown.save(buffer, "PNG", compress_level=3)
        return buffer.getvalue()


def pictures_in(archive: zipfile.ZipFile) -> list[str]:
    """The pictures of a zip of images, in its order (a print shop's zip also holds its manifest.csv)."""
    return [name for name in archive.namelist() if name.lower().endswith(".png")]


def read_code(upload: bytes, name: str, max_pages: int) -> str:
    """The seed code of an uploaded printgen PDF or zip, read as ``printgen reproduce FILE`` reads it."""
    from ..render.metadata import read_seed_code

    shown = Path(name).name or "the file"
    with tempfile.TemporaryDirectory(prefix="printgen-upload-") as folder:
        path = Path(folder) / ("upload.zip" if upload[:4] == b"PK\x03\x04" else "upload.pdf")
        path.write_bytes(upload)
        try:
            pages = _page_count(path)
            if pages > max_pages:
                raise PrintgenError(f"{shown} has {pages} pages; the studio reads files of at most {max_pages} "
                                    f"(printgen reproduce FILE reads any)")
            return str(read_seed_code(path))
        except PrintgenError as exc:
            raise PrintgenError(str(exc).replace(str(path), shown)) from None


def _page_count(path: Path) -> int:
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            return len(archive.infolist())
    import pikepdf

    try:
        with pikepdf.open(path) as pdf:
            return len(pdf.pages)
    except (pikepdf.PdfError, OSError):
        return 0  # read_seed_code says what is wrong with it


def warm_up() -> None:
    """Load the libraries and make one text page and one drawn page, so that the first request need not."""
    from .. import games
    from ..render import html

    html.load()
    import pikepdf  # noqa: F401
    import pypdfium2  # noqa: F401
    from PIL import Image  # noqa: F401

    for product in products.all_products().values():  # each game's modules, checked against their contracts
        for game in games.games().values():
            if product.offers(game):
                products.game_module(game, product.name)
    for name in ("reference", "graph-paper"):  # a page of text and a drawn page, made once
        made = products.all_products().get(name)
        if made is None or not made.systems():
            continue
        try:
            data = products.build(SeedCode(name, made.systems()[0], "warm-up"))
            preview(data, PDF, 0, 200)
        except Exception:  # a warm-up only: the same failure, if real, is reported on the request that meets it
            pass

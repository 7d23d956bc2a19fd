"""The "Your deck" page's work, done in a studio worker (worker.py hands it "deck" jobs): cards as pictures,
and the deck's files.

A job carries the deck's files (the data, the layout as edited, pictures and fonts) as bytes. They are
written into a folder of the job's own, readable by this process alone, and the folder is removed when the
job ends, whatever happens: nothing the designer sent outlives the job. The deck is read from that folder
exactly as the command line reads it in its working folder (the request's sources name the folder: the
process's own working folder is left as it is), through the product registry (products.typed, request,
build) and the same card modules, so every refusal is the command line's, word for word, with the folder's
name left out.

- ``cards``: the distinct cards asked for (by their place in the deck file's rows), each drawn alone on a
  page of its size, in a draft (a text that does not fit outlined in red, a picture that cannot be read
  crossed), and each page as a PNG; with each card what is wrong with it, and the deck's warnings.
- ``file``: the file the command line makes of the same files and options, byte for byte, and its seed code
  (``printgen deck custom --data ... --card-layout ...`` run in the folder).
- ``rebuild``: a zip of the files with a note saying how to make the deck again, or reproduce it by its code.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import PrintgenError
from ..sources import Sources

REBUILD_NOTE = "how-to-rebuild.txt"


def run(action: str, files: dict[str, bytes], data: str, layout: str, options: dict[str, str],
        extra: dict[str, Any], spare_core: bool = True) -> Any:
    with _folder(files) as root:
        try:
            if action == "cards":
                return cards(root, data, layout, options, extra["cards"], extra["width"])
            if action == "file":
                return made_file(root, data, layout, options, extra["seed"], spare_core)
            if action == "rebuild":
                return rebuild(root, files, data, layout, options, extra["seed"])
        except PrintgenError as exc:
            raise PrintgenError(str(exc).replace(f"{root}{os.sep}", "").replace(str(root), "the deck's folder")) \
                from None
    raise ValueError(f"unknown deck job {action!r}")


@contextlib.contextmanager
def _folder(files: dict[str, bytes]) -> Iterator[Path]:
    """The files written into a folder of their own (this process's alone, named by it), removed when the job
    ends."""
    with tempfile.TemporaryDirectory(prefix=f"printgen-deck-{os.getpid()}-") as name:
        root = Path(name)
        for key, content in files.items():
            path = root.joinpath(*PurePosixPath(key).parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        yield root


# Cards as pictures ---------------------------------------------------------------------------------------

def cards(root: Path, data: str, layout: str, options: dict[str, str], wanted: list[int], width: int
          ) -> dict[str, Any]:
    """The cards ``wanted`` (their places among the deck's distinct cards) as PNGs ``width`` pixels wide: the
    deck product's drafts of them, read from the deck's folder."""
    from ..products import deck

    return deck.draft_cards(Sources(base=root), data, layout, options, wanted, width)


# Files ---------------------------------------------------------------------------------------------------

def _request(root: Path, data: str, layout: str, options: dict[str, str], seed: str, spare_core: bool = True):
    """The request of the command line ``printgen deck custom --data DATA --card-layout LAYOUT ...`` run in the
    deck's folder ``root``: its code made and read once, its files read from that folder."""
    from .. import products
    from ..products.typed import code_from

    given: dict[str, Any] = {"deck": "custom", "data": data, "card-layout": layout}
    for name, value in options.items():
        if value not in (None, "", "no"):
            given[name] = True if value == "yes" else value
    code, sources = code_from(products.all_products()["deck"], given, seed, Sources(base=root))
    return products.request(code, sources, spare_core)


def made_file(root: Path, data: str, layout: str, options: dict[str, str], seed: str, spare_core: bool = True
              ) -> dict:
    """The deck's file, as the command line makes it in the deck's folder, with its name and seed code."""
    from .. import products

    request = _request(root, data, layout, options, seed, spare_core)
    made = products.build(request)
    suffix = products.suffix(request, made)
    return {"data": made, "code": str(request.code), "suffix": suffix,
            "name": f"{request.product.file_stem(request)}.{suffix}"}


def rebuild(root: Path, files: dict[str, bytes], data: str, layout: str, options: dict[str, str], seed: str) -> dict:
    """A zip of the deck's files and a note saying how to make it again: the command line, and its seed code."""
    request = _request(root, data, layout, options, seed)
    say = request.words.say_for(__package__)
    code = request.code
    typed = " ".join(f"--{name} {_quoted(value)}" if value != "yes" else f"--{name}"
                     for name, value in options.items() if value not in (None, "", "no"))
    note = say("deck-page.rebuild-note", data=_quoted(data), layout=_quoted(layout), seed=_quoted(seed),
               options=typed, code=_quoted(str(code)))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for key in sorted(files):
            info = zipfile.ZipInfo(key, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[key])
        info = zipfile.ZipInfo(REBUILD_NOTE, date_time=(1980, 1, 1, 0, 0, 0))
        archive.writestr(info, note)
        archive.comment = f"printgen seed code: {code}".encode()
    stem = PurePosixPath(data).stem or "deck"
    return {"data": buffer.getvalue(), "code": str(code), "suffix": "zip", "name": f"{stem}-files.zip"}


def _quoted(text: str) -> str:
    import shlex

    return shlex.quote(text)

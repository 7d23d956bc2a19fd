"""The "Your deck" page's work, done in a studio worker (worker.py hands it "deck" jobs): cards as pictures,
and the deck's files.

A job carries the deck's files (the data, the layout as edited, pictures and fonts) as bytes. They are
written into a folder of the job's own, readable by this process alone, and the folder is removed when the
job ends, whatever happens: nothing the designer sent outlives the job. Inside it the deck is read exactly
as the command line reads it (cards/custom.py, card_design.py, user_files.py, pictures.py), so every
refusal is the command line's, word for word, with the folder's name left out.

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

PREVIEW_MAX_CARDS = 60  # cards drawn in one job: a page asks for what it shows, a few dozen at a time
PREVIEW_PNG_LEVEL = 1  # zlib level of the cards' PNGs: sent once, at once
REBUILD_NOTE = "how-to-rebuild.txt"


def run(action: str, files: dict[str, bytes], data: str, layout: str, options: dict[str, str],
        extra: dict[str, Any]) -> Any:
    with _folder(files) as root:
        try:
            if action == "cards":
                return cards(root, data, layout, options, extra["cards"], extra["width"])
            if action == "file":
                return made_file(root, data, layout, options, extra["seed"])
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


@contextlib.contextmanager
def _inside(root: Path) -> Iterator[None]:
    """Run in ``root``, as the designer runs the command line in the deck's folder (a worker does one job at
    a time, so the working folder is its own)."""
    before = os.getcwd()
    os.chdir(root)
    try:
        yield
    finally:
        os.chdir(before)


# Cards as pictures ---------------------------------------------------------------------------------------

def cards(root: Path, data: str, layout: str, options: dict[str, str], wanted: list[int], width: int
          ) -> dict[str, Any]:
    """The cards ``wanted`` (their places among the deck's distinct cards) as PNGs ``width`` pixels wide."""
    from reportlab.pdfgen.canvas import Canvas

    from ..cards import any_size, card_design, custom
    from ..cards.reading import Reading, canonical
    from ..cards.render import index_text
    from ..cards.user_files import Folder
    from ..render import fonts, raster

    with _inside(root):
        data_path = Path(data)
        folder = Folder(data_path.parent)
        design = card_design.load(card_design.located(layout, Path()), folder)  # its path in the deck's folder
        rows = options.get("rows") or None
        reading = Reading(None, options.get("title") or None, canonical(rows) if rows else None)
        deck: Any = custom.load_layout_deck(data_path, None, design, reading, folder)
        if options.get("ink-saver") == "yes":
            deck = deck.with_ink_saver()
        size = any_size.card_size(any_size.canonical(options.get("card-size") or "poker"))
        deck.design.draft = True
        total = len(deck.printed_cards())
        first = []  # each distinct card's number in the printed deck (its first copy's)
        number = 1
        for card in deck.cards:
            first.append(number)
            number += card.count
        shown = [index for index in wanted if 0 <= index < len(deck.cards)][:PREVIEW_MAX_CARDS]
        fonts.register_reportlab_fonts()
        buffer = io.BytesIO()
        canvas = Canvas(buffer, pagesize=(size.width, size.height), invariant=1, initialFontName=fonts.SERIF)
        prepared, problems = {}, {}
        for index in shown:
            before = set(deck.design.problems)
            prepared[index] = deck.design.prepare(deck.cards[index], deck, size)
            problems[index] = [problem for problem in deck.design.problems if problem not in before]
        for index in shown:
            deck.design.draw(canvas, prepared[index], deck, 0.0, index_text(deck, first[index], total))
            canvas.showPage()
        found: list[dict[str, Any]] = [
            {"index": index, "title": deck.cards[index].title, "count": deck.cards[index].count,
             "source": deck.cards[index].source.replace(f"{data}: ", ""), "problems": problems[index]}
            for index in shown]
        if shown:
            canvas.save()
            height = max(1, round(width * size.height / size.width))
            pages = raster.png_pages(buffer.getvalue(), [(width, height)] * len(shown), None, level=PREVIEW_PNG_LEVEL)
            for entry, png in zip(found, pages):
                entry["png"] = png
        return {"total": len(deck.cards), "printed": total, "title": deck.title, "size": size.label,
                "cards": found, "notes": list(deck.design.notes)}


# Files ---------------------------------------------------------------------------------------------------

def _code(data: str, layout: str, options: dict[str, str], seed: str):
    """The seed code of the command line ``printgen deck custom --data DATA --card-layout LAYOUT ...``."""
    from .. import products
    from ..products.typed import code_from

    given: dict[str, Any] = {"deck": "custom", "data": data, "card-layout": layout}
    for name, value in options.items():
        if value not in (None, "", "no"):
            given[name] = True if value == "yes" else value
    return code_from(products.all_products()["deck"], given, seed)


def made_file(root: Path, data: str, layout: str, options: dict[str, str], seed: str) -> dict:
    """The deck's file, as the command line makes it in the deck's folder, with its name and seed code."""
    from .. import products

    with _inside(root):
        code = _code(data, layout, options, seed)
        request = products.request(code)
        made = products.build(request.code)
        suffix = products.suffix(request, made)
        return {"data": made, "code": str(request.code), "suffix": suffix,
                "name": f"{request.product.file_stem(request)}.{suffix}"}


def rebuild(root: Path, files: dict[str, bytes], data: str, layout: str, options: dict[str, str], seed: str) -> dict:
    """A zip of the deck's files and a note saying how to make it again: the command line, and its seed code."""
    from .. import products
    from ..words import say_for

    say = say_for(__package__)
    with _inside(root):
        code = products.request(_code(data, layout, options, seed)).code
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

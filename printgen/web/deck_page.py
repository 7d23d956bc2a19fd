"""The studio's "Your deck" page (/deck): a deck of the designer's own, designed with a live preview.

The designer gives a zip of the deck's folder (deck file, layout, pictures, fonts) or pastes a deck file and a
layout. The page shows every card as a picture, drawn as a draft (a text that does not fit is outlined in red,
with what is wrong listed under the card), and draws the cards again as the layout or the deck file is edited;
it downloads the file to print at home, the print shops' files, and a zip of the files to make the deck again.

Its JSON, under /deck/api/:

    POST open         a zip (form field "file") or {"data", "kind": "csv"|"yaml", "layout"}: a session (its files
                      are held in memory, deck_store.py) and the texts of its deck file and layout
    POST example      the same, of the example deck that comes with the templates
    POST cards        {"session", "data", "layout", "data_text", "layout_text", "options", "cards": [n, ...],
                      "width"}: those cards as PNGs (base64) with their problems, and the deck's warnings
    POST file         the same and "kind" (pdf, print-shop, drivethrucards, thegamecrafter, makeplayingcards,
                      rebuild): the file, named as the command line names it, its seed code in
                      X-Printgen-Seed-Code
    POST close        {"session"}: the session's files forgotten at once

Every refusal is one line: the command line's own (the deck is read in a worker by the command line's code)
or the page's, as JSON {"error": ...} with 400, 404 (a session that ended), 413 or 503.
"""

from __future__ import annotations

import base64
import io
import json
import zipfile
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from ..errors import PrintgenError
from ..products.deck import CARD_SIZES
from ..resources import templates_dir
from ..seed import random_seed
from ..units import PAPERS
from . import deck_files
from .deck_store import DeckStore, SessionMissing, StoreFull
from .files import content_disposition
from .pool import RenderError

blueprint = Blueprint("deck_page", __name__)

KINDS = {  # a download: the options that make it
    "pdf": {},
    "print-shop": {"layout": "print-shop"},
    "drivethrucards": {"vendor": "drivethrucards"},
    "thegamecrafter": {"vendor": "thegamecrafter"},
    "makeplayingcards": {"vendor": "makeplayingcards"},
}
SHEETS_ONLY = ("paper", "duplex", "deck-card")  # choices of sheets to print at home
OPTIONS = ("card-size", "paper", "duplex", "deck-card", "title", "rows", "ink-saver", "draft", "seed")  # its choices
MAX_OPTION = 200  # characters in one choice's value
MIN_WIDTH, MAX_WIDTH = 80, 800  # a card's picture, in pixels
MAX_TEXT = deck_files.MAX_UNPACKED
# The paste form starts from a deck that draws: three cards in printgen's own look, changed by name, as a deck
# file of either kind (printgen/web/examples/).
EXAMPLES = Path(__file__).parent / "examples"
PASTE = {kind: (EXAMPLES / name).read_text(encoding="utf-8")
         for kind, name in (("csv", "deck.csv"), ("yaml", "deck.yaml"), ("layout", "layout.yaml"))}


def store() -> DeckStore:
    app = current_app
    if "printgen.decks" not in app.extensions:
        app.extensions["printgen.decks"] = DeckStore()
    return app.extensions["printgen.decks"]


def _renders():
    return current_app.extensions["printgen.renders"]


@blueprint.get("/deck")
def page():
    boot = {"sizes": list(CARD_SIZES), "papers": list(PAPERS), "kinds": list(KINDS), "seed": random_seed(),
            "limits": {"upload": deck_files.MAX_UPLOAD, "files": deck_files.MAX_ENTRIES}, "paste": PASTE}
    return render_template("deck.html", boot=json.dumps(boot).replace("</", "<\\/"),
                           upload_mib=deck_files.MAX_UPLOAD // deck_files.MiB, paste=PASTE)


@blueprint.post("/deck/api/open")
def open_deck():
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        data = upload.read(deck_files.MAX_UPLOAD + 1)
        files = deck_files.from_zip(data, upload.filename)
    else:
        form = _form()
        files = deck_files.pasted(_text(form, "data"), str(form.get("kind") or "csv"), _text(form, "layout"))
    return _opened(files)


def _opened(files: deck_files.DeckFiles):
    seed = random_seed()
    name = store().open(files, seed)
    return jsonify({"session": name, "seed": seed, "data": files.data, "layout": files.layout,
                    "data_choices": files.data_choices, "layout_choices": files.layout_choices,
                    "data_text": files.text(files.data), "layout_text": files.text(files.layout),
                    "texts": {name: files.text(name) for name in files.data_choices + files.layout_choices},
                    "files": sorted(files.files)})


@blueprint.post("/deck/api/example")
def example():
    """The example deck that comes with the templates (templates/cards/example), as if its folder were given."""
    folder = templates_dir() / "cards" / "example"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(folder).as_posix())
    return _opened(deck_files.from_zip(buffer.getvalue(), "the example"))


@blueprint.post("/deck/api/cards")
def cards():
    form = _form()
    files, options = _deck(form)
    wanted = form.get("cards")
    if not isinstance(wanted, list) or not all(isinstance(n, int) for n in wanted) or len(wanted) > 200:
        raise PrintgenError("cards: give a list of the cards' places in the deck (0, 1, 2, ...)")
    width = form.get("width", 240)
    if not isinstance(width, int) or not MIN_WIDTH <= width <= MAX_WIDTH:
        raise PrintgenError(f"width: give a whole number of pixels from {MIN_WIDTH} to {MAX_WIDTH}")
    answer = _renders().pool.run(("deck", "cards", files.files, files.data, files.layout, options,
                                  {"cards": wanted, "width": width}))
    for card in answer["cards"]:
        card["png"] = "data:image/png;base64," + base64.b64encode(card.pop("png", b"")).decode()
    response = jsonify(answer)
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.post("/deck/api/file")
def file():
    form = _form()
    files, options = _deck(form)
    kind = form.get("kind")
    seed = options.pop("seed", "") or store().get(str(form.get("session"))).seed
    if kind == "rebuild":
        made = _renders().pool.run(("deck", "rebuild", files.files, files.data, files.layout, options,
                                    {"seed": seed}))
    elif kind in KINDS:
        if kind != "pdf":  # one card a page for a print shop: no paper, backs or deck card to choose
            options = {name: value for name, value in options.items() if name not in SHEETS_ONLY}
        made = _renders().pool.run(("deck", "file", files.files, files.data, files.layout,
                                    {**options, **KINDS[kind]}, {"seed": seed}))
    else:
        raise PrintgenError(f"kind: give one of {', '.join([*KINDS, 'rebuild'])}")
    content_type = {"pdf": "application/pdf", "zip": "application/zip"}.get(made["suffix"], "application/octet-stream")
    response = Response(made["data"], content_type=content_type)
    response.headers["Content-Disposition"] = content_disposition(made["name"])
    response.headers["X-Printgen-Seed-Code"] = made["code"]
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.post("/deck/api/close")
def close():
    form = _form()
    store().close(str(form.get("session", "")))
    return Response(status=204)


def _form() -> dict[str, Any]:
    form = request.get_json(silent=True, force=True)
    if not isinstance(form, dict):
        raise PrintgenError("send a JSON object")
    return form


def _text(form: dict[str, Any], key: str) -> str:
    value = form.get(key)
    if not isinstance(value, str):
        raise PrintgenError(f"{key}: give text")
    if len(value) > MAX_TEXT:
        raise PrintgenError(f"{key}: longer than the studio takes")
    return value


def _deck(form: dict[str, Any]) -> tuple[deck_files.DeckFiles, dict[str, str]]:
    """The session's files as edited on the page, and the choices made there (checked by the worker, as the
    command line checks them)."""
    session = store().get(str(form.get("session", "")))
    texts = {key: form.get(key) for key in ("data_text", "layout_text")}
    for key, value in texts.items():
        if value is not None and not isinstance(value, str):
            raise PrintgenError(f"{key}: give text")
    files = deck_files.with_edits(session.files, str(form.get("data") or session.files.data),
                                  str(form.get("layout") or session.files.layout), texts["data_text"],
                                  texts["layout_text"])
    given = form.get("options") or {}
    if not isinstance(given, dict):
        raise PrintgenError("options: give an object of choices")
    options = {}
    for name, value in given.items():
        if name not in OPTIONS:
            raise PrintgenError(f"options: no choice {name!r} on this page; its choices are {', '.join(OPTIONS)}")
        if value is None or value is False or value == "":
            continue
        text = "yes" if value is True else str(value)
        if len(text) > MAX_OPTION:
            raise PrintgenError(f"options: {name} is longer than {MAX_OPTION} characters")
        options[name] = text
    return files, options


@blueprint.errorhandler(PrintgenError)
def refused(exc: PrintgenError):
    status = {SessionMissing: 404, StoreFull: 503, UploadTooLargeError: 413}.get(type(exc), 400)
    response = jsonify({"error": " ".join(str(exc).split())})
    response.status_code = status
    return response


@blueprint.errorhandler(RenderError)
def not_made(exc: RenderError):
    response = jsonify({"error": " ".join(str(exc).split())})
    response.status_code = exc.status
    if exc.retry_after:
        response.headers["Retry-After"] = str(exc.retry_after)
    return response


class UploadTooLargeError(PrintgenError):
    """An upload past the studio's size for a deck (413)."""


@blueprint.errorhandler(413)
def too_large(exc):
    return refused(UploadTooLargeError(f"the upload is larger than the studio's {deck_files.MAX_UPLOAD // deck_files.MiB} MiB "
                            f"for a deck; make its pictures smaller, or make the deck with the command line"))

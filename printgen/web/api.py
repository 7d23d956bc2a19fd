"""The studio's JSON: the catalogue (/api/products), and what the page asks as a person changes the form.

/api/products is part of the HTTP contract (the catalogue as data: games,
products, options with choices, ranges and defaults). The rest serve the
studio's own page: the seed code of the form (/api/code), what the Open box
or an uploaded file names (/api/open), what a finished file holds
(/api/file/<code>) and a fresh seed (/api/seed). Their refusals are in the
page's words, naming the field they are about (app.py: each refusal's own option, said as its field).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, jsonify, request

from .. import FORMAT_VERSION, __version__, games, products
from .. import seed as seeds
from ..errors import Flag, PrintgenError, typed
from ..seed import random_seed
from . import forms
from .context import renders, share_link, uploaded
from .renders import url_code

blueprint = Blueprint("api", __name__, url_prefix="/api")


def catalogue(flag: Callable[[Flag], str] = typed) -> dict:
    """The catalogue: games, products, and each product's options for each game (the HTTP contract, in the
    command line's words; ``flag``: how the studio's page names an option in a help text)."""
    return {
        "printgen": __version__,
        "format_version": FORMAT_VERSION,
        "games": [{"id": g.id, "title": g.title, "credit": g.credit, "summary": g.summary}
                  for g in games.games().values()],
        "products": products.catalogue(flag),
    }


@blueprint.get("/products")
def product_catalogue():
    return jsonify(catalogue())


@blueprint.get("/seed")
def seed():
    response = jsonify({"seed": random_seed()})
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.post("/code")
def code():
    """The seed code of the form, checked; its share link, QR, downloads and every option's value."""
    form = request.get_json(silent=True)
    if not isinstance(form, dict):
        raise PrintgenError("send the form as a JSON object: product, system, seed, options")
    settings = renders().settings
    checked = renders().request(forms.code_for(form, settings.templates))
    return jsonify(describe(checked))


def describe(checked: products.Request) -> dict:
    code = str(checked.code)
    shown = checked
    if checked.product.suffix(checked) == "json":  # the page shows the file's pages: the PDF's
        shown = renders().request(forms.variant(checked, format=None))
    return {
        "code": code,
        "shown": str(shown.code),
        "share": share_link(code),
        "qr": f"/qr/{url_code(code)}.svg",
        "file": f"/file/{url_code(code)}",
        "info": f"/api/file/{url_code(shown.code)}",
        "preview": f"/preview/{url_code(shown.code)}/",
        "downloads": [{**d, "href": f"/file/{url_code(d['code'])}"} for d in forms.downloads(checked, renders().request)],
        "values": forms.values_of(checked),
        "state": forms.state_of(checked),
    }


@blueprint.route("/open", methods=["GET", "POST"])
def open_code():
    """What the Open box or an uploaded printgen file names (a seed code, a share link, a PDF, zip or picture),
    described as /api/code describes the form; a refusal leaves the page's choices as they are."""
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        data = uploaded(upload, "choose a printgen PDF, zip or picture")
        checked = renders().read_upload(data, upload.filename)
    else:
        checked = renders().request(opened_code(request.values.get("q", "")))
    return jsonify(describe(checked))


def opened_code(text: str) -> str:
    """The seed code in what was typed or pasted: the code itself, a share link (?code=...) or a /file/ link."""
    text = text.strip()
    if not text:
        raise PrintgenError("give a seed code (it starts pg), a share link, or choose a printgen PDF or zip")
    return seeds.code_in(text)


@blueprint.get("/file/<path:code>")
def file_info(code: str):
    """Make the file (or find it made) and say what it holds: its pages' sizes, its name and type."""
    made = renders().file(renders().request(code))
    return jsonify(made.describe(kept=renders().cache.keeps(len(made.data))))

"""The studio's page (/, /?code=<seed code> for a share link) and its "open" box (/open?q=...)."""

from __future__ import annotations

import json

from flask import Blueprint, redirect, render_template, request

from ..errors import PrintgenError, label
from ..seed import random_seed
from .api import catalogue, describe, opened_code
from .context import renders
from .renders import url_code

blueprint = Blueprint("pages", __name__)


@blueprint.get("/")
def studio():
    code = request.args.get("code")
    error, described = None, None
    if code:
        try:
            described = describe(renders().request(code))
        except PrintgenError as exc:
            error = exc
    return page(described, error, status=400 if error else 200, opened=code if error else None)


def page(described: dict | None, error: PrintgenError | None, status: int = 200, opened: str | None = None):
    """The studio's page; ``error``: a refusal to show on it, in its words."""
    settings = renders().settings
    start = described["state"] if described else {"seed": random_seed()}
    boot = {"catalogue": catalogue(label), "start": start, "described": described,
            "templates": settings.templates.name if settings.templates else None}
    html = render_template("studio.html", boot=json.dumps(boot, ensure_ascii=False).replace("</", "<\\/"),
                           error=error.words(label) if error else None, opened=opened or "",
                           templates=settings.templates)
    return html, status


@blueprint.get("/open")
def open_code():
    """A seed code or a share link, typed or pasted: the studio on that file."""
    text = (request.args.get("q") or "").strip()
    try:
        checked = renders().request(opened_code(text))
    except PrintgenError as exc:
        return page(None, exc, status=400, opened=text)
    return redirect(f"/?code={url_code(checked.code)}", code=303)


"""The HTTP contract's files: /file/<code>, /preview/<code>/<page>.png, /qr/<code>.svg, POST /reproduce.

A file and its pages are a pure function of the seed code (for one printgen
release), so each answer carries a strong ETag made from the code and may be
cached for ever; a request whose If-None-Match holds that ETag is answered
304 before anything is made.
"""

from __future__ import annotations

import io
from urllib.parse import quote

from flask import Blueprint, Response, redirect, request

from ..errors import PrintgenError
from .context import renders, share_link, uploaded
from .renders import etag, url_code

blueprint = Blueprint("files", __name__)
FOREVER = "public, max-age=31536000, immutable"


def _cached(tag: str) -> Response | None:
    wanted = request.if_none_match  # werkzeug's ETags hold the tags without their quotes
    if wanted and (wanted.contains_weak(tag.strip('"')) or wanted.star_tag):
        response = Response(status=304)
        response.headers["ETag"] = tag
        response.headers["Cache-Control"] = FOREVER
        return response
    return None


def _forever(response: Response, tag: str) -> Response:
    response.headers["ETag"] = tag
    response.headers["Cache-Control"] = FOREVER
    return response


@blueprint.get("/file/<path:code>")
def file(code: str):
    """The file's bytes, as ``printgen reproduce CODE`` writes them, named as the command line names it."""
    checked = renders().request(code)
    tag = etag("file", checked.code)
    unchanged = _cached(tag)
    if unchanged is not None:
        return unchanged
    made = renders().file(checked)
    response = Response(made.data, content_type=made.content_type)
    response.headers["Content-Disposition"] = content_disposition(made.file_name)
    response.headers["X-Printgen-Seed-Code"] = made.code
    return _forever(response, tag)


@blueprint.get("/preview/<path:code>/<int:page>.png")
def preview(code: str, page: int):
    """Page ``page`` (from 1) as a PNG, ``?width=N`` pixels wide (bounded), of the page's proportions."""
    settings = renders().settings
    width = request.args.get("width", "800")
    if not width.isdigit() or not settings.min_width <= int(width) <= settings.max_width:
        raise PrintgenError(f"width must be a whole number of pixels from {settings.min_width} to "
                            f"{settings.max_width}, not {width!r}")
    if page < 1:
        raise PrintgenError(f"pages are numbered from 1, not {page}")
    checked = renders().request(code)
    tag = etag("page", checked.code, page, int(width))
    unchanged = _cached(tag)
    if unchanged is not None:
        return unchanged
    png = renders().preview(checked, page - 1, int(width))
    return _forever(Response(png, content_type="image/png"), tag)


@blueprint.get("/qr/<path:code>.svg")
def qr(code: str):
    """The share link of ``code`` (``/?code=...`` on this server) as a QR code."""
    import segno

    checked = renders().request(code)
    link = share_link(str(checked.code))
    buffer = io.BytesIO()
    segno.make(link, error="m", micro=False).save(buffer, kind="svg", scale=4, border=4, xmldecl=False,
                                                  title=f"QR code of {link}", svgclass="qr", lineclass=None)
    response = Response(buffer.getvalue(), content_type="image/svg+xml")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@blueprint.post("/reproduce")
def reproduce():
    """An uploaded printgen PDF or zip: redirect to its studio page (``/?code=``), or with ``to=file`` its file."""
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise PrintgenError("give a printgen PDF or zip as the form field 'file'")
    data = uploaded(upload, "give a printgen PDF or zip")
    try:
        checked = renders().read_upload(data, upload.filename)
    except PrintgenError as exc:
        if request.form.get("page"):  # sent from the studio's page: show it there
            from .pages import page

            return page(None, exc, status=400)
        raise
    to_file = (request.form.get("to") or request.args.get("to")) == "file"
    target = f"/file/{url_code(checked.code)}" if to_file else f"/?code={url_code(checked.code)}"
    return redirect(target, code=303)


def content_disposition(name: str) -> str:
    """attachment, with the name as the command line writes it (and a plain ASCII fallback)."""
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in name)
    if plain == name:
        return f'attachment; filename="{name}"'
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(name, safe='')}"

"""What every handler of the studio reaches: the application's renders, links on this server, and an
uploaded printgen file's bytes."""

from __future__ import annotations

from flask import abort, current_app, request

from ..errors import PrintgenError
from .renders import Renders, url_code


def renders() -> Renders:
    """The renders (checks, cache and pool) of the application serving this request."""
    return current_app.extensions["printgen.renders"]


def uploaded(upload, wanted: str) -> bytes:
    """An uploaded file's (a request's ``files`` entry) bytes, read no further than the studio's upload
    limit (413 past it); an empty file is refused, saying ``wanted``."""
    limit = renders().settings.upload_bytes
    data = upload.read(limit + 1)
    if len(data) > limit:
        abort(413)
    if not data:
        raise PrintgenError(f"{upload.filename} is empty; {wanted}")
    return data


def share_link(code: str) -> str:
    """The studio's page on this server for ``code``: a link to share."""
    return f"{request.url_root}?code={url_code(code)}"

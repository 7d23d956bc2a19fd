"""What every handler of the studio reaches: the application's renders, and links on this server."""

from __future__ import annotations

from flask import current_app, request

from .renders import Renders, url_code


def renders() -> Renders:
    """The renders (checks, cache and pool) of the application serving this request."""
    return current_app.extensions["printgen.renders"]


def share_link(code: str) -> str:
    """The studio's page on this server for ``code``: a link to share."""
    return f"{request.url_root}?code={url_code(code)}"

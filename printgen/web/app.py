"""The studio's Flask application: ``create_app`` puts the blueprints, the renders and the headers together."""

from __future__ import annotations

import atexit
import logging
import time

from flask import Flask, g, jsonify, request

from ..errors import PrintgenError, label
from . import api, deck_page, files, pages
from .pool import RenderError
from .renders import PageMissing, Renders
from .settings import MiB, Settings

# Only the studio's own files: its script, its style sheet, pictures it makes. Nothing inline, nothing
# from elsewhere.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' blob: data:",
    "connect-src 'self'", "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'",
))


def create_app(settings: Settings | None = None) -> Flask:
    settings = settings or Settings()
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = settings.upload_bytes + MiB  # the form's own fields beside the file
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    renders = Renders(settings)
    app.extensions["printgen.renders"] = renders
    atexit.register(renders.close)
    for blueprint in (pages.blueprint, files.blueprint, api.blueprint, deck_page.blueprint):
        app.register_blueprint(blueprint)
    logging.getLogger("printgen.web").setLevel(logging.INFO)

    @app.errorhandler(PrintgenError)
    def refused(exc: PrintgenError, status: int | None = None):
        return worded_error(exc, status or (404 if isinstance(exc, PageMissing) else 400))

    @app.errorhandler(RenderError)
    def not_made(exc: RenderError):
        response = one_line(str(exc), exc.status)
        if exc.retry_after:
            response.headers["Retry-After"] = str(exc.retry_after)
        return response

    @app.errorhandler(413)
    def too_large(exc):
        return refused(PrintgenError(f"the upload is larger than the studio's {settings.upload_bytes // MiB} MiB; "
                                     f"printgen on the command line reads a file of any size"), 413)

    def http_error(exc):
        return one_line(exc.description or exc.name, exc.code or 500)

    for status in (400, 404, 405, 414, 431):
        app.register_error_handler(status, http_error)

    @app.before_request
    def started():
        g.started = time.perf_counter()

    @app.after_request
    def headers(response):
        if "started" in g:  # how long the server took, for a browser's developer tools and benchmarks
            response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - g.started) * 1000:.1f}"
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("Cross-Origin-Resource-Policy", "same-origin")
        return response

    return app


def worded_error(error: PrintgenError, status: int):
    """A refusal in one line: for the studio's page (/api/), in its words (each option by its field's label),
    with the field it is about; elsewhere (the HTTP contract) as the command line says it, as plain text."""
    if request.path.startswith("/api/"):
        response = jsonify({"error": " ".join(error.words(label).split()), "field": error.option})
        response.status_code = status
        return response
    return one_line(error.words(), status)


def one_line(message: str, status: int):
    """An error in one line, as it is said (the page's JSON for /api/, plain text elsewhere)."""
    message = " ".join(message.split())
    response = jsonify({"error": message, "field": None}) if request.path.startswith("/api/") else app_text(message)
    response.status_code = status
    return response


def app_text(message: str):
    from flask import Response

    return Response(message + "\n", content_type="text/plain; charset=utf-8")

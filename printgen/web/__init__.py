"""printgen studio: the whole tool in a browser (``printgen serve``).

A Flask application (factory and blueprints) that speaks only the products'
registry: the page's choices come from the catalogue the command line is
built from, every seed code is read and checked by ``products.request``, and
every file is ``products.build``'s bytes. No game is named here and nothing
is drawn here.

- ``app.py``: ``create_app(settings)``: blueprints, error answers, security headers
- ``pages.py``: the studio's page (``/``, ``/?code=`` share links, ``/open``)
- ``files.py``: the HTTP contract's files (``/file/``, ``/preview/``, ``/qr/``, ``POST /reproduce``)
- ``context.py``: what every handler reaches: the application's renders, share links
- ``api.py``: ``/api/products`` (the catalogue) and the JSON the page asks for
- ``forms.py``: the form as a seed code, through ``products.typed.code_from`` as the command line's, and back
- ``renders.py``: files and previews by seed code: checked, made once, cached (``cache.py``)
- ``pool.py``, ``worker.py``, ``warm.py``: the bounded pool of warm worker processes that make them
- ``server.py``: ``serve()``: waitress on 127.0.0.1 unless told otherwise
"""

from .app import create_app
from .settings import Settings

__all__ = ["create_app", "Settings"]

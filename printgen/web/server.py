"""``printgen serve``: the studio on waitress, a production WSGI server in pure Python (threads).

It listens on 127.0.0.1 unless ``--host`` says otherwise, and then warns:
the studio has no accounts, and anyone who reaches it can make files on this
machine's processors (within its limits). SIGTERM and Ctrl-C stop it and its
workers.
"""

from __future__ import annotations

import signal
import sys
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path

from ..errors import PrintgenError
from .settings import Settings

LOOPBACK = ("127.0.0.1", "localhost", "::1")
THREADS = 24  # waitress threads: a thread waits while a worker renders, so more threads than workers


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False, templates: Path | None = None,
          workers: int | None = None, tell: Callable[[str], None] = print,
          warn: Callable[[str], None] = print) -> None:
    from waitress import create_server

    from .app import create_app

    if templates is not None:
        from ..render import user_templates

        user_templates.digest(templates)  # a folder that is missing or too big: one line now, not on every page
        templates = templates.resolve()
    settings = Settings(templates=templates, **({"workers": workers} if workers else {}))
    if host not in LOOPBACK:
        warn(f"printgen studio: warning: listening on {host}, not only this computer: anyone who can reach it "
            f"can make files here; the studio has no passwords")
    app = create_app(settings)
    try:
        server = create_server(app, host=host, port=port, threads=THREADS, ident="printgen",
                               clear_untrusted_proxy_headers=True)
    except OSError as exc:
        app.extensions["printgen.renders"].close()
        raise PrintgenError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; choose another --port") from None
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{server.effective_port}/"
    tell(f"printgen studio: {url}  (Ctrl-C stops it)")
    sys.stdout.flush()

    def stop(signum, frame):
        raise KeyboardInterrupt

    for number in (signal.SIGTERM, signal.SIGINT):  # SIGINT too: a shell may have started it ignoring Ctrl-C
        signal.signal(number, stop)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        app.extensions["printgen.renders"].close()

"""Jinja templates laid out by WeasyPrint, for products that are mostly text.

Templates autoescape and use StrictUndefined, so user text prints literally
and a missing value is an error, not a blank. WeasyPrint fetches only the
package's own templates and fonts: no network, no arbitrary files.
"""

from __future__ import annotations

import logging
import mimetypes
import os
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from .. import __version__
from ..resources import fonts_dir, templates_dir
from ..seed import SeedCode

# fontTools stamps a subset font's head.modified with the clock unless this is
# set; the value is the printgen 0.1 release day, fixed for repeatable bytes.
_FIXED_EPOCH = "1763683200"


@cache
def jinja_environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


@cache
def _weasyprint():
    """Import WeasyPrint on first use: it takes half a second to load."""
    os.environ.setdefault("SOURCE_DATE_EPOCH", _FIXED_EPOCH)
    import weasyprint

    # WeasyPrint logs font-subsetting advice and fetch failures as warnings;
    # a fetch failure is fatal here (see PackageOnlyFetcher) and advice is noise.
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    return weasyprint


@cache
def _package_fetcher_class():
    _weasyprint()  # sets SOURCE_DATE_EPOCH and quiets logging before WeasyPrint loads
    from urllib.request import url2pathname

    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class PackageOnlyFetcher(URLFetcher):
        """Serve files from printgen's templates/ and fonts/ folders, nothing else."""

        def __init__(self):
            super().__init__(fail_on_errors=True)
            self.roots = [templates_dir().resolve(), fonts_dir().resolve()]

        def fetch(self, url, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            if not url.startswith("file:"):
                raise ValueError(f"printgen templates may not load {url}")
            path = Path(url2pathname(url.split("?")[0].removeprefix("file:"))).resolve()
            if not any(path.is_relative_to(root) for root in self.roots):
                raise ValueError(f"printgen templates may only load their own files, not {path}")
            media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, path.read_bytes(), headers={"Content-Type": media_type})

    return PackageOnlyFetcher


def html_to_pdf(html: str) -> bytes:
    weasyprint = _weasyprint()
    fetcher = _package_fetcher_class()()
    base_url = templates_dir().resolve().as_uri() + "/"
    document = weasyprint.HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    return document.write_pdf(uncompressed_pdf=False)


def render_pdf(template: str | jinja2.Template, seed_code: SeedCode, title: str, **context: Any) -> bytes:
    """Render ``template`` (a name under templates/, or a Template) and lay it out as PDF bytes."""
    if isinstance(template, str):
        template = jinja_environment().get_template(template)
    html = template.render(
        seed_code=str(seed_code),
        title=title,
        generator=f"printgen {__version__}",
        **context,
    )
    return html_to_pdf(html)

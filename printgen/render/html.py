"""Jinja templates laid out by WeasyPrint: every page of flowing text.

Templates are found in this order: the user's folder (``--templates DIR`` or
``PRINTGEN_TEMPLATES``, when the seed code names it), each game's
``systems/<id>/templates/`` under the prefix ``<id>/`` (``<id>/key.html``),
then the shared ``templates/`` (``base.html``, ``base.css``, pieces). A user's
file of the same name wins, and ``{% extends "<id>/key.html" %}`` still
reaches the built-in behind it through the name ``builtin:<id>/key.html``.

Templates run in Jinja's sandbox with autoescaping and StrictUndefined, so
user text prints literally, a missing value is an error, and a template
cannot reach Python internals. WeasyPrint may read only printgen's own
templates and fonts and the user's template folder: no network, no other
file. Fonts are embedded whole (they are bundled already cut to what
printgen prints), so the bytes do not depend on whether a machine subsets
fonts with HarfBuzz or fontTools.
"""

from __future__ import annotations

import atexit
import hashlib
import logging
import mimetypes
import os
import sys
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from .. import __version__, games
from ..errors import PrintgenError
from ..progress import Listener
from ..resources import fonts_dir, templates_dir
from ..seed import SeedCode
from ..units import Paper, to_mm
from ..words import Words
from . import cache as user_cache
from . import flow_columns, font_widths, house, parallel

BUILTIN_PREFIX = "builtin:"


def _builtin_loader() -> jinja2.BaseLoader:
    game_folders = {g.id: jinja2.FileSystemLoader(str(g.templates)) for g in games.games().values()
                    if g.templates.is_dir()}
    return jinja2.ChoiceLoader([jinja2.PrefixLoader(game_folders, delimiter="/"),
                                jinja2.FileSystemLoader(str(templates_dir()))])


class _Loader(jinja2.BaseLoader):
    """The user's folder first, then the built-ins; ``builtin:NAME`` skips the user's folder."""

    def __init__(self, user_dir: Path | None):
        self.builtin = _builtin_loader()
        self.user = jinja2.FileSystemLoader(str(user_dir)) if user_dir else None

    def get_source(self, environment, template):
        if template.startswith(BUILTIN_PREFIX):
            return self.builtin.get_source(environment, template[len(BUILTIN_PREFIX):])
        if self.user is not None:
            try:
                return self.user.get_source(environment, template)
            except jinja2.TemplateNotFound:
                pass
        return self.builtin.get_source(environment, template)

    def list_templates(self):
        return self.builtin.list_templates()


@cache
def environment(user_dir: Path | None, phrasebooks: Words) -> jinja2.Environment:
    """The templates of ``user_dir`` before the built-in ones, their ``say`` speaking from ``phrasebooks``."""
    env = ImmutableSandboxedEnvironment(
        loader=_Loader(user_dir),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["say"] = _say_from(phrasebooks)
    env.globals["house"] = house.css_values()
    return env


def _say_from(phrasebooks: Words) -> Callable[..., str]:
    """A template's ``say`` (called with a key), from ``phrasebooks`` (the request's, handed to render_html):
    the phrase from the phrasebook of the game whose template asks (a template under ``<id>/``), or the shared
    one; imported macros ask their own template's game. A shared piece a game's page extends (base.html) finds
    its phrases in the shared phrasebook."""

    @jinja2.pass_context
    def say(context: Any, key: str, **values: Any) -> str:
        game = _game_of(context.name)
        if game is not None:
            book = phrasebooks.phrasebook(game.id, game.folder)
            if key in book or key not in (shared := phrasebooks.shared()):
                return book(key, **values)
            return shared(key, **values)
        return phrasebooks.shared()(key, **values)

    return say


def _game_of(template: str | None) -> games.Game | None:
    """The game whose template ``template`` is (``<id>/...``), or None for a shared one."""
    return games.games().get((template or "").removeprefix(BUILTIN_PREFIX).split("/", 1)[0])


def _game_context(name: str) -> dict[str, str]:
    """What base.html needs of the game a template belongs to: its title and credit for the credit line, and
    its look (the house's own for a page of no game)."""
    game = _game_of(name)
    if game is None:
        return {"game_title": "", "credit": "", "look": "look.css"}
    look = f"{game.id}/look.css" if (game.templates / "look.css").is_file() else "look.css"
    return {"game_title": game.title, "credit": game.credit, "look": look}


def allowed_roots(user_dir: Path | None) -> list[Path]:
    roots = [templates_dir().resolve(), fonts_dir().resolve()]
    roots += [g.templates.resolve() for g in games.games().values() if g.templates.is_dir()]
    if user_dir is not None:
        roots.append(user_dir.resolve())
    return roots


def load() -> None:
    """Load WeasyPrint and the bundled faces' font configuration now, in the process that lays pages out. A
    booklet whose child lays pages out (its seed-free pages, on a cold cache) loads them before it forks, for
    both; the child makes its own folder of fonts and removes it as it leaves (parallel.when_a_child_leaves). A
    studio's fork server loads them before it forks, for every worker."""
    _weasyprint()
    _font_config()


@cache
def _weasyprint():
    """Import WeasyPrint on first use: it takes half a second to load."""
    weasyprint = _import_weasyprint()

    # WeasyPrint logs fetch failures and advice as warnings; a fetch failure is
    # fatal here (see the fetcher) and the advice is noise.
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    flow_columns.install(weasyprint)  # columns that fill in turn laid out once a page, not twice
    font_widths.install(weasyprint)  # a face's widths read once, not once a document
    return weasyprint


def _import_weasyprint():
    """WeasyPrint, found on Linux by its libraries' sonames alone.

    WeasyPrint tries several names for each of Pango, HarfBuzz and fontconfig,
    and cffi asks ctypes.util.find_library about every name that does not load
    at once; on Linux that runs ldconfig, gcc and ld each time: about 26 lookups
    and a third of a second in all. The sonames it also tries (libpango-1.0.so.0
    and so on) load directly, so the lookups find nothing more. Should the import
    fail this way, it is made again with every lookup WeasyPrint knows.

    Neither offers a way to skip the lookups but ctypes.util.find_library itself:
    WeasyPrint's ``_dlopen`` hands each name to ``FFI.dlopen``, and cffi's loader
    imports ctypes.util and calls find_library for any name that does not load as
    given (cffi 2.x ``_load_backend_lib``; no option, no environment variable). So
    the function is replaced while WeasyPrint is imported (once a process:
    ``_weasyprint`` is cached) and put back before the import returns, and the
    replacement answers "not found" to the importing thread alone: any other
    thread that looks a library up meanwhile is answered as ever. It decides no
    byte of any file, and no request sees it.
    """
    if sys.platform.startswith("linux"):
        import ctypes.util
        import threading

        find_library = ctypes.util.find_library
        importing = threading.get_ident()
        ctypes.util.find_library = lambda name: None if threading.get_ident() == importing else find_library(name)
        try:
            import weasyprint

            return weasyprint
        except OSError:
            for name in [m for m in sys.modules if m == "weasyprint" or m.startswith("weasyprint.")]:
                del sys.modules[name]
        finally:
            ctypes.util.find_library = find_library
    import weasyprint

    return weasyprint


def _fetcher(roots: list[Path]):
    _weasyprint()
    from urllib.request import url2pathname

    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class FolderFetcher(URLFetcher):
        """Serve files from the allowed folders, nothing else."""

        def __init__(self):
            super().__init__(fail_on_errors=True)

        def fetch(self, url, headers=None):
            if url.startswith("data:"):
                return super().fetch(url, headers)
            if not url.startswith("file:"):
                raise PrintgenError(f"a template may not load {url}; it may use only its own folder and printgen's")
            path = Path(url2pathname(url.split("?")[0].removeprefix("file:"))).resolve()
            if not any(path.is_relative_to(root) for root in roots) or not path.is_file():
                raise PrintgenError(f"a template may not load {path}; it may use only its own folder and printgen's")
            media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, path.read_bytes(), headers={"Content-Type": media_type})

    return FolderFetcher()


def page_size_css(paper: Paper) -> str:
    return f"{paper.width:.4f}pt {paper.height:.4f}pt"


def render_html(name: str, user_dir: Path | None = None, *, phrasebooks: Words, **context: Any) -> str:
    """The template ``name`` filled in; its words come through the global ``say``, from ``phrasebooks`` (the
    request's). Without ``qr`` (a template
    laid out on its own), it keeps the usual square for the code; with ``opens_file`` false (a part that
    follows another in a booklet), its first page keeps none."""
    context.setdefault("qr", qr_context(None, None))
    context = {**_game_context(name), "opens_file": True, "heads_first_page": False, **context}
    try:
        template = environment(user_dir, phrasebooks).get_template(name)
        return template.render(generator=f"printgen {__version__}", **context)
    except jinja2.TemplateNotFound as exc:
        raise PrintgenError(f"template {exc.name!r} not found; built-in templates are listed by "
                            f"'printgen templates export DIR'") from None
    except SecurityError as exc:
        raise PrintgenError(f"template {name!r} tried something templates may not do: {exc}") from None
    except jinja2.UndefinedError as exc:
        raise PrintgenError(f"template {name!r} uses a value printgen does not give it: {exc.message}") from None
    except jinja2.TemplateSyntaxError as exc:
        raise PrintgenError(f"template {exc.name or name!r}, line {exc.lineno}: {exc.message}") from None
    except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError, RecursionError) as exc:
        raise PrintgenError(f"template {name!r} failed: {' '.join(str(exc).split())}") from None


def html_to_pdf(html: str, user_dir: Path | None = None, keep: bool = False) -> bytes:
    """``html`` laid out as PDF. From the built-in templates alone, the same page twice in one process is laid
    out once (a rules page is the same in every booklet), and with ``keep`` (a page the same for every seed)
    it is kept in the user's cache folder (render/cache.py), so the next run reads it instead of laying it out;
    a user's folder can change between two calls, so what reads it is laid out every time."""
    key, lasting, made = _kept(html, user_dir, keep)
    if made is not None:
        return made
    weasyprint = _weasyprint()  # imported only here: a page read back from the cache needs none of it
    base_url = templates_dir().resolve().as_uri() + "/"
    try:
        document = weasyprint.HTML(string=html, base_url=base_url, url_fetcher=_fetcher(allowed_roots(user_dir)))
        made = document.write_pdf(full_fonts=True, font_config=_font_config() if user_dir is None else None)
    except BaseException as exc:  # WeasyPrint wraps the fetcher's refusal in its own (Base)Exception
        if isinstance(exc.__cause__, PrintgenError):
            raise exc.__cause__ from None
        raise
    if key is not None:
        _laid_out.put(key, made)
    if lasting is not None:
        user_cache.put(KEPT_PAGES, lasting, made)
    return made


KEPT_PAGES = "pages"  # the kind of the cache's entries that are laid-out pages


def _kept(html: str, user_dir: Path | None, keep: bool) -> tuple[bytes | None, str | None, bytes | None]:
    """``html``'s keys in this process's pages and in the user's cache (None where it is not kept there), and
    its pages if either holds them."""
    key = hashlib.sha256(html.encode()).digest() if user_dir is None else None
    if key is not None and (made := _laid_out.get(key)) is not None:
        return key, None, made
    lasting = user_cache.key(KEPT_PAGES, html, _built_in_fingerprint(), *_engine()) if key is not None and keep else None
    if key is not None and lasting is not None and (made := user_cache.get(KEPT_PAGES, lasting)) is not None:
        _laid_out.put(key, made)
        return key, lasting, made
    return key, lasting, None


@cache
def _built_in_fingerprint() -> str:
    """What shapes a page laid out from the built-in templates beside its HTML: the templates (shared and each
    game's, with their style sheets and pictures) and the bundled text faces."""
    folders = [templates_dir(), *(g.templates for g in games.games().values()), fonts_dir() / "text"]
    return user_cache.fingerprint(folders)


@cache
def _engine() -> tuple[str, ...]:
    """The releases of what lays a page out: WeasyPrint, pydyf, Pango, HarfBuzz, fontconfig (a machine with
    another Pango may break a line elsewhere)."""
    import ctypes

    found = [f"weasyprint {_release('weasyprint')}", f"pydyf {_release('pydyf')}", f"pango {_pango_version()}"]
    for library, call in (("libharfbuzz.so.0", "hb_version_string"), ("libfontconfig.so.1", "FcGetVersion")):
        try:
            function = getattr(ctypes.CDLL(library), call)
            function.restype = ctypes.c_char_p if call.endswith("string") else ctypes.c_int
            found.append(f"{call} {function()!r}")
        except (OSError, AttributeError):
            found.append(f"{call} unknown")
    return tuple(found)


def _release(package: str) -> str:
    """The release ``package`` declares, read from its ``__init__`` where it is not imported yet (render/cache.py);
    else WeasyPrint is imported (which imports pydyf too) and asked."""
    found = user_cache.release(package)
    if found is None:
        _weasyprint()
        found = str(getattr(sys.modules.get(package), "__version__", "?"))
    return found


def _pango_version() -> int:
    """Pango's release as WeasyPrint's binding reports it, from the library itself where it loads by its soname
    (Linux: the one WeasyPrint loads, render/html._import_weasyprint), else through WeasyPrint."""
    import ctypes

    if sys.platform.startswith("linux") and "weasyprint.text.ffi" not in sys.modules:
        try:
            function = ctypes.CDLL("libpango-1.0.so.0").pango_version
            function.restype = ctypes.c_int
            return int(function())
        except (OSError, AttributeError):
            pass
    _weasyprint()
    from weasyprint.text.ffi import pango

    return int(pango.pango_version())


class _LaidOut:
    """The last pages laid out from the built-in templates, by their HTML, up to a number of bytes."""

    def __init__(self, capacity: int):
        self.capacity, self.size = capacity, 0
        self.items: OrderedDict[bytes, bytes] = OrderedDict()

    def get(self, key: bytes) -> bytes | None:
        if key in self.items:
            self.items.move_to_end(key)
        return self.items.get(key)

    def put(self, key: bytes, data: bytes) -> None:
        if len(data) > self.capacity or key in self.items:
            return
        self.items[key] = data
        self.size += len(data)
        while self.size > self.capacity:
            self.size -= len(self.items.popitem(last=False)[1])


_laid_out = _LaidOut(8 * 1024 * 1024)


@cache
def _font_config():
    """One font configuration for every document laid out from the built-in templates, so the bundled faces
    of base.css are added to fontconfig once, not once a document (about 15 ms each). Forked copies of this
    process (a booklet's other half, the studio's workers) use it too; the folder of fonts it keeps is
    removed only by the process that made it, when that one is done with it or exits (the studio's fork
    server, which makes it while warming up, ends by exiting, and a cached object is not always collected
    then: each studio run left a folder of fonts behind). A child forked before the first page was laid out
    (a booklet's, on a cold cache) makes a folder of its own, and removes it as it leaves."""
    from weasyprint.text.fonts import FontConfiguration

    getpid = os.getpid  # held here: at the interpreter's end, a module's names are gone before __del__ runs

    class ProcessFonts(FontConfiguration):
        def __init__(self):
            super().__init__()
            self.owner = getpid()  # the process whose folder of fonts it is (made at the first face added)
            atexit.register(self.remove)
            parallel.when_a_child_leaves(self.remove)  # a booklet's child, which runs no exit handler

        def add_font_face(self, rule_descriptors, url_fetcher):
            if self._folder is None:  # made now, in this process: a forked child makes its own, and removes it
                self.owner = getpid()
            return super().add_font_face(rule_descriptors, url_fetcher)

        def remove(self):
            if self._folder is not None and getpid() == self.owner:
                super().__del__()  # WeasyPrint's own clean-up: the folder goes
                self._folder = None  # once: the exit handler, then __del__, find it done

        __del__ = remove

    return ProcessFonts()


def qr_context(seed_code: SeedCode | None, paper: Paper | None) -> dict[str, str]:
    """What a template needs to keep room for the seed code's QR on the first page of a file: ``id`` and
    ``side``, for an element that keeps the room where the template puts it (a float the text flows around;
    compose finds it by its id), or ``room``, the foot of the first page to keep clear for the code in its
    usual corner (``@page :first { margin-bottom: ... }``), and ``edge``, how far above the page's foot the
    square stands (the credit line beside it is centred on it). With no code, the usual square."""
    from . import qr

    if seed_code is None or paper is None:
        return {"id": qr.ROOM_ID, "side": f"{to_mm(qr.BOX):.3f}mm",
                "room": f"{to_mm(qr.EDGE + qr.BOX + qr.GAP):.3f}mm", "edge": f"{to_mm(qr.EDGE):.3f}mm"}
    from .canvas import first_page_qr, qr_room

    return {"id": qr.ROOM_ID, "side": f"{to_mm(qr.side_for(str(seed_code))):.3f}mm",
            "room": f"{to_mm(qr_room(seed_code, paper.size)):.3f}mm",
            "edge": f"{to_mm(first_page_qr(seed_code, paper.size).y):.3f}mm"}


def render_pdf(name: str, seed_code: SeedCode, title: str, paper: Paper, user_dir: Path | None = None,
               listener: Listener | None = None, *, phrasebooks: Words, seed_free: bool = False,
               **context: Any) -> bytes:
    """Lay out the template ``name`` as PDF pages without footers (``compose`` stamps them once, and the seed
    code's QR on the first page: ``qr`` tells a template the room it takes); ``listener`` (the request's)
    hears the step. ``seed_free``: the caller's word that the pages are the same for every seed (a rules page),
    so they are kept in the user's cache; pages that print what a seed rolled are not, though their HTML
    may not name the seed code (simulated odds, a solo booklet's front pages): the cache would grow with every seed."""
    html = _page_html(name, seed_code, title, paper, user_dir, phrasebooks, context)
    pdf = html_to_pdf(html, user_dir, keep=seed_free and str(seed_code) not in html)
    if listener is not None:
        listener.tell(f"laid out {title}")
    return pdf


def kept_pdf(name: str, seed_code: SeedCode, title: str, paper: Paper, user_dir: Path | None = None,
             listener: Listener | None = None, *, phrasebooks: Words, seed_free: bool = False,
             **context: Any) -> bytes | None:
    """render_pdf's pages of a ``seed_free`` page where they are kept (laid out before in this process, or in the
    user's cache), read back without WeasyPrint; None where they would have to be laid out."""
    if not seed_free:
        return None  # what a seed rolled is never kept
    html = _page_html(name, seed_code, title, paper, user_dir, phrasebooks, context)
    if str(seed_code) in html:
        return None
    made = _kept(html, user_dir, keep=True)[2]
    if made is not None and listener is not None:
        listener.tell(f"laid out {title}")
    return made


def _page_html(name: str, seed_code: SeedCode, title: str, paper: Paper, user_dir: Path | None,
               phrasebooks: Words, context: dict[str, Any]) -> str:
    from .canvas import printed_code

    return render_html(name, user_dir, phrasebooks=phrasebooks, seed_code=printed_code(seed_code), title=title,
                       page_size=page_size_css(paper),
                       qr=qr_context(seed_code, paper), **context)

"""Composing a document from parts made by both engines, and finishing it.

A booklet is ReportLab pages (maps, cards, sheets) and WeasyPrint pages (text)
in one file. The parts are made without footers; ``compose`` joins them with
pikepdf, stamps the footer (product, seed code, "page N of M") once on every
page so both engines' pages agree, and the seed code's QR on the first page
(where the product says, else where the first part's page kept room for it,
else in its usual corner: render/qr.py), and writes printgen's metadata: the
seed code as the Subject, fixed dates, an ID derived from the content.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterable, Sequence

import pikepdf

from .. import __version__
from ..progress import Listener, count
from ..seed import SeedCode
from . import qr
from .canvas import draw_footer, draw_seed_qr, new_document
from .shared_subsets import share_subsets

FOOTER_NAME = "/PGFooter"


def compose(parts: Sequence[bytes | pikepdf.Pdf], code: SeedCode, title: str, footer: bool = True,
            qr_place: qr.Place | None = None, listener: Listener | None = None) -> bytes:
    """One PDF of every page of ``parts`` in order, with footers, the seed code's QR on the first page,
    and metadata. Without ``footer`` (a print shop's file) the code is in the metadata only. ``listener`` (the
    request's) hears the step. A part is a file's bytes, or a document still open (a booklet gathered page by
    page: saving it only to read it back here took a fifth of a booklet's time), which its maker closes after."""
    document = pikepdf.new()
    sources = [part if isinstance(part, pikepdf.Pdf) else pikepdf.open(io.BytesIO(part)) for part in parts]
    for source in sources:
        document.pages.extend(source.pages)
    if footer:
        _stamp_footers(document, code, title, qr_place or (_kept_room(sources[0], code) if sources else None))
    if listener is not None:
        listener.tell(f"joined {count(len(document.pages), 'page')}")
    share_subsets(document)
    _share_font_files(document)
    _metadata(document, code, title)
    buffer = io.BytesIO()
    document.save(buffer, deterministic_id=True, compress_streams=True,
                  object_stream_mode=pikepdf.ObjectStreamMode.generate)
    for part, source in zip(parts, sources):
        if source is not part:  # opened here: an open document given is its maker's to close
            source.close()
    return buffer.getvalue()


def page_size(page: pikepdf.Page) -> tuple[float, float]:
    x0, y0, x1, y1 = (float(v) for v in page.mediabox)
    return x1 - x0, y1 - y0


def destinations(part: pikepdf.Pdf, names: Iterable[str]) -> dict[str, tuple[int, float, float]]:
    """Where the named destinations ``names`` of a WeasyPrint part are (WeasyPrint writes one at the top left
    corner of every element with an id): each found one's page index and point, from the page's lower left
    corner. A name the part does not hold, or whose page is not one of its pages, is left out."""
    root_names = part.Root.get("/Names")
    dests = root_names.get("/Dests") if root_names is not None else None
    if dests is None or not part.pages:
        return {}
    try:
        tree = pikepdf.NameTree(dests)
    except (TypeError, ValueError, pikepdf.PdfError):
        return {}
    pages = {page.obj.objgen: index for index, page in enumerate(part.pages)}
    found = {}
    for name in names:
        try:
            target = tree.get(name)
        except (TypeError, ValueError, pikepdf.PdfError):
            continue
        if target is None or len(target) < 4 or (index := pages.get(target[0].objgen)) is None:
            continue
        x0, y0, _, _ = (float(v) for v in part.pages[index].mediabox)
        found[name] = (index, float(target[2]) - x0, float(target[3]) - y0)
    return found


def _kept_room(part: pikepdf.Pdf, code: SeedCode) -> qr.Place | None:
    """The square a WeasyPrint part's first page kept for the QR: the named destination ``qr.ROOM_ID`` that
    its element left at its top left corner (None when there is none, or it is on another page)."""
    found = destinations(part, [qr.ROOM_ID]).get(qr.ROOM_ID)
    if found is None or found[0] != 0:
        return None
    _, x, y = found
    side = qr.side_for(str(code))
    return qr.Place(x, y - side, side)


def _stamp_footers(document: pikepdf.Pdf, code: SeedCode, title: str, qr_place: qr.Place | None) -> None:
    """Draw every footer (and the first page's QR) with ReportLab on a page of the same size, then lay it
    over the page."""
    sizes = [page_size(page) for page in document.pages]
    overlay = new_document(code, title, sizes[0])
    for number, size in enumerate(sizes, 1):
        overlay.canvas.setPageSize(size)
        overlay.page_size = size
        draw_footer(overlay, number, len(sizes))
        if number == 1:
            draw_seed_qr(overlay, qr_place)
        overlay.canvas.showPage()
    footers = pikepdf.open(io.BytesIO(overlay.finish()))
    lay_over(document, zip(document.pages, footers.pages), FOOTER_NAME)


def lay_over(document: pikepdf.Pdf, stamped: Iterable[tuple[pikepdf.Page, pikepdf.Page]], name: str) -> None:
    """Lay each stamp (a page of another document, drawn on a page of the same size) over its page of
    ``document``, as a form under the resource name ``name``."""
    for page, stamp in stamped:
        # By hand, under a fixed name: pikepdf's add_overlay picks a random resource name.
        form = document.copy_foreign(stamp.as_form_xobject())
        # Pages may share one resource dictionary (WeasyPrint's do): each gets its own before its stamp goes in.
        resources = page.obj.get("/Resources", pikepdf.Dictionary())
        own = pikepdf.Dictionary({key: value for key, value in resources.items()})
        stamps = pikepdf.Dictionary({key: value for key, value in resources.get("/XObject", {}).items()})
        stamps[name] = form
        own.XObject = stamps
        page.obj.Resources = own
        page.contents_coalesce()
        page.contents_add(document.make_stream(b"q\n"), prepend=True)
        page.contents_add(document.make_stream(f"Q q {name} Do Q\n".encode()))


FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def _share_font_files(document: pikepdf.Pdf) -> None:
    """Keep one copy of each embedded font file, and give each file a subset tag of its own; fonts alike in
    every entry become one font.

    Parts laid out separately (a booklet's text is made in two documents at once) embed the
    same whole faces, some hundred kilobytes each. And ReportLab tags the first subset of
    every document AAAAAA+, so a joined file would hold different subsets under one name,
    which preflight at a print shop rejects: the tag is made from the file's own bytes.
    """
    kept: dict[tuple[str, bytes], pikepdf.Object] = {}
    seen: set[tuple[int, int]] = set()

    def share(font: pikepdf.Object) -> str | None:
        """Point ``font``'s descriptor at the kept copy of its file; the file's tag."""
        descriptor = font.get("/FontDescriptor")
        if descriptor is None:
            return None
        tag = None
        for key in FONT_FILES:
            if key in descriptor:
                digest = hashlib.sha256(descriptor[key].read_raw_bytes()).digest()
                descriptor[key] = kept.setdefault((key, digest), descriptor[key])
                tag = "".join(chr(ord("A") + byte % 26) for byte in digest[:6])
        if tag is not None:
            _retag(descriptor, "/FontName", tag)
            _retag(font, "/BaseFont", tag)
        return tag

    fonts: dict[tuple, pikepdf.Object] = {}  # each font once: parts that embedded the same font share it
    alike: dict[tuple[int, int], tuple] = {}  # what each font is (_same), read once: a font is named on every page

    def what(font: pikepdf.Object) -> tuple:
        if font.objgen == (0, 0):  # a direct object has no number to know it by
            return _same(font)
        if font.objgen not in alike:
            alike[font.objgen] = _same(font)
        return alike[font.objgen]

    def visit_resources(resources: pikepdf.Object) -> None:
        for name, font in list(resources.get("/Font", {}).items()):
            if font.objgen not in seen:
                seen.add(font.objgen)
                descendants = font.get("/DescendantFonts")
                if descendants is None:
                    share(font)
                elif (tag := share(descendants[0])) is not None:  # a Type0 font has one, which holds the file
                    _retag(font, "/BaseFont", tag)
            kept = fonts.setdefault(what(font), font)
            if kept.objgen != font.objgen:
                resources.Font[name] = kept
        for xobject in resources.get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                visit_resources(xobject.Resources)

    for page in document.pages:
        visit_resources(page.obj.get("/Resources", pikepdf.Dictionary()))


def _same(obj: pikepdf.Object, depth: int = 0):
    """What a font object is, for telling two alike: its entries all the way down, a stream by its entries and
    the digest of its bytes."""
    if isinstance(obj, pikepdf.Stream):
        entries = tuple(sorted((key, _same(value, depth + 1)) for key, value in obj.items() if key != "/Length"))
        return ("stream", entries, hashlib.sha256(obj.read_raw_bytes()).digest())
    if depth > 8:
        return ("deep", obj.objgen)
    if isinstance(obj, pikepdf.Dictionary):
        return tuple(sorted((key, _same(value, depth + 1)) for key, value in obj.items()))
    if isinstance(obj, pikepdf.Array):
        return tuple(_same(item, depth + 1) for item in obj)
    if isinstance(obj, pikepdf.Object):
        return obj.unparse()
    return obj


def _retag(obj: pikepdf.Object, key: str, tag: str) -> None:
    """Put ``tag`` in place of a subset font name's six-letter tag (``ABCDEF+Name``)."""
    name = str(obj.get(key, ""))
    if len(name) > 8 and name[7] == "+" and name[1:7].isalpha() and name[1:7].isupper():
        obj[key] = pikepdf.Name(f"/{tag}+{name[8:]}")


def _metadata(document: pikepdf.Pdf, code: SeedCode, title: str) -> None:
    info = document.docinfo
    for key in list(info.keys()):
        del info[key]
    info["/Title"] = title
    info["/Subject"] = str(code)
    info["/Author"] = "printgen"
    info["/Creator"] = f"printgen {__version__}"
    info["/Producer"] = f"printgen {__version__}"
    info["/Keywords"] = f"printgen; seed code {code}"
    document.Root.ViewerPreferences = pikepdf.Dictionary(PrintScaling=pikepdf.Name("/None"))

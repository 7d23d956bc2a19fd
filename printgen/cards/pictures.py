"""Pictures on a custom deck's cards: read safely, embedded once, no larger than 600 dpi needs.

A picture is a PNG, JPEG, WebP or SVG file in the data file's folder (see
``user_files``). Anyone may have made it, so:

- a raster picture is opened by the decoder its suffix names and no other
  (Pillow never guesses, so no EPS or other format that runs a program), its
  size is read from its header before a pixel is decoded, and a picture of
  more than ``MAX_PIXELS`` (a decompression bomb, or simply far more than a
  card needs) is refused naming the card and the file;
- an SVG is parsed without its DOCTYPE, entities, network or external files:
  a DOCTYPE, a reference to anything outside the file (href, url(), @import),
  text (fonts would come from the machine: convert it to paths), an embedded
  raster image or an element printgen does not draw is refused in one line;
  then svglib turns the checked tree into ReportLab drawing operations.

Each distinct picture becomes one object in the PDF, however many cards show
it: an image XObject drawn through a unit square, or a form for an SVG. A
raster picture is kept at its own resolution up to what its largest use
needs at 600 dpi and downsampled beyond that; a JPEG whose pixels are kept
goes into the PDF as it is, a PNG's compressed rows too when they can. For a
press file (a ``CmykCanvas``: DriveThruCards) pictures are converted to CMYK
through the profile the file declares and held within its ink limit, and
transparency becomes a hard-edged mask, since PDF/X-1a allows no soft ones.
An SVG with transparency in it (an opacity, a colour's or a gradient stop's
alpha) is flattened for a press file: PDFium draws it as the sheet version
shows it, each tint over what lies under it in the picture, at the pixels its
largest use needs at 600 dpi, and that image goes in as a raster picture
would, so the print matches the screen (a glow prints as a glow, not as a
solid disc). An SVG without goes in as vector forms, in a press file too.
"""

from __future__ import annotations

import hashlib
import io
import logging
import math
import re
import struct
import warnings
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render.cmyk import INK_LIMIT, PROFILE_FILE, CmykCanvas
from ..render.document_objects import EncodedImage, add_image, full_form
from ..resources import resource_dir
from .user_files import Folder

DPI = 600  # the most any card picture needs
MAX_PIXELS = 40_000_000  # a picture's pixels; a tarot card with bleed at 600 dpi is under 5.4 million
MAX_SIDE = 20_000
MAX_SVG_ELEMENTS = 20_000
RASTER_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP"}
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
SVG_DRAWN = {"svg", "g", "defs", "symbol", "use", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
             "linearGradient", "radialGradient", "stop", "clipPath", "title", "desc", "metadata", "style"}
SVG_SKIPPED = {"title", "desc", "metadata"}
JPEG_QUALITY = 92
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.I | re.S)


@dataclass
class Picture:
    """One picture file: what it is, and the most pixels any card asks of it."""

    key: str  # its path in the data folder
    name: str  # its form's name in the PDF
    kind: str  # raster | svg
    width: float  # raster: pixels (after EXIF turning); svg: points
    height: float
    # Its file's bytes, read from the folder when they are needed (the same bytes, or a refusal), so a deck's
    # pictures are not all held from its loading to its writing (30 of 1000 × 1400 px are some 36 MB).
    read: Callable[[], bytes] = field(repr=False)
    fmt: str = ""  # the raster format
    need: tuple[int, int] = (0, 0)  # pixels its largest use needs at DPI
    drawing: object = field(default=None, repr=False)  # svg: the ReportLab drawing
    digest: str = ""  # its bytes' SHA-256 (hex)

    @property
    def data(self) -> bytes:
        return self.read()


class Pictures:
    """The deck's pictures, each read and checked once; embedded once in each document drawn."""

    def __init__(self, folder: Folder):
        self.folder = folder
        self.found: dict[str, Picture] = {}

    def picture(self, src: str, where: str) -> Picture:
        """The picture ``src`` names, read and checked (not yet decoded); ``where`` names the card."""
        key = self.folder.key(src, where)
        if key in self.found:
            return self.found[key]
        suffix = "." + key.rsplit(".", 1)[-1].lower() if "." in key else ""
        if suffix != ".svg" and suffix not in RASTER_FORMATS:
            raise PrintgenError(f"{where}: {src!r} is not a picture printgen reads; give a .png, .jpg, .webp "
                                f"or .svg file")
        data = self.folder.read(src, where)
        name = f"pgpic{len(self.found)}"

        def read() -> bytes:
            return self.folder.read(src, where)
        if suffix == ".svg":
            drawing = _svg_drawing(data, f"{where}: {src}")
            picture = Picture(key, name, "svg", drawing.width, drawing.height, read, drawing=drawing)
        else:
            fmt = RASTER_FORMATS[suffix]
            width, height = _raster_size(data, fmt, f"{where}: {src}")
            picture = Picture(key, name, "raster", width, height, read, fmt)
        picture.digest = hashlib.sha256(data).hexdigest()
        self.found[key] = picture
        return picture

    def draw(self, c: Canvas, picture: Picture, box: tuple[float, float, float, float], fit: str) -> None:
        """``picture`` in ``box`` (x, y, width, height, from its lower left), as ``fit`` places it."""
        x, y, width, height = box
        shown = placed(picture.width, picture.height, box, fit)
        if not _defined(c, picture):
            _define(c, picture)
        c.saveState()
        if fit == "cover":
            path = c.beginPath()
            path.rect(x, y, width, height)
            c.clipPath(path, stroke=0, fill=0)
        sx, sy, sw, sh = shown
        c.translate(sx, sy)
        if picture.kind == "svg":
            c.scale(sw / picture.width, sh / picture.height)
        else:
            c.scale(sw, sh)
        c.doForm(picture.name)
        c.restoreState()

    def use(self, picture: Picture, box: tuple[float, float, float, float], fit: str) -> None:
        """Note a use of ``picture`` in ``box``: the pixels it needs there at DPI."""
        _, _, width, height = placed(picture.width, picture.height, box, fit)
        need = (math.ceil(width / 72 * DPI), math.ceil(height / 72 * DPI))
        picture.need = (max(picture.need[0], need[0]), max(picture.need[1], need[1]))


def placed(width: float, height: float, box: tuple[float, float, float, float], fit: str):
    """Where a picture of ``width`` × ``height`` stands in ``box``: contained or covering it (centred),
    or stretched to it."""
    x, y, box_width, box_height = box
    if fit == "stretch" or width <= 0 or height <= 0:
        return x, y, box_width, box_height
    pick = min if fit == "contain" else max
    scale = pick(box_width / width, box_height / height)
    shown_width, shown_height = width * scale, height * scale
    return x + (box_width - shown_width) / 2, y + (box_height - shown_height) / 2, shown_width, shown_height


# Raster pictures -------------------------------------------------------------------------------------

def _open(data: bytes, fmt: str, where: str):
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # nothing Pillow says reaches the terminal...
            warnings.simplefilter("error", Image.DecompressionBombWarning)  # ...and a bomb is refused
            image = Image.open(io.BytesIO(data), formats=[fmt])
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PrintgenError(f"{where}: far more pixels than printgen reads for a card (a decompression bomb?); "
                            f"make the picture smaller") from None
    except Exception:  # noqa: BLE001 - any decoder's complaint is the same answer
        raise PrintgenError(f"{where}: cannot read it as a {fmt} picture") from None
    width, height = image.size
    if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
        raise PrintgenError(f"{where}: {width} × {height} px: more pixels than printgen reads for a card "
                            f"(at most {MAX_PIXELS // 1_000_000} million pixels, {MAX_SIDE} on a side; a tarot "
                            f"card at {DPI} dpi needs under 6 million); make the picture smaller")
    return image


def _raster_size(data: bytes, fmt: str, where: str) -> tuple[int, int]:
    image = _open(data, fmt, where)
    width, height = image.size
    # A camera's EXIF turn (JPEG, WebP); Pillow would decode a whole PNG to look for one, so a PNG is as stored.
    if fmt != "PNG" and _orientation(image) in (5, 6, 7, 8):
        width, height = height, width
    return width, height


def _orientation(image) -> int:
    try:
        return int(image.getexif().get(0x0112, 1))
    except Exception:  # noqa: BLE001 - a broken EXIF block: the picture as stored
        return 1


def _pixels(picture: Picture, data: bytes, where: str):
    """The picture (its file's ``data``) decoded: (image in L or RGB, alpha in L or None, kept: whether its pixels
    are as stored)."""
    image = _open(data, picture.fmt, where)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Pillow's notes (a palette's transparency, ...) are not the user's
            return _decoded(picture, image)
    except PrintgenError:
        raise
    except Exception:  # noqa: BLE001
        raise PrintgenError(f"{where}: cannot read it as a {picture.fmt} picture (is it cut short?)") from None


def _decoded(picture: Picture, image):
    from PIL import Image, ImageCms, ImageOps

    image.load()
    kept = True
    if picture.fmt != "PNG" and _orientation(image) != 1:
        image = ImageOps.exif_transpose(image)
        kept = False
    profile = image.info.get("icc_profile")
    if image.mode not in ("L", "RGB", "RGBA", "LA"):
        image = image.convert("RGBA" if "transparency" in image.info or image.mode in ("PA", "P") else "RGB")
        kept = False
    if profile and image.mode in ("RGB", "RGBA"):
        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
            image = ImageCms.profileToProfile(image, source, ImageCms.createProfile("sRGB"),
                                              outputMode=image.mode)
            kept = False
        except Exception:  # noqa: BLE001 - a profile LittleCMS cannot read: the pixels taken as sRGB
            pass
    alpha = None
    if image.mode in ("RGBA", "LA"):
        alpha = image.getchannel("A")
        image = image.convert("RGB" if image.mode == "RGBA" else "L")
        kept = False
        if alpha.getextrema() == (255, 255):
            alpha = None
    need_width, need_height = picture.need
    if need_width and need_height and image.width > need_width and image.height > need_height:
        scale = max(need_width / image.width, need_height / image.height)
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.LANCZOS, reducing_gap=3.0)
        alpha = alpha.resize(size, Image.LANCZOS, reducing_gap=3.0) if alpha is not None else None
        kept = False
    return image, alpha, kept


def _defined(c: Canvas, picture: Picture) -> bool:
    return c.hasForm(picture.name)


def _define(c: Canvas, picture: Picture) -> None:
    if picture.kind == "svg":
        _define_svg(c, picture)
        return
    data = picture.data
    image, alpha, kept = _pixels(picture, data, picture.key)
    _define_raster(c, picture, picture.name, image, alpha, kept, data)


def _define_raster(c: Canvas, picture: Picture, name: str, image, alpha, kept: bool, data: bytes = b"") -> None:
    """The image XObject ``name`` of ``image`` (L or RGB) and its ``alpha`` (or None); ``kept``: its pixels are
    as the picture's file (``data``) stores them."""
    press = isinstance(c, CmykCanvas)
    mask = None
    if alpha is not None:
        mask_name = name + "m"
        if press:  # PDF/X-1a: no soft masks; a pixel is shown or not
            hard = alpha.point(lambda v: 0 if v >= 128 else 255).convert("1")
            stream = EncodedImage(mask_name, hard.width, hard.height, None, 1, ["FlateDecode"],
                                  zlib.compress(hard.tobytes(), 6), image_mask=True)
            mask = ("hard", add_image(c, stream))
        else:
            data, parms = _png_rows(alpha)
            stream = EncodedImage(mask_name, alpha.width, alpha.height, "DeviceGray", 8, ["FlateDecode"], data,
                                  parms)
            mask = ("soft", add_image(c, stream))
    if press:
        cmyk = _press_cmyk(image)
        stream = EncodedImage(name, cmyk.width, cmyk.height, "DeviceCMYK", 8, ["FlateDecode"],
                              zlib.compress(cmyk.tobytes(), 6), mask=mask)
    elif kept and picture.fmt == "JPEG" and image.mode in ("L", "RGB"):
        stream = EncodedImage(name, image.width, image.height, _SPACE[image.mode], 8, ["DCTDecode"],
                              data, mask=mask)
    elif picture.fmt in ("JPEG", "WEBP") and alpha is None:
        out = io.BytesIO()
        image.save(out, "JPEG", quality=JPEG_QUALITY, optimize=False)
        stream = EncodedImage(name, image.width, image.height, _SPACE[image.mode], 8, ["DCTDecode"],
                              out.getvalue(), mask=mask)
    else:
        rows = _stored_png_rows(data) if kept and picture.fmt == "PNG" else None
        data, parms = rows or _png_rows(image)
        stream = EncodedImage(name, image.width, image.height, _SPACE[image.mode], 8, ["FlateDecode"], data,
                              parms, mask=mask)
    add_image(c, stream)


_SPACE = {"L": "DeviceGray", "RGB": "DeviceRGB"}


def _png_rows(image) -> tuple[bytes, dict]:
    """``image`` (L or RGB) as PNG-compressed rows, which PDF reads with the PNG predictors."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    rows = _stored_png_rows(out.getvalue(), any_kind=True)
    assert rows is not None
    return rows


def _stored_png_rows(data: bytes, any_kind: bool = False) -> tuple[bytes, dict] | None:
    """A PNG's IDAT data and the DecodeParms PDF needs to read it, if PDF can read it as it is stored:
    8 bits, grey or RGB, not interlaced. None otherwise."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    position, chunks = 8, []
    width = height = depth = colour = interlace = None
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body[:13])
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
        position += 12 + length
    if depth != 8 or colour not in (0, 2) or interlace != 0 or not chunks:
        return None
    colours = 1 if colour == 0 else 3
    return b"".join(chunks), {"Predictor": 15, "Colors": colours, "BitsPerComponent": 8, "Columns": width}


@cache
def _cmyk_transform():
    from PIL import ImageCms

    profile = ImageCms.getOpenProfile(str(resource_dir("data") / "icc" / PROFILE_FILE))
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def _press_cmyk(image):
    """RGB through the press profile, grey as black ink alone, C + M + Y + K cut back to the ink limit."""
    from PIL import Image, ImageCms, ImageMath, ImageOps

    if image.mode == "L":
        black = ImageOps.invert(image)
        blank = Image.new("L", image.size, 0)
        return Image.merge("CMYK", (blank, blank, blank, black))
    cmyk = ImageCms.applyTransform(image, _cmyk_transform())
    c, m, y, k = cmyk.split()
    limit = int(INK_LIMIT * 255)
    coloured = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"], c=c, m=m, y=y)
    scale = ImageMath.lambda_eval(
        lambda a: a["min"](a["float"](limit - a["k"]) / a["max"](a["float"](a["s"]), 1), 1.0), k=k, s=coloured)
    cut = [ImageMath.lambda_eval(lambda a: a["convert"](a["x"] * a["f"], "L"), x=channel, f=scale)
           for channel in (c, m, y)]
    return Image.merge("CMYK", (*cut, k))


# SVG -------------------------------------------------------------------------------------------------

def _svg_drawing(data: bytes, where: str):
    """A checked SVG as a ReportLab drawing; one line for anything refused."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                             huge_tree=False, remove_comments=True, remove_pis=True, recover=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise PrintgenError(f"{where}: not readable as SVG ({str(exc).splitlines()[0][:120]})") from None
    info = root.getroottree().docinfo
    if info.doctype or info.internalDTD is not None or info.externalDTD is not None:
        raise PrintgenError(f"{where}: the SVG has a DOCTYPE (entities could reach outside the file); "
                            f"save it without one")
    if root.tag != f"{{{SVG_NS}}}svg":
        raise PrintgenError(f"{where}: not an SVG picture (its root is not <svg>)")
    foreign = []
    for count, element in enumerate(root.iter(), start=1):
        if count > MAX_SVG_ELEMENTS:
            raise PrintgenError(f"{where}: more than {MAX_SVG_ELEMENTS} elements; simplify the picture")
        if not isinstance(element.tag, str):
            if isinstance(element, etree._Entity):
                raise PrintgenError(f"{where}: the SVG uses an entity (&{element.name};); save it without")
            continue
        namespace, _, local = element.tag[1:].partition("}") if element.tag.startswith("{") else ("", "", element.tag)
        if namespace != SVG_NS:
            foreign.append(element)  # an editor's own notes (Inkscape's namedview, RDF): not drawn
            continue
        if local not in SVG_DRAWN:
            raise PrintgenError(f"{where}: the SVG has a <{local}> element, which printgen does not draw" + {
                "text": " (convert text to paths: printgen draws only its own fonts)",
                "image": " (a picture inside an SVG; give it as a picture of its own)",
                "script": " (nothing in a picture runs)"}.get(local, ""))
        for attribute, value in element.attrib.items():
            name = attribute.rpartition("}")[2]
            if name == "href" and not value.strip().startswith("#"):
                raise PrintgenError(f"{where}: the SVG refers to {value.strip()[:60]!r}; a picture may refer only "
                                    f"to its own parts (#id)")
            _check_urls(value, where)
        if local == "style" and element.text:
            if "@import" in element.text.lower():
                raise PrintgenError(f"{where}: the SVG's style imports another file; give one file")
            _check_urls(element.text, where)
    for element in foreign:
        parent = element.getparent()
        if parent is not None:
            parent.remove(element)
    from svglib.svglib import SvgRenderer

    # svglib logs what it passes over as warnings: noise here, where what cannot be drawn is refused in words of
    # our own. Set for the process and left so (printgen's only use of svglib), not set and put back around each
    # picture, where two threads drawing at once could leave it either way.
    logging.getLogger("svglib").setLevel(logging.CRITICAL + 1)
    try:
        drawing = SvgRenderer("").render(root)
    except Exception:  # noqa: BLE001 - any failure in the converter is the picture's
        raise PrintgenError(f"{where}: cannot draw this SVG") from None
    if not (drawing.width > 0 and drawing.height > 0) or max(drawing.width, drawing.height) > 1e5:
        raise PrintgenError(f"{where}: the SVG has no size; give it width and height or a viewBox")
    return drawing


def _check_urls(text: str, where: str) -> None:
    for match in _URL.finditer(text):
        if not match.group(2).strip().startswith("#"):
            raise PrintgenError(f"{where}: the SVG refers to url({match.group(2).strip()[:60]}); a picture may "
                                f"refer only to its own parts (#id)")


def _define_svg(c: Canvas, picture: Picture) -> None:
    drawing = picture.drawing
    if isinstance(c, CmykCanvas):
        if _translucent(drawing):
            _define_flattened_svg(c, picture)
            return
        _opaque(drawing)  # the canvas makes every colour press CMYK but a gradient's
    # An SVG's opacity and gradients need their graphics states and shadings in the form's resources;
    # it draws no text (text is refused), so it names no font.
    with full_form(c, picture.name, picture.width, picture.height, fonts=False):
        _render_svg(drawing, c)


def _render_svg(drawing, c: Canvas) -> None:
    from reportlab.graphics import renderPDF

    renderPDF.draw(drawing, _Untyped(c), 0, 0)


def _define_flattened_svg(c: Canvas, picture: Picture) -> None:
    """An SVG with transparency, for a press file (PDF/X-1a has none): drawn as the sheet version draws it,
    each tint over what lies under it in the picture, at the pixels its largest use needs at DPI; then made
    press CMYK as a raster picture is, what it leaves see-through a hard-edged mask. The form of its name
    shows that image over the picture's own size, so it is placed as the vector form would be."""
    image, alpha = _svg_pixels(picture)
    _define_raster(c, picture, picture.name + "r", image, alpha, kept=False)
    with full_form(c, picture.name, picture.width, picture.height, fonts=False):
        c.scale(picture.width, picture.height)
        c.doForm(picture.name + "r")


def _svg_pixels(picture: Picture):
    """The SVG drawn by PDFium with its transparency, at the size its largest use needs at DPI: (RGB image,
    alpha or None where every pixel is opaque)."""
    import pypdfium2

    width, height = picture.need
    if not (width and height):
        width, height = (math.ceil(side / 72 * DPI) for side in (picture.width, picture.height))
    page = io.BytesIO()
    canvas = Canvas(page, pagesize=(picture.width, picture.height), invariant=1)
    _render_svg(picture.drawing, canvas)
    canvas.showPage()
    canvas.save()
    document = pypdfium2.PdfDocument(page.getvalue())
    try:
        bitmap = document[0].render(scale=width / picture.width, fill_color=(255, 255, 255, 0), rev_byteorder=True,
                                    draw_annots=False)
        image = bitmap.to_pil().convert("RGBA")
    finally:
        document.close()
    if image.size != (width, height):
        image = image.resize((width, height))
    alpha = image.getchannel("A")
    return image.convert("RGB"), None if alpha.getextrema() == (255, 255) else alpha


def _translucent(node) -> bool:
    """Whether any part of a drawing is less than opaque: an opacity, a colour's alpha, a gradient's stop."""
    if any(getattr(colour, "alpha", 1) < 1 for colour in getattr(node, "_rl_colors", None) or ()):
        return True
    for attribute in ("fillColor", "strokeColor"):
        if getattr(getattr(node, attribute, None), "alpha", 1) < 1:
            return True
    for attribute in ("fillOpacity", "strokeOpacity"):
        if getattr(node, attribute, None) is not None and getattr(node, attribute) < 1:
            return True
    return any(_translucent(child) for child in getattr(node, "contents", ()) or ())


class _Untyped:
    """A canvas for a drawing without text: ReportLab's renderer selects its default font (Helvetica, which
    printgen never embeds) before it draws a thing; here that selection is let go, and all else is the canvas's."""

    def __init__(self, canvas: Canvas):
        self.__dict__["_canvas"] = canvas

    def __getattr__(self, name: str):
        return getattr(self._canvas, name)

    def setFont(self, *args, **kwargs) -> None:  # noqa: N802 - ReportLab's name
        pass


def _opaque(node) -> None:
    """Every colour of a drawing made opaque (alpha dropped), and a gradient's colours press CMYK (the
    canvas converts every colour it is given but a shading's), for a press file."""
    stops = getattr(node, "_rl_colors", None)  # svglib's gradient shapes
    if stops:
        from reportlab.lib.colors import CMYKColor

        from ..render.cmyk import press_cmyk

        node._rl_colors = [CMYKColor(*press_cmyk((c.red, c.green, c.blue))) if not isinstance(c, CMYKColor)
                           else c for c in stops]
    for attribute in ("fillColor", "strokeColor"):
        colour = getattr(node, attribute, None)
        if colour is not None and getattr(colour, "alpha", 1) != 1:
            colour = colour.clone()
            colour.alpha = 1
            setattr(node, attribute, colour)
    for attribute in ("fillOpacity", "strokeOpacity"):
        if getattr(node, attribute, None) is not None:
            setattr(node, attribute, None)
    for child in getattr(node, "contents", ()) or ():
        _opaque(child)

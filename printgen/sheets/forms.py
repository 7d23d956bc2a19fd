"""Fillable sheets: turn the collected blanks into PDF form fields, with an embedded font.

ReportLab's own form fields can only name the standard 14 fonts, which are
never embedded. So the sheet is drawn as usual and the fields are added
afterwards with pikepdf: text fields use Charis SIL, cut down to the
Windows-1252 characters (enough for any name in a Western European language)
and embedded once as a TrueType font in the form's resources and in each
field's appearance; every text field's tooltip says it takes those letters.
Tick boxes draw their cross as lines and need no font; a choice of one is a
radio group whose buttons show a cross, a ring round the printed word or a dot.

Every field carries its own finished appearance: a text field its value set in
the embedded font, a button an "on" and an "off" drawing, and each button's
appearance characteristics (/MK: the ZapfDingbats sign of its mark), so every
viewer draws them alike, whether it shows the appearances (MuPDF, Acrobat) or
builds its own from /MK (Poppler, when a filler asks it to). A viewer builds a
text field's appearance afresh as a player types, from /DA and the form's
embedded font. A pre-rolled sheet's values are the fields' values, so a player
can edit them.
"""

from __future__ import annotations

import io
import logging
from functools import cache

import pikepdf
from fontTools import subset
from fontTools.ttLib import TTFont

from ..render import text
from ..resources import fonts_dir
from .draw import FormField

FONT_FILE = "CharisSIL-Regular.ttf"
FONT_KEY = "/PGForm"
BASE_FONT = "PGFRMA+CharisSIL"
CODES = range(32, 256)


def _char(code: int) -> str | None:
    try:
        return bytes([code]).decode("cp1252")
    except UnicodeDecodeError:
        return None


@cache
def _font_program() -> tuple[bytes, dict]:
    """Charis SIL cut down to Windows-1252, with the metrics a PDF font dictionary needs."""
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)
    font = TTFont(str(fonts_dir() / FONT_FILE), recalcTimestamp=False)
    options = subset.Options()
    options.recalc_timestamp = False
    options.glyph_names = True
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.layout_features = []
    unicodes = [ord(ch) for ch in (_char(code) for code in CODES) if ch]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    upem = font["head"].unitsPerEm
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    widths = []
    for code in CODES:
        ch = _char(code)
        glyph = cmap.get(ord(ch)) if ch else None
        widths.append(round(hmtx[glyph][0] * 1000 / upem) if glyph else 0)
    head, hhea, os2 = font["head"], font["hhea"], font["OS/2"]
    scale = 1000 / upem
    metrics = {
        "widths": widths,
        "bbox": [round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)],
        "ascent": round(hhea.ascent * scale),
        "descent": round(hhea.descent * scale),
        "cap": round(getattr(os2, "sCapHeight", hhea.ascent * 0.7) * scale),
    }
    return out.getvalue(), metrics


def _font_object(pdf: pikepdf.Pdf) -> pikepdf.Object:
    program, m = _font_program()
    file_stream = pikepdf.Stream(pdf, program)
    file_stream.Length1 = len(program)
    descriptor = pikepdf.Dictionary(
        Type=pikepdf.Name.FontDescriptor, FontName=pikepdf.Name("/" + BASE_FONT), Flags=32,
        FontBBox=pikepdf.Array(m["bbox"]), ItalicAngle=0, Ascent=m["ascent"], Descent=m["descent"],
        CapHeight=m["cap"], StemV=80, FontFile2=file_stream,
    )
    return pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.TrueType, BaseFont=pikepdf.Name("/" + BASE_FONT),
        FirstChar=CODES[0], LastChar=CODES[-1], Widths=pikepdf.Array(m["widths"]),
        Encoding=pikepdf.Name.WinAnsiEncoding, FontDescriptor=pdf.make_indirect(descriptor),
    ))


def field_name(name: str) -> str:
    """A field name as stored: a PDF field name may not contain a full stop, so parts are joined with _."""
    return name.replace(".", "_").replace(" ", "-")


def add_fields(data: bytes, fields: list[FormField]) -> bytes:
    pdf = pikepdf.open(io.BytesIO(data))
    font = _font_object(pdf)
    resources = pdf.make_indirect(pikepdf.Dictionary(Font=pikepdf.Dictionary({FONT_KEY: font})))
    all_fields = pikepdf.Array()
    shared: dict[tuple, object] = {}  # one appearance stream per size of blank, shared by its fields
    groups: dict[str, pikepdf.Object] = {}  # radio groups by name: the parent field of their buttons
    for f in fields:
        page = pdf.pages[f.page]
        x0, y0, x1, y1 = (round(v, 2) for v in f.rect)
        w, h = x1 - x0, y1 - y0
        annot = pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Widget, T=pikepdf.String(field_name(f.name)),
            TU=pikepdf.String(f.tooltip), Rect=pikepdf.Array([x0, y0, x1, y1]), F=4, P=page.obj,
        )
        mk = pikepdf.Dictionary()
        if f.rotation:
            mk.R = f.rotation
        bw, bh = (h, w) if f.rotation in (90, 270) else (w, h)
        matrix = _rotation_matrix(f.rotation, w, h)
        if f.kind in ("check", "radio"):
            annot.FT = pikepdf.Name.Btn
            annot.AS = pikepdf.Name.Off
            # A button has its own drawn appearance; naming the embedded font keeps
            # viewers from reaching for an unembedded symbol font.
            annot.DA = pikepdf.String(f"{FONT_KEY} 0 Tf 0 g")
            mark = f.mark if f.kind == "radio" else "cross"
            key = (mark, round(bw, 2), round(bh, 2), tuple(matrix))
            if key not in shared:
                shared[key] = (pdf.make_indirect(_xobject(pdf, MARKS[mark](bw, bh), bw, bh, matrix)),
                               # "q Q", not empty: an empty stream compresses to data viewers call truncated
                               pdf.make_indirect(_xobject(pdf, b"q Q", bw, bh, matrix)))
            on, off = shared[key]
            state = pikepdf.Name("/" + _state_name(f.value)) if f.kind == "radio" else pikepdf.Name.Yes
            annot.AP = pikepdf.Dictionary(N=pikepdf.Dictionary({str(state): on, "/Off": off}))
            annot.AS = state if f.on else pikepdf.Name.Off
            mk.CA = pikepdf.String(ZAPF_SIGNS[mark])
            if f.kind == "radio":
                ref = pdf.make_indirect(annot)
                _join_group(pdf, groups, all_fields, f, ref, state)
                _place(pdf, page, ref, mk)
                continue
            annot.V = state if f.on else pikepdf.Name.Off
        else:
            annot.FT = pikepdf.Name.Tx
            size = max(6.0, min(f.font_size, 14.0))
            annot.DA = pikepdf.String(f"{FONT_KEY} {size:g} Tf 0 g")
            if f.multiline:
                annot.Ff = 4096
            if f.centre:
                annot.Q = 1
            if f.value:
                annot.V = pikepdf.String(f.value)
                annot.AP = pikepdf.Dictionary(N=pdf.make_indirect(_xobject(
                    pdf, _text_appearance(f.value, size, bw, bh, f.multiline, f.centre), bw, bh, matrix, resources)))
            else:
                key = ("text", round(bw, 2), round(bh, 2), size, tuple(matrix))
                if key not in shared:
                    shared[key] = pdf.make_indirect(_xobject(
                        pdf, f"/Tx BMC q BT {FONT_KEY} {size:g} Tf ET Q EMC".encode(), bw, bh, matrix, resources))
                annot.AP = pikepdf.Dictionary(N=shared[key])
        ref = pdf.make_indirect(annot)
        _place(pdf, page, ref, mk)
        all_fields.append(ref)
    pdf.Root.AcroForm = pdf.make_indirect(pikepdf.Dictionary(
        Fields=all_fields, DR=resources, DA=pikepdf.String(f"{FONT_KEY} 10 Tf 0 g"),
    ))
    out = io.BytesIO()
    pdf.save(out, deterministic_id=True, compress_streams=True,
             object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return out.getvalue()


def _place(pdf: pikepdf.Pdf, page: pikepdf.Page, ref: pikepdf.Object, mk: pikepdf.Dictionary) -> None:
    """Put a widget on its page, in the order the sheet was drawn."""
    if len(mk):
        ref.MK = mk
    if "/Annots" not in page.obj:
        page.obj.Annots = pdf.make_indirect(pikepdf.Array())
        page.obj.Tabs = pikepdf.Name.R  # Tab moves along the rows, as the eye reads the sheet
    page.obj.Annots.append(ref)


RADIO = 1 << 15
NO_TOGGLE_TO_OFF = 1 << 14


def _join_group(pdf: pikepdf.Pdf, groups: dict[str, pikepdf.Object], all_fields: pikepdf.Array, f: FormField,
                widget: pikepdf.Object, state: pikepdf.Name) -> None:
    """Make a radio button a kid of its group's field, which holds the name, the flags and the choice."""
    if f.name not in groups:
        group = pdf.make_indirect(pikepdf.Dictionary(
            FT=pikepdf.Name.Btn, T=pikepdf.String(field_name(f.name)), Ff=RADIO | NO_TOGGLE_TO_OFF,
            V=pikepdf.Name.Off, Kids=pikepdf.Array(), TU=pikepdf.String(f.tooltip.rsplit(":", 1)[0]),
        ))
        groups[f.name] = group
        all_fields.append(group)
    del widget.T
    widget.Parent = groups[f.name]
    groups[f.name].Kids.append(widget)
    if f.on:
        groups[f.name].V = state


def _state_name(value: str) -> str:
    """A choice as a PDF appearance-state name: letters and digits kept, anything else as _."""
    return "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in value) or "On"


def _xobject(pdf: pikepdf.Pdf, content: bytes, w: float, h: float, matrix: list[float],
             resources: pikepdf.Dictionary | None = None) -> pikepdf.Stream:
    stream = pikepdf.Stream(pdf, content)
    stream.Type = pikepdf.Name.XObject
    stream.Subtype = pikepdf.Name.Form
    stream.BBox = pikepdf.Array([0, 0, w, h])
    stream.Matrix = pikepdf.Array(matrix)
    if resources is not None:
        stream.Resources = resources
    return stream


def _rotation_matrix(rotation: int, w: float, h: float) -> list[float]:
    """The appearance matrix that turns a field's upright box to its rotation on the page."""
    if rotation == 90:
        return [0, 1, -1, 0, w, 0]
    if rotation == 270:
        return [0, -1, 1, 0, 0, h]
    return [1, 0, 0, 1, 0, 0]


def _cross(w: float, h: float) -> bytes:
    inset = min(w, h) * 0.18
    return (f"q 0 G 1 w {inset:.2f} {inset:.2f} m {w - inset:.2f} {h - inset:.2f} l "
            f"{inset:.2f} {h - inset:.2f} m {w - inset:.2f} {inset:.2f} l S Q").encode()


def _ellipse(x0: float, y0: float, x1: float, y1: float) -> str:
    """An ellipse path in the box, as four Bézier arcs."""
    k = 0.5523
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    return (f"{cx + rx:.2f} {cy:.2f} m "
            f"{cx + rx:.2f} {cy + k * ry:.2f} {cx + k * rx:.2f} {cy + ry:.2f} {cx:.2f} {cy + ry:.2f} c "
            f"{cx - k * rx:.2f} {cy + ry:.2f} {cx - rx:.2f} {cy + k * ry:.2f} {cx - rx:.2f} {cy:.2f} c "
            f"{cx - rx:.2f} {cy - k * ry:.2f} {cx - k * rx:.2f} {cy - ry:.2f} {cx:.2f} {cy - ry:.2f} c "
            f"{cx + k * rx:.2f} {cy - ry:.2f} {cx + rx:.2f} {cy - k * ry:.2f} {cx + rx:.2f} {cy:.2f} c")


def _ring(w: float, h: float) -> bytes:
    """A ring round the printed word, as a pre-rolled sheet circles its choice."""
    return f"q 0 G 1.2 w {_ellipse(1.2, 1.2, w - 1.2, h - 1.2)} S Q".encode()


def _dot(w: float, h: float) -> bytes:
    """A dot filling the middle of a drawn circle."""
    r = min(w, h) * 0.28
    return f"q 0 g {_ellipse(w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r)} f Q".encode()


MARKS = {"cross": _cross, "ring": _ring, "dot": _dot}
# The same marks as ZapfDingbats signs, for a viewer that draws a button from its /MK: ✘, ❍ and ●.
ZAPF_SIGNS = {"cross": "8", "ring": "m", "dot": "l"}

PADDING = 2.0  # pt between a text field's edge and its text


def _text_appearance(value: str, size: float, w: float, h: float, multiline: bool, centre: bool) -> bytes:
    """A text field's value set in the form's font: one line in the middle of the height, or lines from the
    top; each line from the left, or centred."""
    _, metrics = _font_program()
    widths = metrics["widths"]

    def width(words: str) -> float:
        return sum(widths[code - CODES[0]] for code in words.encode("cp1252", "replace")) * size / 1000

    lines = _wrap(value, width, w - 2 * PADDING) if multiline else [value]
    leading = size * 1.15
    top = h - PADDING - size * 0.8 if multiline else (h - size * 0.7) / 2
    shown = []
    for index, line in enumerate(lines):
        y = top - index * leading
        if y < 0:
            break
        escaped = line.encode("cp1252", "replace").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
        x = (w - width(line)) / 2 if centre else PADDING
        shown.append(b"1 0 0 1 %.2f %.2f Tm (" % (x, y) + escaped + b") Tj")
    body = b" ".join(shown)
    return (b"/Tx BMC q BT %s %g Tf 0 g " % (FONT_KEY.encode(), size)) + body + b" ET Q EMC"


def _wrap(value: str, width, room: float) -> list[str]:
    """The value's words in lines of ``room``, measured in the form's font, by the text engine's one break
    rule."""
    words = value.split()
    if not words:
        return []
    groups = text.greedy([width(word) for word in words], [width(" ")] * len(words), room)
    return [" ".join(words[k] for k in group) for group in groups]

"""Fillable sheets: turn the collected blanks into PDF form fields, with an embedded font.

ReportLab's own form fields can only name the standard 14 fonts, which are
never embedded. So the sheet is drawn as usual and the fields are added
afterwards, written as they come into an incremental update of the finished
file (render/pdf_update.py; as pikepdf objects a thousand sheets' 140,000
widgets took a gigabyte): text fields use Charis SIL, cut down to the
Windows-1252 characters (enough for any name in a Western European language)
and embedded once as a TrueType font in the form's resources and in each
field's appearance; every text field's tooltip says it takes those letters.
Tick boxes draw their cross as lines and need no font; a choice of one is a
radio group whose buttons show a cross, a ring round the printed word or a dot.

Every field carries its own finished appearance: a text field its value set in
the embedded font, in a drawing of its own (a filler such as pypdf writes the
value it sets into that very drawing, so two fields sharing one would show each
other's values), a button an "on" and an "off" drawing (shared by every button
of its mark and size: a state's drawing never changes with a value), and each button's
appearance characteristics (/MK: the ZapfDingbats sign of its mark), so every
viewer draws them alike, whether it shows the appearances (MuPDF, Acrobat) or
builds its own from /MK (Poppler, when a filler asks it to). A viewer builds a
text field's appearance afresh as a player types, from /DA and the form's
embedded font. A pre-rolled sheet's values are the fields' values, so a player
can edit them.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
from functools import cache

from ..render import cache as user_cache
from ..render import text as text_engine
from ..render.pdf_update import Update, array, dictionary, literal, name, number, ref, text
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


CUT_FONTS = "form-fonts"  # the kind of the cache's entries that are the form's font, cut


@cache
def _font_program() -> tuple[bytes, dict]:
    """Charis SIL cut down to Windows-1252, with the metrics a PDF font dictionary needs: the same for every
    sheet, so cut once and kept in the user's cache folder (render/cache.py), by the face's bytes and
    fontTools' release."""
    from fontTools import version as fonttools_version

    face = (fonts_dir() / FONT_FILE).read_bytes()
    entry = user_cache.key(CUT_FONTS, fonttools_version, hashlib.sha256(face).digest(), FONT_FILE)
    kept = user_cache.get(CUT_FONTS, entry)
    if kept is not None:
        size = int.from_bytes(kept[:4], "big")
        try:
            return kept[4 + size:], json.loads(kept[4:4 + size])
        except ValueError:  # an entry of another shape: cut it again
            pass
    program, metrics = _cut_font(face)
    said = json.dumps(metrics).encode()
    user_cache.put(CUT_FONTS, entry, len(said).to_bytes(4, "big") + said + program)
    return program, metrics


def _cut_font(face: bytes) -> tuple[bytes, dict]:
    """The face's program cut to Windows-1252 by fontTools, and its metrics."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)
    font = TTFont(io.BytesIO(face), recalcTimestamp=False)
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


def _font(update: Update) -> int:
    """The form's font (its program, its descriptor and the font), embedded once; the font's object."""
    program, m = _font_program()
    program_file = update.add_stream({"/Length1": b"%d" % len(program)}, program)
    descriptor = update.add(dictionary({
        "/Type": b"/FontDescriptor", "/FontName": name(BASE_FONT), "/Flags": b"32",
        "/FontBBox": array(number(v) for v in m["bbox"]), "/ItalicAngle": b"0", "/Ascent": number(m["ascent"]),
        "/Descent": number(m["descent"]), "/CapHeight": number(m["cap"]), "/StemV": b"80",
        "/FontFile2": ref(program_file),
    }))
    return update.add(dictionary({
        "/Type": b"/Font", "/Subtype": b"/TrueType", "/BaseFont": name(BASE_FONT), "/FirstChar": number(CODES[0]),
        "/LastChar": number(CODES[-1]), "/Widths": array(number(w) for w in m["widths"]),
        "/Encoding": b"/WinAnsiEncoding", "/FontDescriptor": ref(descriptor),
    }))


def field_name(name: str) -> str:
    """A field name as stored: a PDF field name may not contain a full stop, so parts are joined with _."""
    return name.replace(".", "_").replace(" ", "-")


def add_fields(data: bytes, fields: list[FormField]) -> bytes:
    """The document ``data`` with ``fields`` as its form, appended to it as an incremental update."""
    writer = _FormWriter(Update(data))
    for f in fields:
        writer.add(f)
    return writer.finish()


RADIO = 1 << 15
NO_TOGGLE_TO_OFF = 1 << 14
BUTTON_DA = literal(f"{FONT_KEY} 0 Tf 0 g".encode())


@cache
def _button_mk(rotation: int, mark: str) -> bytes:
    """A button's appearance characteristics: its turn, and its mark as the ZapfDingbats sign a viewer that
    builds its own drawing uses."""
    return dictionary({**({"/R": number(rotation)} if rotation else {}), "/CA": literal(ZAPF_SIGNS[mark].encode())})


class _FormWriter:
    """Writes each field as it comes: a text field with an appearance of its own, a button with the on and off
    drawings it shares with every button of its mark and size."""

    def __init__(self, update: Update):
        self.update = update
        self.pages = [page.obj.objgen[0] for page in update.pdf.pages]
        self.resources = update.add(dictionary({"/Font": dictionary({FONT_KEY: ref(_font(update))})}))
        self.fields: list[int] = []  # the form's top-level fields, in order
        self.widgets: dict[int, list[int]] = {}  # each page's widgets, in the order the sheet was drawn
        self.drawings: dict[tuple, tuple[int, int]] = {}  # a button's on and off drawings, by mark, size and turn
        self.states: dict[tuple, bytes] = {}  # a button's appearance dictionary, by the same and its state
        self.groups: dict[str, tuple[int, list[int], dict[str, bytes]]] = {}  # radio group: field, kids, entries
        # What a thousand sheets write again and again, written once: their fields stand in the same places.
        self.rects: dict[tuple[float, ...], tuple[tuple[float, ...], bytes]] = {}  # a rect, rounded and written
        self.tooltips: dict[str, bytes] = {}

    def add(self, f: FormField) -> None:
        placed = self.rects.get(f.rect)
        if placed is None:
            corners = tuple(round(v, 2) for v in f.rect)
            placed = self.rects[f.rect] = (corners, array(number(v) for v in corners))
        (x0, y0, x1, y1), rect = placed
        w, h = x1 - x0, y1 - y0
        bw, bh = (h, w) if f.rotation in (90, 270) else (w, h)
        matrix = _rotation_matrix(f.rotation, w, h)
        tooltip = self.tooltips.get(f.tooltip)
        if tooltip is None:
            tooltip = self.tooltips[f.tooltip] = text(f.tooltip)
        if f.kind == "check":  # most of a sheet's fields: written straight out, as dictionary() writes them
            shown = b"/Yes" if f.on else b"/Off"
            widget = self.update.add(
                b"<</Type /Annot/Subtype /Widget/T " + text(field_name(f.name)) + b"/TU " + tooltip + b"/Rect "
                + rect + b"/F 4/P %d 0 R/FT /Btn/DA " % self.pages[f.page] + BUTTON_DA + b"/AP "
                + self._states("cross", bw, bh, matrix, "/Yes") + b"/AS " + shown + b"/MK "
                + _button_mk(f.rotation, "cross") + b"/V " + shown + b">>")
            self.widgets.setdefault(f.page, []).append(widget)
            self.fields.append(widget)
            return
        entries = {"/Type": b"/Annot", "/Subtype": b"/Widget", "/T": text(field_name(f.name)),
                   "/TU": tooltip, "/Rect": rect, "/F": b"4", "/P": ref(self.pages[f.page])}
        if f.kind in ("check", "radio"):
            # A button has its own drawn appearance; naming the embedded font keeps
            # viewers from reaching for an unembedded symbol font.
            mark = f.mark if f.kind == "radio" else "cross"
            state = "/" + _state_name(f.value) if f.kind == "radio" else "/Yes"
            shown = name(state if f.on else "/Off")
            entries.update({"/FT": b"/Btn", "/DA": BUTTON_DA, "/AP": self._states(mark, bw, bh, matrix, state),
                            "/AS": shown, "/MK": _button_mk(f.rotation, mark)})
            if f.kind == "radio":
                self._join_group(f, entries, state)
                return
            entries["/V"] = shown
        else:
            size = max(6.0, min(f.font_size, 14.0))
            entries.update({"/FT": b"/Tx", "/DA": literal(f"{FONT_KEY} {size:g} Tf 0 g".encode())})
            if f.multiline:
                entries["/Ff"] = b"4096"
            if f.centre:
                entries["/Q"] = b"1"
            if f.value:
                entries["/V"] = text(f.value)
                drawing = _text_appearance(f.value, size, bw, bh, f.multiline, f.centre)
            else:
                drawing = f"/Tx BMC q BT {FONT_KEY} {size:g} Tf ET Q EMC".encode()
            # Its own drawing, always: a filler (pypdf, a viewer) writes the field's value into this very one.
            entries["/AP"] = dictionary({"/N": ref(self._xobject(drawing, bw, bh, matrix, with_font=True))})
            if f.rotation:
                entries["/MK"] = dictionary({"/R": number(f.rotation)})
        widget = self.update.add(dictionary(entries))
        self.widgets.setdefault(f.page, []).append(widget)
        self.fields.append(widget)

    def _states(self, mark: str, w: float, h: float, matrix: list[float], state: str) -> bytes:
        """A button's appearances: the on and off drawings of ``mark`` at its size, made once for all such
        buttons, under the names of its ``state`` and Off."""
        key = (mark, round(w, 2), round(h, 2), tuple(matrix), state)
        if key not in self.states:
            drawings = self.drawings.get(key[:4])
            if drawings is None:
                # "q Q", not empty: an empty stream compresses to data viewers call truncated
                drawings = self.drawings[key[:4]] = (self._xobject(MARKS[mark](w, h), w, h, matrix),
                                                     self._xobject(b"q Q", w, h, matrix))
            on, off = drawings
            self.states[key] = dictionary({"/N": dictionary({state: ref(on), "/Off": ref(off)})})
        return self.states[key]

    def _xobject(self, content: bytes, w: float, h: float, matrix: list[float], with_font: bool = False) -> int:
        entries = {"/Type": b"/XObject", "/Subtype": b"/Form", "/BBox": array(number(v) for v in (0, 0, w, h)),
                   "/Matrix": array(number(v) for v in matrix)}
        if with_font:
            entries["/Resources"] = ref(self.resources)
        return self.update.add_stream(entries, content)

    def _join_group(self, f: FormField, entries: dict[str, bytes], state: str) -> None:
        """A radio button is a kid of its group's field, which holds the name, the flags and the choice."""
        if f.name not in self.groups:
            group = self.update.reserve()
            self.groups[f.name] = (group, [], {
                "/FT": b"/Btn", "/T": text(field_name(f.name)), "/Ff": b"%d" % (RADIO | NO_TOGGLE_TO_OFF),
                "/V": b"/Off", "/TU": text(f.tooltip.rsplit(":", 1)[0]),
            })
            self.fields.append(group)
        group, kids, group_entries = self.groups[f.name]
        del entries["/T"]
        entries["/Parent"] = ref(group)
        widget = self.update.add(dictionary(entries))
        kids.append(widget)
        self.widgets.setdefault(f.page, []).append(widget)
        if f.on:
            group_entries["/V"] = name(state)

    def finish(self) -> bytes:
        """The groups, each page's widgets and the form, and the whole file."""
        for group, kids, entries in self.groups.values():
            self.update.put(group, dictionary({**entries, "/Kids": array(ref(kid) for kid in kids)}))
        for index, widgets in self.widgets.items():
            page = self.update.pdf.pages[index]
            own = [item.unparse() for item in page.obj.get("/Annots", [])]
            annots = self.update.add(array([*own, *(ref(widget) for widget in widgets)]))
            # /Tabs /R: Tab moves along the rows, as the eye reads the sheet
            self.update.replace_page(page, {"/Annots": ref(annots), "/Tabs": b"/R"})
        fields = self.update.add(array(ref(field) for field in self.fields))
        form = self.update.add(dictionary({"/Fields": ref(fields), "/DR": ref(self.resources),
                                           "/DA": literal(f"{FONT_KEY} 10 Tf 0 g".encode())}))
        self.update.replace_catalogue({"/AcroForm": ref(form)})
        return self.update.finish()


def _state_name(value: str) -> str:
    """A choice as a PDF appearance-state name: letters and digits kept, anything else as _."""
    return "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in value) or "On"


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
    groups = text_engine.greedy([width(word) for word in words], [width(" ")] * len(words), room)
    return [" ".join(words[k] for k in group) for group in groups]

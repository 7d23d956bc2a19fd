"""Cards drawn by a card design of your own (``card_design``): the face kind "layout", and its backs.

A custom deck given ``--card-layout`` is made of ``LayoutCard``s, each
holding its row of the data file. ``prepare`` works out, once per card, what
each element draws: its box in points, whether its ``when`` holds, its text
fitted by the one text engine (render/text.py: wrapping, shrinking from
``size`` to ``min-size``, ``*italic*`` and ``**bold**`` as runs, symbols from
the symbol font), its colours and its picture; anything wrong stops the run
before a page is drawn, in one line naming the card, the layout's element
and what is wrong. ``draw`` then paints it inside the trimmed card; the
sheets, bleed, marks and print-shop files around it are the deck's own.

A layout with a ``back:`` gives each card a ``LayoutBack``: cards whose backs
come out the same share one drawing of it, as printgen's own backs do.
"""

from __future__ import annotations

import hashlib
import io
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError
from ..render import fonts
from ..render import text as engine
from ..render.cmyk import CmykCanvas, press_cmyk
from ..units import mm
from . import glyphs, inline, shapes, system_fonts
from .card_design import FONT_STYLES, FONT_SUFFIXES, SPECIAL, Element, Layout, Length, colour, paint
from .columns import read as read_under_both
from .columns import with_aliases
from .face_parts import INK, mix
from .failures import cards_failed, named
from .marks import lighter
from .model import LAYOUT_FACE, BackStyle, Card, Deck
from .pictures import Pictures
from .reading import Numbering
from .sizes import CardSize
from .text import SIZE_STEP, SPACING
from .user_files import Folder, digest_of

KIND = LAYOUT_FACE
BLEED_FOR_PICTURES = mm(6)  # the most bleed a deck takes: a picture running into it is sized for that
EDGE = 0.01  # pt: an element this close to the card's edge reaches it
_FAMILIES = {"serif": fonts.SERIF, "mono": fonts.MONO}
_DRAWN_LATE = ("@number", "@index")  # known only when the card is drawn
STYLE = {(0, 0): "regular", (1, 0): "bold", (0, 1): "italic", (1, 1): "bold-italic"}
# --ink-saver on a layout: every fill moved this far to white (as printgen's own bands are), and words lighter
# than this (relative luminance) moved this far to ink, so they read on the pale fill.
PALE_FILL = 0.85
LIGHT_WORDS = 0.55
DARKEN = 0.75


@dataclass(frozen=True)
class LayoutCard(Card):
    """A card of a layout deck: its row of the data file, column by column."""

    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class LayoutBack(BackStyle):
    """A card's back drawn by the layout's ``back:`` elements; equal keys share one drawing."""

    key: tuple = ()
    fields: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    design: Any = field(default=None, compare=False, repr=False)

    def define_form(self, c: Canvas, name: str, size: CardSize, bleed: float) -> None:
        """Record this back as the form ``name`` (card space, bleed included)."""
        self.design.define_back(c, name, self, size, bleed)


@dataclass(frozen=True)
class LayoutDeck(Deck):
    design: Any = field(default=None, compare=False, repr=False)
    numbering: Numbering | None = field(default=None, compare=False, repr=False)  # --rows: whole-deck numbers

    def as_data(self) -> dict:
        """The deck as data: each card's row as read, its count and back."""
        return {"name": self.name, "title": self.title, "layout": str(self.design.layout.path),
                "cards": [{"source": card.source, "count": card.count, "back": card.back, "fields": dict(card.fields)}
                          for card in self.cards],
                "printed": len(self.printed_cards())}


@dataclass(frozen=True)
class Item:
    """One element as a card draws it: its kind, its box (from the trim's lower left) and what it shows."""

    kind: str
    box: tuple[float, float, float, float]
    reach: tuple[bool, bool, bool, bool] = (False, False, False, False)  # left, bottom, right, top edge reached
    values: dict = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class PreparedLayout:
    card: LayoutCard
    items: tuple[Item, ...]
    body: engine.Fitted | None = None  # the smallest text that shrank to fit (render's shrink warning reads it)
    title: None = None


class Design:
    """A layout applied to a deck: its fonts and pictures, read once for every card."""

    def __init__(self, layout: Layout, folder: Folder):
        self.layout = layout
        self.folder = folder
        self.pictures = Pictures(folder)
        self._fonts: dict[str, str] = {}
        self._styles: dict[str, tuple[str, set[tuple[int, int]]]] = {}  # a designer's family: its name, its faces
        self.notes: dict[str, None] = {}  # warnings, in the order met, each once
        self.stat_columns: list[str] = []  # the data's columns no element names, which {@stats} shows
        self.draft = False  # --draft: every card made, each problem noted and marked in red on the card
        self.problems: dict[str, None] = {}  # a draft's problems, in the order met, each once
        self._totals: dict[int, int] = {}  # the deck's printed cards, counted once
        self.system_fonts: dict[str, str] = {}  # the computer's font files read (by family name): their SHA-256

    # Preparing ---------------------------------------------------------------------------------------

    def prepare(self, card: LayoutCard, deck: Deck, size: CardSize) -> PreparedLayout:
        fields = self.fields(card, deck, late=True)
        items = tuple(self._items(self.layout.front, fields, card.source, size, deck.ink_saver))
        # The shrink warning (render's) reads "body": the smallest text that had to shrink to fit, if any did.
        shrunk = [item.values["fitted"] for item in items
                  if item.kind == "text" and item.values["fitted"].size < item.values["element"]["size"] - 1e-9]
        smallest = min(shrunk, key=lambda fitted: fitted.size, default=None)
        return PreparedLayout(card, items, smallest)

    def fields(self, card: LayoutCard, deck: Deck, late: bool = False) -> dict[str, str]:
        total = self._totals.get(id(deck))
        if total is None:
            numbering = getattr(deck, "numbering", None)  # --rows: the whole deck's count
            total = self._totals[id(deck)] = numbering.total if numbering else len(deck.printed_cards())
        values = {"@deck": deck.title, "@total": str(total), "@count": str(total),
                  "@back": card.back or deck.back_title or deck.title, "@stats": self.stats(card)}
        if late:  # fitted as wide as the widest number; drawn with the card's own
            values.update({"@number": str(total), "@index": f"{deck.title} {total}/{total}"})
        values.update(with_aliases(dict(card.fields)))
        return values

    def stats(self, card: LayoutCard) -> str:
        """The card's stats, for {@stats}: each column no element names (but count and back), with a value."""
        fields = dict(card.fields)
        return " · ".join(f"**{column[:1].upper() + column[1:]}** {fields[column]}" for column in self.stat_columns
                          if fields.get(column, "").strip())

    def back_key(self, fields: dict[str, str]) -> tuple:
        """What a card's back depends on: the values of the columns its elements read."""
        return tuple((name, fields.get(name, "")) for name in sorted(self._back_columns()))

    def _back_columns(self) -> set[str]:
        return {name for element in self.layout.back or () for name in element.columns}

    def _items(self, elements: tuple[Element, ...], fields: dict[str, str], where: str, size: CardSize,
               pale: bool = False):
        """What each element draws on one side of a card; ``pale`` (--ink-saver): fills in light tints and
        light words made dark to read on them. In a draft, an element that cannot be drawn is noted as a
        problem and marked on the card instead of stopping the run."""
        for element in elements:
            try:
                item = self._item(element, fields, where, size, pale)
            except PrintgenError as exc:
                if not self.draft:
                    raise
                self.problem(str(exc), where, fields)
                x, y, w, h = _box(element, size)
                item = Item("problem", (x, y, max(w, 0.0), max(h, 0.0)))
            if item is not None:
                yield item

    def _item(self, element: Element, fields: dict[str, str], where: str, size: CardSize, pale: bool) -> Item | None:
        label = f"{where}: {element.label}"
        condition = element["when"]
        later = condition is not None and bool(condition.columns & set(_DRAWN_LATE))
        if condition is not None and not _holds(condition, fields, label) and not later:
            return None
        item = self._drawn(element, fields, where, size, pale, label)
        if item is not None and (element["rotate"] is not None or element["opacity"] < 1):
            item = Item(item.kind, item.box, item.reach, {**item.values, "rotate": element["rotate"],
                                                          "opacity": element["opacity"]})
        if later and item is not None:  # decided for each copy as it is drawn, by its own number
            item = Item(item.kind, item.box, item.reach, {**item.values, "when": condition})
        return item

    def _drawn(self, element: Element, fields: dict[str, str], where: str, size: CardSize, pale: bool,
               label: str) -> Item | None:
        width = size.width
        box = _box(element, size)
        if element.kind != "line" and (box[2] < 0 or box[3] < 0):
            raise PrintgenError(f"{label}: its {'width' if box[2] < 0 else 'height'} comes to less than nothing on a "
                                f"{size.name} card")
        if element.kind == "text":
            return self._text(element, fields, box, where, pale)
        if element.kind == "image":
            return self._image(element, fields, box, size, label)
        if element.kind in ("rect", "shape"):
            fill = paint(element["fill"].fill(fields), f"{label}, fill")
            if pale and isinstance(fill, shapes.Gradient):
                fill = fill.mapped(lambda found: lighter(found, PALE_FILL))
            elif pale and isinstance(fill, tuple):
                fill = lighter(fill, PALE_FILL)
            return Item(element.kind, box, _reach(box, size) if element.kind == "rect" else (False,) * 4, {
                "fill": fill, "stroke": colour(element["stroke"].fill(fields), f"{label}, stroke"),
                "stroke-width": _points(element["stroke-width"], width, 0.5),
                "radius": _points(element.spec.get("radius"), width, 0.0), "shape": element.spec.get("shape"),
                "side": width})
        stroke = colour(element["stroke"].fill(fields), f"{label}, stroke")
        if stroke is None:
            return None
        return Item("line", box, values={"stroke": stroke, "stroke-width": _points(element["stroke-width"], width, 0.5)})

    def problem(self, message: str, where: str, fields: dict[str, str]) -> None:
        """A draft's problem, named by the card's place in the file and its title, once."""
        title = fields.get("title", "").strip()
        self.problems.setdefault(named(message, where, title), None)

    def _text(self, element: Element, fields: dict[str, str], box, where: str, pale: bool = False) -> Item | None:
        label = f"{where}: {element.label}"
        words = element["text"].fill(fields)
        if not words.strip():
            return None
        font = self.font(element["font"], f"{label}, font")
        late = any(name in _DRAWN_LATE for name in element["text"].names)
        reading = self._reading(element, fields, label, pale)
        paragraphs = inline.paragraphs(words, font, element["bold"], element["italic"], reading)
        self.missing_faces(font, words, element)
        fitted = fit(paragraphs, box[2], box[3], element["size"], element["min-size"], element["wrap"])
        check_glyphs(label, paragraphs)
        if not fitted.fits:
            too_full = PrintgenError(f"{label}: the text does not fit its box even at {element['min-size']:g} pt; "
                                     f"shorten it, give the box more room or a smaller min-size")
            if not self.draft:
                raise too_full
            self.problem(str(too_full), where, fields)
        for key, width, height in inline.uses(paragraphs, fitted.size):  # picture icons: the pixels they need
            self.pictures.use(self.pictures.found[key], (0, 0, width, height), "contain")
        return Item("text", box, values={
            "fitted": fitted, "template": element["text"] if late else None, "font": font, "element": element,
            "reading": reading if late else None, "overflow": not fitted.fits,
            "color": reading.colour(element["color"].fill(fields), f"{label}, color")})

    def _reading(self, element: Element, fields: dict[str, str], label: str, pale: bool = False) -> inline.Context:
        """How an element's text reads its colours, icons and spans on this card."""
        reader = _pale_reader if pale else _colour_reader
        icon_colour = element["icon-color"]
        return inline.Context(label, reader, None if icon_colour is None else reader(
            icon_colour.fill(fields), f"{label}, icon-color"), self.pictures, element["size"])

    def _image(self, element: Element, fields: dict[str, str], box, size: CardSize, label: str) -> Item:
        src = element["src"].fill(fields)
        if not src.strip():
            return Item("none", box)
        picture = self.pictures.picture(src, f"{label}, src")
        reach = _reach(box, size)
        self.pictures.use(picture, _grown(box, reach, BLEED_FOR_PICTURES), element["fit"])
        return Item("image", box, reach, {"picture": picture, "fit": element["fit"], "mask": element["mask"],
                                          "side": size.width})

    def font(self, name: str, where: str) -> str:
        """The ReportLab family of a layout's font: a bundled one, a family of the layout's ``fonts:``, or a
        font file beside the data (one face, printing bold and italic too)."""
        if name in _FAMILIES:
            return _FAMILIES[name]
        if name in self._fonts:
            return self._fonts[name]
        if name in self.layout.fonts or name.lower().endswith(FONT_SUFFIXES):
            files = self.layout.fonts.get(name, {"regular": name})
            faces = {}
            for style, file in files.items():
                place = f"{where}: {name}, {style}" if name in self.layout.fonts else where
                faces[style] = self._face(self.folder.read(file, place), file, place)
        else:  # a family of the computer's, by name
            faces = {}
            for style, (path, index) in system_fonts.faces(name, where, tuple(self.layout.fonts)).items():
                data = _system_font(path, where)
                self.system_fonts[f"{name}/{style}"] = hashlib.sha256(data).hexdigest()
                faces[style] = self._face(data, path.name, where, index)
        family = "PGF-" + hashlib.sha256("\0".join(f"{k}={v}" for k, v in sorted(faces.items())).encode()
                                         ).hexdigest()[:12]
        for bold in (0, 1):
            for italic in (0, 1):
                wanted = [STYLE[bold, italic], "bold" if bold else "regular", "regular"]
                addMapping(family, bold, italic, next(faces[style] for style in wanted if style in faces))
        self._fonts[name] = family
        self._styles[family] = (name, {key for key, style in STYLE.items() if style in faces})
        return family

    def _face(self, data: bytes, file: str, where: str, index: int = 0) -> str:
        """A font file (beside the data, or the computer's), registered once (by its content) as a face of its
        own."""
        face = "PGU-" + hashlib.sha256(data).hexdigest()[:12] + (f"-{index}" if index else "")
        try:
            pdfmetrics.getFont(face)
        except KeyError:
            try:
                font = TTFont(face, io.BytesIO(data), subfontIndex=index)
            except TTFError as exc:
                raise PrintgenError(f"{where}: {file!r}: " + (
                    "its outlines are PostScript (CFF); give a TrueType .ttf" if "postscript" in str(exc).lower()
                    else "it is not a TrueType font printgen can read")) from None
            except Exception:  # noqa: BLE001 - a malformed font file, whatever the parser trips on
                raise PrintgenError(f"{where}: {file!r}: not a font file printgen can read") from None
            pdfmetrics.registerFont(font)
            for bold in (0, 1):
                for italic in (0, 1):
                    addMapping(face, bold, italic, face)
        return face

    def missing_faces(self, family: str, words: str, element: Element) -> None:
        """Note, once for the element, bold or italic words that a font of the designer's has no face for."""
        if family not in self._styles:
            return
        name, given = self._styles[family]
        lacking = sorted(inline.styles(words, element["bold"], element["italic"]) - given)
        if not lacking:
            return
        shown = " and ".join(STYLE[key] for key in lacking)
        if name not in self.layout.fonts and not name.lower().endswith(FONT_SUFFIXES):
            self.warn(f"{element.label}: {shown} text, but the computer's font family {name!r} has no {shown} face, "
                      f"so it prints in the faces it has")
        elif name in self.layout.fonts:
            self.warn(f"{element.label}: {shown} text, but the font family {name!r} has no {shown} face, so it "
                      f"prints in the faces it has; give them under fonts: {name}: ({', '.join(FONT_STYLES[1:])})")
        else:
            self.warn(f"{element.label}: {shown} text, but {name!r} is one face, so it prints in it; give a family "
                      f"under fonts: (regular, bold, italic, bold-italic files) and name it in font:")

    def warn(self, text: str) -> None:
        """A warning for the person making the deck, given once (the deck is prepared more than once)."""
        self.notes.setdefault(text, None)

    def folders(self) -> list[Folder]:
        """Every folder the deck's files were read from: the data file's, then any its layout's bases came from."""
        return [self.folder, *self.layout.folders]

    # Drawing -----------------------------------------------------------------------------------------

    def draw(self, c: Canvas, prepared: PreparedLayout, deck: Deck, bleed: float, index_text: str) -> None:
        number = index_text.rsplit(" ", 1)[-1].split("/")[0]
        late: dict[str, str] = {}
        for item in prepared.items:
            late_text = item.kind == "text" and item.values["template"] is not None
            if (late_text or "when" in item.values) and not late:
                late = {**self.fields(prepared.card, deck), "@number": number, "@index": index_text}
            if "when" in item.values and not item.values["when"].holds(late):
                continue
            if late_text:
                element = item.values["element"]
                paragraphs = inline.paragraphs(item.values["template"].fill(late), item.values["font"],
                                               element["bold"], element["italic"], item.values["reading"])
                fitted = fit(paragraphs, item.box[2], item.box[3], element["size"], element["min-size"],
                             element["wrap"])
                item = Item("text", item.box, values={**item.values, "fitted": fitted})
            self._draw(c, item, bleed)

    def _draw(self, c: Canvas, item: Item, bleed: float) -> None:
        values = item.values
        turned, seen = values.get("rotate"), values.get("opacity", 1.0)
        if turned is None and seen >= 1:
            self._paint(c, item, bleed)
            return
        c.saveState()
        if turned is not None:
            turned.apply(c, item.box)
        if seen < 1:
            if isinstance(c, CmykCanvas):  # PDF/X-1a has no see-through: drawn solid, and said
                self.warn("opacity: a press file (PDF/X-1a) cannot print see-through, so elements with opacity "
                          "under 1 print solid in it")
            else:
                c.setFillAlpha(seen)
                c.setStrokeAlpha(seen)
        self._paint(c, item, bleed)
        c.restoreState()

    def _paint(self, c: Canvas, item: Item, bleed: float) -> None:
        x, y, w, h = item.box
        values = item.values
        if item.kind == "text":
            if values["overflow"]:  # a draft: the text at its smallest, cut off at its box's edge
                c.saveState()
                path = c.beginPath()
                path.rect(x, y, w, h)
                c.clipPath(path, stroke=0, fill=0)
            c.setFillColorRGB(*values["color"])
            element = values["element"]
            inline.drawn_from(values["fitted"], self.pictures).draw_in(c, x, y, w, h, element["align"],
                                                                      element["valign"])
            if values["overflow"]:
                c.restoreState()
                _mark(c, item.box, cross=False)
        elif item.kind == "problem":
            _mark(c, item.box, cross=True)
        elif item.kind == "image" and values["mask"] is not None:  # cut to its shape, inside its box
            c.saveState()
            c.clipPath(values["mask"].path(c, item.box, values["side"]), stroke=0, fill=0)
            self.pictures.draw(c, values["picture"], item.box, values["fit"])
            c.restoreState()
        elif item.kind == "image":
            self.pictures.draw(c, values["picture"], _grown(item.box, item.reach, bleed), values["fit"])
        elif item.kind == "shape" or (item.kind == "rect" and isinstance(values["fill"], shapes.Gradient)):
            self._shape(c, item, bleed)
        elif item.kind == "rect":
            fill, stroke = values["fill"], values["stroke"]
            if fill is None and stroke is None:
                return
            gx, gy, gw, gh = _grown(item.box, item.reach, bleed)
            c.saveState()
            if fill is not None:
                c.setFillColorRGB(*fill)
            if stroke is not None:
                c.setStrokeColorRGB(*stroke)
                c.setLineWidth(values["stroke-width"])
            if values["radius"] > 0:
                c.roundRect(gx, gy, gw, gh, values["radius"], stroke=int(stroke is not None),
                            fill=int(fill is not None))
            else:
                c.rect(gx, gy, gw, gh, stroke=int(stroke is not None), fill=int(fill is not None))
            c.restoreState()
        elif item.kind == "line":
            c.saveState()
            c.setStrokeColorRGB(*values["stroke"])
            c.setLineWidth(values["stroke-width"])
            c.line(x, y + h, x + w, y)  # from (x, y) to (x + width, y + height), y measured down
            c.restoreState()

    def _shape(self, c: Canvas, item: Item, bleed: float) -> None:
        """A shape, or a rectangle filled with a gradient: its path filled, then stroked."""
        values = item.values
        fill, stroke = values["fill"], values["stroke"]
        box = _grown(item.box, item.reach, bleed)
        shape = values["shape"] or (shapes.Shape("rounded", radius=Length(values["radius"])) if values["radius"] > 0
                                    else shapes.Shape("rect"))
        c.saveState()
        if isinstance(fill, shapes.Gradient):
            fill.paint(c, shape.path(c, box, values["side"]), box, press_cmyk if isinstance(c, CmykCanvas) else None)
        elif fill is not None:
            c.setFillColorRGB(*fill)
            c.drawPath(shape.path(c, box, values["side"]), stroke=0, fill=1)
        if stroke is not None:
            c.setStrokeColorRGB(*stroke)
            c.setLineWidth(values["stroke-width"])
            c.drawPath(shape.path(c, box, values["side"]), stroke=1, fill=0)
        c.restoreState()

    def define_back(self, c: Canvas, name: str, style: LayoutBack, size: CardSize, bleed: float) -> None:
        fields = dict(style.fields)
        items = list(self._items(self.layout.back or (), fields, style.label, size, style.ink_saver))
        c.beginForm(name, lowerx=-bleed, lowery=-bleed, upperx=size.width + bleed, uppery=size.height + bleed)
        for item in items:
            self._draw(c, item, bleed)
        c.endForm()


def _system_font(path: Path, where: str) -> bytes:
    try:
        with path.open("rb") as handle:
            data = handle.read(system_fonts.MAX_FONT_BYTES + 1)
    except OSError as exc:
        raise PrintgenError(f"{where}: {path}: cannot read it ({exc.strerror})") from None
    if len(data) > system_fonts.MAX_FONT_BYTES:
        raise PrintgenError(f"{where}: {path}: larger than {system_fonts.MAX_FONT_BYTES // 2**20} MiB; give a "
                            f"smaller font")
    return data


def _holds(condition, fields: dict[str, str], label: str) -> bool:
    try:
        return condition.holds(fields)
    except PrintgenError as exc:
        raise PrintgenError(f"{label}, when: {exc}") from None


def _points(length, side: float, default: float) -> float:
    return default if length is None else length.of(side)


def _reach(box, size: CardSize) -> tuple[bool, bool, bool, bool]:
    """Which of the card's edges (left, bottom, right, top) the box reaches: there it runs into the bleed."""
    x, y, w, h = box
    return x <= EDGE, y <= EDGE, x + w >= size.width - EDGE, y + h >= size.height - EDGE


def _grown(box, reach, bleed: float):
    x, y, w, h = box
    left, bottom, right, top = reach
    return (x - bleed * left, y - bleed * bottom, w + bleed * (left + right), h + bleed * (bottom + top))


def _colour_reader(text: str, where: str) -> tuple[float, float, float]:
    return colour(text, where, none_allowed=False)  # type: ignore[return-value]


def _pale_reader(text: str, where: str) -> tuple[float, float, float]:
    """A colour of words with --ink-saver: a light one (made to stand on a dark fill, now pale) made dark."""
    found = _colour_reader(text, where)
    red, green, blue = found
    if 0.2126 * red + 0.7152 * green + 0.0722 * blue > LIGHT_WORDS:
        return mix(found, INK, DARKEN)
    return found


@lru_cache(maxsize=8192)
def fit(paragraphs: tuple[tuple[engine.Run, ...], ...], width: float, height: float, size: float, min_size: float,
        wrap: bool) -> engine.Fitted:
    """A text element's paragraphs (inline.paragraphs) fitted to its box: the largest size from ``size`` down
    to ``min_size``."""
    if width <= 0 or height <= 0:
        return engine.Fitted(min_size, (), False)
    fitted = engine.fit(paragraphs, width, height, size, min_size, SIZE_STEP,
                        max_lines=None if wrap else len(paragraphs), spacing=SPACING)
    if not wrap and not fitted.fits:  # a draft's one line too long: one line still, cut at its box when drawn
        lines = engine.set_words([engine.words(runs) for runs in paragraphs], min_size, math.inf)
        return engine.Fitted(min_size, tuple(lines), False, SPACING)
    return fitted


def check_glyphs(where: str, paragraphs: tuple[tuple[engine.Run, ...], ...]) -> None:
    """Refuse, naming the card, a character that neither the element's font nor the symbol font has."""
    if not _printable(paragraphs):
        glyphs.check(where, inline.printed(paragraphs))


@lru_cache(maxsize=8192)
def _printable(paragraphs: tuple[tuple[engine.Run, ...], ...]) -> bool:
    try:
        glyphs.check("", inline.printed(paragraphs))
    except PrintgenError:
        return False
    return True


def prepare(card: LayoutCard, deck: LayoutDeck, size: CardSize) -> PreparedLayout:
    return deck.design.prepare(card, deck, size)


def draw(c: Canvas, prepared: PreparedLayout, deck: LayoutDeck, size: CardSize, bleed: float,
         index_text: str) -> None:
    deck.design.draw(c, prepared, deck, bleed, index_text)


def make_deck(name: str, title: str, back: str, rows: list[tuple[str, dict[str, str], int]], columns: list[str],
              layout: Layout, data: Path, folder: Folder | None = None, numbering: Numbering | None = None
              ) -> LayoutDeck:
    """The deck of ``rows`` (where, fields, count) drawn by ``layout``; pictures and fonts from ``folder``, the
    data file's folder (the one the layout's own bases were read from, so its fingerprint covers them)."""
    layout.check_columns(columns, data)
    for element in layout.back or ():
        for late in _DRAWN_LATE:
            if late in element.columns:
                raise PrintgenError(f"{element.label}: {{{late}}} differs from card to card; a back shows the same "
                                    f"on every card it is printed behind, so it cannot show it")
    design = Design(layout, folder if folder is not None else Folder(data.parent))
    read = read_under_both(layout.columns)  # text is body
    design.stat_columns = [column for column in columns if column not in read and column not in ("count", "back")]
    unread = [] if "@stats" in read else [column for column in design.stat_columns + ["back"] if column in columns
                                          and (column != "back" or not (layout.back is None or "@back" in read))]
    if unread:
        lacking = sorted(column for column in layout.columns if column not in SPECIAL
                         and column not in read_under_both(columns))
        these = "column " + unread[0] if len(unread) == 1 else "columns " + ", ".join(unread)
        design.warn(f"{data.name}: no element of {layout.path.name} shows the {these}" + (
            f"; it reads {', '.join(lacking)}, which {data.name} does not have: rename one to match the other"
            if lacking else "; add an element that shows it, or {@stats} to show every such column"))
    cards = []
    for where, fields, count in rows:
        card_back = fields.get("back", "") or back
        if layout.back is None:  # printgen's own back prints the label
            glyphs.check(where, [(card_back or title, fonts.SERIF_BOLD)])
        style = None
        if layout.back is not None:
            values = {"@deck": title, "@back": card_back or title, **with_aliases(fields)}
            style = LayoutBack(card_back or title, (0.18, 0.24, 0.38), key=design.back_key(values),
                               fields=tuple(values.items()), design=design)
        cards.append(LayoutCard(fields.get("title", "") or where, face=KIND, back=card_back, count=count,
                                source=where, back_style=style, fields=tuple(fields.items())))
    return LayoutDeck(name, title, tuple(cards), back_title=back or title, accent=(0.18, 0.24, 0.38), design=design,
                      numbering=numbering)


def check_files(deck: LayoutDeck, size: CardSize) -> str | None:
    """Prepare every card's front and back once (every picture and font read and checked); the fingerprint of
    the files read. Every card that cannot be made is named, in one line; in a draft, none stops the run."""
    failed = []
    for card in deck.cards:
        try:
            deck.design.prepare(card, deck, size)
            if isinstance(card.back_style, LayoutBack):
                list(deck.design._items(deck.design.layout.back or (), dict(card.back_style.fields), card.source,
                                        size))
        except PrintgenError as exc:
            failed.append(named(str(exc), card.source, dict(card.fields).get("title", "").strip()))
    if failed:
        raise cards_failed(failed)
    found = digest_of(deck.design.folders())
    if not deck.design.system_fonts:
        return found
    # Fonts of the computer's, by family name: their bytes too, so a deck made again elsewhere with another
    # version of the family is refused as one whose files changed, not printed with other letters.
    hasher = hashlib.sha256((found or "").encode("ascii") + b"\0")
    for key, digest in sorted(deck.design.system_fonts.items()):
        hasher.update(f"{key}={digest}\0".encode())
    return hasher.hexdigest()[:16]


DRAFT_RED = (0.85, 0.1, 0.1)
DRAFT_LINE = 1.0  # pt


def _mark(c: Canvas, box, cross: bool) -> None:
    """A draft's mark: a red outline round an element that went wrong (crossed where nothing could be drawn)."""
    x, y, w, h = box
    c.saveState()
    c.setStrokeColorRGB(*DRAFT_RED)
    c.setLineWidth(DRAFT_LINE)
    c.rect(x, y, w, h, stroke=1, fill=0)
    if cross:
        c.line(x, y, x + w, y + h)
        c.line(x, y + h, x + w, y)
    c.restoreState()


def _box(element: Element, size: CardSize) -> tuple[float, float, float, float]:
    """An element's box on a card of ``size``, from the trim's lower left."""
    x, y = element["x"].of(size.width), element["y"].of(size.height)
    w, h = element["width"].of(size.width), element["height"].of(size.height)
    return x, size.height - y - h, w, h

"""A card design of your own (``--card-layout FILE``): text, pictures, rectangles and lines, from a YAML file.

A layout file decides what is drawn inside one card; the deck's sheets, bleed,
crop marks, duplex and print-shop files are printgen's as for any deck.

    extends: builtin:illustrated      # optional: start from a built-in layout
    elements:                         # drawn in order, the first at the bottom
      - name: art                     # optional; an extending layout changes an element by its name
        type: image                   # text | image | rect | shape | line
        src: "pictures/{picture}"     # {column} is the card's value in that column
        x: 0
        y: 0
        width: 100%
        height: 52%
        fit: cover
      - type: text
        text: "**{title}**"
        when: "{kind} == Spell or {cost} >= 3"   # see cards/conditions.py
        ...
    back:                             # optional: the card backs, the same way (else printgen's own back)
      elements: [...]

Lengths are in mm, in, pt or % of the card (x and width of its width, y and
height of its height), measured from the top left corner of the trimmed card;
0 needs no unit. A rectangle or picture that reaches the card's edge runs on
into the bleed. In a layout that extends another, ``+= 2mm`` and ``-= 2mm``
move an inherited length, and ``remove: true`` leaves an inherited element
out. Every mistake is one line naming the file, the element and the key.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import posixpath
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any

from tinycss2 import color4 as css_colour

from ..errors import Flag, PrintgenError
from ..options import did_you_mean
from ..resources import templates_dir
from ..units import MIN_TEXT_PT
from . import conditions, plain_yaml, shapes
from .columns import read as read_under_both
from .conditions import Condition
from .user_files import Folder

ELEMENT_TYPES = ("text", "image", "rect", "shape", "line")
_COMMON = ("type", "name", "x", "y", "width", "height", "when", "remove", "after", "rotate", "opacity")
KEYS = {
    "text": _COMMON + ("text", "font", "size", "min-size", "color", "icon-color", "bold", "italic", "align", "valign",
                       "wrap"),
    "image": _COMMON + ("src", "fit", "mask"),
    "rect": _COMMON + ("fill", "stroke", "stroke-width", "radius"),
    "shape": _COMMON + ("shape", "fill", "stroke", "stroke-width"),
    "line": _COMMON + ("stroke", "stroke-width"),
}
TOP_KEYS = ("extends", "fonts", "elements", "back", "description")
FONT_STYLES = ("regular", "bold", "italic", "bold-italic")
ALIGNS = ("left", "center", "right", "justify")
VALIGNS = ("top", "middle", "bottom")
FITS = ("contain", "cover", "stretch")
FONT_FAMILIES = ("serif", "mono")
FONT_SUFFIXES = (".ttf", ".otf")
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".svg")
MAX_ELEMENTS = 64  # on one side of a card
MAX_LAYOUT_BYTES = 256 * 1024
MAX_TEXT_SIZE = 200.0  # pt
MIN_TEXT_SIZE = 2.0  # pt: the smallest min-size a layout may ask for
DEFAULT_MIN_SIZE = MIN_TEXT_PT
BUILTIN = "builtin:"
LAYOUT_SUFFIXES = (".yaml", ".yml")
MAX_EXTENDS = 8  # layouts extending layouts
# Placeholders printgen fills: the card's number in the deck, how many it prints (@total, or @count), the
# deck's title, "Title 17/84" (as printgen's own cards have at their foot), the label of the card's back, and
# the card's stats (every column no element of the layout names, but count and back: "**Power** 3 · **Cost** 1").
SPECIAL = ("@number", "@total", "@count", "@deck", "@index", "@back", "@stats")

DEFAULTS: dict[str, dict[str, Any]] = {
    "text": {"font": "serif", "size": 10.0, "min-size": DEFAULT_MIN_SIZE, "color": "#1a1a1a", "icon-color": None,
             "bold": False,
             "italic": False, "align": "left", "valign": "top", "wrap": True, "text": ""},
    "image": {"fit": "contain", "mask": None},
    "rect": {"fill": "none", "stroke": "#000000", "stroke-width": None, "radius": None},
    "shape": {"shape": shapes.Shape("rect"), "fill": "#000000", "stroke": "none", "stroke-width": None},
    "line": {"stroke": "#000000", "stroke-width": None},
}
_SYSTEM_FAMILY = re.compile(r"[A-Za-z][A-Za-z0-9 ._-]{0,62}")  # a font family of the computer's (fontconfig)
_TERM = re.compile(r"\s*(?P<sign>[+-])?\s*(?P<number>\d+(\.\d*)?|\.\d+)\s*(?P<unit>mm|cm|in|pt|%)?\s*")
_UNITS = {"mm": 72 / 25.4, "cm": 720 / 25.4, "in": 72.0, "pt": 1.0}
_COLOUR = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\Z")
# The 148 colour names of CSS (CSS Color 4), whatever their case, as tinycss2 (WeasyPrint's CSS parser) reads
# them: a layout's "gold" is the gold of a template's style sheet.
NAMED_COLOURS = frozenset(css_colour._COLOR_KEYWORDS)
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\\[{}]|(?P<markup>\{(?:icon|colou?r|size):)|\{([^{}]*)\}|[{}]")


@dataclass(frozen=True)
class Length:
    """A length as points plus a share of the card's side (percent)."""

    points: float = 0.0
    percent: float = 0.0

    def of(self, side: float) -> float:
        return self.points + self.percent / 100 * side

    def __add__(self, other: Length) -> Length:
        return Length(self.points + other.points, self.percent + other.percent)


@dataclass(frozen=True)
class Delta:
    """``+= 2mm`` in an extending layout: added to the inherited value."""

    amount: Any


@dataclass(frozen=True)
class Template:
    """Text with {column} placeholders: literal pieces and column names, alternating."""

    pieces: tuple[str, ...]  # literal, name, literal, name, ..., literal

    @property
    def names(self) -> tuple[str, ...]:
        return self.pieces[1::2]

    def fill(self, fields: dict[str, str]) -> str:
        return "".join(piece if k % 2 == 0 else fields.get(piece, "") for k, piece in enumerate(self.pieces))


@dataclass(frozen=True)
class Element:
    kind: str
    label: str  # "layout.yaml: element 3 (title)", for messages
    spec: dict[str, Any] = field(hash=False, compare=False)
    builtin: bool = False  # from a built-in layout: a column it reads may be missing (read as empty)

    def __getitem__(self, key: str) -> Any:
        return self.spec[key]

    @property
    def columns(self) -> set[str]:
        """Every column the element reads."""
        found = set()
        for value in self.spec.values():
            if isinstance(value, Template):
                found.update(value.names)
        if self.spec.get("when") is not None:
            found |= self.spec["when"].columns
        return found


@dataclass(frozen=True)
class Layout:
    path: Path
    front: tuple[Element, ...]
    back: tuple[Element, ...] | None  # None: printgen's own back
    fonts: dict[str, dict[str, str]] = field(default_factory=dict)  # a family's name: its files by style
    folders: tuple[Folder, ...] = ()  # folders besides the data file's it read layouts from (its fingerprint's)

    @property
    def columns(self) -> set[str]:
        return {name for element in self.front + (self.back or ()) for name in element.columns}

    def check_columns(self, columns: list[str], data: Path) -> None:
        """Every placeholder names a column of the data (or one printgen fills): one line otherwise."""
        known = read_under_both(columns)  # text and body are one column
        for element in self.front + (self.back or ()):
            if element.builtin:
                continue
            for key, value in element.spec.items():
                names = value.names if isinstance(value, Template) else (
                    sorted(value.columns) if isinstance(value, Condition) else ())
                for name in names:
                    if name not in known and name not in SPECIAL:
                        raise PrintgenError(f"{element.label}, {key}: no column {name!r} in {data.name} "
                                            f"(its columns: {', '.join(columns)}){did_you_mean(name, columns)}")


def builtin_folder() -> Path:
    return templates_dir() / "cards" / "layouts"


def builtin_names() -> list[str]:
    return sorted(path.stem for path in builtin_folder().glob("*.yaml"))


@dataclass(frozen=True)
class Beside:
    """Where a layout file stands: a folder it is read from, and the path of the layout's own folder in it."""

    folder: Folder
    prefix: str = ""

    def name(self, value: str) -> str:
        return posixpath.join(self.prefix, value) if self.prefix else value


def load(path: Path, folder: Folder | None = None) -> Layout:
    """The layout in ``path``, checked; one line naming the file, element and key for any mistake. A layout it
    extends by file name is read beside it, else from ``folder`` (the data file's, as pictures are; by default
    the layout's), else is a built-in layout of that name. A built-in layout (``located("builtin:NAME")``)
    reads a missing column as empty in every element."""
    if is_builtin(path):
        return _load(path, _read(path), depth=0, builtin=True)
    folder = folder if folder is not None else Folder(path.parent)
    outside: list[Folder] = []
    layout = _load(path, _read(path), depth=0, folder=folder, chain=((_real(path), path.name),),
                   here=_beside(path, folder), outside=outside)
    return Layout(layout.path, layout.front, layout.back, layout.fonts, tuple(outside))


def _beside(path: Path, folder: Folder) -> Beside:
    """The place of the layout file ``path``: in the data file's folder (or below it), or a folder of its own."""
    own, root = Path(_real(path.parent)), Path(_real(folder.root))
    if own == root or own.is_relative_to(root):
        relative = own.relative_to(root).as_posix()
        return Beside(folder, "" if relative == "." else relative)
    return Beside(Folder(path.parent, "the layout's folder"))


def located(name: str, data_folder: Path) -> Path:
    """The file of a layout as --card-layout and a seed code name it: builtin:NAME, or a path from the data
    file's folder."""
    if name.startswith(BUILTIN):
        return builtin_path(name[len(BUILTIN):].strip())
    return data_folder / name


def builtin_path(name: str) -> Path:
    if name not in builtin_names():
        raise PrintgenError(f"no built-in layout {name!r}; the built-in layouts are: {', '.join(builtin_names())}")
    return builtin_folder() / f"{name}.yaml"


def is_builtin(path: Path) -> bool:
    return os.path.dirname(_real(path)) == _real(builtin_folder())


def file_digest(path: Path) -> str:
    """The first 16 hex digits of the layout file's SHA-256, for the seed code."""
    return hashlib.sha256(_read(path)).hexdigest()[:16]


def _read(path: Path) -> bytes:
    try:
        if path.exists() and not path.is_file():
            raise PrintgenError(f"{path} is not a regular file",
                                right=("give the layout's YAML file with ", Flag("card-layout")))
        with path.open("rb") as handle:
            data = handle.read(MAX_LAYOUT_BYTES + 1)
    except FileNotFoundError:
        raise PrintgenError(f"{path}: no such file", right=("give the layout's YAML file with ",
                                                           Flag("card-layout"))) from None
    except OSError as exc:
        raise PrintgenError(f"{path}: cannot read it ({exc.strerror})") from None
    if len(data) > MAX_LAYOUT_BYTES:
        raise PrintgenError(f"{path}: larger than {MAX_LAYOUT_BYTES // 1024} KiB; a layout is smaller than that")
    return data


def _load(path: Path, data: bytes, depth: int, folder: Folder | None = None, chain: tuple[tuple[str, str], ...] = (),
          shown: str | None = None, builtin: bool = False, here: Beside | None = None,
          outside: list[Folder] | None = None) -> Layout:
    shown = shown or (path.name if depth else str(path))
    if path.suffix.lower() not in (".yaml", ".yml"):
        raise PrintgenError(f"{shown}: a layout is a .yaml or .yml file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PrintgenError(f"{shown}: not UTF-8 text; save the layout as UTF-8") from None
    document = plain_yaml.load(text, shown)
    if not isinstance(document, dict):
        raise PrintgenError(f"{shown}: a layout is a mapping with 'elements:' (and optionally 'extends:' "
                            f"and 'back:')")
    for key in document:
        if key not in TOP_KEYS:
            raise PrintgenError(f"{shown}: unknown key {key!r} at the top; a layout's keys are: {', '.join(TOP_KEYS)}")
    base_front: list[dict] = []
    base_back: list[dict] | None = None
    families: dict[str, dict[str, str]] = {}
    if "extends" in document:
        base_front, base_back, families = _base(shown, document["extends"], depth, folder, chain, here,
                                                outside if outside is not None else [])
    families = {**families, **_families(shown, document.get("fonts", {}))}
    front = _elements(shown, document.get("elements"), "elements", "element", base_front, "extends" in document)
    back = base_back
    if "back" in document:
        raw_back = document["back"]
        if isinstance(raw_back, dict):
            unknown = [k for k in raw_back if k != "elements"]
            if unknown:
                raise PrintgenError(f"{shown}: back: unknown key {unknown[0]!r}; the back has 'elements:'")
            raw_back = raw_back.get("elements")
        back = _elements(shown, raw_back, "back", "back element", base_back or [], base_back is not None)
    if not front:
        raise PrintgenError(f"{shown}: no elements; a layout draws at least one element")
    for spec in front + (back or []):
        if builtin:
            spec["#builtin"] = True
        font = spec.get("font")
        if font is not None and font not in FONT_FAMILIES and font not in families and \
                not font.lower().endswith(FONT_SUFFIXES) and not _SYSTEM_FAMILY.fullmatch(font):
            named = f" (this layout's: {', '.join(families)})" if families else ""
            raise PrintgenError(f"{spec['#label']}, font: {font!r}; give serif, mono, a family under fonts:{named}, "
                                f"a .ttf file beside the data or a font family of the computer's by name")
    return Layout(path, tuple(_finish(spec) for spec in front),
                  None if back is None else tuple(_finish(spec) for spec in back), families)


def _families(shown: str, raw: Any) -> dict[str, dict[str, str]]:
    """The font families a layout names under ``fonts:``: a name, and its files by style (or one file)."""
    where = f"{shown}: fonts"
    if not isinstance(raw, dict):
        raise PrintgenError(f"{where}: expected a mapping of names to font files, e.g. 'body: {{regular: "
                            f"fonts/Body-Regular.ttf, bold: fonts/Body-Bold.ttf}}'")
    found = {}
    for name, spec in raw.items():
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", name) or \
                name in FONT_FAMILIES:
            raise PrintgenError(f"{where}: {name!r} cannot name a family; a name is letters, digits, - and _ "
                                f"(not {' or '.join(FONT_FAMILIES)})")
        files = {"regular": spec} if isinstance(spec, str) else spec
        if not isinstance(files, dict) or "regular" not in files:
            raise PrintgenError(f"{where}: {name}: give a .ttf file, or its faces: regular (needed), bold, italic, "
                                f"bold-italic")
        for style, file in files.items():
            if style not in FONT_STYLES:
                raise PrintgenError(f"{where}: {name}: {style!r} is no face; a family's faces are: "
                                    f"{', '.join(FONT_STYLES)}")
            if not isinstance(file, str) or not file.lower().endswith(FONT_SUFFIXES):
                raise PrintgenError(f"{where}: {name}, {style}: {file!r}; give a .ttf file beside the data")
        found[name] = dict(files)
    return found


def _base(shown: str, value: Any, depth: int, folder: Folder | None, chain: tuple[tuple[str, str], ...],
          here: Beside | None = None, outside: list[Folder] | None = None
          ) -> tuple[list[dict], list[dict] | None, dict[str, dict[str, str]]]:
    """The elements (front and back) and font families of the layout ``extends:`` names: a built-in one
    (builtin:NAME, or NAME alone), or a file of the designer's: beside the layout that names it, else in the data
    file's folder, else the built-in layout of its name."""
    text = value.strip() if isinstance(value, str) else ""
    own = text.lower().endswith(LAYOUT_SUFFIXES)
    bare = re.fullmatch(r"[A-Za-z0-9_-]+", text) is not None
    if not (text.startswith(BUILTIN) or own or bare):
        raise PrintgenError(f"{shown}: extends: {value!r}; a layout extends a built-in layout, e.g. "
                            f"'extends: builtin:printgen' (built-in: {', '.join(builtin_names())}), or a layout "
                            f"file of yours beside it or the data, e.g. 'extends: base.yaml'")
    if depth >= MAX_EXTENDS:
        raise PrintgenError(f"{shown}: extends: {value!r}: layouts extend each other more than {MAX_EXTENDS} deep")
    where = f"{shown}: extends"
    place = None
    if own:
        if folder is None:
            raise PrintgenError(f"{where}: {value!r}: a built-in layout extends only built-in layouts")
        here = here if here is not None else Beside(folder)
        places = [here] + ([Beside(folder)] if here != Beside(folder) else [])
        place = next((each for each in places if each.folder.has(each.name(text), where)), None)
        stem = PurePosixPath(text).stem
        if place is None and ("/" in text or stem not in builtin_names()):
            raise PrintgenError(f"{where}: {value!r}: no such file beside it"
                                + (" or in the data file's folder" if len(places) > 1 else "")
                                + f", and no built-in layout {stem!r}")
        if place is None:
            text = BUILTIN + stem
    if place is not None:
        name = place.name(text)
        key = place.folder.key(name, where)
        data = place.folder.read(name, where)
        if len(data) > MAX_LAYOUT_BYTES:
            raise PrintgenError(f"{where}: {value!r} is larger than {MAX_LAYOUT_BYTES // 1024} KiB; a layout is "
                                f"smaller than that")
        if outside is not None and place.folder is not folder and place.folder not in outside:
            outside.append(place.folder)
        real = _real(place.folder.root / key)
        if real in (seen for seen, _ in chain):
            circle = " extends ".join([name for _, name in chain] + [key])
            raise PrintgenError(f"{where}: {value!r}: the layouts extend each other in a circle ({circle}); "
                                f"one of them must stand on its own or on a built-in layout")
        base = _load(Path(key), data, depth + 1, folder, chain + ((real, key),), shown=key,
                     here=Beside(place.folder, posixpath.dirname(key)), outside=outside)
    else:
        try:
            path = builtin_path(text.removeprefix(BUILTIN).strip())
        except PrintgenError as exc:
            raise PrintgenError(f"{shown}: extends: {exc}") from None
        base = _load(path, path.read_bytes(), depth + 1)
    builtin = place is None

    def inherited(elements: tuple[Element, ...]) -> list[dict]:
        return [dict(e.spec, **{"#label": e.label, "#builtin": builtin or e.builtin}) for e in elements]

    return inherited(base.front), None if base.back is None else inherited(base.back), base.fonts


def _real(path: Path) -> str:
    return os.path.realpath(path)


def _elements(shown: str, raw: Any, key: str, noun: str, base: list[dict], extending: bool) -> list[dict]:
    """The elements of one side: the base's, changed by name, then the new ones."""
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise PrintgenError(f"{shown}: {key}: expected a list of elements (- type: text ...)")
    result = [dict(spec) for spec in base]
    by_name = {spec.get("name"): index for index, spec in enumerate(result) if spec.get("name")}
    removed: set[int] = set()
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict):
            raise PrintgenError(f"{shown}: {noun} {number}: expected a mapping (type: ..., x: ..., ...)")
        name = item.get("name")
        label = f"{shown}: {noun} {number}" + (f" ({name})" if isinstance(name, str) and name else "")
        if name is not None and (not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_.-]{1,40}", name)):
            raise PrintgenError(f"{label}, name: {name!r}; a name is letters, digits, - _ and . (at most 40)")
        inherited = by_name.get(name) if name else None
        if item.get("remove") is not None:
            if item.get("remove") is not True or inherited is None or not extending:
                raise PrintgenError(f"{label}, remove: 'remove: true' leaves out an element of the layout this one "
                                    f"extends, named by its name")
            removed.add(inherited)
            continue
        kind = item.get("type", result[inherited]["type"] if inherited is not None else None)
        if kind not in ELEMENT_TYPES:
            raise PrintgenError(f"{label}, type: {kind!r}; an element's type is one of: {', '.join(ELEMENT_TYPES)}")
        spec = dict(result[inherited]) if inherited is not None else {"type": kind}
        if inherited is not None and kind != spec["type"]:
            spec = {"type": kind, "name": name}  # a new kind of element under the old name starts afresh
        for item_key, value in item.items():
            item_key = str(item_key)
            if item_key not in KEYS[kind]:
                raise PrintgenError(f"{label}, {item_key}: unknown key; a {kind} element's keys are: "
                                    f"{', '.join(k for k in KEYS[kind] if k != 'remove')}")
            parsed = _value(kind, item_key, value, f"{label}, {item_key}")
            if isinstance(parsed, Delta):
                if spec.get(item_key) is None or inherited is None:
                    raise PrintgenError(f"{label}, {item_key}: {value!r} changes an inherited value, and this "
                                        f"element inherits none")
                parsed = spec[item_key] + parsed.amount
                if isinstance(parsed, float) and not 0 < parsed <= MAX_TEXT_SIZE:
                    raise PrintgenError(f"{label}, {item_key}: comes to {parsed:g} pt; give a size from 0 to "
                                        f"{MAX_TEXT_SIZE:g} pt")
            spec[item_key] = parsed
        spec["#label"] = label if inherited is None else f"{label} (from {result[inherited]['#label']})"
        after = spec.pop("after", None)
        if inherited is not None and after is not None:
            raise PrintgenError(f"{label}, after: an inherited element keeps its place; 'after:' places a new one")
        if inherited is not None:
            result[inherited] = spec
        elif after is not None:
            if after not in by_name or not extending:
                raise PrintgenError(f"{label}, after: {after!r}; 'after:' names an element of the layout this one "
                                    f"extends, and the new element is drawn just after it")
            result.insert(by_name[after] + 1, spec)
            removed = {index + (index > by_name[after]) for index in removed}
            by_name = {n: index + (index > by_name[after]) for n, index in by_name.items()}
            if name:
                by_name[name] = by_name[after] + 1
        else:
            if name:
                by_name[name] = len(result)
            result.append(spec)
    result = [spec for index, spec in enumerate(result) if index not in removed]
    if len(result) > MAX_ELEMENTS:
        raise PrintgenError(f"{shown}: {key}: {len(result)} elements; a side of a card has at most {MAX_ELEMENTS}")
    return result


def _finish(spec: dict) -> Element:
    """An element with every key its kind takes, defaults filled in, checked as a whole."""
    kind = spec["type"]
    label = spec["#label"]
    full: dict[str, Any] = {"x": Length(), "y": Length(), "width": Length(percent=100), "height": Length(percent=100), "when": None,
            "name": None, "rotate": None, "opacity": 1.0, **DEFAULTS[kind]}
    full.update({k: v for k, v in spec.items() if not k.startswith("#")})
    for key in ("color", "fill", "stroke", "text"):
        if isinstance(full.get(key), str):  # a default
            full[key] = Template((full[key],))
    if kind == "image" and "src" not in full:
        raise PrintgenError(f"{label}, src: an image element needs src (a picture file beside the data)")
    if kind == "text" and full["min-size"] > full["size"]:
        raise PrintgenError(f"{label}, min-size: {full['min-size']:g} pt is larger than its size, "
                            f"{full['size']:g} pt")
    if kind != "line":
        for key in ("width", "height"):
            length = full[key]
            if length.points <= 0 and length.percent <= 0 and (length.points < 0 or length.percent < 0):
                raise PrintgenError(f"{label}, {key}: a {kind} element's {key} is not negative")
    return Element(kind, label, full, bool(spec.get("#builtin")))


def _value(kind: str, key: str, value: Any, where: str) -> Any:
    """One key's value, read into its form; one line naming where it is for anything wrong."""
    if key in ("x", "y", "width", "height", "stroke-width", "radius"):
        return _length(value, where, signed=key in ("x", "y") or kind == "line")
    if key in ("size", "min-size"):
        return _size(value, where)
    if key in ("bold", "italic", "wrap", "remove"):
        if not isinstance(value, bool):
            raise PrintgenError(f"{where}: {value!r}; give true or false")
        return value
    if key in ("align", "valign", "fit"):
        allowed = {"align": ALIGNS, "valign": VALIGNS, "fit": FITS}[key]
        if value not in allowed:
            raise PrintgenError(f"{where}: {value!r}; give one of: {', '.join(allowed)}")
        return value
    if key in ("color", "fill", "stroke", "icon-color"):
        template = _template(value, where)
        if not template.names:
            if key == "fill":
                paint(template.pieces[0], where)
            else:
                colour(template.pieces[0], where, none_allowed=key not in ("color", "icon-color"))
        return template
    if key == "rotate":
        return shapes.rotation(value, where)
    if key == "opacity":
        return shapes.opacity(value, where)
    if key in ("shape", "mask"):
        return shapes.shape(value, where, lambda text, at: _length(text, at, signed=False))
    if key == "font":
        if not isinstance(value, str) or not value.strip():
            raise PrintgenError(f"{where}: give serif, mono, a family under fonts: or a .ttf file beside the data")
        return value  # checked against the layout's families once they are all read
    if key == "src":
        template = _template(value, where)
        if not template.names and not template.pieces[0].lower().endswith(PICTURE_SUFFIXES):
            raise PrintgenError(f"{where}: {value!r}; a picture is a {', '.join(PICTURE_SUFFIXES)} file")
        return template
    if key == "text":
        return _template(value, where)
    if key == "when":
        return conditions.parse(value, where)
    if key in ("name", "after"):
        if not isinstance(value, str):
            raise PrintgenError(f"{where}: {value!r}; give an element's name")
        return value
    if key == "type":
        return value
    raise AssertionError(key)


def _length(value: Any, where: str, signed: bool) -> Length | Delta:
    """``5mm``, ``40%``, ``100% - 7mm`` (terms added and taken away), or ``+= 2mm`` in an extending layout."""
    example = "5mm, 0.25in, 12pt, 40% or 100% - 7mm"
    if isinstance(value, bool):
        raise PrintgenError(f"{where}: {value!r} is not a length; give e.g. {example}")
    if isinstance(value, (int, float)):
        if value == 0:
            return Length()
        raise PrintgenError(f"{where}: {value!r} has no unit; give e.g. {value}mm, {value}pt or {value}%")
    text = str(value).strip()
    operator = text[:2] if text[:2] in ("+=", "-=") else ""
    rest = text[len(operator):].strip()
    terms, position = [], 0
    while position < len(rest) or not terms:
        match = _TERM.match(rest, position)
        if not match or match.end() == position or (terms and not match["sign"]):
            raise PrintgenError(f"{where}: {value!r} is not a length; give e.g. {example}")
        terms.append(match)
        position = match.end()
    total = Length()
    for match in terms:
        number = float(match["number"]) * (-1 if match["sign"] == "-" else 1)
        unit = match["unit"]
        if unit is None and number != 0:
            raise PrintgenError(f"{where}: {value!r}: {match['number']} has no unit; give e.g. "
                                f"{match['number']}mm, {match['number']}pt or {match['number']}%")
        if abs(number) > 10000:
            raise PrintgenError(f"{where}: {value!r} is far larger than any card")
        total = total + (Length(percent=number) if unit == "%" else Length(points=number * _UNITS.get(unit or "pt")))
    if operator:
        return Delta(total if operator == "+=" else Length(-total.points, -total.percent))
    if not signed and total.points <= 0 and total.percent <= 0 and (total.points < 0 or total.percent < 0):
        raise PrintgenError(f"{where}: {value!r}; it cannot be negative")
    return total


def _size(value: Any, where: str) -> float | Delta:
    text = str(value).strip()
    match = re.fullmatch(r"([+-]=)?\s*(\d+(\.\d*)?|\.\d+)\s*(pt)?", text) if not isinstance(value, bool) else None
    if not match:
        raise PrintgenError(f"{where}: {value!r}; give a type size in points, e.g. 9 or 9pt")
    number = float(match[2])
    if match[1]:
        return Delta(number if match[1] == "+=" else -number)
    if not MIN_TEXT_SIZE <= number <= MAX_TEXT_SIZE:
        raise PrintgenError(f"{where}: {value!r}; give a size from {MIN_TEXT_SIZE:g} to {MAX_TEXT_SIZE:g} pt")
    return number


def _template(value: Any, where: str) -> Template:
    if isinstance(value, bool) or value is None or isinstance(value, (list, dict)):
        raise PrintgenError(f"{where}: {value!r}; give text")
    text = str(value)
    if len(text) > 4000:
        raise PrintgenError(f"{where}: longer than 4000 characters")
    pieces = [""]
    position = 0
    opened = 0  # icons and spans (cards/inline.py) begun and not yet closed: kept as text, read when drawn
    for match in _PLACEHOLDER.finditer(text):
        pieces[-1] += text[position:match.start()]
        position = match.end()
        token = match.group(0)
        if token == "}}" and opened:  # markup closing: an icon and the span around it, or two spans
            closed = min(opened, 2)
            pieces[-1] += "}" * closed
            opened -= closed
            if closed == 1:  # one brace more than the markup open: a lone one
                raise PrintgenError(f"{where}: {text!r} has a lone '}}'; write {{column}} for a column, {{{{ or "
                                    f"}}}} for a brace")
        elif token in ("{{", "}}"):
            pieces[-1] += token[0]
        elif token.startswith("\\") or match.group("markup"):
            pieces[-1] += token
            opened += token.startswith("{")
        elif token == "}" and opened:
            pieces[-1] += token
            opened -= 1
        elif token in ("{", "}"):
            raise PrintgenError(f"{where}: {text!r} has a lone {token!r}; write {{column}} for a column, "
                                f"{{{{ or }}}} for a brace")
        else:
            name = match.group(2).strip().lower()
            if not name:
                raise PrintgenError(f"{where}: {text!r} has an empty {{}}; write {{column}}")
            pieces.extend([name, ""])
    pieces[-1] += text[position:]
    if opened:
        raise PrintgenError(f"{where}: {text!r}: an {{icon:...}}, {{color:...|...}} or {{size:...|...}} is not closed "
                            f"with }}")
    return Template(tuple(pieces))


def paint(text: str, where: str) -> tuple[float, float, float] | shapes.Gradient | None:
    """A fill as written: a colour (or none), or a linear gradient of colours."""
    if shapes.is_gradient(text):
        return shapes.gradient(text, where, lambda part, at: colour(part, at, none_allowed=False))
    return colour(text, where)


def colour(text: str, where: str, none_allowed: bool = True) -> tuple[float, float, float] | None:
    """A colour as written in a layout (#rgb, #rrggbb, a CSS colour name such as gold, or none) as RGB from 0
    to 1."""
    found = _colour(text.strip(), none_allowed)
    if found is False:
        near = difflib.get_close_matches(text.strip().lower(), sorted(NAMED_COLOURS), n=1, cutoff=0.75)
        hint = f" (did you mean {near[0]}?)" if near else ""
        raise PrintgenError(f"{where}: {text!r} is not a colour{hint}; give #rrggbb, #rgb, a CSS colour name such as "
                            f"gold or darkred{' or none' if none_allowed else ''}")
    return found


@lru_cache(maxsize=4096)
def _colour(text: str, none_allowed: bool) -> tuple[float, float, float] | None | bool:
    if text.lower() in NAMED_COLOURS:
        red, green, blue = css_colour.parse_color(text).to("srgb").coordinates
        return float(red), float(green), float(blue)
    if text.lower() == "none" and none_allowed:
        return None
    match = _COLOUR.match(text)
    if not match:
        return False
    digits = match[1] if len(match[1]) == 6 else "".join(d * 2 for d in match[1])
    return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]

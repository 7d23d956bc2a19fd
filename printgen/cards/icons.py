"""Pictures from game-icons.net (fonts/game-icons.json: each icon's outline and its author; licence beside it).

An icon is named as game-icons.net names it ("bear-head", "rat"). Its
outline is kept as the SVG path the icon set publishes, on its 512-unit
square, and read once into path operations (svg_path.py reads it, arcs made
into curves, the same numbers fontTools would make), then drawn as a vector
path: an icon takes whatever fill colour the canvas has, converted for the
press like any other colour. Each icon a document uses is drawn once, as a
form XObject, and placed wherever it is needed, so a deck of 300 cards
carries each outline once. What was read of each outline is kept in the
user's cache folder (render/cache.py) by the icon's path, and read back
several times faster than the path is read again, the very same numbers. The
whole set is kept (tools/vendor_icons.py makes the file), so a deck of one's
own may name any icon; JSON, because Python reads its 4,134 icons in a few
tens of milliseconds, several times faster than the same in TOML.
"""

from __future__ import annotations

import difflib
import io
import json
import pickle
import re
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import Any

from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from ..errors import PrintgenError
from ..render import cache as user_cache
from ..resources import fonts_dir
from .svg_path import READER
from .svg_path import read as read_path

ICONS_FILE = "game-icons.json"
SQUARE = 512  # the side of every icon's square, in its own units (y down, as in SVG)
FLIP = (1, 0, 0, -1, 0, SQUARE)  # SVG's y down to the page's y up

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in the icon's units, y up


@cache
def _icons() -> dict[str, dict[str, str]]:
    """Every icon of the set: its outline (``path``) and who drew it (``by``)."""
    return json.loads((fonts_dir() / ICONS_FILE).read_bytes())["icons"]


@cache
def names() -> tuple[str, ...]:
    return tuple(_icons())


def exists(name: str) -> bool:
    return name in _icons()


def author(name: str) -> str:
    """The artist who drew the icon, as game-icons.net credits them."""
    return _icons()[name]["by"]


def authors(pictures: Iterable[str]) -> list[str]:
    """Who drew the icons of these pictures (each one icon's name, or several with spaces between), the artist
    of the most icons first, then by name."""
    drawn: dict[str, set[str]] = {}
    for picture in pictures:
        for name in picture.split():
            drawn.setdefault(author(name), set()).add(name)
    return sorted(drawn, key=lambda who: (-len(drawn[who]), who))


def _stems(name: str) -> set[str]:
    """The words of a name, a plural's s left off ("gold-coins": {"gold", "coin"})."""
    return {word[:-1] if word.endswith("s") and len(word) > 3 else word for word in re.findall(r"[a-z0-9]+",
                                                                                                name.lower())}


@cache
def _all_stems() -> dict[str, set[str]]:
    return {other: _stems(other) for other in names()}


@lru_cache(maxsize=256)  # names come from users (the studio runs for days): a bounded memory of them
def near(name: str, count: int = 3) -> tuple[str, ...]:
    """Icons of the set a guessed or mistyped name may mean, the likeliest first: those named with all its words
    ("heart": hearts, heart-plus...), then those spelt nearly alike ("flme": flame)."""
    if len(name) > 80:  # no icon's name is this long: nothing is near it
        return ()
    stems = _stems(name)
    worded = [other for other, its in _all_stems().items() if stems and stems <= its]
    likeness = {other: difflib.SequenceMatcher(None, name.lower(), other).ratio() for other in worded}
    found = sorted(worded, key=lambda other: (-likeness[other], len(other), other))[:count]
    if len(found) < count:
        spelt = difflib.get_close_matches(name.lower(), names(), n=count, cutoff=0.6)
        found += [other for other in spelt if other not in found][:count - len(found)]
    return tuple(found)


def guess(name: str) -> str:
    """" (did you mean a, b or c?)" naming the icons near ``name``, or nothing."""
    found = near(name)
    if not found:
        return ""
    return f" (did you mean {found[0] if len(found) == 1 else ', '.join(found[:-1]) + ' or ' + found[-1]}?)"


def check(picture: str, where: str) -> None:
    """Refuse a picture (one icon's name, or several with spaces between) naming no icon of the set."""
    for name in picture.split():
        if not exists(name):
            raise PrintgenError(f"{where}: no picture called {name!r} in the icon set{guess(name)}; "
                                f"fonts/{ICONS_FILE} names them")


def parse(spec: str) -> tuple[str, tuple[float, float, float] | None]:
    """A picture as a game's data/pictures.toml gives it: "bear-head", or "bear-head #6b4a2b" in a colour of its
    own; the icons, and the colour or None."""
    parts = spec.split()
    colour = None
    if parts and parts[-1].startswith("#"):
        value = parts.pop()[1:]
        colour = tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))
    for name in parts:
        check(name, "data/pictures.toml")
    return " ".join(parts), colour  # type: ignore[return-value]


def outline_of(path: str) -> tuple[tuple, Box]:
    """An SVG path on the icons' square as path operations ("m", "l", "c", "h"), y turned up, and the box its
    curves fill (not their control points'): the very numbers fontTools' svgLib and BoundsPen make of it."""
    return read_path(path, FLIP)  # type: ignore[return-value]


OUTLINES = "icon-outlines"  # the kind of the cache's entries that are icons' outlines as outline_of reads them


@cache
def glyph_outline(name: str) -> tuple[tuple, Box]:
    """The icon's outline as path operations and its box, in the icon's units: read back from the cache where
    it was read before."""
    path = _icons()[name]["path"]
    return kept_outline(lambda: outline_of(path), path)


def kept_outline(read: Callable[[], tuple[tuple, Box]], *shaped_by: str) -> tuple[tuple, Box]:
    """An outline as ``read`` gives it, kept in the user's cache folder under everything it is ``shaped_by``, and
    read back from there where it was read before."""
    entry = user_cache.key(OUTLINES, READER, *shaped_by)
    kept = user_cache.get(OUTLINES, entry)
    if kept is not None:
        try:
            return _Reader(io.BytesIO(kept)).load()
        except Exception:  # an entry of another shape: read the path again
            pass
    found = read()
    user_cache.put(OUTLINES, entry, pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL))
    return found


class _Reader(pickle.Unpickler):
    """Reads back an outline: tuples, strings and numbers, never any class (an entry is only data, whoever could
    write to the folder)."""

    def find_class(self, module: str, name: str) -> type:
        raise pickle.UnpicklingError(f"{module}.{name} is not kept in an outline's entry")


def svg_path(name: str) -> str:
    """The icon's outline as the set publishes it: an SVG path on its 512-unit square, y down."""
    return _icons()[name]["path"]


def form_name(name: str, outlined: bool = False) -> str:
    return ("pgicon-o-" if outlined else "pgicon-") + name


def path_of(c: Canvas, ops: tuple) -> Any:
    """A ReportLab path of an outline's operations (outline_of's "m", "l", "c", "h")."""
    path = c.beginPath()
    for op in ops:
        if op[0] == "m":
            path.moveTo(*op[1])
        elif op[0] == "l":
            path.lineTo(*op[1])
        elif op[0] == "c":
            path.curveTo(*op[1], *op[2], *op[3])
        else:
            path.close()
    return path


def _define(c: Canvas, name: str, outlined: bool) -> None:
    """The icon as a form, filled (or outlined) in the colour of whoever places it, with their line width."""
    ops, (x0, y0, x1, y1) = glyph_outline(name)
    c.beginForm(form_name(name, outlined), lowerx=x0, lowery=y0, upperx=x1, uppery=y1)
    path = path_of(c, ops)
    if outlined:
        c.drawPath(path, stroke=1, fill=0)
    else:
        c.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
    c.endForm()


def aspect(name: str) -> float:
    """The icon's width over its height."""
    x0, y0, x1, y1 = glyph_outline(name)[1]
    return (x1 - x0) / (y1 - y0)


OUTLINE_WIDTH = 0.6  # pt: the line of an icon drawn in outline, to save ink


def draw(c: Canvas, name: str, cx: float, cy: float, size: float, colour=None, outline: bool = False) -> None:
    """The icon centred on (cx, cy), its longer side ``size`` points, filled with ``colour`` (default: the
    canvas's fill); with ``outline``, its outline only, stroked in that colour."""
    form = form_name(name, outline)
    if not c.hasForm(form):
        _define(c, name, outline)
    x0, y0, x1, y1 = glyph_outline(name)[1]
    scale = size / max(x1 - x0, y1 - y0)
    c.saveState()
    if colour is not None:
        c.setFillColorRGB(*colour)
        c.setStrokeColorRGB(*colour)
    c.translate(cx - (x0 + x1) / 2 * scale, cy - (y0 + y1) / 2 * scale)
    c.scale(scale, scale)
    if outline:
        c.setLineWidth(OUTLINE_WIDTH / scale)
        c.setLineJoin(1)
    c.doForm(form)
    c.restoreState()

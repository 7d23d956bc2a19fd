"""Pictures from RPG Awesome's icon set (fonts/RPGAwesome-Regular.ttf, licence and credit beside it).

An icon is named as RPG Awesome names it ("dragon", "spider-face"; the names
are in fonts/RPGAwesome-icons.toml). Its outline is read from the font with
fontTools once, and drawn as a vector path: the font is never embedded, so a
print shop's file stays free of it, and an icon takes whatever fill colour the
canvas has, converted for the press like any other colour. Each icon a
document uses is drawn once, as a form XObject, and placed wherever it is
needed, so a deck of 300 cards carries each outline once.
"""

from __future__ import annotations

import tomllib
from functools import cache

from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from ..errors import PrintgenError
from ..resources import fonts_dir

FONT_FILE = "RPGAwesome-Regular.ttf"
NAMES_FILE = "RPGAwesome-icons.toml"

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in the font's units


@cache
def names() -> dict[str, int]:
    """Every icon's name, with the character it is drawn from."""
    return tomllib.loads((fonts_dir() / NAMES_FILE).read_text(encoding="utf-8"))


def exists(name: str) -> bool:
    return name in names()


def check(picture: str, where: str) -> None:
    """Refuse a picture (one icon's name, or several with spaces between) naming no icon of the set."""
    for name in picture.split():
        if not exists(name):
            raise PrintgenError(f"{where}: no picture called {name!r} in the icon set (fonts/{NAMES_FILE} "
                                "names them)")


def parse(spec: str) -> tuple[str, tuple[float, float, float] | None]:
    """A picture as a game's data/pictures.toml gives it: "dragon", or "dragon #b8261c" in a colour of its own;
    the icons, and the colour or None."""
    parts = spec.split()
    colour = None
    if parts and parts[-1].startswith("#"):
        value = parts.pop()[1:]
        colour = tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))
    for name in parts:
        check(name, "data/pictures.toml")
    return " ".join(parts), colour  # type: ignore[return-value]


@cache
def _font():
    from fontTools.ttLib import TTFont

    return TTFont(str(fonts_dir() / FONT_FILE), lazy=True)


@cache
def glyph_outline(name: str) -> tuple[tuple, Box]:
    """The icon's outline as path operations ("m", "l", "c", "h") and its box, in the font's units."""
    from fontTools.pens.basePen import BasePen

    font = _font()
    glyph_name = font.getBestCmap()[names()[name]]
    glyph_set = font.getGlyphSet()

    class Recorder(BasePen):  # quadratic curves reach _curveToOne as cubics, by BasePen's own conversion
        def __init__(self):
            super().__init__(glyph_set)
            self.ops: list[tuple] = []

        def _moveTo(self, point):
            self.ops.append(("m", point))

        def _lineTo(self, point):
            self.ops.append(("l", point))

        def _curveToOne(self, first, second, third):
            self.ops.append(("c", first, second, third))

        def _closePath(self):
            self.ops.append(("h",))

    pen = Recorder()
    glyph_set[glyph_name].draw(pen)
    points = [p for op in pen.ops for p in op[1:]]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return tuple(pen.ops), (min(xs), min(ys), max(xs), max(ys))


def form_name(name: str, outlined: bool = False) -> str:
    return ("pgicon-o-" if outlined else "pgicon-") + name


def _define(c: Canvas, name: str, outlined: bool) -> None:
    """The icon as a form, filled (or outlined) in the colour of whoever places it, with their line width."""
    ops, (x0, y0, x1, y1) = glyph_outline(name)
    c.beginForm(form_name(name, outlined), lowerx=x0, lowery=y0, upperx=x1, uppery=y1)
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

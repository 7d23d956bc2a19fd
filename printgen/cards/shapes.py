"""What a layout draws beyond boxes: shapes, gradients, turning and see-through (``card_design``, ``design_face``).

    - type: shape
      shape: star 5 45%        # rect | rounded 3mm | circle | polygon 6 | star 5 [inner%] | points 50% 0, 100% 100%, 0 100%
      fill: "linear-gradient(90deg, gold, darkred)"
      rotate: 15               # degrees clockwise, about its centre; "15 top-left" about a corner
      opacity: 60%             # 0 to 1, or a percentage
    - type: image
      mask: circle             # the picture cut to a shape of the same words

A shape fills its box: a circle is the ellipse inside it, a polygon's and a star's points lie on that ellipse,
the first at the top; ``points`` are x y pairs measured in the box (lengths or % of the box). A fill is a colour
or ``linear-gradient([ANGLE,] COLOUR [STOP%], COLOUR [STOP%], ...)`` as CSS writes it (0deg runs up, 90deg to
the right, the default 180deg down). Each mistake is one line naming where it is and what would be right.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintgenError

Colour = tuple[float, float, float]
SHAPES = ("rect", "rounded", "circle", "polygon", "star", "points")
PIVOTS = ("center", "top-left", "top-right", "bottom-left", "bottom-right")
MAX_SIDES = 64
MAX_POINTS = 64
SHAPE_EXAMPLES = ("rect", "rounded 3mm", "circle", "polygon 6", "star 5", "star 5 40%", "points 50% 0, 100% 100%, 0 100%")
GRADIENT_EXAMPLES = ("linear-gradient(90deg, gold, darkred)", "linear-gradient(#203040, #405060 70%, black)")
_GRADIENT = re.compile(r"\s*linear-gradient\s*\((?P<inside>.*)\)\s*\Z", re.S | re.I)
_ANGLE = re.compile(r"\s*(-?\d+(?:\.\d*)?|-?\.\d+)\s*(deg)?\s*\Z")
_STOP = re.compile(r"\s*(?P<colour>.*?)(?:\s+(?P<at>-?\d+(?:\.\d*)?|-?\.\d+)%)?\s*\Z", re.S)


@dataclass(frozen=True)
class Shape:
    """A shape as a layout names it: its kind and what it needs (a radius, sides, an inner share, points)."""

    kind: str
    count: int = 0  # a polygon's sides, a star's points
    inner: float = 0.5  # a star's inner points, as a share of its outer ones
    radius: Any = None  # a rounded rectangle's corner (a card_design.Length)
    points: tuple = ()  # (Length, Length) pairs in the box, from its top left

    def path(self, c: Canvas, box: tuple[float, float, float, float], side: float):
        """The shape's path filling ``box`` (x, y from the lower left, w, h); lengths in % of the box, a
        rounded corner's of ``side`` (the card's width)."""
        x, y, w, h = box
        path = c.beginPath()
        if self.kind == "rect":
            path.rect(x, y, w, h)
        elif self.kind == "rounded":
            path.roundRect(x, y, w, h, min(self.radius.of(side), w / 2, h / 2))
        elif self.kind == "circle":
            path.ellipse(x, y, w, h)
        else:
            for number, (px, py) in enumerate(self.corners(box)):
                (path.lineTo if number else path.moveTo)(px, py)
            path.close()
        return path

    def corners(self, box: tuple[float, float, float, float]) -> list[tuple[float, float]]:
        """A polygon's, star's or points' corners in ``box``, in page space."""
        x, y, w, h = box
        if self.kind == "points":
            return [(x + px.of(w), y + h - py.of(h)) for px, py in self.points]
        cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
        steps = self.count * (2 if self.kind == "star" else 1)
        found = []
        for step in range(steps):
            angle = math.pi / 2 - 2 * math.pi * step / steps
            share = self.inner if self.kind == "star" and step % 2 else 1.0
            found.append((cx + rx * share * math.cos(angle), cy + ry * share * math.sin(angle)))
        return found


def shape(value: Any, where: str, length) -> Shape:
    """A shape as written (see the module's notes); ``length(text, where)`` reads a length."""
    text = value.strip() if isinstance(value, str) else ""
    kind, _, rest = text.partition(" ")
    kind, rest = kind.lower(), rest.strip()
    wrong = PrintgenError(f"{where}: {value!r}; give {', '.join(SHAPE_EXAMPLES[:-1])} or {SHAPE_EXAMPLES[-1]}")
    if kind not in SHAPES:
        raise wrong
    if kind in ("rect", "circle"):
        if rest:
            raise wrong
        return Shape(kind)
    if kind == "rounded":
        return Shape(kind, radius=length(rest or "0", where))
    if kind == "points":
        points = []
        for pair in rest.split(","):
            parts = pair.split()
            if len(parts) != 2:
                raise PrintgenError(f"{where}: {value!r}; give points as x y pairs split by commas, e.g. "
                                    f"points 50% 0, 100% 100%, 0 100%")
            points.append((length(parts[0], where), length(parts[1], where)))
        if not 3 <= len(points) <= MAX_POINTS:
            raise PrintgenError(f"{where}: {value!r}; a shape of points has 3 to {MAX_POINTS} of them")
        return Shape(kind, points=tuple(points))
    parts = rest.split()
    if not parts or not parts[0].isdigit() or not 3 <= int(parts[0]) <= MAX_SIDES or len(parts) > (
            2 if kind == "star" else 1):
        noun = "sides" if kind == "polygon" else "points"
        raise PrintgenError(f"{where}: {value!r}; give the {noun}, 3 to {MAX_SIDES}, e.g. {kind} "
                            f"{'6' if kind == 'polygon' else '5 40%'}")
    inner = 0.5
    if len(parts) == 2:
        match = re.fullmatch(r"(\d+(?:\.\d*)?)%", parts[1])
        if not match or not 5 <= float(match[1]) <= 95:
            raise PrintgenError(f"{where}: {value!r}; a star's inner points are 5% to 95% of its outer ones, "
                                f"e.g. star 5 40%")
        inner = float(match[1]) / 100
    return Shape(kind, int(parts[0]), inner)


# Gradients --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Gradient:
    """A linear gradient: its angle (CSS's: 0 runs up, clockwise) and its stops (share along it, colour)."""

    angle: float
    stops: tuple[tuple[float, Colour], ...]

    def mapped(self, change) -> Gradient:
        """The gradient with each stop's colour changed by ``change`` (--ink-saver's paler fills)."""
        return Gradient(self.angle, tuple((at, change(colour)) for at, colour in self.stops))

    def paint(self, c: Canvas, path, box: tuple[float, float, float, float], press) -> None:
        """Fill ``path`` with the gradient across ``box``; ``press`` turns a colour into the canvas's CMYK (a
        press file's), or is None."""
        x, y, w, h = box
        turn = math.radians(self.angle)
        dx, dy = math.sin(turn), math.cos(turn)  # the direction it runs, y up
        half = (abs(w * dx) + abs(h * dy)) / 2  # CSS: its line is as long as the box is across in that direction
        cx, cy = x + w / 2, y + h / 2
        colours = [CMYKColor(*press(colour)) if press else Color(*colour) for _, colour in self.stops]
        c.saveState()
        c.clipPath(path, stroke=0, fill=0)
        c.linearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half, colours,
                         [at for at, _ in self.stops], extend=True)
        c.restoreState()


def is_gradient(text: str) -> bool:
    return text.strip().lower().startswith("linear-gradient")


def gradient(text: str, where: str, colour) -> Gradient:
    """``linear-gradient(...)`` as written; ``colour(text, where)`` reads one colour."""
    example = " or ".join(GRADIENT_EXAMPLES)
    match = _GRADIENT.match(text)
    if not match:
        raise PrintgenError(f"{where}: {text!r}; give a gradient as {example}")
    parts = [part for part in match["inside"].split(",")]
    angle = 180.0
    found = _ANGLE.match(parts[0]) if parts else None
    if found:
        angle = float(found[1])
        parts = parts[1:]
    if not 2 <= len(parts) <= 16:
        raise PrintgenError(f"{where}: {text!r}; a gradient runs through 2 to 16 colours, e.g. {example}")
    stops: list[tuple[float | None, Colour]] = []
    for part in parts:
        stop = _STOP.match(part)
        assert stop is not None  # it matches any text
        at = None if stop["at"] is None else float(stop["at"]) / 100
        if at is not None and not 0 <= at <= 1:
            raise PrintgenError(f"{where}: {text!r}: a stop lies from 0% to 100% along the gradient")
        stops.append((at, colour(stop["colour"], where)))
    placed = _placed([at for at, _ in stops])
    if any(later < earlier for earlier, later in zip(placed, placed[1:])):
        raise PrintgenError(f"{where}: {text!r}: its stops go back along it; give them in order, 0% to 100%")
    return Gradient(angle % 360, tuple(zip(placed, (found for _, found in stops))))


def _placed(stops: list[float | None]) -> list[float]:
    """Stops without a place spread evenly between those with one, the first at 0 and the last at 1 (CSS)."""
    known: list[float | None] = list(stops)
    known[0] = 0.0 if known[0] is None else known[0]
    known[-1] = 1.0 if known[-1] is None else known[-1]
    start = 0
    for index in range(1, len(known)):
        if known[index] is not None:
            for between in range(start + 1, index):
                low, high = known[start], known[index]
                assert low is not None and high is not None
                known[between] = low + (high - low) * (between - start) / (index - start)
            start = index
    return [float(at) for at in known]  # type: ignore[arg-type]


# Turning and see-through ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rotation:
    degrees: float  # clockwise, as a designer turns a card on the table
    pivot: str = "center"

    def apply(self, c: Canvas, box: tuple[float, float, float, float]) -> None:
        """Turn what the canvas draws next about the pivot of ``box`` (in a saved state)."""
        x, y, w, h = box
        px = x + (w if self.pivot.endswith("right") else 0 if self.pivot.endswith("left") else w / 2)
        py = y + (h if self.pivot.startswith("top") else 0 if self.pivot.startswith("bottom") else h / 2)
        c.translate(px, py)
        c.rotate(-self.degrees)
        c.translate(-px, -py)


def rotation(value: Any, where: str) -> Rotation:
    text = str(value).strip() if not isinstance(value, bool) else ""
    parts = text.split()
    match = _ANGLE.match(parts[0]) if parts else None
    pivot = parts[1].lower() if len(parts) == 2 else "center"
    if pivot == "centre":
        pivot = "center"
    if not match or len(parts) > 2 or pivot not in PIVOTS:
        raise PrintgenError(f"{where}: {value!r}; give degrees clockwise, about the centre or a corner: e.g. 15, "
                            f"-90 or 30 top-left ({', '.join(PIVOTS)})")
    degrees = float(match[1])
    if abs(degrees) > 360:
        raise PrintgenError(f"{where}: {value!r}; give -360 to 360 degrees")
    return Rotation(degrees, pivot)


def opacity(value: Any, where: str) -> float:
    text = str(value).strip() if not isinstance(value, bool) else ""
    match = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)(%)?", text)
    number = (float(match[1]) / (100 if match[2] else 1)) if match else -1.0
    if not 0 <= number <= 1:
        raise PrintgenError(f"{where}: {value!r}; give 0 (unseen) to 1 (solid), or 0% to 100%")
    return number

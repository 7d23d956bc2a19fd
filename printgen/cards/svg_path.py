"""SVG path data (a ``d`` attribute) read into path operations and the box its curves fill.

One job: ``read(data, transform)`` gives the path as operations ("m" point, "l" point, "c" three points, "h"
closing a subpath), every point through the affine ``transform`` (six numbers, as PDF writes a matrix), quadratic
curves and elliptical arcs made into cubics, and the box of the curves themselves (not of their control points).

The numbers are, float for float, those fontTools gives reading the same data with svgLib's ``parse_path``
through a ``TransformPen`` into a ``BasePen`` and a ``BoundsPen``: the same grammar and the same arithmetic in the
same order. Its parser follows Lennart Regebro's svg.path as fontTools adapted it, its arcs Blink's
SVGPathNormalizer::DecomposeArcToCubic as fontTools ported it, its quadratic-to-cubic step and its bounds
fontTools' BasePen, BoundsPen and bezierTools (svg.path and fontTools are MIT-licensed). Reading it this way
needs no import of fontTools (some 60 ms a process) and takes about half the time its pens take.
"""

from __future__ import annotations

import cmath
import re
from math import atan2, ceil, cos, fabs, isfinite, pi, radians, sin, sqrt, tan

Point = tuple[float, float]
Box = tuple[float, float, float, float]
Matrix = tuple[float, float, float, float, float, float]

COMMANDS = frozenset("MmZzLlHhVvCcSsQqTtAa")
_LETTERS = {letter: (letter.upper(), letter.isupper()) for letter in COMMANDS}  # the command, and whether absolute
# A number as CSS writes one: "-6.e-5" is two numbers, "-6" and "-5", as fontTools reads it.
_NUMBER_PATTERN = r"[-+]?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+(?:[eE][-+]?[0-9]+)?)"
_NUMBER = re.compile(_NUMBER_PATTERN)
_TOKEN = re.compile("[MmZzLlHhVvCcSsQqTtAa]|" + _NUMBER_PATTERN)
_ARC = re.compile("([Aa])([^MmZzLlHhVvCcSsQqTtAa]*)")  # an arc's letter and its arguments, up to the next command
_FLAG = re.compile("^[01]")
_SEPARATOR = re.compile("[, \t]")
_ARC_ARGUMENTS = ("rx", "ry", "x-axis-rotation", "large-arc-flag", "sweep-flag", "x", "y")

READER = "svg_path 1"  # names what this reader makes, in a cache's keys: a change to its numbers changes it
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)
_TWO_THIRDS = 0.66666666666666667  # BasePen's factor from a quadratic's control point to a cubic's
_EPSILON = 1e-10  # solveQuadratic's: a smaller coefficient is no coefficient


def read(data: str, transform: Matrix = IDENTITY) -> tuple[tuple, Box | None]:
    """The path operations of SVG path ``data``, their points through ``transform``, and the box the curves fill
    (None for empty data). Malformed data raises ValueError naming what is wrong."""
    xx, xy, yx, yy, dx, dy = transform
    ops: list[tuple] = []
    box: list = []  # x0, y0, x1, y1 once a point is drawn
    pen: Point = (0.0, 0.0)  # the last point handed on, as the pens know it

    def put(point: complex) -> Point:  # a point through the transform, into the box
        x, y = point.real, point.imag
        x, y = xx * x + yx * y + dx, xy * x + yy * y + dy
        if not box:
            box[:] = [x, y, x, y]
        else:  # fontTools' updateBounds: min and max, the first of equals kept
            if x < box[0]:
                box[0] = x
            elif x > box[2]:
                box[2] = x
            if y < box[1]:
                box[1] = y
            elif y > box[3]:
                box[3] = y
        return x, y

    def cubic(c1: complex, c2: complex, end: complex) -> None:
        nonlocal pen
        first = (xx * c1.real + yx * c1.imag + dx, xy * c1.real + yy * c1.imag + dy)
        second = (xx * c2.real + yx * c2.imag + dx, xy * c2.real + yy * c2.imag + dy)
        last = put(end)
        if not (box[0] <= first[0] <= box[2] and box[1] <= first[1] <= box[3]) or \
                not (box[0] <= second[0] <= box[2] and box[1] <= second[1] <= box[3]):
            _union(box, _cubic_box(pen, first, second, last))
        ops.append(("c", first, second, last))
        pen = last

    def quadratic(control: complex, end: complex) -> None:
        nonlocal pen
        middle = (xx * control.real + yx * control.imag + dx, xy * control.real + yy * control.imag + dy)
        last = put(end)
        if not (box[0] <= middle[0] <= box[2] and box[1] <= middle[1] <= box[3]):
            _union(box, _quadratic_box(pen, middle, last))
        (x0, y0), (x1, y1), (x2, y2) = pen, middle, last
        ops.append(("c", (x0 + _TWO_THIRDS * (x1 - x0), y0 + _TWO_THIRDS * (y1 - y0)),
                    (x2 + _TWO_THIRDS * (x1 - x2), y2 + _TWO_THIRDS * (y1 - y2)), last))
        pen = last

    tokens = _tokens(data)

    def pair(i: int) -> complex:  # the point the two numbers from tokens[i] give, as fontTools makes it
        return float(tokens[i]) + float(tokens[i + 1]) * 1j

    position = 0j
    start: complex | None = None
    open_ = False
    command = last = ""  # the command, and the one before, whose control point an S or T reflects
    absolute = True
    control = 0j
    at, count = 0, len(tokens)
    try:
        while at < count:
            last = command
            letter = _LETTERS.get(tokens[at])
            if letter is not None:
                command, absolute = letter
                at += 1
            elif not command:
                raise ValueError(f"SVG path data: numbers after a closepath, with no command: {_shown(data)}")
            if not open_ and start is not None and command != "M" and command != "Z":
                pen = put(start)  # a drawto after a closepath starts where the closed subpath did
                ops.append(("m", pen))
                open_ = True
            if command == "Z":
                if open_:
                    assert start is not None
                    if not cmath.isclose(position, start, rel_tol=1e-15, abs_tol=1e-15):
                        pen = put(start)
                        ops.append(("l", pen))
                    ops.append(("h",))
                    position, open_ = start, False
                command = ""  # no numbers may follow a closepath
                continue
            if command == "M":
                point = pair(at)
                at += 2
                position = point if absolute else position + point
                if open_:
                    ops.append(("h",))  # an open subpath is filled as if closed, as SVG fills it
                pen = put(position)
                ops.append(("m", pen))
                start, open_ = position, True
                command = "L"  # numbers after a moveto are linetos
                continue
            if command == "L":
                point = pair(at)
                at += 2
                if not absolute:
                    point += position
            elif command == "H":
                point = float(tokens[at]) + position.imag * 1j
                at += 1
                if not absolute:
                    point += position.real
            elif command == "V":
                point = position.real + float(tokens[at]) * 1j
                at += 1
                if not absolute:
                    point += position.imag * 1j
            elif command == "C" or command == "S":
                if command == "C":
                    first = pair(at)
                    at += 2
                elif last == "C" or last == "S":  # the reflection of the curve before's second control point
                    first = position + position - control
                else:
                    first = position
                control = pair(at)
                point = pair(at + 2)
                at += 4
                if not absolute:
                    if command == "C":
                        first += position
                    control += position
                    point += position
                cubic(first, control, point)
            elif command == "Q" or command == "T":
                if command == "Q":
                    control = pair(at)
                    at += 2
                    if not absolute:
                        control += position
                elif last == "Q" or last == "T":
                    control = position + position - control
                else:
                    control = position
                point = pair(at)
                at += 2
                if not absolute:
                    point += position
                quadratic(control, point)
            else:  # "A": radii, rotation, two flags, end (the tokens come seven a time)
                rx, ry, rotation = abs(float(tokens[at])), abs(float(tokens[at + 1])), float(tokens[at + 2])
                large, sweep = bool(int(tokens[at + 3])), bool(int(tokens[at + 4]))
                point = pair(at + 5)
                at += 7
                if not absolute:
                    point += position
                for c1, c2, end in _arc(position, rx, ry, rotation, large, sweep, point):
                    cubic(c1, c2, end)
            if command == "L" or command == "H" or command == "V":
                pen = put(point)
                ops.append(("l", pen))
            position = point
    except (IndexError, ValueError) as error:
        if not isinstance(error, IndexError) and str(error).startswith("SVG path data"):
            raise
        raise ValueError(f"SVG path data: too few numbers for {command!r}"
                         f"{f' before {tokens[at]!r}' if at < count else ''}: {_shown(data)}") from None
    except ArithmeticError:  # an arc's radii so small or large that their squares leave the floats
        raise ValueError(f"SVG path data: numbers out of range for {command!r}: {_shown(data)}") from None
    if open_:
        ops.append(("h",))
    return tuple(ops), (box[0], box[1], box[2], box[3]) if box else None


def _shown(data: str) -> str:
    return repr(data if len(data) <= 60 else data[:57] + "...")


def _tokens(data: str) -> list[str]:
    """The commands and numbers of path data, an arc's flags numbers of their own ("a1 1 0 014 5": seven numbers);
    any other character is a separator, as fontTools takes it."""
    if "A" in data or "a" in data:
        pieces = _ARC.split(data)  # text, then each arc's letter, its arguments and the text after them
        tokens = _TOKEN.findall(pieces[0])
        for i in range(1, len(pieces), 3):
            tokens.append(pieces[i])
            tokens += _arc_arguments(pieces[i + 1], pieces[i])
            tokens += _TOKEN.findall(pieces[i + 2])
    else:
        tokens = _TOKEN.findall(data)
    if tokens and tokens[0] not in ("M", "m"):
        raise ValueError(f"SVG path data must start with a moveto (M or m): {_shown(data)}")
    return tokens


def _arc_arguments(text: str, command: str) -> list[str]:
    """An arc command's arguments, seven a time, a flag one digit long whatever follows it ("014": 0, 1, 4)."""
    pieces = [piece for piece in _SEPARATOR.split(text) if piece]
    if not pieces:
        raise ValueError(f"SVG path data: an arc ({command!r}) with no numbers")
    found: list[str] = []
    pieces.reverse()
    while pieces:
        piece = pieces.pop()
        kind = _ARC_ARGUMENTS[len(found) % 7]
        match = (_FLAG if kind.endswith("flag") else _NUMBER).search(piece)
        if not match:
            raise ValueError(f"SVG path data: {piece!r} is no arc's {kind} in {command}{text}")
        found.append(match.group())
        if piece[match.end():]:
            pieces.append(piece[match.end():])
    if len(found) % 7:
        raise ValueError(f"SVG path data: an arc ({command}{text}) needs seven numbers a time")
    return found


def _union(box: list, other: Box) -> None:
    """fontTools' unionRect, the box's own bound kept where the other's equals it."""
    for i in (0, 1):
        if other[i] < box[i]:
            box[i] = other[i]
        if other[i + 2] > box[i + 2]:
            box[i + 2] = other[i + 2]


def _roots(a: float, b: float, c: float) -> list[float]:
    """The real roots of a t² + b t + c, as bezierTools' solveQuadratic finds them."""
    if abs(a) < _EPSILON:
        return [] if abs(b) < _EPSILON else [-c / b]
    dd = b * b - 4.0 * a * c
    if dd >= 0.0:
        root = sqrt(dd)
        return [(-b + root) / 2.0 / a, (-b - root) / 2.0 / a]
    return []


def _cubic_box(p1: Point, p2: Point, p3: Point, p4: Point) -> Box:
    """The box of a cubic curve itself (bezierTools' calcCubicBounds: its extremes where the derivative is 0)."""
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = p1, p2, p3, p4
    cx, cy = (x2 - x1) * 3.0, (y2 - y1) * 3.0
    bx, by = (x3 - x2) * 3.0 - cx, (y3 - y2) * 3.0 - cy
    ax, ay = x4 - x1 - cx - bx, y4 - y1 - cy - by
    ts = [t for t in _roots(ax * 3.0, bx * 2.0, cx) if 0 <= t < 1]
    ts += [t for t in _roots(ay * 3.0, by * 2.0, cy) if 0 <= t < 1]
    xs = [ax * t * t * t + bx * t * t + cx * t + x1 for t in ts] + [x1, x4]
    ys = [ay * t * t * t + by * t * t + cy * t + y1 for t in ts] + [y1, y4]
    return min(xs), min(ys), max(xs), max(ys)


def _quadratic_box(p1: Point, p2: Point, p3: Point) -> Box:
    """The box of a quadratic curve itself (bezierTools' calcQuadraticBounds)."""
    (x1, y1), (x2, y2), (x3, y3) = p1, p2, p3
    bx, by = (x2 - x1) * 2.0, (y2 - y1) * 2.0
    ax, ay = x3 - x1 - bx, y3 - y1 - by
    ts = ([-bx / (ax * 2.0)] if ax * 2.0 != 0 else []) + ([-by / (ay * 2.0)] if ay * 2.0 != 0 else [])
    ts = [t for t in ts if 0 <= t < 1]
    xs = [ax * t * t + bx * t + x1 for t in ts] + [x1, x3]
    ys = [ay * t * t + by * t + y1 for t in ts] + [y1, y3]
    return min(xs), min(ys), max(xs), max(ys)


# Affine matrices as fontTools' Transform composes them (its rotate rounds a sine or cosine within 1e-15 of
# 0, 1 or -1 to that whole number; the whole numbers stay ints, as there).

def _then(self: Matrix, other: Matrix) -> Matrix:
    """Transform.transform: ``other`` first, then ``self``."""
    xx1, xy1, yx1, yy1, dx1, dy1 = other
    xx2, xy2, yx2, yy2, dx2, dy2 = self
    return (xx1 * xx2 + xy1 * yx2, xx1 * xy2 + xy1 * yy2, yx1 * xx2 + yy1 * yx2, yx1 * xy2 + yy1 * yy2,
            xx2 * dx1 + yx2 * dy1 + dx2, xy2 * dx1 + yy2 * dy1 + dy2)


def _whole(v: float) -> float:
    if abs(v) < 1e-15:
        return 0
    if v > 1 - 1e-15:
        return 1
    if v < -1 + 1e-15:
        return -1
    return v


def _rotated(matrix: Matrix, angle: float) -> Matrix:
    c, s = _whole(cos(angle)), _whole(sin(angle))
    return _then(matrix, (c, s, -s, c, 0, 0))


def _map(matrix: Matrix, point: complex) -> complex:
    xx, xy, yx, yy, dx, dy = matrix
    x, y = point.real, point.imag
    return (xx * x + yx * y + dx) + (xy * x + yy * y + dy) * 1j


def _arc(current: complex, rx: float, ry: float, rotation: float, large: bool, sweep: bool,
         target: complex) -> list[tuple[complex, complex, complex]]:
    """An elliptical arc as cubic curves, one a quarter turn or less (none where a radius is 0 or the arc ends
    where it starts); radii too small to reach are scaled up, as SVG says."""
    angle = radians(rotation)
    rx, ry = fabs(rx), fabs(ry)
    if not (rx and ry) or target == current:
        return []
    middle = _map(_rotated(IDENTITY, -angle), (current - target) * 0.5)
    scale = middle.real * middle.real / (rx * rx) + middle.imag * middle.imag / (ry * ry)
    if scale > 1:
        rx *= sqrt(scale)
        ry *= sqrt(scale)
    onto_circle = _rotated((1 / rx, 0, 0, 1 / ry, 0, 0), -angle)
    point1, point2 = _map(onto_circle, current), _map(onto_circle, target)
    delta = point2 - point1
    d = delta.real * delta.real + delta.imag * delta.imag
    factor = sqrt(max(1 / d - 0.25, 0.0))
    if sweep == large:
        factor = -factor
    delta *= factor
    centre = (point1 + point2) * 0.5
    centre += complex(-delta.imag, delta.real)
    point1 -= centre
    point2 -= centre
    theta1 = atan2(point1.imag, point1.real)
    theta_arc = atan2(point2.imag, point2.real) - theta1
    if theta_arc < 0 and sweep:
        theta_arc += 2 * pi
    elif theta_arc > 0 and not sweep:
        theta_arc -= 2 * pi

    back = _then(_rotated(IDENTITY, angle), (rx, 0, 0, ry, 0, 0))
    segments = int(ceil(fabs(theta_arc / (0.5 * pi + 0.001))))  # 0.001: atan2's slack makes no extra segment
    curves = []
    for i in range(segments):
        start_theta = theta1 + i * theta_arc / segments
        end_theta = theta1 + (i + 1) * theta_arc / segments
        t = (4 / 3) * tan(0.25 * (end_theta - start_theta))
        if not isfinite(t):
            break
        sin_start, cos_start, sin_end, cos_end = sin(start_theta), cos(start_theta), sin(end_theta), cos(end_theta)
        first = complex(cos_start - t * sin_start, sin_start + t * cos_start)
        first += centre
        end = complex(cos_end, sin_end)
        end += centre
        second = end + complex(t * sin_end, -t * cos_end)
        curves.append((_map(back, first), _map(back, second), _map(back, end)))
    return curves

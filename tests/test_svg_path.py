"""printgen's reader of SVG path data (printgen/cards/svg_path.py) against fontTools, which it stands in for.

An outline must be the very numbers fontTools made of it (svgLib's parse_path through a TransformPen into a
BasePen, quadratics made cubic by BasePen, arcs by svgLib's EllipticalArc, the box by BoundsPen): the same
floats, compared with == and by repr (so a zero's sign counts too), for hand-written paths that use each
command and its corner cases, and for the icons of the set. fontTools is imported here only, as the yardstick.
"""

import random
import re
import subprocess
import sys

import pytest

from printgen.cards import icons
from printgen.cards.svg_path import read


def fonttools_outline(path: str) -> tuple[tuple, tuple | None]:
    """What fontTools makes of a path: the operations a BasePen records, the box a BoundsPen finds."""
    from fontTools.pens.basePen import BasePen
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.svgLib.path import parse_path

    class Recorder(BasePen):
        def __init__(self):
            super().__init__(None)
            self.ops = []

        def _moveTo(self, point):
            self.ops.append(("m", point))

        def _lineTo(self, point):
            self.ops.append(("l", point))

        def _curveToOne(self, first, second, third):
            self.ops.append(("c", first, second, third))

        def _closePath(self):
            self.ops.append(("h",))

        def _endPath(self):
            self.ops.append(("h",))

    recorder, bounds = Recorder(), BoundsPen(None)
    parse_path(path, TransformPen(recorder, icons.FLIP))
    parse_path(path, TransformPen(bounds, icons.FLIP))
    return tuple(recorder.ops), bounds.bounds


def same_as_fonttools(path: str) -> None:
    ours, theirs = read(path, icons.FLIP), fonttools_outline(path)
    assert ours == theirs, path
    assert repr(ours) == repr(theirs), path  # every float's bits, a zero's sign among them


HAND_WRITTEN = [
    "",  # nothing: no operations, no box
    "M10 20 L30 40 l5 5 H100 h-10 V50 v5 Z",
    "m10 20 30 40 5 5 z",  # a first m is absolute; numbers after a moveto are linetos
    "M0 0 L1 1 2 2 3 3 H4 5 V6 7",  # implicit repeats, an open subpath
    "M10 10 C20 20 30 30 40 10 c10 10 20 -10 30 0 S100 100 120 10 s10 10 20 0 10 -10 20 0",
    "M10 10 S50 50 90 10",  # S with no curve before it
    "M10 10 L20 20 s30 30 70 -10",  # S after a line
    "M10 10 Q20 20 30 10 S50 50 60 10",  # S after a quadratic: no reflection
    "M10 10 Q50 100 90 10 q20 -40 40 0 T150 10 t20 0 20 0",
    "M10 10 T50 50 t10 10",  # T with no quadratic before it
    "M10 10 C20 20 30 30 40 10 T80 80",  # T after a cubic: no reflection
    "M256 16 Q500 16 496 256 T256 496 T16 256 T256 16 Z",  # a quadratic's box is the curve's, not a cubic's
    "M10 10 A20 30 15 0 1 50 50 a20 20 0 1 0 30 30 Z",
    "M100 256 a156 156 0 1 1 312 0 156 156 0 1 1 -312 0z",  # an implicit arc
    "M10 10a5 5 0 0150 0a5,5,0,1,1,10,10",  # flags written with no space after them
    "M10 10 A0 20 0 0 1 50 50 L60 60",  # a zero radius: fontTools draws nothing for it
    "M10 10 a20 0 0 0 1 40 40 q10 10 20 0",  # ... and the quadratic after it starts where the pen stood
    "M10 10 A20 20 0 0 1 10 10 Z",  # an arc ending where it starts
    "M0 0 A1 1 0 0 1 100 0 A2 1 30 1 0 200 50",  # radii too small to reach: scaled up
    "M50 50 A40 20 45 1 1 150 80 A40 20 90 0 0 60 60 A30 30 -30 1 0 20 20",
    "M10 10 L20 20 Z L30 40 Z",  # a drawto after Z starts where the closed subpath did
    "M10 10 L20 20 Z M30 30 L40 40 Z z",  # a second Z does nothing
    "M10 10 L20 20 M30 30 L40 50",  # a moveto after an open subpath
    "M10 10 h20 V30 h-20 z m40 0 h10 v10 z",  # m after z: from the closed subpath's start
    "M10 10 L20 20 L10 10 Z",  # Z where the subpath began: no closing line
    "M1e2 -2.5e-1 L.5.5 L-6.e-5 L+4-3E1",  # numbers as CSS writes them ("-6.e-5": -6, -5)
    "M0,0,10,10L20-5l-3-4",  # commas, no spaces
    "M-0 -0 L-0 5 H-0 V-0 Z",  # negative zeros
    "M10 10 X20 20 L30 30",  # a letter that is no command is skipped, as fontTools skips it
]


@pytest.mark.parametrize("path", HAND_WRITTEN)
def test_each_command_reads_as_fonttools_reads_it(path):
    same_as_fonttools(path)


MALFORMED = [
    "L10 10",  # no moveto first
    "10 10 L20 20",
    "M10",  # too few numbers
    "M10 10 L5",
    "M10 10 L5 Z",
    "M10 10 C1 2 3 4 5",
    "M10 10 Z 5 5",  # numbers after a closepath
    "M10 10 A5 5 0 0 1",  # an arc short of its end
    "M10 10 A5 5 0 2 1 3 3",  # a flag that is not 0 or 1
    "M10 10 A",
]


@pytest.mark.parametrize("path", MALFORMED)
def test_malformed_path_data_is_refused_with_a_value_error_as_fonttools_refuses_it(path):
    with pytest.raises(ValueError):
        fonttools_outline(path)
    with pytest.raises(ValueError, match="SVG path data"):
        read(path, icons.FLIP)


def _random_path(rng: random.Random, malformed: bool) -> str:
    """A path of a dozen commands or fewer, of any kind, written in any manner, with zeros of either sign, tiny and
    huge numbers among the others; a malformed one may lack a number here and there."""
    def number() -> str:
        if rng.random() < 0.15:
            return rng.choice(["0", "-0", "0.0", "1e-300", "-1e-320", "512", "1e300"])
        return str(rng.randint(-50, 550)) if rng.random() < 0.5 else f"{rng.uniform(-100, 600):.{rng.randint(0, 4)}f}"

    parts = [rng.choice("Mm") + f"{number()} {number()}"]
    for _ in range(rng.randint(0, 12)):
        letter = rng.choice("MmLlHhVvCcSsQqTtAaZz")
        numbers: list[str] = []
        for _ in range(0 if letter in "Zz" else rng.randint(1, 3)):
            if letter in "Aa":
                numbers += [number(), number(), number(), rng.choice("01"), rng.choice("01"), number(), number()]
            else:
                numbers += [number() for _ in range({"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4,
                                                      "T": 2}[letter.upper()])]
        if malformed and numbers and rng.random() < 0.3:
            numbers.pop()
        parts.append(letter + (" " if rng.random() < 0.7 else ",").join(numbers))
    return " ".join(parts)


def test_random_paths_read_as_fonttools_reads_them_or_are_refused_as_fonttools_refuses_them():
    """Where fontTools reads a path, the reader makes the same floats; where fontTools fails (too few numbers, or
    radii whose squares leave the floats, where it divides by zero), the reader refuses it with a ValueError."""
    rng = random.Random(46)
    read_alike = refused = 0
    for i in range(400):
        path = _random_path(rng, malformed=i % 4 == 0)
        try:
            theirs = fonttools_outline(path)
        except (ValueError, ZeroDivisionError):
            with pytest.raises(ValueError, match="SVG path data"):
                read(path, icons.FLIP)
            refused += 1
            continue
        ours = read(path, icons.FLIP)
        assert repr(ours) == repr(theirs), path
        read_alike += 1
    assert read_alike > 200 and refused > 50


def _kinds(path: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]", path))


def _sample() -> list[str]:
    """About 300 icons: every icon with a T, t or Q (a few dozen), the first few with each other command, and
    every seventeenth of the rest."""
    names = icons.names()
    kinds = {name: _kinds(icons.svg_path(name)) for name in names}
    chosen = {name for name in names if kinds[name] & set("QTt")}
    for command in "MmZzLlHhVvCcSsqAa":
        chosen.update([name for name in names if command in kinds[name]][:8])
    chosen.update(names[::17])
    return sorted(chosen)


def test_a_sample_of_the_icons_reads_as_fonttools_reads_it():
    sample = _sample()
    assert 250 <= len(sample) <= 400
    assert set().union(*(_kinds(icons.svg_path(name)) for name in sample)) >= set("MmZzLlHhVvCcSsQqTtAa")
    for name in sample:
        same_as_fonttools(icons.svg_path(name))


CHUNK = 100


@pytest.mark.sweep
@pytest.mark.parametrize("first", range(0, len(icons.names()), CHUNK))
def test_every_icon_reads_as_fonttools_reads_it(first):
    for name in icons.names()[first:first + CHUNK]:
        same_as_fonttools(icons.svg_path(name))


def test_reading_an_outline_imports_no_fonttools():
    code = ("import sys; from printgen.cards import icons; icons.outline_of(icons.svg_path('rat'));"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'fontTools'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"

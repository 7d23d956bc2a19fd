"""How a map is inked: grey rock (the default), hatching along the walls, or outlines only.

``grey``: rock filled grey, the grid over everything. ``hatched``, in the
manner of Dyson Logos' and Watabou's maps: white floors, a band of short
hatching strokes along the outside of every wall, nothing beyond it. ``ink-saver``:
the outlines, a light stipple in the rock along the outside of every wall,
and the grid on the floors only (under a third of the grey style's ink).
In neither does the grid cross the rock, so rock reads as rock; a blank map
to draw on keeps its grid everywhere.

The hatching is vector strokes, laid out by a stream seeded from the
level's seed text and each wall's place, so the same map always gets the
same strokes. This module imports no drawing library: the map-style option
is declared here, where every game's declaration can take it cheaply.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..options import Option

STYLES = ("grey", "hatched", "ink-saver")

MAP_STYLE_OPTION = Option(
    "map-style", "How the maps are inked. grey: grey rock; hatched: white floors, hatching along the outside of "
    "every wall; ink-saver: outlines only.", choices=STYLES, default="grey")

ROCK_GREY = 0.78
GRID_GREY = 0.62  # the grid on floors (and on grey rock)
FAINT_GREY = 0.84  # the grid on white rock
GRID_WIDTH = 0.3
HATCH_WIDTH = 0.45  # pt


@dataclass(frozen=True)
class MapStyle:
    """A map style, and the text its hatching is seeded from (the dungeon's seed and the level)."""

    name: str = "grey"
    seed: str = ""

    def __post_init__(self) -> None:
        if self.name not in STYLES:
            raise ValueError(f"no map style {self.name!r}; the styles are {', '.join(STYLES)}")

    @property
    def rock(self) -> float | None:
        """The grey rock is filled with, or None: left white."""
        return ROCK_GREY if self.name == "grey" else None

    @property
    def rock_grid(self) -> float:
        return GRID_GREY if self.name == "grey" else FAINT_GREY

    @property
    def hatched(self) -> bool:
        return self.name == "hatched"

    @property
    def stippled(self) -> bool:
        """Whether the rock along the walls is stippled (ink-saver)."""
        return self.name == "ink-saver"

    @classmethod
    def chosen(cls, request) -> MapStyle:
        """The style a product request's --map-style names (grey where it has none), seeded by its seed."""
        return cls(request.options.get(MAP_STYLE_OPTION.name, MAP_STYLE_OPTION.default), request.code.seed)

    def seeded(self, seed: str) -> MapStyle:
        return MapStyle(self.name, seed)


GREY = MapStyle()

Point = tuple[float, float]


def band_width(pitch: float) -> float:
    """How far the hatching reaches beyond a wall, in points: most of a small square, a strip of a large one."""
    return min(pitch * 0.72, 13.0)


STIPPLE_DOT = 0.7  # pt: a stipple dot's width (a round-capped stroke of no length)


def stipple_dots(walls: list[tuple[Point, Point, Point]], point, pitch: float, seed: str) -> list[tuple]:
    """A light stipple along the rock side of ``walls`` (as ``hatch_strokes`` takes them), thinning away
    from the wall, as page lines of no length (x0, y0, x0, y0) for a round cap to ink as dots. Seeded as
    the hatching is, each wall from its own place."""
    width = band_width(pitch) * 0.7
    lines = []
    for pa, length, (ux, uy), (ox, oy), rng in _along(walls, point, seed, "|dots"):
        for _ in range(max(1, round(length * width / 36.0))):  # about a dot to 36 square points of band
            along = (rng.random() * 1.1 - 0.05) * length
            depth = width * (0.1 + 0.9 * rng.random() ** 1.7)  # thicker near the wall
            x, y = pa[0] + ux * along + ox * depth, pa[1] + uy * along + oy * depth
            lines.append((x, y, x, y))
    return lines


def hatch_strokes(walls: list[tuple[Point, Point, Point]], point, pitch: float, seed: str) -> list[tuple]:
    """Short strokes in clusters along the rock side of ``walls`` ((a, b, outward) in squares, ``outward``
    a unit vector towards the rock), as page lines (x0, y0, x1, y1). Each wall's clusters come from a
    stream seeded by ``seed`` and the wall's own place, so they do not depend on the order of the walls."""
    width = band_width(pitch)
    spacing = width * 0.62
    lines = []
    for pa, length, (ux, uy), (ox, oy), rng in _along(walls, point, seed):
        count = max(1, round(length * 1.3 / spacing))
        for i in range(count):
            # Clusters run a little past each end, so corners are covered; floors hide what falls on them.
            along = ((i + rng.random()) / count * 1.3 - 0.15) * length
            for row, (low, high) in enumerate(((0.12, 0.42), (0.5, 0.82))):
                if row and rng.random() < 0.25:
                    continue
                depth = width * (low + (high - low) * rng.random())
                cx, cy = pa[0] + ux * along + ox * depth, pa[1] + uy * along + oy * depth
                angle = math.pi * rng.random()
                dx, dy = math.cos(angle), math.sin(angle)
                strokes = 3 if rng.random() < 0.7 else 4
                gap = width * 0.15
                for k in range(strokes):
                    offset = (k - (strokes - 1) / 2) * gap
                    half = width * (0.22 + 0.1 * rng.random())
                    mx, my = cx - dy * offset, cy + dx * offset
                    lines.append((mx - dx * half, my - dy * half, mx + dx * half, my + dy * half))
    return lines


def _along(walls: list[tuple[Point, Point, Point]], point, seed: str, stream: str = "") -> Iterator[tuple]:
    """Each of ``walls`` of some length on the page: where it starts on the page, its length, its direction and
    the way out to the rock there (page y up), and a random stream of its own, seeded by ``seed``, the wall's
    place and ``stream``."""
    for a, b, outward in walls:
        pa, pb = point(*a), point(*b)
        length = math.dist(pa, pb)
        if length < 1e-6:
            continue
        direction = (pb[0] - pa[0]) / length, (pb[1] - pa[1]) / length
        rng = random.Random(int.from_bytes(hashlib.sha256(f"{seed}|{a}|{b}{stream}".encode()).digest()[:8], "big"))
        yield pa, length, direction, (outward[0], -outward[1]), rng


def rock_marks(style: MapStyle) -> tuple[Callable[..., list[tuple]], float] | None:
    """How ``style`` marks the rock along a wall, where it does not fill it: its hatching strokes or stipple
    dots, and the width of their line."""
    if style.hatched:
        return hatch_strokes, HATCH_WIDTH
    if style.stippled:
        return stipple_dots, STIPPLE_DOT
    return None

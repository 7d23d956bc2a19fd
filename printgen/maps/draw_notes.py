"""Words in an area: its number with notes under it, and where the doors standing inside it go (a
quarter of their square each, or part of a half square).

A number with notes (``note_lines``) is kept on the floor (whole squares, the floor's half of half squares, a round
room's circle) at least ``WALL_CLEAR`` from its walls and clear of the glyphs of the doors in its
walls and inside it (``door_boxes``): the block goes nearest the middle of the floor where it fits,
shrinking to ``MIN_NOTE``; if the notes cannot fit at all, the map shows the number alone and the
game's key carries the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import zip_longest

from ..render import fonts
from ..render import text as text_engine
from ..units import MIN_TEXT_PT
from .geometry import Point, boundary_sides, half_square, side_edge
from .level import Area, Exit

INSIDE_SCALE = 0.3  # a door standing inside an area (a stair) is this much of a square across

# Where a door inside an area stands in its square: the quarter on its heading's side, clear of the
# middle of each wall, or the next free quarter clockwise; in a half square, the middle of the half.
INSIDE_QUARTER = {0: (0.25, 0.25), 2: (0.75, 0.25), 4: (0.75, 0.75), 6: (0.25, 0.75)}


INSIDE_SMALLER = (INSIDE_SCALE, 0.24, 0.2)  # a crowded half square takes its doors smaller


def inside_places(area: Area, extra: list[Box] | tuple = ()) -> list[tuple[Exit, Point, float]]:
    """Each door standing inside ``area``, the point it is drawn at and its size (of a square): in its
    square, the quarter on its heading's side or the next free one clockwise (in a half square, the
    middle of the half), or else the place nearest it where its glyph lies wholly on the floor, clear of
    the glyphs of the doors in the walls (and of ``extra``: other glyphs near) and of the doors inside
    already placed, smaller if it must; failing that, where it lies on the floor."""
    cuts = dict(area.shape.cuts)
    floor = Floor(area)
    walls = _wall_boxes(area, 0.02) + list(extra)
    wall_index = _Index(walls)
    taken: list[Box] = []
    found = []
    for exit_ in area.exits:
        if not exit_.inside or exit_.at is None:
            continue
        x, y = exit_.at
        if exit_.at in cuts:  # the middle of the half, or halfway from there to one of its sharp corners
            corners = half_square(exit_.at, cuts[exit_.at])
            mx, my = sum(p[0] for p in corners) / 3, sum(p[1] for p in corners) / 3
            sharp = [p for p in corners if p[0] - x + p[1] - y in ((1, 1) if cuts[exit_.at] in (3, 7) else (0, 2))]
            places = [(mx, my)] + [((mx + px) / 2, (my + py) / 2) for px, py in sharp]
        else:
            first = exit_.heading if exit_.heading in INSIDE_QUARTER else 0
            places = [(x + dx, y + dy) for dx, dy in (INSIDE_QUARTER[(first + 2 * k) % 8] for k in range(4))]
        near = places[0]
        # The finer places (its square, then the area) sorted only when the quarters will not do: most doors
        # take a quarter, and every note and mark of the area asks where its doors stand.
        groups = [places, None, None]
        spot = None
        for size in INSIDE_SMALLER:
            half = size / 2 + 0.02
            for index in range(3):
                group = groups[index]
                if group is None:
                    group = groups[index] = _inside_square(x, y, near) if index == 1 else _around(area, near)
                spot = next((p for p in group if _clear(p, half, floor, wall_index, taken)), None)
                if spot is not None:
                    break
            if spot is not None:
                break
        if spot is None:  # on the floor at least, over the least
            half = INSIDE_SMALLER[-1] / 2 + 0.02
            inside = groups[1] if groups[1] is not None else _inside_square(x, y, near)
            on_floor = [p for p in places + inside if floor.holds(_square_box(p, half), 0.0)] or places
            spot = min(on_floor, key=lambda p: (_hits([_square_box(p, half)], taken),
                                                _hits([_square_box(p, half)], walls), math.dist(p, near)))
        taken.append(_square_box(spot, half))
        found.append((exit_, spot, half * 2 - 0.04))
    return found


def _inside_square(x: int, y: int, near: Point) -> list[Point]:
    """Points a sixteenth of a square apart over square (x, y), nearest ``near`` first."""
    return sorted(((x + i / 16, y + j / 16) for i in range(1, 16) for j in range(1, 16)),
                  key=lambda p: (math.dist(p, near), p))


def _around(area: Area, near: Point) -> list[Point]:
    """Points an eighth of a square apart over ``area``'s box, nearest ``near`` first."""
    left, top, right, bottom = area.shape.box
    return sorted(((left + i / 8, top + j / 8) for i in range(1, 8 * (right + 1 - left))
                   for j in range(1, 8 * (bottom + 1 - top))), key=lambda p: (math.dist(p, near), p))


def _square_box(p: Point, half: float) -> Box:
    return (p[0] - half, p[1] - half, p[0] + half, p[1] + half)


def _clear(p: Point, half: float, floor: Floor, walls: _Index, taken: list[Box]) -> bool:
    box = _square_box(p, half)
    return not walls.hits(box) and not _hits([box], taken) and floor.holds(box, 0.03)


NOTE_FONT = fonts.MONO
MIN_NOTE = MIN_TEXT_PT  # pt: notes never print smaller; an area too small for them shows its number, the key the rest
MIN_NUMBER = 8.0  # pt: an area's number never prints smaller, read at arm's length; where it cannot, a callout has it
WALL_CLEAR = 0.12  # squares: words keep this far inside the floor, clear of wall lines, ticks and holes in them
DOOR_CLEAR = 0.15  # squares: how far a door's glyph reaches off its wall (a secret door's S, a C or an O)
WALL_REACH = 1.3  # pt: half a wall's stroke and a little more
HALO = (1.0, 0.6)  # pt: the white ground under each line of words reaches this far past its letters

Box = tuple[float, float, float, float]  # left, top, right, bottom, in squares


@dataclass(frozen=True)
class NoteLine:
    text: str
    font: str
    size: float
    box: Box  # where its letters stand, in squares


def largest_number(pitch: float) -> float:
    """The largest an area's number is set over its notes: a quarter of a ¼-inch square's height, growing
    with the square's root on larger squares (13 pt on a half inch, 19 pt on an inch), never under 7 pt."""
    return max(7.0, min(pitch * 0.36, 2.2 * math.sqrt(pitch)))


def largest_note(pitch: float) -> float:
    """The largest the notes under a number are set: 6 pt on squares up to half an inch, growing with the
    square's root beyond (11 pt on an inch)."""
    return max(MIN_NOTE, min(pitch * 0.18, 1.35 * math.sqrt(pitch)))


def note_lines(area: Area, notes: list[str], pitch: float, extra: list[Box] | tuple = ()) -> list[NoteLine]:
    """Where an area's number and notes print: the largest sizes, nearest the middle of its floor, at
    which the whole block stays on the floor and clear of the glyphs of the doors in its walls and
    inside it (and of the boxes ``extra``: marks placed beside); failing that, the number alone; and
    where even the number will not go at MIN_NUMBER, nothing (a callout has it)."""
    (cx, cy), width = _middle(area)
    number_top, note_top = largest_number(pitch), largest_note(pitch)
    floor = Floor(area)
    avoid, tight = _Index(door_boxes(area) + list(extra)), _Index(door_boxes(area, 0.0) + list(extra))
    # All the notes, as large as fit; else the number alone (the key has the rest), nearer the walls and
    # the glyphs if need be (a half square holding a stair and a teleporter leaves only its corners).
    near = max(WALL_CLEAR / 3, WALL_REACH / pitch)  # words never touch a wall's stroke
    attempts = ((notes, WALL_CLEAR, avoid, 16), (notes, near, tight, 16), ([], WALL_CLEAR, avoid, 16),
                ([], near, tight, 16), ([], max(0.02, WALL_REACH / pitch), tight, 48))
    grids: dict[int, list[Point]] = {}
    hx, hy = HALO[0] / pitch, HALO[1] / pitch
    for shown, margin, avoid, steps in attempts:
        places = _Lazy(lambda n=steps: grids.get(n) or grids.setdefault(n, _places(area, floor, cx, cy, n)), (cx, cy))

        def fitting(note_size: float, number_size: float) -> list[NoteLine] | None:
            widths = sorted({width * pitch * 0.92, *(text_engine.measure(t, NOTE_FONT, note_size) for t in shown)},
                            reverse=True)
            for wrap in widths:
                lines = [(str(area.number), fonts.SERIF_BOLD, number_size)]
                lines += [(t, NOTE_FONT, note_size) for t in _wrapped(shown, note_size, wrap)]
                block = _block(lines, pitch)
                relative = _boxes(_placed(block, 0.0, 0.0))
                hits, holds = avoid.hits, floor.holds
                # Every place of every size tries this, so plain loops and no lists: each line's white halo
                # (draw._draw_note_lines) clear of the glyphs, then each line's box on the floor.
                for x, y in places:
                    for l, t, r, b in relative:
                        if hits((l + x - hx, t + y - hy, r + x + hx, b + y + hy)):
                            break
                    else:
                        for l, t, r, b in relative:
                            if not holds((l + x, t + y, r + x, b + y), margin):
                                break
                        else:
                            return _placed(block, x, y)
            return None

        # Both sizes shrink together, the notes down to MIN_NOTE and the number to MIN_NUMBER (render.text's
        # steps); the largest pair that fits, found by halving (a block that fits fits smaller too).
        sizes = list(zip_longest(text_engine.steps(note_top, MIN_NOTE, 1.0),
                                 text_engine.steps(max(number_top, MIN_NUMBER), MIN_NUMBER, 1.5), fillvalue=MIN_NOTE))
        sizes = [(note, max(number, MIN_NUMBER)) for note, number in sizes]
        found = fitting(*sizes[-1])
        if found is None:
            continue
        low, high = 0, len(sizes) - 1  # sizes[high] fits
        while low < high:
            middle = (low + high) // 2
            placed = fitting(*sizes[middle])
            if placed is not None:
                high, found = middle, placed
            else:
                low = middle + 1
        return found
    # Nothing fits (a half square with doors in all its walls and a stair): no words on the floor; the
    # map gives the number in a callout (spots).
    return []


def door_boxes(area: Area, spare: float = 0.04) -> list[Box]:
    """The room the glyphs of ``area``'s doors take: a band along each unit of wall a door stands in
    (its own doors and the far sides of others'), a box round each door standing inside it."""
    return _wall_boxes(area, spare) + [_square_box(p, size / 2 + spare) for _, p, size in inside_places(area)]


def _wall_boxes(area: Area, spare: float) -> list[Box]:
    """The bands along the units of wall doors stand in, and a box at the middle of every unit of wall
    (where a mark on the wall, a murder hole, stands)."""
    boxes = []
    reach = DOOR_CLEAR + spare
    for exit_ in area.exits:
        if exit_.at is None:
            continue
        if exit_.inside:
            continue
        for cell, side in exit_.units:
            (x0, y0), (x1, y1) = side_edge(cell, side)
            if x0 == x1 or y0 == y1:
                boxes.append((min(x0, x1) - reach, min(y0, y1) - reach, max(x0, x1) + reach, max(y0, y1) + reach))
                continue
            # A 45° unit: small boxes along it, leaving the corners of the square away from it free.
            for k in range(11):
                x, y = x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10
                boxes.append((x - reach, y - reach, x + reach, y + reach))
    # A mark on a wall (a murder hole) stands across the middle of its unit: keep clear of every middle.
    units = boundary_sides(area.cells) + [(cell, side) for cell, side in area.shape.cuts]
    for cell, side in units:
        (x0, y0), (x1, y1) = side_edge(cell, side)
        x, y = (x0 + x1) / 2, (y0 + y1) / 2
        mark = 0.1 + spare  # a murder hole's diamond reaches 0.1 of a square
        boxes.append((x - mark, y - mark, x + mark, y + mark))
    return boxes


def _block(lines: list[tuple[str, str, float]], pitch: float) -> list[tuple[str, str, float, float, float]]:
    """Each line with its width and height in squares."""
    return [(t, f, z, text_engine.measure(t, f, z) / pitch, z * 1.1 / pitch) for t, f, z in lines]


def _placed(block, x: float, y: float) -> list[NoteLine]:
    """The block centred on (x, y): each line's box, the letters' height (cap to descender) of its line."""
    top = y - sum(h for *_, h in block) / 2
    placed = []
    for text, font, size, w, h in block:
        placed.append(NoteLine(text, font, size, (x - w / 2, top + h * 0.08, x + w / 2, top + h)))
        top += h
    return placed


def _boxes(lines: list[NoteLine]) -> list[Box]:
    return [line.box for line in lines]


def _hits(boxes: list[Box], avoid: list[Box]) -> bool:
    return any(a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3] for a in boxes for b in avoid)


class _Index:
    """Boxes found by the squares they touch, so a box is tried against its neighbours only (a large room
    has a box at the middle of every unit of its wall)."""

    def __init__(self, boxes: list[Box]):
        self.squares: dict[tuple[int, int], list[Box]] = {}
        for box in boxes:
            for square in _touched(box):
                self.squares.setdefault(square, []).append(box)

    def hits(self, box: Box) -> bool:
        left, top, right, bottom = box
        squares = self.squares
        for x in range(math.floor(left), math.floor(right) + 1):  # a plain loop: it runs a million times
            for y in range(math.floor(top), math.floor(bottom) + 1):
                for other in squares.get((x, y), ()):
                    if left < other[2] and other[0] < right and top < other[3] and other[1] < bottom:
                        return True
        return False


def _touched(box: Box) -> list[tuple[int, int]]:
    return [(x, y) for x in range(math.floor(box[0]), math.floor(box[2]) + 1)
            for y in range(math.floor(box[1]), math.floor(box[3]) + 1)]


def _places(area: Area, floor: Floor, cx: float, cy: float, steps: int) -> list[Point]:
    """Where a block may be centred: the middle of the floor first, then points ``1 / steps`` of a square
    apart over the floor, nearest the middle first (a finer grid only for an area of a square or two)."""
    left, top, right, bottom = area.shape.box
    if steps > 16 and len(area.cells) > 2:
        steps = 16
    last_i, last_j = steps * (right + 1 - left) - 1, steps * (bottom + 1 - top) - 1
    if floor.round is None:
        # The grid's points square by square of the floor, not over the whole box and then kept (a long
        # passage's box is mostly rock): the same points, a square's those whose floor is that square.
        grid = []
        cuts, on = floor.cuts, floor.contains
        for gx, gy in floor.cells:
            i0, j0 = (gx - left) * steps, (gy - top) * steps
            square = [(left + i / steps, top + j / steps) for i in range(max(1, i0), min(last_i, i0 + steps - 1) + 1)
                      for j in range(max(1, j0), min(last_j, j0 + steps - 1) + 1)]
            grid += [p for p in square if on(*p)] if (gx, gy) in cuts else square
    else:
        grid = [p for i in range(1, last_i + 1) for j in range(1, last_j + 1)
                if floor.contains(*(p := (left + i / steps, top + j / steps)))]
    grid.sort(key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p))
    return [(cx, cy)] + grid


class _Lazy:
    """The middle of the floor, then the grid of places, made only if the middle will not do."""

    def __init__(self, make, first: Point):
        self.make, self.first = make, first

    def __iter__(self):
        yield self.first
        yield from self.make()[1:]


class Floor:
    """An area's floor: its whole squares, the floor halves of its half squares, or its circle."""

    def __init__(self, area: Area):
        self.cells = set(area.cells)
        self.cuts = dict(area.shape.cuts)
        self.halves = {cell: half_square(cell, cut) for cell, cut in self.cuts.items()}  # each cut square's floor
        self.round = area.shape.round if area.shape.curved else None

    def contains(self, x: float, y: float, margin: float = 0.0) -> bool:
        if self.round is not None:
            cx, cy, r = self.round
            return (x - cx) ** 2 + (y - cy) ** 2 <= (r - margin) ** 2
        if margin == 0:
            return self._on(x, y)
        d = margin * 0.7072  # along a diagonal: as far from a 45° wall as ``margin`` is from a straight one
        return all(self._on(x + dx, y + dy) for dx, dy in
                   ((0, 0), (margin, 0), (-margin, 0), (0, margin), (0, -margin), (d, d), (-d, -d), (d, -d), (-d, d)))

    def _on(self, x: float, y: float) -> bool:
        cell = (math.floor(x), math.floor(y))
        if cell not in self.cells:
            return False
        half = self.halves.get(cell)
        if half is None:
            return True
        a, b, c = half
        return _in_triangle((x, y), a, b, c)

    def holds(self, box: Box, margin: float = WALL_CLEAR) -> bool:
        """Whether all of ``box`` is on the floor, at least ``margin`` from its edge."""
        left, top, right, bottom = box
        if self.round is not None:
            cx, cy, r = self.round
            return all((x - cx) ** 2 + (y - cy) ** 2 <= (r - margin) ** 2 for x in (left, right) for y in (top, bottom))
        el, et, er, eb = left - margin, top - margin, right + margin, bottom + margin
        for gx in range(math.floor(el), math.ceil(er)):
            for gy in range(math.floor(et), math.ceil(eb)):
                if (gx, gy) not in self.cells:
                    return False
                half = self.halves.get((gx, gy))
                if half is not None:
                    # The box grown by the margin, within this square, all on the floor's side of the
                    # diagonal: then the box itself keeps more than the margin from it.
                    a, b, c = half
                    xs, ys = (max(el, gx), min(er, gx + 1)), (max(et, gy), min(eb, gy + 1))
                    if not all(_in_triangle((x, y), a, b, c) for x in xs for y in ys):
                        return False
        return True


def _in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    # Which side of each edge p is on, written out: every point of a cut square's floor asks.
    px, py = p
    d1 = (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0])
    d2 = (c[0] - b[0]) * (py - b[1]) - (c[1] - b[1]) * (px - b[0])
    d3 = (a[0] - c[0]) * (py - c[1]) - (a[1] - c[1]) * (px - c[0])
    return not ((d1 < -1e-9 or d2 < -1e-9 or d3 < -1e-9) and (d1 > 1e-9 or d2 > 1e-9 or d3 > 1e-9))


def _middle(area: Area) -> tuple[Point, float]:
    """The middle of an area's floor (its centroid) and how wide the floor is across it, in squares."""
    if area.shape.curved:
        cx, cy, r = area.shape.round
        return (cx, cy), 2 * r
    loops = area.shape.outline()
    twice, sx, sy = 0.0, 0.0, 0.0
    for loop in loops:
        for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1]):
            cross = x0 * y1 - x1 * y0
            twice += cross
            sx += (x0 + x1) * cross
            sy += (y0 + y1) * cross
    cx, cy = sx / (3 * twice), sy / (3 * twice)
    crossings = sorted(x0 + (cy - y0) * (x1 - x0) / (y1 - y0) for loop in loops
                       for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1]) if (y0 - cy) * (y1 - cy) < 0)
    left = max((x for x in crossings if x <= cx), default=cx - 0.5)
    right = min((x for x in crossings if x >= cx), default=cx + 0.5)
    return (cx, cy), right - left


def _wrapped(tokens: list[str], size: float, width: float) -> list[str]:
    """Notes on as many lines as the width needs, each note kept whole as one word (render.text)."""
    notes = [text_engine.Word(((token, NOTE_FONT),), ((" ", NOTE_FONT),)) for token in tokens]
    return [line.text for line in text_engine.set_words([[notes]] if notes else [], size, width)]

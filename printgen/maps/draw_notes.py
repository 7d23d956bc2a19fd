"""Words in an area: its number with notes under it, centred on its floor and clear of the doors
standing inside it, and where those doors stand (a quarter of their square each, or part of a half
square).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from .geometry import Point, half_square
from .level import Area, Exit

INSIDE_SCALE = 0.3  # a door standing inside an area (a stair) is this much of a square across

# Where a door inside an area stands in its square: the quarter on its heading's side, clear of the
# middle of each wall, or the next free quarter clockwise; in a half square, the middle of the half.
INSIDE_QUARTER = {0: (0.25, 0.25), 2: (0.75, 0.25), 4: (0.75, 0.75), 6: (0.25, 0.75)}


def inside_spots(area: Area) -> list[tuple[Exit, Point]]:
    """Each door standing inside ``area`` and the point it is drawn at, no two in one quarter."""
    cuts = dict(area.shape.cuts)
    taken: set[Point] = set()
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
        spot = next((p for p in places if p not in taken), places[0])
        taken.add(spot)
        found.append((exit_, spot))
    return found


NOTE_FONT = fonts.MONO


def draw_number(c: Canvas, area: Area, point, pitch: float) -> None:
    draw_notes(c, area, [], point, pitch)


def draw_notes(c: Canvas, area: Area, notes: list[str], point, pitch: float) -> None:
    """An area's number in bold with ``notes`` under it, each kept whole, wrapped to the area's width
    across its middle, the block centred on the middle of its floor, or moved up or down off a door
    standing inside the area."""
    (cx, cy), width = _middle(area)
    number_size = max(7.0, min(13.0, pitch * 0.26))
    note_size = max(5.5, min(8.0, pitch * 0.13))
    lines = [(str(area.number), fonts.SERIF_BOLD, number_size)]
    for line in _wrapped(notes, note_size, width * pitch * 0.92):
        lines.append((line, NOTE_FONT, note_size))
    height = sum(size * 1.1 for _, _, size in lines) / pitch  # in squares
    cy = _clear_of_inside_doors(area, cx, cy, height, max(fonts.string_width(t, f, z) for t, f, z in lines) / pitch)
    x, y = point(cx, cy)
    top = y + height * pitch / 2
    c.setFillGray(0)
    for text, font, size in lines:
        top -= size * 1.05
        c.setFont(font, size)
        c.drawCentredString(x, top + size * 0.15, text)


def _clear_of_inside_doors(area: Area, cx: float, cy: float, height: float, width: float) -> float:
    """The block's middle, moved the least up or down so it clears the doors standing inside the area."""
    half = INSIDE_SCALE / 2
    spots = [spot for _, spot in inside_spots(area)]
    near = [(x, y) for x, y in spots if abs(x - cx) < width / 2 + half and abs(y - cy) < height / 2 + half]
    if not near:
        return cy
    _, top, _, bottom = area.shape.box
    low, high = top + height / 2, bottom + 1 - height / 2  # where the block stays within the area's box
    above = min(y for _, y in near) - half - height / 2
    below = max(y for _, y in near) + half + height / 2
    fitting = [y for y in (above, below) if low <= y <= high]
    if fitting:
        return min(fitting, key=lambda y: abs(y - cy))
    return cy if low > high else min(max(cy, low), high)


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
    """Notes on as many lines as the width needs, never splitting one note."""
    lines: list[str] = []
    for token in tokens:
        if lines and fonts.string_width(f"{lines[-1]} {token}", NOTE_FONT, size) <= width:
            lines[-1] += f" {token}"
        else:
            lines.append(token)
    return lines

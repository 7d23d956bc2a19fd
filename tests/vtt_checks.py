"""Checks of a Universal VTT scene against its level, shared by the tests and by anyone surveying seeds.

Each check returns a list of problems (empty when the scene is right), so a survey over many seeds can
name every one.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from printgen.maps.geometry import half_square, side_edge, step
from printgen.maps.offpage import GAP, PORTAL, LevelViews

FINE = 8  # pixels a square, to flood-fill the walls


def _near_segment(point, a, b, slack: float = 1e-3) -> bool:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.dist(point, (ax + t * dx, ay + t * dy)) <= slack


def segments(data: dict) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    found = []
    for line in data["line_of_sight"]:
        points = [(p["x"], p["y"]) for p in line]
        found += list(zip(points, points[1:]))
    return found


def portal_ends_on_walls(data: dict, views: LevelViews | None = None, gm: bool = False) -> list[str]:
    """Every portal's two ends lie on a wall, or meet the end of another portal (doors side by side or
    round a corner, as a corridor's last square with a door on three sides, have no wall between them),
    or, given the level's ``views``, meet an opening (a door between two areas that both open on a third
    ends in that opening)."""
    walls = segments(data)
    openings = []
    if views is not None:
        openings = [side_edge(cell, side) for area in views.level.areas for exit_ in area.exits
                    if exit_.at is not None and not exit_.inside and views.role(exit_, gm) == GAP
                    for cell, side in exit_.units]
    ends = [[(end["x"], end["y"]) for end in portal["bounds"]] for portal in data["portals"]]
    problems = []
    for index, pair in enumerate(ends):
        others = [point for other, both in enumerate(ends) if other != index for point in both]
        for point in pair:
            if any(_near_segment(point, a, b) for a, b in walls):
                continue
            if any(math.dist(point, other) <= 1e-3 for other in others):
                continue
            if any(_near_segment(point, a, b) for a, b in openings):
                continue
            problems.append(f"portal end {point} is on no wall")
    return problems


def points_inside(data: dict) -> list[str]:
    width, height = data["resolution"]["map_size"]["x"], data["resolution"]["map_size"]["y"]
    points = [p for line in data["line_of_sight"] for p in line]
    points += [p for portal in data["portals"] for p in [portal["position"], *portal["bounds"]]]
    return [f"point {p} outside the map" for p in points
            if not (-1e-9 <= p["x"] <= width + 1e-9 and -1e-9 <= p["y"] <= height + 1e-9)]


def _drawn(data: dict, with_portals: bool) -> Image.Image:
    width, height = data["resolution"]["map_size"]["x"], data["resolution"]["map_size"]["y"]
    image = Image.new("L", (width * FINE + 1, height * FINE + 1), 255)
    pen = ImageDraw.Draw(image)
    lines = [[(p["x"] * FINE, p["y"] * FINE) for p in line] for line in data["line_of_sight"]]
    if with_portals:
        lines += [[(p["x"] * FINE, p["y"] * FINE) for p in portal["bounds"]] for portal in data["portals"]]
    for line in lines:
        pen.line(line, fill=0, width=2)
    return image


def _seed(area) -> tuple[float, float]:
    """A point well inside an area's floor."""
    if area.shape.curved:
        cx, cy, _ = area.shape.round
        return cx, cy
    cut = dict(area.shape.cuts)
    whole = [c for c in sorted(area.cells) if c not in cut]
    if whole:
        return whole[0][0] + 0.5, whole[0][1] + 0.5
    cell = min(area.cells)
    corners = half_square(cell, cut[cell])  # the floor half of a half square: its middle
    return sum(x for x, _ in corners) / 3, sum(y for _, y in corners) / 3


def _joined(views: LevelViews, gm: bool) -> dict[int, set[int]]:
    """Area → the areas one walks into from it without opening a portal (gaps, by the JSON's exits)."""
    parent = {area.number: area.number for area in views.level.areas}

    def find(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for area in views.level.areas:
        for exit_ in area.exits:
            if exit_.at is None or exit_.inside or exit_.leads != "area" or views.role(exit_, gm) != GAP:
                continue
            for to in [exit_.to, *exit_.also]:
                if to is not None:
                    parent[find(area.number)] = find(to)
    groups: dict[int, set[int]] = {}
    for number in parent:
        groups.setdefault(find(number), set()).add(number)
    return {number: groups[find(number)] for number in parent}


def areas_closed(data: dict, views: LevelViews, gm: bool) -> list[str]:
    """From inside each area, with walls and portals in the way, one reaches only floor: its own, and the
    areas gaps join it to; never the rock far from every floor, nor the map's edge."""
    level = views.level
    image = _drawn(data, with_portals=True)
    floorish = {cell for area in level.areas for cell in area.cells}
    for area in level.areas:
        for exit_ in area.exits:
            if exit_.at is not None and not exit_.inside and exit_.side is not None:
                floorish.add(step(exit_.at, exit_.through))
    if level.way_in is not None and level.way_in.at is not None:
        floorish |= {level.way_in.at, step(level.way_in.at, level.way_in.side)}
    near = {(x + dx, y + dy) for x, y in floorish for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    joined = _joined(views, gm)
    seeds = {area.number: _seed(area) for area in level.areas}
    problems = []
    for number, (sx, sy) in seeds.items():
        filled = image.copy()
        xy = (round(sx * FINE), round(sy * FINE))
        if filled.getpixel(xy) != 255:
            continue  # the seed sits on a line: no test from here
        ImageDraw.floodfill(filled, xy, 128)
        pixels = filled.load()
        width, height = filled.size
        reached = {n for n, (x, y) in seeds.items()
                   if pixels[round(x * FINE), round(y * FINE)] == 128}
        extra = reached - joined[number]
        if extra:
            problems.append(f"area {number} reaches areas {sorted(extra)} with no gap between")
        leak = None
        for y in range(0, height, 2):
            for x in range(0, width, 2):
                if pixels[x, y] == 128:
                    cell = (x // FINE, y // FINE)
                    if x in (0, width - 1) or y in (0, height - 1) or cell not in near:
                        leak = cell
                        break
            if leak:
                break
        if leak is not None:
            problems.append(f"area {number} is open to the rock at square {leak}")
    return problems


def doorways_have_portals(data: dict, views: LevelViews, gm: bool) -> list[str]:
    """Every door the copy shows that opens (a portal kind) has one portal on its wall; a secret door has
    none on the players' copy; no portal stands anywhere else. (A door the map draws standing free in the
    floor, with no wall at its ends, where a doorway runs into its own area, closes nothing: it has none.)"""
    from printgen.maps import draw

    copy = views.copy("gm" if gm else "players")
    placed = draw.map_layout(views.level, copy.symbols, views.rule, copy.content, copy.view, 25.0)
    free = {id(e) for area in views.level.areas for e in area.exits
            if id(e) in placed.doors and not placed.doors[id(e)].walled}
    portals = [((p["position"]["x"], p["position"]["y"]), p) for p in data["portals"]]
    used = set()
    problems = []
    exits = [(area.number, exit_) for area in views.level.areas for exit_ in area.exits]
    if views.level.way_in is not None:
        exits.append((0, views.level.way_in))
    for number, exit_ in exits:
        if exit_.at is None or exit_.inside or exit_.leads == "dead-end" or exit_.far_side or id(exit_) in free:
            continue
        beyond = step(exit_.at, exit_.through)
        x0, y0 = min(exit_.at[0], beyond[0]), min(exit_.at[1], beyond[1])
        x1, y1 = max(exit_.at[0], beyond[0]) + 1, max(exit_.at[1], beyond[1]) + 1
        if exit_.wall:  # a long door: every unit's squares
            for cell, _side in exit_.wall:
                far = step(cell, exit_.through)
                x0, y0 = min(x0, cell[0], far[0]), min(y0, cell[1], far[1])
                x1, y1 = max(x1, cell[0] + 1, far[0] + 1), max(y1, cell[1] + 1, far[1] + 1)
        here = [i for i, ((px, py), _) in enumerate(portals)
                if x0 - 1e-6 <= px <= x1 + 1e-6 and y0 - 1e-6 <= py <= y1 + 1e-6 and i not in used]
        wanted = views.role(exit_, gm) == PORTAL
        if wanted and not here:
            problems.append(f"area {number}'s {exit_.kind} door at {exit_.at} has no portal")
        elif wanted:
            used.add(here[0])
        elif exit_.secret and not gm:
            units = [side_edge(cell, side) for cell, side in (exit_.wall or exit_.units)]
            if any(_near_segment(portals[i][0], a, b) for i in here for a, b in units):
                problems.append(f"area {number}'s secret door at {exit_.at} has a portal")
    for i, (position, _) in enumerate(portals):
        if i not in used:
            problems.append(f"a portal at {position} stands at no door")
    return problems

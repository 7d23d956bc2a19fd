"""What the rules say of each Project: Amulet room shape, checked against a drawn shape (shared by the tests).

Room Shape: "Square: all sides of this room equal the Room Size. Rectangle:
the longer sides ... equal the Room Size. The shorter sides must be less than
the Room Size, but more than one unit, if possible. Hallway: the longer sides
... equal Room Size, while the shorter sides equal one unit. Triangle: the
hypotenuse of this room equals Room Size. All Triangle rooms must have one
vertical and one horizontal wall. Circle: the diameter of this room equals
Room Size. This room may be drawn smoothly, or with walls." A unit of 45° wall
is a square's diagonal (the rules' angular unit); "A Hallway drawn at 45
degrees may be cropped at either end to connect with other rooms".
"""

from printgen.maps.geometry import HEADING_NAMES, components
from printgen.maps.walls import runs


def walls_by_side(shape) -> dict[int, list[int]]:
    """Side → the lengths, in units, of the straight stretches of wall facing it (45° ones by their own side)."""
    found: dict[int, list[int]] = {}
    for stretch in runs(list(shape.walls)):
        found.setdefault(stretch[0][1], []).append(len(stretch))
    return found


def short_side(size: int) -> range:
    """A Rectangle's shorter sides: more than one unit and less than its size, where the size allows."""
    return range(2, size) if size >= 3 else range(1, 2)


def assert_drawn_as_the_rules_say(word: str, size: int, shape, data: dict) -> None:
    """``shape`` (a room of ``word`` drawn at ``size``, ``data`` its JSON ``shape``) is the rules' shape:
    its sides in units or angular units, its walls along the grid or at 45°, its floor area."""
    x0, y0, x1, y1 = shape.box
    width, height = x1 - x0 + 1, y1 - y0 + 1
    assert (data["width"], data["height"]) == (width, height)
    sides = walls_by_side(shape)
    diagonal = {side: lengths for side, lengths in sides.items() if side % 2}
    straight = {side: lengths for side, lengths in sides.items() if side % 2 == 0}
    if data.get("halves") is not None or shape.cuts:
        assert sorted(map(tuple, data["halves"])) == sorted((x, y, HEADING_NAMES[side]) for (x, y), side in shape.cuts)
    if word == "Triangle":  # legs along the grid, the long wall of as many angular units at 45°
        assert width == height == size == data["legs"]
        assert sorted(straight.values()) == [[size], [size]] and len(straight) == 2
        assert list(diagonal.values()) == [[size]] and HEADING_NAMES[next(iter(diagonal))] == data["facing"]
        assert set(straight) == set(components(next(iter(diagonal)) + 4))  # the legs meet opposite the long wall
        assert shape.floor_area == size * size / 2
    elif word == "Circle" and data["drawn"] == "round":
        assert shape.curved and width == height == size <= 3 and shape.round[2] == size / 2
        assert sorted(straight.values()) == [[size]] * 4 and not diagonal  # a door may stand on every unit
    elif word == "Circle":  # with walls: its box, each corner cut at 45° through one half square
        assert width == height == size >= 2 and not shape.curved and len(shape.cuts) == 4
        assert sorted(diagonal) == [1, 3, 5, 7] and all(lengths == [1] for lengths in diagonal.values())
        assert all(lengths == [size - 2] for lengths in straight.values()) and len(straight) == (4 if size > 2 else 0)
        assert shape.floor_area == size * size - 2
    elif not shape.cuts:  # along the grid
        assert not diagonal
        short, long_ = sorted((width, height))
        assert long_ == size and len(shape.cells) == width * height
        assert short == {"Square": size, "Hallway": 1}.get(word, short)
        if word == "Rectangle":
            assert short in short_side(size)
    else:  # turned 45°: its sides in angular units
        long_, short = data["sides"]
        assert long_ == size and short == {"Square": size, "Hallway": 1}.get(word, short)
        if word == "Rectangle":
            assert short in short_side(size)
        along = {1: sum(diagonal.get(1, [])), 5: sum(diagonal.get(5, [])),
                 3: sum(diagonal.get(3, [])), 7: sum(diagonal.get(7, []))}
        long_sides = (1, 5) if data["runs"] == "north-west" else (3, 7)
        if word != "Hallway":
            assert not straight and sorted(along.values()) == sorted([long_, long_, short, short])
            assert shape.floor_area == 2 * long_ * short
        else:  # each end square across it (one angular unit) or cropped to the grid (a straight wall of two)
            crops = data.get("cropped", [])
            assert sorted(straight) == sorted(HEADING_NAMES.index(c) for c in crops)
            assert all(lengths == [2] for lengths in straight.values())
            assert max(along[s] for s in long_sides) == size  # one long wall keeps its length
            assert sum(along[s] for s in long_sides) == 2 * size - len(crops)
            assert shape.floor_area == 2 * size - len(crops)

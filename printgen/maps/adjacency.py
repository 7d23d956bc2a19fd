"""How areas may stand next to each other: the game chooses one rule per dungeon.

``gap`` is the number of squares of rock kept between any two areas. With a
gap, a door opens through a one-square doorway of rock; without one, areas
share a wall and a door stands in that wall.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Adjacency:
    name: str
    gap: int  # squares of rock between areas
    must_touch_parent: bool  # an area shares a wall with the one it was entered from


ROCK_GAP = Adjacency("rock-gap", gap=1, must_touch_parent=False)
SHARED_WALL = Adjacency("shared-wall", gap=0, must_touch_parent=True)

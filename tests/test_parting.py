"""Every keyed area on a map page is parted from the next (tests/parting.py: DESIGN.md's parting check),
over many seeds of each dungeon game, in every map style."""

from __future__ import annotations

import pytest
from parting import STYLES, survey

from printgen.units import PAPERS

SEEDS = 40
LETTER = PAPERS["letter"]


def two_levels(index: int) -> list[int]:
    """Two of a Rogue Like Roguelike campaign's ten levels, turn about from seed to seed."""
    return sorted((index % 10 + 1, (index + 5) % 10 + 1))


@pytest.mark.parametrize("game", ("roguelike", "amulet", "rlrl"))
def test_no_flood_of_a_maps_floor_meets_two_area_numbers(game):
    """Rendered, the dark ink kept, gaps of 1 mm closed: the floor flooded from each area's number meets
    no other number, on every sheet of every Referee's map of 40 dungeons (Rogue Like Roguelike: two of
    each campaign's ten levels), in each of the three map styles."""
    found = survey(game, [f"part{n}" for n in range(SEEDS)], LETTER, two_levels if game == "rlrl" else None)
    assert set(found) == set(STYLES)
    for style, (groups, areas) in found.items():
        assert areas >= 800, (style, areas)
        assert not groups, (style, groups)

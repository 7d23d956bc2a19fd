"""Every keyed area on a map page is parted from the next (tests/parting.py: DESIGN.md's parting check),
over many seeds of each dungeon game, in every map style."""

from __future__ import annotations

import pytest
from parting import STYLES, survey

from printgen.units import PAPERS

SEEDS = 40
CHUNK = 5  # seeds a case surveys in each game: a sweep's cases, sampled in a run like every sweep (--sweeps all: all 40)
LETTER = PAPERS["letter"]


def two_levels(index: int) -> list[int]:
    """Two of a Rogue Like Roguelike campaign's ten levels, turn about from seed to seed."""
    return sorted((index % 10 + 1, (index + 5) % 10 + 1))


@pytest.mark.sweep
@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
def test_no_flood_of_a_maps_floor_meets_two_area_numbers(first):
    """Rendered, the dark ink kept, gaps of 1 mm closed: the floor flooded from each area's number meets
    no other number, on every sheet of every Referee's map of 40 dungeons of each game, five a case and
    every game in each (Rogue Like Roguelike: two of each campaign's ten levels), in each of the three map
    styles."""
    seeds = [f"part{n}" for n in range(first, first + CHUNK)]
    for game in ("roguelike", "amulet", "rlrl"):
        found = survey(game, seeds, LETTER, (lambda index: two_levels(first + index)) if game == "rlrl" else None)
        assert set(found) == set(STYLES)
        for style, (groups, areas) in found.items():
            assert areas >= 100, (game, style, areas)
            assert not groups, (game, style, groups)

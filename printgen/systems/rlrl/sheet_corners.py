"""The setup of a level's sheet: which corner holds what, and where its marks stand.

The starting room fills one corner; the stairs down stand two squares in
from the diagonally opposite corner; the terminal T and the shop S take the
other two, also two squares in. The seed chooses the starting corner and
which of the other two holds the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...maps.geometry import Cell
from ...seed import Rng
from . import rules

WIDTH, HEIGHT = 30, 38  # squares of one sheet; the outermost ring is the paper's edge
CORNERS = ((0, 0), (1, 0), (1, 1), (0, 1))  # (right?, bottom?): top-left, top-right, bottom-right, bottom-left
NAMES = ("top-left", "top-right", "bottom-right", "bottom-left")


@dataclass(frozen=True)
class Corners:
    start: int  # index into CORNERS
    stairs: int
    terminal: int
    shop: int

    def cell(self, which: int, inset: int) -> Cell:
        """The square ``inset`` squares in from both edges at corner ``which``."""
        right, bottom = CORNERS[which]
        return (WIDTH - 1 - inset if right else inset, HEIGHT - 1 - inset if bottom else inset)

    @property
    def stairs_cell(self) -> Cell:
        return self.cell(self.stairs, rules.campaign()["setup"]["stairs_down_from_corner"])

    @property
    def terminal_cell(self) -> Cell:
        return self.cell(self.terminal, rules.campaign()["setup"]["terminal_from_corner"])

    @property
    def shop_cell(self) -> Cell:
        return self.cell(self.shop, rules.campaign()["setup"]["shop_from_corner"])

    @property
    def start_cell(self) -> Cell:
        """The corner square the starting room holds (the paper's edge ring is rock)."""
        return self.cell(self.start, 1)

    def as_data(self) -> dict:
        return {"start": NAMES[self.start], "stairs_down": NAMES[self.stairs], "terminal": NAMES[self.terminal],
                "shop": NAMES[self.shop], "stairs_down_cell": list(self.stairs_cell),
                "terminal_cell": list(self.terminal_cell), "shop_cell": list(self.shop_cell)}


def choose(rng: Rng) -> Corners:
    start = rng.randint(0, 3)
    stairs = (start + 2) % 4
    others = [(start + 1) % 4, (start + 3) % 4]
    rng.shuffle(others)
    return Corners(start, stairs, others[0], others[1])

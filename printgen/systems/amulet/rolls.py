"""Rolling on the generation tables for one room, every total recorded by table.

A "GM" result has no GM to choose at a GM-less table: it is rolled again on
the same column, and both totals are kept (see the notes).
"""

from __future__ import annotations

from ...seed import Rng
from ...tables import Row
from . import rules

PERCENT = "d100"  # the record of the 25% and 50% checks


class Roller:
    def __init__(self, rng: Rng):
        self.rng = rng
        self.rolls: dict[str, list[int]] = {}
        self.tables = rules.tables()  # looked up once: a room rolls on them a dozen times

    def table(self, table_id: str) -> tuple[int, Row]:
        """The row a roll lands on, after rolling again for every GM result."""
        while True:
            total, row = self.tables[table_id].roll(self.rng)
            self.rolls.setdefault(table_id, []).append(total)
            if not row.get("gm"):
                return total, row

    def row(self, table_id: str) -> Row:
        return self.table(table_id)[1]

    def percent(self, chance: int) -> dict[str, int | bool]:
        """A chance in 100, made on d100 and recorded: {"d100": roll, "chance": 25, "happens": bool}."""
        roll = self.rng.die(100)
        self.rolls.setdefault(PERCENT, []).append(roll)
        return {"d100": roll, "chance": chance, "happens": roll <= chance}

    def die(self, name: str, sides: int) -> int:
        roll = self.rng.die(sides)
        self.rolls.setdefault(name, []).append(roll)
        return roll

    def choose(self, count: int) -> int:
        """An index in range(count) for a choice of place the rules leave to the mapper (not recorded)."""
        return self.rng.randint(0, count - 1)

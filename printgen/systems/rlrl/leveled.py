"""Tables rolled on 1d6 plus the dungeon level: one file, a range of dice.

The shared table loader checks a table against one die; the encounter table
is rolled 1d6 + level for levels 1 to 10, so its rows must cover 2 to 16 and
each level's roll sees only its own part of them. Its file names the die
"1d6+level" and the levels it serves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import dice
from ...seed import Rng
from ...tables import Row, TableError

LEVEL_DIE = "1d6+level"


@dataclass(frozen=True)
class LeveledTable:
    id: str
    name: str
    die_text: str  # as the rules spell it: "1d6+level"
    first_level: int
    last_level: int
    rows: tuple[Row, ...]
    source: str = ""

    def die(self, level: int) -> dice.Dice:
        if not self.first_level <= level <= self.last_level:
            raise ValueError(f"{self.name} serves levels {self.first_level} to {self.last_level}, not {level}")
        return dice.parse(f"1d6+{level}")

    def lookup(self, total: int) -> Row:
        for row in self.rows:
            if row.low <= total <= row.high:
                return row
        raise KeyError(f"table {self.name!r} has no row for {total}")

    def roll(self, rng: Rng, level: int) -> tuple[int, Row]:
        total = self.die(level).roll(rng)
        return total, self.lookup(total)


def from_data(raw: dict[str, Any], where: str) -> LeveledTable:
    """The table from its parsed file (``where`` names the file in a message)."""
    if raw.get("die") != LEVEL_DIE:
        raise TableError(f"{where}: die must be {LEVEL_DIE!r}")
    first, last = raw["levels"]
    rows = []
    for _index, item in enumerate(raw["row"], start=1):
        low, _, high = str(item["roll"]).partition("-")
        rows.append(Row(int(low), int(high or low), {k: v for k, v in item.items() if k != "roll"}))
    covered = sorted(v for row in rows for v in range(row.low, row.high + 1))
    wanted = list(range(1 + first, 6 + last + 1))
    if covered != wanted:
        raise TableError(f"{where}: rows must cover {wanted[0]} to {wanted[-1]} once each")
    table_id = where.rsplit("/", 1)[-1].removesuffix(".toml")
    return LeveledTable(table_id, raw["name"], LEVEL_DIE, first, last, tuple(rows), raw.get("source", ""))

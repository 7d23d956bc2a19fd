"""The random-table engine. Every table of a rule set is one TOML data file.

A table file:

    name = "Room Type"              # as the rules spell it
    die = "1d6"                     # any notation printgen.dice parses
    source = "The Dungeon"          # where in the rules it stands (optional)

    [[row]]
    roll = "1"                      # one total, or a range such as "4-6"
    result = "Corridor"
    description = "..."             # any further fields are kept as data

    [[row]]
    roll = "6"
    result = "Secret Entrance"
    then = "roll again"             # or "roll twice"
    table = "other-table"           # or point at another table to roll on

The rows must cover every total the die can give, each exactly once. A table
with several columns rolled separately (a "roll 2d6 four times" matrix) keeps
per-column references as ``<column>_table`` and ``<column>_then``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import dice
from .errors import PrintgenError
from .seed import Rng

ROLL_AGAIN = "roll again"
ROLL_TWICE = "roll twice"
_THEN_VALUES = (ROLL_AGAIN, ROLL_TWICE)
# A chain of "roll again" this long means a table that can never settle.
_MAX_DEPTH = 50


class TableError(PrintgenError):
    """A malformed table file; the message names the file and the row."""


@dataclass(frozen=True)
class Row:
    low: int
    high: int
    fields: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    @property
    def result(self) -> str:
        return str(self.fields["result"])

    @property
    def roll_text(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class Table:
    id: str
    name: str
    die: dice.Dice
    die_text: str
    rows: tuple[Row, ...]
    source: str = ""
    notes: str = ""

    def lookup(self, total: int) -> Row:
        for row in self.rows:
            if row.low <= total <= row.high:
                return row
        raise KeyError(f"table {self.name!r} has no row for {total}")

    def roll(self, rng: Rng) -> tuple[int, Row]:
        total = self.die.roll(rng)
        return total, self.lookup(total)

    def row_probability(self, row: Row) -> Fraction:
        dist = self.die.distribution()
        return sum((p for v, p in dist.items() if row.low <= v <= row.high), Fraction(0))


@dataclass
class Result:
    """One resolved roll: the row, and whatever it sent us on to roll."""

    table: str
    total: int
    row: Row
    followups: list[Result] = field(default_factory=list)

    @property
    def fields(self) -> dict[str, Any]:
        return self.row.fields

    def as_data(self) -> dict[str, Any]:
        data = {**self.row.fields, "rolled_on": self.table, "roll": self.total}
        if self.followups:
            data["then"] = [f.as_data() for f in self.followups]
        return data


def load_table(path: Path) -> Table:
    where = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise TableError(f"{where}: cannot read table file: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise TableError(f"{where}: not valid TOML: {exc}") from None
    for key in ("name", "die", "row"):
        if key not in raw:
            raise TableError(f"{where}: missing '{key}' (a table needs name, die and [[row]] entries)")
    try:
        die = dice.parse(raw["die"])
    except dice.DiceError as exc:
        raise TableError(f"{where}: die: {exc}") from None
    rows = []
    for index, raw_row in enumerate(raw["row"], start=1):
        rows.append(_parse_row(raw_row, f"{where}: row {index}"))
    _check_coverage(rows, die, where)
    return Table(
        id=path.stem,
        name=raw["name"],
        die=die,
        die_text=raw["die"],
        rows=tuple(rows),
        source=raw.get("source", ""),
        notes=raw.get("notes", ""),
    )


def _parse_row(raw_row: dict[str, Any], where: str) -> Row:
    if "roll" not in raw_row or "result" not in raw_row:
        raise TableError(f"{where}: a row needs 'roll' and 'result'")
    low, high = _parse_range(str(raw_row["roll"]), where)
    for key, value in raw_row.items():
        if (key == "then" or key.endswith("_then")) and value not in _THEN_VALUES:
            raise TableError(f"{where}: {key} = {value!r}; expected one of {', '.join(map(repr, _THEN_VALUES))}")
        if key.endswith("dice"):
            try:
                dice.parse(value)
            except dice.DiceError as exc:
                raise TableError(f"{where}: {key}: {exc}") from None
    fields = {k: v for k, v in raw_row.items() if k != "roll"}
    return Row(low, high, fields)


def _parse_range(text: str, where: str) -> tuple[int, int]:
    parts = text.replace("–", "-").split("-")
    try:
        if len(parts) == 1:
            value = int(parts[0])
            return value, value
        if len(parts) == 2:
            low, high = int(parts[0]), int(parts[1])
            if low <= high:
                return low, high
    except ValueError:
        pass
    raise TableError(f"{where}: roll = {text!r}; expected a total like 4 or a range like 4-6")


def _check_coverage(rows: list[Row], die: dice.Dice, where: str) -> None:
    seen: dict[int, int] = {}
    for index, row in enumerate(rows, start=1):
        for value in range(row.low, row.high + 1):
            if value in seen:
                raise TableError(f"{where}: row {index} repeats the total {value} of row {seen[value]}")
            seen[value] = index
    possible = set(die.distribution())
    missing = sorted(possible - seen.keys())
    extra = sorted(seen.keys() - possible)
    if missing:
        raise TableError(f"{where}: no row for the total(s) {missing} that {die} can roll")
    if extra:
        raise TableError(f"{where}: rows for total(s) {extra} that {die} can never roll")


class TableSet:
    """All the tables of one rule set, loaded from a folder of .toml files."""

    def __init__(self, tables: dict[str, Table]):
        self.tables = tables
        for table in tables.values():
            for row in table.rows:
                for key, value in row.fields.items():
                    if (key == "table" or key.endswith("_table")) and value not in tables:
                        raise TableError(
                            f"table {table.id!r}, row {row.roll_text}: {key} = {value!r} names no table in this set"
                        )

    @classmethod
    def load(cls, folder: Path) -> TableSet:
        return cls({path.stem: load_table(path) for path in sorted(folder.glob("*.toml"))})

    def __getitem__(self, table_id: str) -> Table:
        return self.tables[table_id]

    def roll(self, table_id: str, rng: Rng, column: str | None = None, _depth: int = 0) -> Result:
        """Roll on a table and follow its "roll again", "roll twice" and table references.

        With ``column``, the references followed are that column's
        (``<column>_then``, ``<column>_table``).
        """
        if _depth > _MAX_DEPTH:
            raise TableError(f"table {table_id!r} keeps asking to roll again")
        table = self.tables[table_id]
        total, row = table.roll(rng)
        result = Result(table_id, total, row)
        then_key, table_key = ("then", "table") if column is None else (f"{column}_then", f"{column}_table")
        then = row.get(then_key)
        if then == ROLL_AGAIN:
            result.followups.append(self.roll(table_id, rng, column, _depth + 1))
        elif then == ROLL_TWICE:
            result.followups.append(self.roll(table_id, rng, column, _depth + 1))
            result.followups.append(self.roll(table_id, rng, column, _depth + 1))
        if row.get(table_key):
            result.followups.append(self.roll(row[table_key], rng, None, _depth + 1))
        return result


@dataclass(frozen=True)
class DataList:
    """A list from the rules that is not rolled on (weapons, spells, ...)."""

    id: str
    name: str
    items: tuple[dict[str, Any], ...]
    source: str = ""
    notes: str = ""


def load_list(path: Path) -> DataList:
    where = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise TableError(f"{where}: cannot read list file: {exc}") from None
    if "name" not in raw or "item" not in raw:
        raise TableError(f"{where}: a list needs a name and [[item]] entries")
    for index, item in enumerate(raw["item"], start=1):
        if "name" not in item:
            raise TableError(f"{where}: item {index} has no name")
    return DataList(path.stem, raw["name"], tuple(raw["item"]), raw.get("source", ""), raw.get("notes", ""))

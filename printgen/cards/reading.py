"""How a custom deck's file is read beyond its own content (``Reading``): a workbook's sheet, the deck's title,
and ``--rows 1-10,15``, which rows to make, by the numbers printgen's messages use.

A CSV file's or a workbook's rows are numbered as the spreadsheet numbers them (the header is row 1, so the
first card is row 2); a YAML file's cards from 1. A selection is numbers and ranges with commas between
(``2-10,15,20-22``); the seed code keeps it sorted and merged, with ``_`` for the commas (``2-10_15_20-22``),
so one choice of rows has one code. Rows that hold no card (the header, a blank line) are passed over; a
selection that names no card at all, a row past the file's last, or the header's row, is refused in one line.
The cards made keep the numbers they have in the whole deck (``Numbering``): row 9 of a deck is card 12 of 40
whether the whole deck or that row alone is printed, so a card printed again to replace a lost one is the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import Flag, PrintgenError

MAX_ROW = 1_000_000
Row = tuple[int, str, dict[str, str]]  # a row's number in the file, where it is (for messages), its fields
_TYPED = re.compile(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?\Z")
CANONICAL = r"[1-9][0-9]*(-[1-9][0-9]*)?(_[1-9][0-9]*(-[1-9][0-9]*)?)*"  # as canonical() writes it


@dataclass(frozen=True)
class Reading:
    """A workbook's sheet (None: its first), a title for the deck (None: the file's name, or a YAML file's
    title:), and the rows to make (as ``canonical`` writes them; None: all)."""

    sheet: str | None = None
    title: str | None = None
    rows: str | None = None


def canonical(typed: str) -> str:
    """What a person typed (``1-10, 15``) as the seed code writes it (``1-10_15``), or one line saying why
    it is not a choice of rows."""
    ranges = []
    for part in re.split(r"[,_]", str(typed)):
        match = _TYPED.match(part)
        if not match:
            raise PrintgenError(Flag("rows", repr(typed)), f": {part.strip()!r} is not a row or a range of rows",
                                right=("give e.g. ", Flag("rows", "2-10,15")))
        low = int(match[1])
        high = int(match[2]) if match[2] else low
        if 1 <= high < low <= MAX_ROW:
            raise PrintgenError(Flag("rows", repr(typed)), f": {part.strip()!r} runs backwards (a range goes from "
                                f"its first row to its last)", right=("give ", Flag("rows", f"{high}-{low}")))
        if not 1 <= low <= high <= MAX_ROW:
            raise PrintgenError(Flag("rows", repr(typed)), f": {part.strip()!r} is no range of rows (rows count "
                                f"from 1, to {MAX_ROW})")
        ranges.append((low, high))
    merged: list[list[int]] = []
    for low, high in sorted(ranges):
        if merged and low <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], high)
        else:
            merged.append([low, high])
    return "_".join(str(low) if low == high else f"{low}-{high}" for low, high in merged)


def chosen(canonical_text: str) -> list[tuple[int, int]]:
    """The ranges of a canonical selection."""
    found = []
    for part in canonical_text.split("_"):
        low, _, high = part.partition("-")
        found.append((int(low), int(high or low)))
    return found


@dataclass(frozen=True)
class Numbering:
    """The numbers the cards printed from some of a file's rows carry: each printed card's number in the whole
    deck, in the order they are printed, and how many cards the whole deck prints."""

    numbers: tuple[int, ...]
    total: int

    def of(self, position: int) -> tuple[int, int]:
        """The number and the deck's total of the printed card at ``position`` (from 1)."""
        return self.numbers[position - 1], self.total


def numbering(counts: list[int], kept: list[bool]) -> Numbering:
    """The numbering of a deck whose rows print ``counts`` copies each, of which the rows ``kept`` are made."""
    numbers: list[int] = []
    first = 1
    for count, keep in zip(counts, kept):
        if keep:
            numbers.extend(range(first, first + count))
        first += count
    return Numbering(tuple(numbers), first - 1)


def select(rows: list[Row], selection: str | None, shown: str, noun: str, last: int, header: int | None = None
           ) -> list[Row]:
    """The rows (number, ...) a selection names, in the file's order; ``last`` is the file's last row's number,
    ``header`` its header's (None: a file with none)."""
    if selection is None:
        return rows
    ranges = chosen(selection)
    past = [low for low, _ in ranges if low > last]
    if past:
        raise PrintgenError(Flag("rows", selection.replace("_", ",")), f": {shown} ends at {noun} {last}, so "
                            f"{noun} {past[0]} is not in it")
    kept = [row for row in rows if any(low <= row[0] <= high for low, high in ranges)]
    if kept and header is not None and any(low <= header <= high for low, high in ranges):
        # rows that take in the header with cards: refused, so a card's place is never one row off
        raise PrintgenError(Flag("rows", selection.replace("_", ",")), f": {noun} {header} of {shown} is its "
                            f"header; its first card is on {noun} {rows[0][0]}")
    if not kept:
        first = f" (its first card is in {noun} {rows[0][0]}" + (", under the header)" if rows[0][0] > 1 else ")") \
            if rows else ""
        raise PrintgenError(Flag("rows", selection.replace("_", ",")), f": no card of {shown} stands in those "
                            f"{noun}s{first}")
    return kept

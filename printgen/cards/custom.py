"""Your own deck from a CSV, XLSX or YAML file: title, body, count, back, and any stats.

CSV: one card per row, a header naming the columns. XLSX: the same on the
workbook's first sheet (or the one ``--sheet`` names), each cell's value as
the spreadsheet saved it. YAML: a list of cards, or a mapping with ``cards``
(that list) and optionally ``title`` and ``back``. Every column other than
title, body, count, back and kicker is a stat, shown in the stat block with
its column name as the label. The body reads the markup a layout reads
(cards/inline.py: icons, spans, *italic* and **bold**); a picture file it shows
is read from beside the data file, and its fingerprint goes in the seed code.

With a layout of your own (``--card-layout``, cards/card_design.py) no column
is required: the layout names the columns it shows, and ``count`` and ``back``
keep their meaning (see ``load_layout_deck``).
"""

from __future__ import annotations

import csv
import datetime
import difflib
import hashlib
import io
import re
import warnings
import zipfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..errors import Flag, PrintgenError
from . import plain_yaml
from .columns import ALIASES, missing
from .model import Card, Deck, Paragraph, Stat
from .reading import Numbering, Reading, numbering
from .reading import select as select_rows

if TYPE_CHECKING:
    from .card_design import Layout
    from .design_face import LayoutDeck
    from .inline import Context
    from .pictures import Pictures
    from .user_files import Folder

REQUIRED = ("title", "text")
KNOWN = ("title", "text", "body", "count", "back", "kicker")

MAX_COUNT = 500
MAX_STATS = 6
MAX_CARDS = 5000
MAX_FILE_BYTES = 4 * 1024 * 1024  # 5,000 cards of generous text; a larger file is not a deck
MAX_PRINTED = 5000  # cards in one file, counts included: about 560 pages of poker cards
MAX_XLSX_UNPACKED = 64 * 1024 * 1024  # an XLSX is a zip: what it may unpack to (a zip bomb unpacks to far more)
MAX_XLSX_ROWS = 100_000  # rows read from a sheet, blank ones included
MAX_COLUMNS = 200
# The most text one card can hold: the narrowest words ("i i i …") fill a tarot card, the largest, in the
# smallest type a layout may ask for (2 pt), at about 48,000 characters. A card's fields together longer than
# this are refused as the file is read, before any fitting (which would take minutes to say the same).
MAX_CARD_TEXT = 50_000
SUFFIXES = (".csv", ".xlsx", ".yaml", ".yml")
KINDS = ".csv, .xlsx, .yaml or .yml"  # every kind of deck file, as a message names them

Rows = list[tuple[str, dict[str, str]]]
Numbered = list[tuple[int, str, dict[str, str]]]  # each row with its number in the file, as --rows names it


class Table(NamedTuple):
    """A deck file as read: its title and back, its rows (where, fields) and columns, and, where only some of
    its rows are made (--rows), the numbers their cards keep from the whole deck."""

    title: str
    back: str
    rows: Rows
    columns: list[str]
    numbering: Numbering | None = None


@dataclass(frozen=True)
class CustomDeck(Deck):
    """A deck of your own in printgen's look: its cards, and the numbers they keep from the whole deck where
    only some rows are made."""

    numbering: Numbering | None = field(default=None, compare=False, repr=False)
    pictures: Pictures | None = field(default=None, compare=False, repr=False)  # the picture files its words show

    def as_data(self) -> dict:
        data = Deck.as_data(replace(self, numbering=None, pictures=None))
        del data["numbering"], data["pictures"]
        return data

    def pictures_digest(self) -> str | None:
        """The fingerprint of the picture files its words show (None: none)."""
        return self.pictures.folder.digest() if self.pictures is not None else None


def file_digest(path: Path) -> str:
    """The first 16 hex digits of the file's SHA-256: enough to notice any change."""
    return hashlib.sha256(_read_bytes(path)).hexdigest()[:16]


def load_deck(path: Path, expected_digest: str | None = None, reading: Reading = Reading()) -> CustomDeck:
    """printgen's own look: every card a title, a body and stats."""
    table = load_table(path, expected_digest, reading, required=REQUIRED)
    markup = _Markup(path)
    cards = tuple(_card(path, where, fields, table.back, markup) for where, fields in table.rows)
    _check_printed(path, sum(card.count for card in cards))
    return CustomDeck("custom", table.title, cards, back_title=table.back or table.title, back_subtitle="",
                      accent=(0.18, 0.24, 0.38), numbering=table.numbering, pictures=markup.pictures)


class _Markup:
    """How printgen's own look reads the markup in a deck's text: the deck's picture files, read once."""

    def __init__(self, data: Path):
        self.data = data
        self.pictures: Pictures | None = None

    def context(self, where: str) -> Context:
        from .card_design import colour
        from .inline import PLAIN_SIZE, Context
        from .pictures import Pictures
        from .user_files import Folder

        if self.pictures is None:
            self.pictures = Pictures(Folder(self.data.parent))

        def reader(text: str, said: str) -> tuple[float, float, float]:
            return colour(text, said, none_allowed=False)  # type: ignore[return-value]

        return Context(where, reader, None, self.pictures, PLAIN_SIZE, own_pictures=True)



def load_layout_deck(path: Path, expected_digest: str | None, layout: Layout, reading: Reading = Reading(),
                     folder: Folder | None = None) -> LayoutDeck:
    """Cards drawn by ``layout``: any columns; ``count`` (copies) and ``back`` (its back's label) as always.
    ``folder`` is the data file's, where the layout's own bases were read (and pictures and fonts will be)."""
    from .design_face import make_deck

    table = load_table(path, expected_digest, reading, required=())
    counted = [(where, fields, _count(where, fields)) for where, fields in table.rows]
    _check_printed(path, sum(count for _, _, count in counted))
    return make_deck("custom", table.title, table.back, counted, table.columns, layout, path, folder,
                     table.numbering)


def load_table(path: Path, expected_digest: str | None = None, reading: Reading = Reading(),
               required: tuple[str, ...] = REQUIRED) -> Table:
    """The deck file's title, back, rows (where, fields) and columns, read as ``reading`` says; one line for
    anything wrong."""
    sheet = reading.sheet
    data = _read_bytes(path)
    if expected_digest is not None and hashlib.sha256(data).hexdigest()[:16] != expected_digest:
        raise PrintgenError(
            f"{path}: the file has changed since this seed code was made (its sha256 no longer starts "
            f"{expected_digest}); use the original file to reproduce the deck"
        )
    suffix = path.suffix.lower()
    if sheet is not None and suffix != ".xlsx":
        raise PrintgenError(Flag("sheet", sheet), f" names a sheet of a workbook; {path.name} is not an .xlsx file")
    header: int | None = None  # the header's row (a YAML file has none)
    if suffix == ".xlsx":
        title, back, (columns, numbered, last, header) = _stem_title(path), "", _xlsx_rows(path, data, sheet)
        _check_columns(path, columns, required)
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise PrintgenError(f"{path}: not UTF-8 text; save the file as UTF-8") from None
        if suffix == ".csv":
            title, back, header = _stem_title(path), "", 1
            columns, numbered, last = _csv_rows(path, text, required)
        elif suffix in (".yaml", ".yml"):
            title, back, columns, numbered, last = _yaml_rows(path, text, required)
        else:
            raise PrintgenError(f"{path}: unknown kind of file; give a {KINDS} file")
    numbers = None
    if numbered:
        noun = "card" if suffix in (".yaml", ".yml") else "row"
        chosen = select_rows(numbered, reading.rows, path.name, noun, last, header)
        if reading.rows is not None:  # the cards keep their numbers in the whole deck
            kept = {number for number, _, _ in chosen}
            numbers = numbering([_count(where, fields) for _, where, fields in numbered],
                                [number in kept for number, _, _ in numbered])
        numbered = chosen
    table = [(where, fields) for _, where, fields in numbered]
    if not table:
        raise PrintgenError(f"{path}: no cards in it; give at least one row" + (" with a title and a text"
                                                                                 if required else ""))
    if len(table) > MAX_CARDS:
        raise PrintgenError(f"{path}: {len(table)} cards; printgen takes at most {MAX_CARDS} in one deck")
    for where, fields in table:
        _check_text_length(where, sum(len(value) for value in fields.values()))
    return Table(reading.title or title, back, table, columns, numbers)


def _check_text_length(where: str, characters: int) -> None:
    if characters > MAX_CARD_TEXT:
        raise PrintgenError(f"{where}: {characters:,} characters of text, more than any card holds (at most "
                            f"{MAX_CARD_TEXT:,}); shorten it")


def _check_printed(path: Path, printed: int) -> None:
    if printed > MAX_PRINTED:
        raise PrintgenError(f"{path}: {printed} cards to print, counts included; printgen prints at most "
                            f"{MAX_PRINTED} in one file (split the deck)")


def _read_bytes(path: Path) -> bytes:
    """The file's bytes: a regular file of at most MAX_FILE_BYTES (a pipe or a device could be endless)."""
    if path.name == "-" and not path.exists():
        raise PrintgenError(Flag("data"), " reads a file, not standard input (its fingerprint goes in the seed code)",
                            right=(f"save the cards as a {KINDS} file and give its name",))
    try:
        if path.exists() and not path.is_dir() and not path.is_file():
            raise PrintgenError(f"{path} is not a regular file", right=(f"give the deck's {KINDS} file with ",
                                                                        Flag("data")))
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise PrintgenError(f"{path}: larger than {MAX_FILE_BYTES // 2**20} MiB; a deck file is smaller than that")
        return data
    except FileNotFoundError:
        raise PrintgenError(f"{path}: no such file", right=(f"give the deck's {KINDS} file with ", Flag("data"))) \
            from None
    except IsADirectoryError:
        raise PrintgenError(f"{path} is a folder", right=(f"give the deck's {KINDS} file with ", Flag("data"))) \
            from None
    except OSError as exc:
        raise PrintgenError(f"{path}: cannot read it ({exc.strerror})") from None


def _stem_title(path: Path) -> str:
    return path.stem.replace("_", " ").replace("-", " ").strip().title() or "Custom"


SEPARATORS = {",": "commas", ";": "semicolons", "\t": "tabs"}


def _separator(text: str) -> str:
    """The CSV's separator: a comma, or the semicolon or tab a spreadsheet writes where the comma is the decimal
    mark, when the header holds one of those and no comma."""
    header = text.split("\n", 1)[0]
    if "," not in header:
        for other in (";", "\t"):
            if other in header:
                return other
    return ","


def _csv_rows(path: Path, text: str, required: tuple[str, ...] = REQUIRED) -> tuple[list[str], Numbered, int]:
    separator = _separator(text)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator, strict=True)
    try:
        table = list(reader)
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):  # csv's own bound, well above MAX_CARD_TEXT
            raise PrintgenError(f"{path}: line {reader.line_num}: a cell of more than {csv.field_size_limit():,} "
                                f"characters, more than any card holds (at most {MAX_CARD_TEXT:,}); shorten it") from None
        raise PrintgenError(f"{path}: not readable as CSV ({exc}); check the quotes") from None
    if not table:
        raise PrintgenError(f"{path}: the file is empty; give a header row (title,text,count,back,...) and cards")
    header = [h.strip().lower() for h in table[0]]
    _check_columns(path, header, required)
    rows = []
    for number, cells in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue  # blank line
        if len(cells) > len(header):
            raise PrintgenError(f"{path}: row {number} has {len(cells)} cells but the header names {len(header)}; "
                                f"quote text that contains {SEPARATORS[separator]}")
        rows.append((number, f"{path}: row {number}", dict(zip(header, (c.strip() for c in cells)))))
    return header, rows, len(table)


def _xlsx_rows(path: Path, data: bytes, sheet: str | None) -> tuple[list[str], Numbered, int, int]:
    """The first sheet (or ``sheet``) of a workbook: its first row the header, each row after it a card.

    An XLSX is a zip of XML: its entries are counted and sized before openpyxl reads a byte of them, and
    XML entities do not expand (Python's expat refuses the billion laughs)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        text = data[:4096].decode("utf-8", "replace")
        is_text = "\ufffd" not in text and ("," in text or ";" in text)
        raise PrintgenError(f"{path}: not readable as an XLSX workbook (it is no zip)"
                            f"{'; it is text: a CSV named .xlsx? name it .csv' if is_text else ''}") from None
    if len(entries) > 5000 or sum(entry.file_size for entry in entries) > MAX_XLSX_UNPACKED:
        raise PrintgenError(f"{path}: the workbook unpacks to more than {MAX_XLSX_UNPACKED // 2**20} MiB; "
                            f"a deck's workbook is far smaller (a zip bomb?)")
    from openpyxl import load_workbook

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl's notes on features it skips (data validation, ...)
            workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            names = workbook.sheetnames
            if sheet is not None and sheet not in names:
                raise PrintgenError(f"{path}: no sheet {sheet!r}; its sheets are: {', '.join(names)}")
            worksheet = workbook[sheet] if sheet is not None else workbook.worksheets[0]
            table, unsaved = [], []
            for number, row in enumerate(worksheet.iter_rows(values_only=True), start=1):
                if number > MAX_XLSX_ROWS:
                    raise PrintgenError(f"{path}: more than {MAX_XLSX_ROWS} rows on the sheet; a deck has at most "
                                        f"{MAX_CARDS} cards")
                table.append((number, [_cell_text(value) for value in row[:MAX_COLUMNS + 1]]))
                unsaved.append([value is None for value in row[:MAX_COLUMNS + 1]])
            workbook.close()
            _check_formulas(path, data, worksheet.title, unsaved)
    except PrintgenError:
        raise
    except Exception:  # noqa: BLE001 - whatever openpyxl makes of a broken workbook
        raise PrintgenError(f"{path}: not readable as an XLSX workbook") from None
    table = [(number, cells) for number, cells in table if any(cell for cell in cells)]
    if not table:
        raise PrintgenError(f"{path}: the sheet is empty; give a header row (title,text,count,back,...) and cards")
    header_row, header = table[0]
    header = [h.lower() for h in header]
    while header and not header[-1]:
        header.pop()
    if len(header) > MAX_COLUMNS:
        raise PrintgenError(f"{path}: more than {MAX_COLUMNS} columns")
    rows = []
    for number, cells in table[1:]:
        if any(cells[len(header):]):
            raise PrintgenError(f"{path}: row {number} has a value beyond the header's last column")
        cells = cells[:len(header)] + [""] * (len(header) - len(cells))
        rows.append((number, f"{path}: row {number}", dict(zip(header, cells))))
    return header, rows, table[-1][0], header_row


def _check_formulas(path: Path, data: bytes, sheet: str, unsaved: list[list[bool]]) -> None:
    """Refuse a formula whose value the workbook does not hold (saved by a program that does not work them
    out): it would print as an empty cell. Its cell is named."""
    if not any(any(row) for row in unsaved):
        return
    from openpyxl import load_workbook
    from openpyxl.utils import get_column_letter

    workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    try:
        for number, row in enumerate(workbook[sheet].iter_rows(values_only=True), start=1):
            if number > len(unsaved):
                break
            for column, value in enumerate(row[:len(unsaved[number - 1])]):
                if unsaved[number - 1][column] and isinstance(value, str) and value.startswith("="):
                    raise PrintgenError(f"{path}: cell {get_column_letter(column + 1)}{number} holds the formula "
                                        f"{value[:40]} but no value worked out for it (the program that saved the "
                                        f"workbook keeps formulas only); open it in a spreadsheet and save it again")
    finally:
        workbook.close()


def _cell_text(value) -> str:
    """A cell's value as the card prints it: 3 not 3.0, a date as 2024-05-01, TRUE/FALSE as written."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:.12g}"
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else value.isoformat(sep=" ")
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value).strip()


def _shown(name: str) -> str:
    return f"'{name}' (or '{ALIASES[name]}')" if name in ALIASES else repr(name)


def _check_columns(path: Path, header: list[str], required: tuple[str, ...] = REQUIRED) -> None:
    lacking = missing(required, header)
    if lacking:
        others = [name for name in header if name not in KNOWN]
        near = [(name, difflib.get_close_matches(name, others, n=1, cutoff=0.6)) for name in lacking]
        hint = "".join(f" ({found[0]!r} is near it: name it {name})" for name, found in near if found)
        raise PrintgenError(f"{path}: no {' or '.join(_shown(m) for m in lacking)} column{hint}; the header needs "
                            f"title and text (or body) (and may have count, back and stats), found: "
                            f"{', '.join(header)}")
    if required and all(name in header for name in ALIASES):
        raise PrintgenError(f"{path}: both a text and a body column; they are one column by two names: keep one")
    if len(set(header)) != len(header):
        raise PrintgenError(f"{path}: a column name appears twice in the header: {', '.join(header)}")
    if any(not h for h in header):
        raise PrintgenError(f"{path}: the header has an empty column name")


def _yaml_rows(path: Path, text: str, required: tuple[str, ...] = REQUIRED
               ) -> tuple[str, str, list[str], Numbered, int]:
    data = plain_yaml.load(text, str(path))
    title, back = _stem_title(path), ""
    if isinstance(data, dict):
        title = _scalar(data.get("title", title)) or title
        back = _scalar(data.get("back", ""))
        data = data.get("cards")
    if not isinstance(data, list):
        raise PrintgenError(f"{path}: expected a list of cards (or a mapping with a 'cards' list)")
    rows, columns = [], []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise PrintgenError(f"{path}: card {number} is not a mapping of fields (title: ..., body: ...)")
        try:
            fields = {str(k).strip().lower(): _scalar(v) for k, v in item.items()}
        except PrintgenError as exc:
            raise PrintgenError(f"{path}: card {number}: {exc}") from None
        lacking = missing(required, fields)
        if lacking:
            raise PrintgenError(f"{path}: card {number} has no {' or '.join(lacking)}; every card needs a title "
                                f"and a text (or body)")
        rows.append((number, f"{path}: card {number}", fields))
        columns.extend(name for name in fields if name not in columns)
    return title, back, columns, rows, len(data)


def _scalar(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        raise PrintgenError(f"a field holds a list or mapping ({value!r:.40}); give plain text")
    return str(value).strip()


def _card(path: Path, where: str, fields: dict[str, str], deck_back: str, markup: _Markup) -> Card:
    title = fields.get("title", "")
    if not title:
        raise PrintgenError(f"{where}: the title is empty; every card needs a title")
    count = _count(where, fields)
    if all(name in fields for name in ALIASES):
        raise PrintgenError(f"{where}: both a text and a body; they are one field by two names: keep one")
    stats = tuple(Stat(k, v) for k, v in fields.items() if k not in KNOWN and v)
    if len(stats) > MAX_STATS:
        raise PrintgenError(f"{where}: {len(stats)} stats; a card shows at most {MAX_STATS}")
    text = fields.get("text", fields.get("body", ""))
    body = tuple(_paragraph(p, where, markup) for p in text.replace("\r", "").split("\n") if p.strip())
    return Card(title, fields.get("kicker", ""), stats, (), body, back=fields.get("back", "") or deck_back,
                count=count, source=where)


def _paragraph(text: str, where: str, markup: _Markup) -> Paragraph:
    """A paragraph of a card's text: read as markup where it holds any."""
    from .inline import Marked, marked_text

    return Marked(text).read(markup.context(where)) if marked_text(text) else Paragraph(text)


def _count(where: str, fields: dict[str, str]) -> int:
    count_text = fields.get("count", "") or "1"
    if not re.fullmatch(r"[0-9]+", count_text) or not 0 <= int(count_text) <= MAX_COUNT:  # ASCII digits only
        raise PrintgenError(f"{where}: count {count_text!r} is not a whole number from 0 to {MAX_COUNT}")
    return int(count_text)

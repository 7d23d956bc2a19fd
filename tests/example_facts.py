"""What a --help example says in numbers, and what its command made, counted.

``numbers_in`` reads the numbers of an example's comment ("84 creature cards and
a notes card, 3 × 3 on Letter": 84, 3, 3); ``facts`` counts what the file made
holds: its pages (or pictures), and by product its cards, levels, characters,
sheets a page, grid, the pictures' pixels. A test asks that every number of a
comment is among the facts of the file its command made.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

from pdfutil import open_pdf
from PIL import Image

from printgen import products
from printgen.seed import SeedCode
from printgen.units import to_mm
from printgen.words import BUILT_IN

WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
         "eleven": 11, "twelve": 12, "twenty": 20}  # "one" is left out: "draw one" is no count
# A number standing as a word: not inside another word or notation (PDF/X-1a, 2d6, a 127.0.0.1 address).
NUMBER = re.compile(r"(?<![\w./:-])(\d[\d,]*)(?![\w.:/])(?!d\d)|\b(" + "|".join(WORDS) + r")\b", re.IGNORECASE)


def numbers_in(comment: str) -> list[int]:
    found = []
    for digits, word in NUMBER.findall(comment):
        found.append(int(digits.replace(",", "")) if digits else WORDS[word.lower()])
    return found


def facts(code: SeedCode, path: Path) -> set[int]:
    """The counts of what ``path`` (made from ``code``) holds."""
    request = products.request(code)
    data = path.read_bytes()
    found: set[int] = set()
    if data.startswith(b"%PDF"):
        found.add(len(open_pdf(path).pages))
    elif data.startswith(b"PK"):
        archive = zipfile.ZipFile(io.BytesIO(data))
        pictures = [name for name in archive.namelist() if name.endswith(".png")]
        found.add(len(pictures))
        for name in pictures:
            found.update(Image.open(io.BytesIO(archive.read(name))).size)
    found |= FACTS.get(code.product, lambda request, data: set())(request, data)
    return found


def _deck(request, data: bytes) -> set[int]:
    from printgen.cards.imposition import sheet_for
    from printgen.products import deck

    wanted = deck.deck_request(request)
    made = deck.load(request, wanted)
    cards = made.printed_cards()
    found = {len(cards), sum(not card.reference for card in cards), sum(card.reference for card in cards)}
    if wanted.options.imposition == "sheet":
        options = wanted.options
        sheet = sheet_for(options.paper.size, options.size, options.bleed, options.gutter)
        found |= {sheet.columns, sheet.rows}
        if sheet.columns > 1:  # the space between two cards, as placed
            gap = sheet.slot_origin(1)[0] - sheet.slot_origin(0)[0] - options.size.width
            found.add(round(to_mm(gap)))
    return found


def _dungeon(request, data: bytes) -> set[int]:
    made = json.loads(data) if data.startswith(b"{") else request.part("dungeon").generate(request).as_data()
    levels = made["levels"]
    found = {len(levels)} | {level[side] for level in levels for side in ("width", "height") if side in level}
    return found | {level["number"] for level in levels if level.get("kind", "normal") != "normal"}


def _sheet(request, data: bytes) -> set[int]:
    from printgen.products import sheet

    spec = sheet.spec_of(request)
    characters = sheet.roll_characters(BUILT_IN, request.code, spec)
    plan = sheet.page_plan(spec, sheet.sheet_items(spec, characters), sheet.foot_strip(request.code, spec.paper))
    return {len(characters)} | {len(places) for places, _ in plan}


def _graph_paper(request, data: bytes) -> set[int]:
    from printgen.products import graph_paper
    from printgen.units import inch

    pitch = graph_paper.spec_of(request).grid.pitch
    return {round(value) for value in (to_mm(pitch), pitch / inch(1)) if abs(value - round(value)) < 1e-6}


def _solo(request, data: bytes) -> set[int]:
    """A solo booklet's dungeon: how many levels it holds (its JSON is sections, so the dungeon is rolled)."""
    return {len(request.part("dungeon").generate(request).as_data()["levels"])}


FACTS = {"deck": _deck, "dungeon": _dungeon, "sheet": _sheet, "graph-paper": _graph_paper, "solo": _solo}

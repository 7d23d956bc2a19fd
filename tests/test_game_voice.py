"""The game's voice only: no command, option or file name in any product's words, read back from every product.

A product speaks of the game, in the game's words. The names of the tool's
commands, its options, its files and its decks' command-line names stay in the
tool: the footer's seed code (which is how the file is printed again) and the
caption of the QR that carries it are the only words of the tool on a page.
Where printgen chose what the rules leave open, a page may still say so
("printgen's rule"): that is the game's voice owning a choice, not a command.
"""

from __future__ import annotations

import re

import pytest
from pdfutil import page_texts
from product_cases import case_id, made
from test_type_sizes import cases

from printgen import games

COMMANDS = ("dungeon", "deck", "sheet", "reference", "graph-paper", "reproduce", "templates", "list", "solo",
            "challenge", "serve", "schema")
DECK_NAMES = sorted({name for game in games.games().values() for name in game.decks} - {"custom"})
TOOL = [
    re.compile(rf"\bprintgen\s+({'|'.join(COMMANDS)})\b"),  # a command line
    re.compile(r"(?<![\w\-])--[a-z][a-z\-]+"),  # an option
    re.compile(r"\b[\w\-]+\.(toml|json|csv|yaml|yml|xlsx|html|css|py)\b"),  # a file
    re.compile(rf"\(deck ({'|'.join(DECK_NAMES)})\)|\bdeck ({'|'.join(DECK_NAMES)}) --"),  # a deck's command name
]
FOOTER = re.compile(r"printgen · pg\d+:\S+.*$", re.M)  # the footer's line with its seed code
QR_CAPTION = re.compile(r"\(printgen\s+reproduce\s+reads\s+a\s+photo\s+of\s+it\)")  # the deck card's caption


def tool_words(text: str) -> list[str]:
    """Every command, option or file name in ``text``, the footer and the QR's caption left out."""
    text = QR_CAPTION.sub("", FOOTER.sub("", text))
    return [match.group(0) for pattern in TOOL for match in pattern.finditer(text)]


def test_the_scan_finds_the_tool_s_words():
    assert tool_words("Exploration, 80 cards (deck exploration): ...") == ["(deck exploration)"]
    assert tool_words("a booklet of the very same campaign is printgen dungeon with this seed") == ["printgen dungeon"]
    assert tool_words("print with --templates DIR, or edit words.toml") == ["--templates", "words.toml"]
    assert tool_words("printgen · pg4:deck:roguelike:bi:deck=creatures · page 1 of 20") == []
    assert tool_words("Scan the code to print this deck again (printgen reproduce reads a photo of it).") == []
    assert tool_words("A rival − 3 (printgen's rule), and 2 – 4 feet") == []


QUICK = {"reference-amulet", "graph-paper-generic-grid=hex"}


def _param(case):
    marks = []
    if case_id(case) not in QUICK:
        marks.append(pytest.mark.sweep)
    return pytest.param(case, id=case_id(case), marks=marks)


@pytest.mark.parametrize("case", [_param(case) for case in cases(fewest=False)])
def test_no_product_prints_a_command_option_or_file_name(case):
    product, system, options = case
    texts = page_texts(made(case))
    found = {f"page {number}": words for number, text in enumerate(texts, 1) if (words := tool_words(text))}
    assert not found, found

"""A file's default name: what it is, its seed, and every option that makes it differ from the default file.

``deck-weapons-roguelike-moonpie-tarot-gutter4.pdf``: the product (and a deck's
name), the system and the seed as in ``<product>-<system>-<seed>``, then one
word for each option the seed code keeps (those not at their default), in the
order the options are declared:

- a flag is its name (``fillable``, ``calibration``);
- a number is its name and value (``count3``, ``bleed2.5``, ``back-offset0.5x-1``);
- a choice is its name and value (``duplex-none``, ``map-style-hatched``), or
  its value alone where the option says the value speaks for itself
  (``tarot``, ``a4``, ``hex``, ``thegamecrafter``);
- a file the code records by fingerprint (a custom deck's data, a card
  layout) is the file's own name; a template folder is ``templates``.

The name is a function of the canonical seed code, so the same request always
gets the same name and two different requests never share one: a name that
would run long, or one that stands for files the code knows by fingerprint
(whose content the words cannot say), ends in a short hash of the code. A
product that rolls nothing (graph paper) given no seed is named by its options
alone: ``graph-paper-a4-hex.pdf``.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from pathlib import PurePath
from typing import Any

from ..options import Option

MAX_STEM = 100  # characters: a longer name is cut at a word and ends in the code's hash
HASH_LENGTH = 8
SUFFIX_FORMATS = ("pdf", "json", "png")  # formats a file's suffix names
PATHS = ("data", "card-layout")  # options holding a file's path: the name carries the file's own name


def stem(request: Any, unseeded: str) -> str:
    """The default file name of a checked request, without its suffix. ``unseeded``: the seed a product that
    rolls nothing takes when given none."""
    code, product = request.code, request.product
    head = [code.product]
    if product.argument is not None:
        head.append(_safe(str(request.options[product.argument])))
    if product.rolls(request) or code.seed != unseeded:
        head += [code.system, _safe(code.seed)[:60] or "seed"]
    elif len(product.systems()) > 1:  # the same pages every run: named by the game alone (sheet-roguelike.pdf)
        head.append(code.system)
    words, fingerprinted = option_words(request)
    name = "-".join(head + words)
    if fingerprinted or len(name) > MAX_STEM:
        digest = hashlib.sha256(str(code).encode("utf-8")).hexdigest()[:HASH_LENGTH]
        name = _cut("-".join(head), words, MAX_STEM - HASH_LENGTH - 1) + "-" + digest
    return name


def option_words(request: Any) -> tuple[list[str], bool]:
    """The words of the options the seed code keeps, and whether any is a file known by its fingerprint."""
    kept = request.code.option_map
    declared = request.product.options(request.code.system, kept)
    words, last, fingerprinted = [], [], False
    for option in declared:
        text = kept.get(option.name)
        if text is None or option.name == request.product.argument:
            continue
        if option.name == "format":  # last, beside the suffix; unsaid where the suffix says it (a zip of page
            last = [] if text in SUFFIX_FORMATS else [word(option, text)]  # pictures is its product's only bare zip)
            continue
        if not option.typed:
            fingerprinted = True
            if option.name in PATHS:
                words.append(_safe(PurePath(text).stem))
            elif option.name == "templates":
                words.append("templates")
            continue
        words.append(word(option, text))
    return words + last, fingerprinted


def word(option: Option, text: str) -> str:
    """One option's word in a file name."""
    if option.flag:
        return option.name
    if option.choices and option.value_alone:
        return _safe(text)
    if option.choices and not text[:1].isdigit():
        return f"{option.name}-{_safe(text)}"
    return f"{option.name}{_safe(text)}"


def _cut(head: str, words: list[str], room: int) -> str:
    """``head`` and as many whole words as fit in ``room`` characters."""
    name = head[:room]
    for item in words:
        if len(name) + 1 + len(item) > room:
            break
        name += "-" + item
    return name


def _safe(text: str) -> str:
    """``text`` as a file name holds it on every system: letters of any script kept (NFC), each run of
    anything else (spaces, symbols, emoji) one '_', none at the ends ('Drachen höhle 🐉': Drachen_höhle)."""
    kept = "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in unicodedata.normalize("NFC", text))
    return re.sub("_+", "_", kept).strip("_")

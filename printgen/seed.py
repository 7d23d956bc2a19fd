"""Seeds, seed codes and named random streams.

A seed is any string. Every random decision draws from a named stream derived
from the seed by SHA-256 (never Python's salted ``hash()``), so adding a new
stream for a new feature leaves every existing stream, and so every existing
output, unchanged.

A seed code names everything that decides a file's content:

    pg4:graph-paper:generic:moonpie:paper=a4,pages=2

format version, product, system, seed, and the options that are not at their
default (none at all: ``pg4:graph-paper:generic:moonpie``). It is printed in the
footer and as a QR code on the first page, and stored in the PDF's metadata,
so `printgen reproduce` can make the identical file again.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import parse_qs, quote, unquote, urlsplit

from . import FORMAT_VERSION
from .errors import PrintgenError

T = TypeVar("T")

SEED_CODE_PREFIX = "pg"
# Characters of a fresh random seed: no 0/o, 1/l/i, so it survives being read aloud.
_RANDOM_SEED_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
SAFE = "-_.~"  # left readable in a seed code; everything else is %-escaped


def random_seed() -> str:
    """A fresh seed for a run that was given none (8 characters, ~39 bits)."""
    return "".join(secrets.choice(_RANDOM_SEED_ALPHABET) for _ in range(8))


class Rng:
    """A random stream whose every draw is built on ``random.Random.random()``.

    ``random()`` is the only method CPython promises to keep stable across
    versions for a given integer seed; randint, choice and shuffle are not, so
    they are re-implemented here on top of it.
    """

    def __init__(self, key: int):
        self._random = random.Random(key)
        self.random = self._random.random  # bound once: dungeons draw hundreds of thousands of times

    def randint(self, low: int, high: int) -> int:
        """An integer in [low, high], both ends included."""
        if high < low:
            raise ValueError(f"empty range {low}..{high}")
        return low + int(self.random() * (high - low + 1))  # int() is floor here: the product is never negative

    def die(self, sides: int) -> int:
        return 1 + int(self.random() * sides)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.randint(0, len(items) - 1)]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], count: int) -> list[T]:
        pool = list(items)
        if count > len(pool):
            raise ValueError(f"cannot pick {count} of {len(pool)}")
        self.shuffle(pool)
        return pool[:count]


def stream_key(seed: str, *names: object) -> int:
    """The 64-bit key of the stream called ``names`` under ``seed``."""
    material = "\x1f".join(["printgen", seed, *(str(n) for n in names)])
    return int.from_bytes(hashlib.sha256(material.encode("utf-8")).digest()[:8], "big")


def stream(seed: str, *names: object) -> Rng:
    """The random stream called ``names`` (e.g. ``stream(s, "level", 2, "rooms")``)."""
    return Rng(stream_key(seed, *names))


@dataclass(frozen=True)
class SeedCode:
    """Everything that decides a product's bytes, as one shareable string."""

    product: str
    system: str
    seed: str
    options: tuple[tuple[str, str], ...] = field(default=())
    version: int = FORMAT_VERSION

    @classmethod
    def make(cls, product: str, system: str, seed: str, options: dict[str, object]) -> SeedCode:
        """A new seed code; refused when it would be too long to print legibly in a footer."""
        check_text(seed, "seed")
        for key, value in options.items():
            check_text(_option_text(value), f"option {key}")
        code = cls(product, system, seed, tuple(sorted((k, _option_text(v)) for k, v in options.items())))
        if len(str(code)) > PRINTED_CODE_LENGTH:
            raise PrintgenError(f"the seed code would be {len(str(code))} characters, more than the "
                                f"{PRINTED_CODE_LENGTH} a page footer shows legibly; use a shorter seed "
                                f"(or a shorter path to a data file)")
        return code

    @property
    def option_map(self) -> dict[str, str]:
        return dict(self.options)

    def stream(self, *names: object) -> Rng:
        return stream(self.seed, *names)

    def __str__(self) -> str:
        parts = [f"{SEED_CODE_PREFIX}{self.version}", self.product, self.system, quote(self.seed, safe=SAFE)]
        if self.options:
            parts.append(",".join(f"{quote(k, safe=SAFE)}={quote(v, safe=SAFE)}" for k, v in self.options))
        return ":".join(parts)

    def readable(self, drawn: Callable[[str], bool]) -> str:
        """The code as a page prints it: a seed or value's characters as typed where ``drawn`` (the font has
        them), %-escaped only where not and where they would be read as the code's own :,=% ('Drachen höhle
        %F0%9F%90%89'); ``parse`` reads it back to this very code."""
        def said(text: str) -> str:
            return "".join(ch if ch not in _SYNTAX and (ch == " " or ch.isprintable()) and drawn(ch)
                           else quote(ch, safe="") for ch in text)

        parts = [f"{SEED_CODE_PREFIX}{self.version}", self.product, self.system, said(self.seed)]
        if self.options:
            parts.append(",".join(f"{said(k)}={said(v)}" for k, v in self.options))
        return ":".join(parts)

    @classmethod
    def parse(cls, text: str) -> SeedCode:
        """Read a seed code someone sent, as printgen writes it, as a page prints it (a seed's accents and
        spaces as typed) or in other case (its names are taken whatever their case, its seed as it is):
        every part checked, one clear error for anything odd."""
        text = text.strip()
        if len(text) > MAX_CODE_LENGTH:
            raise PrintgenError(f"a seed code is at most {MAX_CODE_LENGTH} characters; this one has {len(text)}")
        check_text(text, "seed code")
        given, text = text, quote(text, safe=SAFE + _SYNTAX)  # characters typed are read as their escapes
        parts = text.split(":")
        if len(parts) == 4:
            parts.append("")  # no options: every one at its default
        example = f"{SEED_CODE_PREFIX}{FORMAT_VERSION}:graph-paper:generic:moonpie:paper=a4"
        parts[:3] = [part.lower() for part in parts[:3]]
        if len(parts) != 5 or not parts[0].startswith(SEED_CODE_PREFIX):
            raise PrintgenError(f"{given!r} is not a seed code; a seed code looks like {example}")
        version_text = parts[0][len(SEED_CODE_PREFIX):]
        if not re.fullmatch(r"[1-9][0-9]{0,3}", version_text):
            raise PrintgenError(f"{given!r} has no format version; a seed code looks like {example}")
        version = int(version_text)
        if version != FORMAT_VERSION:
            raise PrintgenError(
                f"seed code {given!r} was made by format version {version}; "
                f"this printgen makes version {FORMAT_VERSION} (install the printgen release that made it)"
            )
        product, system, seed, opts = parts[1], parts[2], _unescape(parts[3], "seed"), parts[4]
        if not product or not system or not seed:
            raise PrintgenError(f"seed code {given!r} is missing its product, system or seed")
        options: dict[str, str] = {}
        for item in filter(None, opts.split(",")):
            key, sep, value = item.partition("=")
            if not sep or not key:
                raise PrintgenError(f"seed code {given!r} has a malformed option {item!r}; options look like key=value")
            key = _unescape(key, "option name").lower()
            if key in options:
                raise PrintgenError(f"seed code {given!r} gives the option {key!r} twice")
            options[key] = _unescape(value, f"option {key}")
        code = cls(product, system, seed, tuple(sorted(options.items())), version)
        if len(str(code)) > PRINTED_CODE_LENGTH:  # printgen never makes one, and its footer could not hold it
            raise PrintgenError(f"a seed code is at most {PRINTED_CODE_LENGTH} characters as printgen writes it; "
                                f"this one has {len(str(code))}")
        return code

    @property
    def file_stem(self) -> str:
        """``<product>-<system>-<seed>``, with the seed made safe for a file name."""
        safe_seed = "".join(c if c.isalnum() or c in "-_." else "_" for c in self.seed)[:60] or "seed"
        return f"{self.product}-{self.system}-{safe_seed}"


MAX_CODE_LENGTH = 2000  # the longest seed code read back (older or hand-made ones included)
PRINTED_CODE_LENGTH = 265  # the longest seed code printgen makes or reads: two footer lines at 6 pt hold it
_NOT_TEXT = ("Cc", "Cs", "Zl", "Zp")
_SYNTAX = ":,=%"  # a seed code's own characters: escaped in a seed or value


def code_in(text: str) -> str:
    """The seed code in ``text``: the code itself, or a link that holds one (a studio share link,
    ``…/?code=pg…``, or a ``/file/`` or ``/preview/`` link), as its text, still to be parsed."""
    text = text.strip()
    if text.lower().startswith("seed code:"):  # the whole line printgen printed, copied
        text = text[len("seed code:"):].split(" (the seed ")[0].strip()
    if "://" not in text and not text.startswith(("/", "?")):
        return text
    parts = urlsplit(text)
    found = parse_qs(parts.query).get("code")
    if found:
        return found[0]
    for prefix in ("/file/", "/preview/"):
        if parts.path.startswith(prefix):
            return unquote(parts.path[len(prefix):].split("/")[0])
    raise PrintgenError("this link holds no seed code; a share link looks like http://…/?code=pg…")


def _unescape(text: str, what: str) -> str:
    """Undo %-escaping, refusing escapes that are broken or that spell no UTF-8 text."""
    if re.search(r"%(?![0-9A-Fa-f]{2})", text):
        raise PrintgenError(f"the {what} in this seed code has a broken %-escape: {text!r}")
    try:
        value = unquote(text, errors="strict")
    except UnicodeDecodeError:
        raise PrintgenError(f"the {what} in this seed code is not UTF-8 text once unescaped: {text!r}") from None
    check_text(value, what)
    return value


def check_text(value: str, what: str) -> None:
    """Seeds and option values are text a person typed: no control characters or line breaks."""
    if any(unicodedata.category(ch) in _NOT_TEXT for ch in value):
        raise PrintgenError(f"the {what} holds control characters or line breaks: {value!r}; give plain text")


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)

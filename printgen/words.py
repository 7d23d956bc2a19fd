"""Every word a game prints, kept in its phrasebook: ``systems/<id>/words.toml``.

A phrasebook is TOML: tables of keyed words and sentences, keyed by the
codes the game's data already carries, e.g.

    [door]
    locked-wooden = "locked wooden door"

    [rule]
    poison = "the victim loses 3 Health every round until cured"

    [key]
    arrival-below = "Every way down from level {above} comes out in area {area}."

A key is its dotted path ("door.locked-wooden"); ``{name}`` fills in a value
at print time. Each rule is worded once, here, and every page that states
it (key, card, legend, sheet, reference) asks for it by key.

The phrasebooks a file prints from are a value of its request:
``Request.words``, a ``Words`` made from the request's checked template
folder. It is handed down as a parameter (``phrasebooks: Words``) to every
function that prints a phrase or calls one that does, and a function speaks
with ``say = phrasebooks.say_for(__package__)``: its game's phrasebook (the
shared one, templates/words.toml, outside every game). Jinja pages speak
through the ``say`` global of the environment ``render_html`` makes for the
``phrasebooks`` it is handed. No module keeps a ``say`` of its own, and
nothing a build sets reaches the pieces; what stays in this module is a cache
of parsed files, keyed by file and stamp.

A user changes any of these without Python: ``printgen templates export
DIR`` writes each game's phrasebook to ``DIR/<id>/words.toml``; a key
changed there wins over the built-in one when that folder is given with
``--templates`` (the seed code records the folder's fingerprint, so
``reproduce`` refuses a changed one). A user's phrasebook may leave keys
out, but may not name a key the game does not have, nor a ``{value}`` the
key does not offer.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .errors import PrintgenError

FILE_NAME = "words.toml"
MAX_USER_BYTES = 1024 * 1024  # a phrasebook is text; a larger file is not one


class Phrasebook(Mapping[str, str]):
    """One game's words, by dotted key."""

    def __init__(self, game: str, entries: dict[str, str]):
        self.game = game
        self._entries = entries

    def __getitem__(self, key: str) -> str:
        try:
            return self._entries[key]
        except KeyError:
            raise KeyError(f"the {self.game} phrasebook has no {key!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __call__(self, key: str, /, **values: object) -> str:
        """The words under ``key``, with its ``{values}`` filled in."""
        text = self[key]
        return text.format_map(values) if values else text

    def section(self, prefix: str) -> dict[str, str]:
        """Every entry under ``prefix`` by its last part, e.g. section("door") -> {"wooden": "wooden door", …}."""
        start = prefix + "."
        return {key[len(start):]: text for key, text in self._entries.items() if key.startswith(start)}


def key_of(name: str) -> str:
    """The phrasebook key for ``name``: its letters and digits in lower case, joined by hyphens
    ("Loot: Maybe" gives "loot-maybe")."""
    return "-".join(re.findall(r"[a-z0-9]+", name.lower()))


def builtin_file(folder: Path) -> Path:
    return folder / FILE_NAME


@cache
def _builtin(game: str, folder: Path) -> dict[str, str]:
    path = builtin_file(folder)
    if not path.is_file():
        return {}
    return _flatten(tomllib.loads(path.read_text(encoding="utf-8")), path)


@cache
def _merged(game: str, folder: Path, user_file: Path | None, user_stamp: tuple[int, int] | None) -> Phrasebook:
    entries = dict(_builtin(game, folder))
    if user_file is not None:
        for key, text in _user_entries(user_file).items():
            if key not in entries:
                raise PrintgenError(f"{user_file}: {key!r} is not a {game or 'shared'} phrase; "
                                    f"start from the file 'printgen templates export DIR' writes")
            _refuse_formatting(text, user_file, key)
            unknown = _fields(text) - _fields(entries[key])
            if unknown:
                raise PrintgenError(f"{user_file}: {key!r} names {{{sorted(unknown)[0]}}}, which it does not offer; "
                                    f"it offers {', '.join('{' + f + '}' for f in sorted(_fields(entries[key]))) or 'none'}")
            entries[key] = text
    return Phrasebook(game, entries)


SHARED = ""  # the "game" of the shared phrasebook: templates/words.toml, the user's at the top of their folder


@dataclass(frozen=True)
class Words:
    """The phrasebooks one request prints from: each game's built-in words, and where ``user`` names the
    user's template folder (already checked against the seed code), the user's own words first. A request
    carries one (``Request.words``) and hands it down to every piece that prints words."""

    user: Path | None = None

    def phrasebook(self, game: str, folder: Path) -> Phrasebook:
        """The words of the game ``game`` whose folder is ``folder``, the user's own first where given."""
        user_file = None
        if self.user is not None:
            user_file = self.user / game / FILE_NAME if game else self.user / FILE_NAME
            if not user_file.is_file():
                user_file = None
        stamp = (user_file.stat().st_mtime_ns, user_file.stat().st_size) if user_file is not None else None
        return _merged(game, folder, user_file, stamp)

    def shared(self) -> Phrasebook:
        """The words shared pieces print (footers, graph paper, calibration sheets): templates/words.toml."""
        from .resources import templates_dir

        return self.phrasebook(SHARED, templates_dir())

    def say_for(self, package: str) -> Say:
        """The ``say`` of the game whose package is ``package`` (a module passes its ``__package__``); a module
        outside every game gets the shared phrasebook."""
        return Say(package, self)


BUILT_IN = Words()  # the built-in phrasebooks alone: what a request without a template folder prints


@dataclass(frozen=True)
class Say:
    """``say(key, **values)``: a game's phrasebook (or the shared one), from the phrasebooks ``words``."""

    package: str
    words: Words

    def book(self) -> Phrasebook:
        game, folder = _home(self.package)
        return self.words.phrasebook(game, folder)

    def __call__(self, key: str, /, **values: object) -> str:
        return self.book()(key, **values)

    def section(self, prefix: str) -> dict[str, str]:
        return self.book().section(prefix)


@cache
def _home(package: str) -> tuple[str, Path]:
    """The game id and folder whose phrasebook ``package`` speaks with (the shared one outside every game)."""
    from . import games
    from .resources import templates_dir

    try:
        game = games.game_of_package(package)
    except LookupError:
        return SHARED, templates_dir()
    return game.id, game.folder


def _user_entries(path: Path) -> dict[str, str]:
    if path.stat().st_size > MAX_USER_BYTES:
        raise PrintgenError(f"{path}: more than {MAX_USER_BYTES // 1024} KiB; a phrasebook is a short text file")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise PrintgenError(f"{path}: not UTF-8 text; save it as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise PrintgenError(f"{path}: not valid TOML ({exc}); keep the form of the exported file") from None
    return _flatten(data, path)


def _flatten(data: dict[str, Any], path: Path, prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, path, dotted + "."))
        elif isinstance(value, str):
            flat[dotted] = value
        else:
            raise PrintgenError(f"{path}: {dotted!r} must be text in quotes, not {type(value).__name__}")
    return flat


def _refuse_formatting(text: str, path: Path, key: str) -> None:
    """A user's phrase fills in plain values only: no format specs, conversions, attributes or indexes."""
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError:
        raise PrintgenError(f"{path}: {key!r} has a stray brace; write {{{{ and }}}} for a brace itself") from None
    for _, name, spec, conversion in parts:
        if name is not None and (spec or conversion or not name.replace("-", "_").isidentifier()):
            raise PrintgenError(f"{path}: {key!r} writes {{{name}{'!' + conversion if conversion else ''}"
                                f"{':' + spec if spec else ''}}}; a phrase fills in plain {{name}} values only")


def _fields(text: str) -> set[str]:
    """The ``{names}`` a text fills in."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        raise PrintgenError(f"a phrase has a stray brace: {text!r}; write {{{{ and }}}} for a brace itself") from None

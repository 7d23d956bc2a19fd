"""What a person most likely meant, where click refuses a command line in its own terms.

click knows the words of a command but not what a newcomer guesses: the game as a word
(``printgen dungeon`` and a game's name), a custom deck without its name (``printgen deck --data cards.csv``), an
option's value left out. Each hint is the one line that replaces click's, naming the command that works.
"""

from __future__ import annotations

import re
import shlex

import click

from .errors import PrintgenError

EXTRA = re.compile(r"unexpected extra arguments? \((.*)\)", re.IGNORECASE)


def usage_hint(exc: click.UsageError, argv: list[str], group: click.Group) -> PrintgenError | None:
    """The line to say instead of click's, or None where click's own words are the clearest."""
    command = _command(exc, argv, group)
    if command is None:
        return None
    name = command.name or ""
    extra = EXTRA.search(exc.format_message())
    if extra:
        return _extra_words(name, command, extra.group(1).split())
    if isinstance(exc, click.NoSuchOption):
        return _other_commands_option(name, exc.option_name, group)
    if isinstance(exc, click.MissingParameter) and exc.param is not None:
        return _missing_argument(name, exc.param.name or "", argv)
    if isinstance(exc, click.BadOptionUsage) and "requires an argument" in exc.format_message():
        return _missing_value(name, command, exc.option_name)
    return None


def _command(exc: click.UsageError, argv: list[str], group: click.Group) -> click.Command | None:
    if exc.ctx is not None and exc.ctx.command is not group:
        return exc.ctx.command
    words = [word.lower() for word in argv if not word.startswith("-")]
    return group.commands.get(words[0]) if words else None


def _takes(command: click.Command, option: str) -> bool:
    return any(f"--{option}" in param.opts for param in command.params)


def _extra_words(name: str, command: click.Command, words: list[str]) -> PrintgenError:
    from . import games

    first = words[0]
    if _takes(command, "system") and first.lower() in games.games():
        return PrintgenError(f"the game is given as --system {first.lower()}, not as a word of its own: "
                f"printgen {name} --system {first.lower()}")
    said = " ".join(words)
    if _takes(command, "seed"):
        return PrintgenError(f"printgen {name} takes no word {shlex.quote(said)}; a seed is given as --seed: "
                f"printgen {name} --seed {shlex.quote(said)}")
    return PrintgenError(f"printgen {name} takes no word {shlex.quote(said)} (see: printgen {name} --help)")


def _missing_argument(name: str, param: str, argv: list[str]) -> PrintgenError | None:
    if param == "deck":
        data = _value_of("--data", argv)
        if data is not None:
            return PrintgenError(f"your own cards are the deck called custom: printgen deck custom --data {shlex.quote(data or 'FILE')}")
        from .products.deck import CUSTOM, deck_names, deck_systems

        names = sorted({deck for system in deck_systems() for deck in deck_names(system)} - {CUSTOM})
        return PrintgenError(f"name the deck: printgen deck NAME, NAME one of {', '.join(names)}, or custom with --data FILE "
                f"for your own cards ('printgen list' says whose each is)")
    if name == "schema":
        from .schemas import NAMES

        return PrintgenError(f"name the schema: printgen schema NAME, NAME one of {', '.join(NAMES)}")
    return None


def _other_commands_option(name: str, option: str, group: click.Group) -> PrintgenError | None:
    """An option of other commands, not this one (``dungeon --count``): say whose it is, not a near name."""
    owners = [other for other, command in group.commands.items()
              if any(option in getattr(param, "opts", ()) for param in command.params)]
    if not owners:
        return None
    return PrintgenError(f"printgen {name} takes no {option}; it is an option of printgen {' and printgen '.join(owners)} "
            f"(see: printgen {name} --help)")


def _value_of(option: str, argv: list[str]) -> str | None:
    """The value typed for ``option`` ('' where it has none), or None where it is not typed."""
    for index, word in enumerate(argv):
        if word.lower() == option:
            return argv[index + 1] if index + 1 < len(argv) else ""
        if word.lower().startswith(option + "="):
            return word.split("=", 1)[1]
    return None


def _missing_value(name: str, command: click.Command, option: str | None) -> PrintgenError | None:
    for param in command.params:
        if option in getattr(param, "opts", ()) and isinstance(param, click.Option):
            shape = param.metavar or param.make_metavar(click.Context(command))
            return PrintgenError(f"{option} takes a value: {option} {shape} (see: printgen {name} --help)")
    return None

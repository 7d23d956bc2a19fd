"""The one exception a user is meant to see, as a value each front end words for its reader.

Anything raised as PrintgenError reaches the command line as a single line
("printgen: error: ...") with exit code 2, never as a traceback, and the
studio's page as one line beside the field it is about. An error carries what
is wrong (``wrong``), the option it is about (``option``, for the field the
studio marks) and what would be right (``right``), each written as text and
the options it names (``Flag``): the command line says an option as it is
typed (``--card-size tarot``), the studio as its field's label (``Card size
tarot``). ``str(error)`` is the command line's line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Flag:
    """An option named in a message (or a help text), with the value given to it, if one is said."""

    name: str
    value: str | None = None


Part = str | Flag
Said = tuple[Part, ...]  # a message: text and the options it names, in order


def typed(flag: Flag) -> str:
    """An option as the command line types it: ``--card-size tarot``."""
    return f"--{flag.name}" + (f" {flag.value}" if flag.value is not None else "")


def label(flag: Flag) -> str:
    """An option as the studio's page names it, by its field's label: ``Card size tarot``."""
    name = flag.name[:1].upper() + flag.name[1:].replace("-", " ")
    return name + (f" {flag.value}" if flag.value is not None else "")


def worded(said: str | Part | Said, flag: Callable[[Flag], str] = typed) -> str:
    """``said`` in one reader's words: each option named as ``flag`` says it."""
    if isinstance(said, str):
        return said
    if isinstance(said, Flag):
        return flag(said)
    return "".join(worded(part, flag) for part in said)


def _parts(said: str | Part | Said) -> Said:
    return (said,) if isinstance(said, (str, Flag)) else tuple(said)


class PrintgenError(Exception):
    """Bad input or an impossible request: what is wrong (``wrong``: text and the options it names), the
    option it is about (the first it names, unless given), and what would be right, in one line."""

    def __init__(self, *wrong: Part, option: str | None = None, right: str | Part | Said = ()):
        self.wrong: Said = tuple(wrong)
        self.right: Said = _parts(right)
        self.option = option if option is not None else next(
            (part.name for part in (*self.wrong, *self.right) if isinstance(part, Flag)), None)
        super().__init__(self.words())

    def words(self, flag: Callable[[Flag], str] = typed) -> str:
        """The error in one line, each option named as ``flag`` says it (the command line's by default)."""
        said = worded(self.wrong, flag)
        return said + (f"; {worded(self.right, flag)}" if self.right else "")

    def __reduce__(self):  # a studio worker sends its refusals to the server whole, not as their text
        return _rebuilt, (type(self), self.wrong, self.option, self.right, self.__dict__)


def _rebuilt(kind: type[PrintgenError], wrong: Said, option: str | None, right: Said, state: dict) -> PrintgenError:
    error = kind.__new__(kind)
    error.__dict__.update(state)
    error.wrong, error.option, error.right = wrong, option, right
    Exception.__init__(error, error.words())
    return error

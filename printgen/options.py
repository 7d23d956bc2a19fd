"""Product options: declared once, checked in one place for commands and seed codes alike.

An option travels as text inside a seed code (``levels=3``), so a code from
someone else is untrusted input: every value is checked against its declared
form, and only the canonical spelling is taken (``levels=03``, ``levels=³``,
``fillable=maybe`` are refused), so one file has exactly one seed code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import PrintgenError

_WHOLE = re.compile(r"(0|[1-9][0-9]*)\Z")
_YES_NO = ("yes", "no")


@dataclass(frozen=True)
class Option:
    """One option of a product: its name on the command line and in the seed code, and its values.

    Exactly one of ``choices``, a whole-number range (``low``..``high``),
    ``flag`` or a ``pattern`` (a regular expression the whole text matches)
    describes the values. ``default`` is the text used when the
    option is absent; a default of None means "absent is a value of its own".
    """

    name: str
    help: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    flag: bool = False
    pattern: str | None = None
    default: str | None = None

    @property
    def flag_name(self) -> str:
        return f"--{self.name}"

    @property
    def metavar(self) -> str:
        if self.choices:
            return "|".join(self.choices)
        if self.low is not None:
            return f"{self.low}..{self.high}"
        return ""

    def parse(self, text: str) -> str | int | bool:
        """The value of ``text``, or one clear error naming what would be right."""
        if self.flag:
            if text not in _YES_NO:
                raise PrintgenError(f"{self.name} must be yes or no, not {text!r}")
            return text == "yes"
        if self.choices:
            if text not in self.choices:
                raise PrintgenError(f"{self.name} must be one of {', '.join(self.choices)}, not {text!r}")
            return text
        if self.pattern is not None:
            if not re.fullmatch(self.pattern, text):
                raise PrintgenError(f"{self.name} {text!r} is not in the form printgen writes ({self.help})")
            return text
        if not _WHOLE.match(text) or not self.low <= int(text) <= self.high:
            raise PrintgenError(f"{self.name} must be a whole number from {self.low} to {self.high}, not {text!r}")
        return int(text)

    def text(self, value: object) -> str:
        """The canonical seed-code spelling of a value given on the command line."""
        if self.flag:
            return "yes" if value else "no"
        if isinstance(value, str):
            value = value.strip().lower() if self.choices else value.strip()
        return str(value)


def parse_options(given: dict[str, str], declared: tuple[Option, ...], what: str) -> dict[str, object]:
    """Check every option of a seed code against ``declared``; fill in defaults.

    ``what`` names the product for the error message ("the <id> dungeon").
    Unknown options are refused, not ignored: a code that names one was not
    made by this printgen, or was changed by hand.
    """
    known = {option.name: option for option in declared}
    for key in given:
        if key not in known:
            allowed = ", ".join(sorted(known)) or "none"
            raise PrintgenError(f"no option {key!r} for {what}; its options are: {allowed}")
    values: dict[str, object] = {}
    for option in declared:
        if option.name in given:
            values[option.name] = option.parse(given[option.name])
        elif option.default is not None:
            values[option.name] = option.parse(option.default)
        else:
            values[option.name] = None
    return values

"""Product options: each declared once, read and checked by one function for every caller.

An option is declared once, where it belongs: a product's own options in its
module under products/, a game's in its declaration (systems/<id>/__init__.py).
From the declaration come the command line's options (printgen/commands.py),
the studio's form and catalogue (/api/products), the seed code's text and the
check of every value.

An option travels as text inside a seed code (``levels=3``), so a code from
someone else is untrusted input: every value is checked against its declared
form, and only the canonical spelling is taken (``levels=03``, ``levels=³``,
``fillable=maybe`` are refused), so one file has exactly one seed code. What a
person types (``--levels 03``, ``--card-size POKER``, ``--back-offset 0.5,-1``)
is first turned into that canonical spelling by ``read``; numbers are plain
decimal numbers in ASCII digits, nothing else (no ``1_0``, ``1e3``, ``³``).

A seed code leaves out every option at its default, so the code of a default
file is short; ``canonical_options`` gives that form for any form given.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import Flag, Part, PrintgenError, Said, worded
from .errors import typed as as_typed

_WHOLE = re.compile(r"(0|[1-9][0-9]*)\Z")
_TYPED_WHOLE = re.compile(r"[0-9]+\Z")
_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?\Z")  # as number_text writes it
_TYPED_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)\Z")
_YES_NO = ("yes", "no")

Values = Mapping[str, Any]
Default = str | None | Callable[[Values], str | None]


class OptionError(PrintgenError):
    """A value its option does not take, in the one phrasing every caller shares: ``--rooms must be a whole
    number from 4 to 40, not '99'``: the option (``subject``, when it is named otherwise: "the product"),
    then what is wrong with the value, then what would be right. ``option`` is the field the studio marks."""

    def __init__(self, option: str, problem: str | Part | Said, subject: str | None = None,
                 right: str | Part | Said = ()):
        named: Part = subject if subject is not None else Flag(option)
        super().__init__(named, " ", *((problem,) if isinstance(problem, (str, Flag)) else problem), option=option,
                         right=right)


def not_one_of(option: str, text: str, choices: Sequence[str], subject: str | None = None) -> OptionError:
    """The refusal of a value that is none of ``choices``, naming them, and the nearest when one is near."""
    return OptionError(option, f"must be one of {', '.join(choices)}, not {text!r}{did_you_mean(text, choices)}",
                       subject)


def did_you_mean(text: str, choices: Sequence[str]) -> str:
    """"; did you mean X?" for the choice nearest ``text`` (case aside), or nothing when none is near."""
    near = difflib.get_close_matches(text.strip().lower(), [choice.lower() for choice in choices], n=1, cutoff=0.5)
    if not near:
        return ""
    return f"; did you mean {next(c for c in choices if c.lower() == near[0])}?"


@dataclass(frozen=True)
class Option:
    """One option: its name on the command line and in the seed code, and its values.

    Exactly one of ``choices``, a whole-number range (``low``..``high``), a
    decimal ``number`` range, a ``pair`` of decimal numbers each within the
    range, ``flag`` or a ``pattern`` (a regular expression the whole text
    matches) describes the values; ``choices`` with a ``pattern`` take the
    choices and any other text the pattern matches (a card size by name or
    as 63x88mm). ``default`` is the text taken when the
    option is absent, or a function of the options read before it (a default
    that depends on another option); None means "absent is a value of its
    own", which ``absent`` names in a few words for help and the studio
    ("none: sheets to print at home"). ``value_alone``: a value says what it is by itself (tarot, a4, hex),
    so a default file name carries it without the option's name (products/file_names.py).
    ``when`` = (other option, value) says the option applies only then:
    otherwise it must be left at its default. ``typed`` is False for options
    printgen fills in itself (a file's fingerprint), never typed by a person.
    """

    name: str
    help: str | Said  # what it does; the options it names said in each reader's words (errors.worded)
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    flag: bool = False
    pattern: str | None = None
    default: Default = None
    number: bool = False
    pair: bool = False
    when: tuple[str, str] | None = None
    typed: bool = True
    absent: str | None = None
    value_alone: bool = False
    placeholder: str = ""  # what --help shows for a value of free form (NAME)
    former: str | None = None  # an older name, still read on the command line and in seed codes, never shown

    @property
    def flag_name(self) -> str:
        return f"--{self.name}"

    @property
    def kind(self) -> str:
        if self.flag:
            return "flag"
        if self.choices:
            return "choice"
        if self.pair:
            return "pair"
        if self.number:
            return "number"
        if self.low is not None:
            return "whole"
        return "text"

    @property
    def metavar(self) -> str:
        if self.choices:
            return "|".join(self.choices)
        if self.pair:
            return "X,Y"
        if self.low is not None:
            return f"{_bound(self.low)}..{_bound(self.high)}"
        return self.placeholder

    def default_for(self, values: Values) -> str | None:
        """The default text, given the options read before this one."""
        return self.default(values) if callable(self.default) else self.default

    def parse(self, text: str) -> Any:
        """The value of the canonical ``text``, or one clear error naming what would be right."""
        if self.flag:
            if text not in _YES_NO:
                raise self.refusal(f"must be yes or no, not {text!r}")
            return text == "yes"
        if self.choices:
            if text not in self.choices and (self.pattern is None or not re.fullmatch(self.pattern, text)):
                raise not_one_of(self.name, text, self.choices)
            return text
        if self.pair:
            parts = text.split("x")
            if len(parts) != 2 or not all(_NUMBER.match(p) for p in parts):
                raise self.refusal(f"{text!r} is not in the form printgen writes (two numbers, XxY)")
            return tuple(self._in_range(float(p), text) for p in parts)
        if self.number:
            if not _NUMBER.match(text):
                raise self.refusal(f"{text!r} is not in the form printgen writes ({self.help})")
            return self._in_range(float(text), text)
        if self.pattern is not None:
            if not re.fullmatch(self.pattern, text):
                raise self.refusal(f"{text!r} is not in the form printgen writes ({self.help})")
            return text
        low, high = self._bounds()
        if not _WHOLE.match(text) or not low <= int(text) <= high:
            raise self.refusal(f"must be a whole number from {_bound(low)} to {_bound(high)}, not {text!r}")
        return int(text)

    def _bounds(self) -> tuple[float, float]:
        """The range a number option takes (every option that is not a flag, a choice or a pattern has one)."""
        assert self.low is not None and self.high is not None, f"--{self.name} declares no range"
        return self.low, self.high

    def refusal(self, problem: str) -> OptionError:
        """This option's refusal: ``--name`` and then ``problem``."""
        return OptionError(self.name, problem)

    def read(self, given: object) -> str:
        """The canonical text of what a person gave (a command-line word, a form field, a flag's True)."""
        if self.flag:
            if isinstance(given, bool):
                return "yes" if given else "no"
            return str(given).strip().lower()
        text = str(given).strip()
        if self.choices:  # taken whatever its case (a pattern's text as typed); refused as typed
            if text.lower() in self.choices:
                return text.lower()
            if self.pattern is not None and re.fullmatch(self.pattern, text):
                return text
            raise not_one_of(self.name, text, self.choices)
        if self.pair:
            parts = re.split(r"[,x]", text)
            if len(parts) != 2 or not all(_TYPED_NUMBER.match(p.strip()) for p in parts):
                raise OptionError(self.name, f"{text!r} is not two numbers",
                                  right=("give X,Y in mm, e.g. ", Flag(self.name, "0.5,-1")))
            return "x".join(number_text(float(p)) for p in parts)
        if self.number:
            if not _TYPED_NUMBER.match(text):
                raise self.refusal(f"{text!r} is not a number; give a plain decimal number from {_bound(self.low)} "
                                   f"to {_bound(self.high)}")
            return number_text(float(text))
        if self.low is not None and _TYPED_WHOLE.match(text):
            return str(int(text))  # 03 is 3; anything else is left for parse to refuse
        return text

    def said(self, flag: Callable[[Flag], str] = as_typed) -> str:
        """Its help, each option it names said as ``flag`` says it (the command line's words by default)."""
        return worded(self.help, flag)

    def describe(self, flag: Callable[[Flag], str] = as_typed) -> dict[str, Any]:
        """The option as data, for /api/products (the command line's words) and the studio's form (``flag``:
        its page's)."""
        data: dict[str, Any] = {"name": self.name, "help": self.said(flag), "kind": self.kind}
        if self.choices:
            data["choices"] = list(self.choices)
            if self.pattern is not None:
                data["pattern"] = self.pattern  # other values in this form are taken too
        if self.low is not None:
            data["low"], data["high"] = self.low, self.high
        if self.when is not None:
            data["when"] = {"option": self.when[0], "value": self.when[1]}
        data["default"] = None if callable(self.default) else self.default
        if callable(self.default):
            data["default_depends"] = True
        if self.absent is not None:
            data["absent"] = self.absent
        return data

    def _in_range(self, value: float, text: str) -> float:
        low, high = self._bounds()
        if not (math.isfinite(value) and low <= value <= high):
            raise self.refusal(f"must be from {_bound(low)} to {_bound(high)}, not {text!r}")
        return value


def current_names(given: Mapping[str, str], declared: tuple[Option, ...]) -> dict[str, str]:
    """``given`` with each option that goes by a former name (``dpi``) under its name now (``ppi``): a seed code
    made before the change reads as it did; one line for an option given by both names."""
    formers = {option.former: option.name for option in declared if option.former}
    named: dict[str, str] = {}
    for key, text in given.items():
        name = formers.get(key, key)
        if name in named:
            raise OptionError(name, f"is given twice, also by its former name --{key}", right="give it once")
        named[name] = text
    return named


def parse_options(given: Mapping[str, str], declared: tuple[Option, ...], what: str) -> dict[str, Any]:
    """Check every option text against ``declared``, in order; fill in defaults.

    ``what`` names the product for the error message ("the <id> dungeon").
    Unknown options are refused, not ignored: a code that names one was not
    made by this printgen, or was changed by hand. An option given where its
    ``when`` does not hold must be at its default.
    """
    known = {option.name: option for option in declared}
    for key in given:
        if key not in known:
            allowed = ", ".join(sorted(known)) or "none"
            raise PrintgenError(f"no option {key!r} for {what}; its options are: {allowed}"
                                f"{did_you_mean(key, sorted(known))}")
    values: dict[str, Any] = {}
    for option in declared:
        default = option.default_for(values)
        text = given.get(option.name, default)
        if option.when is not None and option.name in given and text != default:
            other, needed = option.when
            if values.get(other) != needed:
                raise option.refusal(f"is for {other} {needed}, not {other} {values.get(other)}; leave it out")
        values[option.name] = None if text is None else option.parse(text)
    return values


def canonical_options(given: Mapping[str, str], declared: tuple[Option, ...], what: str) -> dict[str, str]:
    """The seed code's options for ``given``: checked, then every one at its default left out."""
    parse_options(given, declared, what)
    values: dict[str, Any] = {}
    kept: dict[str, str] = {}
    for option in declared:
        default = option.default_for(values)
        text = given.get(option.name, default)
        if text is not None and text != default:
            kept[option.name] = text
        values[option.name] = None if text is None else option.parse(text)
    return kept


def number_text(value: float) -> str:
    """A decimal number as a seed code writes it: 3, 3.175, -0.5."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _bound(value: float | None) -> str:
    return number_text(value) if isinstance(value, float) else str(value)

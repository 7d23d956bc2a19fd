"""A layout element's ``when``: which cards it is drawn on, as a small language read whole or refused.

    when: "{kind} == Monster"                      # the column's value is Monster (!= : is not)
    when: "{flavour}"                              # the column is not empty (not {flavour}: it is empty)
    when: "{cost} >= 3 and {cost} < 6"             # < <= > >= compare numbers
    when: "{kind} == Hero or {kind} == Spell"      # and, or, not, parentheses
    when: "{kind} in [Hero, Spell, 'Big Monster']" # one of a list

A value is a {column}, a number, a word or words (``Item — Light``), or text in quotes ('Salt and Pepper',
needed when it holds and, or, not, in, brackets, commas or an operator). == and != compare numbers as
numbers when both sides are numbers (3 and 3.0 are equal), otherwise text exactly as written (Hero is not
hero). A comparison with a column that is empty on a card is false on that card; a column whose value is
not a number where one is compared is an error naming the card. Anything else (``{kind} = Hero``,
``{cost} > three``, a missing parenthesis) is refused when the layout is read, in one line naming the
element: nothing is quietly read as false.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import PrintgenError

KEYWORDS = ("and", "or", "not", "in")
COMPARISONS = ("==", "!=", "<=", ">=", "<", ">")
MAX_LENGTH = 1000
MAX_DEPTH = 20  # parentheses and nots inside each other

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<column>\{[^{}]*\})
  | (?P<quoted>'[^']*'|"[^"]*")
  | (?P<op>==|!=|<=|>=|<|>)
  | (?P<punct>[()\[\],])
  | (?P<bad>[=!{}'"])
  | (?P<word>[^\s()\[\],=!<>{}'"]+)
""", re.VERBOSE)
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)\Z")


class ConditionError(PrintgenError):
    """A ``when`` that cannot be read, or cannot be decided on a card."""


@dataclass(frozen=True)
class Value:
    """One side of a comparison: a column of the card, or a value written in the layout."""

    column: str | None = None
    text: str = ""

    def on(self, fields: dict[str, str]) -> str:
        return fields.get(self.column, "").strip() if self.column is not None else self.text

    def shown(self) -> str:
        return f"{{{self.column}}}" if self.column is not None else self.text


@dataclass(frozen=True)
class Node:
    """A condition: op is "and", "or", "not", "filled", "in" or a comparison; parts its operands."""

    op: str
    parts: tuple[Any, ...] = ()  # Nodes; or Values, and for "in" a tuple of Values

    def holds(self, fields: dict[str, str]) -> bool:
        if self.op == "and":
            return all(part.holds(fields) for part in self.parts)
        if self.op == "or":
            return any(part.holds(fields) for part in self.parts)
        if self.op == "not":
            return not self.parts[0].holds(fields)
        if self.op == "filled":
            return bool(self.parts[0].on(fields))
        left = self.parts[0]
        if self.op == "in":
            found = left.on(fields)
            return any(_equal(found, choice.on(fields)) for choice in self.parts[1])
        right = self.parts[1]
        a, b = left.on(fields), right.on(fields)
        if self.op == "==":
            return _equal(a, b)
        if self.op == "!=":
            return not _equal(a, b)
        if not a or not b:
            return False  # an empty column is no number: the comparison does not hold
        for side, value in ((left, a), (right, b)):
            if not _NUMBER.match(value):
                raise ConditionError(f"{side.shown()} is {value!r}, not a number, so "
                                     f"{left.shown()} {self.op} {right.shown()} cannot be decided")
        x, y = float(a), float(b)
        return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[self.op]

    @property
    def columns(self) -> set[str]:
        found: set[str] = set()
        for part in self.parts:
            if isinstance(part, Node):
                found |= part.columns
            elif isinstance(part, Value):
                if part.column is not None:
                    found.add(part.column)
            else:  # the list of an "in"
                found |= {value.column for value in part if value.column is not None}
        return found


@dataclass(frozen=True)
class Condition:
    """A ``when`` as written and as read."""

    text: str
    node: Node

    def holds(self, fields: dict[str, str]) -> bool:
        return self.node.holds(fields)

    @property
    def columns(self) -> set[str]:
        return self.node.columns


def _equal(a: str, b: str) -> bool:
    if _NUMBER.match(a) and _NUMBER.match(b):
        return float(a) == float(b)
    return a == b


def parse(text: object, where: str) -> Condition:
    """``text`` read as a condition, or one line naming ``where`` and what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise ConditionError(f"{where}: {text!r}; write a condition, e.g. \"{{kind}} == Monster\", \"{{cost}} >= 3\", "
                             f"\"{{kind}} == Hero or {{kind}} == Spell\", \"{{kind}} in [Hero, Spell]\", \"not {{flavour}}\"")
    if len(text) > MAX_LENGTH:
        raise ConditionError(f"{where}: longer than {MAX_LENGTH} characters")
    return Condition(text, _Parser(text, where).read())


class _Parser:
    def __init__(self, text: str, where: str):
        self.text = text
        self.where = where
        self.tokens: list[tuple[str, str]] = []
        for match in _TOKEN.finditer(text):
            kind = match.lastgroup or ""
            if kind == "space":
                continue
            if kind == "bad":
                raise self.refusal(f"{match.group()!r} stands alone (== and != compare, a {{column}} is in braces, "
                          f"quotes come in pairs)")
            value = match.group()
            if (kind == "word" and value in KEYWORDS) or kind == "punct":
                kind = value
            self.tokens.append((kind, value))
        self.at = 0
        self.depth = 0

    def refusal(self, why: str) -> ConditionError:
        return ConditionError(f"{self.where}: {self.text!r}: {why}; write e.g. \"{{kind}} == Monster\", \"{{cost}} >= 3\", "
                              f"\"{{kind}} == Hero or {{kind}} == Spell\", \"{{kind}} in [Hero, Spell]\", \"not {{flavour}}\"")

    def peek(self) -> str:
        return self.tokens[self.at][0] if self.at < len(self.tokens) else "end"

    def take(self) -> tuple[str, str]:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def read(self) -> Node:
        node = self.either()
        if self.peek() != "end":
            raise self.refusal(f"{self.tokens[self.at][1]!r} where the condition should end")
        return node

    def either(self) -> Node:
        parts = [self.both()]
        while self.peek() == "or":
            self.take()
            parts.append(self.both())
        return parts[0] if len(parts) == 1 else Node("or", tuple(parts))

    def both(self) -> Node:
        parts = [self.negated()]
        while self.peek() == "and":
            self.take()
            parts.append(self.negated())
        return parts[0] if len(parts) == 1 else Node("and", tuple(parts))

    def negated(self) -> Node:
        if self.peek() == "not":
            self.take()
            self.deeper()
            node = Node("not", (self.negated(),))
            self.depth -= 1
            return node
        return self.atom()

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.refusal(f"nested more than {MAX_DEPTH} deep")

    def atom(self) -> Node:
        if self.peek() == "(":
            self.take()
            self.deeper()
            node = self.either()
            self.depth -= 1
            if self.peek() != ")":
                raise self.refusal("a '(' is not closed")
            self.take()
            return node
        left = self.value()
        kind = self.peek()
        if kind == "op":
            op = self.take()[1]
            right = self.value()
            if op in ("<", "<=", ">", ">="):
                for side in (left, right):
                    if side.column is None and not _NUMBER.match(side.text):
                        raise self.refusal(f"{op} compares numbers, and {side.text!r} is not one")
            return Node(op, (left, right))
        if kind == "in":
            self.take()
            return Node("in", (left, self.choices()))
        if left.column is None:
            raise self.refusal(f"{left.text!r} alone is no condition (a {{column}} alone holds when it is not empty)")
        return Node("filled", (left,))

    def choices(self) -> tuple[Value, ...]:
        if self.peek() != "[":
            raise self.refusal("'in' takes a list in brackets, e.g. [Hero, Spell]")
        self.take()
        found = [self.value()]
        while self.peek() == ",":
            self.take()
            found.append(self.value())
        if self.peek() != "]":
            raise self.refusal("a '[' is not closed (or a value in it holds a character to quote)")
        self.take()
        return tuple(found)

    def value(self) -> Value:
        kind = self.peek()
        if kind == "column":
            name = self.take()[1][1:-1].strip().lower()
            if not name:
                raise self.refusal("an empty {} names no column")
            return Value(column=name)
        if kind == "quoted":
            return Value(text=self.take()[1][1:-1])
        if kind != "word":
            shown = "the end" if kind == "end" else repr(self.tokens[self.at][1])
            raise self.refusal(f"a value is missing before {shown}")
        words = [self.take()[1]]
        while self.peek() == "word":
            words.append(self.take()[1])
        return Value(text=" ".join(words))

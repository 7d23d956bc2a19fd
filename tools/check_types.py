"""Type-check printgen with mypy: the core strictly and clean, the rest held, file by file, to what it is today.

The core (pyproject's strict override: dice, seed, options, tables, words, render/text) must have no
error at all. Elsewhere mypy's findings are compared with tools/mypy-known.txt, the errors each file had
when checking began, counted by file, code and message (not line, so an edit above one does not move
it): an error a file did not have, or more of one than it had, fails the check; fixing one is welcome,
and ``--update`` writes down what each file has left, so it cannot come back.

mypy is asked for its findings as JSON, one object a line; a line that is not one (another mypy, another
setting, a crash) fails the check, and ``--update`` then writes nothing: a check that could not read mypy
never passes, and never empties the record.

    python tools/check_types.py            # check, as .ci/run does
    python tools/check_types.py --update   # after fixing some: record what each file has left
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections import Counter
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
KNOWN = ROOT / "tools" / "mypy-known.txt"
SEPARATOR = " | "

Errors = dict[str, Counter[str]]  # by file: 'code | message', counted


class Unreadable(Exception):
    """mypy said something this script cannot read as its findings."""


def core_files() -> set[str]:
    """The files pyproject.toml checks strictly."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    modules = [name for override in config["tool"]["mypy"]["overrides"]
               if override.get("disallow_untyped_defs") for name in override["module"]]
    return {name.replace(".", "/") + ".py" for name in modules}


def read_findings(stdout: str, status: int) -> Errors:
    """mypy's JSON lines as errors by file; Unreadable for any line that is not a finding, or an exit status
    that does not agree with what was found."""
    errors: Errors = {}
    for number, line in enumerate(stdout.splitlines(), 1):
        if not line.strip():
            continue
        try:
            finding = json.loads(line)
            file, severity, message, code = finding["file"], finding["severity"], finding["message"], finding["code"]
        except (ValueError, TypeError, KeyError) as exc:
            raise Unreadable(f"line {number} of mypy's output is not a finding ({exc!r}): {line[:200]}") from None
        if severity != "error":
            continue  # notes go with an error, or advise
        errors.setdefault(file, Counter())[f"{code or '-'}{SEPARATOR}{message}"] += 1
    if status not in (0, 1) or (status == 1) != bool(errors):
        raise Unreadable(f"mypy exited with {status} and {sum(map(len, errors.values()))} errors read")
    return errors


def found_errors() -> Errors:
    stdout, stderr, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--output", "json"])
    if stderr.strip():
        raise Unreadable(f"mypy could not check printgen:\n{stderr}")
    return read_findings(stdout, status)


def known_errors() -> Errors:
    known: Errors = {}
    if not KNOWN.exists():
        return known
    for line in KNOWN.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        count, _, key = line.partition(" ")
        file, _, error = key.partition(SEPARATOR)
        known.setdefault(file, Counter())[error] = int(count)
    return known


def write_known(errors: Errors) -> None:
    lines = ["# mypy's errors outside printgen's strict core, by file, as 'count file | code | message'.",
             "# tools/check_types.py fails on any error a file has beyond these; --update records what is left."]
    lines += [f"{count} {file}{SEPARATOR}{key}" for file in sorted(errors) for key, count in sorted(errors[file].items())]
    KNOWN.write_text("\n".join(lines) + "\n", encoding="utf-8")


def new_errors(errors: Errors, known: Errors) -> list[str]:
    """What each file has beyond its record."""
    return [f"{file}{SEPARATOR}{key}" for file in sorted(errors) for key, count in sorted(errors[file].items())
            if count > known.get(file, Counter())[key]]


def total(errors: Errors) -> int:
    return sum(sum(counts.values()) for counts in errors.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="record the errors each file has left")
    args = parser.parse_args()
    try:
        errors = found_errors()
    except Unreadable as exc:
        print(f"The type check cannot read mypy's output, so it fails (and records nothing): {exc}")
        return 2
    core = core_files()
    strict = sorted(f"{file}{SEPARATOR}{key}" for file in errors if file in core for key in errors[file])
    if strict:
        print("The strictly typed core has errors (it must have none):", *strict, sep="\n  ")
        return 1
    known = known_errors()
    new = new_errors(errors, known)
    if new and (known or not args.update):  # with no record yet, --update starts one
        print("mypy finds errors that were not there before:", *new, sep="\n  ")
        if args.update:
            print("--update only records fewer errors: fix the new ones first.")
        return 1
    if args.update:
        write_known(errors)
        print(f"{total(errors)} known errors in {len(errors)} files recorded in {KNOWN.relative_to(ROOT)}")
        return 0
    fixed = total(known) - total(errors)
    note = f"; {fixed} fewer than recorded: run with --update to keep it so" if fixed else ""
    print(f"mypy: the core clean, {total(errors)} known errors elsewhere and none new{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Type-check printgen with mypy: the core strictly and clean, the rest held to what it is today.

The core (pyproject's strict override: dice, seed, options, tables, words, render/text) must have no
error at all. Elsewhere mypy's findings are compared with tools/mypy-known.txt, the errors the code
had when checking began, counted by file, code and message (not line, so an edit above one does
not move it): any error that is not there, or more of one than there, fails the check; fixing one
is welcome, and ``--update`` writes the smaller list down so it cannot come back.

    python tools/check_types.py            # check, as .ci/run does
    python tools/check_types.py --update   # after fixing some: record what is left
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections import Counter
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
KNOWN = ROOT / "tools" / "mypy-known.txt"
ERROR = re.compile(r"^(?P<file>[^:]+):\d+: error: (?P<message>.*?)(?:  \[(?P<code>[a-z-]+)\])?$")


def core_files() -> set[str]:
    """The files pyproject.toml checks strictly."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    modules = [name for override in config["tool"]["mypy"]["overrides"]
               if override.get("disallow_untyped_defs") for name in override["module"]]
    return {name.replace(".", "/") + ".py" for name in modules}


def found_errors() -> Counter[str]:
    """Each error mypy finds as 'file | code | message', counted."""
    stdout, stderr, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
    if status not in (0, 1) or stderr.strip():
        sys.exit(f"mypy could not check printgen:\n{stderr or stdout}")
    errors: Counter[str] = Counter()
    for line in stdout.splitlines():
        match = ERROR.match(line)
        if match:
            errors[f"{match['file']} | {match['code'] or '-'} | {match['message']}"] += 1
    return errors


def known_errors() -> Counter[str]:
    if not KNOWN.exists():
        return Counter()
    lines = [line for line in KNOWN.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    known: Counter[str] = Counter()
    for line in lines:
        count, _, key = line.partition(" ")
        known[key] = int(count)
    return known


def write_known(errors: Counter[str]) -> None:
    lines = ["# mypy's errors outside printgen's strict core when checking began, as 'count file | code | message'.",
             "# tools/check_types.py fails on any error not here; after fixing some, --update records what is left."]
    lines += [f"{count} {key}" for key, count in sorted(errors.items())]
    KNOWN.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="record the errors found as the known ones")
    args = parser.parse_args()
    errors = found_errors()
    core = core_files()
    strict = sorted(key for key in errors if key.split(" | ")[0] in core)
    if strict:
        print("The strictly typed core has errors (it must have none):", *strict, sep="\n  ")
        return 1
    known = known_errors()
    if args.update:
        if any(errors[key] > known[key] for key in errors) and known:
            print("--update only records fewer errors: fix the new ones first.")
            return 1
        write_known(errors)
        print(f"{sum(errors.values())} known errors recorded in {KNOWN.relative_to(ROOT)}")
        return 0
    new = sorted(key for key in errors if errors[key] > known[key])
    if new:
        print("mypy finds errors that were not there before:", *new, sep="\n  ")
        return 1
    fixed = sum(known.values()) - sum(errors.values())
    note = f"; {fixed} fewer than recorded: run with --update to keep it so" if fixed else ""
    print(f"mypy: the core clean, {sum(errors.values())} known errors elsewhere and none new{note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

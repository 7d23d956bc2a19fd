"""Try the newest releases of printgen's dependencies and say which products' bytes they move.

    python tools/try_upgrades.py [--keep DIR] [--write-constraints]

printgen promises the same bytes for the same seed code with the versions in
constraints.txt, and tests/fixtures/product_hashes.json records them. This
installs printgen with the newest releases its pyproject.toml ranges allow into
a scratch virtual environment (nothing of the working one changes), lists every
package whose version differs from constraints.txt, then makes every product of
the byte-identity record in that environment and names those whose bytes moved.

An upgrade is then a commit of its own: `--write-constraints` writes the scratch
environment's versions into constraints.txt; if products moved, record them
again with `python tests/byte_identity_cases.py` after installing those
versions, and say in the commit which products changed and why.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "constraints.txt"
HEADER_LINES = 3  # constraints.txt's own comment lines, kept when it is written again

# Run inside the scratch environment: each recorded product's hash there, as JSON on standard output.
MEASURE = """
import hashlib, json, sys, tempfile
from pathlib import Path
sys.path.insert(0, "tests")
from byte_identity_cases import CASES, case_id, make
hashes = {}
with tempfile.TemporaryDirectory() as folder:
    for args in CASES:
        try:
            hashes[case_id(args)] = hashlib.sha256(make(args, Path(folder))).hexdigest()
        except Exception as error:  # a product that no longer builds is a finding, not a crash of the report
            hashes[case_id(args)] = f"failed: {type(error).__name__}: {error}"
print(json.dumps(hashes))
"""


def pinned(text: str) -> dict[str, str]:
    """``name==version`` lines as {normalised name: version}."""
    found = {}
    for line in text.splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==(\S+)", line.strip())
        if match:
            found[re.sub(r"[-_.]+", "-", match[1]).lower()] = match[2]
    return found


def run(*command: str | Path, cwd: Path = ROOT) -> str:
    done = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{done.stderr[-4000:]}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="make the scratch environment here and keep it")
    parser.add_argument("--write-constraints", action="store_true",
                        help="write the scratch environment's versions into constraints.txt")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        venv = args.keep or Path(scratch) / "venv"
        python = venv / "bin" / "python"
        print(f"installing the newest releases into {venv} ...", file=sys.stderr)
        run(sys.executable, "-m", "venv", venv)
        run(python, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
        run(python, "-m", "pip", "install", "--quiet", "--upgrade", f"{ROOT}[test]")
        newest = run(python, "-m", "pip", "freeze", "--exclude-editable")
        newest = "\n".join(line for line in newest.splitlines() if not line.lower().startswith("printgen"))

        old, new = pinned(CONSTRAINTS.read_text()), pinned(newest)
        moved = sorted(name for name in old.keys() | new.keys() if old.get(name) != new.get(name))
        print("\nversions that differ from constraints.txt:" if moved else "\nevery version is as pinned")
        for name in moved:
            print(f"  {name}: {old.get(name, '-')} -> {new.get(name, '-')}")

        print("\nmaking every recorded product with them ...", file=sys.stderr)
        recorded = json.loads((ROOT / "tests" / "fixtures" / "product_hashes.json").read_text())
        made = json.loads(run(python, "-c", MEASURE))
        changed = sorted(case for case, digest in made.items() if recorded.get(case) != digest)
        print(f"\n{len(changed)} of {len(made)} products' bytes moved" + (":" if changed else ""))
        for case in changed:
            note = made[case] if made[case].startswith("failed") else ""
            print(f"  printgen {case}" + (f"  ({note})" if note else ""))

        if args.write_constraints:
            header = CONSTRAINTS.read_text().splitlines()[:HEADER_LINES]
            CONSTRAINTS.write_text("\n".join(header + newest.splitlines()) + "\n")
            print(f"\nwrote {CONSTRAINTS.name}; record the moved products again in the same commit", file=sys.stderr)


if __name__ == "__main__":
    main()

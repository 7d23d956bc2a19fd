"""The same command gives the same bytes whatever the environment and whatever ran before.

The products are recorded cases of the byte-identity test (fixtures/product_hashes.json), one of each kind of
file: a fresh process of another hash seed, time zone, locale and SOURCE_DATE_EPOCH makes them, and must print
the recorded bytes, which another process made when they were recorded. Whatever ran before is the byte-identity
test's: it makes every kind of recorded product in the test processes, after whatever tests ran in them, with
the caller's own SOURCE_DATE_EPOCH set.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from byte_identity_cases import FIXTURE, case_id

from printgen.products import build
from printgen.seed import SeedCode

HERE = Path(__file__).parent
RECORDED = json.loads(FIXTURE.read_text())
CASES = [
    ["graph-paper", "--paper", "a4", "--grid", "hex", "--seed", "bi"],
    ["deck", "encounters", "--system", "roguelike", "--seed", "bi"],
    ["sheet", "--system", "roguelike", "--seed", "bi2", "--count", "2", "--fillable"],
    ["reference", "--system", "roguelike", "--seed", "bi"],
    ["dungeon", "--system", "roguelike", "--seed", "bi6", "--levels", "1", "--rooms", "6", "--players-map", "layout"],
    ["solo", "--system", "roguelike", "--seed", "bi", "--levels", "1"],
    ["solo", "--system", "rlrl", "--seed", "bi", "--rooms", "2"],
]

SCRIPT = f"""
import hashlib, json, sys, tempfile
from pathlib import Path
sys.path.insert(0, {str(HERE)!r})
from byte_identity_cases import make
with tempfile.TemporaryDirectory() as folder:
    print(json.dumps([hashlib.sha256(make(args, Path(folder))).hexdigest() for args in {CASES!r}]))
"""


def start_elsewhere(tmp_path, **env) -> subprocess.Popen:
    """A fresh process printing the digests of CASES in an environment of its own."""
    environment = {k: v for k, v in os.environ.items() if k not in ("SOURCE_DATE_EPOCH", "TZ", "LC_ALL", "LANG")}
    environment.update(env)
    return subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path, env=environment)


def digests_of(process: subprocess.Popen) -> list[str]:
    out, err = process.communicate()
    assert process.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def test_every_case_is_recorded():
    assert all(case_id(args) in RECORDED for args in CASES)
    assert {args[0] for args in CASES} >= {"graph-paper", "deck", "sheet", "reference", "dungeon", "solo"}


def test_same_bytes_whatever_the_environment(tmp_path, monkeypatch):
    changed = start_elsewhere(tmp_path, SOURCE_DATE_EPOCH="86400", TZ="Pacific/Kiritimati", LC_ALL="C",
                              LANG="tr_TR.UTF-8", PYTHONHASHSEED="4242")
    assert digests_of(changed) == [RECORDED[case_id(args)] for args in CASES]


def test_a_build_sets_no_source_date_epoch():
    """The date a file records is passed to the build, never set in the process's environment."""
    build(SeedCode.parse("pg4:graph-paper:generic:env:pages=1"))
    assert "SOURCE_DATE_EPOCH" not in os.environ

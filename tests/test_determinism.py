"""The same seed code gives the same bytes whatever the environment and whatever ran before."""

import hashlib
import json
import os
import subprocess
import sys

from printgen.products import build
from printgen.seed import SeedCode

CODES = [
    "pg4:graph-paper:generic:env:grid=hex,heavy-every=5,pages=2,paper=a4",
    "pg4:deck:roguelike:env:bleed=3,card-size=poker,crop-marks=short,deck=encounters,duplex=long,layout=sheet,paper=letter",
    "pg4:sheet:roguelike:env:count=2,fillable=yes,format=pdf,ink-saver=no,paper=letter,per-page=1",
    "pg4:reference:roguelike:env:paper=letter",
    "pg4:dungeon:roguelike:env:format=pdf,levels=1,paper=letter,players-map=layout,rooms=8",
    "pg4:solo:roguelike:env:character=rolled,levels=2,rooms=8",
    "pg4:solo:rlrl:env:rooms=2",
]

SCRIPT = f"""
import hashlib, json
from printgen.products import build
from printgen.seed import SeedCode
print(json.dumps([hashlib.sha256(build(SeedCode.parse(c))).hexdigest() for c in {CODES!r}]))
"""


def digests() -> list[str]:
    return [hashlib.sha256(build(SeedCode.parse(code))).hexdigest() for code in CODES]


def start_elsewhere(tmp_path, **env) -> subprocess.Popen:
    """A fresh process printing the digests of CODES in an environment of its own."""
    environment = {k: v for k, v in os.environ.items() if k not in ("SOURCE_DATE_EPOCH", "TZ", "LC_ALL", "LANG")}
    environment.update(env)
    return subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path, env=environment)


def digests_of(process: subprocess.Popen) -> list[str]:
    out, err = process.communicate()
    assert process.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def test_same_bytes_whatever_the_environment_and_whatever_ran_before(tmp_path, monkeypatch):
    # A fresh process of another hash seed, time zone, locale and SOURCE_DATE_EPOCH runs while this one (of
    # its own random hash seed) builds the same files.
    changed = start_elsewhere(tmp_path, SOURCE_DATE_EPOCH="86400", TZ="Pacific/Kiritimati", LC_ALL="C",
                              LANG="tr_TR.UTF-8", PYTHONHASHSEED="4242")
    here = digests()
    assert digests_of(changed) == here
    # Built again in this process, the other way round (each after the others, not before) and with the
    # caller's own SOURCE_DATE_EPOCH set, which no build reads or changes (render/determinism.py).
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1000000000")
    backwards = [hashlib.sha256(build(SeedCode.parse(code))).hexdigest() for code in reversed(CODES)]
    assert backwards == here[::-1]
    assert os.environ["SOURCE_DATE_EPOCH"] == "1000000000"
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    build(SeedCode.parse(CODES[0]))
    assert "SOURCE_DATE_EPOCH" not in os.environ

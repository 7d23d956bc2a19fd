"""Every recorded product still prints byte for byte as recorded.

The cases and how to record them again are in byte_identity_cases.py. A
change that alters bytes on purpose regenerates the fixture in a commit of
its own that names the products it changed and why; any other difference
here is a regression.

The products are a sweep (tests/conftest.py): each run checks a tenth of
them, chosen by a seed that changes with every commit, and ``pytest --sweeps
all`` checks every one. That every product of every game is made and
read back in each run is tests/test_fonts_embedded.py's, and that the same
bytes come whatever the environment, tests/test_determinism.py's.
"""

import hashlib
import json
from pathlib import Path

import pytest
from byte_identity_cases import CASES, FIXTURE, case_id, make

ROOT = Path(__file__).parent.parent
RECORDED = json.loads(FIXTURE.read_text())


def test_the_fixture_covers_every_case():
    assert sorted(RECORDED) == sorted(case_id(args) for args in CASES)
    assert len(RECORDED) >= 200


@pytest.mark.sweep
@pytest.mark.parametrize("args", CASES, ids=case_id)
def test_product_bytes_are_as_recorded(args, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # custom decks name their data file relative to the repository
    assert hashlib.sha256(make(args, tmp_path)).hexdigest() == RECORDED[case_id(args)]

"""Every recorded product still prints byte for byte as recorded.

The cases and how to record them again are in byte_identity_cases.py. A
change that alters bytes on purpose regenerates the fixture in a commit of
its own that names the products it changed and why; any other difference
here is a regression.

The products are a sweep of kinds (tests/conftest.py): each run checks every
product of every system in every format among the cases (one case of each
kind, another each commit) and a tenth of the rest, chosen by a seed that
changes with every commit; ``pytest --sweeps all`` checks every one. That every product of every game is made and
read back in each run is tests/test_fonts_embedded.py's, and that the same
bytes come whatever the environment, tests/test_determinism.py's. Here each product is made after whatever
tests ran before it in the same process, with a SOURCE_DATE_EPOCH of the caller's set, which no build reads.
"""

import hashlib
import json
import os
from pathlib import Path

import pytest
from byte_identity_cases import CASES, FIXTURE, case_id, kind, make

ROOT = Path(__file__).parent.parent
RECORDED = json.loads(FIXTURE.read_text())


def test_the_fixture_covers_every_case():
    assert sorted(RECORDED) == sorted(case_id(args) for args in CASES)
    assert len(RECORDED) >= 200


@pytest.mark.sweep(kind=kind)
@pytest.mark.parametrize("args", CASES, ids=case_id)
def test_product_bytes_are_as_recorded(args, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # custom decks name their data file relative to the repository
    # A caller's own SOURCE_DATE_EPOCH is no build's business: none reads it, none changes it.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1000000000")
    assert hashlib.sha256(make(args, tmp_path)).hexdigest() == RECORDED[case_id(args)]
    assert os.environ["SOURCE_DATE_EPOCH"] == "1000000000"


class _Case:
    """A collected case as the sweep's sampling sees it."""

    def __init__(self, args):
        self.nodeid = f"tests/test_byte_identity.py::test_product_bytes_are_as_recorded[{case_id(args)}]"
        self.callspec = type("CallSpec", (), {"params": {"args": args}})()

    def get_closest_marker(self, name):
        return pytest.mark.sweep(kind=kind).mark


@pytest.mark.parametrize("seed", ["a1b2c3d4e5f6", "2026-01-31", "another"])
def test_every_kind_of_product_is_checked_on_every_run(seed):
    from conftest import SWEEP_SHARE, sampled_out

    cases = [_Case(args) for args in CASES]
    left_out = {case.nodeid for case in sampled_out(cases, seed)}
    kept = [case for case in cases if case.nodeid not in left_out]
    kinds = {kind(args) for args in CASES}
    assert {kind(case.callspec.params["args"]) for case in kept} == kinds
    assert len(kinds) >= 45
    assert len(kept) == len(kinds) + round((len(CASES) - len(kinds)) * SWEEP_SHARE)

"""What every test shares: its helpers on the path, the markers, and how sweeps are sampled.

A sweep (``@pytest.mark.sweep``) is a test run over a whole matrix of cases, every card face at every
size, every first page's QR: each run keeps a share of its cases, chosen by a sample seed, and at least
one. The seed is PRINTGEN_SWEEP_SEED when set, else the commit checked out, so each commit tries another
sample and a failure is repeated by setting the seed the header names. ``pytest --sweeps all`` runs every
case.
"""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
# Let tests import their helpers (pdfutil) whichever folder pytest runs from.
sys.path.insert(0, str(HERE))

SWEEP_SHARE = 1 / 10  # each case is tried about one commit in ten


def pytest_addoption(parser):
    parser.addoption("--sweeps", choices=("sample", "all"), default="sample",
                     help="run a seeded sample of each sweep's cases (the default) or every case")


def pytest_configure(config):
    config.addinivalue_line("markers", "sweep: a matrix of cases, sampled unless --sweeps all")
    config.addinivalue_line("markers", "browser: drives Debian's chromium through Playwright")
    config.addinivalue_line("markers", "server: starts `printgen serve` as a process of its own")
    config.sweep_seed = os.environ.get("PRINTGEN_SWEEP_SEED") or _commit() or "printgen"


def _commit() -> str | None:
    try:
        done = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=HERE, capture_output=True,
                              text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def _sampled(config) -> str:
    if config.getoption("--sweeps") == "all":
        return "sweeps: every case"
    return (f"sweeps: a sample of {SWEEP_SHARE:.0%} of each (PRINTGEN_SWEEP_SEED={config.sweep_seed} repeats it; "
            "--sweeps all runs every case)")


def pytest_report_header(config):
    return _sampled(config)


def pytest_terminal_summary(terminalreporter, config):
    terminalreporter.write_line(_sampled(config))  # also under -q, which hides the header


def _rank(seed: str, nodeid: str) -> float:
    return int.from_bytes(hashlib.sha256(f"{seed}\0{nodeid}".encode()).digest()[:8], "big") / 2**64


def pytest_collection_modifyitems(config, items):
    if config.getoption("--sweeps") == "all":
        return
    seed = config.sweep_seed
    sweeps: dict[str, list] = {}
    for item in items:
        if item.get_closest_marker("sweep"):
            sweeps.setdefault(item.nodeid.split("[")[0], []).append(item)
    left_out = set()
    for cases in sweeps.values():
        ranked = sorted(cases, key=lambda item: _rank(seed, item.nodeid))
        keep = max(1, round(len(cases) * SWEEP_SHARE))
        left_out.update(item.nodeid for item in ranked[keep:])
    if left_out:
        config.hook.pytest_deselected(items=[item for item in items if item.nodeid in left_out])
        items[:] = [item for item in items if item.nodeid not in left_out]

"""What every test shares: its helpers on the path, the markers, and how sweeps are sampled.

A sweep (``@pytest.mark.sweep``) is a test run over a whole matrix of cases, every card face at every
size, every first page's QR: each run keeps a share of its cases, chosen by a sample seed, and at least
one. A sweep may sort its cases into kinds (``@pytest.mark.sweep(kind=f)``, ``f`` of the case's
parameters): then every kind is checked on every run, by one of its cases in turn, and the share is taken
of the rest, so a break in any kind shows on the commit that made it. The seed is PRINTGEN_SWEEP_SEED when
set, else the commit checked out, else today's date (a copy without git still draws another sample each
day), so each commit tries another sample and a failure is repeated by setting the seed the header
names. ``pytest --sweeps all`` runs every case.
"""

import contextlib
import datetime
import gc
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).parent
# Let tests import their helpers (pdfutil) whichever folder pytest runs from.
sys.path.insert(0, str(HERE))

SWEEP_SHARE = 1 / 10  # each case is tried about one commit in ten
EXAMPLE_SHARE = 1 / 3  # of a costly property test's examples, each run tries this share (other ones each run)
EVERY_EXAMPLE = False  # set by `--sweeps all` (pytest_configure): every property test tries its full count


@contextlib.contextmanager
def studio_app(settings):
    """The studio's application with ``settings``, its workers ready, closed after."""
    from printgen.web import create_app

    app = create_app(settings)
    assert app.extensions["printgen.renders"].pool.ready(120)
    try:
        yield app
    finally:
        app.extensions["printgen.renders"].close()


@pytest.fixture(autouse=True)
def _out_of_the_collectors_sight():
    """After each test, its garbage collected and what it left alive frozen (``gc.freeze``). A test process
    keeps what every test before left it (fonts, icons, fitted text, its module's fixtures): unfrozen, each
    full collection walked all of it again, a sixth of the suite's time. Collecting here walks only this
    test's leftovers; what is frozen is still freed when nothing refers to it. (pytest_configure spaces the
    youngest collections out as well.)"""
    yield
    gc.collect()
    gc.freeze()


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium driven by Playwright: started once a test process, for every browser test in it (each
    test opens a context of its own, so no cookie or page passes from one to the next)."""
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        pytest.fail(f"the studio's browser tests need Debian's chromium at {CHROMIUM}: apt-get install chromium "
                    f"(.ci/run installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def studio():
    """The URL of `printgen serve` with its defaults, started once a test process for the browser tests."""
    from test_studio_serve import running_server

    with running_server() as (url, _):
        yield url


def examples(count: int) -> int:
    """The examples a costly hypothesis test tries a run: a share of ``count`` (hypothesis draws other ones
    each run), all ``count`` under ``--sweeps all``. (Test modules are imported after pytest_configure.)"""
    return count if EVERY_EXAMPLE else max(1, round(count * EXAMPLE_SHARE))


def pytest_addoption(parser):
    parser.addoption("--sweeps", choices=("sample", "all"), default="sample",
                     help="run a seeded sample of each sweep's cases (the default) or every case")


# Young objects a test process makes before the collector looks at them: a test makes them by the million (a
# page's boxes, a level's cells). At Python's 700 the collector ran some 35,000 times a run; at this, about
# 2,000 times, in a third less of its time.
YOUNG_BEFORE_COLLECTING = 20_000


def pytest_configure(config):
    gc.set_threshold(YOUNG_BEFORE_COLLECTING, *gc.get_threshold()[1:])
    config.addinivalue_line("markers", "sweep: a matrix of cases, sampled unless --sweeps all")
    config.addinivalue_line("markers", "browser: drives Debian's chromium through Playwright")
    config.addinivalue_line("markers", "server: starts `printgen serve` as a process of its own")
    global EVERY_EXAMPLE
    EVERY_EXAMPLE = config.getoption("--sweeps") == "all"
    config.sweep_seed = (os.environ.get("PRINTGEN_SWEEP_SEED") or _commit()
                         or datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"))
    # pytest-xdist's workers inherit this process's environment: they draw the very sample it names.
    os.environ.setdefault("PRINTGEN_SWEEP_SEED", config.sweep_seed)
    # The run's own cache folder (render/cache.py), never the user's: made by the first process, shared by the
    # workers it starts (and the programs and studio workers the tests start), removed when the run ends.
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        config.cache_folder = tempfile.mkdtemp(prefix="printgen-test-cache-")
        os.environ["PRINTGEN_CACHE"] = config.cache_folder
        # The files the tests that read every product share, made once a run (product_cases.made).
        config.products_folder = tempfile.mkdtemp(prefix="printgen-test-products-")
        os.environ["PRINTGEN_TEST_PRODUCTS"] = config.products_folder


def pytest_unconfigure(config):
    for name in ("cache_folder", "products_folder"):
        folder = getattr(config, name, None)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


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
    return (f"sweeps: every kind of case and a sample of {SWEEP_SHARE:.0%} of the rest "
            f"(PRINTGEN_SWEEP_SEED={config.sweep_seed} repeats it; --sweeps all runs every case)")


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
        left_out.update(item.nodeid for item in sampled_out(cases, seed))
    if left_out:
        config.hook.pytest_deselected(items=[item for item in items if item.nodeid in left_out])
        items[:] = [item for item in items if item.nodeid not in left_out]


def sampled_out(cases: list, seed: str) -> list:
    """The cases of one sweep this run leaves out: of each kind all but the first in the seed's order (when
    the sweep sorts its cases into kinds), and of the rest all but a share, at least one case kept."""
    ranked = sorted(cases, key=lambda item: _rank(seed, item.nodeid))
    kind = ranked[0].get_closest_marker("sweep").kwargs.get("kind")
    kept, rest = [], ranked
    if kind is not None:
        seen = set()
        for item in ranked:
            key = kind(**item.callspec.params)
            if key not in seen:
                seen.add(key)
                kept.append(item)
        rest = [item for item in ranked if item not in kept]
    keep = max(0 if kept else 1, round(len(rest) * SWEEP_SHARE))
    return rest[keep:]

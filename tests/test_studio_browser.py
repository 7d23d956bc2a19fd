"""printgen studio in a real browser: Playwright for Python driving Debian's chromium against `printgen serve`.

On a laptop's window and a phone's: choose a game and a product, change an option and see the pages and
their count change, download the PDF and find the seed code shown in its Subject, and open the share link
to find the same choices. Set PRINTGEN_STUDIO_SCREENSHOTS=DIR to keep a screenshot of each.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pikepdf
import pytest

from playwright.sync_api import expect

from test_studio_serve import running_server

pytestmark = pytest.mark.browser  # Debian's chromium, driven by Playwright: `-m 'not browser'` leaves it out

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
GAME = "Project: Amulet"
SEED = "browser-test"
WAIT = 60_000  # ms: a booklet takes seconds to make on a busy machine
SCREENS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def browser():
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        pytest.fail(f"the studio's browser tests need Debian's chromium at {CHROMIUM}: apt-get install chromium "
                    f"(.ci/run installs it)")
    from playwright.sync_api import sync_playwright  # noqa: F811

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def studio():
    with running_server() as (url, _):
        yield url


def shown_pages(page) -> tuple[str, int]:
    """The seed code of the page shown, and the file's page count, once a page has been drawn."""
    page.wait_for_selector("#page[data-code]:not([hidden])", timeout=WAIT)
    return page.get_attribute("#page", "data-code"), int(page.get_attribute("#page", "data-pages"))


def wait_for_code(page, ending: str) -> int:
    """Wait until the page drawn is of the file whose code ends with ``ending``; its page count.

    (Waiting is done by Playwright's locators: the studio's Content-Security-Policy forbids the script a
    wait_for_function would evaluate.)"""
    expect(page.locator("#page")).to_have_attribute("data-code", re.compile(re.escape(ending) + "$"), timeout=WAIT)
    expect(page.locator("#working")).to_be_hidden(timeout=WAIT)
    code, count = shown_pages(page)
    assert page.inner_text("#page-count") == str(count)
    assert page.locator("#strip .thumb").count() == count
    return count


def download_subject(page, tmp_path: Path) -> str:
    with page.expect_download(timeout=WAIT) as download:
        page.click("#downloads a[data-suffix=pdf]")
    target = tmp_path / download.value.suggested_filename
    download.value.save_as(target)
    assert target.name.endswith(".pdf")
    with pikepdf.open(target) as pdf:
        return str(pdf.docinfo["/Subject"])


def screenshot(page, name: str) -> None:
    folder = os.environ.get("PRINTGEN_STUDIO_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"studio-{name}.png"))


@pytest.mark.parametrize("screen", SCREENS, ids=list(SCREENS))
def test_choose_change_see_download_and_share(browser, studio, screen, tmp_path):
    context = browser.new_context(viewport=SCREENS[screen], accept_downloads=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    try:
        page.goto(studio)
        page.select_option("#system", label=GAME)
        page.select_option("#product", label="Dungeon")
        page.fill("#seed", SEED)
        levels = "2" if screen == "laptop" else "3"  # the phone meets the laptop's file in the cache
        page.fill("#opt-levels", levels)
        before = wait_for_code(page, f":{SEED}" + ("" if levels == "3" else f":levels={levels}"))
        expect(page.locator("#page-no")).to_have_text("1")
        screenshot(page, screen)

        page.fill("#opt-levels", "1")
        after = wait_for_code(page, f":{SEED}:levels=1")
        assert after < before
        code = page.inner_text("#code").strip()
        assert code == page.get_attribute("#page", "data-code")
        assert code.endswith(f":{SEED}:levels=1")
        page.click("#strip .thumb[data-page='2']")
        expect(page.locator("#page-no")).to_have_text("2", timeout=WAIT)
        assert download_subject(page, tmp_path) == code

        share = page.input_value("#share-link")
        assert share.startswith(studio) and "?code=" in share
        assert page.get_attribute("#qr", "src").endswith(".svg")
        other = context.new_page()
        other.goto(share)
        assert wait_for_code(other, f":{SEED}:levels=1") == after
        assert other.input_value("#opt-levels") == "1"
        assert other.input_value("#seed") == SEED
        assert other.eval_on_selector("#system", "s => s.selectedOptions[0].textContent") == GAME
        assert other.input_value("#product") == "dungeon"
        assert other.inner_text("#code").strip() == code
        other.close()
        assert not problems, problems
    finally:
        context.close()


def test_a_bad_option_says_the_command_lines_words_and_a_good_one_recovers(browser, studio):
    page = browser.new_page(viewport=SCREENS["laptop"])
    try:
        page.goto(studio)
        page.select_option("#system", label=GAME)
        page.select_option("#product", label="Dungeon")
        page.fill("#seed", SEED)
        page.fill("#opt-levels", "1")
        wait_for_code(page, f":{SEED}:levels=1")
        page.fill("#opt-levels", "99")
        expect(page.locator("#message")).to_contain_text("--levels must be a whole number from 1 to", timeout=WAIT)
        page.fill("#opt-levels", "1")
        expect(page.locator("#message")).to_have_text("", timeout=WAIT)
    finally:
        page.close()


def test_the_open_box_takes_a_code_and_a_printgen_file(browser, studio, tmp_path):
    from printgen import products
    from printgen.seed import SeedCode

    code = "pg4:graph-paper:generic:opened:grid=hex"
    pdf = tmp_path / "mine.pdf"
    pdf.write_bytes(products.build(SeedCode.parse(code)))
    page = browser.new_page(viewport=SCREENS["laptop"])
    try:
        page.goto(studio)
        page.fill("#open-q", code.replace("grid=hex", "grid=hex,pages=1"))  # any form of the code
        page.click(".open-code button")
        wait_for_code(page, code)
        page.goto(studio)
        page.set_input_files("#open-upload", str(pdf))
        wait_for_code(page, code)
        assert page.input_value("#opt-grid") == "hex"
        assert page.inner_text("#code").strip() == code
    finally:
        page.close()

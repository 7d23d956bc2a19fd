"""printgen studio in a real browser: Playwright for Python driving Debian's chromium against `printgen serve`.

On a laptop's window and a phone's: choose a game and a product, change an option and see the pages and
their count change, download the PDF and find the seed code shown in its Subject, and open the share link
to find the same choices. Set PRINTGEN_STUDIO_SCREENSHOTS=DIR to keep a screenshot of each.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pikepdf
import pytest
from playwright.sync_api import expect

from printgen import games

# Debian's chromium, driven by Playwright (`-m 'not browser'` leaves it out); the browser and the server are
# conftest.py's, one of each a test process, shared with test_studio_deck_browser.py.
pytestmark = pytest.mark.browser

GAME = "Project: Amulet"
SEED = "browser-test"
WAIT = 120_000  # ms: a booklet takes seconds to make, a minute on a machine busy with other tests
SCREENS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


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
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/api/code") else None)
    try:
        page.goto(studio)
        from printgen import products

        for system in ("roguelike", next(g.id for g in games.games().values() if g.title == GAME)):  # every product the registry makes for it, in its order
            page.select_option("#system", system)
            assert page.eval_on_selector_all("#product option", "options => options.map(o => o.value)") == \
                [name for name, product in products.all_products().items() if system in product.systems()]
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
        asked.clear()
        page.click("#strip .thumb[data-page='2']")  # leaves the levels field: its change event asks nothing more
        expect(page.locator("#page-no")).to_have_text("2", timeout=WAIT)
        page.wait_for_timeout(600)  # past the form's debounce
        assert asked == [], "choosing a page asked for the form's code again, redrawing the download links"
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


def a_one_level_dungeon(page, studio) -> None:
    """The studio on ``page``, its form filled in for a one-level dungeon of the test's game and seed."""
    page.goto(studio)
    page.select_option("#system", label=GAME)
    page.select_option("#product", label="Dungeon")
    page.fill("#seed", SEED)
    page.fill("#opt-levels", "1")
    wait_for_code(page, f":{SEED}:levels=1")


def test_a_bad_value_is_said_beside_its_field_in_plain_words_and_a_good_one_recovers(browser, studio):
    page = browser.new_page(viewport=SCREENS["laptop"])
    try:
        a_one_level_dungeon(page, studio)
        page.fill("#opt-levels", "99")
        beside = page.locator("#opt-levels-error")
        expect(beside).to_contain_text("Levels must be a whole number from 1 to", timeout=WAIT)
        expect(beside).not_to_contain_text("--")
        expect(page.locator("#opt-levels")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#message")).to_contain_text("Levels must be", timeout=WAIT)
        expect(page.locator("#page")).to_be_hidden()  # the pages of the form before it are not shown beside it
        expect(page.locator("#strip .thumb")).to_have_count(0)
        expect(page.locator("#downloads a")).to_have_count(0)
        screenshot(page, "laptop-bad-value")
        page.fill("#opt-levels", "1")
        expect(page.locator("#message")).to_have_text("", timeout=WAIT)
        expect(page.locator("#page")).to_be_visible(timeout=WAIT)
        expect(beside).to_be_hidden()
        expect(page.locator("#opt-levels")).not_to_have_attribute("aria-invalid", "true")
    finally:
        page.close()


def test_open_with_a_bad_code_keeps_the_choices_and_says_why(browser, studio):
    page = browser.new_page(viewport=SCREENS["phone"])
    try:
        a_one_level_dungeon(page, studio)
        code = page.inner_text("#code")
        page.fill("#open-q", "pg4:dungeon:nowhere:x")
        page.click(".open-code button")
        expect(page.locator("#open-message")).to_contain_text("must be one of amulet, rlrl, roguelike, not 'nowhere'",
                                                              timeout=WAIT)
        expect(page.locator("#open-q")).to_have_attribute("aria-invalid", "true")
        screenshot(page, "phone-bad-open")
        assert page.url.endswith(":levels=1") and page.inner_text("#code") == code
        assert page.input_value("#opt-levels") == "1" and page.input_value("#seed") == SEED
        assert page.input_value("#product") == "dungeon"
    finally:
        page.close()


# Every control's text and the width it has, and the text a bar could stand over (Playwright's evaluate
# reaches the page through the browser's own protocol, which its Content-Security-Policy does not stop).
MEASURE = """() => {
  const canvas = document.createElement("canvas").getContext("2d");
  const cut = [];
  for (const el of document.querySelectorAll("select, input, button, .button, .file-button")) {
    if (!el.offsetParent || el.type === "checkbox" || el.readOnly) continue;
    const style = getComputedStyle(el);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const arrow = el.tagName === "SELECT" ? 20 : 0;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    const texts = el.tagName === "SELECT" ? [...el.options].map((o) => o.textContent)
      : el.tagName === "INPUT" ? [el.value || el.placeholder] : [el.textContent.trim()];
    for (const text of texts) {
      if (canvas.measureText(text).width > room + 0.5) cut.push(`${el.id || el.className}: ${text}`);
    }
    if (el.getBoundingClientRect().right > innerWidth + 0.5) cut.push(`${el.id}: past the window's edge`);
  }
  return cut;
}"""
# The bar hides itself from an IntersectionObserver, whose news of a scroll comes after the next frame is drawn:
# two frames and a task later it has come.
OBSERVED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))"
UNDER_BAR = """() => {
  // Text the bar stands over: lines, or the parts of lines, shown where the bar is.
  const bar = document.getElementById("to-pages").getBoundingClientRect();
  const scroller = document.querySelector(".scroller");
  const shown = scroller.getBoundingClientRect();
  const under = [];
  const walker = document.createTreeWalker(scroller, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) {
      // The part of the line its scrolling part shows, not what that part's edge clips away.
      const top = Math.max(box.top, shown.top), bottom = Math.min(box.bottom, shown.bottom, innerHeight);
      if (bottom > top && bottom > bar.top + 0.5 && top < bar.bottom) under.push(node.textContent.trim().slice(0, 40));
    }
  }
  return {under, scrolledEnds: shown.bottom, barStarts: bar.top, barShown: bar.height > 0};
}"""


def test_on_a_phone_no_control_is_cut_short_and_the_bar_covers_no_text(browser, studio):
    context = browser.new_context(viewport=SCREENS["phone"])
    page = context.new_page()
    page.route("**/api/code", lambda route: route.abort())  # the form alone: no file made for each choice
    try:
        page.goto(studio)
        cut = set()
        for system in page.eval_on_selector_all("#system option", "options => options.map(o => o.value)"):
            page.select_option("#system", system)
            for product in page.eval_on_selector_all("#product option", "options => options.map(o => o.value)"):
                page.select_option("#product", product)
                decks = (page.eval_on_selector_all("#deck option", "options => options.map(o => o.value)")
                         if product == "deck" else [None])
                for deck in decks:
                    if deck:
                        page.select_option("#deck", deck)
                    cut |= {f"{system} {product} {deck or ''}: {line}" for line in page.evaluate(MEASURE)}
        assert not cut, sorted(cut)
        page.select_option("#system", label=GAME)
        page.select_option("#product", label="Deck")
        expect(page.locator("#to-pages")).to_be_visible()
        shown_at = []
        for top in (*range(0, 3000, 400), 100_000):  # wherever the page is scrolled to, its very end too
            page.locator(".scroller").evaluate(f"scroller => scroller.scrollTo(0, {top})")
            page.evaluate(OBSERVED)
            seen = page.evaluate(UNDER_BAR)
            shown_at.append(seen["barShown"])
            if seen["barShown"]:  # it hides itself once the pages are in sight
                assert seen["under"] == [] and seen["scrolledEnds"] <= seen["barStarts"] + 0.5, (top, seen)
        assert shown_at[0] and not shown_at[-1]
        screenshot(page, "phone-options")
    finally:
        context.close()


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

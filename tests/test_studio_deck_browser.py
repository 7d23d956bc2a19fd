"""The "Your deck" page in a real browser: Debian's chromium driven by Playwright against `printgen serve`.

On a laptop's window and a phone's: open the example deck and see every card drawn; edit the layout and see the
cards drawn again (and an older drawing never come back); a text too long marks its card; a broken layout says
what is wrong and keeps the cards; download the PDF and find its seed code in its Subject; open a zip. Set
PRINTGEN_STUDIO_SCREENSHOTS=DIR to keep a screenshot of each.
"""

from __future__ import annotations

import base64
import io
import re
import zipfile

import pikepdf
import pytest
from PIL import Image
from playwright.sync_api import expect
from test_studio_browser import SCREENS, WAIT, screenshot

from printgen.resources import templates_dir

pytestmark = pytest.mark.browser  # the browser and the server: conftest.py's, shared

EXAMPLE = templates_dir() / "cards" / "example"


def drawn(page, count: int) -> None:
    """Wait until ``count`` cards are drawn and no drawing is on its way."""
    expect(page.locator("#grid figure img[src]")).to_have_count(count, timeout=WAIT)
    expect(page.locator("#grid")).not_to_have_class(re.compile(r"\bstale\b"), timeout=WAIT)


def card_picture(page, index: int) -> Image.Image:
    source = page.get_attribute(f"#grid figure[data-index='{index}'] img", "src")
    return Image.open(io.BytesIO(base64.b64decode(source.split(",", 1)[1]))).convert("RGB")


def watch(page) -> list[str]:
    """Errors of the page's script (a refusal the page asked for and shows, a 400, is no error of the page's)."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: problems.append(message.text)
            if message.type == "error" and "status of 400" not in message.text else None)
    return problems


@pytest.mark.parametrize("screen", SCREENS, ids=list(SCREENS))
def test_open_the_example_edit_its_layout_and_see_the_cards_change(browser, studio, screen, tmp_path):
    context = browser.new_context(viewport=SCREENS[screen], accept_downloads=True)
    page = context.new_page()
    problems = watch(page)
    try:
        page.goto(studio + "deck")
        page.click("#example")
        drawn(page, 6)
        expect(page.locator("#status")).to_contain_text("6 cards (10 printed)")
        expect(page.locator("#grid figure").first.locator("figcaption")).to_contain_text("Torch")
        screenshot(page, f"deck-{screen}")

        # The layout edited: the title bars turn green on every card, the cards drawn again.
        before = card_picture(page, 0)
        layout = page.input_value("#layout-text")
        green = layout.replace("elements:\n", "elements:\n  - name: title-bar\n    fill: '#1f8f3f'\n", 1)
        page.fill("#layout-text", green)
        expect(page.locator("#grid")).not_to_have_class(re.compile(r"\bstale\b"), timeout=WAIT)
        after = card_picture(page, 0)
        bar = (before.width // 2, round(before.height * 0.52))  # the middle of the title bar
        assert before.getpixel(bar) != after.getpixel(bar)
        red, green_, blue = after.getpixel(bar)
        assert green_ > red and green_ > blue, after.getpixel(bar)

        # A broken layout says where it is broken, and the cards stay as they were.
        page.fill("#layout-text", green.replace("elements:\n", "elements:\n  - type: text\n    when: '{kind} = Hero'\n", 1))
        expect(page.locator("#edit-message")).to_contain_text("'=' stands alone", timeout=WAIT)
        assert page.locator("#grid figure img[src]").count() == 6
        page.fill("#layout-text", green)
        expect(page.locator("#edit-message")).to_have_text("", timeout=WAIT)
        drawn(page, 6)

        # A text too long for its box marks its card, and says why under it.
        data = page.input_value("#data-text")
        page.fill("#data-text", data.replace("then *discard* this card.", "then *discard* it. " + "More. " * 200))
        expect(page.locator("#grid figure[data-index='1']")).to_have_class(re.compile(r"\bwrong\b"), timeout=WAIT)
        expect(page.locator("#grid figure[data-index='1'] .problem")).to_contain_text("does not fit its box")
        expect(page.locator("#status")).to_contain_text("1 with something to fix", timeout=WAIT)
        drawn(page, 6)
        screenshot(page, f"deck-{screen}-problem")

        # The PDF downloaded carries the seed code the page shows.
        page.fill("#data-text", data)
        drawn(page, 6)
        with page.expect_download(timeout=WAIT) as download:
            page.click("#downloads button[data-kind='pdf']")
        target = tmp_path / download.value.suggested_filename
        download.value.save_as(target)
        expect(page.locator("#code")).not_to_be_empty(timeout=WAIT)
        with pikepdf.open(target) as pdf:
            assert str(pdf.docinfo["/Subject"]) == page.inner_text("#code").strip()
        assert "data=lantern-crawl.csv" in page.inner_text("#code")
        assert not problems, problems
    finally:
        context.close()


def test_a_zip_opens_and_stale_drawings_never_come_back(browser, studio, tmp_path):
    archive = tmp_path / "crawl.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in sorted(EXAMPLE.rglob("*")):
            if path.is_file():
                out.write(path, f"crawl/{path.relative_to(EXAMPLE).as_posix()}")
    page = browser.new_page(viewport=SCREENS["laptop"])
    problems = watch(page)
    try:
        page.goto(studio + "deck")
        page.set_input_files("#zip", str(archive))
        drawn(page, 6)
        files = sum(1 for path in EXAMPLE.rglob("*") if path.is_file())
        expect(page.locator("#open-message")).to_contain_text(
            f"crawl.zip: {files} files, deck file crawl/lantern-crawl.csv, layout crawl/layout.yaml")
        layout = page.input_value("#layout-text")
        # Typed quickly, one change after another: only the last is drawn, whatever order the answers come in.
        for size in (1, 1.5, 2, 2.5, 3):
            page.fill("#layout-text", layout.replace("    size: += 0.5\n", f"    size: += {size}\n"))
        drawn(page, 6)
        rounds = {page.get_attribute(f"#grid figure[data-index='{n}'] img", "data-round") for n in range(6)}
        assert rounds == {page.get_attribute("#grid", "data-round")}
        assert not problems, problems
    finally:
        page.close()


def test_before_any_card_is_drawn_nothing_speaks_of_cards_and_downloads_wait(browser, studio):
    page = browser.new_page(viewport=SCREENS["laptop"])
    problems = watch(page)
    try:
        page.goto(studio)
        page.click("a[href='/deck']")
        page.wait_for_url("**/deck")
        for button in page.locator("#downloads button").all():
            expect(button).to_be_disabled()
        page.click("#paste-open")
        page.fill("#paste-layout", "elements: [")  # a layout that cannot be read: no card is ever drawn
        page.click("#paste button[type=submit]")
        expect(page.locator("#edit-message")).to_contain_text("not readable as YAML", timeout=WAIT)
        expect(page.locator("#status")).to_contain_text("No card can be drawn yet")
        assert "before this change" not in page.inner_text("body")
        for button in page.locator("#downloads button").all():
            expect(button).to_be_disabled()
        page.fill("#paste-layout", "extends: builtin:printgen\n")
        page.click("#paste button[type=submit]")
        drawn(page, 3)
        for button in page.locator("#downloads button").all():
            expect(button).to_be_enabled()
        assert not problems, problems
    finally:
        page.close()

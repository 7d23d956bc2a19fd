"""Columns that fill in turn, laid out once a page (render/flow_columns.py), print WeasyPrint's own bytes: the
Rogue Like Roguelike reference that made the shortcut worth having (flowing columns over many pages), and
pieces that take each of the other ways (a box spanning the columns, a footnote, a page too full for the box).
Balanced columns, whose trials keep the lines they break, print WeasyPrint's own bytes too."""

import logging

import pytest

from printgen import products
from printgen.render import flow_columns, html
from printgen.seed import SeedCode
from printgen.systems.rlrl import colours, reference
from printgen.units import PAPERS
from printgen.words import BUILT_IN

CODE = SeedCode.make("dungeon", "rlrl", "moonpie", {"rooms": 14})
ROWS = "".join(f"<tr><td>{n}</td><td>{'a row of a long list ' * (n % 4 + 1)}</td></tr>" for n in range(70))  # three pages and more
PIECES = {
    "spanning": f'<div class="columns flow"><table>{ROWS}</table><p class="wide">across</p><table>{ROWS}</table></div>',
    "footnote": f'<div class="columns flow"><p>text<span style="float: footnote">a note</span></p>'
                f'<table>{ROWS}</table></div>',
    "late": f'<div style="height: 240mm"></div><div class="columns flow"><table style="break-inside: avoid">'
            f'{ROWS[:4000]}</table></div>',
}
WORDS = "a paragraph of the rules, long enough to break into lines of a column and run on to the next " * 3
BALANCED = ('<div class="columns">'  # columns that end level on their last page, after a page full to the foot
            + "".join(f"<h2>Part {n}</h2><p>{WORDS * (n % 3 + 1)}</p>" for n in range(16)) + "</div>")


@pytest.fixture
def each_layout(monkeypatch):
    """A function laying out HTML with the shortcut and without it; nothing laid out is kept between the two."""
    monkeypatch.setattr(html, "_laid_out", html._LaidOut(0))
    html.load()

    html._weasyprint()  # WeasyPrint as printgen loads it (imported directly, it looks its libraries up for 0.2 s)
    from weasyprint.layout import block

    def both(make):
        assert getattr(block.columns_layout, "wraps", None) is not None, "flowing columns are laid out in one pass"
        shortcut = make()
        flow_columns.uninstall()
        try:
            own = make()
        finally:
            flow_columns.install(html._weasyprint())
        return shortcut, own

    return both


def test_the_reference_prints_as_weasyprint_lays_it_out(each_layout, monkeypatch):
    monkeypatch.setenv("PRINTGEN_CACHE", "off")  # laid out here, not read back from pages kept before
    request = products.request(CODE)
    taken = []
    one_pass = flow_columns._flow_layout
    monkeypatch.setattr(flow_columns, "_flow_layout", lambda *args: taken.append(1) or one_pass(*args))
    shortcut, own = each_layout(lambda: reference.pages(request, colours.for_seed(CODE)))
    assert shortcut == own
    assert len(taken) >= 3, "the reference's flowing columns were laid out in one pass, a page at a time"


@pytest.mark.parametrize("version, taken", [("70.0", True), ("70.0.1", True), ("70.2", True), ("71.0", False),
                                            ("69.0", False), ("70.0b1", True), ("unknown", False)])
def test_releases_in_the_range_take_the_shortcut_and_others_say_they_do_not(version, taken, caplog, monkeypatch):
    assert flow_columns.supported(version) is taken
    # Heard whatever another test before left of logging's settings (a logger disabled, a level disabled).
    monkeypatch.setattr(flow_columns.log, "disabled", False)
    monkeypatch.setattr(logging.root.manager, "disable", logging.NOTSET)
    if not taken:
        release = type("WeasyPrint", (), {"__version__": version})
        with caplog.at_level("WARNING", logger=flow_columns.__name__):
            assert flow_columns.install(release) is False
        assert f"WeasyPrint {version}: flowing columns are laid out by WeasyPrint's own two passes" in caplog.text


@pytest.mark.parametrize("name", PIECES)
def test_every_way_through_prints_as_weasyprint_lays_it_out(each_layout, name):
    page = html.render_html("rlrl/reference.html", phrasebooks=BUILT_IN, seed_code=str(CODE), title="t",
                            page_size=html.page_size_css(PAPERS["letter"]), **_empty_reference())
    page = page.replace("</body>", PIECES[name] + "</body>")
    shortcut, own = each_layout(lambda: html.html_to_pdf(page))
    assert shortcut == own


def test_balanced_columns_print_as_weasyprint_lays_them_out(each_layout, monkeypatch):
    """The trials that balance a box's last page take lines broken in the trials before (most of their lines),
    and the pages are WeasyPrint's own."""
    page = html.render_html("rlrl/reference.html", phrasebooks=BUILT_IN, seed_code=str(CODE), title="t",
                            page_size=html.page_size_css(PAPERS["letter"]), **_empty_reference())
    page = page.replace("</body>", BALANCED + "</body>")
    kept = []

    class Watched(flow_columns._Lines):
        def __init__(self):
            super().__init__()
            kept.append(self)

    monkeypatch.setattr(flow_columns, "_Lines", Watched)
    shortcut, own = each_layout(lambda: html.html_to_pdf(page))
    assert shortcut == own
    assert sum(lines.reused for lines in kept) > sum(len(lines.kept) for lines in kept) > 0


def _empty_reference() -> dict:
    context = reference.context(BUILT_IN, reference.colour_key(BUILT_IN, colours.for_seed(CODE)))
    return {**context, "letters": [], "spells": [], "abilities": [], "notes": []}

"""The one text engine (printgen/render/text.py): how text breaks, fits and is drawn."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import examples
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printgen.render import fonts, text
from printgen.sheets import draw as sheet_draw

ROOT = Path(__file__).parent.parent
fonts.register_reportlab_fonts()
FACES = [fonts.SERIF, fonts.SERIF_BOLD, fonts.SERIF_ITALIC, fonts.MONO, fonts.MONO_BOLD]
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'()-@·éß"
SYMBOLS = "★☠♥"  # in none of the text faces: measured and drawn in the symbol fallback

word = st.text(alphabet=LETTERS + SYMBOLS, min_size=1, max_size=14)
long_word = st.text(alphabet=LETTERS, min_size=20, max_size=60)
space = st.sampled_from([" ", " ", " ", "  ", "\t"])
sentence = st.lists(st.one_of(word, word, word, long_word), min_size=0, max_size=30)
sizes = st.floats(min_value=4, max_value=16, allow_nan=False)
widths = st.floats(min_value=15, max_value=300, allow_nan=False)


@st.composite
def run_lists(draw) -> list[tuple[str, str]]:
    """A paragraph as runs of random faces, each a few words with the white space before them."""
    runs = []
    for _ in range(draw(st.integers(1, 5))):
        words = draw(st.lists(word, min_size=1, max_size=6))
        spaces = draw(st.lists(space, min_size=len(words), max_size=len(words)))
        runs.append(("".join(s + w for s, w in zip(spaces, words)), draw(st.sampled_from(FACES))))
    return runs


def given_words(runs) -> list[str]:
    return "".join(t for t, _ in runs).split()


def line_words(lines) -> list[str]:
    return [w.text for line in lines for w in line.words]


class Recorder(Canvas):
    """A canvas that also notes every string drawn: (x, y, text, font, size)."""

    def __init__(self):
        super().__init__(io.BytesIO())
        self.drawn: list[tuple[float, float, str, str, float]] = []

    def drawString(self, x, y, text_, *args, **kwargs):  # noqa: N802 - ReportLab's name
        self.drawn.append((x, y, text_, self._fontname, self._fontsize))
        return super().drawString(x, y, text_, *args, **kwargs)


# Breaking ---------------------------------------------------------------------------------------------

@settings(max_examples=examples(150), deadline=None)
@given(run_lists(), sizes, widths, st.booleans())
def test_lines_are_never_wider_than_the_width_but_for_a_lone_long_word(runs, size, width, keep):
    for line in text.lines([runs], size, width, keep_spaces=keep):
        if len(line.words) > 1:
            assert line.width * size <= width + 1e-6


@settings(max_examples=examples(150), deadline=None)
@given(run_lists(), sizes, widths, st.booleans(), st.floats(0, 30))
def test_nothing_is_dropped_or_added(runs, size, width, keep, indent):
    lines = text.lines([runs], size, width, indent=indent, keep_spaces=keep)
    assert line_words(lines) == given_words(runs)
    # Cut at the smallest size, a word's pieces still read as the word.
    cut = text.lines([runs], size, width, indent=indent, keep_spaces=keep, break_words=True)
    assert "".join(line_words(cut)) == "".join(given_words(runs))


@settings(max_examples=examples(150), deadline=None)
@given(run_lists(), sizes, widths, st.floats(0, 30))
def test_each_line_is_as_full_as_it_can_be(runs, size, width, indent):
    """Greedy: the first word of every line but the first did not fit at the end of the line before."""
    lines = text.lines([runs], size, width, indent=indent)
    for k, (line, following) in enumerate(zip(lines, lines[1:])):
        room = (width - (indent if k else 0)) / size
        nxt = following.words[0]
        gap = text.width(" ", nxt.gap[0][1]) if nxt.gap else 0.0
        assert line.width + gap + nxt.width > room


@settings(max_examples=examples(150), deadline=None)
@given(run_lists(), sizes, widths)
def test_runs_keep_their_fonts(runs, size, width):
    given_faces = [font for t, font in runs for ch in t if not ch.isspace()]
    set_ = text.lines([runs], size, width)
    got = [font for line in set_ for w in line.words for t, font in w.runs for _ in t]
    assert got == given_faces


def test_white_space_is_one_space_unless_kept():
    runs = [("Difficulty  1-3:\t1", fonts.SERIF)]
    assert [line.text for line in text.lines([runs], 8, 500)] == ["Difficulty 1-3: 1"]
    assert [line.text for line in text.lines([runs], 8, 500, keep_spaces=True)] == ["Difficulty  1-3:\t1"]


def test_a_word_runs_over_runs_and_does_not_break_between_them():
    runs = [("Str", fonts.SERIF_BOLD), (": strong", fonts.SERIF)]
    width = text.measure("Str:", fonts.SERIF, 10) + 1
    lines = text.lines([runs], 10, width)
    assert [line.text for line in lines] == ["Str:", "strong"]
    assert lines[0].words[0].runs == (("Str", fonts.SERIF_BOLD), (":", fonts.SERIF))


def test_a_newline_ends_a_line_and_an_empty_paragraph_is_an_empty_line():
    lines = text.lines([[("one two\n\nthree", fonts.SERIF)], [("", fonts.SERIF)]], 10, 500)
    assert [line.text for line in lines] == ["one two", "", "three", ""]
    assert [line.first for line in lines] == [True, False, False, True]


def test_a_no_break_space_holds_its_words_together():
    lines = text.lines([[("aaa 5\u00a0ft", fonts.SERIF)]], 10, text.measure("aaa 5", fonts.SERIF, 10))
    assert [line.text for line in lines] == ["aaa", "5\u00a0ft"]


def test_later_lines_are_indented():
    runs = [("alpha beta gamma delta epsilon zeta eta theta", fonts.SERIF)]
    size, width, indent = 10, 120, 40
    lines = text.lines([runs], size, width, indent=indent)
    assert len(lines) > 2
    assert all(line.width * size <= width - indent + 1e-6 for line in lines[1:])
    assert lines[0].width * size > width - indent  # the first line uses the whole width


@settings(max_examples=100, deadline=None)
@given(st.lists(word, min_size=1, max_size=25), sizes, widths, st.sampled_from(FACES))
def test_one_font_breaks_as_reportlab_simple_split_does(words, size, width, font):
    words = [w for w in words if not set(w) & set(SYMBOLS)]  # simpleSplit knows no fallback
    assume(words)
    sentence_ = " ".join(words)
    assert text.wrap_text(sentence_, font, size, width) == simpleSplit(sentence_, font, size, width)


def test_the_symbol_fallback_is_measured():
    assert not fonts.has(fonts.SERIF, "★") and fonts.has(fonts.SYMBOLS, "★")
    assert fonts.faces("a★b", fonts.SERIF) == (("a", fonts.SERIF), ("★", fonts.SYMBOLS), ("b", fonts.SERIF))
    assert text.width("★", fonts.SERIF) == text.width("★", fonts.SYMBOLS) > 0


@settings(max_examples=examples(100), deadline=None)
@given(st.text(st.sampled_from("ab Z\u00a0\t\n\u2014\u00e9\u2026\u2605\u2620\u9f8d\u2192"), max_size=8),
       st.sampled_from([*FACES, fonts.SYMBOLS, "Helvetica"]))
def test_a_text_is_cut_into_faces_as_its_characters_say(sentence_, font):
    """faces' shortcut (a text all in its own font, found in one set comparison) cuts as the character by
    character rule does: each character in its font, else in the fallback if that has it, else in its font."""
    fonts.register_symbols()
    runs: list[tuple[str, str]] = []
    for character in sentence_:
        chosen = font if fonts.has(font, character) or not fonts.has(fonts.SYMBOLS, character) else fonts.SYMBOLS
        if runs and runs[-1][1] == chosen:
            runs[-1] = (runs[-1][0] + character, chosen)
        else:
            runs.append((character, chosen))
    assert fonts.faces(sentence_, font) == tuple(runs)
    assert fonts.has_all(sentence_, font) == all(fonts.has(font, character) for character in sentence_)


def test_measuring_needs_nothing_set_up_first():
    """A fresh process can measure (white space too) before anything has registered a font."""
    code = ("from printgen.render import fonts, text; "
            "assert text.measure(' ', fonts.SERIF_ITALIC, 10) > 0; "
            "assert text.measure('A', 'Helvetica', 10) > 0")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_the_break_rule_on_plain_widths():
    assert text.greedy([3, 3, 3], [1, 1, 1], 7) == [[0, 1], [2]]
    assert text.greedy([3, 3, 3], [1, 1, 1], 7, rest=3) == [[0, 1], [2]]
    assert text.greedy([8, 1], [1, 1], 7) == [[0], [1]]  # too wide alone: it stands alone
    assert text.greedy([], [], 7) == [[]]


# Fitting ----------------------------------------------------------------------------------------------

def test_steps_go_down_to_the_smallest_size_itself():
    assert list(text.steps(7, 6)) == [7, 6.75, 6.5, 6.25, 6]
    assert list(text.steps(7.1, 6.5, 0.25)) == [7.1, 6.85, 6.6, 6.5]
    assert list(text.steps(5, 6)) == [6]


@settings(max_examples=100, deadline=None)
@given(st.lists(run_lists(), min_size=1, max_size=3), widths, st.floats(10, 200), st.floats(6, 14),
       st.one_of(st.none(), st.integers(1, 6)))
def test_fit_returns_the_largest_size_that_fits(paragraphs, width, height, max_size, max_lines):
    min_size = 4.0
    fitted = text.fit(paragraphs, width, height, max_size, min_size, max_lines=max_lines)
    tried = list(text.steps(max_size, min_size))
    assert fitted.size in tried

    def fits(lines, size):
        return (all(line.width * size <= width + 1e-6 for line in lines)
                and (max_lines is None or len(lines) <= max_lines)
                and text.block_height(size, lines) <= height + 1e-6)

    assert fitted.fits == fits(fitted.lines, fitted.size)
    for size in tried[:tried.index(fitted.size)]:  # every larger size did not fit
        assert not fits(text.lines(paragraphs, size, width), size)
    if fitted.fits:
        assert fitted.height <= height + 1e-6
    else:
        assert fitted.size == min_size
    # Words are cut only at the smallest size.
    if fitted.size != min_size:
        assert line_words(fitted.lines) == [w for p in paragraphs for w in given_words(p)]


def test_a_word_too_long_for_the_line_is_cut_only_at_the_smallest_size():
    long = "Supercalifragilisticexpialidocious"
    fitted = text.fit([[(f"a {long} b", fonts.SERIF)]], 60, 200, 12, 7)
    assert fitted.fits and fitted.size == 7
    assert "".join(line.text.replace(" ", "") for line in fitted.lines) == f"a{long}b"
    assert all(line.width * 7 <= 60 + 1e-6 for line in fitted.lines)
    assert long not in [w.text for line in fitted.lines for w in line.words]  # cut
    bigger = text.fit([[(f"a {long} b", fonts.SERIF)]], 90, 200, 12, 5)  # whole at 6, so never cut
    assert bigger.size == 6 and long in [w.text for line in bigger.lines for w in line.words]


def test_text_that_cannot_fit_says_so_at_the_smallest_size():
    fitted = text.fit([[("word " * 500, fonts.SERIF)]], 100, 50, 10, 6)
    assert not fitted.fits and fitted.size == 6
    assert line_words(fitted.lines) == ["word"] * 500  # the lines it would take, for a warning


def test_fit_line_measures_the_white_space_it_is_given():
    one = text.fit_line("a b", text.measure("a  b", fonts.MONO, 10) - 0.1, 10, 4, fonts.MONO)
    assert one.fits and one.size == 10
    two = text.fit_line("a  b", text.measure("a  b", fonts.MONO, 10) - 0.1, 10, 4, fonts.MONO)
    assert two.fits and two.size == 9.75


# Drawing ----------------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(run_lists(), sizes, widths, st.sampled_from(["left", "center", "right"]))
def test_lines_are_aligned_in_their_width(runs, size, width, align):
    fitted = text.fit([runs], width, 1000, size, size)
    c = Recorder()
    fitted.draw(c, 10, 500, width, align)
    baselines = sorted({y for _, y, *_ in c.drawn}, reverse=True)
    lines = [line for line in fitted.lines if line.words]
    assert len(baselines) == len(lines)
    assert baselines[0] == pytest.approx(500 - size)
    for line, y in zip(lines, baselines):
        xs = [x for x, yy, *_ in c.drawn if yy == y]
        start, end = min(xs), min(xs) + line.width * size
        if align == "left":
            assert start == pytest.approx(10)
        elif align == "center":
            assert (start + end) / 2 == pytest.approx(10 + width / 2)
        else:
            assert end == pytest.approx(10 + width)


@settings(max_examples=60, deadline=None)
@given(run_lists(), sizes, widths, st.booleans())
def test_what_is_drawn_is_the_lines_in_their_fonts(runs, size, width, by_word):
    fitted = text.fit([runs], width, 1000, size, size)
    fitted = text.Fitted(fitted.size, fitted.lines, by_word=by_word)
    c = Recorder()
    fitted.draw(c, 0, 500, width)
    drawn = [(ch, font) for _, _, t, font, _ in c.drawn for ch in t if not ch.isspace()]
    expected = [(ch, font) for t, font in runs for ch in t if not ch.isspace()]
    expected = [(ch, fonts.SYMBOLS if not fonts.has(font, ch) else font) for ch, font in expected]
    assert drawn == expected
    assert all(s == size for *_, s in c.drawn)


def test_a_line_is_one_string_a_font_or_one_a_word():
    line = text.lines([[("one two", fonts.SERIF), (" three", fonts.SERIF_BOLD)]], 10, 500)[0]
    c = Recorder()
    line.draw(c, 0, 0, 10)
    # The space before "three" is written in the bold run, so it is drawn (and measured) bold.
    assert [(t, f) for _, _, t, f, _ in c.drawn] == [("one two", fonts.SERIF), (" three", fonts.SERIF_BOLD)]
    c = Recorder()
    line.draw(c, 0, 0, 10, by_word=True)
    assert [t for _, _, t, _, _ in c.drawn] == ["one", "two", "three"]


def test_a_box_is_filled_from_its_top_middle_or_bottom():
    fitted = text.fit([[("one line", fonts.SERIF)]], 200, 100, 10, 10)
    for valign, top in (("top", 100), ("middle", 50 + fitted.height / 2), ("bottom", fitted.height)):
        c = Recorder()
        fitted.draw_in(c, 0, 0, 200, 100, valign=valign)
        assert c.drawn[0][1] == pytest.approx(top - 10)


# Emphasis ---------------------------------------------------------------------------------------------

def test_emphasis_marks_make_runs_of_the_family_faces():
    assert text.emphasis("plain") == [("plain", fonts.SERIF)]
    assert text.emphasis("a *b* **c** ***d***") == [
        ("a ", fonts.SERIF), ("b", fonts.SERIF_ITALIC), (" ", fonts.SERIF), ("c", fonts.SERIF_BOLD),
        (" ", fonts.SERIF), ("d", fonts.SERIF_BOLD_ITALIC)]
    assert text.emphasis("**x**", fonts.MONO) == [("x", fonts.MONO_BOLD)]
    assert text.emphasis("5 * 3 and \\*") == [("5 * 3 and *", fonts.SERIF)]


@given(st.text(alphabet="ab *\\", max_size=30))
def test_emphasis_drops_only_its_marks(source):
    runs = text.emphasis(source)
    printed = "".join(t for t, _ in runs)
    assert printed.replace("*", "") == source.replace("\\*", "*").replace("*", "")
    assert all(font in (fonts.SERIF, fonts.SERIF_BOLD, fonts.SERIF_ITALIC, fonts.SERIF_BOLD_ITALIC)
               for _, font in runs)


# The shared wrappers stand on it ----------------------------------------------------------------------

def test_sheet_paragraph_height_is_where_paragraph_ends():
    style = sheet_draw.Style()
    body = "A paragraph of a sheet that runs over a few lines of a narrow column. " * 3
    c = Recorder()
    end = sheet_draw.paragraph(c, 0, 400, 90, body, style, 7)
    assert 400 - end == pytest.approx(sheet_draw.paragraph_height(body, style, 90, 7))
    assert [t for *_, t, _, _ in c.drawn] == text.wrap_text(body, fonts.SERIF, 7, 90)


def test_sheet_text_fit_never_goes_below_its_floor():
    assert sheet_draw.text_fit("a long label for a little box", fonts.SERIF, 10, 20) == sheet_draw.MIN_TYPE
    fits = sheet_draw.text_fit("short", fonts.SERIF, 10, 200)
    assert fits == 10


def test_wrap_runs_lines_read_back_as_the_runs():
    runs = [(fonts.SERIF_BOLD, "Name"), (fonts.MONO, " SDR 3"), (fonts.SERIF, "  what the spell does, at length")]
    lines = sheet_draw.wrap_runs(runs, 8, 90, indent=10)
    assert len(lines) > 1
    assert " ".join("".join(t for _, t in line) for line in lines).split() == given_words([(t, f) for f, t in runs])
    assert lines[0][1] == (fonts.MONO, " SDR")  # white space as written, in its run's font


def test_text_broken_once_per_process_is_the_text_broken_afresh():
    from printgen.render import fonts as pg_fonts
    from printgen.render import text as engine

    pg_fonts.register_symbols()
    paragraphs = [[("A sword of the Commercial At, notched \u2620 twice and kept", pg_fonts.SERIF)],
                  [("Hit points", pg_fonts.SERIF_BOLD), (" and more words than a line holds", pg_fonts.SERIF)]]
    afresh = engine.set_words((engine.words(p) for p in paragraphs), 9, 80, 6)
    first = engine.lines(paragraphs, 9, 80, 6)
    first.clear()  # a caller's list is its own
    assert engine.lines(iter(paragraphs), 9, 80, 6) == afresh and len(afresh) > 2
    fitted = engine.fit(paragraphs, 80, 40, 10, 5)
    assert fitted == engine._fit.__wrapped__(tuple(map(tuple, paragraphs)), 80, 40, 10, 5, 0.25, None, 0.0, False,
                                             engine.Spacing(), False)
    assert engine.fit(iter(paragraphs), 80, 40, 10, 5) is fitted


def test_text_kept_once_broken_is_bounded_and_still_serves_what_repeats():
    """What is kept of text broken and fitted is at most LINES_KEPT paragraphs each: a booklet's key, whose every
    entry is its own, had filled 16,384 of them (28 MiB of a 20-level booklet); a label set again after many
    others of one sheet is still found."""
    label = [("Hit points", fonts.SERIF)]
    text.lines([label], 8, 100)
    text.fit([label], 100, 20, 9, 6)
    for n in range(text.LINES_KEPT + 50):
        entry = [(f"Area {n}: a room of its own, its words set once", fonts.SERIF)]
        text.lines([entry], 8, 100)
        text.fit([entry], 100, 20, 9, 6)
        if n % 100 == 0:  # a sheet sets its labels again between its own words
            text.lines([label], 8, 100)
            text.fit([label], 100, 20, 9, 6)
    assert text._lines.cache_info().currsize <= text.LINES_KEPT
    assert text._fit.cache_info().currsize <= text.LINES_KEPT
    hits = text._lines.cache_info().hits
    text.lines([label], 8, 100)
    assert text._lines.cache_info().hits == hits + 1

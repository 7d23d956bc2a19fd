"""A seed code, a PDF or a file name from someone else is untrusted: one clear line, exit 2, nothing written."""

import os
import signal
import stat
import time

import pytest
from pdfutil import page_texts, run_cli

from printgen.errors import PrintgenError
from printgen.render import output, text


def refused(result, words):
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("code, words", [
    ("pg4:graph-paper:generic:x:format=pdf%2F..%2F..%2Fescaped", "--format must be one of pdf, png"),
    ("pg4:graph-paper:generic:x:path=%2Fetc%2Fpasswd", "no option 'path' for graph paper"),
    ("pg4:graph-paper:generic:x:dpi=100", "--ppi is for format png"),
    ("pg4:graph-paper:generic:x:dpi=9000,format=png", "--ppi must be a whole number from 50 to 600"),
    ("pg4:graph-paper:generic:x:pages=2,pages=3", "gives the option 'pages' twice"),
    ("pg4:graph-paper:generic:x:pages=03", "pages must be a whole number from 1 to 500, not '03'"),
    ("pg4:graph-paper:generic:x:pages=%C2%B3", "pages must be a whole number"),
    ("pg4:graph-paper:generic:x%zz:", "broken %-escape"),
    ("pg4:graph-paper:generic:x:bogus=1", "no option 'bogus'"),
    ("pg4:sheet:roguelike:x:fillable=maybe", "fillable must be yes or no, not 'maybe'"),
    ("pg4:deck:roguelike:x:card-size=POKER,deck=loot", "card-size must be one of"),
    ("pg4:deck:roguelike:x:back-offset=nanx0,deck=loot", "back-offset 'nanx0' is not in the form"),
    ("pg4:deck:roguelike:x:card-size=63x88MM,deck=loot", "card-size must be one of"),
    ("pg4:deck:roguelike:x:card-size=63.5x88.9mm,deck=loot", "is the poker size, which printgen writes poker"),
    ("pg4:deck:roguelike:x:card-size=9x9mm,deck=loot", "a width of 9 mm; give each side from 20 to 300 mm"),
    ("pg4:deck:roguelike:x:card-size=1e3x88mm,deck=loot", "card-size must be one of"),
    ("pg4:deck:roguelike:x:deck=loot,deck-card=middle", "--deck-card must be one of first, last, none"),
    ("pg4:deck:generic:x:deck=custom,rows=1%2C2", "--rows '1,2' is not in the form printgen writes"),
    ("pg4:deck:generic:x:deck=custom,rows=0", "--rows '0' is not in the form printgen writes"),
    ("pg4:deck:generic:x:deck=custom,draft=maybe", "--draft must be yes or no"),
    ("pg4:dungeon:roguelike:x:levels=03", "levels must be a whole number from 1 to 20, not '03'"),
    ("pg¹:graph-paper:generic:x:", "has no format version"),
    ("pg4:graph-paper:generic:" + "x" * 2500 + ":", "a seed code is at most"),
])
def test_hostile_seed_codes_are_refused(tmp_path, code, words):
    result = run_cli("reproduce", code, "-o", str(tmp_path / "out.pdf"))
    refused(result, words)
    assert list(tmp_path.iterdir()) == []


def test_a_long_code_is_read_as_a_code_not_a_file_name(tmp_path):
    seed = "y" * 232  # a code of 264 characters: longer than a file name may be
    result = run_cli("reproduce", f"pg4:graph-paper:generic:{seed}:pages=1", "-o", str(tmp_path / "long.pdf"))
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("args, words", [
    (["graph-paper", "--seed", "bad\udcffbytes"], "control characters"),
    (["deck", "loot", "--back-offset", "nan,0"], "not two numbers"),
    (["deck", "loot", "--back-offset", "inf,0"], "not two numbers"),
    (["deck", "loot", "--back-offset", "1_0,0"], "not two numbers"),
    (["deck", "loot", "--back-offset", "1e1,0"], "not two numbers"),
    (["deck", "loot", "--bleed", "1_0"], "not a number"),
    (["deck", "loot", "--gutter", "٣"], "not a number"),
    (["dungeon", "--system", "roguelike", "--levels", "²"], "whole number"),
])
def test_hostile_options_are_refused(tmp_path, args, words):
    refused(run_cli(*args, "-o", str(tmp_path / "out.pdf")), words)
    assert list(tmp_path.iterdir()) == []


def test_output_names_that_cannot_be_written(tmp_path):
    refused(run_cli("graph-paper", "-o", str(tmp_path / ("n" * 300 + ".pdf"))), "longer than 255 bytes")
    refused(run_cli("graph-paper", "-o", str(tmp_path / "newdir") + "/"), "names a folder")
    assert not (tmp_path / "newdir").exists()
    (tmp_path / "plain").write_text("x")
    refused(run_cli("graph-paper", "-o", str(tmp_path / "plain" / "x.pdf")), "is a file, not a folder")
    refused(run_cli("graph-paper", "-o", os.devnull, "--force"), "not a regular file")


def test_force_never_replaces_the_decks_own_data(tmp_path):
    data = tmp_path / "cards.csv"
    data.write_text("title,body,count\nA,b,1\n")
    refused(run_cli("deck", "custom", "--data", str(data), "-o", str(data), "--force"), "own data file")
    assert data.read_text().startswith("title")


def test_no_seed_is_printed_before_an_already_exists_refusal(tmp_path):
    target = tmp_path / "taken.pdf"
    target.write_bytes(b"keep")
    result = run_cli("graph-paper", "-o", str(target))
    refused(result, "already exists")
    assert "seed:" not in result.stderr and target.read_bytes() == b"keep"


def test_written_files_follow_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        path = output.write_atomic(tmp_path / "a.pdf", b"%PDF", force=False)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_mid_write_leaves_no_part_file(tmp_path, monkeypatch, signum):
    real_fsync = os.fsync

    def killed(fd):
        real_fsync(fd)
        os.kill(os.getpid(), signum)

    monkeypatch.setattr(os, "fsync", killed)
    before = signal.getsignal(signum)  # what the process had (under nohup, SIGHUP is ignored)
    with pytest.raises(KeyboardInterrupt):
        output.write_atomic(tmp_path / "a.pdf", b"%PDF", force=False)
    assert list(tmp_path.iterdir()) == []
    assert signal.getsignal(signum) == before, "the handler the write put in place is taken away again"


def test_stale_part_files_are_swept(tmp_path):
    stale, fresh = tmp_path / ".a.pdf.old.part", tmp_path / ".a.pdf.new.part"
    stale.write_bytes(b"x")
    fresh.write_bytes(b"x")
    long_ago = time.time() - 2 * output.STALE_PART_SECONDS
    os.utime(stale, (long_ago, long_ago))
    output.write_atomic(tmp_path / "a.pdf", b"%PDF", force=False)
    assert not stale.exists() and fresh.exists()


def test_a_full_disk_is_one_clear_line(tmp_path, monkeypatch):
    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(PrintgenError, match="the disk is full; nothing was written"):
        output.write_atomic(tmp_path / "a.pdf", b"%PDF" * 10000, force=False)
    assert list(tmp_path.iterdir()) == []


def test_a_long_seed_code_stays_readable_on_the_page(tmp_path):
    seed = "a-long-shared-seed-" * 6
    out = tmp_path / "long.pdf"
    result = run_cli("graph-paper", "--seed", seed, "-o", str(out))
    assert result.returncode == 0, result.stderr
    code = result.stderr.split("seed code: ")[1].strip()
    text = "".join(page_texts(out)[0].split())
    assert code in text
    refused(run_cli("graph-paper", "--seed", "x" * 400, "-o", str(tmp_path / "no.pdf")), "use a shorter seed")


def test_pdfs_that_are_not_printgen_files_are_one_line(tmp_path):
    import pikepdf

    plain = tmp_path / "plain.pdf"
    pikepdf.new().save(plain)
    with pikepdf.open(plain) as pdf:
        pdf.save(tmp_path / "locked.pdf", encryption=pikepdf.Encryption(owner="o", user="u"))
    (tmp_path / "junk.pdf").write_bytes(os.urandom(300))
    os.mkfifo(tmp_path / "pipe.pdf")
    for name, words in [("locked.pdf", "is encrypted"), ("junk.pdf", "is not a PDF, zip or picture"),
                        ("pipe.pdf", "not a regular file"), ("plain.pdf", "no printgen seed code")]:
        refused(run_cli("reproduce", str(tmp_path / name), "-o", str(tmp_path / "out.pdf")), words)
    refused(run_cli("reproduce", "/dev/zero", "-o", str(tmp_path / "out.pdf")), "not a regular file")
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("content, words", [
    ('a: &a ["x", "x"]\nb: &b [*a, *a]\ncards: [*b, *b]\n', "aliases (*name) are not allowed"),
    ("cards:" + " [" * 5000 + "\n", "nested more than"),
])
def test_yaml_bombs_are_refused_before_they_grow(tmp_path, content, words):
    path = tmp_path / "deck.yaml"
    path.write_text(content)
    refused(run_cli("deck", "custom", "--data", str(path), "-o", str(tmp_path / "out.pdf")), words)
    assert not (tmp_path / "out.pdf").exists()


def test_deck_data_that_is_not_a_small_regular_file_is_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe.csv")
    refused(run_cli("deck", "custom", "--data", str(tmp_path / "pipe.csv"), "-o", str(tmp_path / "o.pdf")),
            "not a regular file")
    refused(run_cli("deck", "custom", "--data", "/dev/zero", "-o", str(tmp_path / "o.pdf")), "not a regular file")
    big = tmp_path / "big.csv"
    big.write_bytes(b"title,body\n" + b"x" * (5 * 1024 * 1024))
    refused(run_cli("deck", "custom", "--data", str(big), "-o", str(tmp_path / "o.pdf")), "larger than")
    many = tmp_path / "many.csv"
    many.write_text("title,body,count\n" + "".join(f"C{i},text,500\n" for i in range(11)))
    refused(run_cli("deck", "custom", "--data", str(many), "-o", str(tmp_path / "o.pdf")), "at most 5000 in one file")


def test_a_very_long_word_is_refused_or_broken_in_linear_time(tmp_path, monkeypatch):
    """Counted in letters measured, not in seconds: it took 27 s when each cut measured every shorter prefix."""
    long_word = tmp_path / "long.csv"
    letters = 24000
    long_word.write_text("title,body\nLong," + "x" * letters + "\n")
    measured = [0]
    string_width = text.pdfmetrics.stringWidth

    def counting(part, *args, **kwargs):
        measured[0] += len(part)
        return string_width(part, *args, **kwargs)

    text.width.cache_clear()
    monkeypatch.setattr(text.pdfmetrics, "stringWidth", counting)
    refused(run_cli("deck", "custom", "--data", str(long_word), "--seed", "s", "-o", str(tmp_path / "o.pdf")),
            "does not fit")
    assert measured[0] < 10 * letters, f"{measured[0]:,} letters measured for a word of {letters:,}"
    monkeypatch.undo()
    text.width.cache_clear()
    fits = tmp_path / "fits.csv"
    fits.write_text("title,body\nLong," + "x" * 900 + "\n")
    result = run_cli("deck", "custom", "--data", str(fits), "-o", str(tmp_path / "fits.pdf"))
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("card_size", ["poker", "mini"])  # the footer under the block, and up the margin
def test_a_long_seed_code_stays_readable_on_card_sheets(tmp_path, card_size):
    out = tmp_path / "cards.pdf"
    result = run_cli("deck", "loot", "--system", "roguelike", "--card-size", card_size,
                     "--seed", "a-long-shared-seed-" * 6, "-o", str(out))
    assert result.returncode == 0, result.stderr
    code = result.stderr.split("seed code: ")[1].strip()
    assert code in "".join(page_texts(out)[0].split())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_longest_seed_code_prints_at_six_points_on_two_lines_at_most(paper):
    from printgen.render import fonts
    from printgen.render.canvas import MIN_FOOTER_SIZE, footer_lines
    from printgen.seed import PRINTED_CODE_LENGTH, SeedCode
    from printgen.units import PAPERS, mm

    fonts.register_reportlab_fonts()
    code = SeedCode.make("graph-paper", "generic", "y" * (PRINTED_CODE_LENGTH - 32), {"pages": 1})
    assert len(str(code)) == PRINTED_CODE_LENGTH
    width = PAPERS[paper].width - 2 * mm(10)
    size, lines = footer_lines(code, 999, 999, width)
    assert size >= MIN_FOOTER_SIZE == 6.0 and len(lines) == 2
    assert all(text.measure(line, fonts.MONO, size) <= width for line in lines)
    assert str(code) in "".join(lines)
    longer = str(code).replace(":pages=1", "y:pages=1")
    refused(run_cli("reproduce", longer), f"at most {PRINTED_CODE_LENGTH} characters")


def test_every_error_a_user_can_meet_is_a_printgen_error():
    """Bad dice notation, a malformed table and a level the engine refuses reach the command line as one line,
    exit code 2, like every other refusal: each is a PrintgenError."""
    from printgen.cards.face_parts import CardTooFull
    from printgen.dice import DiceError, parse
    from printgen.systems.rlrl.level import LevelError
    from printgen.tables import TableError

    for error in (DiceError, TableError, LevelError, CardTooFull):
        assert issubclass(error, PrintgenError), error
    with pytest.raises(PrintgenError, match="names no dice"):
        parse("d")


@pytest.mark.parametrize("kind", ["csv", "yaml"])
def test_a_megabyte_of_text_on_one_card_is_refused_as_the_file_is_read(tmp_path, kind):
    """More text on a card than any card holds is refused when the deck file is read, before any fitting
    (bench: benchmarks/long_card_text.py)."""
    import csv

    path = tmp_path / f"long.{kind}"
    if kind == "csv":
        with path.open("w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([["title", "body"], ["Long", "word " * 200_000]])
    else:
        path.write_text("- title: Long\n  body: " + "word " * 200_000 + "\n", encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run_cli("deck", "custom", "--data", str(path), "--seed", "s", "-o", str(out))
    refused(result, "more than any card holds (at most 50,000); shorten it")
    assert not out.exists()


def test_the_bound_on_a_card_s_text_is_more_than_the_largest_card_holds_in_the_smallest_type():
    """The narrowest words at the smallest size a layout may ask for, on the largest card, stop short of
    MAX_CARD_TEXT: nothing refused for its length could have been printed."""
    from printgen.cards import custom, text
    from printgen.cards.card_design import MIN_TEXT_SIZE
    from printgen.cards.model import Paragraph
    from printgen.cards.sizes import CARD_SIZES
    from printgen.render import fonts

    fonts.register_reportlab_fonts()
    largest = max(CARD_SIZES.values(), key=lambda size: size.width * size.height)
    narrowest = ("i " * custom.MAX_CARD_TEXT)[:custom.MAX_CARD_TEXT]
    assert text.fit([Paragraph(narrowest)], largest.width, largest.height, MIN_TEXT_SIZE, MIN_TEXT_SIZE) is None
    shorter = narrowest[:custom.MAX_CARD_TEXT // 2]
    assert text.fit([Paragraph(shorter)], largest.width, largest.height, MIN_TEXT_SIZE, MIN_TEXT_SIZE) is not None


# A custom deck's icons, the layouts it extends and the studio's uploads come from anyone too ----------------

def hostile_deck(tmp_path, text: str, layout: str = "elements:\n  - type: text\n    text: '{title} {text}'\n"):
    folder = tmp_path / "deck"
    (folder / "pictures").mkdir(parents=True)
    (folder / "deck.csv").write_text(f'title,text\nA,"{text}"\n')
    (folder / "layout.yaml").write_text(layout)
    return folder


@pytest.mark.parametrize("text, words", [
    ("{icon:pictures/link.svg}", "goes through a symbolic link"),
    ("{icon:pictures/outside.svg}", "the SVG refers to 'file:///etc/passwd#x'"),
    ("{icon:pictures/bomb.svg}", "aliases"),
    ("{icon:../deck/pictures/x.png}", "leads out of the data file's folder"),
    ("{icon:" + "a" * 5000 + "}", "no icon"),
    ("{color:red|" * 3000 + "x", "span is not closed"),
])
def test_hostile_icons_in_a_decks_text_are_refused_in_one_line(tmp_path, text, words):
    folder = hostile_deck(tmp_path, text)
    (tmp_path / "elsewhere.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    os.symlink(tmp_path / "elsewhere.svg", folder / "pictures" / "link.svg")
    (folder / "pictures" / "outside.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><use href="file:///etc/passwd#x"/></svg>')
    (folder / "pictures" / "bomb.svg").write_text(
        '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">'
        '<text>&b;</text></svg>')
    result = run_cli("deck", "custom", "--data", "deck.csv", "--card-layout", "layout.yaml", "-o", "out.pdf",
                     cwd=folder)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr and not (folder / "out.pdf").exists()
    if words != "aliases":  # an SVG with a DOCTYPE is refused for its DOCTYPE, whatever it holds
        assert words in result.stderr, result.stderr


@pytest.mark.parametrize("base, words", [
    ("a: &a [1]\nb: *a\n", "base.yaml: line 2, column 4: aliases (*name) are not allowed"),
    ("elements:\n" + "  - type: rect\n" * 20000, "larger than 256 KiB; a layout is smaller than that"),
    ("extends: base.yaml\n", "the layouts extend each other in a circle"),
    ("extends: /etc/base.yaml\n", "'/etc/base.yaml' is not a path inside the data file's folder"),
    ("extends: /dev/zero\n", "a layout extends a built-in layout"),
])
def test_a_hostile_layout_to_extend_is_refused_in_one_line(tmp_path, base, words):
    folder = hostile_deck(tmp_path, "x", layout="extends: base.yaml\n")
    (folder / "base.yaml").write_text(base)
    refused(run_cli("deck", "custom", "--data", "deck.csv", "--card-layout", "layout.yaml", "-o", "out.pdf",
                    cwd=folder), words)
    assert not (folder / "out.pdf").exists()

"""A custom deck's own files: its seed code names them with no absolute path, and `reproduce` finds them again
beside the PDF or in --data-dir, or says which files it needs and where it looked."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from byte_identity_cases import CASES
from pdfutil import open_pdf, page_texts, run_cli, subject

from printgen.cli import cli
from printgen.commands import code_from
from printgen.products import all_products
from printgen.seed import SeedCode

ROOT = Path(__file__).parent.parent
PRIVATE = "my-private-folder"
ABSOLUTE = re.compile(r"(^|[=,:])(/|~|[A-Za-z]:[\\/]|%2F|%5C)", re.I)


@pytest.fixture
def deck_folder(tmp_path):
    """The example deck (data, layout, pictures) in a folder whose name is private, apart from where commands
    run."""
    folder = tmp_path / PRIVATE / "lantern"
    exported = tmp_path / "exported"
    assert run_cli("templates", "export", str(exported)).returncode == 0
    shutil.copytree(exported / "cards" / "example", folder)
    (tmp_path / "work").mkdir()
    (tmp_path / "elsewhere").mkdir()
    return folder


def make(deck_folder, *args):
    work = deck_folder.parent.parent / "work"
    result = run_cli("deck", "custom", "--data", str(deck_folder / "lantern-crawl.csv"), "--card-layout",
                     str(deck_folder / "layout.yaml"), "--seed", "files", "-o", "deck.pdf", *args, cwd=work)
    assert result.returncode == 0, result.stderr
    return work / "deck.pdf", result


def test_a_deck_made_from_files_elsewhere_names_them_by_name_alone(deck_folder):
    pdf, result = make(deck_folder)
    code = SeedCode.parse(subject(open_pdf(pdf)))
    options = dict(code.options)
    assert options["data"] == "lantern-crawl.csv" and options["card-layout"] == "layout.yaml"
    assert re.fullmatch("[0-9a-f]{16}", options["data-sha256"]) and re.fullmatch("[0-9a-f]{16}",
                                                                              options["pictures-sha256"])
    # Nowhere in the file or on the terminal: its metadata, its footer, the QR on its first page.
    assert PRIVATE not in str(code) and PRIVATE not in result.stderr
    assert not any(PRIVATE in text for text in page_texts(pdf))
    shown = subprocess.run(["pdftoppm", "-r", "200", "-png", "-f", "1", "-l", "1", str(pdf), str(pdf.with_suffix(""))],
                           check=True)
    assert shown.returncode == 0
    scanned = subprocess.run(["zbarimg", "--quiet", "--raw", str(next(pdf.parent.glob("deck-*.png")))],
                             capture_output=True, text=True)
    assert str(code) in scanned.stdout and PRIVATE not in scanned.stdout


def test_a_deck_made_from_files_below_the_folder_the_command_runs_in_names_them_from_there(deck_folder):
    top = deck_folder.parent
    result = run_cli("deck", "custom", "--data", "lantern/lantern-crawl.csv", "--card-layout",
                     str(deck_folder / "layout.yaml"), "--seed", "files", "-o", "deck.pdf", cwd=top)
    assert result.returncode == 0, result.stderr
    options = dict(SeedCode.parse(subject(open_pdf(top / "deck.pdf"))).options)
    assert options["data"] == "lantern/lantern-crawl.csv" and options["card-layout"] == "layout.yaml"


def test_reproduce_finds_the_files_beside_the_pdf_from_anywhere(deck_folder):
    pdf, _ = make(deck_folder)
    beside = deck_folder / "deck.pdf"
    shutil.copy(pdf, beside)
    elsewhere = deck_folder.parent.parent / "elsewhere"
    result = run_cli("reproduce", str(beside), "-o", "again.pdf", cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    assert (elsewhere / "again.pdf").read_bytes() == pdf.read_bytes()


def test_reproduce_finds_the_files_in_data_dir(deck_folder):
    pdf, _ = make(deck_folder)
    elsewhere = deck_folder.parent.parent / "elsewhere"
    result = run_cli("reproduce", str(pdf), "--data-dir", str(deck_folder), "-o", "again.pdf", cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    assert (elsewhere / "again.pdf").read_bytes() == pdf.read_bytes()
    by_code = run_cli("reproduce", subject(open_pdf(pdf)), "--data-dir", str(deck_folder), "-o", "code.pdf",
                      cwd=elsewhere)
    assert by_code.returncode == 0 and (elsewhere / "code.pdf").read_bytes() == pdf.read_bytes()


def test_reproduce_without_the_files_says_which_it_needs_and_where_it_looked(deck_folder):
    pdf, _ = make(deck_folder)
    lonely = deck_folder.parent.parent / "elsewhere" / "lonely"
    lonely.mkdir()
    shutil.copy(pdf, lonely / "deck.pdf")
    empty = deck_folder.parent.parent / "empty"
    empty.mkdir()
    result = run_cli("reproduce", "lonely/deck.pdf", "--data-dir", str(empty), "-o", "again.pdf",
                     cwd=lonely.parent)
    assert result.returncode == 2 and not (lonely.parent / "again.pdf").exists()
    [line] = result.stderr.splitlines()
    assert "lantern-crawl.csv (sha256 " in line and "layout.yaml (sha256 " in line and "pictures" in line
    assert "the current folder" in line and "lonely/" in line and f"{empty}/" in line
    assert "--data-dir" in line and not re.search(r"--data\b(?!-dir)|--card-layout", line)
    # Reproduce takes what the message asks for.
    assert "--data-dir" in run_cli("reproduce", "--help").stdout


def test_a_changed_file_beside_the_pdf_is_refused_and_the_original_in_data_dir_is_found(deck_folder):
    pdf, _ = make(deck_folder)
    copy = deck_folder.parent.parent / "elsewhere" / "copy"
    shutil.copytree(deck_folder, copy)
    shutil.copy(pdf, copy / "deck.pdf")
    with (copy / "lantern-crawl.csv").open("a") as handle:
        handle.write("Extra,Item,,,Item,A new card.,,,1,Treasure\n")
    changed = run_cli("reproduce", str(copy / "deck.pdf"), "-o", "a.pdf", cwd=copy.parent)
    assert changed.returncode == 2 and "changed" in changed.stderr
    found = run_cli("reproduce", str(copy / "deck.pdf"), "--data-dir", str(deck_folder), "-o", "b.pdf",
                    cwd=copy.parent)
    assert found.returncode == 0, found.stderr
    assert (copy.parent / "b.pdf").read_bytes() == pdf.read_bytes()


def _code_of(args: list[str]) -> SeedCode:
    """The seed code a command line makes, read as the command does, without making the file."""
    product = all_products()[args[0]]
    context = cli.commands[args[0]].make_context(args[0], list(args[1:]))
    given = {name: value for name, value in context.params.items() if name not in ("seed", "out", "force", "quiet")}
    code, _ = code_from(product, given, context.params["seed"] or "x")
    return code


def test_no_seed_code_of_any_product_holds_an_absolute_path(deck_folder, monkeypatch):
    """Every recorded product's code (tests/byte_identity_cases.py), and custom decks whose files were given
    by absolute paths, from inside and outside the folder the command runs in."""
    monkeypatch.chdir(ROOT)
    codes = [_code_of(args) for args in CASES]
    monkeypatch.chdir(deck_folder.parent.parent / "work")
    data, layout = str(deck_folder / "lantern-crawl.csv"), str(deck_folder / "layout.yaml")
    codes.append(_code_of(["deck", "custom", "--data", data, "--card-layout", layout, "--seed", "x"]))
    codes.append(_code_of(["deck", "custom", "--data", str(ROOT / "tests" / "fixtures" / "custom-deck.csv"),
                           "--seed", "x", "--vendor", "drivethrucards"]))
    monkeypatch.chdir(deck_folder.parent)
    codes.append(_code_of(["deck", "custom", "--data", data, "--card-layout", layout, "--seed", "x"]))
    assert len(codes) == len(CASES) + 3
    for code in codes:
        for name, value in code.options:
            assert not ABSOLUTE.search(f"={value}"), (str(code), name)
        assert PRIVATE not in str(code) and str(ROOT) not in str(code)

"""A deck as pictures: a PNG of each card (--format png --each) named by --names, into a folder or a zip, and a
fanned hand (--format png --hand N) on a transparent background, read back pixel by pixel."""

from __future__ import annotations

import errno
import io
import os
import zipfile

import pytest
from pdfutil import run_cli
from PIL import Image
from test_layouts import deck_folder, make, png, refused

from printgen.errors import PrintgenError
from printgen.render import output

LAYOUT = """\
elements:
  - type: rect
    fill: "#f4efe4"
    stroke: none
  - type: rect
    x: 0
    y: 0
    width: 50%
    height: 50%
    fill: "#ff0000"
    stroke: none
  - type: text
    text: "{title}"
    y: 60%
    height: 20%
"""
ROWS = "title,kind,count\nFire Bolt,Spell,2\nLantern,Gear,1\nOld Map,Gear,1\n"


def pictures(tmp_path, *extra: str, out: str = "cards.zip"):
    folder = deck_folder(tmp_path, LAYOUT, ROWS)
    result = make(folder, "--format", "png", *extra, out=out)
    return folder, result


def test_each_card_is_a_png_of_its_trimmed_face_at_the_ppi_named_by_its_number_and_title(tmp_path):
    folder, result = pictures(tmp_path, "--each", "--ppi", "100")
    assert result.returncode == 0, result.stderr
    with zipfile.ZipFile(folder / "cards.zip") as archive:
        names = archive.namelist()
        assert names == ["01-Fire Bolt.png", "02-Fire Bolt.png", "03-Lantern.png", "04-Old Map.png"]
        image = Image.open(io.BytesIO(archive.read("03-Lantern.png"))).convert("RGB")
    assert image.size == (250, 350)  # 2.5 × 3.5 in at 100 dpi: the trimmed card, no bleed
    assert image.getpixel((5, 5)) == (255, 0, 0) and image.getpixel((120, 170)) == (255, 0, 0)  # its top left half
    assert image.getpixel((130, 5)) == (244, 239, 228) and image.getpixel((5, 180)) == (244, 239, 228)
    assert image.info.get("dpi") and round(image.info["dpi"][0]) == 100


def test_names_come_from_columns_keep_whole_deck_numbers_with_rows_and_refuse_two_alike(tmp_path):
    folder, result = pictures(tmp_path / "a", "--each", "--ppi", "50", "--rows", "3-4",
                              "--names", "{kind}/{@number} {title}.png")
    assert result.returncode == 0, result.stderr
    with zipfile.ZipFile(folder / "cards.zip") as archive:
        assert archive.namelist() == ["Gear-03 Lantern.png", "Gear-04 Old Map.png"]  # a / is no folder
    folder, result = pictures(tmp_path / "b", "--each", "--names", "{title}.png")
    refused(result, "--names '{title}.png' names cards 1 and 2 both 'Fire Bolt.png'; put {@number} in --names")
    assert not (folder / "cards.zip").exists()
    folder, result = pictures(tmp_path / "c", "--each", "--names", "{@number}-{titel}.png")
    refused(result, "no column {titel}")
    folder, result = pictures(tmp_path / "d", "--each", "--names", "{@number}.jpg")
    refused(result, "a picture's name ends in .png")
    assert not any(path.suffix in (".zip", ".png") for path in folder.iterdir())


def test_a_hand_fans_the_first_cards_on_a_transparent_background(tmp_path):
    folder, result = pictures(tmp_path, "--hand", "3", "--ppi", "60", out="hand.png")
    assert result.returncode == 0, result.stderr
    image = Image.open(folder / "hand.png")
    assert image.mode == "RGBA"
    width, height = image.size
    card_w, card_h = 150, 210  # a poker card at 60 dpi
    assert card_w * 1.5 < width < card_w * 3 and card_h < height < card_h * 1.4
    alpha = image.getchannel("A")
    assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((width - 1, 0)) == 0  # see-through around the cards
    assert alpha.getpixel((width // 2, height // 2)) == 255

    def top(x: int) -> int:  # the first row a card covers in column x
        return next(y for y in range(height) if alpha.getpixel((x, y)) > 128)

    # held as a hand: the middle card stands highest, the outer ones turned down either side of it
    assert top(width // 2) + 5 < top(width * 12 // 100) and top(width // 2) + 5 < top(width * 88 // 100)
    folder, result = pictures(tmp_path / "big", "--hand", "9", out="hand.png")
    refused(result, "a hand of 9 cards, but the deck prints 4")
    assert not (folder / "hand.png").exists()


def test_each_and_hand_are_one_or_the_other_and_only_with_png(tmp_path):
    folder, result = pictures(tmp_path, "--each", "--hand", "3", out="x.png")
    refused(result, "--each makes a picture of each card and --hand one of a hand")
    folder = deck_folder(tmp_path / "pdf", LAYOUT, ROWS)
    result = make(folder, "--hand", "3")
    refused(result, "--hand is for format png")
    assert not (folder / "out.pdf").exists()
    refused(make(folder, "--format", "png", "--names", "{title}.png", out="x.png"),
            "--names names the pictures of --each; give --each too")


def _pngs(folder):
    return sorted(path.name for path in folder.iterdir())


def test_each_writes_a_png_file_of_each_card_into_a_folder_by_default_or_the_one_o_names(tmp_path):
    folder = deck_folder(tmp_path, LAYOUT, ROWS)
    result = run_cli("deck", "custom", "--data", "deck.csv", "--card-layout", "layout.yaml", "--seed", "s",
                     "--format", "png", "--each", "--ppi", "100", cwd=folder)
    assert result.returncode == 0, result.stderr
    made = [path for path in (folder / "output").iterdir()]
    assert len(made) == 1 and made[0].is_dir() and made[0].name.startswith("deck-custom-")  # beside other output
    assert _pngs(made[0]) == ["01-Fire Bolt.png", "02-Fire Bolt.png", "03-Lantern.png", "04-Old Map.png"]
    image = Image.open(made[0] / "03-Lantern.png")
    assert image.size == (250, 350) and round(image.info["dpi"][0]) == 100
    assert image.convert("RGB").getpixel((5, 5)) == (255, 0, 0)
    assert "pg4:deck:generic:s:" in image.info["Comment"] and "ppi=100" in image.info["Comment"]  # reproduces

    for out in ("cards", "more/cards/"):  # a new folder, named with or without its slash
        result = make(folder, "--format", "png", "--each", "--ppi", "50", out=out)
        assert result.returncode == 0, result.stderr
        assert _pngs(folder / out) == _pngs(made[0])
    (folder / "mine").mkdir()  # a folder that exists: the pictures join what is in it
    (folder / "mine" / "notes.txt").write_text("kept")
    assert make(folder, "--format", "png", "--each", "--ppi", "50", out="mine").returncode == 0
    assert _pngs(folder / "mine") == [*_pngs(made[0]), "notes.txt"]
    before = (folder / "mine" / "01-Fire Bolt.png").stat().st_mtime_ns
    refused(make(folder, "--format", "png", "--each", "--ppi", "60", out="mine"),  # before a card is drawn
            "mine/01-Fire Bolt.png already exists; pass --force")
    assert (folder / "mine" / "01-Fire Bolt.png").stat().st_mtime_ns == before
    assert _pngs(folder / "mine") == [*_pngs(made[0]), "notes.txt"]  # no part folder left
    assert make(folder, "--format", "png", "--each", "--ppi", "60", "--force", out="mine").returncode == 0
    assert Image.open(folder / "mine" / "01-Fire Bolt.png").size == (150, 210)


def test_each_refuses_a_name_that_is_no_folder_in_one_line_and_writes_nothing(tmp_path):
    folder = deck_folder(tmp_path, LAYOUT, ROWS)
    (folder / "notes").write_text("a file")
    refused(make(folder, "--format", "png", "--each", out="notes"), "notes is a file, not a folder")
    refused(make(folder, "--format", "png", "--each", out="cards.png"),
            "give -o a folder (-o cards) or a zip (-o cards.zip)")
    refused(make(folder, "--format", "png", "--each", out="notes/cards"), "notes is a file, not a folder")
    refused(make(folder, "--format", "png", "--each", "--names", "{title}.png", out="a/b/"), "both 'Fire Bolt.png'")
    refused(make(folder, out="x/"), "-o x/ names a folder; give a file name")  # a PDF is one file
    assert _pngs(folder) == ["deck.csv", "layout.yaml", "notes"]
    (folder / "art").mkdir()  # the designer's own picture, by chance named as a card's would be
    (folder / "art" / "03-Lantern.png").write_bytes(png())
    refused(make(folder, "--format", "png", "--each", "--force", out="art"),
            "art/03-Lantern.png is no picture printgen made, and printgen overwrites only its own, even with --force")
    assert _pngs(folder / "art") == ["03-Lantern.png"] and (folder / "art" / "03-Lantern.png").read_bytes() == png()
    alike = deck_folder(tmp_path / "alike", LAYOUT, "title,text\nLantern,a\nLANTERN,b\n")
    refused(make(alike, "--format", "png", "--each", "--names", "{title}.png", out="cards"),
            "names cards 1 and 2 both 'Lantern.png' and 'LANTERN.png'")  # one file where case is ignored


def test_ppi_is_the_pictures_resolution_and_dpi_its_former_name_still_read(tmp_path):
    folder = deck_folder(tmp_path, LAYOUT, ROWS)
    result = make(folder, "--format", "png", "--each", "--dpi", "60", out="old.zip")
    assert result.returncode == 0, result.stderr
    assert "ppi=60" in result.stderr and "dpi" not in result.stderr  # the seed code says it by its name now
    with zipfile.ZipFile(folder / "old.zip") as archive:
        assert Image.open(io.BytesIO(archive.read("01-Fire Bolt.png"))).size == (150, 210)
    code = result.stderr.split("seed code: ")[1].split()[0].replace("ppi=60", "dpi=60")  # a code made before
    result = run_cli("reproduce", code, "-o", "again", cwd=folder)
    assert result.returncode == 0, result.stderr
    assert Image.open(folder / "again" / "01-Fire Bolt.png").size == (150, 210)
    refused(make(folder, "--format", "png", "--ppi", "60", "--dpi", "70", out="x.zip"),
            "--ppi is given twice, also by its former name --dpi")
    shown = run_cli("graph-paper", "--help").stdout
    assert "--ppi 50..600" in shown and "--dpi" not in shown


@pytest.mark.parametrize("existing", [False, True])
@pytest.mark.parametrize("failure", [KeyboardInterrupt, OSError(errno.ENOSPC, "No space left on device")])
def test_a_folder_of_pictures_is_written_whole_or_not_at_all(tmp_path, monkeypatch, existing, failure):
    target = tmp_path / "new" / "cards"
    if existing:
        target.mkdir(parents=True)
        (target / "notes.txt").write_text("kept")
    before = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*"))
    calls = []
    chmod = os.fchmod

    def failing(fd, mode):
        calls.append(fd)
        if len(calls) == 3:  # the third file of five
            raise failure
        chmod(fd, mode)
    monkeypatch.setattr(output.os, "fchmod", failing)
    files = [(f"{n}.png", b"x" * 10) for n in range(5)]
    with pytest.raises(KeyboardInterrupt if failure is KeyboardInterrupt else PrintgenError):
        output.write_folder(target, [name for name, _ in files], (data for _, data in files), force=False)
    assert sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*")) == before  # nor a part folder
    monkeypatch.setattr(output.os, "fchmod", chmod)
    output.write_folder(target, [name for name, _ in files], (data for _, data in files), force=False)
    assert sorted(path.name for path in target.iterdir()) == [name for name, _ in files] + (["notes.txt"] if existing
                                                                                             else [])


def test_each_refuses_more_pixels_than_a_run_writes_before_drawing_a_card(tmp_path):
    """700 cards at 600 ppi are 2.2 billion pixels, over the limit the pages as pictures keep to."""
    folder = deck_folder(tmp_path, LAYOUT, "title,kind,count\nFire Bolt,Spell,400\nLantern,Gear,300\n")
    refused(make(folder, "--format", "png", "--each", "--ppi", "600", out="cards"),
            "700 cards at 600 pixels an inch are more pixels than printgen writes at once; choose a lower --ppi")
    assert _pngs(folder) == ["deck.csv", "layout.yaml"]

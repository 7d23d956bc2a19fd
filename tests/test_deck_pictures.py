"""A deck as pictures: a PNG of each card (--format png --each) named by --names, and a fanned hand
(--format png --hand N) on a transparent background, read back pixel by pixel."""

from __future__ import annotations

import io
import zipfile

from PIL import Image
from test_layouts import deck_folder, make, refused

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


def test_each_card_is_a_png_of_its_trimmed_face_at_the_dpi_named_by_its_number_and_title(tmp_path):
    folder, result = pictures(tmp_path, "--each", "--dpi", "100")
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
    folder, result = pictures(tmp_path / "a", "--each", "--dpi", "50", "--rows", "3-4",
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
    folder, result = pictures(tmp_path, "--hand", "3", "--dpi", "60", out="hand.png")
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

"""The studio's "Your deck" page through Flask's test client: a zip or pasted text opened, every card drawn as
a picture with what is wrong with it, the files the command line makes (byte for byte), the zip to make the
deck again, every refusal the command line makes, hostile uploads refused, and nothing kept after a session.
"""

from __future__ import annotations

import base64
import io
import os
import stat
import zipfile
from pathlib import Path

import pytest
from conftest import studio_app
from pdfutil import open_pdf, run_cli, subject
from PIL import Image
from test_layouts import bomb_png

from printgen.resources import templates_dir
from printgen.web import Settings, deck_files
from printgen.web.deck_store import DeckStore, SessionMissing, StoreFull

EXAMPLE = templates_dir() / "cards" / "example"


@pytest.fixture(scope="module")
def app():
    with studio_app(Settings(workers=1)) as studio:
        yield studio


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


def zipped(files: dict[str, bytes], links: tuple[str, ...] = ()) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
        for name in links:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, "/etc/passwd")
    return buffer.getvalue()


def example_files() -> dict[str, bytes]:
    return {path.relative_to(EXAMPLE).as_posix(): path.read_bytes() for path in sorted(EXAMPLE.rglob("*"))
            if path.is_file()}


def opened(client, files: dict[str, bytes], name: str = "deck.zip") -> dict:
    response = client.post("/deck/api/open", data={"file": (io.BytesIO(zipped(files)), name)},
                           content_type="multipart/form-data")
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def cards(client, deck: dict, wanted: list[int], **extra) -> dict:
    body = {"session": deck["session"], "data": deck["data"], "layout": deck["layout"], "cards": wanted,
            "width": 200, "options": {}, **extra}
    response = client.post("/deck/api/cards", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def picture(card: dict) -> Image.Image:
    assert card["png"].startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(card["png"].split(",", 1)[1])))


def refused(response, status: int, *words: str) -> None:
    assert response.status_code == status, (response.status_code, response.data[:300])
    message = response.get_json()["error"]
    for word in words:
        assert word in message, message
    assert "\n" not in message and "Traceback" not in message


def test_the_page_is_served_with_its_script_and_style(client):
    page = client.get("/deck")
    assert page.status_code == 200 and b'id="layout-text"' in page.data
    for asset in ("deck.js", "deck.css"):
        assert client.get(f"/static/{asset}").status_code == 200
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]


def test_a_zip_opens_and_every_card_is_drawn_with_its_title_and_row(client):
    deck = opened(client, example_files())
    assert (deck["data"], deck["layout"]) == ("lantern-crawl.csv", "layout.yaml")
    assert "pictures/torch.svg" in deck["files"] and deck["layout_text"].startswith("# The example deck's layout")
    drawn = cards(client, deck, list(range(6)))
    assert drawn["total"] == 6 and drawn["printed"] == 10 and drawn["title"] == "Lantern Crawl"
    assert [card["title"] for card in drawn["cards"]] == ["Torch", "Iron Key", "Healing Potion", "Old Chest",
                                                          "Cave Slime", "The Deep"]
    assert [card["source"] for card in drawn["cards"]][:2] == ["row 2", "row 3"]
    first = picture(drawn["cards"][0])
    assert first.size == (200, round(200 * 88.9 / 63.5))
    assert all(card["problems"] == [] for card in drawn["cards"])
    assert first.getpixel((100, 250))[0] > 200  # the card's light paper under its words


def test_an_edited_layout_draws_the_card_again_and_an_error_keeps_its_words(client):
    deck = opened(client, example_files())
    before = picture(cards(client, deck, [0])["cards"][0])
    edited = deck["layout_text"].replace("\nback:\n", "\n  - type: rect\n    fill: '#00ff00'\nback:\n")
    after = picture(cards(client, deck, [0], layout_text=edited)["cards"][0])
    assert before.getpixel((100, 250)) != after.getpixel((100, 250)) == (0, 255, 0)
    broken = client.post("/deck/api/cards", json={"session": deck["session"], "data": deck["data"],
                                                  "layout": deck["layout"], "cards": [0], "width": 200,
                                                  "layout_text": "elements:\n  - type: text\n    when: '{kind} = x'\n"})
    refused(broken, 400, "layout.yaml: element 1, when: '{kind} = x': '=' stands alone")


def test_a_card_whose_text_does_not_fit_is_marked_and_says_why(client):
    files = example_files()
    rows = files["lantern-crawl.csv"].decode().splitlines()
    rows[2] = rows[2].replace("then *discard* this card.", "then *discard* this card. " + "More words. " * 60)
    files["lantern-crawl.csv"] = ("\n".join(rows) + "\n").encode()
    deck = opened(client, files)
    drawn = cards(client, deck, [0, 1])
    torch, key = drawn["cards"]
    assert torch["problems"] == []
    assert len(key["problems"]) == 1 and "(Iron Key): " in key["problems"][0]
    assert "the text does not fit its box even at 5 pt" in key["problems"][0]
    raw = picture(key).convert("RGB").tobytes()
    reds = sum(1 for k in range(0, len(raw), 3) if raw[k] > 180 and raw[k + 1] < 80 and raw[k + 2] < 80)
    assert reds > 50  # the red outline round the text's box


def test_a_data_edit_changes_the_cards_and_rows_choose_them(client):
    deck = opened(client, example_files())
    data = deck["data_text"].replace("Torch,Item", "Lantern,Item")
    drawn = cards(client, deck, [0], data_text=data)
    assert drawn["cards"][0]["title"] == "Lantern"
    chosen = cards(client, deck, [0, 1], options={"rows": "6-7"})
    assert chosen["total"] == 2 and [card["title"] for card in chosen["cards"]] == ["Cave Slime", "The Deep"]


def test_the_files_are_the_command_lines_byte_for_byte(client, tmp_path):
    deck = opened(client, example_files())
    body = {"session": deck["session"], "data": deck["data"], "layout": deck["layout"],
            "options": {"seed": "studio", "card-size": "poker", "deck-card": "last"}}
    made = client.post("/deck/api/file", json={**body, "kind": "pdf"})
    assert made.status_code == 200 and made.content_type == "application/pdf"
    code = made.headers["X-Printgen-Seed-Code"]
    assert made.headers["Content-Disposition"].startswith("attachment; filename=")
    with open_pdf(made.data) as pdf:
        assert subject(pdf) == code
    for name, content in example_files().items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(content)
    result = run_cli("deck", "custom", "--data", "lantern-crawl.csv", "--card-layout", "layout.yaml", "--seed", "studio",
                     "--deck-card", "last", "-o", "cli.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "cli.pdf").read_bytes() == made.data
    shop = client.post("/deck/api/file", json={**body, "kind": "thegamecrafter"})
    assert shop.status_code == 200 and shop.content_type == "application/zip"
    with zipfile.ZipFile(io.BytesIO(shop.data)) as archive:
        pictures = [name for name in archive.namelist() if name.endswith(".png")]  # beside a manifest of backs
        assert pictures and {Image.open(archive.open(name)).size for name in pictures} == {(825, 1125)}
    refused(client.post("/deck/api/file", json={**body, "kind": "makeplayingcards",
                                                "options": {"card-size": "square"}}),
            400, "MakePlayingCards does not make square")


def test_the_zip_to_make_it_again_reproduces_the_file(client, tmp_path):
    deck = opened(client, example_files())
    body = {"session": deck["session"], "data": deck["data"], "layout": deck["layout"],
            "options": {"seed": "again", "ink-saver": True}}
    made = client.post("/deck/api/file", json={**body, "kind": "pdf"})
    rebuild = client.post("/deck/api/file", json={**body, "kind": "rebuild"})
    assert rebuild.status_code == 200 and rebuild.headers["X-Printgen-Seed-Code"] == made.headers["X-Printgen-Seed-Code"]
    with zipfile.ZipFile(io.BytesIO(rebuild.data)) as archive:
        archive.extractall(tmp_path)
        note = archive.read("how-to-rebuild.txt").decode()
    assert "--data lantern-crawl.csv --card-layout layout.yaml --seed again --ink-saver" in note
    code = made.headers["X-Printgen-Seed-Code"]
    assert f"printgen reproduce {code}" in note
    result = run_cli("reproduce", code, "-o", "again.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "again.pdf").read_bytes() == made.data


def test_a_pasted_deck_and_layout(client):
    response = client.post("/deck/api/open", json={"data": "title,text\nGoblin,Hits for 2 {icon:broken-heart}.\n",
                                                   "kind": "csv", "layout": "extends: builtin:printgen\n"
                                                   "elements:\n  - name: body\n    text: '{text}'\n"})
    assert response.status_code == 200
    deck = response.get_json()
    assert (deck["data"], deck["layout"]) == ("deck.csv", "layout.yaml")
    drawn = cards(client, deck, [0])
    assert drawn["total"] == 1 and drawn["cards"][0]["problems"] == []
    assert drawn["notes"] == []


def test_the_warnings_of_the_command_line_come_with_the_cards(client):
    response = client.post("/deck/api/open", json={"data": "title,rules\nGoblin,Hits hard.\n", "kind": "csv",
                                                   "layout": "extends: builtin:illustrated\n"})
    drawn = cards(client, response.get_json(), [0])
    assert drawn["notes"] == [("deck.csv: no element of layout.yaml shows the column rules; it reads cost, flavour, "
                               "picture, text, type, which deck.csv does not have: rename one to match the other")]


# Hostile uploads and the command line's refusals -----------------------------------------------------------

@pytest.mark.parametrize("files, links, words", [
    ({"../deck.csv": b"title\nA\n"}, (), "'../deck.csv' leads out of the deck's folder"),
    ({"/etc/deck.csv": b"title\nA\n"}, (), "is not a path inside the deck's folder"),
    ({"deck.csv": b"title\nA\n"}, ("pictures/p.png",), "pictures/p.png is a symbolic link"),
    ({"notes.txt": b"hello"}, (), "holds no deck file; put the deck's .csv, .xlsx, .yaml or .yml file in it"),
    ({f"p{n}.png": b"x" for n in range(deck_files.MAX_ENTRIES + 1)}, (), "the studio takes at most 500 in a deck"),
])
def test_a_hostile_zip_is_refused_in_one_line(client, files, links, words):
    response = client.post("/deck/api/open", data={"file": (io.BytesIO(zipped(files, links)), "deck.zip")},
                           content_type="multipart/form-data")
    refused(response, 400, words)


def test_a_zip_bomb_is_refused_before_it_unpacks(client):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("deck.csv", b"title\nA\n")
        for n in range(3):
            archive.writestr(f"pictures/zeros{n}.png", bytes(30 * 1024 * 1024))
    assert len(buffer.getvalue()) < 1024 * 1024
    response = client.post("/deck/api/open", data={"file": (io.BytesIO(buffer.getvalue()), "bomb.zip")},
                           content_type="multipart/form-data")
    refused(response, 400, "bomb.zip unpacks to more than 64 MiB")


def test_a_zip_that_lies_about_its_sizes_is_caught_as_it_is_read():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("deck.csv", b"title\nA\n")
        archive.writestr("big.png", bytes(45 * 1024 * 1024))
    data = bytearray(buffer.getvalue())
    # The central directory says big.png unpacks to 1 KiB (its local header and the directory both lie).
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        info = archive.getinfo("big.png")
    for offset in (info.header_offset + 22, data.rfind(b"PK\x01\x02") + 24):
        data[offset:offset + 4] = (1024).to_bytes(4, "little")
    with pytest.raises(Exception) as caught:
        deck_files.from_zip(bytes(data), "liar.zip")
    assert "liar.zip" in str(caught.value)


def test_pictures_fonts_and_layouts_in_a_zip_meet_every_refusal_of_the_command_line(client):
    files = example_files()
    files["pictures/torch.svg"] = bomb_png(9000, 9000)
    files["pictures/torch.svg"] = b'<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>'
    deck = opened(client, files)
    drawn = cards(client, deck, [0, 1])
    assert "src:" in drawn["cards"][0]["problems"][0] and drawn["cards"][1]["problems"] == []
    files = example_files()
    files["pictures/cave.png"] = bomb_png(9000, 9000)
    drawn = cards(client, opened(client, files), [5])
    assert "more pixels than printgen reads for a card" in drawn["cards"][0]["problems"][0]
    files = example_files()
    files["layout.yaml"] = b"extends: ../../etc/base.yaml\n"
    deck = opened(client, files)
    refused(client.post("/deck/api/cards", json={"session": deck["session"], "data": deck["data"],
                                                 "layout": deck["layout"], "cards": [0], "width": 200}),
            400, "'../../etc/base.yaml' leads out of the data file's folder")
    files = example_files()
    files["layout.yaml"] = b"fonts:\n  body: fonts/evil.ttf\nelements:\n  - type: text\n    text: x\n    font: body\n"
    files["fonts/evil.ttf"] = os.urandom(2000)
    deck = opened(client, files)
    drawn = cards(client, deck, [0])
    assert "fonts/evil.ttf" in drawn["cards"][0]["problems"][0]


def test_an_upload_past_the_studios_size_is_refused(client):
    big = b"x" * (deck_files.MAX_UPLOAD + 1)
    response = client.post("/deck/api/open", data={"file": (io.BytesIO(big), "huge.zip")},
                           content_type="multipart/form-data")
    refused(response, 400, "huge.zip is larger than the studio's 32 MiB for a deck")


def test_bad_requests_are_one_line(client):
    refused(client.post("/deck/api/cards", json={"session": "nope"}), 404, "no longer held by the studio")
    deck = opened(client, example_files())
    base = {"session": deck["session"], "data": deck["data"], "layout": deck["layout"], "cards": [0], "width": 200}
    refused(client.post("/deck/api/cards", json={**base, "width": 5000}), 400, "width: give a whole number")
    refused(client.post("/deck/api/cards", json={**base, "options": {"vendor": "x"}}), 400, "no choice 'vendor'")
    refused(client.post("/deck/api/cards", json={**base, "data": "other.csv"}), 400, "'other.csv' is not among")
    refused(client.post("/deck/api/cards", json={**base, "options": {"card-size": "pokre"}}), 400,
            "--card-size 'pokre' is neither a named size")
    refused(client.post("/deck/api/file", json={**base, "kind": "fax"}), 400, "kind: give one of")
    refused(client.post("/deck/api/cards", data="not json", content_type="text/plain"), 400, "send a JSON object")


# Nothing kept ------------------------------------------------------------------------------------------------

def test_a_closed_session_is_forgotten_and_the_worker_keeps_no_file(client, app):
    import tempfile

    deck = opened(client, example_files())
    cards(client, deck, [0])
    assert client.post("/deck/api/close", json={"session": deck["session"]}).status_code == 204
    refused(client.post("/deck/api/cards", json={"session": deck["session"], "cards": [0], "width": 200}), 404,
            "no longer held")
    workers = app.extensions["printgen.renders"].pool.pids()
    assert workers
    left = [path for pid in workers for path in Path(tempfile.gettempdir()).glob(f"printgen-deck-{pid}-*")]
    assert not left  # each job's folder (named by its worker) removed as the job ended


def test_sessions_end_when_idle_and_the_store_is_bounded():
    files = deck_files.pasted("title\nA\n", "csv", "extends: builtin:printgen\n")
    store = DeckStore(idle=0.0, max_sessions=2)
    name = store.open(files, "s")
    with pytest.raises(SessionMissing):
        store.get(name)  # idle for longer than no time at all
    store = DeckStore(max_sessions=2)
    store.open(files, "a")
    store.open(files, "b")
    with pytest.raises(StoreFull):
        store.open(files, "c")
    store = DeckStore(max_bytes=files.size * 2 - 1)
    store.open(files, "a")
    with pytest.raises(StoreFull):
        store.open(files, "b")


def test_the_main_page_links_the_deck_page_and_the_paste_form_starts_from_a_working_deck(client):
    import re
    from html import unescape

    main = client.get("/").data.decode()
    assert 'href="/deck"' in main
    page = client.get("/deck").data.decode()
    areas = dict(re.findall(r'<textarea id="(paste-data|paste-layout)"[^>]*>(.*?)</textarea>', page, re.S))
    assert "placeholder" not in re.search(r'<textarea id="paste-data"[^>]*>', page)[0]
    data, layout = unescape(areas["paste-data"]), unescape(areas["paste-layout"])
    assert data.strip() and layout.strip()
    response = client.post("/deck/api/open", json={"data": data, "kind": "csv", "layout": layout})
    assert response.status_code == 200, response.get_json()
    deck = response.get_json()
    drawn = cards(client, deck, list(range(3)))
    assert drawn["total"] >= 2 and drawn["notes"] == [], drawn["notes"]
    assert all(card["problems"] == [] for card in drawn["cards"])
    inked = [picture(card).convert("L").point(lambda v: 255 if v < 100 else 0).histogram()[255]
             for card in drawn["cards"]]
    assert min(inked) > 200  # words on every card, not an empty one

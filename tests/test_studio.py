"""printgen studio's HTTP contract, through Flask's test client (docs/contracts.md documents it).

/file/<code> is the command line's file byte for byte, named as the command line names it, with a strong
ETag; /preview/<code>/<n>.png is page n at the width asked, in the page's proportions; a bad code is a 4xx
with the command line's own message and the server goes on; uploads are read for their seed code and
refused over the cap; /api/products is the catalogue `printgen list` shows.
"""

from __future__ import annotations

import io
import os
import re
import signal
import struct
import threading
import time
import zipfile
from urllib.parse import quote

import psutil
import pypdfium2
import pytest
from conftest import studio_app

from printgen import games, products
from printgen.cli import main as cli_main
from printgen.seed import SeedCode
from printgen.sources import Sources
from printgen.web import Settings, create_app
from printgen.web.cache import ByteCache
from printgen.web.renders import url_code

UPLOAD_CAP = 3 * 1024 * 1024

# One code of every kind of product and file: maps and text pages, cards on sheets, a print shop's zip of
# images, sheets, references, a challenge, graph paper, and data.
CODES = [
    "pg4:graph-paper:generic:moonpie:grid=hex",
    "pg4:deck:amulet:moonpie:deck=monsters",
    "pg4:deck:amulet:moonpie:deck=monsters,vendor=thegamecrafter",
    "pg4:sheet:amulet:moonpie:count=2",
    "pg4:reference:ascii-hack:moonpie",
    "pg4:challenge:card-rogue:moonpie:levels=1",
    "pg4:dungeon:amulet:moonpie:levels=1",
    "pg4:dungeon:amulet:moonpie:format=json,levels=1",
]


@pytest.fixture(scope="module")
def app():
    with studio_app(Settings(workers=2, upload_bytes=UPLOAD_CAP)) as studio:
        yield studio


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


class Built(dict):
    """The command line's bytes of each code, made in this process when a test first asks (a worker of the
    suite makes only those its own tests ask for)."""

    def __missing__(self, code: str) -> bytes:
        self[code] = products.build(SeedCode.parse(code))
        return self[code]


@pytest.fixture(scope="module")
def built():
    return Built()


def cli_error(capsys, *argv: str) -> str:
    """The command line's one-line message for a refusal, without its 'printgen: error: ' prefix."""
    assert cli_main(list(argv)) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("printgen: error: ")
    return err.removeprefix("printgen: error: ")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("code", CODES)
def test_file_is_the_command_lines_file_named_as_it_names_it(client, built, code):
    response = client.get(f"/file/{url_code(code)}")
    assert response.status_code == 200, response.text
    assert response.data == built[code]
    request = products.request(SeedCode.parse(code))
    suffix = request.product.suffix(request)
    assert response.content_type.split(";")[0] == {"pdf": "application/pdf", "zip": "application/zip",
                                                   "json": "application/json"}[suffix]
    name = f"{request.product.file_stem(request)}.{suffix}"
    assert response.headers["Content-Disposition"] == f'attachment; filename="{name}"'
    assert response.headers["X-Printgen-Seed-Code"] == str(request.code)
    assert "immutable" in response.headers["Cache-Control"]
    tag = response.headers["ETag"]
    assert tag.startswith('"') and not tag.startswith('W/')
    again = client.get(f"/file/{url_code(code)}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""


def test_every_form_of_a_code_gives_the_same_file_and_etag(client):
    short = client.get("/file/pg4:graph-paper:generic:moonpie")
    full = client.get("/file/pg4:graph-paper:generic:moonpie:grid=quarter-inch,heavy-every=5,pages=1,paper=letter")
    assert short.data == full.data and short.headers["ETag"] == full.headers["ETag"]


def test_a_seed_with_escapes_travels_in_the_url(client):
    code = SeedCode.make("graph-paper", "generic", "my seed/½", {})
    response = client.get(f"/file/{url_code(code)}")
    assert response.status_code == 200, response.text
    assert response.data == products.build(code)
    assert response.headers["X-Printgen-Seed-Code"] == str(code)


@pytest.mark.parametrize("code", [c for c in CODES if "json" not in c])
def test_previews_are_pngs_of_the_pages_proportions(client, built, code):
    data = built[code]
    if data[:2] == b"PK":
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            first = archive.read(archive.namelist()[0])
        page_width, page_height = png_size(first)
        pages = len(archive.namelist())
    else:
        document = pypdfium2.PdfDocument(data)
        page_width, page_height = document[0].get_size()
        pages = len(document)
        document.close()
    response = client.get(f"/preview/{url_code(code)}/1.png?width=300")
    assert response.status_code == 200, response.text
    assert response.content_type == "image/png"
    width, height = png_size(response.data)
    assert width == 300
    assert abs(height - 300 * page_height / page_width) <= 1
    info = client.get(f"/api/file/{url_code(code)}").json
    assert len(info["pages"]) == pages and info["previewable"]
    last = client.get(f"/preview/{url_code(code)}/{pages}.png?width=120")
    assert last.status_code == 200 and png_size(last.data)[0] == 120
    beyond = client.get(f"/preview/{url_code(code)}/{pages + 1}.png")
    assert beyond.status_code == 404 and f"has {pages} page" in beyond.text


def test_a_cached_preview_answers_from_the_cache_without_the_pool(app, client, monkeypatch):
    """How fast that answer is, is benchmarks/serve.py's to measure; here: it asks no worker for anything."""
    url = "/preview/pg4:graph-paper:generic:moonpie:grid=hex/1.png?width=240"
    first = client.get(url)
    renders = app.extensions["printgen.renders"]
    hits = renders.cache.hits
    monkeypatch.setattr(renders.pool, "run", lambda *job, **kw: pytest.fail(f"the pool was asked for {job[0][0]}"))
    response = client.get(url)
    assert response.status_code == 200 and response.data == first.data
    assert renders.cache.hits > hits


def test_preview_widths_are_bounded(client):
    for width in ("0", "5000", "abc", "-3"):
        response = client.get(f"/preview/pg4:graph-paper:generic:moonpie/1.png?width={width}")
        assert response.status_code == 400 and "width must be" in response.text
    json_code = url_code("pg4:dungeon:amulet:moonpie:format=json,levels=1")
    assert client.get(f"/preview/{json_code}/1.png").status_code == 400


@pytest.mark.parametrize("code", [
    "pg4:dungeon:amulet:moonpie:levels=99",
    "pg3:dungeon:amulet:moonpie",
    "pg4:spaceship:amulet:moonpie",
    "pg4:dungeon:nosuchgame:moonpie",
    "pg4:dungeon:amulet:moonpie:colour=red",
    "pg4:graph-paper:generic:moonpie:pages=03",
    "not a code",
])
def test_a_bad_code_is_a_4xx_with_the_command_lines_message(client, capsys, code):
    """The HTTP contract's files answer in the command line's words; the studio's page in its own, the same
    sentence with each --name said as its field's label (the error names its options, and each front end says
    them for its reader)."""
    from printgen.errors import Flag, label

    def plain(message: str) -> str:
        return re.sub(r"--([a-z][a-z0-9-]*)", lambda found: label(Flag(found.group(1))), message)

    message = cli_error(capsys, "reproduce", code)
    for url in (f"/file/{quote(code)}", f"/preview/{quote(code)}/1.png", f"/api/file/{quote(code)}"):
        response = client.get(url)
        assert 400 <= response.status_code < 500
        shown = response.json["error"] if url.startswith("/api/") else response.text.strip()
        assert shown == (plain(message) if url.startswith("/api/") else message)
        assert "--" not in shown or not url.startswith("/api/")
    assert client.get("/file/pg4:graph-paper:generic:moonpie").status_code == 200  # and the server goes on


def test_the_studio_reads_no_file_a_code_names(client, capsys):
    for code in ("pg4:deck:generic:x:data=%2Fetc%2Fpasswd,data-sha256=0123456789abcdef,deck=custom",
                 "pg4:deck:amulet:x:deck=custom"):
        response = client.get(f"/file/{url_code(code)}")
        assert response.status_code == 400 and "command line" in response.text
    code = "pg4:dungeon:amulet:x:templates=0123456789abcdef"
    assert client.get(f"/file/{code}").text.strip() == cli_error(capsys, "reproduce", code)


def test_uploads_are_read_for_their_seed_code(client, built):
    for code in ("pg4:graph-paper:generic:moonpie:grid=hex", "pg4:deck:amulet:moonpie:deck=monsters,vendor=thegamecrafter"):
        upload = {"file": (io.BytesIO(built[code]), "some name.pdf")}
        response = client.post("/reproduce", data=upload, content_type="multipart/form-data")
        assert response.status_code == 303
        assert response.headers["Location"] == f"/?code={url_code(code)}"
    upload = {"file": (io.BytesIO(built[CODES[0]]), "x.pdf"), "to": "file"}
    response = client.post("/reproduce", data=upload, content_type="multipart/form-data")
    assert response.headers["Location"] == f"/file/{url_code(CODES[0])}"


def test_uploads_that_are_not_printgen_files_or_too_large_are_refused(client):
    cases = [(b"%PDF-1.4 nothing here", 400, "a damaged or cut-short PDF"),
             (b"hello", 400, "x.pdf"),
             (b"", 400, "empty"),
             (b"%PDF-1.4\n" + b"0" * (UPLOAD_CAP + 10), 413, "larger than")]
    for data, status, words in cases:
        response = client.post("/reproduce", data={"file": (io.BytesIO(data), "x.pdf")},
                               content_type="multipart/form-data")
        assert response.status_code == status, response.text
        assert words in response.text and "\n" not in response.text.strip()
    assert client.post("/reproduce").status_code == 400


def test_uploads_with_too_many_pages_are_refused():
    studio = create_app(Settings(workers=1, upload_pages=2))
    try:
        data = products.build(SeedCode.parse("pg4:graph-paper:generic:moonpie:pages=3"))
        response = studio.test_client().post("/reproduce", data={"file": (io.BytesIO(data), "three.pdf")},
                                             content_type="multipart/form-data")
        assert response.status_code == 400 and "three.pdf has 3 pages" in response.text
    finally:
        studio.extensions["printgen.renders"].close()


def test_api_products_is_the_catalogue_printgen_list_shows(client, capsys):
    catalogue = client.get("/api/products").json
    assert catalogue["products"] == products.catalogue()
    assert [g["id"] for g in catalogue["games"]] == list(games.games())
    assert cli_main(["list"]) == 0
    listed = capsys.readouterr().out
    lines = listed.split("Products:\n", 1)[1].splitlines()
    shown = {}
    for line in lines:
        if not line.startswith("  "):
            break
        name = line.split()[0]
        shown[name] = line.rsplit("[", 1)[1].rstrip("]").split(", ")
    assert shown == {p["name"]: [s["id"] for s in p["systems"]] for p in catalogue["products"]}
    for game in catalogue["games"]:
        assert f"  {game['id']:<12} {game['title']}" in listed
    decks = {p["name"]: p for p in catalogue["products"]}["deck"]
    for system in decks["systems"]:
        if system["decks"]:
            assert f"Decks ({system['id']}): " + ", ".join([d["name"] for d in system["decks"]] + ["custom"]) in listed


def test_the_form_makes_the_command_lines_seed_code(client, capsys):
    form = {"system": "amulet", "product": "dungeon", "seed": "moonpie", "options": {"levels": "04", "scaling": "no"}}
    answer = client.post("/api/code", json=form)
    assert answer.status_code == 200, answer.text
    assert cli_main(["dungeon", "--system", "amulet", "--seed", "moonpie", "--levels", "04", "--format", "json",
                     "-o", "-"]) == 0
    err = capsys.readouterr().err
    assert answer.json["code"] in err.replace("format=json,", "")
    assert answer.json["values"]["levels"] == "4"
    assert {d["label"] for d in answer.json["downloads"]} == {"PDF", "JSON data", "Pictures (PNG)", "Universal VTT (ZIP)"}
    assert answer.json["share"].endswith(f"/?code={url_code(answer.json['code'])}")
    deck = {"system": "amulet", "product": "deck", "seed": "x",
            "options": {"deck": "monsters", "vendor": "thegamecrafter", "paper": "a4"}}  # paper hidden: left out
    answer = client.post("/api/code", json=deck)
    assert answer.status_code == 200, answer.text
    assert [d["suffix"] for d in answer.json["downloads"]] == ["zip"]
    assert answer.json["values"]["layout"] == "print-shop"


@pytest.mark.parametrize("form, words, field", [
    ({"system": "amulet", "product": "dungeon", "seed": "x", "options": {"levels": "99"}},
     "Levels must be a whole number from 1 to", "levels"),
    ({"system": "amulet", "product": "dungeon", "seed": " "}, "Seed is empty", "seed"),
    ({"system": "amulet", "product": "nothing", "seed": "x"}, "the product must be one of challenge, deck", "product"),
    ({"system": "amulet", "product": "deck", "seed": "x", "options": {"deck": "custom"}}, "command line", None),
    ({"system": "generic", "product": "deck", "seed": "x", "options": {"deck": "custom", "data": "/etc/passwd"}},
     "Data names a file on your computer, which the studio does not read", "data"),
    ({"system": "amulet", "product": "dungeon", "seed": "x", "options": {"templates": "0123456789abcdef"}},
     "command line", "templates"),
    ({"system": "amulet", "product": "deck", "seed": "x",
      "options": {"deck": "monsters", "calibration": "yes", "duplex": "none"}},
     "Calibration measures where backs land; it needs Duplex long or short", "calibration"),
    ({"system": "roguelike", "product": "deck", "seed": "x", "options": {"deck": "weapons", "card-size": "huge"}},
     "Card size 'huge' is neither a named size (poker, bridge, tarot, mini, square) nor a width by a height",
     "card-size"),
])
def test_the_form_refuses_in_one_line_in_the_page_s_words_naming_its_field(client, form, words, field):
    answer = client.post("/api/code", json=form)
    assert answer.status_code == 400
    assert words in answer.json["error"] and "--" not in answer.json["error"], answer.json
    assert answer.json["field"] == field


def test_the_studio_page_and_its_share_links(client):
    page = client.get("/")
    assert page.status_code == 200
    csp = page.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "default-src 'none'" in csp
    assert b'<script src="/static/studio.js"' in page.data and b"<script>" not in page.data
    shared = client.get("/?code=" + quote("pg4:dungeon:amulet:moonpie:levels=2"))
    assert shared.status_code == 200 and b'"levels": "2"' in shared.data
    bad = client.get("/?code=pg4:dungeon:amulet:moonpie:levels=99")
    assert bad.status_code == 400 and b"Levels must be" in bad.data and b"--levels" not in bad.data
    opened = client.get("/open?q=" + quote("http://elsewhere:8000/?code=pg4%3Adungeon%3Aamulet%3Amoonpie"))
    assert opened.status_code == 303 and opened.headers["Location"] == "/?code=pg4:dungeon:amulet:moonpie"
    assert client.get("/open?q=pg4:dungeon:amulet:moonpie").headers["Location"] == "/?code=pg4:dungeon:amulet:moonpie"
    assert client.get("/open?q=nonsense").status_code == 400
    qr = client.get("/qr/pg4:dungeon:amulet:moonpie.svg")
    assert qr.status_code == 200 and qr.content_type.startswith("image/svg+xml") and b"<path" in qr.data
    for asset in ("studio.js", "studio.css", "icon.svg"):
        assert client.get(f"/static/{asset}").status_code == 200


def wait_until_dead(pid: int, within: float = 10.0) -> None:
    """Poll until ``pid`` has ended, reaped by the fork server or not yet: the pool must see a dead worker
    before its parent has reaped it (a zombie still counts as alive to multiprocessing)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return
        except psutil.NoSuchProcess:
            return
        time.sleep(0.005)
    pytest.fail(f"process {pid} did not end within {within} s")


def test_a_worker_that_dies_is_replaced_and_the_server_goes_on(app, client):
    """The workers die while the fork server is held still, so none is reaped when the job comes (the
    pool must not hand it to a dead one); the fork server goes on in a moment to start their successors."""
    pool = app.extensions["printgen.renders"].pool
    killed = pool.pids()
    fork_server = psutil.Process(killed[0]).ppid()
    os.kill(fork_server, signal.SIGSTOP)
    try:
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        for pid in killed:
            wait_until_dead(pid)
        threading.Timer(0.3, os.kill, (fork_server, signal.SIGCONT)).start()
        response = client.get("/file/pg4:graph-paper:generic:worker-died")
    finally:
        os.kill(fork_server, signal.SIGCONT)
    assert response.status_code == 200
    assert len(pool.pids()) == 2


def test_a_worker_killed_while_it_makes_a_file_is_replaced_and_the_file_made_on_the_next():
    studio = create_app(Settings(workers=1))
    try:
        pool = studio.extensions["printgen.renders"].pool
        assert pool.ready(60)
        answers = []
        asking = threading.Thread(target=lambda: answers.append(
            studio.test_client().get("/file/pg4:dungeon:amulet:killed:levels=1")))
        asking.start()
        deadline = time.monotonic() + 30
        while pool.busy == 0 and time.monotonic() < deadline:
            time.sleep(0.005)
        [pid] = pool.pids()
        os.kill(pid, signal.SIGKILL)
        asking.join(120)
        [response] = answers
        assert response.status_code == 200, response.text
        assert response.data == products.build(SeedCode.parse("pg4:dungeon:amulet:killed:levels=1"))
        assert pool.replaced == 1 and len(pool.pids()) == 1
    finally:
        studio.extensions["printgen.renders"].close()


def test_a_render_past_its_time_limit_is_ended_and_the_pool_goes_on():
    studio = create_app(Settings(workers=1, time_limit=0.05))
    try:
        client = studio.test_client()
        slow = client.get("/file/pg4:dungeon:amulet:slow")
        assert slow.status_code == 503 and "longer than" in slow.text
        pool = studio.extensions["printgen.renders"].pool
        assert pool.replaced == 1 and len(pool.pids()) == 1
    finally:
        studio.extensions["printgen.renders"].close()


def test_more_renders_than_allowed_are_503_with_retry_after():
    studio = create_app(Settings(workers=1, max_renders=1))
    try:
        renders = studio.extensions["printgen.renders"]
        renders.pool._admitted.acquire()  # one render under way
        response = studio.test_client().get("/file/pg4:graph-paper:generic:busy")
        assert response.status_code == 503 and response.headers["Retry-After"] == "2"
        renders.pool._admitted.release()
        assert studio.test_client().get("/file/pg4:graph-paper:generic:busy").status_code == 200
    finally:
        studio.extensions["printgen.renders"].close()


def test_the_cache_keeps_to_its_byte_cap():
    cache = ByteCache(1000)
    for index in range(20):
        cache.put(index, b"x" * 100, 100)
    assert cache.size <= 1000 and len(cache) == 10
    assert cache.get(0) is None and cache.get(19) is not None
    cache.put("huge", b"x" * 600, 600)  # more than a quarter of the cap: not kept
    assert cache.get("huge") is None


def test_printgen_serve_templates_is_the_one_way_to_use_templates(tmp_path):
    from printgen.render import user_templates

    folder = tmp_path / "mine"
    user_templates.export(folder)
    studio = create_app(Settings(workers=1, templates=folder))
    try:
        client = studio.test_client()
        form = {"system": "card-rogue", "product": "challenge", "seed": "x", "options": {"levels": "1"},
                "templates": True}
        answer = client.post("/api/code", json=form)
        assert answer.status_code == 200, answer.text
        code = answer.json["code"]
        assert f"templates={user_templates.digest(folder)}" in code
        expected = products.build(products.request(SeedCode.parse(code), Sources(templates=folder)))
        assert client.get(f"/file/{url_code(code)}").data == expected
        without = client.post("/api/code", json={**form, "templates": False}).json["code"]
        assert "templates=" not in without
    finally:
        studio.extensions["printgen.renders"].close()


def test_an_upload_from_the_page_that_is_not_a_printgen_file_shows_the_page_with_the_message(client):
    response = client.post("/reproduce", data={"file": (io.BytesIO(b"hello"), "notes.pdf"), "page": "studio"},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    assert b'id="open-error"' in response.data and b"notes.pdf" in response.data


def test_a_file_too_large_to_keep_is_downloaded_but_its_pages_are_not_shown():
    studio = create_app(Settings(workers=1, cache_bytes=200_000))  # keeps files of 50 kB at most
    try:
        client = studio.test_client()
        code = "pg4:graph-paper:generic:large:pages=3"
        assert client.get(f"/file/{code}").status_code == 200
        info = client.get(f"/api/file/{code}").json
        assert not info["previewable"] and "MiB" in info["note"]
        refused = client.get(f"/preview/{code}/1.png")
        assert refused.status_code == 400 and "download it" in refused.text
    finally:
        studio.extensions["printgen.renders"].close()


@pytest.mark.parametrize("code, suffix, content_type", [
    ("pg4:graph-paper:generic:pics:dpi=50,format=png", "png", "image/png"),
    ("pg4:graph-paper:generic:pics:dpi=50,format=png,pages=2", "zip", "application/zip"),
])
def test_pictures_are_named_by_what_they_turn_out_to_be_and_previewed(client, code, suffix, content_type):
    answer = client.get(f"/file/{url_code(code)}")
    assert answer.status_code == 200 and answer.content_type == content_type
    assert f'.{suffix}"' in answer.headers["Content-Disposition"]
    assert answer.data == products.build(SeedCode.parse(code))
    preview = client.get(f"/preview/{url_code(code)}/1.png?width=200")
    assert preview.status_code == 200 and preview.data.startswith(b"\x89PNG")


def test_open_reads_a_code_a_link_or_a_file_and_refuses_in_the_page_s_words(client):
    opened = client.post("/api/open", data={"q": "http://elsewhere:8000/?code=pg4%3Agraph-paper%3Ageneric%3Ao"})
    assert opened.status_code == 200 and opened.json["code"] == "pg4:graph-paper:generic:o"
    assert opened.json["state"] == {"system": "generic", "product": "graph-paper", "seed": "o", "options": {},
                                    "templates": False}
    pdf = products.build(SeedCode.parse("pg4:graph-paper:generic:o:grid=hex"))
    uploaded = client.post("/api/open", data={"file": (io.BytesIO(pdf), "mine.pdf")})
    assert uploaded.status_code == 200 and uploaded.json["state"]["options"] == {"grid": "hex"}
    for sent, words in (({"q": "pg4:dungeon:nowhere:x"}, "the system of dungeon must be one of amulet, rlrl, roguelike"),
                        ({"q": ""}, "give a seed code (it starts pg), a share link, or choose a printgen PDF"),
                        ({"q": "pg4:dungeon:amulet:x:levels=99"}, "Levels must be a whole number from 1 to"),
                        ({"file": (io.BytesIO(b""), "empty.pdf")}, "empty.pdf is empty")):
        refused = client.post("/api/open", data=sent)
        assert refused.status_code == 400 and words in refused.json["error"], refused.json
        assert "--" not in refused.json["error"]


def test_the_studio_page_speaks_no_command_line(client):
    """Every help, summary and note the page carries is in its own words: no --option, no printgen command."""
    import re

    page = client.get("/").get_data(as_text=True)
    assert not re.search(r"(?<![\w-])--[a-z]", page), re.search(r".{60}(?<![\w-])--[a-z].{20}", page).group(0)
    assert not re.search(r"printgen (deck|dungeon|sheet|serve|reproduce|list|templates|graph-paper)\b", page)
    products_seen = client.get("/api/products").json["products"]  # the HTTP contract keeps the command line's help
    assert any("--" in option["help"] for product in products_seen for system in product["systems"]
               for option in system["options"])


def test_graph_paper_in_the_studio_needs_no_seed(client):
    catalogue = {product["name"]: product for product in client.get("/api/products").json["products"]}
    assert catalogue["graph-paper"]["seeded"] is False and catalogue["dungeon"]["seeded"] is True
    answer = client.post("/api/code", json={"system": "generic", "product": "graph-paper", "seed": "",
                                            "options": {"paper": "a4"}})
    assert answer.status_code == 200 and answer.json["code"] == "pg4:graph-paper:generic:plain:paper=a4"
    assert answer.json["state"]["seed"] == ""
    assert client.post("/api/code", json={"system": "amulet", "product": "dungeon", "seed": ""}).status_code == 400


def test_a_deck_s_options_come_in_the_order_a_person_decides_them(client):
    [deck] = [p for p in client.get("/api/products").json["products"] if p["name"] == "deck"]
    names = [option["name"] for option in deck["systems"][0]["options"]]
    assert names.index("card-size") < names.index("vendor") < names.index("layout")
    [dungeon] = [p for p in client.get("/api/products").json["products"] if p["name"] == "dungeon"]
    roguelike = next(s for s in dungeon["systems"] if s["id"] == "roguelike")
    names = [option["name"] for option in roguelike["options"]]
    assert names.index("levels") < names.index("rooms") < names.index("paper")

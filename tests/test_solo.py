"""The solo booklet (printgen solo): the very dungeon of printgen dungeon, as a gamebook a lone player can
always play to its end.

Over many seeds of both games: the sections are numbered 1..N once each, the way in is 1, every "turn to"
names a section, every section is reached from the way in, every area of the dungeon's JSON has its
section with the same doorways, few links join near numbers, and a thousand simulated lone players (a
character rolled by the rules, dice from fixed streams, ways chosen at random) each reach an ending, never a
dead end or a loop they cannot leave. The pages: the sections in order, each under its number, kept whole
on its page where a column holds it, the running heads giving each page's range, and a page of graph paper
for each level at the back.
"""

from __future__ import annotations

import importlib
import json
import re
from collections import Counter, deque

import jsonschema
import pytest
from pdfutil import open_pdf, page_sizes, page_texts, run_cli, seed_code

from printgen import gamebook, games, products, schemas
from printgen.gamebook import layout, numbering
from printgen.gamebook.walk import DEAD_END, STUCK, play
from printgen.seed import stream

ROGUELIKE = [("roguelike", f"solo{i}", {}) for i in range(24)] + [
    ("roguelike", "few", {"levels": "1", "rooms": "4"}),
    ("roguelike", "many", {"levels": "5", "rooms": "40"}),
    ("roguelike", "a4", {"levels": "2", "rooms": "25", "paper": "a4"}),
    ("roguelike", "deep", {"levels": "8", "rooms": "8"}),
]
RLRL = [("rlrl", f"solo{i}", {}) for i in range(4)] + [("rlrl", "few", {"rooms": "2"}), ("rlrl", "many", {"rooms": "14"})]
CASES = ROGUELIKE + RLRL


def case_id(case) -> str:
    system, seed, options = case
    return "-".join([system, seed, *(f"{k}={v}" for k, v in options.items())])


def built(product: str, case, **more) -> dict:
    system, seed, options = case
    return json.loads(products.build(seed_code(product, system, seed, format="json", **options, **more)))


@pytest.fixture(scope="module", params=CASES, ids=case_id)
def booklet(request):
    """A case's gamebook as JSON, and its dungeon as printgen dungeon writes it."""
    return request.param, built("solo", request.param), built("dungeon", request.param)


def test_sections_are_numbered_1_to_n_once_and_every_turn_to_names_one(booklet):
    _, book, _ = booklet
    numbers = [s["number"] for s in book["sections"]]
    assert sorted(numbers) == list(range(1, len(numbers) + 1))
    assert book["start"] == 1
    assert all(to in set(numbers) for s in book["sections"] for to in s["turn_to"])
    assert set(book["standing"].values()) <= set(numbers)
    assert all(set(s) >= {"number", "level", "area", "kind", "turn_to"} for s in book["sections"])
    assert book["choices"] and all(set(c) == {"topic", "text"} for c in book["choices"])


@pytest.fixture(scope="module")
def validator():
    schema = schemas.load("solo")
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def schema_kind(booklet) -> tuple[str, tuple[str, ...]]:
    """What a case is a case of for the schema: its game and which options it sets (a validation takes
    seconds; the cases of one kind print the same kinds of section)."""
    system, _, options = booklet
    return system, tuple(sorted(options))


@pytest.mark.sweep(kind=schema_kind)
def test_the_json_is_valid_against_the_shipped_solo_schema(booklet, validator):
    _, book, _ = booklet
    problems = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(book)]
    assert not problems, problems[:5]


def test_the_events_send_a_reader_exactly_where_the_section_does(booklet):
    """Every number an event sends the reader to (go, then, each option and its failed roll, each outcome of a
    game's step) is one the section turns to, and every one it turns to is an event's: the events are the
    section's steps, not a second account of them."""
    _, book, _ = booklet
    places = {s["number"] for s in book["sections"] if s["in"] is None}
    for section in book["sections"]:
        found = set()
        for event in section["events"]:
            if event["kind"] == "go":
                found.add(event["to"])
            elif event["kind"] in ("if-ticked", "if-not-ticked"):
                found.add(event["then"])
            elif event["kind"] == "choose":
                for option in event["options"]:
                    found.update(to for to in (option["to"], (option["failed"] or {}).get("to")) if to is not None)
                    assert set(option["came_from"]) <= {s["number"] for s in book["sections"]}
            elif isinstance(event.get("to"), dict):
                found.update(to for to in event["to"].values() if to is not None)
        assert found == set(section["turn_to"]), section["number"]
        assert section["in"] is None or section["in"] in places


def test_each_games_own_kinds_are_checked_by_the_solo_schema(validator):
    data = built("solo", ("roguelike", "moonpie", {}))
    fight = next(e for s in data["sections"] for e in s["events"] if e["kind"] == "fight")
    assert validator.is_valid(data)
    del fight["creatures"]  # the common vocabulary's fight names its creatures
    assert not validator.is_valid(data)
    data = built("solo", ("roguelike", "moonpie", {}))
    next(e for s in data["sections"] for e in s["events"] if e["kind"] == "text")["kind"] = "sermon"
    assert not validator.is_valid(data)  # no kind of Roguelike's


def test_every_section_is_reached_from_the_start_and_can_reach_an_ending(booklet):
    _, book, _ = booklet
    leads = {s["number"]: s["turn_to"] for s in book["sections"]}
    seen, queue = {book["start"]}, deque([book["start"]])
    while queue:
        for to in leads[queue.popleft()]:
            if to not in seen:
                seen.add(to)
                queue.append(to)
    assert seen == set(leads)
    ends = {s["number"] for s in book["sections"] if s["kind"] == "end"}
    assert ends and all(not leads[n] for n in ends)
    assert all(leads[n] for n in leads if n not in ends), "a section other than an ending leads nowhere"


def test_every_area_has_its_section_with_the_same_doorways(booklet):
    """The gamebook is the very dungeon: an area section for every area, each listing every doorway of the
    area in the dungeon's JSON (its own placed exits, and the others' that lead into it), each leading to the
    section of the area the JSON says."""
    _, book, dungeon = booklet
    areas = {(s["level"], s["area"]): s for s in book["sections"] if s["kind"] == "area"}
    assert set(areas) == {(level["number"], area["number"]) for level in dungeon["levels"] for area in level["areas"]}
    for level in dungeon["levels"]:
        for area in level["areas"]:
            section = areas[(level["number"], area["number"])]
            own = [(i, e["kind"], e["secret"], e["side"], e["leads"], e["to"])
                   for i, e in enumerate(area["exits"]) if e["at"] is not None]
            assert own == [(d["exit"], d["kind"], d["secret"], d["side"], d["leads"], d["to"])
                           for d in section["doorways"] if d["own"]]
            incoming = sorted((other["number"], i) for other in level["areas"]
                              for i, e in enumerate(other["exits"])
                              if e["at"] is not None and e["to"] == area["number"] and other is not area)
            assert incoming == sorted((d["owner"], d["exit"]) for d in section["doorways"] if not d["own"])
            for doorway in section["doorways"]:
                if doorway["leads"] == "area":
                    target = areas[(level["number"], doorway["to"])]["number"]
                    assert doorway["turn_to"] == target and target in section["turn_to"]
                else:
                    assert doorway["turn_to"] is None


def test_a_dungeon_with_no_doors_beyond_a_teleport_lets_one_dig_out(booklet):
    """A section whose only ways lead to places reached by no door still leads somewhere: every area section
    sends the reader on."""
    _, book, _ = booklet
    assert all(s["turn_to"] for s in book["sections"] if s["kind"] == "area")


def test_links_rarely_join_near_numbers(booklet):
    _, book, _ = booklet
    links = [(s["number"], to) for s in book["sections"] for to in s["turn_to"] if to != s["number"]]
    near = [pair for pair in links if abs(pair[0] - pair[1]) <= numbering.NEAR]
    assert len(near) < 0.15 * len(links), f"{len(near)} of {len(links)} links within {numbering.NEAR} numbers"


PLAYS = 1000


@pytest.mark.parametrize("system, cases", [("roguelike", ROGUELIKE[:10]), ("rlrl", RLRL[:4])], ids=["roguelike", "rlrl"])
def test_a_thousand_lone_players_each_reach_an_ending(system, cases):
    """Each play: a character rolled by the rules, dice from its own stream, ways chosen at random; it wins,
    dies or walks out, and never stops at a dead end or goes round a loop it cannot leave."""
    solo_play = importlib.import_module(f"{games.game(system).package}.solo_play")
    outcomes = Counter()
    for index in range(PLAYS):
        _, seed, options = cases[index % len(cases)]
        code = seed_code("solo", system, seed, **options)
        request = products.request(code)
        book = _book(request)
        result = play(book, solo_play.reader(code, index), solo_play.ways(code, index), most=50_000)
        assert result.outcome not in (DEAD_END, STUCK), f"play {index} of {seed}: {result}"
        outcomes[result.outcome] += 1
    assert sum(outcomes.values()) == PLAYS
    assert set(outcomes) <= {"won", "died", "left"}
    assert outcomes["died"] > 0


def solo_play_of(system: str):
    return importlib.import_module(f"{games.game(system).package}.solo_play")


@pytest.mark.parametrize("system", ["roguelike", "rlrl"])
def test_each_kind_of_player_plays_every_book_to_an_ending(system):
    """The three players a game's solo_play makes (random, careful, map-knowing), each with the character
    and dice of its number whatever its kind, win, die or walk out on every seed; a game whose solo_play makes
    no players yet is skipped, as the benchmark skips it."""
    solo_play = solo_play_of(system)
    if not hasattr(solo_play, "player"):
        pytest.skip(f"{system}'s solo_play makes no players")
    assert tuple(solo_play.PLAYERS) == ("random", "careful", "map-knowing")
    cases = ROGUELIKE[:4] + ROGUELIKE[-4:] if system == "roguelike" else RLRL
    for _, seed, options in cases:
        code = seed_code("solo", system, seed, **options)
        book = _book(products.request(code))
        for kind in solo_play.PLAYERS:
            for number in range(6):
                one = solo_play.player(kind, code, number, book)
                assert one.kind == kind
                result = one.play(book, most=50_000)
                assert result.outcome in ("won", "died", "left"), (seed, kind, number, result)
        same = [solo_play.player(kind, code, 0, book).reader.character for kind in solo_play.PLAYERS]
        assert same[0] == same[1] == same[2]


def test_the_benchmark_measures_every_game_that_makes_players_and_skips_the_others(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    bench = Path(__file__).resolve().parent.parent / "benchmarks" / "solo.py"
    done = subprocess.run([sys.executable, str(bench), "--odds", "--seeds", "2", "--plays", "2", "--entrance", "3"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    for system in ("roguelike", "rlrl"):
        if hasattr(solo_play_of(system), "player"):
            for kind in ("random", "careful", "map-knowing"):
                assert f"  {kind}: " in done.stdout.split(f"{system}: ")[1]
            assert "entrance, careful players" in done.stdout.split(f"{system}: ")[1]
        else:
            assert f"{system}: skipped" in done.stdout


_books: dict = {}


def _book(request):
    """A request's gamebook, made once for all the plays of its seed."""
    key = str(request.code)
    if key not in _books:
        dungeon = request.part("dungeon").generate(request)
        _books[key] = request.part("solo").book(dungeon, request)
    return _books[key]


# --- the pages --------------------------------------------------------------------------------------


@pytest.fixture(scope="module", params=[("roguelike", "pages", {}), ("rlrl", "pages", {"rooms": "2"}),
                                        ("roguelike", "a4", {"paper": "a4", "levels": "2", "character": "rolled"})],
                ids=case_id)
def printed(request):
    system, seed, options = request.param
    code = seed_code("solo", system, seed, **options)
    checked = products.request(code)
    from printgen.products.solo import made

    dungeon, book, numbers = made(checked)
    return checked, dungeon, book, numbers, products.build(code)


def test_the_sections_are_printed_in_order_under_their_numbers(printed):
    request, dungeon, book, numbers, pdf = printed
    texts = page_texts(pdf)
    heads = [number for page in _section_pages(book, numbers, request) for number in page.numbers]
    assert heads == sorted(set(heads)) == list(range(1, len(book.sections) + 1))
    first = _first_section_page(texts, request.part("solo").title(request.words, dungeon))
    assert first % 2 == 0, "section 1 opens on a right-hand page (an odd page number)"


def test_each_page_of_sections_has_its_range_as_running_head(printed):
    request, dungeon, book, numbers, pdf = printed
    texts = page_texts(pdf)
    first = _first_section_page(texts, request.part("solo").title(request.words, dungeon))
    for offset, page in enumerate(_section_pages(book, numbers, request)):
        low, high = min(page.numbers), max(page.numbers)
        head = f"{low}–{high}" if low != high else str(low)
        words = texts[first + offset].splitlines()[0].split()
        assert head in (words[0], words[-1]), (first + offset, head, words)


def test_a_section_stays_whole_in_its_column_where_one_holds_it(printed):
    request, dungeon, book, numbers, pdf = printed
    pages = _section_pages(book, numbers, request)
    room = request.paper.height - layout.TOP - layout.FOOT
    parts = Counter(placed.number for page in pages for placed in page.placed)
    for page in pages:
        for placed in page.placed:
            height = sum(piece.height for piece in placed.pieces)
            assert placed.top - height >= layout.FOOT - 0.01, "a section runs into the footer"
            whole = sum(p.height for pl in (x for pg in pages for x in pg.placed if x.number == placed.number)
                        for p in pl.pieces)
            if whole <= room:
                assert parts[placed.number] == 1, f"section {placed.number} is split though a column holds it"


def test_the_booklet_ends_with_a_page_of_graph_paper_for_each_level(printed):
    request, dungeon, book, numbers, pdf = printed
    texts = page_texts(pdf)
    levels = len(dungeon.levels)
    for offset, level in enumerate(range(1, levels + 1)):
        assert f"Level {level}: your map" in texts[len(texts) - levels + offset]
    for width, height in page_sizes(open_pdf(pdf)):
        assert width == pytest.approx(request.paper.width, abs=0.01)
        assert height == pytest.approx(request.paper.height, abs=0.01)


def test_the_play_sheet_lists_every_number_to_tick(printed):
    request, dungeon, book, numbers, pdf = printed
    texts = page_texts(pdf)
    sheet = next(i for i, t in enumerate(texts) if "PLAY SHEET" in t)
    ticked = {numbers[m] for m in book.marks() if m in book.sections}
    words = set("\n".join(texts[sheet:sheet + 2]).split())
    assert {str(n) for n in ticked} <= words


def test_a_rolled_character_is_the_seeds_first_as_printgen_sheet_rolls_it(printed):
    request, dungeon, book, numbers, pdf = printed
    if request.options["character"] != "rolled":
        pytest.skip("this case prints a blank character sheet")
    sheet = json.loads(products.build(seed_code("sheet", request.code.system, request.code.seed, count="1",
                                                format="json")))
    texts = page_texts(pdf)
    record = next(i for i, t in enumerate(texts) if "CHARACTER RECORD" in t)
    assert sheet["characters"][0]["name"] in texts[record]


def _section_pages(book, numbers, request):
    return layout.paginate(layout.section_paragraphs(book, numbers), request.paper, layout.Look())


def _first_section_page(texts: list[str], title: str) -> int:
    """The page whose running head (on its first line, beside the book's title) starts at section 1."""
    return next(i for i, t in enumerate(texts) if title in (t.splitlines() or [""])[0]
                and any(re.fullmatch(r"1(–\d+)?", word) for word in t.splitlines()[0].split()))


# --- the command line ----------------------------------------------------------------------------------


def test_the_solo_booklet_is_the_dungeon_commands_dungeon_from_the_command_line(tmp_path):
    done = run_cli("solo", "--system", "roguelike", "--seed", "cli", "--levels", "1", "--format", "json",
                   "-o", str(tmp_path / "solo.json"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    book = json.loads((tmp_path / "solo.json").read_text())
    assert book["seed_code"] == "pg4:solo:roguelike:cli:format=json,levels=1"
    assert book["start"] == 1


@pytest.mark.parametrize("args, says", [
    (["--system", "amulet"], "rlrl, roguelike"),
    (["--system", "roguelike", "--levels", "0"], "levels"),
    (["--system", "rlrl", "--levels", "3"], "levels"),
    (["--system", "roguelike", "--character", "maybe"], "character"),
])
def test_bad_input_is_one_line_and_exit_code_2(args, says, tmp_path):
    done = run_cli("solo", *args, "--seed", "bad", cwd=tmp_path)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and says in done.stderr
    assert not any(tmp_path.rglob("*.pdf"))


def test_the_static_checks_catch_what_they_promise():
    """The engine's own checks, on books made wrong on purpose."""
    from printgen.gamebook import model as m
    from printgen.gamebook.checks import problems

    def made(*sections):
        book = m.Book({}, "a")
        for section in sections:
            book.add(section)
        return book

    ok = made(m.Section("a", "x", [m.go(f"Turn to {m.ref('b')}.", "b")]),
              m.Section("b", "end", [m.end("The end.", m.WON)]))
    assert problems(ok, {"a": 1, "b": 2}) == []
    assert problems(ok, {"a": 2, "b": 1})  # the way in must be 1
    dead_end = made(m.Section("a", "x", [m.text("Nothing.")]))
    assert any("dead end" in p for p in problems(dead_end, {"a": 1}))
    unnamed = made(m.Section("a", "x", [m.go("Turn to it.", "b")]), m.Section("b", "end", [m.end("", m.WON)]))
    assert any("names" in p for p in problems(unnamed, {"a": 1, "b": 2}))
    loop = made(m.Section("a", "x", [m.go(f"{m.ref('b')}", "b")]), m.Section("b", "x", [m.go(f"{m.ref('a')}", "a")]))
    assert any("reach no ending" in p for p in problems(loop, {"a": 1, "b": 2}))
    island = made(m.Section("a", "end", [m.end("", m.WON)]), m.Section("b", "end", [m.end("", m.WON)]))
    assert any("cannot be reached" in p for p in problems(island, {"a": 1, "b": 2}))
    with pytest.raises(AssertionError):
        gamebook.numbered(dead_end, stream("x", "y"))

"""Story-mode challenge maps: paths that meet, a reachable goal, cards the set holds, stories by the seed."""

from __future__ import annotations

import json
import re
from collections import Counter

import pypdfium2
import pytest
from fairness import assert_fair, evenly
from pdfutil import open_pdf

from printgen.cli import main
from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.card_rogue import challenge, challenge_map, rules
from printgen.words import BUILT_IN

STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
SEEDS = [f"race{n}" for n in range(12)]


def challenge_json(seed: str, levels: int = 3) -> dict:
    code = SeedCode.make("challenge", "card-rogue", seed, {"format": "json", "levels": str(levels),
                                                          "paper": "letter"})
    return json.loads(build(code))


@pytest.fixture(scope="module")
def maps() -> list[dict]:
    return [challenge_json(seed, 5 if n % 3 == 0 else 3) for n, seed in enumerate(SEEDS)]


def kept_card_paths(card: str) -> list[str] | None:
    """The paths the set prints on a card that stays where it lies; None for a card taken or a plain tile."""
    tiles = rules.tiles()
    if card == "start":
        return tiles["starting"]["paths"]
    if card == "ladder":
        return tiles["ladder"]["paths"]
    if card in ("chest", "shop", "fountain") or card.startswith("trap:"):
        return tiles["special"]["paths"]
    return None


def test_every_tile_path_meets_a_path_and_cards_that_stay_keep_their_printed_paths(maps):
    for data in maps:
        for level in data["levels"]:
            cells = {(c["x"], c["y"]): c for c in level["cells"]}
            for (x, y), cell in cells.items():
                assert 1 <= len(cell["paths"]) <= 4
                printed = kept_card_paths(cell["card"])
                if printed is not None:
                    assert sorted(cell["paths"]) == sorted(printed), (level["number"], x, y, cell["card"])
                    continue
                for edge in cell["paths"]:
                    dx, dy = STEP[edge]
                    neighbour = cells.get((x + dx, y + dy))
                    assert neighbour is not None and OPPOSITE[edge] in neighbour["paths"], (level["number"], x, y)


def required_goals(level: dict, last: bool) -> list[tuple[int, int]]:
    """What a level asks of the player, read from its cards: the descending ladder; on the last level the key,
    then the locked chest, which opens only with it."""
    where = {c["card"]: (c["x"], c["y"]) for c in level["cells"]}
    return [where["key"], where["chest"]] if last else [where["ladder"]]


def through_goals(paths: dict[tuple[int, int], set[str]], start: tuple[int, int],
                  goals: list[tuple[int, int]]) -> int:
    """Breadth-first over (the cell the player stands on, how many goals he has reached in order): two cards side
    by side connect where both have a path; walking over a goal before its turn (the chest without the key)
    reaches nothing."""
    seen, frontier = {(start, 0): 0}, [(start, 0)]
    while frontier:
        following = []
        for (x, y), done in frontier:
            if done == len(goals):
                return seen[((x, y), done)]
            for edge in paths[(x, y)]:
                other = (x + STEP[edge][0], y + STEP[edge][1])
                if other in paths and OPPOSITE[edge] in paths[other]:
                    state = (other, done + (other == goals[done]))
                    if state not in seen:
                        seen[state] = seen[((x, y), done)] + 1
                        following.append(state)
        frontier = following
    raise AssertionError("the goals cannot all be reached")


def test_the_goal_is_reachable_and_par_is_the_fewest_moves_through_the_levels_goals(maps):
    for data in maps:
        levels = data["levels"]
        for level in levels:
            links = {(c["x"], c["y"]): set(c["paths"]) for c in level["cells"]}
            reach = challenge_map.distances(links, tuple(level["start"]))
            assert set(reach) == set(links)  # every card can be reached
            assert reach[tuple(level["goal"])] == max(reach.values())
            goals = required_goals(level, level["number"] == len(levels))
            assert [tuple(g) for g in level["goals"]] == goals and goals[-1] == tuple(level["goal"])
            assert level["par"] == through_goals(links, tuple(level["start"]), goals)
            goal = next(c for c in level["cells"] if (c["x"], c["y"]) == tuple(level["goal"]))
            assert goal["card"] == ("chest" if level["number"] == len(levels) else "ladder")
            start = next(c for c in level["cells"] if (c["x"], c["y"]) == tuple(level["start"]))
            assert start["card"] == "start" and start["y"] == 0
            assert sorted(c["order"] for c in level["cells"]) == list(range(len(level["cells"])))


def test_the_last_level_holds_the_key_and_a_basilisk_beside_the_chest(maps):
    more = [challenge_json(f"key{n}", 1 + n % 5) for n in range(80)]
    for data in maps + more:
        last = data["levels"][-1]
        cards = Counter(c["card"] for c in last["cells"])
        assert cards["key"] == 1 and cards["enemy:basilisk"] == 1
        basilisk = next(c for c in last["cells"] if c["card"] == "enemy:basilisk")
        gx, gy = last["goal"]
        assert abs(basilisk["x"] - gx) + abs(basilisk["y"] - gy) == 1


CH_SEEDS, CH_LEVELS = 200, 5


@pytest.fixture(scope="module")
def ch_levels() -> list[tuple[challenge_map.Level, list[str]]]:
    """The levels of seeds ch0 to ch199 at 5 levels (generation only), each with the cards rolled for it."""
    rolled = []
    contents = challenge_map._contents

    def logging(rng, tier, last):
        cards = contents(rng, tier, last)
        rolled.append(list(cards))
        return cards

    challenge_map._contents = logging
    try:
        found = []
        for n in range(CH_SEEDS):
            code = SeedCode.make("challenge", "card-rogue", f"ch{n}", {"format": "json", "levels": str(CH_LEVELS)})
            for number in range(1, CH_LEVELS + 1):
                level = challenge_map.level(code, number, CH_LEVELS)
                found.append((level, rolled[-1]))
    finally:
        challenge_map._contents = contents
    return found


def test_par_is_the_fewest_moves_through_every_goal_on_200_seeds(ch_levels):
    """Seeds ch0 to ch199, 5 levels: par is a breadth-first search's fewest moves through the goals each level
    asks for (the ladder; on the last, the key and then the chest). Before, 148 of the 200 last levels printed the
    moves to the chest alone (ch0: 5 where the key makes it 9)."""
    for level, _ in ch_levels:
        last = level.number == CH_LEVELS
        paths = {(c.x, c.y): set(c.paths) for c in level.cells}
        cards = {(c.x, c.y): c.card for c in level.cells}
        goals = level.goals
        assert [cards[g] for g in goals] == (["key", "chest"] if last else ["ladder"])
        assert level.par == through_goals(paths, level.start, goals), (level.number, level.par)
    ch0 = [level for level, _ in ch_levels[:CH_LEVELS]]
    assert ch0[-1].par == 9


def test_the_chest_is_reached_only_past_its_basilisk_on_200_seeds(ch_levels):
    """The notes: the last level ends at the locked chest, a basilisk beside it on its only way in, the key
    elsewhere on the level; no golem. Before, 36 of 200 chests could be reached around the basilisk."""
    for level, _ in ch_levels:
        cards = Counter(c.card for c in level.cells)
        assert cards["enemy:golem"] == 0
        if level.number != CH_LEVELS:
            assert cards["chest"] == cards["key"] == cards["enemy:basilisk"] == 0 and cards["ladder"] == 1
            continue
        assert cards["chest"] == cards["key"] == cards["enemy:basilisk"] == 1 and cards["ladder"] == 0
        paths = {(c.x, c.y): set(c.paths) for c in level.cells}
        guard = next((c.x, c.y) for c in level.cells if c.card == "enemy:basilisk")
        around = challenge_map.distances({cell: p for cell, p in paths.items() if cell != guard}, level.start)
        assert level.goal not in around and level.goal in challenge_map.distances(paths, level.start)


def test_every_card_rolled_for_a_level_is_on_its_map_and_the_draws_are_even(ch_levels):
    """The cards placed against the cards rolled, kind for kind (the key and each potion's colour too), and the
    colours and artifacts drawn evenly over 1,000 levels."""
    colours, artifacts = Counter(), Counter()
    for level, rolled in ch_levels:
        placed = Counter(c.card for c in level.cells if c.card not in ("start", "tile", "ladder", "chest",
                                                                      "enemy:basilisk"))
        assert placed == Counter(rolled), level.number
        colours.update(c.card.partition(":")[2] for c in level.cells if c.card.startswith("potion:"))
        artifacts.update(c.card.partition(":")[2] for c in level.cells if c.card.startswith("artifact:"))
    names = [c["name"] for c in rules.potion_colours()]
    ids = [a["id"] for a in rules.artifacts()]
    assert sum(colours.values()) == 9 * CH_SEEDS  # two potions on each of levels 1 to 4, one on the last
    assert_fair(colours, evenly(names))
    assert_fair(artifacts, evenly(ids))


def test_a_level_asks_only_for_cards_the_set_holds(maps):
    tiles = challenge_map.available_tiles()
    enemies = {e["id"]: e["count"] for e in rules.enemies()}
    for data in maps:
        for level in data["levels"]:
            assert all(level["tiles_used"][shape] <= tiles[shape] for shape in level["tiles_used"])
            cards = Counter(c["card"] for c in level["cells"])
            for card, count in cards.items():
                kind, _, which = card.partition(":")
                if kind == "enemy":
                    assert count <= enemies[which]
                if kind == "potion":
                    assert count <= rules.potions_per_colour()


def test_the_same_code_gives_the_same_file_and_another_seed_another_map():
    code = SeedCode.make("challenge", "card-rogue", "race", {"format": "pdf", "levels": "3", "paper": "a4"})
    assert build(code) == build(code)
    assert challenge_json("race") != challenge_json("race2")
    assert challenge_json("race")["seed_code"].startswith("pg4:challenge:card-rogue:race:")


def _page_titles(pdf: bytes) -> list[str]:
    """Each page's first line: "Level N of M: title"."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [document[i].get_textpage().get_text_range().splitlines()[0].strip() for i in range(len(document))]
    finally:
        document.close()


def test_stories_are_drawn_evenly_in_the_data_and_on_the_page():
    """Over many seeds each of the three last-level stories comes up about a third of the time."""
    seeds = [f"story{n}" for n in range(60)]
    recorded, printed = Counter(), Counter()
    stage = challenge.stage(1, 1)
    say = BUILT_IN.say_for(challenge.__package__)
    titles = {say(f"story.{stage}.{story}.title"): story for story in challenge.stories(BUILT_IN, stage)}
    for seed in seeds:
        data = challenge_json(seed, 1)
        recorded[data["levels"][0]["story"]] += 1
        pdf = build(SeedCode.make("challenge", "card-rogue", seed, {"format": "pdf", "levels": "1",
                                                                     "paper": "letter"}))
        match = re.match(r"Level 1 of 1: (.+)", _page_titles(pdf)[0])
        printed[titles[match.group(1)]] += 1
    assert recorded == printed
    # 2 degrees of freedom: 13.8 is the 0.1 % point.
    assert_fair(recorded, evenly(titles.values()))


@pytest.mark.parametrize("levels", [1, 2, 3, 4, 5])
def test_no_two_levels_of_a_challenge_tell_the_same_story(levels):
    """Each level has a title and a story of its own, whatever the seed; the data and the pages agree."""
    for n in range(200):
        code = SeedCode.make("challenge", "card-rogue", f"tale{n}", {"format": "pdf", "levels": str(levels),
                                                                     "paper": "letter"})
        told = challenge.stories_told(BUILT_IN, code, levels)
        words = [challenge.story(BUILT_IN, number, levels, story) for number, story in enumerate(told, start=1)]
        assert len({title for title, _ in words}) == levels, (n, told)
        assert len({text for _, text in words}) == levels, (n, told)
    seed = f"tale{levels}"
    told = [level["story"] for level in challenge_json(seed, levels)["levels"]]
    pdf = build(SeedCode.make("challenge", "card-rogue", seed, {"format": "pdf", "levels": str(levels),
                                                                 "paper": "letter"}))
    assert _page_titles(pdf) == [f"Level {number} of {levels}: {challenge.story(BUILT_IN, number, levels, story)[0]}"
                                 for number, story in enumerate(told, start=1)]


def test_bad_levels_are_one_line_and_write_nothing(tmp_path, capsys):
    out = tmp_path / "c.pdf"
    assert main(["challenge", "--system", "card-rogue", "--seed", "s", "--levels", "0", "-o", str(out)]) == 2
    assert not out.exists()
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def _drawn_levels(seed: str, levels: int, monkeypatch) -> tuple[list[dict], list[str]]:
    """Each page's diagram as the page shows it: for every grid place, whether a card is drawn there and which
    of its edges carry a path, read from the rendered pixels; and each page's text."""
    from printgen.systems.card_rogue import challenge as page

    boxes = []
    draw = page._diagram

    def recording(phrasebooks, c, level, x, y, width, height):
        boxes.append((x, y, width, height))
        draw(phrasebooks, c, level, x, y, width, height)

    monkeypatch.setattr(page, "_diagram", recording)
    pdf = build(SeedCode.make("challenge", "card-rogue", seed, {"format": "pdf", "levels": str(levels),
                                                                 "paper": "letter"}))
    scale = 2.0
    document = pypdfium2.PdfDocument(pdf)
    drawn, texts = [], []
    try:
        for index, (x, y, width, height) in enumerate(boxes):
            pdf_page = document[index]
            texts.append(pdf_page.get_textpage().get_text_range())
            page_h = pdf_page.get_height()
            image = pdf_page.render(scale=scale).to_pil().convert("L")
            cell_w = min(width / challenge_map.COLUMNS, height / challenge_map.ROWS / page.CARD_RATIO)
            cell_h = cell_w * page.CARD_RATIO
            left = x + (width - cell_w * challenge_map.COLUMNS) / 2
            bottom = y + (height - cell_h * challenge_map.ROWS) / 2

            def grey(px: float, py: float) -> int:
                return image.getpixel((round(px * scale), round((page_h - py) * scale)))

            cards = {}
            for i in range(challenge_map.COLUMNS):
                for j in range(challenge_map.ROWS):
                    x0, y0 = left + i * cell_w, bottom + j * cell_h
                    if grey(x0 + cell_w * 0.88, y0 + cell_h * 0.1) > 160:
                        continue  # blank paper: no card here
                    cx, cy = x0 + cell_w / 2, y0 + cell_h / 2
                    ends = {"N": (cx, cy + cell_h * 0.45), "S": (cx, cy - cell_h * 0.45),
                            "E": (cx + cell_w * 0.45, cy), "W": (cx - cell_w * 0.45, cy)}
                    shades = {edge: grey(*point) for edge, point in ends.items()}
                    assert all(v > 150 or v < 100 for v in shades.values()), shades  # path or rock, nothing between
                    cards[(i, j)] = {edge for edge, v in shades.items() if v > 150}
            drawn.append(cards)
    finally:
        document.close()
    return drawn, texts


@pytest.mark.parametrize("seed", ["review"] + [f"par{n}" for n in range(15)])
def test_par_is_the_fewest_moves_over_the_connections_the_page_draws(seed, monkeypatch):
    """The diagram draws exactly the paths the data has, and the par printed counts the fewest moves over them
    through every goal of the level (to the key and on to the chest on the last)."""
    levels = 5 if seed.endswith("0") else 3
    data = challenge_json(seed, levels)
    drawn, texts = _drawn_levels(seed, levels, monkeypatch)
    assert len(drawn) == len(data["levels"])
    for level, cards, page_text in zip(data["levels"], drawn, texts):
        paths = {(c["x"], c["y"]): set(c["paths"]) for c in level["cells"]}
        assert cards == paths, level["number"]
        last = level["number"] == len(data["levels"])
        par = through_goals(cards, tuple(level["start"]), required_goals(level, last))
        assert level["par"] == par, level["number"]
        printed = re.search(r"Fewest moves from the start to ([a-z ]+): (\d+)\.", " ".join(page_text.split()))
        assert printed and int(printed.group(2)) == par, level["number"]
        goal_words = printed.group(1)
        assert ("key" in goal_words and "chest" in goal_words) if last else goal_words == "the descending ladder"


def test_every_card_on_the_map_shows_its_own_card_s_picture():
    """Each cell holding a card of the set shows that card's picture, in its colour (the trap of paralysis and the
    trap of poison once showed drawn emblems of their own): compared with the set's cards, and read back from the
    page, where every picture is drawn once as a form named for its icon."""
    from printgen.systems.card_rogue import challenge, challenge_map, decks

    sources = {card.source: card for card in decks.all_cards(BUILT_IN).cards}
    source_of = {"start": "starting tile", "ladder": "ladder", "chest": "chest", "shop": "shop", "fountain": "fountain",
                 "key": "key"}
    code = SeedCode.make("challenge", "card-rogue", "pictures", {"levels": "3"})
    levels = challenge_map.challenge(code, 3)
    shown = 0
    for level in levels:
        for cell in level.cells:
            kind, _, which = cell.card.partition(":")
            drawn = challenge.card_picture(cell.card)
            if kind == "tile":
                assert drawn is None
                continue
            card = sources[source_of.get(kind) or f"{kind} {which}"]
            assert drawn == (card.picture.split()[0], card.tint), cell.card
            shown += 1
    assert shown
    pdf = open_pdf(build(code))
    for level, page in zip(levels, pdf.pages):
        forms = {str(name) for name in page.Resources.XObject.keys()}
        wanted = {f"/FormXob.pgicon-{challenge.card_picture(cell.card)[0]}" for cell in level.cells
                  if challenge.card_picture(cell.card)}
        assert wanted <= forms, (level.number, wanted - forms)

"""Dungeons for virtual tabletops: `printgen dungeon --format uvtt`, a zip of Universal VTT files (.dd2vtt),
a players' and a game master's for each level, for all three dungeon games over many seeds."""

import base64
import io
import json
import math
import zipfile

import pytest
import vtt_checks as checks
from PIL import Image

from printgen import products
from printgen.cli import main
from printgen.maps import vtt
from printgen.maps.geometry import HEADING_NAMES, side_edge, step
from printgen.maps.offpage import PORTAL
from printgen.seed import SeedCode

# Many seeds of each game, for the walls and portals (no picture: the scene's geometry alone is fast).
SEEDS = {"roguelike": [f"vtt{n}" for n in range(8)], "amulet": [f"vtt{n}" for n in range(8)],
         "rlrl": [f"vtt{n}" for n in range(3)]}  # ten levels a seed
OPTIONS = {"roguelike": {"levels": "3"}, "amulet": {}, "rlrl": {}}
FIELDS = {"format", "resolution", "line_of_sight", "objects_line_of_sight", "portals", "lights", "environment",
          "image"}


def request(system: str, seed: str, **options):
    return products.request(SeedCode.make("dungeon", system, seed, {**OPTIONS[system], **options}))


def level_views(system: str, seed: str, **options):
    req = request(system, seed, **options)
    module = req.part()
    return module.level_views(module.generate(req), req)


def uvtt(system: str, seed: str, **options) -> dict[str, dict]:
    data = products.build(SeedCode.make("dungeon", system, seed, {**OPTIONS[system], **options, "format": "uvtt"}))
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: json.loads(archive.read(name)) for name in archive.namelist()}


@pytest.fixture(scope="module", params=sorted(SEEDS))
def built(request):
    """One dungeon of each game as --format uvtt (50 pixels a square, to keep it quick), with its JSON."""
    system = request.param
    files = uvtt(system, "moonpie", ppg="50")
    dungeon = json.loads(products.build(SeedCode.make("dungeon", system, "moonpie", {**OPTIONS[system],
                                                                                        "format": "json"})))
    return system, files, dungeon


def test_one_players_file_and_one_game_masters_file_per_level(built):
    system, files, dungeon = built
    numbers = [level["number"] for level in dungeon["levels"]]
    assert list(files) == [name for n in numbers for name in (f"level-{n:02d}.dd2vtt", f"level-{n:02d}-gm.dd2vtt")]


def test_every_file_holds_every_field_importers_expect(built):
    system, files, dungeon = built
    sizes = {level["number"]: (level["width"], level["height"]) for level in dungeon["levels"]}
    for name, data in files.items():
        number = int(name[6:8])
        assert set(data) == FIELDS, name
        assert data["format"] == 0.3
        assert data["resolution"] == {"map_origin": {"x": 0, "y": 0}, "pixels_per_grid": 50,
                                      "map_size": {"x": sizes[number][0], "y": sizes[number][1]}}
        assert data["lights"] == [] and data["objects_line_of_sight"] == []
        assert data["environment"] == {"baked_lighting": False, "ambient_light": "ffffffff"}
        for portal in data["portals"]:
            assert set(portal) == {"position", "bounds", "rotation", "closed", "freestanding"}
            assert portal["closed"] is True and portal["freestanding"] is False
            (ax, ay), (bx, by) = ((p["x"], p["y"]) for p in portal["bounds"])
            assert portal["position"] == pytest.approx({"x": (ax + bx) / 2, "y": (ay + by) / 2}, abs=1e-4)
            assert math.isclose(portal["rotation"], math.atan2(by - ay, bx - ax), abs_tol=1e-5)
        assert not checks.points_inside(data), name


def test_the_picture_is_a_png_of_exactly_map_size_times_pixels_per_grid(built):
    system, files, _ = built
    for name, data in files.items():
        raw = base64.b64decode(data["image"], validate=True)
        assert raw.startswith(b"\x89PNG\r\n\x1a\n")
        image = Image.open(io.BytesIO(raw))
        image.load()
        size = data["resolution"]["map_size"]
        assert image.size == (size["x"] * 50, size["y"] * 50), name
        assert image.getextrema()[0] < 64 < 192 < image.getextrema()[1], name  # ink and paper, not blank


def test_the_players_picture_shows_no_numbers_or_secrets_the_game_masters_does(built):
    """The players' picture has less ink than the game master's wherever the level has numbered areas: no
    area numbers, no secret doors, traps or contents."""
    system, files, _ = built
    for name in files:
        if name.endswith("-gm.dd2vtt"):
            continue
        ink = {}
        for which, file in (("players", name), ("gm", name.replace(".dd2vtt", "-gm.dd2vtt"))):
            image = Image.open(io.BytesIO(base64.b64decode(files[file]["image"]))).convert("L")
            ink[which] = sum(count for value, count in enumerate(image.histogram()) if value < 100)
        assert ink["players"] < ink["gm"], name


def test_each_non_secret_doorway_of_the_json_has_its_portal_and_no_secret_door_has_one(built):
    """By the JSON's own squares and sides: a portal stands at every door the table opens (on the wall it
    stands in, straight or at 45°; where a game keeps rock between areas, in the doorway square of rock
    beyond), and on the players' copy none stands at a secret door (the game master's has those too)."""
    system, files, dungeon = built
    views = {v.level.number: v for v in level_views(system, "moonpie")}
    sides = {name: side for side, name in enumerate(HEADING_NAMES)}
    counted = {"portal": 0, "secret": 0}
    for level in dungeon["levels"]:
        view = views[level["number"]]
        for gm in (False, True):
            data = files[vtt.file_name(level["number"], "gm" if gm else "players")]
            middles = [(p["position"]["x"], p["position"]["y"]) for p in data["portals"]]
            for area in level["areas"]:
                for exit_ in area["exits"]:
                    if exit_["at"] is None or exit_.get("inside") or exit_.get("far_side") \
                            or exit_["side"] not in sides or exit_.get("wall") or exit_["leads"] == "dead-end":
                        continue
                    at, side = tuple(exit_["at"]), sides[exit_["side"]]
                    if view.rule.gap:
                        x, y = step(at, side)
                        here = any(x - 1e-6 <= px <= x + 1 + 1e-6 and y - 1e-6 <= py <= y + 1 + 1e-6
                                   for px, py in middles)  # in it, or on its far edge (a way unexplored)
                    else:
                        a, b = side_edge(at, side)  # on it (a round room's door takes part of the unit)
                        here = any(checks._near_segment(middle, a, b) for middle in middles)
                    opens = view.kinds.get(exit_["kind"], "gap" if exit_["kind"] == "open" else PORTAL) == PORTAL
                    if exit_["secret"] and not gm:
                        assert not here, (level["number"], area["number"], exit_)
                        counted["secret"] += 1
                    elif opens and (gm or not exit_["secret"]) and not _free_standing(view, at, exit_, gm):
                        assert here, (level["number"], area["number"], "gm" if gm else "players", exit_)
                        counted["portal"] += 1
    assert counted["portal"] > 10, counted


LAYOUTS: dict = {}


def _free_standing(views, at, exit_, gm) -> bool:
    """A door the map draws standing in the floor, where a doorway runs into its own area: it closes
    nothing, so it has no portal."""
    from printgen.maps import draw

    copy = views.copy("gm" if gm else "players")
    key = (id(views), gm)
    if key not in LAYOUTS:
        LAYOUTS.clear()
        LAYOUTS[key] = draw.map_layout(views.level, copy.symbols, views.rule, copy.content, copy.view, 25.0)
    placed = LAYOUTS[key]
    return any(e.at == at and e.kind == exit_["kind"] and id(e) in placed.doors and not placed.doors[id(e)].walled
               for area in views.level.areas for e in area.exits)


@pytest.mark.sweep
@pytest.mark.parametrize("system, seed", [(system, seed) for system in sorted(SEEDS) for seed in SEEDS[system]])
def test_walls_and_portals_close_every_area_over_many_seeds(system, seed):
    """For every level of many seeds (a case each, sampled as sweeps are), both copies: every portal's ends
    on a wall; every door the table opens has one portal and a secret door none on the players' copy; from
    inside each area, walls and portals let one reach only the areas openings join it to, never the rock or
    the map's edge; every point inside the map."""
    problems = []
    for views in level_views(system, seed):
        for which in ("players", "gm"):
            gm = which == "gm"
            data = vtt.scene_data(views, which)
            found = (checks.portal_ends_on_walls(data, views, gm) + checks.points_inside(data)
                     + checks.doorways_have_portals(data, views, gm) + checks.areas_closed(data, views, gm))
            problems += [f"{seed} level {views.level.number} {which}: {p}" for p in found]
    assert not problems, problems[:10]


def test_walls_are_in_squares_round_walls_as_short_chords_and_45_degree_walls_kept():
    """Amulet's round rooms come as many short straight segments on their circle, its 45° walls as
    diagonal segments; every point in grid units, at most four decimals."""
    chords = diagonals = 0
    for views in level_views("amulet", "vtt1") + level_views("amulet", "vtt2"):
        data = vtt.scene_data(views, "gm")
        for a, b in checks.segments(data):
            dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
            if dx and dy and math.isclose(dx, dy, abs_tol=1e-6):
                diagonals += 1
            elif dx and dy:
                chords += 1
                assert math.dist(a, b) < 0.5  # short
        for line in data["line_of_sight"]:
            for point in line:
                assert all(round(v, 4) == v for v in point.values())
    assert chords > 20 and diagonals > 2, (chords, diagonals)


def test_the_game_masters_file_has_secret_doors_as_portals():
    for views in level_views("amulet", "vtt0"):
        secret = [e for a in views.level.areas for e in a.exits if e.secret and e.at is not None
                  and not e.inside and not e.far_side]
        players, gm = (vtt.scene_data(views, which) for which in ("players", "gm"))
        if secret:
            assert len(gm["portals"]) > len(players["portals"])
            break
    else:
        pytest.fail("no secret door on any level of the seed")


def test_ppg_sets_the_pictures_size_and_the_same_code_makes_the_same_bytes():
    code = SeedCode.make("dungeon", "amulet", "moonpie", {"levels": "1", "format": "uvtt", "ppg": "75"})
    first = products.build(code)
    assert products.build(SeedCode.parse(str(code))) == first
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        data = json.loads(archive.read("level-01.dd2vtt"))
        assert archive.comment.decode().endswith(str(code))
    size = data["resolution"]["map_size"]
    assert data["resolution"]["pixels_per_grid"] == 75
    assert Image.open(io.BytesIO(base64.b64decode(data["image"]))).size == (size["x"] * 75, size["y"] * 75)


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("ppg, words", [
    ("49", "--ppg must be a whole number from 50 to 200, not '49'"),
    ("201", "--ppg must be a whole number from 50 to 200, not '201'"),
    ("lots", "--ppg must be a whole number from 50 to 200, not 'lots'"),
    ("-5", "--ppg must be a whole number from 50 to 200"),
])
def test_a_bad_ppg_is_refused_in_one_line(ppg, words, capsys, tmp_path):
    code, out, err = run(capsys, "dungeon", "--system", "roguelike", "--seed", "x", "--format", "uvtt",
                         "--ppg", ppg, "-o", str(tmp_path / "d.zip"))
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err
    assert not (tmp_path / "d.zip").exists()


@pytest.mark.parametrize("args, words", [
    (["--system", "card-rogue", "--format", "uvtt"], "card-rogue"),
    (["--system", "amulet", "--scale", "battle", "--format", "json"], "--scale battle"),
    (["--system", "amulet", "--scale", "battle", "--format", "uvtt"], "--scale battle"),
    (["--system", "rlrl", "--scale", "huge"], "--scale must be one of page, battle"),
    (["--system", "rlrl", "--format", "dd2vtt"], "--format must be one of"),
])
def test_uvtt_and_battle_scale_where_they_do_not_belong_are_refused_in_one_line(args, words, capsys, tmp_path):
    code, out, err = run(capsys, "dungeon", "--seed", "x", *args, "-o", str(tmp_path / "d.out"))
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize("option", [["--format", "uvtt"], ["--scale", "battle"]])
def test_a_dungeon_without_level_views_refuses_uvtt_and_battle_in_one_line(option, capsys, tmp_path, monkeypatch):
    from printgen.systems.roguelike import dungeon

    monkeypatch.delattr(dungeon, "level_views")
    code, out, err = run(capsys, "dungeon", "--system", "roguelike", "--seed", "x", *option,
                         "-o", str(tmp_path / "d.out"))
    assert code == 2 and err.count("\n") == 1 and "offers no level views" in err, err

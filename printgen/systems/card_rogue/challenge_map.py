"""Story-mode challenge maps: a fixed dungeon per level, the same for everyone with the seed code.

Each level grows a maze of cells from the starting tile (a random tree, plus
a loop or two), on a grid small enough to lay on a table. Every plain cell
gets the pathing tile whose paths are exactly its maze links; some cells hold
an exploration card instead (an enemy, a potion...), with the tile to lay once
it is taken. The cards that stay where they lie (the starting tile, the
descending ladder, the locked chest, traps, the shop, the fountain) are
crossings in the set, so their cells have the paths those cards print: an
edge of theirs that meets a wall or no card is a wall, and two of them side
by side meet. The laying order counts moves over these paths. The farthest
cell holds the descending ladder; on the last level, the locked chest, whose
only way in is through a basilisk, and the key somewhere else on the level.
Par is the fewest moves through every goal the level asks for, in order: the
ladder, or the key and then the chest it opens (a breadth-first search over
where the player stands and how many goals are behind him). Only codes and
numbers here: the words are chosen where the page is made.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field

from ...errors import PrintgenError
from ...seed import Rng, SeedCode
from . import rules

COLUMNS, ROWS = 5, 5
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
MAX_ATTEMPTS = 50

# What each level may hide, by the level's place in the run: enemy ids and other exploration cards.
TIERS = (
    {"enemies": ["cave-bat", "sewer-rat", "kobold"], "others": ["trap:spikes", "potion", "potion", "fountain"]},
    {"enemies": ["goblin", "imp", "vampire-bat", "sewer-rat"], "others": ["trap:poison", "potion", "shop", "potion"]},
    {"enemies": ["zombie", "troll", "goblin", "imp"], "others": ["trap:paralysis", "potion", "shop", "artifact"]},
)


@dataclass(frozen=True)
class Cell:
    x: int
    y: int
    paths: tuple[str, ...]  # the paths of the card laid here (a plain tile's are its maze links)
    card: str  # "start", "ladder", "chest", "tile", "enemy:<id>", "trap:<id>", "potion", "fountain", ...
    shape: str  # the pathing tile these paths make: dead-end, straight, corner, tee, cross
    order: int  # the order cards are laid face down: walking distance from the start, then position


@dataclass
class Level:
    number: int
    cells: list[Cell]
    start: tuple[int, int]
    goal: tuple[int, int]  # where the level ends: the ladder, or on the last level the chest
    par: int  # the fewest moves from the start through every goal, in order
    goals: list[tuple[int, int]] = field(default_factory=list)  # what the level asks for: [ladder] or [key, chest]
    tiles_used: dict[str, int] = field(default_factory=dict)

    def as_data(self) -> dict:
        return asdict(self)


def kept(card: str) -> bool:
    """Whether a card stays where it is laid (it is never taken and replaced by a pathing tile)."""
    return card in ("start", "ladder", "chest", "shop", "fountain") or card.startswith("trap:")


def card_paths(card: str) -> tuple[str, ...] | None:
    """The paths a card that stays in play prints, from the set's data; None for any other card."""
    if not kept(card):
        return None
    t = rules.tiles()
    found = t["starting"] if card == "start" else t["ladder"] if card == "ladder" else t["special"]
    return tuple(e for e in ("N", "E", "S", "W") if e in found["paths"])


def shape_of(paths: tuple[str, ...]) -> str:
    if len(paths) == 2:
        return "straight" if OPPOSITE[paths[0]] == paths[1] else "corner"
    return {1: "dead-end", 3: "tee", 4: "cross"}[len(paths)]


def available_tiles() -> dict[str, int]:
    """Pathing tiles of each shape in the set: the exploration deck's and the stack's together."""
    found: dict[str, int] = {}
    for shape in rules.tile_shapes():
        base = shape["id"].removesuffix("-arrow")
        found[base] = found.get(base, 0) + shape["exploration"] + shape["stack"]
    return found


def _grow(rng: Rng, size: int, start: tuple[int, int]) -> dict[tuple[int, int], set[str]]:
    """A random tree of ``size`` cells from ``start`` inside the grid, then a loop or two."""
    links: dict[tuple[int, int], set[str]] = {start: set()}
    while len(links) < size:
        frontier = sorted((cell, edge) for cell in links for edge in STEP if _inside(_next(cell, edge))
                          and _next(cell, edge) not in links)
        cell, edge = rng.choice(frontier)
        links[cell].add(edge)
        links[_next(cell, edge)] = {OPPOSITE[edge]}
    loops = sorted((cell, edge) for cell in links for edge in ("N", "E") if _next(cell, edge) in links
                   and edge not in links[cell])
    for cell, edge in rng.sample(loops, min(2, len(loops))):
        links[cell].add(edge)
        links[_next(cell, edge)].add(OPPOSITE[edge])
    return links


def _next(cell: tuple[int, int], edge: str) -> tuple[int, int]:
    return cell[0] + STEP[edge][0], cell[1] + STEP[edge][1]


def _inside(cell: tuple[int, int]) -> bool:
    return 0 <= cell[0] < COLUMNS and 0 <= cell[1] < ROWS


def distances(links: dict[tuple[int, int], set[str]], start: tuple[int, int]) -> dict[tuple[int, int], int]:
    """Moves from ``start`` to every cell, along paths that meet on both sides."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for other in _moves(links, cell):
            if other not in seen:
                seen[other] = seen[cell] + 1
                queue.append(other)
    return seen


def _moves(links: dict[tuple[int, int], set[str]], cell: tuple[int, int]) -> Iterator[tuple[int, int]]:
    """The cells one move from ``cell``: beside it, with a path to it that meets ``cell``'s own."""
    for edge in sorted(links[cell]):
        other = _next(cell, edge)
        if other in links and OPPOSITE[edge] in links[other]:
            yield other


def fewest_moves(links: dict[tuple[int, int], set[str]], start: tuple[int, int],
                 goals: list[tuple[int, int]]) -> int | None:
    """The fewest moves from ``start`` that reach each of ``goals`` in turn (a goal passed before its turn does not
    count, as a chest walked over without the key stays shut): a breadth-first search over the player's cell and
    the goals behind him. None if the goals cannot all be reached."""
    first = (start, 0)
    seen = {first: 0}
    queue = deque([first])
    while queue:
        cell, done = queue.popleft()
        if done == len(goals):
            return seen[(cell, done)]
        for other in _moves(links, cell):
            state = (other, done + 1 if other == goals[done] else done)
            if state not in seen:
                seen[state] = seen[(cell, done)] + 1
                queue.append(state)
    return None


def _contents(rng: Rng, tier: dict, last: bool) -> list[str]:
    """The level's exploration cards, each a card of the set: potions by colour, artifacts by name."""
    colours = [c["name"] for c in rules.potion_colours() for _ in range(rules.potions_per_colour())]
    artifacts = [a["id"] for a in rules.artifacts()]
    cards = [f"enemy:{e}" for e in tier["enemies"]]
    for other in tier["others"]:
        if other == "potion":
            cards.append(f"potion:{colours.pop(rng.randint(0, len(colours) - 1))}")
        elif other == "artifact":
            cards.append(f"artifact:{rng.choice(artifacts)}")
        else:
            cards.append(other)
    if last:
        cards.append("key")
    rng.shuffle(cards)
    return cards


def level(code: SeedCode, number: int, levels: int) -> Level:
    """Level ``number`` of ``levels``: seeded, and checked against the cards the set holds."""
    tier = TIERS[min(len(TIERS) - 1, (number - 1) * len(TIERS) // levels)]
    last = number == levels
    start = (COLUMNS // 2, 0)
    for attempt in range(MAX_ATTEMPTS):
        rng = code.stream("card-rogue challenge", number, attempt)
        links = _grow(rng, 11 + 2 * min(number, 4), start)
        reach = distances(links, start)
        goal = max(sorted(reach), key=lambda cell: reach[cell])
        open_cells = [cell for cell in sorted(links) if cell not in (start, goal)]
        contents = _contents(rng, tier, last)
        if len(contents) + (1 if last else 0) > len(open_cells):
            continue
        chosen = rng.sample(open_cells, len(contents) + (1 if last else 0))
        placed = dict(zip(chosen, contents))
        if last:
            # The basilisk waits next to the chest, on the way to it.
            guard = _guard_cell(links, reach, goal, placed, start)
            if guard is None:
                continue
            # The one chosen cell left empty takes the card the basilisk displaces (the key, it may be).
            if guard in placed:
                placed[chosen[-1]] = placed[guard]
            placed[guard] = "enemy:basilisk"
        goal_card = "chest" if last else "ladder"
        cards = {cell: "start" if cell == start else goal_card if cell == goal else placed.get(cell, "tile")
                 for cell in links}
        # The paths as laid: cards that stay in play print their own, which may join cells the maze did not.
        paths = {cell: set(card_paths(cards[cell]) or links[cell]) for cell in links}
        reach = distances(paths, start)
        if set(reach) != set(links) or reach[goal] != max(reach.values()):
            continue  # over the paths as laid, the goal is no longer the farthest cell
        if last and goal in distances({cell: p for cell, p in paths.items() if cell != guard}, start):
            continue  # the chest can be reached without passing the basilisk
        goals = [next(cell for cell in links if cards[cell] == "key"), goal] if last else [goal]
        order = {cell: i for i, cell in enumerate(sorted(reach, key=lambda cell: (reach[cell], cell[1], cell[0])))}
        cells = []
        for cell in sorted(links, key=lambda c: order[c]):
            drawn = tuple(e for e in ("N", "E", "S", "W") if e in paths[cell])
            cells.append(Cell(cell[0], cell[1], drawn, cards[cell], shape_of(drawn), order[cell]))
        used = _tiles_used(cells)
        if all(used[s] <= n for s, n in available_tiles().items() if s in used):
            return Level(number, cells, start, goal, fewest_moves(paths, start, goals), goals, used)
    raise PrintgenError(f"no challenge level {number} fits the set's tiles after {MAX_ATTEMPTS} tries; "
                        "try another seed")


def _guard_cell(links, reach, goal, placed, start):
    """The neighbour of the goal on the way in from the start."""
    for edge in sorted(links[goal]):
        other = _next(goal, edge)
        if other in reach and reach[other] == reach[goal] - 1 and other != start:
            return other
    return None


def _tiles_used(cells: list[Cell]) -> dict[str, int]:
    """Pathing tiles a level needs: one per plain tile, and one to replace each card that is taken away."""
    used: dict[str, int] = {}
    for cell in cells:
        if kept(cell.card):
            continue
        used[cell.shape] = used.get(cell.shape, 0) + 1
    return used


def challenge(code: SeedCode, levels: int) -> list[Level]:
    return [level(code, n, levels) for n in range(1, levels + 1)]

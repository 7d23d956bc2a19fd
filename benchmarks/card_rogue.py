"""Time the Card Rogue products: the whole set, the simulation, the designer's notes, a challenge map.

    python benchmarks/card_rogue.py            timings
    python benchmarks/card_rogue.py --measure  the challenge maps against their rolls and their goals,
                                               over 200 challenges of 5 levels (seeds ch0 to ch199)

Timings print the best of several runs of each, with the size of the file made
and the process's peak resident memory. The measure logs the cards each level
rolls and what ends up on its map, and checks each level's par against a
breadth-first search through the goals the level requires (the descending
ladder; on the last level the key, then the locked chest it opens).
"""

from __future__ import annotations

import resource
import sys
import time
from collections import Counter, deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen import dice  # noqa: E402
from printgen.products import build  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402
from printgen.systems.card_rogue import challenge_map, decks, rules, simulation  # noqa: E402
from printgen.words import BUILT_IN

RUNS = 3


def best(run) -> tuple[float, object]:
    times, result = [], None
    for _ in range(RUNS):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    deck = SeedCode.make("deck", "card-rogue", "bench", {"deck": "all", "card-size": "poker", "bleed": "3",
                                                         "layout": "sheet", "paper": "letter", "duplex": "long",
                                                         "crop-marks": "short"})
    shop = SeedCode.make("deck", "card-rogue", "bench", {"deck": "all", "card-size": "poker", "bleed": "3",
                                                         "layout": "print-shop"})
    notes = SeedCode.make("reference", "card-rogue", "bench", {"paper": "letter"})
    challenge = SeedCode.make("challenge", "card-rogue", "bench", {"format": "pdf", "levels": "5",
                                                                   "paper": "letter"})
    cards = len(decks.all_cards(BUILT_IN).printed_cards())
    for label, run in (
        ("whole set, sheets with backs", lambda: build(deck)),
        ("whole set, print-shop pages", lambda: build(shop)),
        ("combat simulation", lambda: simulation.simulate(notes)),
        ("designer's notes (simulation + layout)", lambda: build(notes)),
        ("challenge map, 5 levels", lambda: build(challenge)),
    ):
        seconds, result = best(run)
        size = f"{len(result) / 1024:.0f} KiB" if isinstance(result, bytes) else ""
        per_card = f", {cards / seconds:.0f} cards/s" if label.startswith("whole set") else ""
        print(f"{label:42} {seconds:6.2f} s {size:>9}{per_card}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory {peak:.0f} MiB")


STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def neighbours(paths: dict, cell: tuple[int, int]):
    """The cells one move from ``cell``: side by side, each with a path towards the other."""
    for edge in sorted(paths[cell]):
        other = (cell[0] + STEP[edge][0], cell[1] + STEP[edge][1])
        if other in paths and OPPOSITE[edge] in paths[other]:
            yield other


def through_goals(paths: dict, start: tuple[int, int], goals: list[tuple[int, int]],
                  avoid: tuple[int, int] | None = None) -> int | None:
    """Fewest moves from ``start`` that visit ``goals`` in their order, by a breadth-first search over (cell, goals
    reached so far); never entering ``avoid`` when given. None when there is no such walk.

    A search of the measure's own, not challenge_map.fewest_moves: it checks the par that function prints, so it
    must not be that function (tests/test_card_rogue_challenge.py keeps its own for the same reason)."""
    first = (start, 1 if goals and goals[0] == start else 0)
    seen = {first: 0}
    queue = deque([first])
    while queue:
        cell, done = queue.popleft()
        if done == len(goals):
            return seen[(cell, done)]
        for other in neighbours(paths, cell):
            if other == avoid:
                continue
            state = (other, done + 1 if other == goals[done] else done)
            if state not in seen:
                seen[state] = seen[(cell, done)] + 1
                queue.append(state)
    return None


def required_goals(level, last: bool) -> list[tuple[int, int]]:
    """What a level asks of the player, in order: the ladder; on the last level the key, then the chest."""
    where = {card: (cell.x, cell.y) for cell in level.cells for card in [cell.card]}
    return [where["key"], where["chest"]] if last else [where["ladder"]]


def chi_square(counts: Counter, bins: list) -> float:
    """Chi-square of ``counts`` against every bin equally likely."""
    return dice.chi_square(counts, {b: 1 / len(bins) for b in bins})[0]


def measure(seeds: int = 200, levels: int = 5) -> None:
    """Par against the goals, the cards rolled against the cards placed, the basilisk against the notes."""
    rolled: list[tuple[int, list[str]]] = []
    contents = challenge_map._contents

    def logging(rng, tier, last):
        cards = contents(rng, tier, last)
        rolled.append((last, list(cards)))
        return cards

    challenge_map._contents = logging
    wrong_levels, wrong_seeds, checked = 0, 0, 0
    attempts, golems, kept_rolls = Counter(), 0, 0
    colours, artifacts = Counter(), Counter()
    beside, on_some, on_every, bypass = 0, 0, 0, 0
    pars = Counter()
    printed, fewest = [], []
    for i in range(seeds):
        code = SeedCode.make("challenge", "card-rogue", f"ch{i}", {"format": "json", "levels": str(levels)})
        wrong = False
        for number in range(1, levels + 1):
            before = len(rolled)
            level = challenge_map.level(code, number, levels)
            attempts[len(rolled) - before] += 1
            last = number == levels
            placed = Counter(cell.card for cell in level.cells
                             if cell.card not in ("start", "tile", "ladder", "chest", "enemy:basilisk"))
            kept_rolls += placed == Counter(rolled[-1][1])
            golems += any(cell.card == "enemy:golem" for cell in level.cells)
            colours.update(c.card.partition(":")[2] for c in level.cells if c.card.startswith("potion:"))
            artifacts.update(c.card.partition(":")[2] for c in level.cells if c.card.startswith("artifact:"))
            paths = {(c.x, c.y): set(c.paths) for c in level.cells}
            goals = required_goals(level, last)
            true_par = through_goals(paths, level.start, goals)
            checked += 1
            pars[(last, level.par == true_par)] += 1
            if last:
                printed.append(level.par)
                fewest.append(true_par)
            if level.par != true_par:
                wrong_levels += 1
                wrong = True
            if last:
                chest = goals[-1]
                guard = next((c.x, c.y) for c in level.cells if c.card == "enemy:basilisk")
                beside += guard in set(neighbours(paths, chest))
                # On a fewest route: the fewest walk through the basilisk's cell is no longer than the fewest walk.
                via = through_goals(paths, level.start, [goals[0], guard, chest])
                via_other = through_goals(paths, level.start, [guard, goals[0], chest])
                on_some += min(v for v in (via, via_other) if v is not None) == true_par
                avoiding = through_goals(paths, level.start, goals, avoid=guard)
                on_every += avoiding is None or avoiding > true_par
                bypass += avoiding is not None
        wrong_seeds += wrong
    challenge_map._contents = contents
    total = seeds * levels
    print(f"{seeds} challenges of {levels} levels, {total} levels (seeds ch0 to ch{seeds - 1})")
    print(f"par wrong (not the fewest moves through the level's goals): {wrong_levels} of {checked} levels, "
          f"{wrong_seeds} of {seeds} seeds; last levels right {pars[(True, True)]}, wrong {pars[(True, False)]}; "
          f"other levels right {pars[(False, True)]}, wrong {pars[(False, False)]}")
    print(f"last levels: par printed {sum(printed) / seeds:.2f} moves on average, the fewest through key and chest "
          f"{sum(fewest) / seeds:.2f}; most moves short {max(f - p for p, f in zip(printed, fewest))}")
    print(f"levels whose map holds every card rolled for it: {kept_rolls} of {total}; golems on the maps: {golems}")
    print("attempts a level took (the rolls of every attempt but the last are set aside): "
          + ", ".join(f"{k}: {v}" for k, v in sorted(attempts.items())))
    names = [c["name"] for c in rules.potion_colours()]
    print("potion colours placed: " + ", ".join(f"{n} {colours[n]}" for n in names)
          + f"; chi-square {chi_square(colours, names):.2f} (5 degrees of freedom, 11.07 is the 5% point)")
    ids = [a["id"] for a in rules.artifacts()]
    print("artifacts placed: " + ", ".join(f"{n} {artifacts[n]}" for n in ids)
          + f"; chi-square {chi_square(artifacts, ids):.2f} ({len(ids) - 1} degrees of freedom)")
    print(f"last levels ({seeds}): basilisk beside the chest and joined to it {beside}; on a fewest route "
          f"through key and chest {on_some}; on every fewest route {on_every}; the chest reachable without "
          f"passing the basilisk {bypass}")


if __name__ == "__main__":
    measure() if "--measure" in sys.argv else main()

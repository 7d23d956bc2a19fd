"""The solo booklet: its time against the dungeon booklet of the same seed, and how its players fare.

    python benchmarks/solo.py                 both: the time (whole processes) and the odds
    python benchmarks/solo.py --time [--runs N]
    python benchmarks/solo.py --odds [--seeds N] [--plays N] [--entrance N] [--system ID]

Time: a default 3-level Roguelike solo booklet against the default dungeon
booklet of the same seed, each a whole process from start to file, run in
turn (solo, dungeon, solo, …) so the ratio is taken pair by pair while the
machine's speed drifts: with ``farm-bench`` on the PATH it does the timing
(quote its median), else this script does it the same way. The aim: the
solo booklet within 1.5 times the dungeon booklet's time.

Odds: every game whose solo_play.py makes players (``PLAYERS``,
``player(kind, code, number, book)``; a game without them is skipped, and
said so), each kind of player (random, careful, map-knowing) over
``--seeds`` dungeons (seeds odds-0, odds-1, … at the default options),
``--plays`` plays of each kind on each: how many win, die or walk out, how
deep they get. Then the entrance: on every dungeon, ``--entrance`` careful
players each played up to their second choice of ways (a choice with two or
more ways on, a way out of the dungeon not counted); a first choice "kills"
a player who dies before making a second. For each dungeon, the first
choice that kills the most: its share of all the dungeon's games (the
issue's "kills a careful player in 32% of all games") and of the games
that took it; the worst dungeon and how many pass 10%.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from printgen import games, products
from printgen.gamebook import odds as odds_of
from printgen.seed import SeedCode

SEED = "bench"
GOAL = 1.5  # the solo booklet's time, at most, against the dungeon booklet's
ENTRANCE_LIMIT = 0.10  # no first choice kills a careful player in more games than this


def command(product: str, out: Path) -> list[str]:
    return [sys.executable, "-m", "printgen", product, "--system", "roguelike", "--seed", SEED, "-o", str(out),
            "--force", "-q"]


def timing(runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        solo, dungeon = command("solo", Path(folder) / "solo.pdf"), command("dungeon", Path(folder) / "dungeon.pdf")
        if shutil.which("farm-bench"):
            subprocess.run(["farm-bench", "-n", str(runs), "--timeout", "900", "--vs", " ".join(dungeon), "--", *solo],
                           check=True)
            print(f"(A: the solo booklet, B: the dungeon booklet; the aim is A/B under {GOAL})")
            return
        ratios = []
        for _ in range(runs + 1):  # the first pair warms the disk cache and is not counted
            pair = [_run(solo), _run(dungeon)]
            ratios.append(pair[0] / pair[1])
        ratios = ratios[1:]
        print(f"solo / dungeon, CPU time of whole processes, pair by pair: median {statistics.median(ratios):.2f} "
              f"(min {min(ratios):.2f}, max {max(ratios):.2f}); the aim is under {GOAL}")


def _run(args: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu or wall


def solo_players(system: str):
    """The game's solo_play module if it makes players, else None."""
    module = importlib.import_module(f"{games.game(system).package}.solo_play")
    return module if hasattr(module, "player") and hasattr(module, "PLAYERS") else None


def solo_games() -> list[str]:
    return [system for system, game in sorted(games.games().items()) if game.part("solo")]


def book_of(system: str, seed: str):
    code = SeedCode.make("solo", system, seed, {})
    request = products.request(code)
    return code, request.part("solo").book(request.part("dungeon").generate(request), request)


def odds(system: str, seeds: int, plays: int) -> dict[str, odds_of.Tally]:
    """Each kind of player over ``seeds`` dungeons, ``plays`` plays of each on each: their tallies summed."""
    module = solo_players(system)
    totals = {kind: odds_of.Tally() for kind in module.PLAYERS}
    for seed in range(seeds):
        code, book = book_of(system, f"odds-{seed}")
        for kind, tally in odds_of.simulate(book, code, module.player, plays, module.PLAYERS).items():
            totals[kind].add(tally)
    return totals


def line(tally: odds_of.Tally) -> str:
    shares = ", ".join(f"{name} {tally.share(name):.1%}" for name in ("won", "died", "left"))
    other = {k: v for k, v in tally.outcomes.items() if k not in ("won", "died", "left")}
    reached = ", ".join(f"{level}: {count / tally.plays:.0%}" for level, count in sorted(tally.deepest.items()))
    return (f"{tally.plays} plays: {shares}{'; OTHER ' + str(other) if other else ''}; off level 1 alive "
            f"{tally.reached(2):.1%}; deepest level {reached}")


def record(system: str, seeds: int, plays: int, tallies: dict[str, odds_of.Tally]) -> None:
    """The figures into the game's data/odds.toml, which its solo booklet's designer's notes print."""
    path = Path(games.game(system).folder) / "data" / "odds.toml"
    rooms = products.request(SeedCode.make("solo", system, "odds-0", {})).options.get("rooms")
    rows = "".join(f'\n[[row]]\nplayer = "{kind}"\nwon = {t.share("won"):.3f}\nout = {t.reached(2):.3f}\n'
                   f'died = {t.share("died"):.3f}\ndeepest = {t.mean_deepest():.2f}\n' for kind, t in tallies.items())
    path.write_text(f"# The solo booklet's simulated players over many campaigns, as benchmarks/solo.py last measured them\n"
                    f"# (python benchmarks/solo.py --odds --system {system} --seeds {seeds} --plays {plays} --record):\n"
                    f"# each kind's share of plays won, off level 1 alive and died, and the deepest level on average.\n"
                    f"seeds = {seeds}\nplays = {plays}\nrooms = {rooms}\n{rows}", encoding="utf-8")
    print(f"  recorded in {path}")


class _SecondChoice(Exception):
    pass


class _FirstChoice:
    """A chooser that notes the first choice of two or more ways on, and stops the play at the second."""

    def __init__(self, chooser):
        self.chooser, self.first = chooser, None

    def choose(self, walk, section, step, open_options):
        ways_on = [i for i in open_options if not step.options[i].leaves]
        if len(ways_on) >= 2:
            if self.first is not None:
                raise _SecondChoice
            index = self.chooser.choose(walk, section, step, open_options)
            if index in open_options:
                self.first = (section.key, index, step.options[index].text)
            return index
        return self.chooser.choose(walk, section, step, open_options)


def entrance(system: str, seed: str, plays: int, kind: str = "careful") -> tuple[float, float, str, dict]:
    """On one dungeon: the first choice that kills the most ``kind`` players: (its share of all games, its
    share of the games that took it, its words), and every first choice's (taken, killed)."""
    module = solo_players(system)
    code, book = book_of(system, seed)
    taken: Counter = Counter()
    killed: Counter = Counter()
    words: dict = {}
    for number in range(plays):
        one = module.player(kind, code, number, book)
        noting = _FirstChoice(one.chooser)
        try:
            found = dataclasses.replace(one, chooser=noting).play(book)
            died = found.outcome == "died"
        except _SecondChoice:
            died = False
        if noting.first is None:
            continue
        choice = noting.first[:2]
        words[choice] = noting.first[2]
        taken[choice] += 1
        killed[choice] += died
    if not taken:
        return 0.0, 0.0, "", {}
    worst = max(taken, key=lambda c: (killed[c], taken[c]))
    return (killed[worst] / plays, killed[worst] / taken[worst], words[worst],
            {c: (taken[c], killed[c]) for c in taken})


def entrance_report(system: str, seeds: int, plays: int) -> None:
    shares, given = [], []
    worst = (0.0, 0.0, "", "")
    for seed in range(seeds):
        share, of_taken, words, _ = entrance(system, f"odds-{seed}", plays)
        shares.append(share)
        given.append(of_taken)
        if share > worst[0]:
            worst = (share, of_taken, words, f"odds-{seed}")
    moon = entrance(system, "moonpie", plays)
    over = sum(1 for s in shares if s > ENTRANCE_LIMIT)
    if max(shares) == 0 and moon[0] == 0:  # no choice to name: the most taken would read as the deadliest
        print(f"  entrance, careful players ({plays} a dungeon, to their second choice): no first choice killed one "
              f"before his second, on any of the {seeds} dungeons or moonpie")
        return
    print(f"  entrance, careful players ({plays} a dungeon, to their second choice): the deadliest first choice "
          f"kills in {statistics.mean(shares):.1%} of a dungeon's games on average, {max(shares):.1%} at worst "
          f"({worst[3]}: {worst[1]:.0%} of those who took it; {worst[2][:70]!r}); {over} of {seeds} dungeons over "
          f"{ENTRANCE_LIMIT:.0%}; moonpie {moon[0]:.1%} ({moon[1]:.0%} of those who took {moon[2][:60]!r})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", action="store_true", help="only the time")
    parser.add_argument("--odds", action="store_true", help="only the odds")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=100, help="dungeons, each with its own seed")
    parser.add_argument("--plays", type=int, default=10, help="plays of each kind of player on each dungeon")
    parser.add_argument("--entrance", type=int, default=100, help="careful players on each dungeon's entrance")
    parser.add_argument("--system", action="append", help="only this game (again for more)")
    parser.add_argument("--record", action="store_true",
                        help="write the odds into the game's data/odds.toml (its designer's notes print them)")
    args = parser.parse_args()
    if not args.odds:
        timing(args.runs)
    if args.time:
        return
    for system in args.system or solo_games():
        if solo_players(system) is None:
            print(f"{system}: skipped, its solo_play.py makes no players (PLAYERS, player())")
            continue
        start = time.process_time()
        print(f"{system}: {args.seeds} dungeons (seeds odds-0 to odds-{args.seeds - 1}), "
              f"{args.plays} plays of each player on each")
        tallies = odds(system, args.seeds, args.plays)
        for kind, tally in tallies.items():
            print(f"  {kind}: {line(tally)}")
        if args.record:
            record(system, args.seeds, args.plays, tallies)
        if args.entrance:
            entrance_report(system, args.seeds, args.entrance)
        print(f"  ({time.process_time() - start:.0f} s of CPU)")


if __name__ == "__main__":
    main()

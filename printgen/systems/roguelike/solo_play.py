"""Lone Roguelike players, simulated: the solo booklet's own test, and the odds of winning it.

The walker (gamebook/walk.py) turns the pages; a player is a reader, which
keeps the character and throws the dice as the rules and the How to play
alone page say, and a chooser, which picks the ways. Three kinds
(``PLAYERS``), each with the same character and dice for the same number:

- **random**: chooses its ways at random as one who maps as they go (walk.RANDOM), and fights to the end
  unless a round of every foe hitting for its average would kill it;
- **careful**: knows the rules, not the map. It judges a fight from the stats the section prints before the
  first blow, and never takes on one it is likely to lose while another way is open (it sneaks past, or runs
  back the way it came, and does not go back while it would still lose); it heals between areas when low;
  it drinks from a fountain only with a cure for poison at hand; it explores a level before going down, by
  the shortest way it has mapped to a door it has not tried;
- **map-knowing**: plans with the whole book: it knows what waits behind every door (creatures, traps,
  loot) and heads by the shortest way for the nearest points it can take and live, fighting only what it
  can beat and walking round traps that could kill it.

The character and the rules the reader keeps:

- a character rolled by the rules (occupation, race, ratings, abilities,
  spells and miracles chosen at random, the rusty dagger), no armor;
- points: 4 for leaving an area the first time, 3 for a trap disarmed, 5 for
  each creature killed, each piece of loot its points as it is taken; every
  20 points a level, taken as 1d6 more Health (rating and Health now); 100
  points win;
- a fight: each side rolls 1d6 + Speed (theirs: the fastest), then turns go
  round; the character attacks with the best weapon carried (2d6 ≥ Attack,
  (WDR + Power) − AR), or with an attack spell while one is left (SDR +
  Intellect, no roll), heals with Heal, healing spells and miracles when
  down to a third of Health, goes berserk against three or more, dodges a
  round that would take half its Health, and runs away (2d6 + Speed reaching
  the fastest foe's Speed); a Thief sneaks past a group it fears; every
  creature attacks on its turn (2d6 ≥ its Attack, its damage less the
  character's AR); poison, curse and paralysis as the rules give them, the
  other special attacks left out;
- a sprung trap deals its damage (no armor helps), a poison arrow volley
  poisons, a cursed rune curses; out of a fight a poison bites at every area
  entered; exactly 0 Health out of a fight is coming to with 1;
- loot: every weapon of choice is the best the list holds, every armor piece
  the best piece for an empty place (body, shield, head, arms); a good
  fountain heals 1d6, a poisoned one poisons;
- a locked door: a Thief spends a Pick, anyone else breaks it down (2d6 ≤
  Power, 1 Health a failed try).
"""

from __future__ import annotations

import copy
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ... import dice
from ...gamebook import odds
from ...gamebook.model import CHOOSE, IF_NOT_TICKED, Book, Option, Section, Step, key_of
from ...gamebook.walk import RANDOM, Chooser, Player, Walk
from ...seed import Rng, SeedCode
from . import characters, rules
from .solo_book import beyond as beyond_of

PLAYERS = ("random", "careful", "map-knowing")
ARMOR_PLACES = ("body", "shield", "head", "arms")
POISON_PER_ROUND = 3  # the rules' Poison: 3 Health a round until cured
MOST_ROUNDS = 200
RATION = "1d6"  # Health a ration restores, eaten out of a fight (solo.toml: Rations)
MOST_RUNS = 3  # runs from one fight before a player caught between two stands and fights it out
RISKED = 0.5  # the share of its Health (and healing) a careful player will risk on a fight, on average
ATTACK_SPELL_EXCLUDED = ("Magic WMD",)  # strikes everyone present, the caster too
HEALING_SPELLS = {"Major Heal": 14.0, "Healing Touch": 10.5, "Minor Heal": 7.0}  # the Health each restores, on average


def _d6(rng: Rng, count: int = 1) -> int:
    return sum(rng.die(6) for _ in range(count))


@cache
def _mean(text: str) -> float:
    return float(dice.parse(text).mean())


@cache
def _at_least(target: int) -> float:
    """The chance 2d6 comes to ``target`` or more."""
    return float(dice.parse("2d6").chance_at_least(target))


@cache
def _glimpsed_health(name: str) -> int | None:
    """A creature's Health as one who has only glimpsed it reckons it: its Health dice's mean (Appendix A); None
    for a rival @ (an Elf, a Dwarf, a Hairfoot, a Human) or a creature without them."""
    if name.startswith(("Elf", "Dwarf", "Hairfoot", "Human")):
        return None
    row = rules.creature(name)
    return round(_mean(row["health_dice"])) if row.get("health_dice") else None


@cache
def _first_chance(theirs: int, mine: int) -> float:
    """The chance creatures of Speed ``theirs`` win the first roll against a reader of Speed ``mine``."""
    return float(sum(1 for a in range(1, 7) for b in range(1, 7) if b + theirs > a + mine)) / 36


@cache
def _high(text: str) -> int:
    """The most ``text``'s dice can come to."""
    return dice.parse(text).high


@cache
def _at_least_on(text: str, target: int) -> float:
    """The chance ``text``'s dice come to ``target`` or more."""
    return float(dice.parse(text).chance_at_least(target))


@cache
def _at_most_on(text: str, target: int) -> float:
    """The chance ``text``'s dice come to ``target`` or less."""
    return float(dice.parse(text).chance_at_most(target))


@cache
def _key_of(text: str) -> str:
    """The key a ref or a mark stands for (model.key_of), worked out once for each."""
    return key_of(text)


@cache
def _damage(text: str) -> str:
    """A creature's damage dice ("Curse + Poison" has none: "0")."""
    try:
        dice.parse(text)
        return text
    except Exception:
        return "0"


@cache
def _best_weapon() -> str:
    """The damage dice of the best weapon the list holds."""
    return max(rules.data_list("weapons").items, key=lambda w: _mean(w["wdr_dice"]))["wdr_dice"]


@cache
def _best_armor(place: str) -> int | None:
    """The AR of the best armor piece for ``place`` the list holds (None: none)."""
    pieces = [a["ar"] for a in rules.data_list("armor").items if a["slot"] == place]
    return max(pieces) if pieces else None


@dataclass(slots=True)
class Foe:
    name: str
    health: int
    speed: int
    attack: int
    damage: str
    specials: tuple[str, ...] = ()
    harmless_poison: bool = False


def foes_of(creatures: list[dict[str, Any]]) -> list[Foe]:
    """Each creature of a fight step's ``creatures``, one by one."""
    return [Foe(f["name"], health, f["speed"], f["attack"], f["damage"], tuple(f["specials"]),
                f.get("harmless_poison", False))
            for f in creatures for health in f["health"]]


@dataclass
class Lone:
    """The character, and what the reader ticks and notes on the play sheet. ``careful``: the careful and the
    map-knowing players' tactics (judge a fight before the first blow, heal between areas)."""

    rng: Rng
    character: dict[str, Any]
    marks: set[str] = field(default_factory=set)
    careful: bool = False

    def __post_init__(self) -> None:
        r = self.character["ratings"]
        self.rating = {k: r[k] for k in ("health", "speed", "power", "intellect", "attack", "defense")}
        self.health = r["health"]
        self.points, self.level_points = 0, 0
        self.weapon = "1"  # the rusty dagger
        self.armor: dict[str, int] = {}
        self.ar = 0  # the armor's AR, summed as a piece is put on
        self.uses = {a["name"]: a["count"] for a in self.character["abilities"]}
        self.spells = [s for s in self.character["spells"]] + [m for m in self.character["miracles"]]
        self.poison = ""  # the Health a poison takes each round while it lasts, as dice ("1d6", "3"); "": none
        self.cursed = False
        self.paralysed = 0
        self.remaining: dict[str, list[int]] = {}  # a fight run away from: who is left, by the fight's section
        self.fled: set[str] = set()  # the places whose creatures it ran from and left alive
        self.runs: dict[str, int] = {}  # how often it ran from each fight: caught between two, it stands
        self.thief = self.character["occupation"]["name"] == "Thief"
        self.rations = sum(g["count"] for g in self.character["gear"] if g["name"] == "Ration")

    @property
    def lone(self) -> Lone:
        """This reader, as itself (behind whatever keeps count of its play, see _Chooser.reader)."""
        return self

    # --- the reader's side of the walk ---------------------------------------------------------------

    def enter(self, section: Section) -> None:
        """Between two places (an area, or the edge of one a chute or a teleport set it down at): a poison bites
        as it enters an area; it heals, and eats a ration, when low."""
        if section.kind not in ("area", "landing"):
            return
        area = section.kind == "area"
        if self.careful:  # a cure first, and healing if the next bite could kill
            self.cure()
            if area and self.poison and self.health <= _high(self.poison):
                self.mend()
        if area and self.poison:
            self.hurt(self.bite(), fighting=False)
        if self.health >= 0:
            if self.careful and self.health * 2 <= self.rating["health"]:
                self.heal(self.healing())
            if self.health * (2 if self.careful else 3) <= self.rating["health"] and self.rations:
                self.rations -= 1  # a ration eaten out of a fight (solo.toml: Rations)
                self.heal(dice.roll(RATION, self.rng))

    def standing(self) -> str | None:
        if self.health < 0:
            return "dead"
        return "won" if self.points >= 100 else None

    def allows(self, asks: Mapping[str, Any]) -> bool:
        if "ability" in asks:
            return self.thief and self.uses.get(asks["ability"], 0) > 0
        return True

    def pay(self, cost: Mapping[str, Any]) -> None:
        if "spend" in cost:
            self.uses[cost["spend"]] -= 1
        if "health" in cost:
            self.hurt(cost["health"], fighting=False)

    def passes(self, test: Mapping[str, Any]) -> bool:
        if test.get("skill") == "Power":  # breaking a locked door down: 2d6 at most Power
            return _d6(self.rng, 2) <= self.rating["power"]
        raise ValueError(f"no such roll: {test}")

    def act(self, step: Step, section: Section) -> str | None:
        data = step.data
        if step.kind == "points":  # the commonest by far: an area's points, once
            once = _key_of(data["once"]) if "once" in data else None
            if once is None or once not in self.marks:
                if once is not None:
                    self.marks.add(once)
                self.score(data["points"])
            return None
        if step.kind == "test":
            if data.get("only") == "Thief" and not self.thief:
                return "failed"
            rolled = dice.roll(data["dice"], self.rng)
            return "passed" if (rolled <= data["target"] if data.get("at_most") else rolled >= data["target"]) \
                else "failed"
        if step.kind == "damage":
            self.hurt(dice.roll(data["dice"], self.rng), fighting=False)
            return "dead" if self.health < 0 else None
        if step.kind == "poison":
            self.poisoned(data["dice"] if "dice" in data else str(data["amount"]))
        elif step.kind == "heal":
            self.heal(dice.roll(data["dice"], self.rng) if "dice" in data else data["amount"])
        elif step.kind == "curse":
            self.curse()
        elif step.kind == "loot":
            for item in data["items"]:
                self.take(item)
        elif step.kind == "check-win":
            return "won" if self.points >= data["points"] else None
        elif step.kind == "fight":
            return self.fight(section, data)
        else:
            raise ValueError(f"the lone reader knows no step {step.kind!r}")
        return None

    # --- the character ------------------------------------------------------------------------------------

    def score(self, points: int) -> None:
        self.points += points
        self.level_points += points
        while self.level_points >= 20:  # a level: the first choice, 1d6 more Health (the rating and Health now)
            self.level_points -= 20
            gain = _d6(self.rng)
            self.rating["health"] += gain
            self.health += gain

    def hurt(self, damage: int, fighting: bool) -> None:
        self.health -= max(0, damage)
        if self.health == 0 and not fighting:
            self.health = 1  # out cold, and coming to: nothing is there to finish the job

    def heal(self, amount: int) -> None:
        self.health = min(self.rating["health"], self.health + amount)

    def curse(self) -> None:
        if self.cursed:
            return
        self.cursed = True
        for rating in ("speed", "power", "intellect", "health"):
            self.rating[rating] -= 3
        self.health = min(self.health, self.rating["health"])

    def take(self, item: dict[str, Any]) -> None:
        self.score(item["points"])
        if item["kind"] == "weapon":
            self.weapon = _best_weapon()
        elif item["kind"] == "armor":
            for place in ARMOR_PLACES:
                best = _best_armor(place)
                if place not in self.armor and best is not None:
                    self.armor[place] = best
                    self.ar = sum(self.armor.values())
                    break

    def use(self, ability: str) -> bool:
        if self.uses.get(ability, 0) > 0:
            self.uses[ability] -= 1
            return True
        return False

    def healing_left(self) -> float:
        """The Health the character's healing could still restore, on average."""
        found = 14.0 * self.uses.get("Heal", 0)
        for spell in self.spells:
            found += HEALING_SPELLS.get(spell["name"], 0.0)
        return found

    def healing(self) -> int:
        """Spend the best healing there is: Heal 4d6, then a spell or miracle; 0 if none is left."""
        if self.use("Heal"):
            return _d6(self.rng, 4)
        for name, count in (("Major Heal", 4), ("Healing Touch", 3), ("Minor Heal", 2)):
            spell = next((s for s in self.spells if s["name"] == name), None)
            if spell is not None:
                self.spells.remove(spell)
                return _d6(self.rng, count)
        return 0

    def poisoned(self, bite: str) -> None:
        """Poisoned: the worse of two poisons bites."""
        if not self.poison or _mean(bite) > _mean(self.poison):
            self.poison = bite

    def bite(self) -> int:
        """A round of the poison: its Health, rolled each time."""
        return dice.roll(self.poison, self.rng)

    def mend(self) -> None:
        """Out of a fight: the best healing left, else a ration."""
        amount = self.healing()
        if amount:
            self.heal(amount)
        elif self.rations:
            self.rations -= 1
            self.heal(dice.roll(RATION, self.rng))

    def can_cure_poison(self) -> bool:
        return any(s["name"] == "Detox" for s in self.spells)

    def cure(self) -> None:
        if not (self.poison or self.cursed):  # nothing to cure (as every time it enters an area, mostly)
            return
        for name, cures in (("Detox", "poison"), ("Remove Curse", "curse")):
            if not (self.poison if cures == "poison" else self.cursed):
                continue  # nothing to cure: the spell is kept
            spell = next((s for s in self.spells if s["name"] == name), None)
            if spell is not None:
                self.spells.remove(spell)
                if cures == "poison":
                    self.poison = ""
                else:
                    self.cursed = False
                    for rating in ("speed", "power", "intellect", "health"):
                        self.rating[rating] += 3

    # --- a fight -----------------------------------------------------------------------------------------

    def attack_spells(self) -> list[dict[str, Any]]:
        return [s for s in self.spells if s.get("sdr") not in (None, "NA") and s["name"] not in ATTACK_SPELL_EXCLUDED
                and not s["name"].startswith("Holy")]

    def expected_loss(self, group: Sequence[Foe]) -> float:
        """The Health a fight to the end against ``group`` costs on average, as one who knows the rules
        reckons it from the stats the section prints: each foe killed in turn, every foe still standing
        hitting as often as its Attack lets it."""
        hit = _at_least(self.rating["attack"]) * (_mean(self.weapon) + self.rating["power"])
        spells = [_mean(s["sdr"]) + self.rating["intellect"] for s in self.attack_spells()]
        rates = [_at_least(f.attack) * max(0.0, _mean(_damage(f.damage)) - self.ar) for f in group]
        loss = 0.0
        for index, foe in enumerate(group):
            health = float(foe.health)
            turns = 0.0
            while health > 0 and spells:
                health -= spells.pop()
                turns += 1
            if health > 0:
                turns += health / hit if hit > 0 else 1e9
            loss += turns * (sum(rates[index:]) + (_mean(self.poison) if self.poison else 0.0))
        return loss

    def round_threat(self, group: Sequence[Foe]) -> float:
        """A round of every foe hitting for its average, less armor."""
        return sum(_mean(_damage(f.damage)) for f in group) - self.ar

    def likely_to_lose(self, group: Sequence[Foe]) -> bool:
        return self.expected_loss(group) >= RISKED * (self.health + 0.7 * self.healing_left())

    def fight(self, section: Section, data: Mapping[str, Any]) -> str:
        key = section.key
        group = foes_of(data["creatures"])
        if key in self.remaining:
            group = [foe for foe, left in zip(group, self.remaining[key]) if left] or group
        fearing = self.likely_to_lose(group) if self.careful else self.round_threat(group) >= self.health
        if self.thief and fearing and self.use("Sneak"):
            return "sneak"
        self.cure()
        speed = max(f.speed for f in group)
        mine, theirs = _initiative(self.rng, self.rating["speed"], speed)
        berserk = 3 if len(group) >= 3 and self.use("Berserk") else 0
        my_turn = mine > theirs
        for _ in range(MOST_ROUNDS):
            if my_turn:
                if self.paralysed:
                    self.paralysed -= 1
                else:
                    cornered = self.runs.get(key, 0) >= MOST_RUNS
                    run = self.careful and self.likely_to_lose(group) and not cornered
                    outcome = self.my_turn(group, berserk, run, cornered)
                    berserk = max(0, berserk - 1)
                    if outcome == "fled":
                        self.runs[key] = self.runs.get(key, 0) + 1
                        self.remaining[key] = [1 if f.health > 0 else 0 for f in group]
                        self.fled.add(section.where)
                        return "fled"
                    group = [f for f in group if f.health > 0]
                    if not group:
                        self.remaining.pop(key, None)
                        self.fled.discard(section.where)
                        return "won"
            else:
                self.their_turn(group)
                if self.health <= 0:  # out cold in a fight is dead
                    self.health = min(self.health, -1)
                    return "dead"
            my_turn = not my_turn
        return "fled"

    def my_turn(self, group: list[Foe], berserk: int, run: bool, cornered: bool = False) -> str | None:
        if self.health * 3 <= self.rating["health"]:
            amount = self.healing()
            if amount:
                self.heal(amount)
                return None
        if (run or self.round_threat(group) >= self.health) and group and not cornered:  # Run away: 2d6 + Speed, at least the fastest foe's Speed
            return "fled" if _d6(self.rng, 2) + self.rating["speed"] >= max(f.speed for f in group) else None
        target = group[0]
        spells = self.attack_spells()
        if self.careful:  # a spell at the toughest, a blade at the weakest: fewer of them strike back sooner
            target = max(group, key=lambda f: f.health) if spells else min(group, key=lambda f: f.health)
        if spells:
            spell = spells[0]
            self.spells.remove(spell)
            target.health -= dice.roll(spell["sdr"], self.rng) + self.rating["intellect"]
        elif _d6(self.rng, 2) >= self.rating["attack"]:
            damage = dice.roll(self.weapon, self.rng) + self.rating["power"]
            target.health -= damage * (2 if berserk else 1)
        if target.health <= 0:
            self.score(5)
        return None

    def their_turn(self, group: list[Foe]) -> None:
        dodge = False
        for foe in group:
            if _d6(self.rng, 2) < foe.attack:
                continue
            damage = max(0, dice.roll(_damage(foe.damage), self.rng) - self.ar) if _damage(foe.damage) != "0" else 0
            if not dodge and damage * 2 >= self.health and self.use("Dodge"):
                dodge = True
            self.health -= damage // 2 if dodge else damage
            if "Poison" in foe.specials and not foe.harmless_poison:
                self.poisoned(str(POISON_PER_ROUND))
            if "Paralyze" in foe.specials:
                self.paralysed = max(self.paralysed, _d6(self.rng))
            if "Curse" in foe.specials:
                self.curse()
        if self.poison:
            self.health -= self.bite()


def _initiative(rng: Rng, mine: int, theirs: int) -> tuple[int, int]:
    """1d6 + Speed each, rolled again on a tie."""
    while True:
        a, b = _d6(rng) + mine, _d6(rng) + theirs
        if a != b:
            return a, b


# --- choosing the ways ---------------------------------------------------------------------------------------


class _Read(dict[Any, Any]):
    """What ``read`` finds of each section of a book, read the first time it is asked for."""

    def __init__(self, book: Book, read: Callable[[Book, Any], Any]):
        super().__init__()
        self.book, self.read = weakref.ref(book), read

    def __missing__(self, key: Any) -> Any:
        found = self[key] = self.read(self.book(), key)  # type: ignore[arg-type]
        return found


@dataclass(frozen=True, slots=True)
class _Way:
    """An option of a choice as the choosers weigh it, the same in every play: the section it leads to, the area
    beyond it (solo_book.beyond), that section's kind, and whether it leaves the dungeon or is a way back."""

    option: Option
    to: str | None
    beyond: str | None
    kind: str
    leaves: bool
    back: bool


@dataclass(frozen=True, slots=True)
class _Choice:
    """A choice's open options as the choosers sort them, the same whenever the same options are open: every
    option as a _Way (by its index), the ways on and the ways out of the dungeon, the first way back the reader
    came (None: none open), the ways on to something to take (with its kind), and the ways on to places."""

    ways: tuple[_Way, ...]
    staying: tuple[int, ...]
    leaving: tuple[int, ...]
    back: int | None
    takes: tuple[tuple[int, str], ...]
    moves: tuple[int, ...]


class _Pages:
    """What a book's pages say that no play changes, each read once for all its plays (the choosers look the
    same sections up some hundred thousand times in the designer's notes' 600 plays): by a section's key, the
    area a way into it leads into (solo_book.beyond), its kind, the options of its choices (as _Ways), its
    fight and its creatures (as printed, and as one who has only glimpsed them reckons them), the points of
    its loot, its gates (with the fight behind each), and for a trap, its Thief's roll, its damage and where it
    sends one; and by a choice and the options open, those options sorted (_Choice)."""

    def __init__(self, book: Book):
        self.beyond = _Read(book, beyond_of)
        self.kind = _Read(book, _kind)
        self.choices = _Read(book, _read_choices)
        self.fight = _Read(book, _read_fight)
        self.foes = _Read(book, _read_foes)
        self.glimpsed = _Read(book, _read_glimpsed)
        self.loot = _Read(book, _read_loot)
        self.gates = _Read(book, _read_gates)
        self.trap = _Read(book, _read_trap)
        self.landing = _Read(book, _read_landing)
        # By a step's identity (a step cannot be hashed; its book, and so the step, lives as long as this):
        self.step_ways: dict[int, tuple[_Way, ...]] = {}
        self.open_choices: dict[tuple[int, tuple[int, ...]], _Choice] = {}

    def way(self, option: Option) -> _Way:
        to = option.way.to
        return _Way(option, to, self.beyond[to], self.kind[to], option.leaves, bool(option.came_from))

    def ways(self, step: Step) -> tuple[_Way, ...]:
        """A choice's options as _Ways."""
        found = self.step_ways.get(id(step))
        if found is None:
            found = self.step_ways[id(step)] = tuple(self.way(o) for o in step.options)
        return found

    def choice(self, step: Step, open_options: Sequence[int]) -> _Choice:
        """The options of ``step`` open now, sorted (_Choice)."""
        key = (id(step), tuple(open_options))
        found = self.open_choices.get(key)
        if found is None:
            ways = self.ways(step)
            staying = tuple(i for i in open_options if not ways[i].leaves)
            found = self.open_choices[key] = _Choice(
                ways, staying, tuple(i for i in open_options if ways[i].leaves),
                next((i for i in staying if ways[i].back), None),
                tuple((i, ways[i].kind) for i in staying if ways[i].kind in TAKES),
                tuple(i for i in staying if ways[i].kind not in TAKES))
        return found


_PAGES: dict[int, tuple[weakref.ref[Book], _Pages]] = {}


def _pages(book: Book) -> _Pages:
    """The book's _Pages, forgotten with the book."""
    found = _PAGES.get(id(book))
    if found is None or found[0]() is not book:
        number = id(book)
        found = _PAGES[number] = (weakref.ref(book, lambda _: _PAGES.pop(number, None)), _Pages(book))
    return found[1]


def _read_fight(book: Book, key: str | None) -> Step | None:
    return next((s for s in book.sections[key or ""].steps if s.kind == "fight"), None)


def _read_foes(book: Book, key: str | None) -> tuple[Foe, ...]:
    """A fight's creatures as the choosers weigh them (never fought: nothing changes them)."""
    fight = _pages(book).fight[key]
    return tuple(foes_of(fight.data["creatures"])) if fight is not None else ()


def _read_glimpsed(book: Book, key: str | None) -> tuple[Foe, ...]:
    """A fight's creatures, their Health as one who has only glimpsed them reckons it, from the rules' dice."""
    group = [copy.copy(foe) for foe in _pages(book).foes[key]]
    for foe in group:
        foe.health = _glimpsed_health(foe.name) or foe.health
    return tuple(group)


def _read_loot(book: Book, key: str | None) -> int:
    """The points of the loot a section holds."""
    return sum(item["points"] for step in book.sections[key or ""].steps if step.kind == "loot"
               for item in step.data["items"])


def _landing(book: Book, test: Step | None) -> str | None:
    """Where a sprung trap sends one, if it is another place: a chute's or a teleport's landing."""
    if test is None:
        return None
    sprung = book.sections[test.ways["failed"].to or ""]
    last = sprung.steps[-1]
    if last.kind != "go" or last.ways["go"].to in (sprung.where, book.standing["dead"]):
        return None
    return last.ways["go"].to


def _read_landing(book: Book, key: str | None) -> str | None:
    return _landing(book, _pages(book).trap[key][0])


def _read_trap(book: Book, key: str | None) -> tuple[Step | None, Step | None]:
    """A trap section's Thief's roll and the damage of the trap sprung (either may be missing)."""
    section = book.sections[key or ""]
    test = next((s for s in section.steps if s.kind == "test"), None)
    sprung = test.ways["failed"].to if test is not None else None
    hurt = next((s for s in book.sections[sprung].steps if s.kind == "damage"), None) if sprung else None
    deadly = next((s for s in book.sections[sprung].steps if s.kind == "go" and s.ways["go"].to == book.standing["dead"]),
                  None) if sprung else None
    return test, hurt or deadly


class _Chooser:
    """What the careful and the map-knowing players share: reading an option's risk and worth."""

    # The walk it last chose a way of (weakly: the walk holds this chooser, and a play's walk is freed as it
    # ends only while nothing makes a cycle of them); that walk's reader, itself; its book's pages.
    walked: weakref.ref[Walk] | None = None
    lone: Lone
    pages: _Pages
    reckoned: tuple[Any, ...] | None = None  # what its reckonings of risk and worth were made by (reckoning)

    def reader(self, walk: Walk) -> Lone:
        """The walk's reader, itself: the choosers read its character some hundred thousand times in the
        designer's notes, where each read through what keeps count of the play (gamebook/odds.py) took a
        microsecond; and the pages of the walk's book with it."""
        if self.walked is None or self.walked() is not walk:
            self.walked, self.lone, self.pages = weakref.ref(walk), walk.reader.lone, _pages(walk.book)  # type: ignore[attr-defined]
            self.reckoned = None
        return self.lone

    def reckoning(self, walk: Walk, reader: Lone) -> tuple[Any, ...]:
        """Everything a play changes that its reckonings of a place's risk and worth read, as one value: while it
        stays the same, so do they (Careful.choose keeps them from one choice to the next). The places seen (first:
        the map-knowing player's reckonings never read them) and the marks ticked only ever grow, and the spells
        only ever shrink, so their counts tell whether they changed; then the character's Health, ratings, weapon,
        armor, poison and abilities left, and the creatures left where it ran."""
        return (len(walk.seen), len(reader.marks), reader.health, *reader.rating.values(), reader.weapon, reader.ar,
                reader.poison, len(reader.spells), *reader.uses.values(),
                *(((event, *left) for event, left in reader.remaining.items()) if reader.remaining else ()))

    def gates(self, key: str, marks: set[str]) -> list[tuple[str, Step | None]]:
        """The events that wait behind a place's gates, not yet ticked, each with its fight (None: a trap)."""
        return [(event, fight) for gate, event, fight in self.pages.gates[key] if marks.isdisjoint(gate)]

    def trap_risk(self, walk: Walk, reader: Lone, event: str) -> float:
        """The chance the trap of ``event`` kills the reader (a Thief may spot it first): its damage, and where a
        chute or a teleport sends one, what waits there."""
        test, hurt = self.pages.trap[event]
        spotted = (_at_most_on(test.data["dice"], test.data["target"])
                   if test is not None and reader.thief else 0.0)
        kills = 0.0
        if hurt is not None:
            kills = 1.0 if hurt.kind != "damage" else _at_least_on(hurt.data["dice"], reader.health + 1)
        landing = self.pages.landing[event]
        if landing is not None:
            kills = kills + (1 - kills) * self.landing_risk(walk, reader, landing)
        return (1 - spotted) * kills

    def landing_risk(self, walk: Walk, reader: Lone, landing: str) -> float:
        """What waits where a chute or a teleport drops one, as one who has not been there reckons it: a place
        of the dungeon, with its share of creatures and traps (the rules' matrices make about three in ten
        hold creatures, and a quarter a trap); but it lands unseen at the edge of it (solo.toml: Landing) and
        may slip away, so only if the nearest way out is as bad."""
        if landing in walk.seen:
            return 0.0
        unknown = 0.3 * creatures_death(reader) + 0.25 * trap_death(reader)
        return unknown * unknown

    def left_of(self, reader: Lone, event: str, group: Sequence[Foe]) -> Sequence[Foe]:
        """The creatures of ``event``'s fight still there: those it ran from, if it did."""
        if event in reader.remaining:
            return [f for f, left in zip(group, reader.remaining[event]) if left] or group
        return group

    def would_flee(self, reader: Lone, event: str) -> bool:
        if reader.thief and reader.uses.get("Sneak", 0):
            return False
        return reader.likely_to_lose(self.left_of(reader, event, self.pages.foes[event]))

    def fight_death(self, reader: Lone, event: str, seen: bool = False, losing: float | None = None) -> float:
        """The chance the fight of ``event`` kills the reader: a Thief with a Sneak slips past; else the
        creatures' first round, if they win the first roll; and, if it would lose the fight, nothing more (it
        runs at its first turn). ``seen``: only glimpsed, their Health reckoned from the rules' dice, not known;
        and a fight it is likely to lose is one it never picks while another way is open (certain death, as it
        weighs ways)."""
        if reader.thief and reader.uses.get("Sneak", 0):
            return 0.0
        group = self.left_of(reader, event, self.pages.glimpsed[event] if seen else self.pages.foes[event])
        first = _first_chance(max(f.speed for f in group), reader.rating["speed"])
        round_ = sum(_at_least(f.attack) * max(0.0, _mean(_damage(f.damage)) - reader.ar) for f in group)
        dies = min(1.0, max(0.0, (round_ * 1.4 - reader.health) / max(1.0, round_ * 1.4)))
        if reader.likely_to_lose(group):
            return 1.0 if seen else first * dies if losing is None else losing
        return min(1.0, first * dies + 0.05)

    def risk(self, walk: Walk, key: str, known: bool) -> float:
        """How much of its Health a reader may lose going into ``key`` (``known``: it knows what waits there, or
        only what it has seen); above its Health is death."""
        reader = self.reader(walk)
        pages = self.pages
        loss = 0.0
        for event, fight in self.gates(key, reader.marks):
            if not known and event not in walk.seen:
                continue
            if fight is not None:
                group = self.left_of(reader, event, pages.foes[event])
                if reader.thief and reader.uses.get("Sneak", 0):
                    continue
                if reader.round_threat(group) >= reader.health:  # it would run at its first turn
                    return 1e9
                loss += reader.expected_loss(group)
                continue
            test, hurt = pages.trap[event]
            if hurt is None:
                continue
            worst = float(_high(hurt.data["dice"])) if hurt.kind == "damage" else 1e9
            mean = _mean(hurt.data["dice"]) if hurt.kind == "damage" else 1e9
            spotted = (_at_most_on("2d6", test.data["target"])
                       if test is not None and reader.thief else 0.0)
            loss += (1 - spotted) * max(mean, 0.8 * worst)
        return loss


@cache
def _trap_odds() -> tuple[tuple[float, str | None, int], ...]:
    """The Traps matrix as a player who knows the rules weighs it: each row's chance (2d6), its damage dice
    (None: death) and its saving roll."""
    two = dice.parse("2d6").distribution()
    found = []
    for row in rules.tables()["traps"].rows:
        share = sum(float(two.get(r, 0)) for r in range(row.low, row.high + 1))
        dies = row["kind"] == "disintegrator"
        found.append((share, None if dies else row.get("damage_dice"), row["saving_roll"]))
    return tuple(found)


def trap_death(reader: Lone) -> float:
    """The chance an unknown trap kills the reader, as one who knows the Traps matrix reckons it."""
    return _trap_death(reader.thief, reader.health)


@cache
def _trap_death(thief: bool, health: int) -> float:
    chance = 0.0
    for share, damage, save in _trap_odds():
        spotted = _at_most_on("2d6", save) if thief else 0.0
        if damage is None:
            kills = 1.0
        elif not damage:
            kills = 0.0
        else:
            kills = _at_least_on(damage, health + 1)
        chance += share * (1 - spotted) * kills
    return chance


@cache
def _creature_odds() -> tuple[tuple[float, int, float], ...]:
    """Appendix A as a player who knows the rules weighs unknown creatures: for each kind (its chance: type,
    list, row) and each count (1d6), its Speed and what a round of them all deals on average, before armor."""
    tables = rules.tables()
    found = []
    for kind in tables["creature-type"].rows:
        kind_share = float(tables["creature-type"].die.chance_at_most(kind.high) - tables["creature-type"].die.chance_at_most(kind.low - 1))
        listing = tables[kind["table"]]
        for entry in listing.rows:
            entry_share = kind_share * (entry.high - entry.low + 1) / 6
            creatures = tables[entry["table"]]
            for row in creatures.rows:
                share = entry_share * (row.high - row.low + 1) / 6
                if row.get("rival"):
                    speed, hit = 7, _at_least(8) * 8.0  # a rival @: about a Human's
                else:
                    speed, hit = row["speed"], _at_least(row["attack"]) * _mean(_damage(row.get("damage_dice") or "0"))
                for count in range(1, 7):
                    found.append((share / 6, speed, count * hit))
    return tuple(found)


@cache
def _first(mine: int, theirs: int) -> float:
    """The chance the creatures act first: their 1d6 + Speed beats the reader's (a tie is rolled again)."""
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if b + theirs > a + mine)
    ties = sum(1 for a in range(1, 7) for b in range(1, 7) if b + theirs == a + mine)
    return wins / (36 - ties) if ties < 36 else 0.5


def _round_kills(damage: float, health: int) -> float:
    """Roughly, the chance a round that deals ``damage`` on average deals more than ``health``."""
    return min(1.0, max(0.0, (1.4 * damage - health) / max(1.0, 1.4 * damage)))


def creatures_death(reader: Lone) -> float:
    """The chance unknown creatures kill the reader before it can run, as one who knows Appendix A reckons it:
    they act first, and their first round deals more than its Health (armor takes off at least its AR once). A
    Thief with a Sneak slips past."""
    if reader.thief and reader.uses.get("Sneak", 0):
        return 0.0
    return _creatures_death(reader.rating["speed"], reader.health, reader.ar)


@cache
def _creatures_death(speed: int, health: int, ar: int) -> float:
    return sum(share * first * _round_kills(max(0.0, hit - min(hit, float(ar))), health)
               for share, first, hit in _creature_odds_against(speed))


@cache
def _creature_odds_against(speed: int) -> tuple[tuple[float, float, float], ...]:
    """_creature_odds, each kind's Speed as the chance it acts before a reader of Speed ``speed``."""
    return tuple((share, _first(speed, theirs), hit) for share, theirs, hit in _creature_odds())


LIMITS: tuple[float, ...] = (0.03, 0.1, 0.2, 0.35)  # the chances of death a careful player takes, each when none less is left


class Careful(_Chooser):
    """Knows the rules, not the map: see the module's docstring. It reads the signs a way shows (a trap, creatures
    beyond it) and remembers what it met where it has been."""

    limits = LIMITS
    # What it reckons, kept while nothing it reckons by changes (reckoning): the chance of death beyond each way
    # (by the area and the way's signs), and the map-knowing player's points waiting beyond each area. And this
    # turn, the same at every risk it asks of it: the ways here to places not seen with their risks, and the
    # ways to places not seen further off, as far as towards has looked.
    memo: dict[Any, float]
    worths: dict[str, float]
    here: list[tuple[int, float, bool]] | None = None
    ways_on: tuple[Iterator[tuple[int, _Way]], list[tuple[int, float]]] | None = None

    def choose(self, walk: Walk, section: Section, step: Step, open_options: Sequence[int]) -> int:
        try:
            return self.decide(walk, step, open_options)
        finally:
            # Nothing of the turn kept: the search under way holds the walk, which holds this chooser; such a cycle
            # outlives its play, and the notes' 600 plays' worth of them set the garbage collector going over all
            # that a booklet's build holds.
            self.here = self.ways_on = None

    def decide(self, walk: Walk, step: Step, open_options: Sequence[int]) -> int:
        """The option it takes of those open (see the module's docstring)."""
        reader = self.reader(walk)
        choice = self.pages.choice(step, open_options)
        ways, staying, leaving, moves = choice.ways, choice.staying, choice.leaving, choice.moves
        if not staying:
            return open_options[0]
        if choice.back is not None:  # the way back it came: a fleeing reader runs by it
            return choice.back
        for i, kind in choice.takes:
            if kind in ("loot", "hoard"):
                return i
            if kind == "fountain" and reader.can_cure_poison() and reader.health < reader.rating["health"]:
                return i
        if walk.bored:  # round and round: it has found nothing new for a whole book's worth of sections
            return (leaving or moves or staying)[walk.rng.randint(0, len(leaving or moves or staying) - 1)]
        reckoning = self.reckoning(walk, reader)
        if reckoning != self.reckoned:  # something it reckons by has changed since it last weighed ways
            self.memo, self.worths, self.reckoned = {}, {}, reckoning
        for limit in self.limits:
            here = self.explore(walk, ways, moves, limit)
            if here is not None:
                return here
            there = self.towards(walk, ways, moves, limit)
            if there is not None:
                return there
        if leaving:  # nothing left worth the risk: it goes home alive
            return leaving[0]
        out = self.towards(walk, ways, moves, 1.0, leave=True)
        if out is not None:
            return out
        known = [i for i in moves if self.risk_of(walk, ways[i]) < 1.0] or moves or staying
        return known[walk.rng.randint(0, len(known) - 1)]

    def risk_of(self, walk: Walk, way: _Way) -> float:
        """The chance going by ``way`` kills the reader, as far as it knows: where it has been, what it met
        there; where it has not, what the way's signs warn of."""
        beyond = way.beyond
        if beyond is None:
            return 0.0
        if beyond in walk.seen:
            return 1.0 if self.feared(walk, beyond) else 0.0
        warns = way.option.warns
        memo = (beyond, warns)
        chance = self.memo.get(memo)
        if chance is None:
            reader = self.lone
            chance = 0.0
            for event, fight in self.gates(beyond, reader.marks):  # what the way's words told of them
                if fight is not None and "creatures" in warns:  # their kind, from the rules; not their Health
                    chance = max(chance, self.fight_death(reader, event, seen=True))
                elif fight is None and "trap" in warns:  # its kind, by what gives it away
                    chance = max(chance, self.trap_risk(walk, reader, event))
            self.memo[memo] = chance
        return chance

    def explore(self, walk: Walk, ways: Sequence[_Way], moves: Sequence[int], limit: float) -> int | None:
        """A way here to a place not yet seen, worth its risk: a door before the stairs (a level explored before
        the next), at random among the safest."""
        if self.here is None:  # the ways to places not seen, each with its risk and whether it is a door
            self.here = [(i, self.risk_of(walk, ways[i]), ways[i].kind == "area") for i in moves
                         if ways[i].to not in walk.seen]
        fresh = [(i, risk, door) for i, risk, door in self.here if risk <= limit]
        if not fresh:
            return None
        doors = [way for way in fresh if way[2]] or fresh
        least = min(risk for _, risk, _ in doors)
        safest = [i for i, risk, _ in doors if risk <= least + 1e-9]
        return safest[walk.rng.randint(0, len(safest) - 1)]

    def feared(self, walk: Walk, key: str | None) -> bool:
        """Whether going to ``key`` means a fight it ran from and would still lose, as far as it has seen."""
        reader = self.reader(walk)
        if key is None or key not in reader.fled:
            return False
        return self.risk(walk, key, known=False) >= reader.health + 0.7 * reader.healing_left()

    def towards(self, walk: Walk, ways: Sequence[_Way], moves: Sequence[int], limit: float,
                leave: bool = False) -> int | None:
        """The option that starts the shortest way, over places it has been and never through one it fears, to a
        place with a way on it has not taken that is worth its risk (``leave``: a way out of the dungeon)."""
        if leave:
            return next(self.routes(walk, ways, moves, leave=True), (None, None))[0]
        # The ways in order are the same whatever the risk it takes (a choice asks again, a risk higher, while
        # none is worth it): found once for every limit of a choice, and as far as asked, each with its risk.
        if self.ways_on is None:
            self.ways_on = (self.routes(walk, ways, moves), [])
        routes, found = self.ways_on
        for first, risk in found:
            if risk <= limit:
                return first
        for first, way in routes:
            risk = self.risk_of(walk, way)
            found.append((first, risk))
            if risk <= limit:
                return first
        return None

    def routes(self, walk: Walk, ways: Sequence[_Way], moves: Sequence[int],
               leave: bool = False) -> Iterator[tuple[int, _Way]]:
        """The ways on it has not taken, nearest first (``leave``: the ways out of the dungeon), each with the
        option here that starts the shortest way to it, over places it has been and never through one it fears."""
        seen, choices = walk.seen, self.pages.choices
        fled = self.reader(walk).fled  # feared: only a place it ran from
        first: dict[str, int] = {}
        queue: deque[str] = deque()
        for i in moves:
            to = ways[i].to
            if to is not None and to in seen and to not in first:
                if ways[i].beyond in fled and self.feared(walk, ways[i].beyond):
                    continue
                first[to] = i
                queue.append(to)
        while queue:
            key = queue.popleft()
            for way in choices[key]:
                if leave and way.leaves:
                    yield first[key], way
                to = way.to
                if to is None or way.leaves or way.back:
                    continue
                if to not in seen:
                    if not leave and way.kind in ("area", "stairs"):
                        yield first[key], way
                elif to not in first and way.kind in PLACES:
                    if way.beyond in fled and self.feared(walk, way.beyond):
                        continue
                    first[to] = first[key]
                    queue.append(to)


class MapKnowing(Careful):
    """Plans with the whole book: as the careful player, but knowing what waits beyond every way (the trap and
    its dice, the creatures and their stats), so it weighs each way by what is there, and among the safest
    takes the one worth most."""

    limits = LIMITS + (0.5,)  # it knows the odds, not guesses them: it takes a little more

    def reckoning(self, walk: Walk, reader: Lone) -> tuple[Any, ...]:
        """As the careful player's, but what it has seen does not count: it knows the map."""
        return super().reckoning(walk, reader)[1:]

    def risk_of(self, walk: Walk, way: _Way) -> float:
        beyond = way.beyond
        if beyond is None:
            return 0.0
        chance = self.memo.get(beyond)
        if chance is None:
            chance = self.memo[beyond] = self.known_risk(walk, self.lone, beyond)
        return chance

    def landing_risk(self, walk: Walk, reader: Lone, landing: str) -> float:
        """What waits where a chute or a teleport drops one: it knows."""
        return self.known_risk(walk, reader, landing, deep=False)

    def known_risk(self, walk: Walk, reader: Lone, beyond: str, deep: bool = True) -> float:
        """The chance going into ``beyond`` kills the reader, knowing what waits there (``deep``: and where its
        trap sends one)."""
        chance = 0.0
        for event, fight in self.gates(beyond, reader.marks):
            if not deep and fight is None:
                test, hurt = self.pages.trap[event]
                kills = 0.0 if hurt is None else (1.0 if hurt.kind != "damage" else
                                                  _at_least_on(hurt.data["dice"], reader.health + 1))
                chance = max(chance, kills)
                continue
            if fight is not None:
                chance = max(chance, self.fight_death(reader, event, losing=1.0))
                continue
            chance = max(chance, self.trap_risk(walk, reader, event))
        return chance

    def explore(self, walk: Walk, ways: Sequence[_Way], moves: Sequence[int], limit: float) -> int | None:
        """As the careful player, but among the safest ways the one with most points waiting; and a way it has
        seen counts too while points wait there."""
        seen = walk.seen
        if self.here is None:  # the ways worth taking, each with its risk and whether it leads to a place not seen
            self.here = [(i, self.risk_of(walk, ways[i]), ways[i].to not in seen) for i in moves
                         if ways[i].to not in seen or self.worth(walk, ways[i]) > 0]
        fresh = [(i, risk) for i, risk, _ in self.here if risk <= limit]
        if not fresh:
            return None
        least = min(risk for _, risk in fresh)
        safest = [i for i, risk in fresh if risk <= least + 1e-9]
        return max(safest, key=lambda i: (self.worth(walk, ways[i]), ways[i].to not in seen))

    def worth(self, walk: Walk, way: _Way) -> float:
        """The points waiting beyond ``way``: an area never left, loot not taken, creatures it can beat."""
        beyond = way.beyond
        if beyond is None:
            return 0.0
        found = self.worths.get(beyond)
        if found is None:
            found = self.worths[beyond] = self.known_worth(walk, self.lone, beyond)
        return found

    def known_worth(self, walk: Walk, reader: Lone, beyond: str) -> float:
        pages, marks = self.pages, reader.marks
        fights = [(event, fight) for event, fight in self.gates(beyond, marks) if fight is not None]
        for event, _ in fights:  # creatures it would run from bar the way to all of it
            if self.would_flee(reader, event):
                return 0.0
        found = 0.0 if beyond in marks else 4.0
        for near in pages.choices[beyond]:
            to = near.to
            if to is not None and near.kind in ("loot", "hoard") and to not in marks:
                found += pages.loot[to]
        for event, fight in fights:
            if not reader.likely_to_lose(pages.foes[event]):
                found += 5.0 * sum(c["count"] for c in fight.data["creatures"])
        return found


TAKES = ("loot", "fountain", "hoard")
PLACES = ("area", "stairs", "entrance", "landing")  # the sections a way between places passes through


def _kind(book: Book, key: str | None) -> str:
    """The kind of the section ``key`` (none: "")."""
    return book.sections[key].kind if key is not None else ""


def _read_gates(book: Book, key: str | None) -> tuple[tuple[tuple[str, ...], str, Step | None], ...]:
    """A place's gates: the marks each asks are not ticked, the event behind it, and its fight (None: a trap)."""
    section = book.sections.get(key or "")
    if section is None or section.kind != "area":
        return ()
    fights = _pages(book).fight
    return tuple((s.marks, s.ways["then"].to, fights[s.ways["then"].to]) for s in section.steps
                 if s.kind == IF_NOT_TICKED and s.ways["then"].to is not None)


def _choices(section: Section) -> list[Option]:
    """The options of a place's choices."""
    return [o for step in section.steps if step.kind == CHOOSE for o in step.options]


def _read_choices(book: Book, key: str | None) -> tuple[_Way, ...]:
    pages = _pages(book)
    return tuple(pages.way(o) for o in _choices(book.sections[key or ""]))


def _ways_on(section: Section) -> list[str]:
    """The sections a place's choice leads to (its doors, stairs, takes)."""
    return [o.way.to for step in section.steps if step.kind == CHOOSE for o in step.options
            if o.way.to is not None and not o.leaves]


# --- the players --------------------------------------------------------------------------------------------


def character(rng: Rng, number: int = 1) -> dict[str, Any]:
    """A character rolled by the rules, as ``printgen sheet`` rolls character ``number``."""
    return characters.roll_character(rng, number)


def reader(code: SeedCode, number: int, careful: bool = False, rolled: dict[str, Any] | None = None) -> Lone:
    """Lone reader ``number`` of a booklet: its own character rolled by the rules (``rolled``: that character, rolled
    already), its own dice."""
    if rolled is None:
        rolled = character(code.stream("solo", "play", number, "character"))
    return Lone(code.stream("solo", "play", number, "dice"), rolled, careful=careful)


def ways(code: SeedCode, number: int) -> Rng:
    """The stream lone reader ``number`` chooses its ways by."""
    return code.stream("solo", "play", number, "ways")


def player(kind: str, code: SeedCode, number: int, book: Book, rolled: dict[str, Any] | None = None) -> Player:
    """Player ``number`` of kind ``kind`` (one of ``PLAYERS``): the same character and dice whatever its kind
    (``rolled``: its character, rolled already)."""
    choosers: dict[str, Chooser] = {"random": RANDOM, "careful": Careful(), "map-knowing": MapKnowing()}
    if kind not in choosers:
        raise ValueError(f"no such player: {kind!r} (one of {', '.join(PLAYERS)})")
    return Player(reader(code, number, careful=kind != "random", rolled=rolled), choosers[kind], ways(code, number),
                  kind)


# --- the designer's notes: this very booklet, played --------------------------------------------------------


NOTES_PLAYS = 200  # plays of each kind of player the designer's notes report


def simulate(book: Book, code: SeedCode, plays: int = NOTES_PLAYS, kinds: Sequence[str] = PLAYERS) -> dict[str, odds.Tally]:
    """Each kind of player, ``plays`` times, on this book (gamebook/odds.py)."""
    rolled: dict[int, dict[str, Any]] = {}  # each number's character, the same for every kind: rolled once

    def one(kind: str, code: SeedCode, number: int, book: Book) -> Player:
        if number not in rolled:
            rolled[number] = character(code.stream("solo", "play", number, "character"))
        return player(kind, code, number, book, rolled[number])

    return odds.simulate(book, code, one, plays, kinds)

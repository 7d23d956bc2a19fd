"""The words printed for Card Rogue's codes: abilities, effects, slots, families.

The data files carry codes and numbers; this is the one place they become
sentences, in printgen's own words, using the rules' terms so a player can
look a card up in the Clarifications.
"""

from __future__ import annotations

from typing import Any

from . import rules

SLOT_NAMES = {"primary": "primary hand", "secondary": "secondary hand", "head": "head", "chest": "chest",
              "feet": "feet", "both-hands": "both hands"}


def faces(on: list[int]) -> str:
    """[4, 5, 6] -> "4, 5 or 6"."""
    numbers = [str(n) for n in on]
    return numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} or {numbers[-1]}"


def signed(amount: int) -> str:
    return f"+{amount}" if amount >= 0 else f"\u2212{-amount}"


def ability(effect: dict[str, Any]) -> str:
    """One effect, as printed on a card."""
    code = effect["code"]
    on = effect.get("on", [])
    amount = effect.get("amount", 0)
    turns = effect.get("turns", 0)
    plural = "s" if turns != 1 else ""
    sentences = {
        "poison": lambda: f"Roll a die before it attacks: on a {faces(on)}, poison \u22121 health for {turns} turns.",
        "paralyze": lambda: f"Roll a die before it attacks: on a {faces(on)}, you are paralyzed for {turns} turn{plural}.",
        "dodge": lambda: f"Roll a die before your attack: on a {faces(on)}, it dodges and takes no damage.",
        "heals": lambda: f"Heals +{amount} health each attack.",
        "no-chase": lambda: "Does not chase: flee without rolling.",
        "single-turn": lambda: "Must kill within a single turn, or its health comes back in full.",
        "max-health": lambda: f"{signed(amount)} to max health.",
        "attack": lambda: f"{signed(amount)} to attack roll.",
        "flee": lambda: f"Can flee on a {faces(sorted(set(on) | set(rules.data('combat')['flee_on'])))}.",
        "flee-only": lambda: f"Flees only on a {faces(on)}.",
        "damage-taken": lambda: f"\u2212{amount} damage taken.",
        "movement": lambda: f"+{amount} Movement (out of combat).",
        "avoid-trap": lambda: f"Roll a die at a trap: on a {faces(on)}, it does you no harm.",
        "block": lambda: f"Rolling a {faces(on)}: block the enemy's attack this turn.",
        "miss": lambda: f"Rolling a {faces(on)}: your attack misses.",
        "poison-heals": lambda: f"Poison instead heals +{amount} health a turn.",
        "double-roll": lambda: ("Attack is double the roll." if not effect.get("cooldown") else
                                f"Spell: attack is double the roll; then rest {effect['cooldown']} turns "
                                "(turn the Cooldown card)."),
        "identify": lambda: "Identify an unknown item in your hand.",
        "second-dagger": lambda: "May hold a second Dagger in the secondary hand slot.",
        "steal": lambda: f"Steals on a {faces(on)}.",
        "trip": lambda: f"Trips on a {faces(on)}.",
        "attack-again": lambda: f"Rolling a {faces(on)}: attack again, adding the new roll (and again on each {faces(on)}).",
        "min-attack": lambda: f"Min. Attack: {amount}.",
        "move-adjacent": lambda: "Move to any adjacent tile, path or wall between; your turn ends.",
        "remove-cursed": lambda: "Discard every cursed item in your hand and on your equipment card.",
        "victory": lambda: f"+{amount} victory point{'s' if amount != 1 else ''}.",
    }
    return sentences[code]()


BOSS_RULES = {
    "basilisk": "Holding both Basilisks at once discards both, and neither scores.",
    "golem": "Slaying it starts the end rush: first back to a starting tile scores 1 more.",
}

POTION_EFFECTS = {
    "healing": "heal {healing} health, never past your maximum",
    "poison": "poisoned for {poison_turns} turns",
    "strength": "+{strength} to attack roll, for good",
    "weakness": "\u2212{weakness} to attack roll, for good",
    "teleportation": "move to any revealed, empty tile (not in the end rush)",
    "paralysis": "paralyzed for {paralysis_turns} turn",
}

TRAP_RULES = {
    "paralysis": "End your turn and lose the next. An enemy that steps here cannot attack or use its abilities "
                 "for a turn.",
    "poison": "Poisoned: lose 1 health at the start of each turn for {turns} turns. Enemies too.",
    "spikes": "Lose {damage} health. Enemies too.",
}
TRAP_FOOT = "Strikes again on every step onto it."

FAMILY_NAMES = {"exploration": "Exploration", "pathing": "Pathing Tile", "starting": "Starting Tile",
                "shop": "Shop", "gold": "Gold", "effect": "Effect", "character": "Character",
                "reference": "Reference"}

FAMILY_SUBTITLES = {"exploration": "face down until flipped", "pathing": "the pathing-tile stack",
                    "starting": "one per player", "shop": "bought for twice the gold",
                    "gold": "the gold pile", "effect": "turn to count", "character": "choose one",
                    "reference": "one per player"}

"""The words printed for the codes the generator and the data carry: printgen's own phrasing."""

from __future__ import annotations

from typing import Any

from . import rules

TRAITS = {
    "kleptomaniac": "steals an item and runs",
    "speedy-getaway": "gets away fast",
    "ranged-logs": "throws logs from range",
    "ranged-rocks": "hurls rocks from range",
    "bite-disease": "its bite passes on lycanthropy",
    "relentless": "never gives up the chase",
    "flying": "flies",
    "two-magic-items": "uses two magic items",
    "petrify": "its attacks turn flesh to stone",
}

TRAP_EFFECTS = {
    "level-up-next-monster": "the next monster met is one letter tougher",
    "rust-metal": "rusts the metal the rogue carries",
    "teleport-room": "sends the rogue to another room of this level",
    "forget-level": "the rogue forgets one dungeon level at random: tear up that map",
    "teleport-levels-up": "sends the rogue to a room 1d6 levels up",
}

FEATURES = {
    "monster-hq": "two encounters are rolled here",
    "chasm": "jump it with a roll; a fall does 3d6 and the rogue must climb out",
    "antimagic": "magic items do nothing in this room",
    "cliff": "climb it up or down; a fall does 2d6",
    "empty": "",
    "cookstove": "+1 HP more when eating here",
    "cells": "a safe place to rest or leave items; the key is here",
    "altar": "praying here lifts every curse",
    "fountain": "one drink: +1d to every action until the level ends",
}

LOOT_EFFECTS = {
    "healing": "restores 1d HP",
    "poison": "1d damage to whoever drinks it",
    "cureall": "cures every disease",
    "major-healing": "restores 2d HP",
    "confusion": "−1d to every action for a minute",
    "full-healing": "restores every lost HP",
    "greater-poison": "3d damage to whoever drinks it",
    "magic-missile": "1d damage a charge",
    "luck": "+1d to every action for a minute, once",
    "invisibility": "unseen until you attack",
    "fireball": "4d damage a charge",
}

STATUS = {"cursed": "cursed", "uncursed": "", "blessed": "blessed"}

SHOP_ITEMS = {
    "scroll": "Scroll of {spell}",
    "spellbook": "Spellbook of {spell}",
    "leather-armor": "Leather armor (−2 damage)",
    "torches": "{count} torches",
    "rations": "{count} rations",
    "lockpicks": "{count} lock picks",
    "rope": "Rope (+1d to Climb)",
    "mimic": "a mimic posing as stock: it attacks when touched",
    "fake-amulet": "a fake Amulet of Yendor",
}


def monster_line(name: str, letter: str) -> dict[str, Any]:
    """A monster's stat line from its list, for a key or a card."""
    table = rules.tables()[rules.monsters(letter)]
    row = next(r for r in table.rows if r.result == name)
    return {"name": name, "letter": letter, "damage": row.get("damage_dice", "—"),
            "fire": f"+{row['fire_dice']}" if row.get("fire_dice") else "", "hp": row["hp"],
            "traits": monster_traits(row.fields)}


def monster_traits(fields: dict[str, Any]) -> list[str]:
    found = []
    if fields["edible"]:
        found.append("edible, but the eater catches its disease" if fields["diseased"] else "edible")
    elif fields["diseased"]:
        found.append(f"diseased ({fields['disease']})" if fields.get("disease") else "diseased")
    if fields["trainable"]:
        found.append("trainable")
    for trait in fields["traits"]:
        text = TRAITS[trait]
        if trait == "speedy-getaway":
            text += f" ({fields['getaway_dice']})"
        found.append(text)
    return found


def trap_line(name: str, letter: str) -> dict[str, Any]:
    table = rules.tables()[rules.traps(letter)]
    row = next(r for r in table.rows if r.result == name)
    return {"name": name, "letter": letter, "attack": row.get("attack_dice", ""), "damage": row.get("damage_dice", ""),
            "effect": TRAP_EFFECTS.get(row.get("effect"), "")}


def trap_text(line: dict[str, Any]) -> str:
    """"attack 1d, damage 1d-2" or "always hits; sends the rogue ..."."""
    parts = [f"attack {line['attack']}" if line["attack"] else "always hits"]
    if line["damage"]:
        parts.append(f"damage {line['damage']}")
    if line["effect"]:
        parts.append(line["effect"])
    return ", ".join(parts)


def loot_text(loot: dict[str, Any], colours: dict[str, str]) -> str:
    """A found item as the Dungeon Master reads it: what it is, what it looks like, its status."""
    kind = loot["kind"]
    if kind == "gold":
        return f"{loot['gold']} gold"
    text = loot["name"]
    if "arrows" in loot:
        text = f"Bow and {loot['arrows']} arrows"
    if loot.get("magic"):
        text += f" ({colours[loot['magic']]} {kind}: {LOOT_EFFECTS[loot['magic']]}"
        text += f", {loot['charges']} charges)" if "charges" in loot else ")"
    status = STATUS[loot["status"]["code"]] if "status" in loot else ""
    return f"{text}, {status}" if status else text


def loot_row_text(fields: dict[str, Any]) -> str:
    """What a Loot list row gives, for the reference: numbers from the list, words of printgen's."""
    kind = fields["kind"]
    if kind == "gold":
        return "gold pieces"
    if fields.get("magic"):
        text = LOOT_EFFECTS[fields["magic"]]
        return f"{text}; {fields['charges_dice']} charges" if fields.get("charges_dice") else text
    if kind == "weapon":
        text = f"{fields['damage_dice']} damage"
        if fields.get("arrows_dice"):
            return f"{text}; {fields['arrows_dice']} arrows"
        return f"{text}, thrown or in hand" if fields.get("ranged") else text
    if kind == "armor":
        return f"−{fields['armor']} damage from every hit"
    if kind == "bag":
        return f"pull out {fields['pulls']} items, one from each list, E first, A last"
    if kind == "amulet":
        return "the object of the quest"
    if fields.get("choice"):
        return "the rogue chooses which"
    return f"{fields['bonus']} to {fields['skill']}"

"""Names for pre-rolled characters, built from two halves so a table of strangers rarely shares one.

These are printgen's own inventions, not part of any game's rules.
"""

from __future__ import annotations

from .seed import Rng

_HALVES = {
    "fantasy": (
        ("Al", "Bar", "Bel", "Cor", "Dag", "Dor", "El", "Fen", "Gal", "Grim", "Hal", "Isk", "Jor", "Kel", "Lor",
         "Mab", "Mor", "Nim", "Orm", "Per", "Quil", "Ros", "Sar", "Tam", "Tor", "Ul", "Vol", "Wen", "Yor", "Zed"),
        ("a", "ack", "an", "ard", "ber", "bo", "da", "dric", "en", "eth", "gar", "ia", "ic", "in", "is", "kin",
         "la", "mir", "mund", "na", "o", "ric", "rin", "sa", "ta", "thas", "ur", "wyn", "ya", "zo"),
    ),
    "scifi": (
        ("Ax", "Bex", "Cy", "Dax", "Eon", "Fex", "Gyr", "Hex", "Ion", "Jax", "Kez", "Lux", "Max", "Nyx", "Ox",
         "Pax", "Quor", "Rex", "Syl", "Tez", "Ux", "Vex", "Wren", "Xan", "Yul", "Zan", "Kor", "Ree", "Sol", "Tal"),
        ("-7", "-9", "-12", "-4", " Vance", " Okoro", " Reyes", " Lind", " Kade", " Moro", " Quist", " Sato",
         " Voss", " Ngata", " Halloran", " Ibe", " Crane", " Ardent", " Pike", " Orlov", "ara", "en", "ix", "os",
         "ari", "ek", "on", "yx", "um", "ia"),
    ),
    "western": (
        ("Abe", "Bess", "Cal", "Clem", "Dell", "Eli", "Etta", "Gus", "Hattie", "Hank", "Ike", "Jed", "Josie",
         "Kit", "Lem", "Lula", "Mae", "Nate", "Ona", "Pearl", "Rufus", "Sadie", "Silas", "Tess", "Virgil",
         "Wade", "Zeke", "Ada", "Boone", "Cora"),
        (" Blackwood", " Cade", " Dawson", " Ellery", " Fenn", " Garrity", " Hollis", " Jessup", " Keel",
         " Larkin", " McCrae", " Nolan", " Oakes", " Pruitt", " Quade", " Reno", " Slade", " Tate", " Vail",
         " Whitlock", " Yates", " Boudreau", " Calloway", " Dunmore", " Esparza", " Flint", " Grady", " Harlan",
         " Ivers", " Jolley"),
    ),
}

FLAVOURS = tuple(_HALVES)


def name(rng: Rng, flavour: str = "fantasy") -> str:
    first, second = _HALVES[flavour]
    return rng.choice(first) + rng.choice(second)

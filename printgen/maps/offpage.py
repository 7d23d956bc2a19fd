"""A level as it leaves the page: what a game gives for a virtual tabletop's scene and a battle map.

A game's dungeon module offers ``level_views(dungeon, request)``: for each
level with a map, a ``LevelViews``: the game master's view (every door,
secret ones too, the numbers and contents; as the booklet's map) and the
players' view (floors, walls, doors and stairs: no numbers, secret doors,
traps or contents), each with the game's symbols, content, legend and
words for whose copy it is; what each door kind is on a virtual tabletop
(a wall, a portal, or a gap in the walls); how many feet a square of the
level is; and which copies a battle map prints. The engine does the rest:
``vtt`` (Universal VTT files), ``battle`` (the level at one inch to five
feet over several sheets). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .adjacency import Adjacency
from .draw_style import GREY, MapStyle
from .level import Exit, Level

# What a door kind is in a virtual tabletop's scene: a wall (it blocks sight and steps until the game
# says otherwise: a crumbling wall, a false door), a portal (a door the table opens and closes), or a gap
# in the walls (an arch, an opening).
WALL, PORTAL, GAP = "wall", "portal", "gap"
ROLES = (WALL, PORTAL, GAP)

GM_COPY, PLAYERS_COPY = "gm", "players"
COPIES = (GM_COPY, PLAYERS_COPY)


@dataclass(frozen=True)
class View:
    """One copy of a level: the map engine's view (draw.GM or draw.LAYOUT), the symbols it is drawn with
    (a players' copy may draw a locked or false door as a plain one), what it shows, whose copy it is
    (the game's words) and its legend ((what, Symbol) entries)."""

    view: str
    symbols: object  # symbols.Symbols
    content: object  # draw.Content
    who: str
    legend: list = field(default_factory=list)


@dataclass(frozen=True)
class LevelViews:
    """A level with a map, as the game gives it for screens and battle maps (see the module's docstring).

    ``kinds``: each door kind's role (WALL, PORTAL or GAP); a kind it leaves out is a portal, but "open"
    (the engine's own passage running on), a gap. A secret door is a wall on the players' copy; on the
    game master's it is a portal unless its kind is a wall. ``square_feet``: the feet a square of the
    level stands for (a battle map prints a five-foot square an inch wide, so a ten-foot square is two).
    ``unit_words``: what a battle map's page says of that (empty when a square is five feet).
    ``scale_words``: what a battle map's page says a square is, for a game that counts its squares in no
    feet (empty: one square is five feet). ``battle``: the copies a battle map prints, of COPIES."""

    level: Level
    rule: Adjacency
    gm: View
    players: View
    title: str
    kinds: Mapping[str, str] = field(default_factory=dict)
    square_feet: int = 5
    unit_words: str = ""
    scale_words: str = ""
    style: MapStyle = GREY
    battle: tuple[str, ...] = COPIES

    def copy(self, which: str) -> View:
        return self.gm if which == GM_COPY else self.players

    def role(self, exit_: Exit, gm: bool) -> str:
        """What ``exit_`` is in a scene of the game master's copy (``gm``) or the players'."""
        base = self.kinds.get(exit_.kind, GAP if exit_.kind == "open" else PORTAL)
        if exit_.secret:
            if not gm:
                return WALL
            return WALL if base == WALL else PORTAL  # a secret way, open or not, is closed until found
        return base

    @property
    def squares_per_square(self) -> int:
        """Battle-map squares (five feet each) to a square of the level."""
        return max(1, round(self.square_feet / 5))

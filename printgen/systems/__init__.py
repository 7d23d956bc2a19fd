"""One package per game: everything of a game lives in its folder.

``printgen.games`` finds them; each package's ``__init__`` declares ``GAME``.
"""

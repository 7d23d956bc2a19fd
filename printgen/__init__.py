"""printgen: seeded, print-ready PDFs for tabletop roguelike games."""

__version__ = "0.1.0"

# Bumped whenever the same seed code would print a different file: a seed code
# names the format version it was made with, and `reproduce` refuses others.
FORMAT_VERSION = 4

"""A seeded challenge: a fixed setup every player with the same seed code plays alike."""

from . import PAPER_OPTION, PDF_OR_JSON, TEMPLATES_OPTION, register_made_whole

register_made_whole("challenge", "a seeded challenge map to race on, the same for everyone with its code",
                    (PAPER_OPTION, PDF_OR_JSON, TEMPLATES_OPTION))

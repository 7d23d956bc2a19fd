"""A game's rules reference: the tables and procedures a table looks up, in print."""

from . import PAPER_OPTION, TEMPLATES_OPTION, register_made_whole

register_made_whole("reference", "a rules reference: tables, odds and procedures at a glance",
                    (PAPER_OPTION, TEMPLATES_OPTION))

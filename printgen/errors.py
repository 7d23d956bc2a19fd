"""The one exception a user is meant to see.

Anything raised as PrintgenError reaches the command line as a single line
("printgen: error: ...") with exit code 2, never as a traceback.
"""


class PrintgenError(Exception):
    """Bad input or an impossible request, explained in one line."""

"""Where a request's own files come from: the caller says, and the request carries it to the file.

A seed code names everything that decides a file, and some of it by fingerprint only: a template folder
(``templates=``), a custom deck's data file, its layout and the pictures and fonts it reads. Where those
files are is the caller's to say, and it says it once, in a ``Sources`` value that travels on the request
(``products.Request.sources``) to every piece that reads a file. Nothing stands in for it: no working
folder is changed, no environment variable set, no context variable holds it.

- ``templates``: the user's template folder (``--templates DIR``, ``PRINTGEN_TEMPLATES``, ``printgen serve
  --templates``), checked against the code's fingerprint when the code names one; ``templates_digest``, its
  fingerprint when the caller has read it already (the command line, as it makes the code), so it is read
  once a run.
- ``given``: the files a command line named (``--data FILE``, ``--card-layout FILE``), by the name the code
  records for each and its fingerprint, so the very file given is the one read.
- ``search``: further folders a code's files are looked for in (``reproduce``: ``--data-dir``, then the PDF's
  own folder).
- ``base``: the folder a code's names are read from: the command line's working folder (``Path()``), or the
  folder the studio unpacked a deck into.

A value of its own, comparable and hashable, so a cache can hold what a request made beside the request.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path


@dataclass(frozen=True)
class Sources:
    templates: Path | None = None
    templates_digest: str | None = None
    given: tuple[tuple[str, str, Path], ...] = ()  # (name in the code, fingerprint, the file given)
    search: tuple[Path, ...] = ()
    base: Path = field(default_factory=Path)

    def given_file(self, name: str, digest: str | None) -> Path | None:
        """The file a command line gave for ``name`` with the fingerprint ``digest``, if it gave one."""
        return next((path for named, fingerprint, path in self.given if (named, fingerprint) == (name, digest)),
                    None)

    def giving(self, name: str, digest: str, path: Path) -> Sources:
        """These sources, and the file ``path`` the command line gave, which the code names ``name``."""
        return replace(self, given=(*self.given, (name, digest, path)))

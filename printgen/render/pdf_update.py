"""Objects appended to a finished PDF as an incremental update, written straight out as bytes.

A fillable sheet of a thousand characters has some 140,000 widgets. Made as
pikepdf objects they took a gigabyte and most of the run; written here as PDF
text, packed a few hundred to a compressed object stream as each fills, they
cost what their bytes do. The finished document is left as it was: the
update follows it with the new and the changed objects (a page given its
widgets, the catalogue its form) and a cross-reference stream that points
back to the document's own (``/Prev``), as PDF 1.5 and every reader allow.

Values are written with ``name``, ``text`` and ``number``; a dictionary is
``dictionary({"/Key": value, ...})``, an array ``array([...])``, a reference
``ref(number)``.
"""

from __future__ import annotations

import hashlib
import io
import re
import zlib
from collections.abc import Iterable
from functools import cache

import pikepdf

PACKED_PER_STREAM = 200  # objects to an object stream: the reader unpacks one to reach any of them
COMPRESS_FROM = 64  # bytes: a shorter stream is stored as it is (deflate would make it longer)


@cache
def name(value: str) -> bytes:
    """A PDF name from letters, digits and the few marks names of printgen's use."""
    if not re.fullmatch(r"/?[A-Za-z0-9_.+-]+", value):
        raise ValueError(f"not a plain PDF name: {value!r}")
    return (value if value.startswith("/") else "/" + value).encode("ascii")


def text(value: str) -> bytes:
    """A PDF text string: PDFDocEncoding where it holds the letters, else UTF-16 with its byte order mark."""
    if value.isascii() and value.isprintable():  # the same bytes in PDFDocEncoding
        return literal(value.encode("ascii"))
    try:
        raw = value.encode("pdfdoc")
    except UnicodeEncodeError:
        raw = b"\xfe\xff" + value.encode("utf-16-be")
    return literal(raw)


def literal(raw: bytes) -> bytes:
    """Bytes as a literal string, its brackets, backslashes and line ends escaped."""
    escaped = raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    return b"(" + escaped.replace(b"\r", b"\\r").replace(b"\n", b"\\n") + b")"


def number(value: float) -> bytes:
    """A number as printgen writes positions: to two decimals, trailing zeros dropped."""
    shown = (b"%.2f" % value).rstrip(b"0").rstrip(b".")  # "%.2f" always has its point: 10.00 -> 10
    return shown if shown != b"-0" else b"0"


def ref(obj: int) -> bytes:
    return b"%d 0 R" % obj


def array(items: Iterable[bytes]) -> bytes:
    return b"[" + b" ".join(items) + b"]"


def dictionary(entries: dict[str, bytes]) -> bytes:
    return b"<<" + b"".join(name(key) + b" " + value for key, value in entries.items()) + b">>"


class Update:
    """An incremental update to ``base``: objects added or replaced, then ``finish`` for the whole file.

    ``pdf`` is ``base`` opened with pikepdf, for reading what the update changes (a page's dictionary,
    the catalogue); the update itself never goes through it."""

    def __init__(self, base: bytes):
        self.base = base
        self.pdf = pikepdf.open(io.BytesIO(base))
        self.next_number = int(self.pdf.trailer.Size)
        self.chunks: list[bytes] = []  # what is written after the base, in order
        self.length = len(base)
        self.offsets: dict[int, int] = {}  # object written whole: where it starts
        self.packed: dict[int, tuple[int, int]] = {}  # object in an object stream: (the stream, its index there)
        self.waiting: list[tuple[int, bytes]] = []  # objects for the next object stream
        self.digest = hashlib.md5(usedforsecurity=False)
        if not base.endswith(b"\n"):
            self._write(b"\n")

    def reserve(self) -> int:
        """A new object number, for an object written later."""
        self.next_number += 1
        return self.next_number - 1

    def put(self, obj: int, body: bytes) -> None:
        """Object ``obj`` (not a stream) as ``body``; packed into the next object stream."""
        self.waiting.append((obj, body))
        if len(self.waiting) >= PACKED_PER_STREAM:
            self._pack()

    def add(self, body: bytes) -> int:
        """A new object; its number."""
        obj = self.reserve()
        self.put(obj, body)
        return obj

    def add_stream(self, entries: dict[str, bytes], data: bytes) -> int:
        """A new stream object of ``data`` with the dictionary ``entries`` (its filter and length added)."""
        obj = self.reserve()
        self.put_stream(obj, entries, data)
        return obj

    def put_stream(self, obj: int, entries: dict[str, bytes], data: bytes) -> None:
        entries = dict(entries)
        if len(data) >= COMPRESS_FROM:
            data = zlib.compress(data, 6)
            entries["/Filter"] = b"/FlateDecode"
        entries["/Length"] = b"%d" % len(data)
        self.offsets[obj] = self.length
        self._write(b"%d 0 obj\n" % obj + dictionary(entries) + b"\nstream\n" + data + b"\nendstream\nendobj\n")

    def replace_page(self, page: pikepdf.Page, extra: dict[str, bytes]) -> None:
        """Page ``page`` again, with ``extra`` entries added to its dictionary (or put in place of its own)."""
        self._replace(page.obj, extra)

    def replace_catalogue(self, extra: dict[str, bytes]) -> None:
        self._replace(self.pdf.Root, extra)

    def _replace(self, obj: pikepdf.Object, extra: dict[str, bytes]) -> None:
        number_, generation = obj.objgen
        if generation != 0:
            raise ValueError("an object of a later generation than 0 cannot be packed")
        kept = pikepdf.Dictionary({key: value for key, value in obj.items() if key not in extra})
        body = kept.unparse(resolved=True).rstrip()
        assert body.endswith(b">>")
        self.put(number_, body[:-2] + b"".join(name(key) + b" " + value for key, value in extra.items()) + b">>")

    def finish(self) -> bytes:
        """The base and the update after it: its objects, then the cross-reference stream and trailer."""
        self._pack()
        xref = self.reserve()
        numbers = sorted([*self.offsets, *self.packed, xref])
        previous = self.base.rindex(b"startxref")
        prev = int(self.base[previous + len(b"startxref"):].split()[0])
        start = self.length
        rows = []
        for obj in numbers:
            if obj in self.packed:
                stream, index = self.packed[obj]
                rows.append(b"\x02" + stream.to_bytes(4, "big") + index.to_bytes(2, "big"))
            else:
                rows.append(b"\x01" + (start if obj == xref else self.offsets[obj]).to_bytes(4, "big") + b"\0\0")
        ids = self.pdf.trailer.get("/ID")
        first = bytes(ids[0]) if ids is not None else self.digest.digest()
        trailer = {
            "/Type": b"/XRef", "/Size": b"%d" % self.next_number, "/W": b"[1 4 2]",
            "/Index": array(b"%d %d" % run for run in _runs(numbers)), "/Prev": b"%d" % prev,
            "/Root": ref(self.pdf.Root.objgen[0]),
            "/ID": array([b"<" + first.hex().encode() + b">", b"<" + self.digest.hexdigest().encode() + b">"]),
        }
        if "/Info" in self.pdf.trailer:
            trailer["/Info"] = ref(self.pdf.trailer.Info.objgen[0])
        table = zlib.compress(b"".join(rows), 6)
        trailer.update({"/Filter": b"/FlateDecode", "/Length": b"%d" % len(table)})
        self._write(b"%d 0 obj\n" % xref + dictionary(trailer) + b"\nstream\n" + table + b"\nendstream\nendobj\n")
        self._write(b"startxref\n%d\n%%%%EOF\n" % start)
        self.pdf.close()
        return self.base + b"".join(self.chunks)

    def _pack(self) -> None:
        """The waiting objects as one compressed object stream."""
        if not self.waiting:
            return
        stream = self.reserve()
        heads, bodies, at = [], [], 0
        for index, (obj, body) in enumerate(self.waiting):
            heads.append(b"%d %d" % (obj, at))
            bodies.append(body)
            at += len(body) + 1
            self.packed[obj] = (stream, index)
        head = b" ".join(heads) + b"\n"
        data = zlib.compress(head + b"\n".join(bodies) + b"\n", 6)
        entries = {"/Type": b"/ObjStm", "/N": b"%d" % len(self.waiting), "/First": b"%d" % len(head),
                   "/Filter": b"/FlateDecode", "/Length": b"%d" % len(data)}
        self.offsets[stream] = self.length
        self._write(b"%d 0 obj\n" % stream + dictionary(entries) + b"\nstream\n" + data + b"\nendstream\nendobj\n")
        self.waiting = []

    def _write(self, chunk: bytes) -> None:
        self.chunks.append(chunk)
        self.length += len(chunk)
        self.digest.update(chunk)


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    """Sorted object numbers as (first, count) runs of consecutive ones."""
    runs: list[list[int]] = []
    for obj in numbers:
        if runs and runs[-1][0] + runs[-1][1] == obj:
            runs[-1][1] += 1
        else:
            runs.append([obj, 1])
    return [(first, count) for first, count in runs]

"""One subset of each face in a composed document, where its parts each embedded their own.

Every ReportLab document embeds a subset of each face it draws with, the
characters in the order it met them: a booklet made of a dozen parts (each
level's maps, the keys, the blank sides) held eight different subsets of
Charis SIL Italic. Composing (compose.py) joins such parts; here the subsets
of one face are made one. One subset keeps its codes, and so does every
other whose codes agree with it (ReportLab gives the same characters the
same codes map page after map page), the one chosen so that the subsets
that must move name the fewest bytes of content; the characters of the rest
join it where ReportLab would have put them next (a free code from 1 to 31,
then on from its end). It gets a font program cut by ReportLab from the same
face, and widths and a ToUnicode map in ReportLab's own form. Only the text of a page or form that
showed a subset whose codes moved is given the new codes (its strings only;
nothing else in the stream moves), so a thousand sheets' pages or a large
map are not read again for a footer's few digits.

A face whose characters would not fit in one simple font (256 codes) keeps
its subsets, and so does a face printgen did not register (a font of a user's
own), or one a stream shows text in before it chooses a font: nothing is
changed that cannot be read back exactly.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator

import pikepdf

from . import fonts

TEXT_SHOWING = {"Tj", "TJ", "'", '"'}
_BFCHAR = re.compile(rb"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4})>")


class _Unsure(Exception):
    """A stream shows text before it chooses a font, which this module cannot follow: the face is left as it
    is."""


def share_subsets(document: pikepdf.Pdf) -> None:
    """Make every face's ReportLab subsets in ``document`` one subset, rewriting the strings that use them."""
    groups, weights = _subsets_by_face(document)
    for face_name, members in groups.items():
        if len(members) < 2:
            continue
        face = _registered_faces().get(face_name)
        if face is None:
            continue
        members = _cheapest_order(members, weights)
        joined = _joined([subset for _, subset in members])
        if joined is None:
            continue
        merged, tables = joined
        kept = members[0][0]
        others = {font.objgen for font, _ in members[1:]}
        moved = {font.objgen: table for (font, _), table in zip(members, tables) if table is not None}
        try:
            edits = list(_edits(document, others, moved))
        except _Unsure:
            continue
        _become(document, kept, face, merged)
        for owner, resources, data in edits:
            if data is not None:
                if isinstance(owner, pikepdf.Page):
                    owner.obj.Contents = document.make_stream(data)
                else:
                    owner.write(data)
            for name, font in list(resources.Font.items()):
                if font.objgen in others:
                    resources.Font[name] = kept


def _subsets_by_face(document: pikepdf.Pdf) -> tuple[dict[str, list[tuple[pikepdf.Object, list[int]]]],
                                                      dict[tuple[int, int], int]]:
    """Every ReportLab subset font the pages reach, by face (the base name after its tag), with its characters
    by code, in the order the document first uses them; and for every font, the bytes of content naming it."""
    groups: dict[str, list[tuple[pikepdf.Object, list[int]]]] = {}
    weights: dict[tuple[int, int], int] = {}
    for owner, resources in _streams(document):
        size = _length(owner)
        for font in resources.get("/Font", {}).values():
            if font.objgen in weights:
                weights[font.objgen] += size
                continue
            weights[font.objgen] = size
            subset = _reportlab_subset(font)
            if subset is not None:
                groups.setdefault(str(font.BaseFont)[1:].split("+", 1)[-1], []).append((font, subset))
    return groups, weights


def _length(owner) -> int:
    """How long a content stream is as stored (a page's parts together)."""
    contents = owner.obj.get("/Contents") if isinstance(owner, pikepdf.Page) else owner
    if isinstance(contents, pikepdf.Array):
        return sum(int(part.get("/Length", 0)) for part in contents)
    return int(contents.get("/Length", 0)) if contents is not None else 0


def _reportlab_subset(font: pikepdf.Object) -> list[int] | None:
    """The characters of a ReportLab TrueType subset by code (as its ToUnicode map gives them), or None for a
    font of another kind."""
    if font.get("/Subtype") != "/TrueType" or "/ToUnicode" not in font or "/Encoding" in font:
        return None
    descriptor = font.get("/FontDescriptor")
    if descriptor is None or "/FontFile2" not in descriptor or int(font.get("/FirstChar", -1)) != 0:
        return None
    text = font.ToUnicode.read_bytes()
    if b"/CMapType 2 def" not in text or b"beginbfrange" in text:
        return None
    subset = [0] * (int(font.LastChar) + 1)
    for code, unicode in _BFCHAR.findall(text):
        if int(code, 16) < len(subset):
            subset[int(code, 16)] = int(unicode, 16)
    return subset


def _cheapest_order(members: list[tuple[pikepdf.Object, list[int]]], weights: dict[tuple[int, int], int]
                    ) -> list[tuple[pikepdf.Object, list[int]]]:
    """The subsets in the order that leaves most content as it is: each tried first (keeping its codes), the
    rest heaviest first; the order whose subsets that must move codes name the fewest bytes of content."""
    by_weight = sorted(members, key=lambda member: -weights[member[0].objgen])

    def moved(order) -> int:
        joined = _joined([subset for _, subset in order])
        if joined is None:
            return 0
        return sum(weights[font.objgen] for (font, _), table in zip(order, joined[1]) if table is not None)

    orders = [[first] + [member for member in by_weight if member is not first] for first in by_weight]
    return min(orders, key=moved)


def _joined(subsets: list[list[int]]) -> tuple[list[int], list[bytes | None]] | None:
    """One subset holding the characters of all ``subsets`` (each of them its characters by code), and for
    each, the table that gives its codes new ones, or None where its codes stand as they are: the first keeps
    its codes; one whose codes agree with what is there so far (ReportLab gave the same characters the same
    codes, as it does map page after map page) keeps them too; the characters of any other go to codes
    already holding them, else where ReportLab would put them next (a free code from 1 to 31, then on from
    the end). None if they do not fit in 256 codes."""
    merged = list(subsets[0])
    tables: list[bytes | None] = [None]
    for subset in subsets[1:]:
        if all(code >= len(merged) or merged[code] in (0, unicode) for code, unicode in enumerate(subset)
               if unicode):
            merged += [0] * (len(subset) - len(merged))
            for code, unicode in enumerate(subset):
                if unicode:
                    merged[code] = unicode
            tables.append(None)
            continue
        table = bytearray(256)
        for code, unicode in enumerate(subset):
            if unicode:
                table[code] = _code_for(merged, unicode)
        tables.append(bytes(table))
    return (merged, tables) if len(merged) <= 256 else None


def _code_for(merged: list[int], unicode: int) -> int:
    """The code of ``unicode`` in ``merged``, given one (and the list grown) if it has none yet."""
    if unicode in merged:
        return merged.index(unicode)
    for code in range(1, min(32, len(merged))):
        if not merged[code]:
            merged[code] = unicode
            return code
    merged.append(unicode)
    return len(merged) - 1 if len(merged) <= 256 else 0


def _become(document: pikepdf.Pdf, font: pikepdf.Object, face, subset: list[int]) -> None:
    """``font`` made the ReportLab subset of ``face`` holding ``subset``: its program, descriptor, widths and
    ToUnicode map as ReportLab writes them; its codes for what it held already are unchanged."""
    from reportlab.pdfbase.ttfonts import makeToUnicodeCMap

    name = str(font.BaseFont)[1:]
    program = face.makeSubset(subset)
    file_stream = pikepdf.Stream(document, zlib.compress(program))
    file_stream.Filter = pikepdf.Name.FlateDecode
    file_stream.Length1 = len(program)
    descriptor = pikepdf.Dictionary({key: value for key, value in font.FontDescriptor.items()})
    descriptor.FontFile2 = document.make_indirect(file_stream)
    to_unicode = pikepdf.Stream(document, zlib.compress(makeToUnicodeCMap(name, subset).encode("latin-1")))
    to_unicode.Filter = pikepdf.Name.FlateDecode
    font.LastChar = len(subset) - 1
    font.Widths = pikepdf.Array([face.getCharWidth(unicode) for unicode in subset])
    font.ToUnicode = document.make_indirect(to_unicode)
    font.FontDescriptor = document.make_indirect(descriptor)


def _registered_faces() -> dict[str, object]:
    """printgen's ReportLab faces by their PostScript name (CharisSIL-Italic, ...)."""
    from reportlab.pdfbase import pdfmetrics

    fonts.register_reportlab_fonts()
    fonts.register_symbols()
    found = {}
    for name in (*fonts.FONT_FILES, fonts.SYMBOLS):
        face = pdfmetrics.getFont(name).face
        found[face.name.decode("latin-1")] = face
    return found


def _streams(document: pikepdf.Pdf) -> Iterator[tuple[pikepdf.Object, pikepdf.Object]]:
    """Every content stream the pages draw, once, with its resources: pages, the forms they draw (and the forms
    those draw), annotations' appearances."""
    seen: set[tuple[int, int]] = set()

    def forms(resources):
        for xobject in resources.get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                inner = xobject.get("/Resources", pikepdf.Dictionary())
                yield xobject, inner
                yield from forms(inner)

    for page in document.pages:
        resources = page.obj.get("/Resources", pikepdf.Dictionary())
        yield page, resources
        yield from forms(resources)
        for annot in page.get("/Annots", []):
            appearance = annot.get("/AP", {}).get("/N")
            if isinstance(appearance, pikepdf.Stream) and appearance.objgen not in seen:
                seen.add(appearance.objgen)
                inner = appearance.get("/Resources", pikepdf.Dictionary())
                yield appearance, inner
                yield from forms(inner)


def _edits(document: pikepdf.Pdf, fonts: set[tuple[int, int]], tables: dict[tuple[int, int], bytes]
           ) -> Iterator[tuple[pikepdf.Object, pikepdf.Object, bytes | None]]:
    """For every stream whose resources name one of ``fonts``: the stream, its resources, and (where it shows
    text in a font of ``tables``, whose codes move) its content with those strings in their new codes."""
    for owner, resources in _streams(document):
        named = {name: font.objgen for name, font in resources.get("/Font", {}).items() if font.objgen in fonts}
        if not named:
            continue
        names = {name: tables[objgen] for name, objgen in named.items() if objgen in tables}
        if not names:
            yield owner, resources, None
            continue
        instructions = list(pikepdf.parse_content_stream(owner))
        changed = False
        current, stack = None, []
        for index, instruction in enumerate(instructions):
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                continue
            operands, operator = instruction.operands, str(instruction.operator)
            if operator == "q":
                stack.append(current)
            elif operator == "Q":
                current = stack.pop() if stack else None
            elif operator == "Tf":
                current = str(operands[0])
            elif operator in TEXT_SHOWING:
                if current is None:
                    raise _Unsure
                table = names.get(current)
                if table is not None:
                    instructions[index] = pikepdf.ContentStreamInstruction(
                        [_translated(operand, table) for operand in operands], instruction.operator)
                    changed = True
        yield owner, resources, pikepdf.unparse_content_stream(instructions) if changed else None


def _translated(operand, table: bytes):
    """A string operand (or a TJ array's strings) in the new codes."""
    if isinstance(operand, pikepdf.String):
        return pikepdf.String(bytes(operand).translate(table))
    if isinstance(operand, pikepdf.Array):
        return pikepdf.Array([_translated(item, table) for item in operand])
    return operand

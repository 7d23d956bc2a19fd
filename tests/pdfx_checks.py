"""What a print shop's preflight asks of a PDF/X-1a:2003 file, checked on the file's own objects.

``problems(data)`` lists every way the file falls short, in words (an empty list: it passes):
the output intent (GTS_PDFX, a CMYK profile, its condition named), the version and Trapped keys,
every page's TrimBox and BleedBox (the trim inside the bleed, the bleed inside the page), colour
in CMYK only (no RGB or grey operator, colour space, image or shading), no transparency (no
constant alpha below 1, no soft mask, no blend mode but Normal, no transparency group) and every
font embedded, as pdffonts lists them.
"""

from __future__ import annotations

import io
import subprocess
import tempfile

import pikepdf

NOT_CMYK_OPERATORS = {"rg", "RG", "g", "G"}
CMYK_SPACES = {"/DeviceCMYK", "/Pattern"}


def problems(data: bytes) -> list[str]:
    found: list[str] = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        _intent(pdf, found)
        for number, page in enumerate(pdf.pages, start=1):
            _boxes(page, number, found)
            if "/Group" in page.obj:
                found.append(f"page {number}: a transparency group")
            _content(page, page.obj.get("/Resources", pikepdf.Dictionary()), f"page {number}", found, set())
    found += _unembedded(data)
    return found


def _intent(pdf: pikepdf.Pdf, found: list[str]) -> None:
    intents = pdf.Root.get("/OutputIntents")
    if not intents or len(intents) != 1 or intents[0].get("/S") != "/GTS_PDFX":
        found.append("no one GTS_PDFX output intent")
        return
    intent = intents[0]
    profile = intent.get("/DestOutputProfile")
    if profile is None or int(profile.get("/N", 0)) != 4 or profile.read_bytes()[36:40] != b"acsp" \
            or profile.read_bytes()[16:20] != b"CMYK":
        found.append("the output intent's profile is no CMYK ICC profile")
    if not str(intent.get("/OutputConditionIdentifier", "")):
        found.append("the output intent names no condition")
    if str(pdf.docinfo.get("/GTS_PDFXVersion", "")) != "PDF/X-1a:2003":
        found.append("GTS_PDFXVersion is not PDF/X-1a:2003")
    if str(pdf.docinfo.get("/Trapped", "")) not in ("/True", "/False"):
        found.append("Trapped is neither True nor False")


def _boxes(page: pikepdf.Page, number: int, found: list[str]) -> None:
    def box(name):
        value = page.obj.get(name)
        return None if value is None else [float(v) for v in value]

    media, bleed, trim = box("/MediaBox"), box("/BleedBox"), box("/TrimBox")
    if trim is None or bleed is None:
        found.append(f"page {number}: no TrimBox and BleedBox")
        return
    if not _inside(trim, bleed) or not _inside(bleed, media):
        found.append(f"page {number}: the trim is not inside the bleed, or the bleed not inside the page")


def _inside(inner, outer, slack=0.01) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def _content(owner, resources, where: str, found: list[str], seen: set) -> None:
    """The colour and transparency of one content stream (a page's, a form's) and of what it draws."""
    for operands, operator in pikepdf.parse_content_stream(owner):
        op = str(operator)
        if op in NOT_CMYK_OPERATORS:
            found.append(f"{where}: {op} sets a colour that is not CMYK")
        elif op in ("cs", "CS") and str(operands[0]) not in CMYK_SPACES:
            space = resources.get("/ColorSpace", {}).get(str(operands[0]))
            if space is None or not (isinstance(space, pikepdf.Array) and str(space[0]) in ("/Separation",
                                                                                            "/DeviceN")):
                found.append(f"{where}: {op} {operands[0]}: a colour space that is not CMYK")
    for name, state in resources.get("/ExtGState", {}).items():
        for key in ("/ca", "/CA"):
            if key in state and float(state[key]) < 1:
                found.append(f"{where}: graphics state {name} has {key} {float(state[key])}")
        if state.get("/SMask", pikepdf.Name.None_) != pikepdf.Name.None_:
            found.append(f"{where}: graphics state {name} has a soft mask")
        if str(state.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
            found.append(f"{where}: graphics state {name} blends {state.BM}")
    for name, shading in resources.get("/Shading", {}).items():
        if str(shading.get("/ColorSpace")) != "/DeviceCMYK":
            found.append(f"{where}: shading {name} is in {shading.get('/ColorSpace')}")
    for name, xobject in resources.get("/XObject", {}).items():
        if xobject.objgen in seen and xobject.objgen != (0, 0):
            continue
        seen.add(xobject.objgen)
        if xobject.get("/Subtype") == "/Image":
            if "/SMask" in xobject:
                found.append(f"{where}: image {name} has a soft mask")
            if not xobject.get("/ImageMask") and str(xobject.get("/ColorSpace")) != "/DeviceCMYK":
                found.append(f"{where}: image {name} is in {xobject.get('/ColorSpace')}")
        elif xobject.get("/Subtype") == "/Form":
            if xobject.get("/Group") is not None:
                found.append(f"{where}: form {name} is a transparency group")
            _content(xobject, xobject.get("/Resources", pikepdf.Dictionary()), f"{where}, form {name}", found, seen)


def _unembedded(data: bytes) -> list[str]:
    """Fonts pdffonts lists as not embedded (and fonts named, embedded or not, that are the standard 14)."""
    return [f"font {line.split()[0]} is not embedded" for line in pdffonts(data) if line.split()[-5] != "yes"]


def pdffonts(data: bytes) -> list[str]:
    """pdffonts' table of the file's fonts, a line a font (its heading left out)."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(data)
        handle.flush()
        listed = subprocess.run(["pdffonts", handle.name], capture_output=True, text=True, check=True).stdout
    return listed.splitlines()[2:]

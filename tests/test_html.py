"""The Jinja/WeasyPrint pipeline: escaping, strictness, the sandbox, bundled fonts only, no outside files."""

import subprocess
import sys

import pikepdf
import pytest
from pdfutil import fonts, open_pdf, page_sizes, page_texts, run_cli, subject

from printgen.errors import PrintgenError
from printgen.render.compose import compose
from printgen.render.html import render_html, render_pdf
from printgen.seed import SeedCode
from printgen.units import PAPERS
from printgen.words import BUILT_IN

CODE = SeedCode.make("test", "generic", "html", {})


def write_page(folder, body: str, name: str = "page.html"):
    (folder / name).write_text('{% extends "base.html" %}{% block body %}' + body + "{% endblock %}")
    return folder


def render(folder, body: str, **context) -> bytes:
    write_page(folder, body)
    return compose([render_pdf("page.html", CODE, "Test page", PAPERS["letter"], folder, phrasebooks=BUILT_IN,
                               **context)], CODE, "Test page")


def test_fonts_are_the_bundled_ones_and_embedded(tmp_path):
    pdf = open_pdf(render(tmp_path, '<h1>Title</h1><p>Serif text, <i>italic</i>.</p><p class="mono">@ mono</p>'))
    used = fonts(pdf)
    assert used and all(used.values())
    # the text faces (PG-…), and the full faces ReportLab stamps the footer with
    assert all(name.lstrip("/").split("+")[-1].startswith(("PG-", "JetBrainsMono", "CharisSIL")) for name in used), used
    assert page_sizes(pdf) == [(612.0, 792.0)]
    assert SeedCode.parse(subject(pdf)) == CODE


def test_user_text_is_escaped(tmp_path):
    write_page(tmp_path, "<p>{{ text }}</p>")
    html = render_html("page.html", tmp_path, phrasebooks=BUILT_IN, text="<b>{{ 7 * 7 }}</b>", seed_code="x",
                       title="t", page_size="210mm 297mm", opens_file=False)
    assert "&lt;b&gt;{{ 7 * 7 }}&lt;/b&gt;" in html


def test_missing_values_are_errors_not_blanks(tmp_path):
    with pytest.raises(PrintgenError, match="nowhere"):
        render(tmp_path, "<p>{{ nowhere }}</p>")


@pytest.mark.parametrize("body", ["{{ ''.__class__.__mro__ }}", "{{ cycler.__init__.__globals__ }}",
                                  "{{ seed_code.__class__.__base__.__subclasses__() }}"])
def test_templates_cannot_reach_python_internals(tmp_path, body):
    with pytest.raises(PrintgenError):
        html = render_html(write_page(tmp_path, f"<p>{body}</p>") and "page.html", tmp_path, phrasebooks=BUILT_IN,
                           seed_code="x",
                           title="t", page_size="210mm 297mm", opens_file=False)
        assert "class" not in html  # an undefined attribute is an error under StrictUndefined


@pytest.mark.parametrize("url", ["http://example.invalid/x.png", "file:///etc/hostname", "../../pyproject.toml"])
def test_templates_cannot_fetch_outside_their_folders(tmp_path, url):
    with pytest.raises(PrintgenError, match="may not load"):
        render(tmp_path, f'<img src="{url}">')


def test_identical_bytes_for_identical_input(tmp_path):
    body = "<p>Same text</p>"
    assert render(tmp_path, body) == render(tmp_path, body)


def test_each_page_of_a_composed_document_has_its_own_footer(tmp_path):
    body = "".join(f"<p style='page-break-after: always'>Page {n} of the text</p>" for n in range(3))
    texts = [" ".join(text.split()) for text in page_texts(render(tmp_path, body))]
    assert len(texts) == 3
    for number, text in enumerate(texts, 1):
        assert f"page {number} of 3" in text and str(CODE) in text


def test_words_with_fi_and_ff_copy_as_their_letters(tmp_path):
    text = page_texts(render(tmp_path, "<p>figures, effects, affliction</p>"))[0]
    assert "figures, effects, affliction" in text


def test_weasyprint_loads_without_running_a_program_and_leaves_ctypes_as_it_was():
    """Its library lookups used to run ldconfig, gcc and ld some 26 times, a third of a second a process."""
    script = (
        "import ctypes.util, subprocess\n"
        "original = ctypes.util.find_library\n"
        "started = []\n"
        "subprocess.Popen.__init__ = lambda self, *a, **k: started.append(a) or (_ for _ in ()).throw(OSError('no'))\n"
        "from printgen.render import html\n"
        "html._weasyprint()\n"
        "assert ctypes.util.find_library is original\n"
        "print(len(started))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "0"


def test_while_weasyprint_loads_another_thread_finds_libraries_as_ever(tmp_path):
    """The lookups are skipped for the thread that imports WeasyPrint alone (a stand-in WeasyPrint here looks a
    library up from its own thread and from another while it is imported)."""
    (tmp_path / "weasyprint").mkdir()
    (tmp_path / "weasyprint" / "__init__.py").write_text(
        "import ctypes.util, threading\n"
        "ANSWERS = [ctypes.util.find_library('pango-1.0')]\n"
        "beside = threading.Thread(target=lambda: ANSWERS.append(ctypes.util.find_library('pango-1.0')))\n"
        "beside.start()\n"
        "beside.join()\n")
    script = (
        "import ctypes.util, sys\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "ctypes.util.find_library = lambda name: 'found ' + name\n"
        "from printgen.render import html\n"
        "print(html._import_weasyprint().ANSWERS, ctypes.util.find_library('pango-1.0'))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[None, 'found pango-1.0'] found pango-1.0"


def test_parts_laid_out_apart_share_one_copy_of_each_font_file(tmp_path):
    """A booklet's text is made in two documents at once; each embeds the whole faces it uses."""
    write_page(tmp_path, '<h1>Title</h1><p>Serif, <i>italic</i>, <b>bold</b>.</p>')
    part = render_pdf("page.html", CODE, "Test page", PAPERS["letter"], tmp_path, phrasebooks=BUILT_IN)

    def font_files(data: bytes) -> list[bytes]:
        pdf = open_pdf(data)
        return [obj.read_raw_bytes() for obj in pdf.objects
                if isinstance(obj, pikepdf.Stream) and any(obj.objgen == d.get(key).objgen
                                                           for d in descriptors(pdf) for key in ("/FontFile2",) if key in d)]

    def descriptors(pdf):
        return [obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor"]

    one, two = compose([part], CODE, "one"), compose([part, part], CODE, "two")
    assert len(open_pdf(two).pages) == 2
    assert sorted(font_files(one)) == sorted(font_files(two))
    assert len(set(font_files(two))) == len(font_files(two))


def test_every_subset_name_in_a_booklet_names_one_font_file(tmp_path):
    """ReportLab tags each document's first subset AAAAAA+; joined, one name would cover different subsets."""
    result = run_cli("dungeon", "--system", "roguelike", "--seed", "tags", "--levels", "2", "-o", str(tmp_path / "d.pdf"))
    assert result.returncode == 0, result.stderr
    pdf = open_pdf(tmp_path / "d.pdf")
    files_by_name: dict[str, set] = {}
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
            stream = obj.get("/FontFile2") or obj.get("/FontFile3") or obj.get("/FontFile")
            files_by_name.setdefault(str(obj.FontName), set()).add(stream.objgen)
    assert any(name.endswith("CharisSIL") for name in files_by_name)  # maps and footers from ReportLab
    assert all(len(files) == 1 for files in files_by_name.values()), files_by_name
    names_by_file: dict = {}
    for name, files in files_by_name.items():
        names_by_file.setdefault(next(iter(files)), set()).add(name)
    assert all(len(names) == 1 for names in names_by_file.values())

"""The Jinja/WeasyPrint pipeline: escaping, strictness, bundled fonts only, no outside files."""

import jinja2
import pytest

from printgen.render.html import jinja_environment, render_pdf
from printgen.seed import SeedCode

from pdfutil import fonts, open_pdf, page_sizes, subject

CODE = SeedCode.make("test", "generic", "html", {})


def page(body: str) -> jinja2.Template:
    return jinja_environment().from_string('{% extends "base.html" %}{% block body %}' + body + "{% endblock %}")


def render(body: str, **context) -> bytes:
    return render_pdf(page(body), CODE, "Test page", page_size="letter", **context)


def test_fonts_are_the_bundled_ones_and_embedded():
    pdf = open_pdf(render('<h1>Title</h1><p>Serif text, <i>italic</i>.</p><p class="mono">@ mono</p>'))
    used = fonts(pdf)
    assert used and all(used.values())
    assert all("Charis" in name or "JetBrains" in name or "PG-" in name for name in used), used
    assert page_sizes(pdf) == [(612.0, 792.0)]
    assert SeedCode.parse(subject(pdf)) == CODE


def test_user_text_is_escaped():
    html = page("<p>{{ text }}</p>").render(text="<b>{{ 7 * 7 }}</b>", seed_code="x", title="t", generator="g", page_size="a4")
    assert "&lt;b&gt;{{ 7 * 7 }}&lt;/b&gt;" in html


def test_missing_values_are_errors_not_blanks():
    with pytest.raises(jinja2.UndefinedError):
        render("<p>{{ nowhere }}</p>")


@pytest.mark.parametrize("url", ["http://example.invalid/x.png", "file:///etc/hostname", "../../pyproject.toml"])
def test_templates_cannot_fetch_outside_the_package(url):
    with pytest.raises(BaseException) as info:  # WeasyPrint's fatal fetch error is a BaseException
        render(f'<img src="{url}">')
    assert "may not load" in str(info.value.__cause__) or "may only load their own files" in str(info.value.__cause__)


def test_identical_bytes_for_identical_input():
    body = "<p>Same text</p>"
    assert render(body) == render(body)

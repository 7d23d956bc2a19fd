"""Each studio render is capped in memory by its worker: past the cap the answer is 413 in one line (asking
again will not help), the worker is replaced and the studio goes on; the worker's own limit fails an allocation
at once. That the largest files a user may ask for fit the default cap is measured by
benchmarks/studio_memory.py."""

import io
import subprocess
import sys
import zipfile

from printgen.web import Settings, create_app
from printgen.web.settings import MiB
from printgen.web.worker import pictures_in


def test_a_render_past_the_memory_cap_is_413_in_one_line_and_the_studio_goes_on():
    studio = create_app(Settings(workers=1, worker_memory=100 * MiB))  # a warm worker holds some 80 MiB
    try:
        pool = studio.extensions["printgen.renders"].pool
        assert pool.ready(120)
        client = studio.test_client()
        response = client.get("/file/pg4:dungeon:roguelike:capped")  # a three-level booklet: past 100 MiB
        assert response.status_code == 413
        assert response.text.count("\n") <= 1 and "100 MiB" in response.text and "printgen reproduce" in response.text
        assert "Retry-After" not in response.headers
        assert pool.replaced == 1 and len(pool.pids()) == 1
    finally:
        studio.extensions["printgen.renders"].close()


def test_a_worker_cannot_allocate_past_its_own_cap():
    program = ("from printgen.web.worker import cap_memory\n"
               "cap_memory(200 * 1024 * 1024)\n"
               "try:\n"
               "    block = bytearray(400 * 1024 * 1024)\n"
               "except MemoryError:\n"
               "    print('refused')\n"
               "small = bytearray(10 * 1024 * 1024)\n"
               "print('small', len(small))\n")
    ran = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert ran.stdout.split() == ["refused", "small", str(10 * 1024 * 1024)], ran.stderr


def test_a_print_shops_manifest_is_no_page_of_its_zip():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in ("back-1-a.png", "001-x.png", "manifest.csv"):
            archive.writestr(name, b"")
    assert pictures_in(zipfile.ZipFile(buffer)) == ["back-1-a.png", "001-x.png"]

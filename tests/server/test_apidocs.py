"""/docs: the browsable API documentation, served with its assets by the server itself."""
import re
import shutil
import subprocess
import urllib.request
from urllib.parse import urljoin

import pytest

from tests.client.conftest import make_app
from tests.server.live import serving

OUTSIDE_URL = re.compile(r"""(?:https?:)?//(?!127\.0\.0\.1[:/])[\w.-]+""")


@pytest.fixture
def docs_url(tmp_path):
    with serving(make_app(tmp_path)) as url:
        yield url


def fetch(url: str):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.headers.get_content_type(), response.read()


def test_docs_page_and_every_asset_it_loads_come_from_the_server_itself(docs_url):
    status, kind, body = fetch(docs_url + "/docs")  # no token: the docs are public
    page = body.decode()
    assert status == 200 and kind == "text/html" and "<title>Herald</title>" in page
    assert not OUTSIDE_URL.search(page), OUTSIDE_URL.search(page)
    assert '"validatorUrl": null' in page  # Swagger UI's online validator badge would call out
    links = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert len(links) == 3
    for link in links:
        status, kind, body = fetch(urljoin(docs_url + "/docs", link))
        assert status == 200 and kind in ("text/css", "text/javascript") and len(body) > 10_000
    assert b'"/me/next"' in fetch(docs_url + "/openapi.json")[2]


def test_only_the_pages_assets_are_served(docs_url):
    with pytest.raises(urllib.error.HTTPError) as refused:
        fetch(docs_url + "/docs/assets/index.html")  # the package's demo page points at a public petstore
    assert refused.value.code == 404


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed (apt-get install chromium)")
def test_a_browser_that_can_reach_nothing_else_renders_the_operations(docs_url, tmp_path):
    """Headless Chromium with every host but 127.0.0.1 unresolvable: the page still builds its
    list of operations, so it needed nothing from outside; and under the page's
    Content-Security-Policy, which the browser's console would name had it blocked anything."""
    shown = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path}",
                            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--enable-logging=stderr",
                            "--v=0", "--virtual-time-budget=4000", "--dump-dom", docs_url + "/docs"],
                           capture_output=True, text=True, timeout=90)
    paths = set(re.findall(r'data-path="([^"]+)"', shown.stdout))
    assert {"/health", "/games", "/me/next", "/games/{game_id}/moves/{seq}"} <= paths, sorted(paths)
    blocked = [line for line in shown.stderr.splitlines() if "Content Security Policy" in line]
    assert not blocked, blocked


def test_the_api_description_names_no_source_file(docs_url):
    """The API's description is for those who call it: what a call does, never where its code is."""
    described = fetch(docs_url + "/openapi.json")[2].decode()
    assert not re.findall(r"\b(?:server|core|client)/[\w/]+\.py\b", described)

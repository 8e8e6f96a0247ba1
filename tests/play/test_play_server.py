"""The play page's server: a whole game through the API, no file read outside its folders, and what
a page from another site, a big or malformed body or a slow file cannot do to it (docs/play.md)."""

from __future__ import annotations

import json
import os
import re
import shutil
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # starlette 1.x asks for httpx2 behind its test client; httpx serves these tests
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

from designlab.play.server import create_app

REPO = Path(__file__).resolve().parents[2]
PORT = 8765
HERE = f"http://127.0.0.1:{PORT}"


def client_for(variants, results, **kw) -> TestClient:
    """A client of the app of a server on 127.0.0.1:PORT, addressing it as a browser on this machine does."""
    return TestClient(create_app(variants, results, port=PORT, **kw), base_url=HERE, raise_server_exceptions=False)


@pytest.fixture
def folders(tmp_path):
    variants = tmp_path / "variants"
    (variants / "rakshasa").mkdir(parents=True)
    shutil.copy(REPO / "variants/rakshasa/base.yaml", variants / "rakshasa/base.yaml")
    (variants / "rakshasa/rich.yaml").write_text("game: rakshasa\nname: rich\nextends: base.yaml\nparams:\n  honor:\n    runner: 18\n")
    results = tmp_path / "results"
    (results / "play").mkdir(parents=True)
    # what must never be served: a variant and a record outside the folders, reached every way
    (tmp_path / "secret.yaml").write_text("game: rakshasa\nname: secret\n")
    (tmp_path / "secret.json").write_text(json.dumps({"format": "designlab-record/1"}))
    (variants / "rakshasa/escape.yaml").write_text("game: rakshasa\nname: escape\nextends: ../../secret.yaml\n")
    os.symlink(tmp_path / "secret.yaml", variants / "link.yaml")
    os.symlink(tmp_path / "secret.json", results / "play/link.json")
    return tmp_path, variants, results


def test_a_whole_game_through_the_api_saves_a_record_that_replays(folders):
    _, variants, results = folders
    client = client_for(variants, results)
    assert "designlab · play" in client.get("/").text
    names = [v["name"] for v in client.get("/api/variants").json()["variants"]]
    assert names == ["rakshasa/base.yaml", "rakshasa/rich.yaml"]  # not the escaping ones
    r = client.post("/api/games", json={"variant": "rakshasa/rich.yaml", "seat": 1, "bot": "random", "seed": 4})
    assert r.status_code == 200
    s = r.json()
    assert s["role"] == "second runner" and 'data-game="rakshasa"' in s["board"]
    bad = client.post(f"/api/games/{s['id']}/move", json={"move": "fly"})
    assert bad.status_code == 400 and "not a legal move" in bad.json()["error"]
    for _ in range(500):
        if s["over"]:
            break
        s = client.post(f"/api/games/{s['id']}/move", json={"move": s["choices"][-1]}).json()
    assert s["over"] and s["result"] and s["record"]
    assert client.get("/api/records").json()["records"] == [s["record"]]
    told = client.get(f"/api/records/{s['record']}").json()
    assert told["results"] and told["lines"]


@pytest.mark.parametrize("name", [
    "../secret.yaml", "rakshasa/../../secret.yaml", "%2e%2e/secret.yaml", "/etc/passwd", "link.yaml",
    "rakshasa/escape.yaml", "rakshasa\\..\\..\\secret.yaml", "rakshasa/base.yml", "",
])
def test_a_variant_outside_the_folder_is_never_read(folders, name):
    _, variants, results = folders
    client = client_for(variants, results)
    r = client.post("/api/games", json={"variant": name, "seat": 0})
    assert r.status_code in (400, 404)
    body = r.json()
    assert set(body) == {"error"} and "\n" not in body["error"]  # a one-line refusal, no game started


@pytest.mark.parametrize("url", [
    "/api/records/../secret.json", "/api/records/..%2fsecret.json", "/api/records/%2e%2e/secret.json",
    "/api/records/%2e%2e%2fsecret.json", "/api/records//etc/passwd", "/api/records/%2fetc%2fpasswd",
    "/api/records/link.json", "/api/records/..%5csecret.json",
])
def test_a_record_outside_the_folder_is_never_read(folders, url):
    _, variants, results = folders
    client = client_for(variants, results)
    r = client.get(url)
    assert r.status_code == 404, (url, r.text)


def test_the_server_opens_only_files_inside_its_folders(folders, monkeypatch):
    # every open() while serving, checked: variants and records inside the folders, or the package
    root, variants, results = folders
    opened = []
    real_open = Path.open

    def spy(self, *a, **k):
        opened.append(self.resolve())
        return real_open(self, *a, **k)

    monkeypatch.setattr(Path, "open", spy)
    client = client_for(variants, results)
    client.get("/api/variants")
    for name in ("../secret.yaml", "link.yaml", "rakshasa/escape.yaml"):
        client.post("/api/games", json={"variant": name})
    for url in ("/api/records/link.json", "/api/records/%2e%2e/secret.json"):
        client.get(url)
    assert opened and all(variants.resolve() in p.parents or results.resolve() in p.parents for p in opened)
    assert (root / "secret.yaml").resolve() not in opened


def test_the_command_binds_to_this_machine_by_default():
    import inspect

    from designlab.cli.play import serve

    assert inspect.signature(serve).parameters["host"].default == "127.0.0.1"


# -- who may talk to the server ----------------------------------------------------------------------

START = {"variant": "rakshasa/base.yaml", "seat": 0, "bot": "random", "seed": 4}


@pytest.mark.parametrize("host", [
    "evil.example", f"evil.example:{PORT}", "127.0.0.1:9999", "localhost", f"127.0.0.1.evil.example:{PORT}",
    f"localhost.:{PORT}", "", "x" * 5000,
])
def test_a_request_addressed_to_another_host_is_refused(folders, host):
    # a DNS-rebinding page reaches 127.0.0.1 under its own name: it must read and start nothing
    _, variants, results = folders
    client = client_for(variants, results)
    for method, url in [("GET", "/"), ("GET", "/api/variants"), ("GET", "/api/records"),
                        ("GET", "/api/records/x.json"), ("POST", "/api/games")]:
        r = client.request(method, url, headers={"host": host}, json=START if method == "POST" else None)
        assert r.status_code == 400, (host, url)
        assert "is not this server" in r.json()["error"] and len(r.text) < 400


@pytest.mark.parametrize("host", [f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}", f"LocalHost:{PORT}"])
def test_this_machines_own_names_are_served(folders, host):
    _, variants, results = folders
    client = client_for(variants, results)
    assert client.get("/", headers={"host": host}).status_code == 200
    assert client.get("/api/variants", headers={"host": host}).json()["variants"]


def test_listening_on_another_address_adds_it_and_the_allowed_names_only(folders):
    _, variants, results = folders
    client = client_for(variants, results, host="192.168.1.5", allow_hosts=["mybox.lan", "10.0.0.7"])
    for host in ("192.168.1.5", "mybox.lan", "10.0.0.7", "localhost", "[::1]"):
        assert client.get("/api/variants", headers={"host": f"{host}:{PORT}"}).status_code == 200, host
    for host in ("evil.example", "192.168.1.6", "mybox.lan.evil.example"):
        assert client.get("/api/variants", headers={"host": f"{host}:{PORT}"}).status_code == 400, host


def test_serve_says_which_names_it_answers_and_refuses_a_bad_one(tmp_path, monkeypatch, capsys):
    import designlab.play.server as server
    from designlab.cli.common import UserError
    from designlab.cli.play import serve

    ran = []
    monkeypatch.setattr(server, "serve", lambda *a, **k: ran.append(k))
    folder = tmp_path / "v"
    folder.mkdir()
    serve(variants=folder, results=tmp_path, host="0.0.0.0", port=9000, allow_host=["mybox.lan", "fe80::1"])
    said = " ".join(capsys.readouterr().out.split())
    assert ("it answers requests addressed to 127.0.0.1:9000, localhost:9000, [::1]:9000, 0.0.0.0:9000, "
            "mybox.lan:9000, [fe80::1]:9000") in said and "listening on 0.0.0.0" in said
    assert ran == [{"host": "0.0.0.0", "port": 9000, "allow_hosts": ["mybox.lan", "fe80::1"]}]
    with pytest.raises(UserError, match=r"^--allow-host 'my box/x' is not a host name or an IP address$"):
        serve(variants=folder, results=tmp_path, host="127.0.0.1", port=9000, allow_host=["my box/x"])
    assert len(ran) == 1


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None])
def test_a_post_that_is_not_json_is_refused(folders, kind):
    # what a cross-site page can send without the browser asking the server first ("simple" requests)
    _, variants, results = folders
    client = client_for(variants, results)
    s = client.post("/api/games", json=START).json()
    for url, body in [("/api/games", START), (f"/api/games/{s['id']}/move", {"move": "1"})]:
        headers = {"origin": "http://evil.example"} | ({"content-type": kind} if kind else {})
        r = client.post(url, content=json.dumps(body), headers=headers)
        assert r.status_code == 415 and "application/json" in r.json()["error"], (url, kind)
    assert client.get(f"/api/games/{s['id']}").json()["log"] == s["log"]  # no move was played


@pytest.mark.parametrize("origin", ["http://evil.example", f"http://localhost:{PORT}", "null", f"https://127.0.0.1:{PORT}"])
def test_a_json_post_from_another_origin_is_refused(folders, origin):
    _, variants, results = folders
    client = client_for(variants, results)
    r = client.post("/api/games", json=START, headers={"origin": origin})
    assert r.status_code == 403 and "another site" in r.json()["error"]
    own = client.post("/api/games", json=START, headers={"origin": HERE})  # the page's own fetch
    assert own.status_code == 200
    mv = client.post(f"/api/games/{own.json()['id']}/move", json={"move": "1"}, headers={"origin": origin})
    assert mv.status_code == 403


def test_game_ids_are_unguessable(folders):
    _, variants, results = folders
    client = client_for(variants, results)
    ids = [client.post("/api/games", json=START).json()["id"] for _ in range(3)]
    assert len(set(ids)) == 3
    for gid in ids:
        assert len(gid) >= 20 and not gid.isdigit()  # secrets.token_urlsafe(16): 128 random bits
        assert client.get(f"/api/games/{gid}").status_code == 200
    assert client.get("/api/games/1").status_code == 404


def test_a_big_body_is_refused_before_it_is_read(folders):
    _, variants, results = folders
    client = client_for(variants, results)
    # a Content-Length over the cap is answered at once: the (small) body sent is never read
    r = client.post("/api/games", content=json.dumps(START),
                    headers={"content-type": "application/json", "content-length": str(100 * 2**20)})
    assert r.status_code == 413 and "at most 65,536" in r.json()["error"]
    # without a length (chunked), it is counted as it comes
    sent = []

    def chunks():
        for _ in range(100):
            sent.append(1)
            yield b" " * 4096

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "over 65,536 bytes" in r.json()["error"]
    huge = client.post("/api/games", content='{"variant": "' + "x" * 10**6 + '"}',
                       headers={"content-type": "application/json"})
    assert huge.status_code == 413 and len(huge.text) < 200


# -- malformed input: a JSON 4xx naming the field, never a 500 ---------------------------------------

MALFORMED = [  # (body or path, status, what the message must say)
    ("GET /api/records/" + "a" * 10_000 + ".json", 404, "longer than 1,024 characters"),
    ("GET /api/records/" + "a" * 300 + ".json", 404, "File name too long"),
    ('{"variant": "rakshasa/base.yaml", "seat": 1e309}', 400, "seat: Input should be a valid integer"),
    ("[" * 30_000 + "]" * 30_000, 400, "nested too deeply"),
    ("[" * 100_000 + "]" * 100_000, 413, "200,000 bytes"),
    ('{"variant": "rakshasa/base.yaml", "seat": "x"}', 400, "seat: Input should be a valid integer"),
    ('{"variant": "rakshasa/base.yaml", "bot": {"x": 1}}', 400, "bot: Input should be a valid string"),
    ('{"variant": "rakshasa/base.yaml", "seed": ' + "9" * 5000 + "}", 400, "seed: a number of 5,000 digits is too large"),
    ('{"variant": "rakshasa/base.yaml", "seed": "' + "9" * 5000 + '"}', 400, "seed: Input should be a valid integer"),
    ('{"variant": "rakshasa/base.yaml", "seed": 9223372036854775808}', 400, "seed: Input should be less than"),
    ('{"variant": "rakshasa/base.yaml", "seat": 7}', 400, "seat 7: Rakshasa here has seats 0 to 1"),
    ('{"variant": "rakshasa/base.yaml", "bot": "nobody"}', 400, "unknown bot 'nobody'"),
    ('{"variant": "rakshasa/base.yaml", "seats": 1}', 400, "'seats' is not a field here (the fields: variant, seat"),
    ('{"seat": 1}', 400, "variant: Field required"),
    ('{"variant": 3}', 400, "variant: Input should be a valid string"),
    ('{"variant": "' + "v" * 5000 + '.yaml"}', 404, "longer than 1,024 characters"),
    ('{"variant": "rakshasa/base.yaml\\ud800"}', 404, "not a file name"),
    ('{"variant": "rakshasa/broken.yaml"}', 400, "variant: "),
    ('[1, 2]', 400, "not an object"),
    ("\xff\xfe", 400, "the body is not JSON"),
    ("", 400, "the body is not JSON"),
    ('{"move": "' + "x" * 60_000 + '"}', 400, "move: String should have at most 1000 characters"),
    ('{"move": "' + "x" * 10**6 + '"}', 413, "1,000,012 bytes; at most 65,536"),
    ('{"move": "' + "x" * 999 + '"}', 400, "... (999 characters) is not a legal move"),
    ('{"move": "' + "9" * 5000 + '"}', 400, "move: String should have at most 1000"),
    ('{"move": ' + "9" * 5000 + "}", 400, "move: a number of 5,000 digits is too large"),
    ('{"move": "²"}', 400, "'²' is not a legal move"),
    ('{"move": ["1"]}', 400, "move: Input should be a valid string"),
    ('{"move": null}', 400, "move: Input should be a valid string"),
    ('{}', 400, "move: Field required"),
]


@pytest.mark.parametrize("request_, status, says", MALFORMED, ids=lambda x: x[:40] if isinstance(x, str) else None)
def test_malformed_input_gets_a_json_4xx_that_names_the_field(folders, request_, status, says):
    _, variants, results = folders
    (variants / "rakshasa/broken.yaml").write_text("game: rakshasa\nname: broken\nparams:\n  honor: [\n")
    client = client_for(variants, results)
    if request_.startswith("GET "):
        r = client.get(request_[4:])
    else:
        url = "/api/games"
        if '"move"' in request_ or request_ == "{}":
            url = f"/api/games/{client.post('/api/games', json=START).json()['id']}/move"
        r = client.post(url, content=request_.encode("utf-8", "surrogatepass") if "\xff" not in request_
                        else b"\xff\xfe", headers={"content-type": "application/json"})
    assert r.status_code == status, r.text[:300]
    error = r.json()["error"]
    assert says in error and "\n" not in error and len(error) < 400, error[:500]
    assert len(r.text) < 20_000  # nothing sent is echoed back whole


# -- strict types: JSON says what it sends -----------------------------------------------------------

WRONG_TYPES = [  # each once started a game as seat 1 (or with seed 7): a bool or a string is not a number
    ('{"variant": "rakshasa/base.yaml", "seat": true}', "seat: Input should be a valid integer"),
    ('{"variant": "rakshasa/base.yaml", "seat": "1"}', "seat: Input should be a valid integer"),
    ('{"variant": "rakshasa/base.yaml", "seat": 1.0}', "seat: Input should be a valid integer"),
    ('{"variant": "rakshasa/base.yaml", "seed": "7"}', "seed: Input should be a valid integer"),
    ('{"variant": "rakshasa/base.yaml", "seed": false}', "seed: Input should be a valid integer"),
    ('{"variant": "rakshasa/base.yaml", "bot": 1}', "bot: Input should be a valid string"),
    ('{"variant": true}', "variant: Input should be a valid string"),
]


@pytest.mark.parametrize("body, says", WRONG_TYPES, ids=[b for b, _ in WRONG_TYPES])
def test_a_field_of_the_wrong_type_is_400_and_starts_no_game(folders, body, says):
    _, variants, results = folders
    r = client_for(variants, results).post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"].startswith(says), r.text


def test_a_move_of_the_wrong_type_is_400_and_a_number_or_empty_still_fits(folders):
    _, variants, results = folders
    client = client_for(variants, results)
    gid = client.post("/api/games", json=START).json()["id"]
    r = client.post(f"/api/games/{gid}/move", json={"move": True})
    assert r.status_code == 400 and r.json()["error"].startswith("move: Input should be a valid string")
    assert client.post("/api/games", json=START | {"seed": "", "bot": ""}).status_code == 200  # empty: none
    assert client.post("/api/games", json=START | {"seed": 7, "seat": 1}).json()["seat"] == 1
    assert client.post(f"/api/games/{gid}/move", json={"move": 1}).status_code == 200  # a move by its number


# -- methods and Host headers ------------------------------------------------------------------------

def test_a_method_a_route_does_not_take_is_405_with_allow(folders):
    _, variants, results = folders
    client = client_for(variants, results)
    gid = client.post("/api/games", json=START).json()["id"]
    for method, url, allow in [("DELETE", f"/api/games/{gid}", "GET, HEAD"), ("PUT", "/api/games", "POST"),
                               ("GET", "/api/games", "POST"), ("GET", f"/api/games/{gid}/move", "POST"),
                               ("DELETE", "/api/records/x.json", "GET, HEAD"), ("POST", "/", "GET, HEAD")]:
        r = client.request(method, url)  # no body, no content type: the method is what is wrong
        assert r.status_code == 405 and r.headers["allow"] == allow, (method, url, r.status_code, r.text)
        assert method in r.json()["error"]
    assert client.request("DELETE", "/nowhere").status_code == 404


def test_a_request_with_two_host_headers_is_400(folders):
    import httpx

    _, variants, results = folders
    client = client_for(variants, results)
    headers = httpx.Headers([("host", f"127.0.0.1:{PORT}"), ("host", f"127.0.0.1:{PORT}")])
    r = client.get("/api/variants", headers=headers)
    assert r.status_code == 400 and "2 Host headers" in r.json()["error"]


# -- work off the event loop, the variants list cached -----------------------------------------------

def test_the_variants_list_is_read_again_only_when_a_file_changes(folders, monkeypatch):
    import designlab.variant.load as load

    _, variants, results = folders
    real, calls = load.load_variants, []
    monkeypatch.setattr(load, "load_variants", lambda targets, *a, **k: calls.append(targets) or real(targets, *a, **k))
    client = client_for(variants, results)
    first = client.get("/api/variants").json()
    n = len(calls)
    assert n >= 2 and client.get("/api/variants").json() == first and len(calls) == n
    (variants / "rakshasa/rich.yaml").write_text(
        "game: rakshasa\nname: richer\nextends: base.yaml\nparams:\n  honor:\n    runner: 19\n")
    again = client.get("/api/variants").json()
    assert len(calls) > n and "richer" in [v["variant"] for v in again["variants"]]


def test_a_variant_file_that_fails_to_load_is_left_out_and_named(folders, monkeypatch):
    # whatever the loader raises on one file (a YAML bomb's MemoryError, a RecursionError ...), the others are listed
    import designlab.variant.load as load

    _, variants, results = folders
    (variants / "rakshasa/broken.yaml").write_text("game: rakshasa\nname: broken\nparams:\n  honor: [\n")
    real = load.load_variants

    def failing(targets, *a, **k):
        if any(p.name == "rich.yaml" for p in targets):
            raise MemoryError("a YAML alias bomb")
        return real(targets, *a, **k)

    monkeypatch.setattr(load, "load_variants", failing)
    r = client_for(variants, results).get("/api/variants")
    assert r.status_code == 200
    assert [v["name"] for v in r.json()["variants"]] == ["rakshasa/base.yaml"]
    skipped = {x["name"]: x["why"] for x in r.json()["skipped"]}
    assert skipped["rakshasa/rich.yaml"] == "MemoryError: a YAML alias bomb"
    assert set(skipped) == {"rakshasa/rich.yaml", "rakshasa/broken.yaml", "rakshasa/escape.yaml"}


def test_a_slow_variant_file_holds_up_no_other_request(folders, monkeypatch, browser):
    # /api/variants stuck on a file (a YAML that takes long to load): the page, the records and a game
    # in progress still answer. The loader waits for this test to let it go, so on a server that
    # loads on its event loop the other requests wait forever (here: fail after 20 s).
    import threading

    import httpx

    import designlab.variant.load as load

    _, variants, results = folders
    entered, release = threading.Event(), threading.Event()
    real = load.load_variants

    def slow(targets, *a, **k):
        if any(p.name == "rich.yaml" for p in targets):
            entered.set()
            release.wait(60)
        return real(targets, *a, **k)

    monkeypatch.setattr(load, "load_variants", slow)
    with browser.served(lambda port: create_app(variants, results, port=port)) as url:  # (no browser: its helper)
        try:
            game = httpx.post(f"{url}/api/games", json=START, timeout=60).json()  # before the list is asked for
            listed = []
            asker = threading.Thread(target=lambda: listed.append(httpx.get(f"{url}/api/variants", timeout=60)))
            asker.start()
            assert entered.wait(30)
            assert httpx.get(f"{url}/", timeout=20).status_code == 200
            assert httpx.get(f"{url}/api/records", timeout=20).status_code == 200
            assert httpx.get(f"{url}/api/games/{game['id']}", timeout=20).status_code == 200
            assert httpx.post(f"{url}/api/games/{game['id']}/move", json={"move": "1"}, timeout=20).status_code == 200
            assert not listed  # the list is still being read
            release.set()
            asker.join(60)
            assert listed[0].status_code == 200 and len(listed[0].json()["variants"]) == 2
        finally:
            release.set()


# -- the finished game's message ---------------------------------------------------------------------

def test_the_finished_game_names_the_real_records_folder(folders):
    root, variants, _ = folders
    results = root / "elsewhere"
    client = client_for(variants, results)
    assert "results/play" not in client.get("/").text  # the page says what the server says
    s = client.post("/api/games", json=START).json()
    for _ in range(500):
        if s["over"]:
            break
        s = client.post(f"/api/games/{s['id']}/move", json={"move": "1"}).json()
    assert s["over"] and s["record_path"] == str(results / "play" / s["record"])
    assert (results / "play" / s["record"]).is_file()


# -- a fuzz of every route and every field: never a 500 ----------------------------------------------

def _fuzz_strategies():
    from urllib.parse import quote

    from hypothesis import strategies as st

    leaf = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
    anything = st.recursive(leaf, lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3),
                            max_leaves=6)
    odd = st.sampled_from(["", " ", "..", "../secret.yaml", "%2e%2e/x", "/etc/passwd", "a\\b", "\x00", "x" * 5000, "²",
                           "\ud800", "💥", " 1 ", "-1", "1e309", "0", "99", "a/b/../../c", "link.yaml"])
    raw = st.sampled_from([b"", b"\xff\xfe", b"[" * 30_000 + b"]" * 30_000, b'{"seed": ' + b"9" * 5000 + b"}",
                           b"NaN", b'{"seat": Infinity}', b"null", b"[]", b'"x"', b"{", b'{"move": "' + b"x" * 70_000 + b'"}'])

    def text(*known):  # mostly a value the server knows (a game's id, a record's name), if any given
        return st.one_of(st.sampled_from(known), st.sampled_from(known), odd, st.text(max_size=30)) if known else \
            odd | st.text(max_size=30)

    def segment(values):  # a path parameter as a URL carries it: quoted, or as is
        return st.builds(lambda v, q: quote(v, safe="" if q else "/%\\:@", errors="surrogatepass"), values, st.booleans())

    def body(model, fields):
        assert set(fields) == set(model.model_fields), f"{model.__name__}: a field without a fuzz strategy"
        # every field of its own kind (games start, moves are played), or some fields of any kind, or extra keys
        own = st.fixed_dictionaries(fields)
        some = st.fixed_dictionaries({}, optional={k: v | anything for k, v in fields.items()})
        extra = st.builds(lambda d, more: d | more, some, st.dictionaries(st.text(max_size=8), anything, max_size=2))
        dumped = st.builds(lambda d, ascii_: json.dumps(d, ensure_ascii=ascii_).encode("utf-8", "surrogatepass"),
                           st.one_of(own, own, some, extra, anything), st.booleans())
        return st.one_of(dumped, dumped, dumped, raw, st.binary(max_size=40))

    return st, text, segment, body


def test_no_request_to_any_route_gets_a_500(folders):
    # every route of the app (a new one fails here until it has its strategies), every path parameter and
    # every field of every body: values of their own kind, odd ones, anything JSON, raw bytes; wrong
    # methods, hosts, origins and content types; 30 examples a route, 210 requests, about 4 s of CPU.
    # Besides no 500: a method the route does not take gets 405 with Allow, and a game starts or a move is
    # played only with fields of their own types (no true for a seat, no "7" for a seed).
    from urllib.parse import unquote

    from hypothesis import HealthCheck, given, settings
    from starlette.routing import Route

    from designlab.play.server import MoveBody, StartBody
    from designlab.play.session import Session
    from designlab.variant.load import load_variants

    st, text, segment, body = _fuzz_strategies()
    _, variants, results = folders
    client = client_for(variants, results)
    # records the route must answer: a real (unfinished) one and broken ones of every kind

    Session(load_variants([variants / "rakshasa/base.yaml"])[0], bot="random", seed=1).save(results / "play")
    rec = {"format": "designlab-record/1", "game": "rakshasa", "params": {}, "actions": [], "seats": []}
    for name, data in [("garbage", "{"), ("list", "[]"), ("game", rec | {"game": "nogame"}),
                       ("params", rec | {"params": {"honor": "x"}}), ("actions", rec | {"actions": [{"x": 1}, "fly"]}),
                       ("results", rec | {"finished": True, "results": ["win"]}), ("format", rec | {"format": 2})]:
        (results / "play" / f"{name}.json").write_text(data if isinstance(data, str) else json.dumps(data))
    records = client.get("/api/records").json()["records"]
    names = [v["name"] for v in client.get("/api/variants").json()["variants"]]
    gids = [client.post("/api/games", json=START | {"seed": k}).json()["id"] for k in range(2)]
    bots = ["", "random", "heuristic", "nobody"]

    params = {"gid": text(*gids), "name": text(*records, "../secret.json", "link.json")}
    bodies = {
        "/api/games": body(StartBody, {"variant": st.sampled_from(names) | text("rakshasa/escape.yaml"),
                                       "seat": st.integers(-2, 3) | st.booleans() | st.sampled_from(["1", 1.0]),
                                       "bot": st.sampled_from(bots) | text() | st.sampled_from([0, True]),
                                       "seed": st.integers(-1, 2**64) | text("", "7") | st.booleans()}),
        "/api/games/{gid}/move": body(MoveBody, {"move": st.integers(-1, 12) | text("1", "form", "pass", "swap 1.4")
                                                 | st.booleans() | st.sampled_from([1.0])}),
    }
    routes = [r for r in client.app.routes if isinstance(r, Route)]
    assert len(routes) == len(client.app.routes) and {r.path for r in routes} >= set(bodies)
    headers = st.fixed_dictionaries({}, optional={
        "content-type": st.sampled_from(["application/json", "application/json; charset=utf-8", "text/plain"]),
        "origin": st.sampled_from([HERE, HERE, "http://evil.example"]),
        "host": st.sampled_from([f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}", "evil.example"]),
    })
    hit: dict[str, int] = {}
    local = {f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}"}
    types = {"/api/games": {"variant": (str,), "seat": (int,), "bot": (str, type(None)), "seed": (int, str, type(None))},
             "/api/games/{gid}/move": {"move": (str, int)}}

    def refused_method(method: str, path: str) -> set[str] | None:
        """The methods of the route that has ``path`` but not ``method`` (as the router matches), or None."""
        for r in routes:
            match, _ = r.matches({"type": "http", "path": path, "method": method})
            if match.name == "FULL":
                return None
            if match.name == "PARTIAL":
                return set(r.methods)
        return None

    def well_typed(route_path: str, content) -> bool:
        try:
            data = json.loads(content)
        except (TypeError, ValueError):
            return False
        return isinstance(data, dict) and all(
            type(data[k]) in kinds and not isinstance(data[k], bool) for k, kinds in types[route_path].items() if k in data)

    def fuzz(where, method, path, content):
        @settings(max_examples=30, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(method=method, url=path, content=content, headers=headers)
        def requests(method, url, content, headers):
            base = {"content-type": "application/json"} if method == "POST" else {}
            r = client.request(method, url, content=content, headers=base | headers)
            assert r.status_code < 500, (method, url[:200], (content or b"")[:200], headers, r.text[:500])
            allow = refused_method(method, unquote(r.request.url.raw_path.split(b"?")[0].decode("ascii")))
            if headers.get("host", f"127.0.0.1:{PORT}") in local and allow is not None:
                assert r.status_code == 405 and set(r.headers["allow"].split(", ")) == allow, (method, url, r.text)
            if r.status_code == 200 and method == "POST" and where in types:
                assert well_typed(where, content), (where, content[:200], r.text[:200])
            if r.status_code >= 400 and method != "HEAD":
                assert isinstance(r.json()["error"], str)  # every refusal is a JSON message
            hit[where] = hit.get(where, 0) + 1

        return requests

    for route in routes:
        assert set(route.param_convertors) <= set(params), f"{route.path}: a path parameter without a fuzz strategy"
        if "POST" in route.methods:
            assert route.path in bodies, f"{route.path}: a POST route without a body strategy"
        own = sorted(route.methods)
        method = st.one_of(st.sampled_from(own), st.sampled_from(own), st.sampled_from(["GET", "POST", "PUT", "DELETE"]))
        path = st.fixed_dictionaries({k: segment(params[k]) for k in route.param_convertors}).map(
            lambda p, t=route.path: re.sub(r"\{(\w+)(:\w+)?\}", lambda m: p[m[1]], t))
        content = bodies.get(route.path, st.none() | st.binary(max_size=20))

        fuzz(route.path, method, path, content)()
    assert set(hit) == {r.path for r in routes}


def test_the_extends_check_reads_files_with_the_capped_loader(tmp_path):
    """The extends-chain check reads each file with the loader's capped parse, not a plain yaml.safe_load: a
    billion-laughs file, 5,000-deep nesting (RecursionError before) and bad UTF-8 (UnicodeDecodeError before)
    are each left for the loader to name."""
    from designlab.play.files import variant_chain_inside

    lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]']
    for i in range(1, 9):
        prev, name = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{name}: &{name} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]")
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("\n".join(lines) + "\n")
    variant_chain_inside(tmp_path, bomb)  # returns (the loader names the problem) instead of expanding 10^9 values
    deep = tmp_path / "deep.yaml"
    deep.write_text("extends: " + "[" * 5000 + "]" * 5000 + "\n")
    variant_chain_inside(tmp_path, deep)  # no RecursionError
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"extends: \xff\xfe\n")
    variant_chain_inside(tmp_path, bad)  # no UnicodeDecodeError

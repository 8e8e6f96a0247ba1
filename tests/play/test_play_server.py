"""The play page's server: a whole game through the API, and no file read outside its folders."""

from __future__ import annotations

import json
import os
import shutil
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # starlette 1.x asks for httpx2 behind its test client; httpx serves these tests
    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

from designlab.play.server import create_app

REPO = Path(__file__).resolve().parents[2]


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
    client = TestClient(create_app(variants, results))
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
    client = TestClient(create_app(variants, results))
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
    client = TestClient(create_app(variants, results))
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
    client = TestClient(create_app(variants, results))
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

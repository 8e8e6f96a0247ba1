"""constraints.txt pins what a fresh install gets: every dependency and extra of pyproject.toml, in its range."""

from __future__ import annotations

import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[1]


def _pins() -> dict[str, str]:
    pins = {}
    for line in (REPO / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, pinned = line.partition("==")
            assert pinned, f"constraints.txt: {line!r} is not pinned with =="
            pins[canonicalize_name(name)] = pinned
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    extras = project.get("optional-dependencies", {}).values()
    return [Requirement(r) for r in [*project["dependencies"], *(r for extra in extras for r in extra)]]


def test_every_requirement_is_pinned_within_its_range():
    pins = _pins()
    for req in _requirements():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is in pyproject.toml but not in constraints.txt: run `make lock`"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"constraints.txt pins {req.name}=={pins[name]} outside pyproject's {req.specifier}: run `make lock`")
    assert "designlab" not in pins  # the project itself is installed from the work tree


def test_the_installed_versions_are_the_pinned_ones():
    # `make install` used the constraints (a stale .venv reinstalls when constraints.txt changes);
    # an extra that `make install` leaves out is not installed here
    pins, checked = _pins(), 0
    for req in _requirements():
        try:
            installed = version(req.name)
        except PackageNotFoundError:
            continue
        assert installed == pins[canonicalize_name(req.name)], req.name
        checked += 1
    assert checked >= len(tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"])

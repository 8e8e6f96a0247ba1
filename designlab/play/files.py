"""The only files the web server reads: variant files under its variants folder and game records
under its results folder. A name from a request is checked before anything is opened: no
absolute paths, no ``..``, and once resolved (symlinks followed) still inside its folder. A
variant's ``extends`` chain is checked the same way before the loader reads it."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from designlab.play.text import quoted
from designlab.variant.yamlpos import VariantError, load_yaml


class OutsideError(ValueError):
    """A requested name that is not a file of the folder it must come from."""


MAX_NAME = 1024  # characters of a requested name; longer is no file name on any system we run on


def inside(root: Path, name: str, suffix: str) -> Path:
    """``root/name`` if it is a ``suffix`` file inside ``root`` once every symlink is resolved."""
    if not isinstance(name, str) or not name or "\0" in name or "\\" in name:
        raise OutsideError(f"not a file name: {quoted(str(name))}")
    if len(name) > MAX_NAME:
        raise OutsideError(f"not a file name: {quoted(name)}, longer than {MAX_NAME:,} characters")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from JSON's \ud800: no file has it
        raise OutsideError(f"not a file name: {quoted(name)}") from None
    rel = PurePosixPath(name)
    if rel.is_absolute() or ".." in rel.parts or rel.suffix != suffix:
        raise OutsideError(f"not a {suffix} file of this folder: {quoted(name)}")
    base = root.resolve()
    try:
        path = (base / rel).resolve()
        found = base in path.parents and path.is_file()
    except OSError as e:  # a part longer than the system takes (ENAMETOOLONG), a symlink loop ...
        raise OutsideError(f"no {suffix} file {quoted(name)} here ({e.strerror})") from None
    if not found:
        raise OutsideError(f"no {suffix} file {quoted(name)} here")
    return path


def variant_chain_inside(root: Path, path: Path) -> None:
    """Every file of ``path``'s ``extends`` chain lies inside ``root`` (checked before loading)."""
    base = root.resolve()
    seen = set()
    while path not in seen:
        seen.add(path)
        try:  # the loader's own capped parse: a file too big, too deep or an alias bomb stops here too
            raw, _ = load_yaml(path, str(path))
        except VariantError:
            return  # the loader reports it, with file and line
        ext = raw.get("extends") if isinstance(raw, dict) else None
        if not isinstance(ext, str):
            return
        nxt = (path.parent / ext).resolve()
        if base not in nxt.parents:
            raise OutsideError(f"{path.relative_to(base)} extends a file outside the variants folder: {ext!r}")
        path = nxt


def list_files(root: Path, suffix: str) -> list[str]:
    """Names (relative, '/'-separated) of the ``suffix`` files inside ``root``, symlinks out left out."""
    base = root.resolve()
    if not base.is_dir():
        return []
    out = []
    for p in sorted(base.rglob(f"*{suffix}")):
        rel = p.relative_to(base).as_posix()
        try:
            inside(base, rel, suffix)
        except OutsideError:
            continue
        out.append(rel)
    return out

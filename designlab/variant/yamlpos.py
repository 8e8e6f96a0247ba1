"""YAML loading that remembers where every key and value stands (file:line:col)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml


@dataclass(frozen=True)
class Pos:
    file: str
    line: int  # 1-based
    col: int  # 1-based

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class VariantError(Exception):
    """One problem in a variant file, located at file:line:col and key path."""

    def __init__(self, pos: Pos | None, path: str, message: str, file: str = ""):
        self.pos, self.path, self.message = pos, path, message
        self.file = pos.file if pos else file
        super().__init__(str(self))

    def __str__(self) -> str:
        where = str(self.pos) if self.pos else self.file
        key = f" {self.path}:" if self.path else ""
        return f"{where}:{key} {self.message}"


class VariantErrors(Exception):
    """Every problem found in a set of files; nothing runs while there is one."""

    def __init__(self, errors: list[VariantError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


Positions = dict[tuple, Pos]  # key path (tuple of str/int) -> position of that key or item


def load_yaml(path: Path, display: str) -> tuple[Any, Positions]:
    """Parse one YAML file into plain Python data plus the position of every node."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise VariantError(None, "", "file not found", file=display) from None
    except OSError as e:
        raise VariantError(None, "", f"cannot read file: {e.strerror}", file=display) from None
    except UnicodeDecodeError as e:
        raise VariantError(None, "", f"not a UTF-8 text file (byte {e.start})", file=display) from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        pos = Pos(display, mark.line + 1, mark.column + 1) if mark else None
        msg = "YAML syntax error: " + " ".join(x for x in (e.context, e.problem) if x) + _hint(e, text)
        raise VariantError(pos, "", msg, file=display) from None
    positions: Positions = {}
    if node is None:  # nothing but blanks and comments: say so, rather than list every missing key
        raise VariantError(Pos(display, 1, 1), "", "the file is empty; a variant file needs at least `game:`")
    constructor = yaml.SafeLoader(text)
    try:
        data = _build(node, (), display, positions, constructor)
    finally:
        constructor.dispose()
    return data, positions


def _hint(e: yaml.MarkedYAMLError, text: str) -> str:
    """A plain hint after the parser's words: nearly every syntax error in a variant file is indentation."""
    mark = e.problem_mark or e.context_mark
    line = text.splitlines()[mark.line] if mark and mark.line < len(text.splitlines()) else ""
    if "\t" in line[: len(line) - len(line.lstrip())] or "'\\t'" in str(e.problem):
        return " (hint: indent with spaces, not tabs)"
    return " (hint: check the indentation: keys of one mapping start in the same column, nested keys further right)"


def _build(node, path: tuple, file: str, positions: Positions, constructor) -> Any:
    here = Pos(file, node.start_mark.line + 1, node.start_mark.column + 1)
    positions.setdefault(path, here)
    if isinstance(node, yaml.MappingNode):
        out = {}
        for key_node, value_node in node.value:
            key = constructor.construct_object(key_node, deep=True)
            if key in out:
                raise VariantError(
                    Pos(file, key_node.start_mark.line + 1, key_node.start_mark.column + 1),
                    _dotted(path + (key,)),
                    "duplicate key",
                )
            # a mapping entry is located at its key, where an editor's cursor should go
            positions[path + (key,)] = Pos(file, key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = _build(value_node, path + (key,), file, positions, constructor)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(v, path + (i,), file, positions, constructor) for i, v in enumerate(node.value)]
    return constructor.construct_object(node, deep=True)


def _dotted(path: tuple) -> str:
    return ".".join(str(p) for p in path)


def locate(positions: Positions, path: tuple) -> Pos | None:
    """Position of ``path``, or of its nearest ancestor present in the file."""
    while True:
        if path in positions:
            return positions[path]
        if not path:
            return None
        path = path[:-1]


dotted = _dotted

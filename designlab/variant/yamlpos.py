"""YAML loading that remembers where every key and value stands (file:line:col)."""

from __future__ import annotations

import math
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
        self.context = False  # True: a line leading to other problems (the file an `extends` names), not counted
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

# Caps that keep a hostile or mistaken file from taking the machine: a YAML alias may repeat a whole
# mapping, so a 1 kB file can stand for a billion values ("billion laughs"). The largest bundled file is
# 520 bytes, 4 keys deep, with 73 keys and items; a 10,000-point zip of three keys has about 30,000 values.
MAX_BYTES = 1_000_000  # a file's size
MAX_VALUES = 100_000  # mappings, lists and scalars, each alias counted as every value it repeats
MAX_DEPTH = 50  # mappings and lists inside one another


def load_yaml(path: Path, display: str) -> tuple[Any, Positions]:
    """Parse one YAML file into plain Python data plus the position of every node."""
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise VariantError(None, "", "file not found", file=display) from None
    except IsADirectoryError:
        raise VariantError(None, "", "a directory, not a variant file", file=display) from None
    except OSError as e:
        raise VariantError(None, "", f"cannot read file: {e.strerror}", file=display) from None
    if len(raw) > MAX_BYTES:
        raise VariantError(None, "", f"the file is larger than {MAX_BYTES:,} bytes; a variant file is a few "
                                     "kilobytes (a sweep of 10,000 points well under this)", file=display)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise VariantError(None, "", f"not a UTF-8 text file (byte {e.start})", file=display) from None
    loader = None
    try:
        loader = _Composer(text, display)  # the reader checks every character here
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        pos = Pos(display, mark.line + 1, mark.column + 1) if mark else None
        msg = "YAML syntax error: " + " ".join(x for x in (e.context, e.problem) if x) + _hint(e, text)
        raise VariantError(pos, "", msg, file=display) from None
    except yaml.reader.ReaderError as e:  # a control character: YAML allows none outside escapes
        at = e.position
        pos = Pos(display, text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
        raise VariantError(pos, "", f"a character YAML does not allow: U+{e.character:04X}; remove it, or write "
                                    "it as an escape in double quotes", file=display) from None
    finally:
        if loader is not None:
            loader.dispose()
    positions: Positions = {}
    if node is None:  # nothing but blanks and comments: say so, rather than list every missing key
        raise VariantError(Pos(display, 1, 1), "", "the file is empty; a variant file needs at least `game:`")
    _measure(node, display, {}, set(), 0)  # before building: a bomb is refused without being expanded
    constructor = yaml.SafeLoader(text)
    try:
        data = _build(node, (), display, positions, constructor)
    finally:
        constructor.dispose()
    return data, positions


class _Composer(yaml.SafeLoader):
    """pyyaml's composer recurses once per level: refuse a file nested past MAX_DEPTH before Python's
    recursion limit does (a RecursionError deep inside pyyaml)."""

    def __init__(self, text: str, display: str):
        super().__init__(text)
        self._display, self._depth = display, 0

    def compose_node(self, parent, index):
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise VariantError(_pos(self._display, mark), "", _too_deep())
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _too_deep() -> str:
    return f"nested more than {MAX_DEPTH} levels deep; a variant file needs a few"


def _pos(file: str, mark) -> Pos:
    return Pos(file, mark.line + 1, mark.column + 1)


def _measure(node, file: str, memo: dict, open_: set, depth: int) -> tuple[int, int]:
    """(values, depth) of ``node`` with every alias expanded, counted once per distinct node (linear in the
    file, whatever the aliases multiply); raises at the first node past a cap, or an alias inside itself."""
    key = id(node)
    if key in memo:
        size, height = memo[key]
        if depth + height > MAX_DEPTH:
            raise VariantError(_pos(file, node.start_mark), "", _too_deep() + " (counting what its aliases repeat)")
        return size, height
    if key in open_:
        raise VariantError(_pos(file, node.start_mark), "", "an alias inside the value it names repeats itself forever")
    if depth > MAX_DEPTH:
        raise VariantError(_pos(file, node.start_mark), "", _too_deep() + " (counting what its aliases repeat)")
    size, height = 1, 0
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        open_.add(key)
        children = [x for pair in node.value for x in pair] if isinstance(node, yaml.MappingNode) else node.value
        for child in children:
            s, h = _measure(child, file, memo, open_, depth + 1)
            size, height = size + s, max(height, h + 1)
            if size > MAX_VALUES:
                raise VariantError(
                    _pos(file, node.start_mark), "",
                    f"this holds more than {MAX_VALUES:,} values, counting each alias (*name) as every value it "
                    "repeats; a variant file needs far fewer (a YAML alias bomb?)")
        open_.discard(key)
    memo[key] = (size, height)
    return size, height


def _hint(e: yaml.MarkedYAMLError, text: str) -> str:
    """A plain hint after the parser's words: nearly every syntax error in a variant file is indentation."""
    mark = e.problem_mark or e.context_mark
    line = text.splitlines()[mark.line] if mark and mark.line < len(text.splitlines()) else ""
    if "\t" in line[: len(line) - len(line.lstrip())] or "'\\t'" in str(e.problem):
        return " (hint: indent with spaces, not tabs)"
    return " (hint: check the indentation: keys of one mapping start in the same column, nested keys further right)"


def _build(node, path: tuple, file: str, positions: Positions, constructor) -> Any:
    here = _pos(file, node.start_mark)
    positions.setdefault(path, here)
    if isinstance(node, yaml.MappingNode):
        out = {}
        for key_node, value_node in node.value:
            at = _pos(file, key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode):
                kind = "list" if isinstance(key_node, yaml.SequenceNode) else "mapping"
                raise VariantError(at, _dotted(path), f"a key is a name, not a {kind}")
            key = _scalar(key_node, path, file, constructor)
            if key is None or key == "":
                shown = "null" if key is None else "''"
                raise VariantError(at, _dotted(path), f"an empty key ({shown}): every key needs a name")
            if key in out:
                raise VariantError(at, _dotted(path + (key,)), "duplicate key")
            # a mapping entry is located at its key, where an editor's cursor should go
            positions[path + (key,)] = at
            out[key] = _build(value_node, path + (key,), file, positions, constructor)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(v, path + (i,), file, positions, constructor) for i, v in enumerate(node.value)]
    return _scalar(node, path, file, constructor)


def _scalar(node, path: tuple, file: str, constructor) -> Any:
    """One scalar as YAML reads it, refusing what no setting can take: a number that is not finite, a number
    too long to read, text that is not valid Unicode."""
    at, key = _pos(file, node.start_mark), _dotted(path)
    if node.tag == "tag:yaml.org,2002:merge":
        raise VariantError(at, key, "YAML merge keys (<<) are not read: write the keys out, or share them with "
                                    "`extends:` (docs/variants.md)")
    try:
        value = constructor.construct_object(node, deep=True)
    except ValueError as e:  # 5,000 digits (Python reads at most 4,300), a date like 2024-13-45
        digits = sum(c.isdigit() for c in node.value)
        why = f"a number of {digits:,} digits is too long to read" if "digits" in str(e) else f"cannot read it: {e}"
        raise VariantError(at, key, f"{_cut(node.value)}: {why}") from None
    except yaml.YAMLError as e:  # a tag no safe loader builds (!!python/object...), a bad !!binary ...
        problem = getattr(e, "problem", None) or str(e)
        if "could not determine a constructor" in problem:
            problem = f"the tag {node.tag} is not one a variant file takes: give a plain value"
        raise VariantError(at, key, f"{_cut(node.value)}: {' '.join(problem.split())}") from None
    if isinstance(value, float) and not math.isfinite(value):
        if math.isnan(value):
            raise VariantError(at, key, f"{_cut(node.value)} is not a number; give a number")
        written = node.value.lstrip("+-").lower()
        why = "is infinite" if written in (".inf", "inf") else "is too large for a number: it reads as infinity"
        raise VariantError(at, key, f"{_cut(node.value)} {why}; give a finite number")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as e:
            raise VariantError(at, key, f"text with a lone surrogate (\\u{ord(value[e.start]):x}) is not valid "
                                        "Unicode") from None
    return value


def _cut(text: str, n: int = 40) -> str:
    return repr(text if len(text) <= n else text[:n] + "...")


def _dotted(path: tuple) -> str:
    return ".".join(_shown(p) for p in path)


def _shown(part: Any) -> str:
    """A key as a message names it: quoted when it would not show (blanks, control characters)."""
    if not isinstance(part, str):
        return str(part)
    return part if part and part.isprintable() and part.strip() == part else repr(part)


def locate(positions: Positions, path: tuple) -> Pos | None:
    """Position of ``path``, or of its nearest ancestor present in the file."""
    while True:
        if path in positions:
            return positions[path]
        if not path:
            return None
        path = path[:-1]


dotted = _dotted

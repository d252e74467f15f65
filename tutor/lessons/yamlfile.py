"""Safe, bounded, line-aware YAML for the lesson files.

A lesson file is data an editor writes by hand, so reading it must never crash,
hang or build Python objects:

- the file is read as bytes and refused above ``MAX_BYTES``; it must be UTF-8 (a
  byte-order mark is accepted), and a file that is not says the line of the first
  undecodable byte;
- nesting deeper than ``MAX_DEPTH`` and anchors/aliases (``&a`` / ``*a``, which can
  multiply a small file into a huge one) are refused from the parser's event stream,
  before anything is built;
- mappings and lists remember the line of each key and item (``Map``/``Seq``), so
  every problem is reported at its real line;
- every tag that is not plain data (``!!python/object`` ...) is refused, never run;
- text with a character the app cannot draw (``tutor.glyphs``: a lone surrogate, a
  control character, a script the font lacks) is refused at its line, and so is a
  number too long to read;
  duplicate keys and keys that are not text are reported, and reading goes on so
  that every problem of a file is listed, not only the first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from engine.readfile import TooLarge, read_limited

from ..glyphs import undrawable

MAX_BYTES = 256 * 1024
"""The largest lesson file read (the shipped ones are under 20 KB)."""
MAX_DEPTH = 24
"""The deepest nesting of lists and mappings read (lessons need about 6)."""


class Map(dict):
    """A YAML mapping that knows the line of itself and of each key (1-based)."""

    line: int = 1
    lines: dict[Any, int]


class Seq(list):
    """A YAML sequence that knows the line of itself and of each item (1-based)."""

    line: int = 1
    lines: list[int]


@dataclass(frozen=True)
class YamlProblem:
    line: int
    field: str
    message: str


class LessonYAMLError(ValueError):
    """The first problem of a text given to ``parse_yaml``."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass
class YamlResult:
    data: Any = None
    problems: list[YamlProblem] = field(default_factory=list)


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MB" if n >= 1024 * 1024 else f"{n / 1024:.0f} KB"


def decode(data: bytes) -> tuple[str | None, YamlProblem | None]:
    """UTF-8 text (a byte-order mark dropped), or the problem at the first bad byte."""
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        byte = data[exc.start]
        return None, YamlProblem(line, "file", f"not UTF-8 text (byte 0x{byte:02X} at column {column}); "
                                               "save the file as UTF-8")


class _Loader(yaml.SafeLoader):
    """Safe YAML that records line numbers and collects problems instead of raising."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.problems: list[YamlProblem] = []

    def problem(self, node: yaml.Node, message: str) -> None:
        self.problems.append(YamlProblem(node.start_mark.line + 1, "yaml", message))

    def construct_undefined(self, node: yaml.Node) -> Any:  # type: ignore[override]
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        self.problem(node, f"tag {tag} is not allowed: lessons are plain data")
        return None


def _text(loader: _Loader, node: yaml.ScalarNode) -> str:
    """A string, refused (reported, read as "") if it holds what the app cannot draw."""
    value = loader.construct_scalar(node)
    assert isinstance(value, str)
    missing = undrawable(value)
    if missing:
        loader.problem(node, f"the text holds characters the app cannot show ({', '.join(missing[:5])}); "
                             "write them out or leave them away")
        return ""
    return value


def _integer(loader: _Loader, node: yaml.ScalarNode) -> int | None:
    """An integer; one too long to read (Python's limit is 4300 digits) is reported at
    its line."""
    try:
        return loader.construct_yaml_int(node)
    except ValueError:
        loader.problem(node, f"the number {node.value[:20]}… is too long")
        return None


def _key_name(node: yaml.Node) -> str:
    """How to name a key in a problem: its text, or what kind of value it is."""
    if isinstance(node, yaml.ScalarNode):
        return repr(node.value)
    return "[…] (a list)" if isinstance(node, yaml.SequenceNode) else "{…} (a mapping)"


def _mapping(loader: _Loader, node: yaml.MappingNode) -> Map:
    loader.flatten_mapping(node)
    result = Map()
    result.line, result.lines = node.start_mark.line + 1, {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, str):
            loader.problem(key_node, f"the key {_key_name(key_node)} is not text; keys are words like goal or hand")
            continue
        if key in result:
            loader.problem(key_node, f"duplicate key {key!r}")
            continue
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
    return result


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> Seq:
    result = Seq(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor("tag:yaml.org,2002:map", _mapping)
_Loader.add_constructor("tag:yaml.org,2002:seq", _sequence)
_Loader.add_constructor("tag:yaml.org,2002:str", _text)
_Loader.add_constructor("tag:yaml.org,2002:int", _integer)
# only the tags yaml.safe_load knows are constructed; every other one is refused
_Loader.add_constructor(None, _Loader.construct_undefined)  # type: ignore[arg-type]


def _structure_problem(text: str) -> YamlProblem | None:
    """Nesting too deep or an alias, found in the event stream (the parser is not
    recursive; building nodes is)."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        line = event.start_mark.line + 1 if event.start_mark else 1
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                return YamlProblem(line, "yaml", f"nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            return YamlProblem(line, "yaml", "anchors and aliases (& and *) are not allowed: write the value out")
    return None


def _syntax_problem(exc: yaml.YAMLError, text: str) -> YamlProblem:
    if isinstance(exc, yaml.reader.ReaderError):
        line = text.count("\n", 0, exc.position) + 1
        return YamlProblem(line, "yaml", f"character {chr(exc.character)!r} is not allowed in a lesson file")
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    return YamlProblem(mark.line + 1 if mark else 1, "yaml", f"not valid YAML: {getattr(exc, 'problem', exc)}")


def load_text(text: str) -> YamlResult:
    """Parse ``text`` within the limits, collecting every problem found."""
    result = YamlResult()
    try:
        problem = _structure_problem(text)
        if problem is not None:
            result.problems.append(problem)
            return result
        loader = _Loader(text)
        try:
            result.data = loader.get_single_data()
        finally:
            loader.dispose()
        result.problems.extend(loader.problems)
    except yaml.YAMLError as exc:
        result.problems.append(_syntax_problem(exc, text))
    return result


def _too_large(size: int) -> YamlResult:
    return YamlResult(problems=[YamlProblem(1, "file", f"the file is {_size(size)}; "
                                                      f"a lesson file may be at most {_size(MAX_BYTES)}")])


def load_bytes(data: bytes) -> YamlResult:
    """Size limit, decoding, then ``load_text``; the same bytes are parsed once.

    A lesson is read again under every rule option (``tutor.lessons check`` reads each
    file nine times) while its text stays the same: the parsed data is kept per content
    and shared, so the readers treat it as read-only (they build their own objects)."""
    cached = _load_bytes(data)
    return YamlResult(cached.data, list(cached.problems))


@lru_cache(maxsize=64)
def _load_bytes(data: bytes) -> YamlResult:
    if len(data) > MAX_BYTES:
        return _too_large(len(data))
    text, problem = decode(data)
    if problem is not None:
        return YamlResult(problems=[problem])
    assert text is not None
    return load_text(text)


def read_file(path: str | Path) -> YamlResult:
    """``load_bytes`` of file ``path``, read only if it is a regular file within the size
    limit (``engine.readfile``: a link to ``/dev/zero`` or a FIFO is refused unread).
    ``OSError`` if it cannot be read; the message says why."""
    try:
        data = read_limited(path, MAX_BYTES)
    except TooLarge as exc:
        return _too_large(exc.size)
    return load_bytes(data)


def parse_yaml(text: str) -> Any:
    """Parse ``text`` like ``yaml.safe_load`` but line-aware; the first problem raises
    ``LessonYAMLError`` (a ``ValueError``)."""
    result = load_text(text)
    if result.problems:
        first = result.problems[0]
        raise LessonYAMLError(first.line, first.message)
    return result.data

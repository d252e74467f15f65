"""A Babel extractor for lesson YAML files (plugged in by ``babel.cfg``).

It yields every string value whose key is in ``TRANSLATABLE_KEYS``, and every string
in a list under such a key, with the line number where the string starts, so
``pybabel extract`` puts the lessons' English text into ``locale/messages.pot`` next
to the strings marked with ``_()`` in Python.  Keys are matched at any depth.

>>> import io
>>> src = b"title: Trumps\\nsteps:\\n  - goal: Pick the trumps\\n    hint: [Look for the star, Jokers too]\\n    cards: S10 BJ\\n"
>>> [(line, msg) for line, _f, msg, _c in extract_yaml(io.BytesIO(src), [], [], {})]
[(1, 'Trumps'), (3, 'Pick the trumps'), (4, 'Look for the star'), (4, 'Jokers too')]
"""

from __future__ import annotations

from typing import IO, Any, Iterator

import yaml

TRANSLATABLE_KEYS = frozenset(
    {
        "title", "summary", "concept", "text", "goal", "prompt", "label", "praise", "explain", "recap",
        "question", "feedback", "hint", "caption", "body", "heading",
    }
)
"""Keys whose string values (or lists of strings) are shown to the player."""


def extract_yaml(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel extraction method: yields (lineno, funcname, message, comments)."""
    encoding = options.get("encoding", "utf-8")
    root = yaml.compose(fileobj.read().decode(encoding))
    if root is not None:
        yield from _walk(root)


def _walk(node: yaml.Node) -> Iterator[tuple[int, None, str, list[str]]]:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value in TRANSLATABLE_KEYS:
                yield from _strings(value)
            else:
                yield from _walk(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _walk(item)


def _strings(node: yaml.Node) -> Iterator[tuple[int, None, str, list[str]]]:
    """The text under a translatable key: a string, or the strings of a list."""
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str" and node.value.strip():
        yield node.start_mark.line + 1, None, node.value, []
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _strings(item)
    else:
        yield from _walk(node)

"""No scene module imports another in a circle: scenes open each other by name through
``services.scenes``.  The imports are read from the source (every ``import`` statement,
also inside functions, except those only for type checkers), so an import hidden in a
method counts too."""

from __future__ import annotations

import ast
from pathlib import Path

import tutor.scenes

SCENES_DIR = Path(tutor.scenes.__file__).parent
PACKAGE = "tutor.scenes"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SCENES_DIR).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in SCENES_DIR.rglob("*.py")}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING" or \
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The scene-package modules that importing ``name`` runs: each module named, and
    the packages on the way to it (their ``__init__`` runs first), not ``name``'s own
    parents (already running)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        for target in targets:
            parts = target.split(".")
            for k in range(2, len(parts) + 1):
                module = ".".join(parts[:k])
                if module in known and not (name == module or name.startswith(module + ".")):
                    found.add(module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imported(name, path, set(found)) for name, path in found.items()}


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One circle of imports, or ``[]``."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for other in sorted(edges.get(node, ())):
            if state.get(other) == 1:
                return path[path.index(other):] + [other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_reader_finds_a_circle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) == []


def test_the_reader_sees_imports_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text("def f():\n    from .summary import S\nif TYPE_CHECKING:\n    from .review import R\n")
    known = {f"{PACKAGE}.summary", f"{PACKAGE}.review", f"{PACKAGE}.x"}
    assert imported(f"{PACKAGE}.x", source, known) == {f"{PACKAGE}.summary"}


def test_no_scene_module_imports_another_in_a_circle() -> None:
    edges = graph()
    assert f"{PACKAGE}.practice" in edges and f"{PACKAGE}.table.declaring" in edges
    assert cycle(edges) == [], " → ".join(cycle(edges))


"""Every engine module imports as the first engine module of a process, and none of
them loads pygame: the engine is a pure library that other programs import piece by
piece (an import cycle shows only when the wrong module comes first)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import engine

SCRIPT = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m.split(".")[0] in ("engine", "pygame")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as error:
        failed.append(f"{name}: {error!r}")
    if "pygame" in sys.modules:
        failed.append(f"{name} loads pygame")
print("\\n".join(failed))
"""


def test_every_engine_module_imports_first_and_without_pygame() -> None:
    names = sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine."))
    assert "engine.knowledge" in names and "engine.ai.search" in names
    root = Path(engine.__file__).parent.parent
    done = subprocess.run([sys.executable, "-c", SCRIPT, *names], capture_output=True, text=True,
                          cwd=root, check=True)
    assert done.stdout.strip() == ""


RULES_LAYER = ("cards", "rules", "combos", "play", "scoring", "checks")
"""The pure rules: what a card is, what beats what, how a hand scores, and the argument
checks of the public functions."""
GAME_LAYER = {"game", "actions", "declaring", "tricks", "handend", "match", "players", "view", "events"}


def test_the_rules_layer_never_reaches_up_into_the_game() -> None:
    """The constants the rules need (seats, the kitty's size) live in ``engine.rules``;
    no module of the rules imports the game's modules, not even inside a function."""
    import ast

    root = Path(engine.__file__).parent
    for name in RULES_LAYER:
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        reached = {node.module.split(".")[0] for node in ast.walk(tree)
                   if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module}
        assert not reached & GAME_LAYER, f"engine/{name}.py imports {sorted(reached & GAME_LAYER)}"

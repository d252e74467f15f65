"""Every mistake on ``python -m engine.selfplay``'s command line is one line and exit 2.

Each bad command line goes through the command's ``main``: stderr is exactly one line
that names the argument (and what it accepts), stdout is empty, exit status 2, no
exception escapes.  A few run as ``python -m engine.selfplay`` in a process of their
own, to show the command itself behaves so (a process per case would cost a Python
start-up each).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.selfplay import main

ROOT = Path(__file__).resolve().parents[2]

RULE_FILES: dict[str, bytes | None] = {
    "unknown option": b"trumps: 3\n",
    "bad value": b"throw_penalty: double\n",
    "decks: 5": b"decks: 5\n",
    "syntax error": b"throw_penalty: [flat\n",
    "GBK": "throw_penalty: flat  # 罚分\n".encode("gbk"),
    "integer key": b"1: true\n",
    "duplicate key": b"throw_penalty: flat\nthrow_penalty: none\n",
    "a list": b"- flat\n",
    "python tag": b'decks: !!python/object/apply:os.getcwd []\n',
    "nested deep": b"a: " + b"[" * 600 + b"\n",
    "missing": None,
    "a folder": b"<folder>",
}
BAD = {
    "unknown --team-a": (["--team-a", "grandmaster"], ["--team-a", "random", "ai"]),
    "unknown --team-b": (["--team-b", ""], ["--team-b", "greedy"]),
    "--hands -5": (["--hands", "-5"], ["--hands", "from 1"]),
    "--hands 0": (["--hands", "0"], ["--hands", "from 1"]),
    "--hands x": (["--hands", "x"], ["--hands", "whole number"]),
    "--seed -1": (["--seed", "-1"], ["--seed", "0 to 4294967295"]),
    "--seed 2**32": (["--seed", "4294967296"], ["--seed", "0 to 4294967295"]),
    "--seed 1.5": (["--seed", "1.5"], ["--seed", "whole number"]),
    "unknown argument": (["--fast"], ["unrecognized arguments: --fast"]),
    **{f"--rules {name}": (["--rules", "RULES"], ["--rules"]) for name in RULE_FILES},
}
NAMED = {"unknown option": "trumps", "bad value": "'per_card'", "decks: 5": "decks=5", "syntax error": "line 2",
         "GBK": "UTF-8", "integer key": "option names", "duplicate key": "given twice", "missing": "cannot be read",
         "a folder": "cannot be read", "python tag": "python/object", "nested deep": "nested too deeply"}


def _run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine.selfplay", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


IN_A_PROCESS = ("unknown argument", "--seed 2**32", "--rules GBK", "--rules python tag")
"""The cases also run as the command itself: a parser mistake and a rules file one."""


def _args(case: str, tmp_path: Path) -> tuple[list[str], list[str]]:
    """The command line of ``case`` (its rules file written under ``tmp_path``) and the
    words its one line must name."""
    args, named = BAD[case]
    if "RULES" in args:
        name = case.removeprefix("--rules ")
        path = tmp_path / "house.yaml"
        content = RULE_FILES[name]
        if content == b"<folder>":
            path.mkdir()
        elif content is not None:
            path.write_bytes(content)
        args = [str(path) if a == "RULES" else a for a in args]
        named = [*named, NAMED.get(name, "")]
    return (args + ["--hands", "1"] if "--hands" not in args else args), named


def _check(code: int | str | None, stdout: str, stderr: str, named: list[str]) -> None:
    lines = stderr.splitlines()
    assert code == 2 and len(lines) == 1 and stdout == "", (code, stderr)
    assert lines[0].startswith("python -m engine.selfplay: error: ") and "Traceback" not in stderr
    for word in named:
        assert word in lines[0], (word, lines[0])


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_command_line_is_one_line_and_exit_2(tmp_path, case, capsys) -> None:
    args, named = _args(case, tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(args)
    out, err = capsys.readouterr()
    _check(exit_.value.code, out, err, named)


@pytest.mark.parametrize("case", IN_A_PROCESS)
def test_the_command_itself_says_a_mistake_in_one_line_and_exits_2(tmp_path, case) -> None:
    args, named = _args(case, tmp_path)
    result = _run(args)
    _check(result.returncode, result.stdout, result.stderr, named)


def test_the_largest_seed_and_a_bom_rules_file_are_fine(tmp_path) -> None:
    path = tmp_path / "house.yaml"
    path.write_bytes(b"\xef\xbb\xbfthrow_penalty: flat\n")
    result = _run(["--hands", "1", "--seed", "4294967295", "--rules", str(path), "--json"])
    assert result.returncode == 0, result.stderr
    assert '"seed": 4294967295' in result.stdout

"""Broken lesson files: each fixture has one kind of error and must report it as
``file:line: field: problem``, never crash, never build Python objects; a file with
several problems reports every one at its line; size, depth, encoding and copy limits
hold; the command line reports its own mistakes in one line with exit status 2."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.volume import examples
from engine import Rules
from tutor.lessons import Lesson, LessonRun, UnavailableLesson, load_lesson
from tutor.lessons.__main__ import main
from tutor.lessons.yamlfile import MAX_BYTES, MAX_DEPTH, parse_yaml

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROOT = Path(__file__).resolve().parents[2]

EXPECTED = {
    "76_wrong_game": ["11: steps[0].expect: says attackers+0, but rule hand_result judges dealers+1 right",
                      "17: steps[1].hand: 40 cards: a hand holds at most 39 here",
                      "22: steps[2].with_rules: a game of other decks is the lesson's: give `decks` at the top "
                      "of the file"],
    "77_bad_decks": ["4: decks: expected the number of decks, 1 to 4, got 5"],
    "70_wrong_leader": ["9: steps[0].tricks[1]: trick 2 is led by left, but partner won trick 1 and leads next"],
    "71_duplicated_card": ["11: steps[0].tricks: SA appears 3 times, but 2 decks hold only 2 copies: "
                           "no deal gives this"],
    "72_illegal_follow": [
        "9: steps[0].tricks[0]: trick 1: left's H3 is not a legal follow (must_follow_suit) with H3 S6 still to play",
        "9: steps[0].tricks[0]: trick 1: says 10 points, but it holds 5",
        "9: steps[0].tricks[1]: trick 2: says left wins, but the engine gives it to partner",
        "9: steps[0].tricks[1]: trick 2: says 0 points, but it holds 5"],
    "78_anchor": ["6: yaml: anchors and aliases (& and *) are not allowed: write the value out"],
    "79_number_key": ["7: yaml: the key '12' is not text; keys are words like goal or hand"],
    "80_wrong_expect": ["14: steps[0].expect: disagrees with rule win_trick: the engine refuses DK, "
                        "and the engine also accepts S4"],
    "81_wrong_choice": ["10: steps[0].expect: says dealers+1, but rule hand_result judges attackers+0 right"],
    "82_three_copies": ["9: steps[0].hand: BJ appears 3 times, but 2 decks hold only 2 copies: no deal gives this"],
    "83_copies_on_table": ["7: steps[0]: HA appears 3 times, but 2 decks hold only 2 copies: no deal gives this"],
    "84_big_hand": ["9: steps[0].hand: 26 cards: a hand holds at most 25 here"],
    "85_many_problems": ["7: steps[0].text: a narration needs text", "8: steps[0].txet: unknown field",
                         "11: steps[1].hand: unknown card 'S11'", "14: steps[2].goal: every task needs a one-line goal"],
    "86_yes_label": ["11: steps[0].options[0].label: expected text, got True (quote it)"],
    "87_bad_yaml": ["6: yaml: not valid YAML: expected ',' or ']', but got '<stream end>'"],
    "88_no_expect": ["7: steps[0].expect: missing: every task states its right answer"],
    "89_block_text": ["6: steps[0].text: line breaks or outer spaces in text; use a plain or quoted string"],
    "90_bad_card": ["9: steps[0].hand: unknown card 'S11'"],
    "91_python_object": ["5: steps[0].text: a narration needs text",
                         "6: yaml: tag !!python/object/apply:os.system is not allowed: lessons are plain data"],
    "92_unknown_rule": ["12: steps[1].answer: unknown rule 'best_cards' for select_cards; use one of "
                        "all_trumps, cards_worth_points, legal_follow, pairs, safe_bury, tractors"],
    "93_no_answer": ["14: steps[0].expect: disagrees with rule win_trick: the engine refuses H4"],
    "94_cannot_fail": ["14: steps[0].answer: every answer satisfies legal_follow: the task cannot be failed"],
    "95_two_right": ["11: steps[0].expect: says S5 S5 S7 S7, but rule tractor judges S5 S5 S7 S7, S9 S9 S10 S10 right"],
    "96_missing_goal": ["7: steps[0].goal: every task needs a one-line goal"],
    "97_bad_seat": ["11: steps[0].trick.leader: unknown seat 'north'; use one of you, right, partner, left"],
    "98_duplicate_key": ["9: yaml: duplicate key 'goal'"],
    "99_unknown_field": ["7: steps[0].text: a narration needs text", "8: steps[0].txet: unknown field"],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_reports_every_problem_at_its_line(name: str) -> None:
    path = FIXTURES / f"{name}.yaml"
    lesson = load_lesson(path)
    assert isinstance(lesson, UnavailableLesson)
    assert [str(p) for p in lesson.problems] == [f"{path}:{line}" for line in EXPECTED[name]]


def test_every_fixture_is_expected() -> None:
    assert sorted(p.stem for p in FIXTURES.glob("*.yaml")) == sorted(EXPECTED)


def test_a_lesson_whose_expect_disagrees_with_the_engine_is_rejected(tmp_path: Path) -> None:
    """The same task passes with the engine's answer and fails with any other."""
    text = (FIXTURES / "80_wrong_expect.yaml").read_text(encoding="utf-8")
    good = tmp_path / "80_right.yaml"
    good.write_text(text.replace('expect: ["SQ", "DK"]', 'expect: ["S4", "SQ"]'), encoding="utf-8")
    assert load_lesson(good).available
    assert main(["check", str(good)]) == 0
    assert main(["check", str(FIXTURES / "80_wrong_expect.yaml")]) == 1


def test_a_lesson_of_another_game_is_judged_by_its_rules_whatever_the_table_plays(tmp_path: Path) -> None:
    """``decks: 3`` reads three copies of a card and judges the score by three decks' bands,
    under any rules in force (the table's options only when it plays three decks too); a
    lesson without ``decks`` stays a two-deck lesson."""
    text = (FIXTURES / "76_wrong_game.yaml").read_text(encoding="utf-8").split("  - kind: select_cards")[0]
    text = text.replace('expect: "attackers+0"', 'expect: "dealers+1"')
    path = tmp_path / "42_three.yaml"
    path.write_text(text + '  - kind: narration\n    heading: "A triple"\n    text: "Three of a card."\n'
                    '    cards: "S9 S9 S9"\n', encoding="utf-8")
    flat = Rules(decks=3, throw_penalty="flat")  # the table plays this game: its options hold
    for rules, played in ((Rules(), Rules(decks=3)), (Rules(decks=4), Rules(decks=3)), (flat, flat)):
        lesson = load_lesson(path, rules)
        assert isinstance(lesson, Lesson) and lesson.decks == 3, getattr(lesson, "problems", None)
        assert LessonRun(lesson, rules).rules == played
    path.write_text(text.replace("decks: 3\n", ""), encoding="utf-8")
    assert "judges attackers+0 right" in str(load_lesson(path).problems[0])  # type: ignore[union-attr]
    two = load_lesson(ROOT / "lessons" / "05_singles_pairs.yaml", Rules(decks=3))
    assert isinstance(two, Lesson) and LessonRun(two, Rules(decks=3)).rules == Rules()


def test_check_command_prints_problems_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "90_bad_card.yaml"
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().out.strip() == f"{path}:{EXPECTED['90_bad_card'][0]}"


@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system", "!!python/object:collections.OrderedDict",
                                 "!!python/name:os.system", "!custom"])
def test_python_tags_are_refused_without_running(tmp_path: Path, tag: str) -> None:
    marker = tmp_path / "ran"
    text = f'steps: {tag} ["touch {marker}"]\n'
    with pytest.raises(ValueError, match="not allowed"):
        parse_yaml(text)
    assert not marker.exists()


def test_missing_file_is_unavailable_not_an_exception(tmp_path: Path) -> None:
    lesson = load_lesson(tmp_path / "42_gone.yaml")
    assert isinstance(lesson, UnavailableLesson)
    assert lesson.id == "42" and lesson.problems[0].field == "file"


def test_line_numbers_are_recorded() -> None:
    data = parse_yaml("a: 1\nb:\n  - x\n  - y\n")
    assert data.lines == {"a": 1, "b": 2}
    assert data["b"].lines == [3, 4]


def _one(path: Path) -> str:
    lesson = load_lesson(path)
    assert isinstance(lesson, UnavailableLesson)
    return str(lesson.problems[0])


def test_a_huge_file_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "42_huge.yaml"
    step = '  - kind: narration\n    text: "' + "x" * 200 + '"\n'
    path.write_text("title: \"Huge\"\nsteps:\n" + step * (21 * 1024 * 1024 // len(step)), encoding="utf-8")
    started = time.perf_counter()
    assert _one(path) == f"{path}:1: file: the file is 21.0 MB; a lesson file may be at most {MAX_BYTES // 1024} KB"
    assert time.perf_counter() - started < 2


def test_deep_nesting_is_refused_quickly(tmp_path: Path) -> None:
    path = tmp_path / "42_deep.yaml"
    path.write_text("steps: " + "[" * 20_000 + "]" * 20_000 + "\n", encoding="utf-8")
    started = time.perf_counter()
    assert _one(path) == f"{path}:1: yaml: nested more than {MAX_DEPTH} levels deep"
    assert time.perf_counter() - started < 5


def test_a_gbk_file_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "42_gbk.yaml"
    path.write_bytes('title: "Trumps"\nsummary: "x"\nconcept: "主牌"\n'.encode("gbk"))
    assert _one(path) == f"{path}:3: file: not UTF-8 text (byte 0xD6 at column 11); save the file as UTF-8"


def test_a_byte_order_mark_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "42_bom.yaml"
    text = (ROOT / "lessons" / "01_table.yaml").read_text(encoding="utf-8")
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load_lesson(path).available


SOURCE = (ROOT / "lessons" / "05_singles_pairs.yaml").read_text(encoding="utf-8")


@settings(examples(120), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(start=st.integers(0, len(SOURCE) - 1), cut=st.integers(0, 30),
       insert=st.text(alphabet=":-[]{}!&*#'\" \n\t5SHDCJ?|>%@`", max_size=6))
def test_damaged_lesson_never_raises(tmp_path: Path, start: int, cut: int, insert: str) -> None:
    """Whatever an editor's slip does to a lesson, loading it reports, never raises."""
    path = tmp_path / "05_damaged.yaml"
    path.write_text(SOURCE[:start] + insert + SOURCE[start + cut:], encoding="utf-8")
    lesson = load_lesson(path)
    assert isinstance(lesson, UnavailableLesson) == bool(getattr(lesson, "problems", ()))


BAD_COMMAND_LINES = [
    ([], "missing command; use one of: check, report, prove"),
    (["chek"], "unknown command 'chek'; use one of: check, report, prove"),
    (["check", "nosuch.yaml"], "check: no file nosuch.yaml; give lesson files (.yaml), or none to check every lesson"),
    (["check", "lessons"], "check: lessons is a folder; give lesson files (.yaml), or none to check every lesson"),
    (["check", "--all"], "check: unknown option --all; check takes lesson files (.yaml) only"),
    (["report", "x"], "report: unexpected argument x; report takes no arguments"),
]


@pytest.mark.parametrize("args, message", BAD_COMMAND_LINES, ids=lambda a: " ".join(a) if isinstance(a, list) else "")
def test_command_line_mistakes_are_one_line_and_exit_2(args: list[str], message: str, monkeypatch, capsys) -> None:
    from tutor.lessons.__main__ import main

    monkeypatch.chdir(ROOT)
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"python -m tutor.lessons: error: {message}\n"


def test_the_module_runs_as_a_command() -> None:
    """``python -m tutor.lessons`` is ``main`` with the process's arguments and exit code
    (once, in a process of its own: the mistakes above are checked in this one)."""
    args, message = BAD_COMMAND_LINES[1]
    result = subprocess.run([sys.executable, "-m", "tutor.lessons", *args], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"python -m tutor.lessons: error: {message}\n"

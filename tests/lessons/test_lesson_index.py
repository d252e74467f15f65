"""The lesson index is the one place for lesson order and topics: every lesson file is
listed once, and every idea the coach's review links mistakes by maps to the lesson
that really teaches it."""

from pathlib import Path

import pytest

from tutor.lessons import load_all
from tutor.lessons.index import TOPICS, lesson_for_topic, lesson_index, lesson_number, read_index
from tutor.lessons.loader import LESSON_DIR

REVIEW_TOPICS = {
    "table": "01", "points": "02", "counting": "02", "trumps": "03", "declaring": "04",
    "following": "05", "pairs": "05", "leading": "05", "memory": "05", "tractors": "06",
    "void": "07", "ruffing": "07", "feeding": "07", "saving": "07", "throws": "08",
    "kitty": "09", "burying": "09", "last_trick": "09", "scoring": "09",
}


def test_index_lists_every_lesson_file_once() -> None:
    entries = lesson_index()
    assert len({e.id for e in entries}) == len(entries) == len({e.file for e in entries})
    files = {p.name for p in LESSON_DIR.glob("*.yaml")} - {"index.yaml", "reference.yaml"}
    assert sorted(e.file for e in entries) == sorted(files)
    assert [e.id for e in entries] == [x.id for x in load_all()]


@pytest.mark.parametrize("topic, lesson", sorted(REVIEW_TOPICS.items()))
def test_each_review_topic_links_the_lesson_that_teaches_it(topic: str, lesson: str) -> None:
    assert lesson_for_topic(topic) == lesson


def test_a_lesson_is_numbered_by_its_place_in_the_list() -> None:
    """The number the lesson list shows and the review and the rules pages name is the
    place in the index, not the id: the final check keeps its id "10" after lesson 18, at
    the end of the two-deck course (the lessons on the other games follow it)."""
    ids = [e.id for e in lesson_index()]
    assert [lesson_number(i) for i in ids] == list(range(1, len(ids) + 1))
    assert lesson_number("10") == lesson_number("18") + 1 == len(ids) - 3  # then 19, 20, 21
    assert lesson_number("nonsense") is None


def test_every_topic_of_the_vocabulary_has_a_lesson() -> None:
    assert {t for t in TOPICS if lesson_for_topic(t) is None} == set()


def test_unknown_topic_is_refused() -> None:
    with pytest.raises(ValueError):
        lesson_for_topic("nonsense")


def test_a_broken_index_is_reported_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "index.yaml").write_text('lessons:\n  - id: "01"\n    file: 01_a.yaml\n    topics: [cooking]\n',
                                         encoding="utf-8")
    index = read_index(tmp_path)
    assert [str(p) for p in index.problems] == [
        f"{tmp_path / 'index.yaml'}:4: lessons[0].topics: unknown topic 'cooking'; use one of "
        + ", ".join(sorted(TOPICS))]
    assert [x.available for x in load_all(tmp_path)] == [False]

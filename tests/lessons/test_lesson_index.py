"""The lesson index: every shipped lesson is listed once, with known topics."""

from tutor.lessons import load_all
from tutor.lessons.index import TOPICS, lesson_for_topic, lesson_index


def test_index_lists_every_lesson_once() -> None:
    ids = [entry.id for entry in lesson_index()]
    assert len(ids) == len(set(ids))
    assert sorted(ids) == sorted(lesson.id for lesson in load_all())


def test_every_review_topic_has_a_lesson() -> None:
    for topic in ("feeding", "saving", "last_trick", "void", "throws", "following"):
        assert lesson_for_topic(topic) is not None, topic


def test_unknown_topic_is_refused() -> None:
    import pytest

    with pytest.raises(ValueError):
        lesson_for_topic("nonsense")
    assert "feeding" in TOPICS

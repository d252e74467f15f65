"""Render every step of every lesson, the lesson browser and every rules-reference
page, at 960×600 and 1280×800, in Chinese and English, to look at them.

    python tools/lesson_shots.py [--out out/lesson-shots] [--lesson 03] [--size 960x600] [--lang zh_CN]

``--lesson rules`` shoots the rules-reference pages (shot too when no lesson is named).

A task is shot three times: as it opens (``-0``), after one wrong answer (``-1``,
the hint that points at the rule) and after two (``-2``, the answer shown).  The
answers come from the engine (``tutor.lessons.rules``), so the pictures show what a
learner sees.  The guided hand is shot at every moment, its stops three times too,
and its summary.  ``make lesson-shots`` runs it headless; it is not part of the tests.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from tutor.app import App  # noqa: E402
from tutor.lessons import GuidedHand, Lesson, default_library  # noqa: E402
from tutor.lessons.rules import wrong_answer  # noqa: E402
from tutor.scenes.lessons import LessonBrowserScene, LessonPlayerScene  # noqa: E402
from tutor.scenes.rules import RulesReferenceScene  # noqa: E402
from tutor.settings import Store  # noqa: E402

SIZES = ((960, 600), (1280, 800))
LANGUAGES = ("zh_CN", "en")
SEED = 7


def shoot(app: App, path: Path) -> None:
    app.frame(0.0)
    pygame.image.save(app.screen, str(path))


def lesson_shots(app: App, lesson: Lesson, out: Path, tag: str) -> int:
    count = 0
    scene = LessonPlayerScene(app.services, lesson, seed=SEED)
    app.stack.push(scene)
    scene.furthest = len(scene.run.steps) - 1
    for i in range(len(scene.run.steps)):
        scene.go(i)
        tries = 3 if scene.run.is_task else 1
        for attempt in range(tries):
            if attempt:
                wrong = wrong_answer(scene.run.task, scene.run.ctx)  # type: ignore[arg-type]
                if wrong is None or scene.run.state.done:
                    break
                scene.answer(wrong)
            shoot(app, out / f"{lesson.id}-{i + 1:02d}-{attempt}-{tag}.png")
            count += 1
    app.stack.pop()
    return count


def hand_shots(app: App, hand: GuidedHand, out: Path, tag: str) -> int:
    """Every moment of the guided hand (a stop also after one and two wrong answers),
    reached as the script plays, then the summary."""
    from tutor.lessons.model import context_for
    from tutor.lessons.steps import Declare
    from tutor.scenes.first_hand import GuidedHandScene

    count = 0
    for n in range(1, len(hand.moments) + 1):
        scenes = GuidedHandScene.demo(app.services, hand, n)
        for scene in scenes:
            app.stack.push(scene)
        table = scenes[0].table_guided
        tries = 3 if table.stop is not None and len(scenes) == 1 else 1
        for attempt in range(tries):
            if attempt:
                task = table.task
                if isinstance(task, Declare):
                    scenes[0]._submit()  # pass
                else:
                    picked = table.game.hand(0)[:8] if task.answer == "safe_bury" else \
                        wrong_answer(task, context_for(task, table.game.rules))
                    scenes[0]._select(tuple(picked))
                    scenes[0]._submit()
            shoot(app, out / f"{hand.id}-{n:02d}-{attempt}-{tag}.png")
            count += 1
        for _scene in scenes:
            app.stack.pop()
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/lesson_shots.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("out/lesson-shots"))
    parser.add_argument("--lesson", action="append", help="only these lesson ids (repeatable); rules: the reference pages")
    parser.add_argument("--size", action="append", help="only these sizes, e.g. 960x600")
    parser.add_argument("--lang", action="append", choices=LANGUAGES)
    args = parser.parse_args(argv)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size] if args.size else SIZES
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    library = default_library()
    for language in args.lang or LANGUAGES:
        for size in sizes:
            tag = f"{language}-{size[0]}x{size[1]}"
            app = App(size=size, store=Store(Path(tempfile.mkdtemp())), language=language)
            app.stack.push(LessonBrowserScene(app.services))
            shoot(app, args.out / f"browser-{tag}.png")
            for lesson in library.lessons(app.store.settings.rule_set()):
                if not args.lesson or lesson.id in args.lesson:
                    if isinstance(lesson, Lesson):
                        total += lesson_shots(app, lesson, args.out, tag)
                    elif isinstance(lesson, GuidedHand):
                        total += hand_shots(app, lesson, args.out, tag)
            if not args.lesson or "rules" in args.lesson:
                reference = RulesReferenceScene(app.services)
                app.stack.push(reference)
                for i, page in enumerate(reference.pages):
                    page.activate()
                    shoot(app, args.out / f"rules-{i + 1:02d}-{tag}.png")
                app.stack.pop()
            total += 1
    print(f"{total} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

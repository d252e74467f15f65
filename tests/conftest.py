"""Suite-wide settings: Hypothesis profiles, and one progress line per test file.

Hypothesis profiles: ``dev`` (default) explores new examples on every run; ``ci`` (chosen
when ``CI`` is set) is derandomized, so a CI run is repeatable; ``soak`` (``make soak``)
runs twenty times the examples.  ``HYPOTHESIS_PROFILE`` picks one by name.

Progress: instead of a dot per test, a line per file once its last test has run (with
``pytest -n auto`` the files finish in any order), e.g.
``[ 12/48] tests/engine/test_follow.py  45 passed  3.1 s``.  Failures still print in full
at the end, as pytest always does.

Reproducible hands: ``ai:hard`` (the tables' advisor) searches without its wall-clock cap
in the tests, by its budget of simulated cards alone, so that a seeded hand replays the
same on a busy machine as on a quiet one (with the cap, a test's deal could depend on
the load).
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Iterable, Iterator

import pytest
from hypothesis import HealthCheck, settings

from engine.ai.players import uncapped_hard
from engine.players import PLAYERS
from tests.volume import VOLUME

settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True, print_blob=True)
settings.register_profile("soak", parent=settings.get_profile("dev"), max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True, scope="session")
def hard_ai_without_the_wall_clock() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(PLAYERS, "ai:hard", uncapped_hard)
        yield


class FileProgress:
    """Counts each file's tests down as their reports arrive (from this process or from
    the xdist workers) and writes the file's line when it reaches zero."""

    def __init__(self, config: pytest.Config) -> None:
        self.reporter = config.pluginmanager.get_plugin("terminalreporter")
        self.left: Counter[str] = Counter()
        self.outcomes: dict[str, Counter[str]] = {}
        self.seconds: Counter[str] = Counter()
        self.files = self.done = 0

    def expect(self, nodeids: Iterable[str]) -> None:
        if self.files:
            return  # every xdist worker reports the same collection
        for nodeid in nodeids:
            self.left[nodeid.split("::")[0]] += 1
        self.files = len(self.left)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.expect(item.nodeid for item in session.items)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: object, ids: list[str]) -> None:
        self.expect(ids)

    def pytest_report_teststatus(self, report: pytest.TestReport) -> tuple[str, str, str] | None:
        """No dot for a passing test: its file's line says it."""
        if report.when == "call" and report.passed:
            return "passed", "", "PASSED"
        return None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        path = report.nodeid.split("::")[0]
        if path not in self.left:
            return
        outcomes = self.outcomes.setdefault(path, Counter())
        self.seconds[path] += report.duration
        if report.failed:
            outcomes["failed"] += 1
        elif report.skipped and report.when != "teardown":
            outcomes["skipped"] += 1
        elif report.when == "call":
            outcomes["passed"] += 1
        if report.when == "teardown":
            self.left[path] -= 1
            if self.left[path] == 0 and self.reporter is not None:
                self.done += 1
                counts = ", ".join(f"{n} {what}" for what, n in sorted(outcomes.items()))
                width = len(str(self.files))
                self.reporter.write_line(
                    f"[{self.done:>{width}}/{self.files}] {path}  {counts}  {self.seconds[path]:.1f} s")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Below full volume, the tests marked ``soak`` are left out (deselected, not skipped)."""
    if VOLUME < 1:
        soak = [item for item in items if item.get_closest_marker("soak") is not None]
        if soak:
            items[:] = [item for item in items if item.get_closest_marker("soak") is None]
            config.hook.pytest_deselected(items=soak)


@pytest.hookimpl(trylast=True)  # after the terminal reporter is set up
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "searched_afresh: the AI searches every decision "
                            "itself, none remembered from another test (tests/memo.py)")
    config.addinivalue_line("markers", "soak: a long run only ``make soak`` makes (volume 1 "
                            "and over); ``make test`` deselects it")
    if config.pluginmanager.get_plugin("terminalreporter") is not None and not hasattr(config, "workerinput"):
        config.pluginmanager.register(FileProgress(config), "file-progress")

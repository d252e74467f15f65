"""Time at the table: flashes run down, a table event's moment holds everything until
the learner goes on, a finished trick stays a moment, the AI seats act after their
pauses (thinking on ``THINKER``), the learner's autopilot acts."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

from engine.events import Event
from engine.game import DEALING, HAND_OVER, MATCH_OVER

from ...practice import Thought
from .timing import THINKER, Shown

if TYPE_CHECKING:
    from ..practice import PracticeTableScene


class TableClock:
    def __init__(self, scene: "PracticeTableScene") -> None:
        self.scene = scene
        self.wait = 0.0
        """Seconds until the next automatic move."""
        self.shown: Shown | None = None
        """A finished trick on the table before its winner gathers it."""
        self.shown_left = 0.0
        self.skip_deal = False
        """A click while dealing: deal the rest at once."""
        self.background = True
        """AI seats think on ``THINKER`` (``play_out`` thinks in line)."""
        self.thinking: tuple[Thought, Future] | None = None

    def update(self, dt: float) -> None:
        scene = self.scene
        scene.motion.update(dt)
        scene.words.tick(dt)
        scene.moments.update()
        if scene.moments.held:
            if not scene.autoplay:
                return  # the table waits until the learner has seen what happened
            scene.moments.forget()
        if scene.peek is not None:
            return  # the table waits while the learner looks at the last trick or the kitty
        if self.shown is not None:
            self.shown_left -= dt
            if self.shown_left > 0:
                return
            scene._gather()
        table = scene.table
        if table.phase in (HAND_OVER, MATCH_OVER):
            scene.hand_over.update(dt)
            return
        self.wait -= dt
        if self.wait > 0:
            return
        if table.learner_to_act:
            if scene.autoplay:
                scene._autopilot()
            return
        changed = False
        while self.wait <= 0 and self.shown is None and not table.learner_to_act \
                and table.phase not in (HAND_OVER, MATCH_OVER) and not scene.moments.held:
            events = scene._advance()
            if events is None:
                break  # an AI seat is still thinking: the next frames come back for it
            scene._took(events)
            changed = changed or bool(events)
            if scene.autoplay and table.declaring_chance:
                scene.autopilot.declare()
            if self.skip_deal and table.phase != DEALING:
                self.skip_deal = False
                break
            if not events:
                break
        if changed:
            scene._sync()

    def advance(self) -> list[Event] | None:
        """The next automatic move's events; ``None`` while an AI seat is thinking."""
        scene = self.scene
        table = scene.table
        thought = table.next_thought()
        if thought is None:
            self.thinking = None
            return table.step()
        if not self.background:
            return table.apply(thought, thought.think())
        key = (thought.at, thought.seat, thought.phase)
        if self.thinking is None or (self.thinking[0].at, self.thinking[0].seat, self.thinking[0].phase) != key:
            self.thinking = (thought, THINKER.submit(thought.think))
        pending, future = self.thinking
        if not future.done():
            return None
        self.thinking = None
        return table.apply(pending, future.result())

"""Screenshots of the practice table's moments, for a person to look at.

The declaring window, the coach declaring a shorter suit to win the first hand's deal,
a declaration's and an override's held moments, the learner's chance to override,
cards flying past the caption while dealing, burying with the kitty marked, the
coach's burial, a trick in progress (leader and points), the coach's play and its
share of deals, the previous-trick view, the coach's warning before a throw that
fails, the failed throw, a trick won by a ruff and by an over-ruff, the coach's panel
running over ("more"), the card counter, 闲分 past 80, the kitty turned up at the end,
the kitty taken (抠底 ×N) and the review; and for the games of one, three and four decks
the declaring phase, the burial, the first trick, a trick in mid-hand and a whole hand's
summary (each game's) — in Chinese
and English at 960×600 and 1280×800.  Each moment is reached by playing a seeded hand through the scene itself
(the learner's seat on its AI where it must act), so the pictures show what a player
would see.  Not part of ``make test``: ``make table-shots`` (writes
``out/table/``).

Run: ``python tools/table_shots.py [--out DIR] [--only NAME ...]``
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from engine.claims import DeclarationDeals  # noqa: E402
from engine.events import Declared, Overridden  # noqa: E402
from engine.game import BURYING, DEALING, DECLARING, HAND_OVER, TRICKS, Game  # noqa: E402
from tutor.app import App  # noqa: E402
from tutor.practice import PracticeTable  # noqa: E402
from tutor.scenes.practice import LAST, PracticeTableScene  # noqa: E402
from tutor.settings import Store  # noqa: E402

SIZES = ((960, 600), (1280, 800))
LANGUAGES = ("zh_CN", "en")
FRAME = 1 / 60
LIMIT = 20_000


class Unreached(RuntimeError):
    """The seeds tried never reached the moment."""


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def new_app(size: tuple[int, int], language: str, home: Path, speed: str = "normal",
            counter: bool = False) -> App:
    store = Store(home)
    store.settings.animation_speed = speed
    store.settings.card_counter = counter
    return App(size=size, store=store, language=language)


def table(app: App, seed: int, game: Game | None = None) -> PracticeTableScene:
    scene = PracticeTableScene(app.services, PracticeTable(game, seed=seed) if game is not None else None,
                               seed=seed)
    app.stack.push(scene)
    return scene


def run(app: App, scene: PracticeTableScene, done: Callable[[PracticeTableScene], bool],
        act: bool = True, dt: float = FRAME) -> bool:
    """Frames until ``done(scene)``; the learner's AI acts when the game waits for it
    (``act``).  ``False`` if the hand ended first."""
    for _ in range(LIMIT):
        if done(scene):
            return True
        table_ = scene.table
        if table_.phase == HAND_OVER and app.stack.top is not scene:
            return False
        if scene.moments.now is not None:
            app.handle_event(key(pygame.K_SPACE))  # an event's moment seen: go on
        if table_.learner_to_act and not scene.motion.active and scene.clock.shown is None:
            if not act:
                return False
            scene._autopilot()
        app.frame(dt)
    return False


def first(seeds: range, attempt: Callable[[int], PracticeTableScene | None]) -> PracticeTableScene:
    for seed in seeds:
        scene = attempt(seed)
        if scene is not None:
            return scene
    raise Unreached


# ---------------------------------------------------------------- the moments

def dealing(app: App) -> None:
    """Mid-deal: the hand sorted with ★ from the first card, cards flying, the declare
    buttons the learner has so far."""
    def attempt(seed: int) -> PracticeTableScene | None:
        scene = table(app, seed)
        if run(app, scene, lambda s: s.table.game.dealt >= 60 and bool(s.declaring.buttons), act=False) \
                and scene.table.phase == DEALING:
            return scene
        app.stack.pop()
        return None
    first(range(1, 200), attempt)


def declaring_window(app: App) -> None:
    """All cards dealt, the learner may still declare or override."""
    def attempt(seed: int) -> PracticeTableScene | None:
        scene = table(app, seed)
        if run(app, scene, lambda s: s.table.phase == DECLARING and s.table.learner_to_act
               and not s.motion.active, act=False):
            return scene
        app.stack.pop()
        return None
    first(range(1, 200), attempt)


def declaring_for_deal(app: App) -> None:
    """Dealing the first hand: the coach would declare a shorter suit, since declaring
    there also wins the deal, and says so."""
    def for_deal(scene: PracticeTableScene) -> bool:
        return scene.table.phase == DEALING and any(
            isinstance(claim, DeclarationDeals)
            for said in scene.table.declare_advice() for claim in said.all_claims())

    def attempt(seed: int) -> PracticeTableScene | None:
        scene = table(app, seed)
        if run(app, scene, for_deal, act=False):
            app.frame(FRAME)  # the coach's panel words the moment
            return scene
        app.stack.pop()
        return None
    first(range(1, 200), attempt)


def held(kind: type) -> Callable[[App], None]:
    def moment(app: App) -> None:
        """Seed 3: an opponent declares, then another overrides (反主): each moment is
        held at the declarer's seat until a key (the override beside what it beats)."""
        scene = table(app, 3)
        if not run(app, scene, lambda s: s.moments.now is not None and isinstance(s.moments.now.event, kind),
                   act=False):
            raise Unreached
    return moment


def override_chance(app: App) -> None:
    """Item 10: another seat has declared and the learner could override (反主): the
    declare buttons with their keys, the pass button (不亮), the hint line's words."""
    def chance(s: PracticeTableScene) -> bool:
        standing = s.table.game.declaration
        return (standing is not None and standing.seat != s.table.learner and s.moments.now is None
                and not s.motion.active and any(b.enabled for b in s.declaring.buttons))

    def attempt(seed: int) -> PracticeTableScene | None:
        scene = table(app, seed)
        if run(app, scene, lambda s: chance(s) or s.table.phase not in (DEALING, DECLARING), act=False) \
                and chance(scene):
            return scene
        app.stack.pop()
        return None
    first(range(1, 60), attempt)


def deal_flights(app: App) -> None:
    """Item 2: cards fly from the middle to every seat while a declaration stands with
    its caption; none crosses the caption or a name plate."""
    scene = table(app, 3)
    if not run(app, scene, lambda s: s.table.game.declaration is not None and s.moments.now is None
               and s.motion.active and len(s.motion.flights) >= 4, act=False):
        raise Unreached


def points_120(app: App) -> None:
    """Item 8: the attackers past 80 mid-hand (random players, seed 1): the header says
    what 80 means, the point cards counted by rank when too many to show whole."""
    t = played_to(Game(app.services.store.settings.rule_set(), 1), lambda t: t.phase == TRICKS and t.learner_to_act
                  and t.view.attacker_points >= 100)
    if t.phase != TRICKS:
        raise Unreached
    scene = PracticeTableScene(app.services, t, seed=1)
    app.stack.push(scene)
    app.frame(FRAME)


def kitty_taken(app: App) -> None:
    """The attackers take the kitty (抠底 ×4, random players, seed 25): its moment,
    held until a key, with the lead that made the multiplier and the points moved."""
    t = played_to(Game(app.services.store.settings.rule_set(), 25))
    scene = PracticeTableScene(app.services, t, seed=25)
    app.stack.push(scene)
    for _ in range(600):
        if scene.moments.now is not None:
            return
        app.frame(FRAME)
    raise Unreached


def burying(app: App) -> None:
    """The learner deals (hand 2), holds 33 cards, the 8 picked up outlined, three chosen."""
    def attempt(seed: int) -> PracticeTableScene | None:
        scene = table(app, seed, Game(app.services.store.settings.rule_set(), seed, dealer=0, hand=2))
        if run(app, scene, lambda s: s.table.phase == BURYING and s.table.learner_to_act
               and not s.motion.active):
            hand = scene.hand
            ctx = scene.table.game.ctx
            risky = [i for i, c in enumerate(hand.cards) if not ctx.is_trump(c) and c.rank in ("A", "10", "K")]
            for i in risky[:2] + [len(hand.cards) - 1]:
                hand.toggle(i)
            app.frame(FRAME)
            return scene
        app.stack.pop()
        return None
    first(range(1, 50), attempt)


def reach(app: App, ready: Callable[[PracticeTableScene], bool], hints: int = 0,
          game: Callable[[int], Game] | None = None) -> None:
    """The first seeded table (``game``: the game a seed starts) that reaches ``ready``,
    then ``hints`` rungs of the hint ladder climbed."""
    def attempt(seed: int) -> PracticeTableScene | None:
        scene = table(app, seed, game(seed) if game is not None else None)
        if run(app, scene, ready):
            for _ in range(hints):
                app.handle_event(key(pygame.K_h))
            app.frame(FRAME)
            return scene
        app.stack.pop()
        return None
    first(range(1, 50), attempt)


def bury_hint(app: App) -> None:
    """The learner deals and climbs the hint ladder: the coach's 8 cards selected, and why."""
    reach(app, lambda s: s.table.phase == BURYING and s.table.learner_to_act and not s.motion.active,
          hints=4, game=lambda seed: Game(app.services.store.settings.rule_set(), seed, dealer=0, hand=2))


def mid_trick(app: App, counter: bool = False) -> None:
    """The learner follows a trick with points on it, two or three plays in."""
    def ready(s: PracticeTableScene) -> bool:
        game = s.table.game
        return (s.table.phase == TRICKS and s.table.learner_to_act and len(game.trick) >= 2
                and sum(c.points for p in game.trick for c in p.cards) > 0 and len(game.tricks) >= 3
                and not s.motion.active and s.clock.shown is None)

    reach(app, ready)


def hint_share(app: App) -> None:
    """The learner follows and climbs the hint ladder to the coach's play: its share of
    the deals drawn, worded with how they were weighted (the longest coach sentence)."""
    def ready(s: PracticeTableScene) -> bool:
        t = s.table
        if not (t.phase == TRICKS and t.learner_to_act and t.game.trick and not s.motion.active
                and s.clock.shown is None):
            return False
        estimate = t.ladder().decision.estimate
        return estimate is not None and 0 < estimate.wins_trick < 1

    reach(app, ready, hints=3)


def played_to(game: Game, until: Callable[[PracticeTable], bool] | None = None, coached: bool = True) -> PracticeTable:
    """``game`` at a table of random players (cheap, and the same at every run), played
    until ``until(table)`` holds or the hand is over; the learner never declares."""
    from engine.game import MATCH_OVER

    t = PracticeTable(game, seed=game.seed, ai_kind="random", coached=coached)
    while t.phase not in (HAND_OVER, MATCH_OVER) and not (until is not None and until(t)):
        if not t.learner_to_act:
            t.step()
        elif t.phase in (DEALING, DECLARING):
            t.close_declaring()
        else:
            t.submit(t.auto_move())
    return t


def failing_throw(view) -> tuple | None:
    """Two cards of one side suit in ``view``'s hand that no deal lets stand as a throw
    (the table's moment and its test both look for one)."""
    from itertools import combinations

    from engine.claims import SURE, throw_risk
    from engine.combos import decompose

    for a, b in combinations(sorted(set(view.hand), key=lambda c: c.index), 2):
        if view.ctx.suit_of(a) == view.ctx.suit_of(b) and len(decompose([a, b], view.ctx)) == 2:
            risk = throw_risk(view, (a, b), samples=10)
            if risk is not None and risk.certainty == SURE:
                return (a, b)
    return None


def _leading_a_failing_throw(app: App) -> tuple[PracticeTableScene, tuple]:
    def leads(s: PracticeTableScene) -> bool:
        return (s.table.phase == TRICKS and s.table.learner_to_act and not s.table.view.trick
                and not s.motion.active and s.clock.shown is None and failing_throw(s.table.view) is not None)

    for seed in range(5, 40):
        scene = table(app, seed)
        if run(app, scene, leads):
            throw = failing_throw(scene.table.view)
            assert throw is not None
            return scene, throw
        app.stack.pop()
    raise Unreached


def throw_warning(app: App) -> None:
    """The learner chooses a throw that cannot stand: the coach says so before the play."""
    scene, throw = _leading_a_failing_throw(app)
    scene._select(throw)
    app.frame(FRAME)


def failed_throw(app: App) -> None:
    """The learner plays that throw: the attempted cards at the learner's place, the one
    another hand can beat framed red, the card played instead framed, until a key."""
    scene, throw = _leading_a_failing_throw(app)
    scene._select(throw)
    scene.play.activate()
    for _ in range(120):
        app.frame(FRAME)
    assert scene.moments.now is not None


def won_by(how: str) -> Callable[[App], None]:
    def moment(app: App) -> None:
        """A trick taken by a ruff (毙) or an over-ruff (盖毙): the winner's tag says so."""
        def attempt(seed: int) -> PracticeTableScene | None:
            scene = table(app, seed)
            if run(app, scene, lambda s: s.trick.how == how and not s.motion.active):
                return scene
            app.stack.pop()
            return None
        first(range(1, 60), attempt)
    return moment


def coach_overflow(app: App) -> None:
    """The learner deals and buries at 960×600 with points and an ace chosen: the coach's
    warnings run longer than its panel, which scrolls and says "more"."""
    def ready(s: PracticeTableScene) -> bool:
        return s.table.phase == BURYING and s.table.learner_to_act and not s.motion.active

    scene = table(app, 1, Game(app.services.store.settings.rule_set(), 1, dealer=0, hand=2))
    if not run(app, scene, ready):
        raise Unreached
    hand, ctx = scene.hand, scene.table.game.ctx
    risky = [i for i, c in enumerate(hand.cards) if not ctx.is_trump(c) and c.rank in ("A", "10", "K")]
    for i in risky[:2] + [len(hand.cards) - 1]:
        hand.toggle(i)
    app.frame(FRAME)


def last_trick(app: App) -> None:
    mid_trick(app)
    app.handle_event(key(pygame.K_l))
    scene = app.stack.top
    assert isinstance(scene, PracticeTableScene) and scene.peek == LAST


def card_counter(app: App) -> None:
    def ready(s: PracticeTableScene) -> bool:
        return (s.table.phase == TRICKS and s.table.learner_to_act and len(s.table.game.tricks) >= 8
                and not s.motion.active and s.clock.shown is None)
    scene = table(app, 11)
    if not run(app, scene, ready):
        raise Unreached


def kitty_end(app: App) -> None:
    """The attackers win the last trick: the kitty turned up with its multiplier (seed
    26: ×4; AI dealers seldom bury points, so the points are often 0)."""
    def attempt(seed: int) -> PracticeTableScene | None:
        scene = table(app, seed)
        if run(app, scene, lambda s: s.hand_over.reveal is not None and not s.motion.active
               and s.hand_over.reveal.kitty_multiplier is not None, dt=0.05):
            return scene
        app.stack.pop()
        return None
    first(range(20, 30), attempt)


def review(app: App) -> None:
    """A hand where the learner always follows with the engine's cheapest legal cards,
    reviewed at the first trick the coach would have played differently."""
    from tutor.scenes.review import ReviewScene
    from tutor.scenes.summary import HandSummaryScene

    scene = table(app, 7)
    for _ in range(LIMIT):
        if isinstance(app.stack.top, HandSummaryScene):
            break
        t = scene.table
        if t.learner_to_act and not scene.motion.active and scene.clock.shown is None:
            if t.phase == TRICKS and t.view.lead:
                scene._select(tuple(t.game.legal_follow(t.learner)))
                scene._submit()
            else:
                scene._autopilot()
        app.frame(FRAME)
    app.handle_event(key(pygame.K_2))
    assert isinstance(app.stack.top, ReviewScene)


def game_of(app: App, decks: int) -> Callable[[int], Game]:
    return lambda seed: Game(app.services.store.settings.practice_rules(decks), seed)


def game_declaring(decks: int) -> Callable[[App], None]:
    def moment(app: App) -> None:
        """The game of ``decks``: the declaring window after the deal, the learner able
        to declare (four decks: another seat's call face down, only its size shown)."""
        def ready(s: PracticeTableScene) -> bool:
            t = s.table
            if s.motion.active or t.phase not in (DEALING, DECLARING):
                return False
            if t.calls_face_down:
                return t.hidden_call > 0 and bool(s.declaring.buttons)
            return t.phase == DECLARING and t.learner_to_act

        def attempt(seed: int) -> PracticeTableScene | None:
            scene = table(app, seed, game_of(app, decks)(seed))
            if run(app, scene, ready, act=False):
                return scene
            app.stack.pop()
            return None
        first(range(1, 60), attempt)
    return moment


def game_first_trick(decks: int) -> Callable[[App], None]:
    """The game of ``decks``: the learner to play in the first trick (four decks: the
    calls turned up in the coach's panel)."""
    def moment(app: App) -> None:
        reach(app, lambda s: s.table.phase == TRICKS and s.table.learner_to_act and not s.table.game.tricks
              and not s.motion.active and s.clock.shown is None, game=game_of(app, decks))
    return moment


def game_mid_trick(decks: int) -> Callable[[App], None]:
    """The game of ``decks``: the learner to follow a trick in the middle of the hand."""
    def moment(app: App) -> None:
        hand = app.services.store.settings.practice_rules(decks).variant.hand_size
        reach(app, lambda s: s.table.phase == TRICKS and s.table.learner_to_act and bool(s.table.game.trick)
              and len(s.table.game.tricks) >= hand // 3 and not s.motion.active and s.clock.shown is None,
              game=game_of(app, decks))
    return moment


def game_burying(decks: int) -> Callable[[App], None]:
    """The game of ``decks``: the learner deals (hand 2) and buries its kitty."""
    def moment(app: App) -> None:
        rules = app.services.store.settings.practice_rules(decks)
        reach(app, lambda s: s.table.phase == BURYING and s.table.learner_to_act and not s.motion.active,
              game=lambda seed: Game(rules, seed, dealer=0, hand=2))
    return moment


def game_summary(decks: int) -> Callable[[App], None]:
    """The game of ``decks``: a whole hand played by the learner's AI, to the summary."""
    def moment(app: App) -> None:
        from tutor.scenes.summary import HandSummaryScene

        scene = table(app, 3, game_of(app, decks)(3))
        run(app, scene, lambda s: isinstance(app.stack.top, HandSummaryScene), dt=0.25)
        if not isinstance(app.stack.top, HandSummaryScene):
            raise Unreached
    return moment


GAMES: dict[str, Callable[[App], None]] = {
    **{f"decks{d}-declaring": game_declaring(d) for d in (1, 3, 4)},
    **{f"decks{d}-burying": game_burying(d) for d in (1, 3)},
    **{f"decks{d}-first-trick": game_first_trick(d) for d in (1, 3, 4)},
    **{f"decks{d}-mid-trick": game_mid_trick(d) for d in (1, 3, 4)},
    **{f"decks{d}-summary": game_summary(d) for d in (1, 2, 3, 4)},
}
"""The games' moments (one, three and four decks: docs/VARIANTS.md; and the two-deck
game's summary beside its other moments)."""

MOMENTS: dict[str, Callable[[App], None]] = {
    "dealing": dealing,
    "declaring-window": declaring_window,
    "declaring-for-deal": declaring_for_deal,
    "declaration": held(Declared),
    "override": held(Overridden),
    "override-chance": override_chance,
    "deal-flights": deal_flights,
    "points-120": points_120,
    "kitty-taken": kitty_taken,
    "burying": burying,
    "bury-hint": bury_hint,
    "mid-trick": mid_trick,
    "hint-share": hint_share,
    "last-trick": last_trick,
    "throw-warning": throw_warning,
    "failed-throw": failed_throw,
    "ruff": won_by("ruff"),
    "over-ruff": won_by("overruff"),
    "coach-overflow": coach_overflow,
    "card-counter": card_counter,
    "kitty": kitty_end,
    "review": review,
    **GAMES,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "table")
    parser.add_argument("--only", nargs="*", choices=sorted(MOMENTS), help="these moments only")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    failed = 0
    for name in args.only or MOMENTS:
        for language in LANGUAGES:
            for size in SIZES:
                with tempfile.TemporaryDirectory() as home:
                    app = new_app(size, language, Path(home), counter=name == "card-counter")
                    from tutor.scenes import HomeScene

                    app.stack.push(HomeScene(app.services))
                    path = args.out / f"{name}_{language}_{size[0]}x{size[1]}.png"
                    try:
                        MOMENTS[name](app)
                    except Unreached:
                        print(f"{name}: not reached", file=sys.stderr, flush=True)
                        failed += 1
                        continue
                    app.stack.draw(app.screen)
                    pygame.image.save(app.screen, str(path))
                    print(path, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

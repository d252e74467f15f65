"""What the practice table shows besides the cards, driven headless: the declaring
phase, the kitty, motion, the trick's leader and points, the card counter, the
last-trick and kitty views, comments in time, and that drawing changes nothing."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from engine import parse_cards
from engine.cards import deck
from engine.declaring import _override_error
from engine.game import BURYING, DEALING, DECLARING, HAND_OVER, TRICKS, Game, strength_to_override
from engine.view import Declaration
from tutor import coach
from tutor.app import App
from tutor.practice import PracticeTable
from tutor.scenes.practice import KITTY, LAST, PACES, PracticeTableScene
from tutor.settings import Store
from tutor.widgets.hand import in_hand_order


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def click(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def make_app(tmp_path, speed: str = "off", size=(1280, 800)) -> App:
    store = Store(tmp_path / "home")
    store.settings.animation_speed = speed
    return App(size=size, store=store, language="en")


def open_table(app: App, seed: int, game: Game | None = None) -> PracticeTableScene:
    table = PracticeTable(game, seed=seed) if game is not None else None
    scene = PracticeTableScene(app.services, table, seed=seed)
    app.stack.push(scene)
    return scene


def go_on(app: App, scene: PracticeTableScene) -> None:
    """The learner goes on after a table event's moment (a key)."""
    if scene.moments.now is not None:
        app.handle_event(key(pygame.K_SPACE))


def run(app: App, scene: PracticeTableScene, done, act: bool = True, dt: float = 0.05, frames: int = 20_000) -> bool:
    """Frames until ``done(scene)``, the learner going on after each table event's
    moment and (``act``) acting on its AI when it must."""
    for _ in range(frames):
        if done(scene):
            return True
        if scene.table.phase == HAND_OVER and app.stack.top is not scene:
            return False
        go_on(app, scene)
        if act and scene.table.learner_to_act and not scene.motion.active and scene.clock.shown is None:
            scene._autopilot()
        app.frame(dt)
    raise AssertionError("the table never got there")


# ---------------------------------------------------------------- declaring


def test_the_hand_is_sorted_as_it_will_be_played_from_the_first_card(tmp_path) -> None:
    app = make_app(tmp_path, speed="normal")
    scene = open_table(app, seed=3)
    trumps_seen = False
    while scene.table.phase == DEALING:
        go_on(app, scene)
        app.frame(0.05)
        ctx = scene.table.trump_context()
        assert scene.hand.cards == in_hand_order(scene.hand.cards, ctx)
        for card in scene.hand.cards:
            if card.is_joker or card.rank == scene.table.game.level:
                assert ctx.is_trump(card), "level cards and jokers carry the ★ from the first card"
                trumps_seen = True
        standing = scene.table.game.declaration
        if standing is not None and standing.trump is not None:
            assert ctx.trump == standing.trump
    assert trumps_seen


def test_what_overrides_a_declaration_is_what_the_engine_allows() -> None:
    rules = Game().rules
    faces = {1: parse_cards("S2"), 2: parse_cards("H2 H2"), 3: parse_cards("LJ LJ"), 4: parse_cards("BJ BJ")}
    for strength, cards in faces.items():
        current = Declaration(1, tuple(cards))
        needed = strength_to_override(current)
        for other, attempt in faces.items():
            allowed = _override_error(Declaration(2, tuple(attempt)), current, rules) is None
            assert allowed == (needed is not None and other >= needed)


def test_a_declaration_lies_at_its_seat_with_a_caption(tmp_path) -> None:
    app = make_app(tmp_path, speed="normal")
    scene = open_table(app, seed=1)
    run(app, scene, lambda s: s.table.game.declaration is not None and s.moments.now is None, act=False)
    standing = scene.table.game.declaration
    assert scene.trick.plays == [(standing.seat, list(standing.cards))]
    caption = scene.words.caption_text()
    assert coach.seat_name(standing.seat, 0, start=True) in caption and "override it" in caption
    assert scene.caption.rect.colliderect(scene.trick.rect)


def test_no_wait_for_your_turn_while_the_game_waits_for_the_learner(tmp_path) -> None:
    app = make_app(tmp_path)
    for seed in range(1, 60):
        scene = open_table(app, seed=seed)
        run(app, scene, lambda s: s.table.learner_to_act or s.table.phase == TRICKS, act=False)
        if scene.table.phase == DECLARING:
            app.handle_event(click(scene.hand.card_rects()[0].move(3, 30).topleft))
            assert scene.words.flash is not None and "wait" not in scene.words.flash().lower()
            app.handle_event(click(scene.play.rect.center))  # Pass
            run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act, act=False)
            scene._autopilot()  # the learner plays: now another seat is to play
            assert not scene.table.learner_to_act
            app.handle_event(click(scene.hand.card_rects()[0].move(3, 30).topleft))
            who = coach.seat_name(scene.table.game.turn, 0, start=True)
            assert scene.words.flash is not None and scene.words.flash().startswith(who)
            return
        app.stack.pop()
    pytest.fail("the learner never had the declaring window")


# ---------------------------------------------------------------- the kitty


def dealer_table(app: App, seed: int = 4) -> PracticeTableScene:
    """The learner deals (hand 2): picks up the kitty."""
    return open_table(app, seed, Game(seed=seed, dealer=0, hand=2))


def test_the_cards_picked_up_are_marked_until_buried_and_the_kitty_can_be_seen(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = dealer_table(app)
    run(app, scene, lambda s: s.table.phase == BURYING and s.table.learner_to_act)
    picked = scene.table.picked_up()
    assert len(picked) == 8
    assert Counter(scene.hand.cards[i] for i in scene.hand.marked) == Counter(picked)
    assert "outlined" in scene.words.caption_text()
    run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act)
    assert not scene.hand.marked and scene.controls.kitty in scene.side_menu.buttons
    kitty = scene.table.own_kitty()
    app.handle_event(key(pygame.K_k))
    assert scene.peek == KITTY and scene.controls.kitty.pressed and len(scene.kitty_rects) == len(kitty) == 8
    assert "Your kitty" in scene.words.hint_text()
    app.frame(0.05)
    app.handle_event(key(pygame.K_h))  # any key returns, and does nothing else
    assert scene.peek is None and scene.ladder is None and not scene.controls.kitty.pressed


def test_the_hint_key_while_burying_climbs_to_the_coachs_burial(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = dealer_table(app)
    run(app, scene, lambda s: s.table.phase == BURYING and s.table.learner_to_act)
    assert scene.controls.hint.enabled and scene.controls.hint in scene.side_menu.buttons
    app.handle_event(key(pygame.K_h))
    assert "empty a short suit" in scene.words.coach_text()
    for _ in range(2):
        app.handle_event(key(pygame.K_h))
    assert "The coach would bury" in scene.words.coach_text() and not scene.hand.selected
    app.handle_event(key(pygame.K_h))
    answer = scene.table.ladder().decision.cards
    assert Counter(scene.hand.selected_cards()) == Counter(answer) and scene.play.enabled
    assert "selected for you" in scene.words.coach_text() and "in the kitty" in scene.words.coach_text()
    app.frame(0.05)
    scene._submit()
    assert scene.table.phase == TRICKS and scene.ladder is None


def test_only_the_dealer_has_a_kitty_button(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_table(app, seed=2026)
    run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act)
    assert scene.table.game.dealer != 0 and scene.controls.kitty not in scene.side_menu.buttons
    app.handle_event(key(pygame.K_k))
    assert scene.peek is None


def test_burying_warns_about_trumps_aces_and_pairs() -> None:
    game = Game(seed=4, dealer=0, hand=2)
    table = PracticeTable(game, seed=4)
    while not (table.phase == BURYING and table.learner_to_act):
        table.step()
        if table.phase == DECLARING and table.learner_to_act:
            table.close_declaring()
    ctx, hand = game.ctx, list(game.hand(0))
    ace = next(c for c in hand if c.rank == "A" and not ctx.is_trump(c))
    pair = next(c for c in set(hand) if hand.count(c) == 2 and not ctx.is_trump(c))
    trump = next(c for c in hand if ctx.is_trump(c))
    advice = " ".join(said.text() for said in table.bury_advice([ace, pair, pair, trump]))
    assert "an ace often wins a trick" in advice and "pairs win tricks" in advice and "trump" in advice


# ---------------------------------------------------------------- the trick


def test_leader_points_and_the_last_trick_view(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_table(app, seed=11)
    run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act and len(s.table.game.tricks) >= 2
        and s.table.game.trick)
    game = scene.table.game
    assert scene.trick.leader == game.trick[0].seat
    on_trick = sum(c.points for p in game.trick for c in p.cards)
    assert f"{on_trick} point" in scene.words.info_text() and f"Trick {len(game.tricks) + 1}" in scene.words.info_text()
    app.handle_event(key(pygame.K_l))
    last = game.tricks[-1]
    assert scene.peek == LAST and scene.controls.last.pressed
    assert scene.trick.plays == [(p.seat, game.ctx.sorted(p.cards)) for p in last.plays]
    assert scene.trick.winner == last.winner and scene.trick.leader == last.leader
    assert f"trick {len(game.tricks)}" in scene.words.hint_text() and "any key" in scene.words.hint_text()
    selected = set(scene.hand.selected)
    app.handle_event(key(pygame.K_SPACE))  # returns without touching the hand
    assert scene.peek is None and not scene.controls.last.pressed and scene.hand.selected == selected
    assert scene.trick.leader == game.trick[0].seat


def test_comments_carry_their_trick_and_go_when_it_is_past(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_table(app, seed=5)
    shown_tricks = set()
    while scene.table.phase != HAND_OVER:
        run(app, scene, lambda s: s.table.learner_to_act or s.table.phase == HAND_OVER, act=False)
        if scene.table.phase == TRICKS:
            done = len(scene.table.game.tricks)
            for comment in scene.table.current_comments():
                assert comment.trick == done and comment.text().startswith(f"Trick {done}:")
                assert comment.text() in scene.words.coach_text()
                shown_tricks.add(done)
            old = [c for c in scene.table.comments if c.trick < done]
            assert not any(c.text() in scene.words.coach_text() for c in old)
        if scene.table.learner_to_act:
            scene._autopilot()
    assert shown_tricks
    game = scene.table.game
    rows = dict(scene.status.rows())
    changed = [t for t in (0, 1) if game.team_levels[t] != game.start_levels[t]]
    assert changed and rows["Level"] == game.level
    mine = "Our level" if changed[0] == scene.table.learner % 2 else "Their level"
    assert rows[mine] == f"{game.start_levels[changed[0]]} → {game.team_levels[changed[0]]}"


# ---------------------------------------------------------------- motion


def test_cards_fly_at_the_speed_setting_and_input_is_never_blocked(tmp_path) -> None:
    app = make_app(tmp_path, speed="normal")
    scene = open_table(app, seed=2026)
    app.frame(0.05)
    assert scene.motion.active, "the deal flies"
    app.handle_event(click(scene.trick.rect.center))  # a click skips the deal
    app.frame(0.05)
    assert scene.table.phase != DEALING and not scene.clock.skip_deal
    run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act and s.motion.active, dt=1 / 60)
    i = next(i for i in range(len(scene.hand.cards)) if scene.hand.can_select(i))
    app.handle_event(click(scene.hand.card_rects()[i].move(3, 40).topleft))
    assert i in scene.hand.selected, "a card can be chosen while another flies"
    # a finished trick stays, then its cards come together in the middle and go to the winner's seat
    run(app, scene, lambda s: s.clock.shown is not None, dt=1 / 60)
    plays = len(scene.trick.plays)
    app.frame(PACES["normal"].show + 0.01)
    gathered = scene.motion.flights[:plays]
    assert scene.clock.shown is None and scene.motion.active and len({f.end.center for f in gathered}) == 1
    app.frame(PACES["normal"].gather_flight / 2 + 0.01)
    # the pile goes (the next seat's play, once its thread has thought, may fly beside it)
    assert any(f.vanish for f in scene.motion.flights)


def test_no_motion_at_no_animation(tmp_path) -> None:
    app = make_app(tmp_path, speed="off")
    scene = open_table(app, seed=9)
    while scene.table.phase != HAND_OVER:
        assert not scene.motion.active and scene.clock.shown is None
        go_on(app, scene)
        if scene.table.learner_to_act:
            scene._autopilot()
        app.frame(0.05)


def test_the_kitty_is_turned_up_at_the_end_before_the_summary(tmp_path) -> None:
    from tutor.scenes.summary import HandSummaryScene

    app = make_app(tmp_path, speed="fast")
    scene = open_table(app, seed=3)
    run(app, scene, lambda s: s.hand_over.reveal is not None)
    scored = scene.hand_over.reveal
    assert len(scene.kitty_rects) == 8 and app.stack.top is scene
    assert scene.words.caption_text() == "", "no words under the kitty while it flies"
    run(app, scene, lambda s: not s.motion.active and (s.moments.now is not None or s.words.caption_text()),
        dt=1 / 60)
    if scored.kitty_multiplier is not None:
        assert f"×{scored.kitty_multiplier}" in scene.moments.text()  # its moment (test_table_moments)
        app.handle_event(key(pygame.K_RETURN))
    else:
        assert "dealers won the last trick" in scene.words.caption_text()
    app.handle_event(key(pygame.K_RETURN))  # any key: the summary at once
    app.frame(0.05)
    assert isinstance(app.stack.top, HandSummaryScene)


# ---------------------------------------------------------------- the card counter


def test_card_counter_is_the_learners_knowledge_only(tmp_path) -> None:
    app = make_app(tmp_path)
    scene = open_table(app, seed=11)
    assert not scene.services.store.settings.card_counter and scene.counter not in scene.widgets()
    run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act and len(s.table.game.tricks) >= 5)
    app.handle_event(key(pygame.K_c))
    assert scene.services.store.settings.card_counter and scene.counter in scene.widgets()
    view = scene.table.view
    seen = Counter(view.hand) + Counter(c for t in view.tricks for p in t.plays for c in p.cards) \
        + Counter(c for p in view.trick for c in p.cards) + Counter(view.kitty or ())
    unseen = Counter(deck()) - seen
    rows = scene.table.still_out(20)
    assert sum(row.count for row in rows) == sum(unseen.values())
    for row in rows:
        for card, n in row.top:
            assert unseen[card] == n and view.ctx.suit_of(card) == row.suit
    # cards moved between the other hands (the learner cannot see that): the same counter
    hands = scene.table.game.hands
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    assert hands[1][0] != hands[2][0] and scene.table.still_out(20) == rows
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    app.handle_event(key(pygame.K_c))
    assert scene.counter not in scene.widgets()


# ---------------------------------------------------------------- drawing only paints


def test_draw_asks_the_engine_nothing(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path)
    scene = open_table(app, seed=21)
    run(app, scene, lambda s: s.table.phase == TRICKS and s.table.learner_to_act and s.table.game.trick)
    calls = Counter()
    for name in ("hint_sentences", "blocked_sentences", "refusal", "bury_advice", "declare_line", "tip"):
        real = getattr(coach, name)
        monkeypatch.setattr(coach, name, lambda *a, _real=real, _name=name, **k: (calls.update([_name]), _real(*a, **k))[1])
    for name in ("selectable", "still_out", "declare_choices", "hint_words"):
        real = getattr(PracticeTable, name)
        monkeypatch.setattr(PracticeTable, name,
                            lambda self, *a, _real=real, _name=name, **k: (calls.update([_name]), _real(self, *a, **k))[1])
    before = scene.table.game.to_dict()
    for _ in range(3):
        app.stack.draw(app.screen)
    assert not calls, calls
    assert scene.table.game.to_dict() == before


def test_the_suit_to_empty_into_the_kitty_is_safe_to_bury() -> None:
    """Emptying a short side suit is advised only for a suit without points, aces or
    pairs (the warnings about those would contradict it); some of these hands' shortest
    suits hold points, so the old "shortest suit" advice would fail here."""
    from engine.combos import pair_faces
    from tutor.coach.advice import SHORT_SUIT, _suit_to_empty

    advised = risky_shortest = 0
    for seed in range(12):
        table = PracticeTable(Game(seed=seed, dealer=0, hand=2), seed=seed)
        while not (table.phase == BURYING and table.learner_to_act):
            table.step()
            if table.phase == DECLARING and table.learner_to_act:
                table.close_declaring()
        view, ctx = table.view, table.game.ctx
        side: dict[str, list] = {}
        for card in view.hand:
            if not ctx.is_trump(card):
                side.setdefault(ctx.suit_of(card), []).append(card)
        shortest = min(side.values(), key=len)
        risky_shortest += len(shortest) <= SHORT_SUIT and any(c.points for c in shortest)
        suit = _suit_to_empty(view)
        if suit is None:
            continue
        advised += 1
        cards = side[suit]
        assert len(cards) <= SHORT_SUIT and not any(c.points or c.rank == "A" for c in cards)
        assert not pair_faces(cards)
        text = " ".join(s.text() for s in table.bury_advice(()))
        assert f"only {len(cards)} " in text
    assert advised and risky_shortest


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_at_the_small_size_with_the_counter_on_every_word_is_shown_or_scrolls(tmp_path, language) -> None:
    """960x600 with the card counter under the coach's panel: every text block fits its
    box at a readable size; the coach's words, when too long even at its smallest
    size, scroll (their last line can be brought into the panel), never run under the
    counter; a tip is added only where it fits, so it never makes the words scroll (the
    hints climbed on every other turn do)."""
    store = Store(tmp_path / "home")
    store.settings.animation_speed = "off"
    store.settings.card_counter = True
    app = App(size=(960, 600), store=store, language=language)
    scene = open_table(app, seed=11)
    panel, scrolled, turns = scene.coach_panel, 0, 0

    def check(s: PracticeTableScene) -> bool:
        nonlocal scrolled, turns
        if s.table.phase == TRICKS and s.table.learner_to_act and not s.motion.active:
            turns += 1
            for _rung in range(3 * (turns % 2)):  # the ladder's last two rungs
                s._hint()
                app.frame(0.0)
            app.frame(0.0)
            tip = s.table.tip()
            if tip is not None and tip.text() in panel.shown:
                assert not panel.max_offset(), "a tip pushed the coach's words out of sight"
            for layout in s.text_layouts():
                text = " / ".join(line.text for line in layout.lines)
                assert layout.fits and layout.px >= 14, f"{text!r} overflows {layout.box} at {layout.px}px"
            assert panel.rect.bottom <= s.counter.rect.top
            if panel.max_offset():
                scrolled += 1
                panel.scroll(10**6)
                app.frame(0.0)
                last = panel.layout().lines[-1]
                assert panel.inner().top - panel.offset + last.rect[1] + last.rect[3] <= panel.inner().bottom
        return len(s.table.game.tricks) >= 12

    run(app, scene, check)
    assert scrolled, "this deal has words that need the scroll (else the check above checks nothing)"


def test_a_tip_that_fits_no_more_after_a_resize_is_left_out(tmp_path) -> None:
    """A tip shown at 1280x800 is judged again when the window shrinks to 960x600: it
    never stays to push the coach's words out of sight."""
    store = Store(tmp_path / "home")
    store.settings.animation_speed = "off"
    app = App(size=(1280, 800), store=store, language="en")
    scene = open_table(app, seed=7)  # a tip fits only the larger window within 12 tricks
    panel, squeezed = scene.coach_panel, 0

    def check(s: PracticeTableScene) -> bool:
        nonlocal squeezed
        if s.table.phase == TRICKS and s.table.learner_to_act and not s.motion.active:
            app.frame(0.0)
            tip = s.table.tip()
            if tip is not None and tip.text() in panel.shown:
                app._resized((960, 600))
                app.frame(0.0)
                assert not (tip.text() in panel.shown and panel.max_offset())
                squeezed += tip.text() not in panel.shown
                app._resized((1280, 800))
                app.frame(0.0)
        return len(s.table.game.tricks) >= 12

    run(app, scene, check)
    assert squeezed, "some tip fitted only the larger window (else this checks nothing)"


def test_while_cards_fly_in_the_declaring_words_and_buttons_count_only_those_landed(tmp_path) -> None:
    """At normal speed a dealt card flies for a moment before it joins the hand: the
    coach's "n of your m cards" and the declare buttons wait for it, so they never
    count a card the learner cannot see yet."""
    app = make_app(tmp_path, speed="normal")
    scene = open_table(app, seed=6)  # the learner may declare from early in the deal
    checked = flying = 0

    def check(s: PracticeTableScene) -> bool:
        nonlocal checked, flying
        table = s.table
        if table.phase == DEALING:
            shown = Counter(s.hand.cards)
            flying += bool(table.in_flight)
            for said in table.declare_advice():
                if "m" in dict(said.values):
                    assert said.value("m") == len(s.hand.cards)
                    checked += 1
            for face, declaration in table.declare_choices():
                assert shown[face] and (declaration is None or not Counter(declaration.cards) - shown)
        return table.phase != DEALING

    run(app, scene, check, act=False, dt=0.02)
    assert checked and flying

"""The claims the coach states, in the one-, three- and four-deck games: a set of k
identical cards is what "a pair" is with two decks (docs/VARIANTS.md), so a ruff, a
beat and what a follow shows are judged with sets of every width."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.claims import SURE, CannotBeBeaten, CanRuff, MayRuff, Position
from engine.knowledge import Knowledge
from engine.play import can_match, lead_shape
from engine.rules import Rules, TrumpContext

from ..engine.test_knowledge import _position
from .auditor import verify


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


def test_trumps_match_a_triple_only_with_a_triple() -> None:
    ctx = TrumpContext("2", "H", Rules(decks=3))
    triple = lead_shape(cards("SA SA SA"), ctx)
    assert not can_match(cards("H5 H5 H7"), triple, ctx)
    assert can_match(cards("H5 H5 H5"), triple, ctx)
    titanic = lead_shape(cards("S9 S9 S9 S10 S10 S10"), ctx)
    assert not can_match(cards("H5 H5 H6 H6 H7 H7"), titanic, ctx)
    assert can_match(cards("H5 H5 H5 H6 H6 H6 H9"), titanic, ctx)


def test_four_decks_a_quad_takes_a_tractor_of_two_pairs() -> None:
    ctx = TrumpContext("2", "H", Rules(decks=4))
    tractor = lead_shape(cards("S9 S9 S10 S10"), ctx)
    assert can_match(cards("H5 H5 H5 H5"), tractor, ctx)
    assert not can_match(cards("H5 H5 H5 H7"), tractor, ctx)


# seat 0 leads ♠A ♠A ♠A; seat 1 showed out of spades earlier; spades and trumps unseen
TRIPLE_LED = dict(
    trump="H", hand="SA SA SA D9 D9",
    tricks=[(0, ["SK", "D3", "S3", "S4"])], trick=[], leader=0, cards_left=(5, 5, 5, 5),
    decks=3)


def test_a_trump_pair_does_not_ruff_a_triple() -> None:
    view = _position(**TRIPLE_LED, unseen="H3 H3 H5 C4 C5 S5 S5 S6 S6 S7 D4 D5 D6 D7 D8")
    at, know = Position(view), Knowledge(view)
    triple = cards("SA SA SA")
    assert know.can_ruff(triple, 1) is False
    assert not MayRuff(1, triple).holds(at)
    assert CannotBeBeaten(triple, SURE).holds(at)
    assert verify(CannotBeBeaten(triple, SURE), view, {}, 0)
    # a trump triple unseen: the same seat may ruff it
    view = _position(**TRIPLE_LED, unseen="H3 H3 H3 C4 C5 S5 S5 S6 S6 S7 D4 D5 D6 D7 D8")
    assert Knowledge(view).can_ruff(triple, 1) is True
    assert not CannotBeBeaten(triple, SURE).holds(Position(view))
    assert not verify(CannotBeBeaten(triple, SURE), view, {}, 0)


def test_a_pair_above_a_triple_led_does_not_beat_it() -> None:
    view = _position(trump="H", hand="S9 S9 S9 D9", tricks=[], trick=[], leader=0,
                     cards_left=(4, 4, 4, 4), decks=3,
                     unseen="SA SA SK SK SQ SQ S3 S4 D4 D5 D6 D7")
    know = Knowledge(view)
    assert know.can_beat([list(cards("S9 S9 S9"))], 1) is False
    assert CannotBeBeaten(cards("S9 S9 S9"), SURE).holds(Position(view))


def test_the_hint_sees_a_triple_ruff() -> None:
    view = _position(trump="H", hand="H5 H5 H7", tricks=[], trick=["SA SA SA"], leader=3,
                     cards_left=(3, 3, 3, 0), decks=3, unseen="S3 S4 S5 S6 D4 D5")
    assert not CanRuff(True).holds(Position(view))
    assert CanRuff(False).holds(Position(view))


def test_four_decks_a_quad_led_followed_with_a_triple_shows_no_lack_of_pairs() -> None:
    """Seed 001's ladder 5: a quad led asks for triple + single before two pairs, so a
    seat that followed ♠A ♠A ♠A ♠A with ♠Q ♠Q ♠Q ♠3 may still hold a pair of spades."""
    view = _position(trump="H", hand="S4 D9 D9",
                     tricks=[(0, ["SA SA SA SA", "SQ SQ SQ S3", "SK SK SK SK", "D2 D2 D2 D2"])],
                     trick=[], leader=0, cards_left=(3, 3, 3, 3), decks=4,
                     unseen="S7 S7 S8 D4 D5 D6 D7 D8 C4")
    know = Knowledge(view)
    assert know.feasible(((1, cards("S7 S7")),))


# ---------------------------------------------------------------- the auditor's new checks
# Each check the auditor gained for these games accepts the claim the coach makes and
# rejects the same claim made false (so the audit can fail).


def test_a_follow_must_hold_the_triple_of_a_triple_led() -> None:
    from dataclasses import replace

    from engine.claims import MustFollow, Refused
    from tutor.coach.refusals import refusal_sentences

    view = _position(trump="H", hand="S9 S9 S9 S8 S8 S4 D9", tricks=[], trick=["SA SA SA"],
                     leader=3, cards_left=(7, 7, 7, 4), decks=3,
                     unseen="S3 S3 S5 S6 S7 D4 D5 D6 D7 D8 C3 C4 C5 C6 C7 C8 C9 C10")
    at = Position(view)
    must = MustFollow.of(at.requirements)
    assert must.sets == ((3, 1),) and must.pairs == 1
    assert must.holds(at) and verify(must, view, {}, 0)
    assert not verify(replace(must, sets=()), view, {}, 0)
    assert not verify(replace(must, sets=((3, 2),)), view, {}, 0)
    play = cards("S8 S8 S4")
    said = refusal_sentences(view, play)
    claim = next(c for s in said for c in s.all_claims() if isinstance(c, Refused))
    assert claim.code == "must_play_triple" and verify(claim, view, {}, 0)
    assert "triple" in said[0].text()
    assert not verify(replace(claim, meet=cards("S8 S8")), view, {}, 0)


def test_the_auditor_knows_which_games_have_a_kitty() -> None:
    from engine.claims import HasKitty

    three = _position(**TRIPLE_LED, unseen="H3 H3 H5 C4 C5 S5 S5 S6 S6 S7 D4 D5 D6 D7 D8")
    four = _position(trump="H", hand="S4 D9 D9", tricks=[], trick=[], leader=0,
                     cards_left=(3, 3, 3, 3), decks=4, unseen="S7 S7 S8 D4 D5 D6 D7 D8 C4")
    for view, kitty in ((three, True), (four, False)):
        assert HasKitty(kitty).holds(Position(view)) and verify(HasKitty(kitty), view, {}, 0)
        assert not verify(HasKitty(not kitty), view, {}, 0)


def test_the_four_deck_kou_di_as_the_narration_says_it() -> None:
    from dataclasses import replace

    from engine.claims import KouDiScored

    # the last trick: seat 0 (a dealer) leads ♠K ♠K, seat 1 (an attacker) wins it with
    # trumps; the dealers played ♠5 ♠5 and ♠10 ♠3 in it: 30 points, ×2 for the attackers
    view = _position(trump="H", hand="", cards_left=(0, 0, 0, 0), decks=4, unseen="",
                     tricks=[(0, ["SK SK", "H3 H3", "S5 S5", "S10 S3"])], trick=[], leader=1)
    view = replace(view, phase="hand_over", tricks=(replace(view.tricks[0], winner=1),))
    claim = KouDiScored(30, 2, True)
    assert claim.holds(Position(view)) and verify(claim, view, {}, 0)
    for wrong in (replace(claim, points=40), replace(claim, multiplier=4),
                  replace(claim, attackers=False)):
        assert not verify(wrong, view, {}, 0)


def test_the_auditor_declares_as_each_game_allows() -> None:
    from dataclasses import replace

    from engine.claims import CanDeclare

    base = _position(**TRIPLE_LED, unseen="H3 H3 H5 C4 C5 S5 S5 S6 S6 S7 D4 D5 D6 D7 D8")
    for decks, hand, options in (
            (3, "S2 S2 S2 BJ BJ D9", ("S2", "S2 S2", "S2 S2 S2", "BJ BJ")),
            (4, "S2 S2 S2 S2 BJ BJ", ("S2", "S2 S2", "S2 S2 S2", "S2 S2 S2 S2")),
            (1, "S2 BJ D9", ("S2",))):
        view = replace(base, phase="dealing", rules=Rules(decks=decks), hand=cards(hand),
                       ctx=None, dealer=None, tricks=(), kitty=None)
        claim = CanDeclare(tuple(cards(o) for o in options))
        assert claim.holds(Position(view)) and verify(claim, view, {}, 0), decks
        assert not verify(CanDeclare(claim.options[:-1]), view, {}, 0)


def test_a_triple_led_followed_without_a_triple_shows_no_triple_in_that_suit() -> None:
    """Three decks: seat 1 followed ♠A ♠A ♠A with ♠9 ♠9 ♠4, so it holds no three identical
    spades (nor a third ♠9, nor two more ♠4): its ♠7 ♠7 ♠7 is not a consistent deal, and a
    spade triple led later is safe from it."""
    view = _position(trump="H", hand="SK SK SK D9 D9 D9",
                     tricks=[(0, ["SA SA SA", "S9 S9 S4", "S3 S5 S6", "D2 D2 D2"])],
                     trick=[], leader=0, cards_left=(6, 6, 6, 6), decks=3,
                     unseen="S7 S7 S7 S4 S4 S8 D4 D5 D6 D7 D8 C3 C4 C5 C6 C7 C8 C9")
    know = Knowledge(view)
    assert not know.feasible(((1, cards("S7 S7 S7")),))
    assert know.feasible(((1, cards("S7 S7")),))
    assert not know.feasible(((1, cards("S9")),)) and not know.feasible(((1, cards("S4 S4")),))
    assert know.can_beat([list(cards("SK SK SK"))], 1) is False
    sure = CannotBeBeaten(cards("SK SK SK"), SURE)
    assert sure.holds(Position(view)) and verify(sure, view, {}, 0)


def test_the_lead_line_offers_the_triples_and_quads_held() -> None:
    from dataclasses import replace

    from tutor.coach.hintline import LEAD_LINE, LEAD_QUAD, LEAD_TRIPLE, hint_sentences
    from tutor.coach.said import Choices

    from .audit import Report, _sentence

    view = _position(trump="H", hand="S9 S9 S9 S8 S8 D4 D4 D4 D4", tricks=[], trick=[],
                     leader=0, cards_left=(9, 3, 3, 3), decks=4,
                     unseen="S3 S5 S6 S7 D5 D6 C3 C4 C5")
    line = next(s for s in hint_sentences(view) if s.msgid == LEAD_LINE)
    items = line.value("options").items
    assert LEAD_TRIPLE in items and LEAD_QUAD in items
    assert "a tractor" in items  # ♠9 ♠9 ♠8 ♠8: a triple's pair next to a pair
    report = Report("en")
    _sentence(line, view, "hint_line", report)
    assert not report.false
    fewer = replace(line, values=(("options", Choices(tuple(i for i in items if i != LEAD_QUAD))),))
    _sentence(fewer, view, "hint_line", report)
    assert report.false


def test_the_focus_hint_names_a_triple_the_coach_plays_as_a_triple() -> None:
    """Four decks, seed 11: the coach follows a triple lead with ♥10 ♥10 ♥10; the hint's
    focus rung showed "your pair: ♥10 ♥10", half a truth that teaches the wrong shape."""
    from engine.game import Game
    from tutor.coach.transcript import moments

    for moment in moments(11, policy="random", advisor="ai", why_not=False, game=Game(Rules(decks=4), seed=11)):
        if moment.advice is not None and tuple(moment.advice.cards) == cards("H10 H10 H10"):
            text = next(said.text() for where, said in moment.texts if where == "ladder:1")
            assert text.startswith("Look at your triple in") and text.count("10") == 3, text
            return
    raise AssertionError("the hand never reached the triple")

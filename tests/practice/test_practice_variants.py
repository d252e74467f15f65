"""The practice table in every game of ``Rules.variant`` (docs/VARIANTS.md): a whole
hand from the deal with the learner's seat on its AI, the kitty (none with four
decks), what the declaring words say, the calls face down with four decks and the
hand's score, each asked of the engine."""

from __future__ import annotations

import pytest

from engine import Rules
from engine.cards import parse_cards
from engine.events import Buried
from engine.game import BURYING, DEALING, DECLARING, TRICKS, Game
from tutor.i18n import set_language
from tutor.practice import PracticeTable

from .test_practice_table import learner_moves, play_hand, run_until_learner


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def table_of(decks: int, seed: int = 5, **options) -> PracticeTable:
    return PracticeTable(Game(Rules(decks=decks, **options), seed), learner=0, coached=False, seed=seed,
                         ai_kind="greedy")


@pytest.mark.parametrize("decks", [1, 3, 4])
def test_a_whole_hand_of_each_game(decks: int) -> None:
    table = table_of(decks)
    variant = table.game.rules.variant
    hand_sizes = set()
    buried = []
    for _ in range(200):
        run_until_learner(table)
        if table.phase == "hand_over":
            break
        if table.phase == TRICKS and not table.game.tricks:
            played = {p.seat: len(p.cards) for p in table.game.trick}
            hand_sizes = {len(table.game.hand(s)) + played.get(s, 0) for s in range(4)}
        if table.phase == BURYING:
            assert table.kitty_size == variant.kitty_size
            assert table.selectable([]) is None
            assert table.selectable(list(table.game.hand(0))[:variant.kitty_size]) == set()
        learner_moves(table)
        buried += [e for e in table.game.events if isinstance(e, Buried)]
    outcome = table.outcome()
    assert outcome == table.game.outcome and outcome.row is not None
    assert hand_sizes == {variant.hand_size}
    if not variant.has_kitty:
        assert table.kitty_size == 0 and table.own_kitty() is None and not table.picked_up()
        assert not any(isinstance(e, Buried) for e in table.game.events)
    game = table.game
    points = sum(c.points for r in game.tricks for p in r.plays for c in p.cards) + sum(
        c.points for c in (game.view(0).kitty or ()))
    assert points == variant.total_points


def test_one_deck_the_first_declaration_stands() -> None:
    table = next(t for t in map(lambda seed: table_of(1, seed), range(20))
                 if any(c.rank == "2" for c in t.game.undealt[-t.game.first_seat % 4::4]))
    while table.phase == DEALING and not table.declaration_options():
        table.game.deal()
    option = table.declaration_options()[0]
    assert len(option.cards) == 1
    table.declare(option.cards)
    assert "Nothing can override it." in table.declaration_words()()
    assert not table.declare_choices() or all(d is None for _f, d in table.declare_choices())


def test_three_decks_declare_up_to_three_cards_and_say_what_overrides() -> None:
    table = table_of(3, seed=11)
    game = table.game
    while game.phase == DEALING:
        game.deal()
    words = table.declaration_words()()
    assert "a joker pair declares no-trump" in words, words
    options = table.declaration_options()
    assert options and max(len(d.cards) for d in options) <= 3
    single = next(d for d in options if len(d.cards) == 1)
    table.declare(single.cards)
    assert "It takes a pair of level cards or stronger to override it." in table.declaration_words()()
    for face, best in table.declare_choices():
        assert best is None or best.cards[0] == face


def deal_all(table: PracticeTable) -> None:
    while table.game.phase == DEALING:
        table.game.deal()


def test_four_decks_calls_are_face_down_until_the_deal_ends() -> None:
    table = table_of(4, seed=3)
    game = table.game
    deal_all(table)
    level = game.level
    assert "face down until the deal ends" in table.declaration_words()()
    assert all(not face.is_joker for face, _d in table.declare_choices())  # no no-trump with four decks
    # another seat calls two level cards: the learner sees only how many
    other = next(s for s in (1, 2, 3) if any(len(d.cards) == 2 for d in game.legal_declarations(s)))
    call = next(d for d in game.legal_declarations(other) if len(d.cards) == 2)
    game.declare(other, call.cards)
    assert table.standing() is None and table.hidden_call == 2
    words = table.declaration_words()()
    assert "face down with 2 cards" in words and "3 identical level cards" in words, words
    assert "until the deal ends" in words
    assert table.trump_context().trump is None  # the hand is not sorted by the hidden suit
    assert table.calls_words() is None
    assert all(len(d.cards) >= 3 for d in table.declaration_options())
    table.close_declaring()
    run_until_learner(table)
    assert game.phase == TRICKS and game.dealer == call.seat and game.trump == call.trump
    revealed = table.calls_words()
    assert revealed is not None and level in revealed() or call.cards[0].rank in revealed()


def test_four_decks_nobody_calls_spades_are_trumps() -> None:
    table = table_of(4, seed=3)
    table.players = [_Silent()] * 4
    deal_all(table)
    table.close_declaring()
    table.step()
    assert table.game.trump == "S" and table.game.dealer == table.game.first_seat
    assert table.calls_words()() == "Nobody called: ♠ is trumps."


class _Silent:
    """A player who never declares (and plays nothing: only the deal is looked at)."""

    def declare(self, view):
        return None


def test_a_saved_match_of_each_game_resumes() -> None:
    for decks in (1, 2, 3, 4):
        table = table_of(decks, seed=2)
        run_until_learner(table)
        again = PracticeTable.from_dict(table.to_dict())
        assert again.game.rules.decks == decks and again.game.log == table.game.log

"""Drills answered with cards: generators that deal a hand (and a trick, a
declaration or other hands) for a card task: point cards, trumps, following, tractors,
ruffing, a sure lead, feeding or saving points, declaring, burying.

Apart from the choice drills because each builds a card task for a card rule
(``hand_rules``, ``play_rules``); the registry and the dealing loop are ``drills``'.
"""

from __future__ import annotations

import random

from engine import Card, Rules, TrumpContext
from engine.cards import RANKS, SUITS

from tutor.i18n import N_

from .model import Phrase, Position, Trick
from .pack import Pack, in_side_suit, random_position, side_suit
from .steps import Declare, Lead, PlayTrick, SelectCards, Task


def point_cards(rng: random.Random, rules: Rules) -> Task | None:
    pack = Pack(rng, rules)
    scoring = rng.randint(2, 5)
    hand = pack.take(scoring, lambda c: bool(c.points)) + pack.take(9 - scoring, lambda c: not c.points)
    rng.shuffle(hand)
    return SelectCards(line=0, goal=Phrase(N_("Pick every card worth points.")), answer="cards_worth_points",
                       hand=tuple(hand), sort="printed")


def find_trumps(rng: random.Random, rules: Rules) -> Task | None:
    position = random_position(rng)
    ctx = position.context(rules)
    pack = Pack(rng, rules)
    hand = pack.take(3, ctx.is_trump) + pack.take(7, lambda c: not ctx.is_trump(c))
    return SelectCards(line=0, goal=Phrase(N_("Pick every trump in this hand.")), answer="all_trumps",
                       hand=tuple(hand), position=position, sort="printed")


def _trick(rng: random.Random, lead: list[Card], pack: Pack, suit: str, ctx: TrumpContext,
           leader: int) -> Trick:
    """``lead`` by ``leader``, the learner in their turn, the others following suit."""
    plays: list[tuple[Card, ...] | None] = [tuple(lead)]
    for i in range(1, 4):
        seat = (leader + i) % 4
        plays.append(None if seat == 0 else tuple(pack.take(len(lead), in_side_suit(suit, ctx))))
    return Trick(leader, tuple(plays))


def _follow(rng: random.Random, rules: Rules, pair: bool) -> Task | None:
    """A side-suit single (or pair) led, the learner holding some of that suit."""
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = side_suit(rng, ctx)
    pack = Pack(rng, rules)
    plain = in_side_suit(suit, ctx)
    lead = pack.pair(plain) if pair else pack.take(1, plain)
    held = pack.pair(plain) if pair and rng.random() < 0.7 else []
    others = [s for s in SUITS if s != suit and s != ctx.trump]  # no trumps: lesson 1 has none yet
    hand = held + pack.take(rng.randint(1, 3), plain) + \
        pack.take(4 - len(held) // 2, lambda c: not c.is_joker and ctx.suit_of(c) in others)
    trick = _trick(rng, lead, pack, suit, ctx, rng.choice((1, 2, 3)))
    goal = Phrase(N_("Follow the pair.")) if pair else Phrase(N_("Follow the lead."))
    return PlayTrick(line=0, goal=goal, answer="legal_follow", hand=tuple(hand), trick=trick, position=position)


def follow_single(rng: random.Random, rules: Rules) -> Task | None:
    return _follow(rng, rules, pair=False)


def follow_pair(rng: random.Random, rules: Rules) -> Task | None:
    return _follow(rng, rules, pair=True)


def spot_tractors(rng: random.Random, rules: Rules) -> Task | None:
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = side_suit(rng, ctx)
    pack = Pack(rng, rules)
    ranks = [r for r in RANKS if r != ctx.level and not (rules.constant_twos and r == "2")]
    start = rng.randrange(len(ranks) - 1)
    pairs = []
    for rank in (ranks[start], ranks[start + 1], rng.choice(ranks)):
        card = Card.of(suit, rank)
        if card in pack.cards and pack.cards.count(card) == 2:
            pack.cards.remove(card)
            pack.cards.remove(card)
            pairs += [card, card]
    hand = pairs + pack.pair(lambda c: ctx.suit_of(c) != suit) + pack.take(4)
    return SelectCards(line=0, goal=Phrase(N_("Select every card that belongs to a tractor.")), answer="tractors",
                       hand=tuple(hand), position=position)


def ruff_to_win(rng: random.Random, rules: Rules) -> Task | None:
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = side_suit(rng, ctx)
    pack = Pack(rng, rules)
    size = rng.choice((1, 2))
    lead = pack.take(1, in_side_suit(suit, ctx)) if size == 1 else pack.pair(in_side_suit(suit, ctx))
    hand = (pack.take(2, ctx.is_trump) + pack.pair(ctx.is_trump) +
            pack.take(3, lambda c: not ctx.is_trump(c) and ctx.suit_of(c) != suit))
    partner = pack.take(size, in_side_suit(suit, ctx))
    left = pack.take(size, in_side_suit(suit, ctx)) if rng.random() < 0.6 else pack.take(size, ctx.is_trump)
    trick = Trick(1, (tuple(lead), tuple(partner), tuple(left), None))
    return PlayTrick(line=0, goal=Phrase(N_("You have none of the suit led. Win the trick.")), answer="win_trick",
                     hand=tuple(hand), trick=trick, position=position)


def sure_lead(rng: random.Random, rules: Rules) -> Task | None:
    """Every hand shown, four cards each: lead a card nobody can beat (a sure winner)."""
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    pack = Pack(rng, rules)
    suit = side_suit(rng, ctx)
    top = max((c for c in pack.cards if in_side_suit(suit, ctx)(c)), key=ctx.position)
    hand = pack.take(1, lambda c: c == top) + pack.take(3, lambda c: not ctx.is_trump(c))
    others = [pack.take(1, in_side_suit(suit, ctx)) + pack.take(3, lambda c: not ctx.is_trump(c) or rng.random() < 0.3)
              for _ in range(3)]
    return Lead(line=0, goal=Phrase(N_("Every hand is shown. Lead a card that wins the trick for sure.")),
                answer="winning_lead", hand=tuple(hand), others=tuple(tuple(h) for h in others),
                position=position)


def feed_or_save(rng: random.Random, rules: Rules) -> Task | None:
    """You play last to a trick whose winner is settled: feed it points when it is your
    partner's, keep them when it is an opponent's."""
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = side_suit(rng, ctx)
    pack = Pack(rng, rules)
    ace = max((c for c in pack.cards if in_side_suit(suit, ctx)(c)), key=ctx.position)
    lead = pack.take(1, lambda c: c == ace)
    low = lambda c: in_side_suit(suit, ctx)(c) and ctx.position(c) < ctx.position(ace)  # noqa: E731
    hand = pack.take(1, lambda c: low(c) and bool(c.points)) + pack.take(1, lambda c: low(c) and not c.points) + \
        pack.take(2, lambda c: not ctx.is_trump(c) and ctx.suit_of(c) != suit)
    rng.shuffle(hand)
    first, third = tuple(pack.take(1, low)), tuple(pack.take(1, low))
    if rng.random() < 0.5:  # the right opponent leads the ace, or your partner plays it second
        return PlayTrick(line=0, goal=Phrase(N_("An opponent's card wins this trick. Play the best card.")),
                         answer="save_points", hand=tuple(hand), trick=Trick(1, (tuple(lead), first, third, None)),
                         position=position)
    return PlayTrick(line=0, goal=Phrase(N_("Your partner's card wins this trick. Play the best card.")),
                     answer="feed_partner", hand=tuple(hand), trick=Trick(1, (first, tuple(lead), third, None)),
                     position=position)


def declare_now(rng: random.Random, rules: Rules) -> Task | None:
    level = rng.choice(RANKS)
    pack = Pack(rng, rules)
    shown = None
    if rng.random() < 0.75:
        seat = rng.choice((1, 2, 3))
        shown = (seat, tuple(pack.take(1, lambda c: c.rank == level) if rng.random() < 0.6 else
                             pack.pair(lambda c: c.rank == level)))
    hand = pack.take(rng.randint(1, 2), lambda c: c.rank == level or c.is_joker) + \
        pack.take(6, lambda c: c.rank != level and not c.is_joker)
    if rng.random() < 0.4:
        hand += pack.pair(lambda c: c.rank == level or c.is_joker)
    goal = Phrase(N_("Declare if the rules let you, or pass."))
    return Declare(line=0, goal=goal, answer="declaration", hand=tuple(hand), shown=shown,
                   position=Position(level, None, decided=False))


def bury_safely(rng: random.Random, rules: Rules) -> Task | None:
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    pack = Pack(rng, rules)
    safe = rng.randint(8, 10)
    hand = (pack.take(safe, lambda c: not c.points and not ctx.is_trump(c)) +
            pack.take(33 - safe - 8, ctx.is_trump) + pack.take(8, lambda c: bool(c.points) and not ctx.is_trump(c)))
    return SelectCards(line=0, goal=Phrase(N_("Bury 8 cards safely.")), answer="safe_bury", hand=tuple(hand),
                       count=8, position=position)

"""Drill and quiz positions, dealt fresh from a seed.

A generator deals a small position (a hand, a trick, a score) at random and returns a
task step of the model, judged by the same named rules as the written tasks.  It
deals again until the engine finds at least one right and one wrong answer, so every
position can be failed and solved.  Generators never decide an answer themselves:
they only deal; ``expect`` of a generated task is the engine's verdict (the written
tasks pin the rules against their authors' answers).

``generate(name, seed, rules)`` is deterministic: the same seed gives the same task.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable

from engine import (
    Card,
    Rules,
    TrumpContext,
    check_lead,
    deck,
    decompose,
    hand_result,
    level_row,
    points,
)
from engine.cards import RANKS, SUITS
from engine.game import team_of

from tutor import seats
from tutor.hints import CardsRef
from tutor.i18n import N_

from .answers import TooOpen
from .choice_rules import CHOICE_RULES
from .hand_rules import SafeBury
from .ideas import ties
from .model import (
    SEATS,
    CardTask,
    Choose,
    Declare,
    Lead,
    Numbers,
    Option,
    Phrase,
    PlayTrick,
    Position,
    SelectCards,
    Task,
    Trick,
    answer_key,
    context_for,
)
from .replay import winner_seat
from .rules import CARD_RULES, right_answers, wrong_answer

Generator = Callable[[random.Random, Rules], Task | None]
"""Deals one position; ``None`` when this deal does not make a good task (deal again)."""

ATTEMPTS = 400


class _Deck:
    """A shuffled two-deck pack to take cards from."""

    def __init__(self, rng: random.Random, rules: Rules) -> None:
        self.rng = rng
        self.cards = deck(rules.decks)
        rng.shuffle(self.cards)

    def take(self, n: int, keep: Callable[[Card], bool] = lambda c: True) -> list[Card]:
        found = [c for c in self.cards if keep(c)][:n]
        if len(found) < n:
            raise LookupError("not enough cards")
        for card in found:
            self.cards.remove(card)
        return found

    def pair(self, keep: Callable[[Card], bool]) -> list[Card]:
        """Two identical cards (``LookupError`` if the pack has none left)."""
        faces = [c for c in set(self.cards) if keep(c) and self.cards.count(c) >= 2]
        if not faces:
            raise LookupError("no pair left")
        face = self.rng.choice(sorted(faces, key=lambda c: c.index))
        self.cards.remove(face)
        self.cards.remove(face)
        return [face, face]


def _position(rng: random.Random, no_trump: float = 0.15) -> Position:
    trump = None if rng.random() < no_trump else rng.choice(SUITS)
    return Position(rng.choice(RANKS), trump)


def _side_suit(rng: random.Random, ctx: TrumpContext) -> str:
    return rng.choice([s for s in SUITS if s != ctx.trump])


def _plain(suit: str, ctx: TrumpContext) -> Callable[[Card], bool]:
    """Cards whose effective suit is the side suit ``suit``."""
    return lambda c: not c.is_joker and ctx.suit_of(c) == suit


SEAT_LABELS = dict(zip(SEATS, seats.ANSWERS))
"""Option labels of a seat answer (the written lessons' msgids)."""
SEAT_NAMES = dict(zip(SEATS, seats.NAMES))
"""A seat inside a sentence."""


def _seat_options() -> tuple[Option, ...]:
    return tuple(Option(value=seat, label=SEAT_LABELS[seat]) for seat in SEATS)


# --------------------------------------------------------------------------- generators


def point_cards(rng: random.Random, rules: Rules) -> Task | None:
    pack = _Deck(rng, rules)
    scoring = rng.randint(2, 5)
    hand = pack.take(scoring, lambda c: bool(c.points)) + pack.take(9 - scoring, lambda c: not c.points)
    rng.shuffle(hand)
    return SelectCards(line=0, goal=Phrase(N_("Pick every card worth points.")), answer="cards_worth_points",
                       hand=tuple(hand), sort="printed")


def trick_points(rng: random.Random, rules: Rules) -> Task | None:
    cards = _Deck(rng, rules).take(4, lambda c: not c.is_joker)
    value = points(cards)
    wrong = sorted({v for v in (value - 10, value - 5, value + 5, value + 10, value + 15) if v >= 0} - {value})
    values = [value, *rng.sample(wrong, 3)]
    options = tuple(Option(value=str(v), label=Phrase(N_("{n} points"), n=v)) for v in sorted(values))
    explain = Phrase("{sum} = {total}", sum=" + ".join(str(points([c])) for c in cards), total=value)
    return Choose(line=0, goal=Phrase(N_("Count the points.")), question=Phrase(N_("How many points are in these cards?")),
                  answer="points", cards=tuple(cards), options=options, sort="printed", explain=explain)


def find_trumps(rng: random.Random, rules: Rules) -> Task | None:
    position = _position(rng)
    ctx = position.context(rules)
    pack = _Deck(rng, rules)
    hand = pack.take(3, ctx.is_trump) + pack.take(7, lambda c: not ctx.is_trump(c))
    return SelectCards(line=0, goal=Phrase(N_("Pick every trump in this hand.")), answer="all_trumps",
                       hand=tuple(hand), position=position, sort="printed")


def _trick(rng: random.Random, lead: list[Card], pack: _Deck, suit: str, ctx: TrumpContext,
           leader: int) -> Trick:
    """``lead`` by ``leader``, the learner in their turn, the others following suit."""
    plays: list[tuple[Card, ...] | None] = [tuple(lead)]
    for i in range(1, 4):
        seat = (leader + i) % 4
        plays.append(None if seat == 0 else tuple(pack.take(len(lead), _plain(suit, ctx))))
    return Trick(leader, tuple(plays))


def _follow(rng: random.Random, rules: Rules, pair: bool) -> Task | None:
    """A side-suit single (or pair) led, the learner holding some of that suit."""
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = _side_suit(rng, ctx)
    pack = _Deck(rng, rules)
    plain = _plain(suit, ctx)
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
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = _side_suit(rng, ctx)
    pack = _Deck(rng, rules)
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
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = _side_suit(rng, ctx)
    pack = _Deck(rng, rules)
    size = rng.choice((1, 2))
    lead = pack.take(1, _plain(suit, ctx)) if size == 1 else pack.pair(_plain(suit, ctx))
    hand = (pack.take(2, ctx.is_trump) + pack.pair(ctx.is_trump) +
            pack.take(3, lambda c: not ctx.is_trump(c) and ctx.suit_of(c) != suit))
    partner = pack.take(size, _plain(suit, ctx))
    left = pack.take(size, _plain(suit, ctx)) if rng.random() < 0.6 else pack.take(size, ctx.is_trump)
    trick = Trick(1, (tuple(lead), tuple(partner), tuple(left), None))
    return PlayTrick(line=0, goal=Phrase(N_("You have none of the suit led. Win the trick.")), answer="win_trick",
                     hand=tuple(hand), trick=trick, position=position)


def sure_lead(rng: random.Random, rules: Rules) -> Task | None:
    """Every hand shown, four cards each: lead a card nobody can beat (a sure winner)."""
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    pack = _Deck(rng, rules)
    suit = _side_suit(rng, ctx)
    top = max((c for c in pack.cards if _plain(suit, ctx)(c)), key=ctx.position)
    hand = pack.take(1, lambda c: c == top) + pack.take(3, lambda c: not ctx.is_trump(c))
    others = [pack.take(1, _plain(suit, ctx)) + pack.take(3, lambda c: not ctx.is_trump(c) or rng.random() < 0.3)
              for _ in range(3)]
    return Lead(line=0, goal=Phrase(N_("Every hand is shown. Lead a card that wins the trick for sure.")),
                answer="winning_lead", hand=tuple(hand), others=tuple(tuple(h) for h in others),
                position=position)


def feed_or_save(rng: random.Random, rules: Rules) -> Task | None:
    """You play last to a trick whose winner is settled: feed it points when it is your
    partner's, keep them when it is an opponent's."""
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = _side_suit(rng, ctx)
    pack = _Deck(rng, rules)
    ace = max((c for c in pack.cards if _plain(suit, ctx)(c)), key=ctx.position)
    lead = pack.take(1, lambda c: c == ace)
    low = lambda c: _plain(suit, ctx)(c) and ctx.position(c) < ctx.position(ace)  # noqa: E731
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


OUTCOMES = ("dealers+3", "dealers+2", "dealers+1", "attackers+0", "attackers+1", "attackers+2", "attackers+3")
OUTCOME_LABELS = {
    "dealers+3": N_("The dealers go up three levels"),
    "dealers+2": N_("The dealers go up two levels"),
    "dealers+1": N_("The dealers go up one level"),
    "attackers+0": N_("The attackers become the dealers, without a level change"),
    "attackers+1": N_("The attackers become the dealers and go up one level"),
    "attackers+2": N_("The attackers become the dealers and go up two levels"),
    "attackers+3": N_("The attackers become the dealers and go up three levels"),
}
"""Option labels of a hand result (msgids shared with the written lessons)."""


def _outcome(value: int, rules: Rules) -> str:
    result = hand_result(value, rules)
    return f"{'attackers' if result.attackers_take_over else 'dealers'}+{result.levels}"


def level_table(rng: random.Random, rules: Rules) -> Task | None:
    value = 5 * rng.randint(0, 47)
    right = _outcome(value, rules)
    if right not in OUTCOMES:
        return None
    at = OUTCOMES.index(right)
    near = [o for o in OUTCOMES if o != right and abs(OUTCOMES.index(o) - at) <= 2]
    chosen = {right, *rng.sample(near, 2)}
    options = tuple(Option(value=o, label=OUTCOME_LABELS[o]) for o in OUTCOMES if o in chosen)
    row = level_row(value)
    explain = (Phrase(N_("{n} points is in the level table's row from {low} to {high}."), n=value, low=row.low,
                      high=row.high) if row.low is not None else
               Phrase(N_("No points at all: the first row of the level table.")))
    return Choose(line=0, goal=Phrase(N_("Read the level table.")),
                  question=Phrase(N_("The attackers end the hand with {n} points. What happens?"), n=value),
                  answer="hand_result", options=options, data=(("points", str(value)),), explain=explain)


def next_dealer(rng: random.Random, rules: Rules) -> Task | None:
    dealer = rng.choice(SEATS)
    value = 5 * rng.randint(0, 40)
    question = Phrase(N_("This hand was dealt by {dealer}, and the attackers scored {n} points. Who deals next?"),
                      dealer=Phrase(SEAT_NAMES[dealer]), n=value)
    explain = (N_("The attackers took over, so the player on the old dealer's right deals.")
               if hand_result(value, rules).attackers_take_over else
               N_("The dealers held, so the deal passes to the dealer's partner."))
    return Choose(line=0, goal=Phrase(N_("Find the next dealer.")), question=question, answer="next_dealer",
                  options=_seat_options(), data=(("dealer", dealer), ("points", str(value))), explain=explain)


def kitty_factor(rng: random.Random, rules: Rules) -> Task | None:
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = _side_suit(rng, ctx)
    pack = _Deck(rng, rules)
    shape = rng.choice(("single", "pair", "tractor"))
    if shape == "single":
        lead = pack.take(1, _plain(suit, ctx))
    elif shape == "pair":
        lead = pack.pair(_plain(suit, ctx))
    else:
        ranks = [r for r in RANKS if Card.of(suit, r) in pack.cards and ctx.suit_of(Card.of(suit, r)) == suit]
        low = [Card.of(suit, r) for r in ranks]
        lead = []
        for a, b in zip(low, low[1:]):
            if pack.cards.count(a) == 2 and pack.cards.count(b) == 2 and \
                    decompose([a, a, b, b], ctx)[0].kind == "tractor":
                lead = [a, a, b, b]
                break
        if not lead:
            return None
    step = Choose(line=0, goal=Phrase(N_("Find the multiplier.")),
                  question=Phrase(N_("The attackers win the last trick, led with these cards. "
                                  "How many times do the kitty's points count?")),
                  answer="kitty_multiplier", lead=tuple(lead), position=position,
                  options=tuple(Option(value=str(v), label=Phrase(N_("×{n}"), n=v)) for v in (2, 4, 6, 8, 16)))
    right = CHOICE_RULES["kitty_multiplier"].value(step, ctx)
    keep = [o for o in step.options if o.value == right] + rng.sample([o for o in step.options if o.value != right], 2)
    explain = (Phrase(N_("Cards in the last lead: {n}. Twice {n} is {m}."), n=len(lead), m=right)
               if rules.kitty_multiplier == "twice_cards" else
               Phrase(N_("With the rule option in force, the largest part of the lead decides: ×{m}."), m=right))
    return replace(step, options=tuple(sorted(keep, key=lambda o: int(o.value))), explain=explain)


def count_points(rng: random.Random, rules: Rules) -> Task | None:
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    pack = _Deck(rng, rules)
    tricks = []
    leader = rng.randrange(4)
    for _ in range(3):
        suit = _side_suit(rng, ctx)
        plays = tuple(tuple(pack.take(1, _plain(suit, ctx))) for _ in range(4))
        if ties([list(p) for p in plays], ctx):
            return None  # equal cards are taught with the trumps, after this drill
        tricks.append(Trick(leader, plays))
        leader = winner_seat(tricks[-1], ctx)  # the winner leads the next trick
    attackers = rng.choice(("us", "them"))
    step = Choose(line=0, goal=Phrase(N_("Count the attackers' points.")),
                  question=Phrase(N_("You and your partner are the attackers. How many points have you taken?"))
                  if attackers == "us" else
                  Phrase(N_("The opponents are the attackers. How many points have they taken?")),
                  answer="attackers_points", tricks=tuple(tricks), position=position,
                  data=(("attackers", attackers),))
    value = int(CHOICE_RULES["attackers_points"].value(step, ctx))
    wrong = sorted({v for v in (value - 10, value - 5, value + 5, value + 10) if v >= 0} - {value})
    values = sorted([value, *rng.sample(wrong, 2)])
    side = team_of(0 if attackers == "us" else 1)
    won = [n for n, trick in enumerate(tricks, 1) if team_of(winner_seat(trick, ctx)) == side]
    explain = (Phrase(N_("Tricks the attackers won: {tricks}; {n} points in all."), tricks=Numbers(won), n=value)
               if won else Phrase(N_("The attackers won none of these tricks: 0 points.")))
    return replace(step, options=tuple(Option(value=str(v), label=Phrase(N_("{n} points"), n=v)) for v in values),
                   explain=explain)


def seats(rng: random.Random, rules: Rules) -> Task | None:
    seat = rng.choice(SEATS[1:])
    rule = rng.choice(("partner", "next_player"))
    question = (Phrase(N_("Who is the partner of {seat}?"), seat=Phrase(SEAT_NAMES[seat])) if rule == "partner" else
                Phrase(N_("Who plays right after {seat}?"), seat=Phrase(SEAT_NAMES[seat])))
    return Choose(line=0, goal=Phrase(N_("Know the table.")), question=question, answer=rule,
                  options=_seat_options(), data=(("seat", seat),))


def throw_check(rng: random.Random, rules: Rules) -> Task | None:
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = _side_suit(rng, ctx)
    pack = _Deck(rng, rules)
    top = sorted((c for c in pack.cards if _plain(suit, ctx)(c)), key=ctx.position, reverse=True)
    lead = [top[0]] + pack.pair(lambda c: _plain(suit, ctx)(c) and ctx.position(c) < ctx.position(top[0]))
    pack.cards.remove(top[0])
    others = [tuple(pack.take(rng.randint(1, 3), _plain(suit, ctx))) for _ in range(3)]
    if len(decompose(lead, ctx)) < 2:
        return None
    verdict = check_lead(lead, [list(h) for h in others], ctx)
    explain = (N_("Nobody can beat any part of it, so the throw stands.") if verdict.ok else
               Phrase(N_("Another hand can beat {cards}, so the throw fails."),
                      cards=CardsRef(tuple(c for part in verdict.beaten for c in part.cards))))
    return Choose(line=0, goal=Phrase(N_("Judge a throw.")), explain=explain,
                  question=Phrase(N_("You lead these cards together. The other players hold the cards of this suit "
                                  "shown below. Does the throw stand?")),
                  answer="throw_stands", lead=tuple(lead), others=tuple(others), position=position,
                  options=(Option(value="yes", label=N_("Yes, it stands")), Option(value="no", label=N_("No, it fails"))))


def declare_now(rng: random.Random, rules: Rules) -> Task | None:
    level = rng.choice(RANKS)
    pack = _Deck(rng, rules)
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


def pick_tractor(rng: random.Random, rules: Rules) -> Task | None:
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = _side_suit(rng, ctx)
    ranks = [r for r in RANKS if ctx.suit_of(Card.of(suit, r)) == suit]
    i = rng.randrange(len(ranks) - 2)
    a, b, c = (Card.of(suit, r) for r in ranks[i:i + 3])
    y = Card.of(rng.choice([s for s in SUITS if s != suit]), b.rank)
    options = tuple(Option(value=" ".join(map(str, cs)), cards=cs)
                    for cs in ((a, a, b, b), (a, a, c, c), (a, a, y, y)))
    return Choose(line=0, goal=Phrase(N_("Spot the tractor.")), question=Phrase(N_("Which of these is a tractor?")),
                  answer="tractor", options=options, position=position)


def bury_safely(rng: random.Random, rules: Rules) -> Task | None:
    position = _position(rng, no_trump=0)
    ctx = position.context(rules)
    pack = _Deck(rng, rules)
    safe = rng.randint(8, 10)
    hand = (pack.take(safe, lambda c: not c.points and not ctx.is_trump(c)) +
            pack.take(33 - safe - 8, ctx.is_trump) + pack.take(8, lambda c: bool(c.points) and not ctx.is_trump(c)))
    return SelectCards(line=0, goal=Phrase(N_("Bury 8 cards safely.")), answer="safe_bury", hand=tuple(hand),
                       count=8, position=position)


GENERATORS: dict[str, Generator] = {
    "point_cards": point_cards,
    "trick_points": trick_points,
    "find_trumps": find_trumps,
    "follow_single": follow_single,
    "follow_pair": follow_pair,
    "spot_tractors": spot_tractors,
    "pick_tractor": pick_tractor,
    "ruff_to_win": ruff_to_win,
    "level_table": level_table,
    "next_dealer": next_dealer,
    "kitty_factor": kitty_factor,
    "count_points": count_points,
    "seats": seats,
    "throw_check": throw_check,
    "declare_now": declare_now,
    "bury_safely": bury_safely,
    "sure_lead": sure_lead,
    "feed_or_save": feed_or_save,
}


def generate(name: str, seed: int, rules: Rules) -> Task:
    """A task from generator ``name``: deterministic for ``seed``, with exactly the
    engine's answers as ``expect`` and at least one wrong answer."""
    rng = random.Random(f"{name}:{seed}")
    for _ in range(ATTEMPTS):
        try:
            task = GENERATORS[name](rng, rules)
        except LookupError:  # the pack ran out of a kind of card: deal again
            continue
        if task is None:
            continue
        ctx = context_for(task, rules)
        try:
            right = right_answers(task, ctx)
            if not right or wrong_answer(task, ctx) is None:
                continue
        except TooOpen:  # a deal too open to check: deal again
            continue
        if isinstance(task, Choose):
            if len(right) != 1:
                continue
            return replace(task, expect=task.options[min(right)].value)
        assert isinstance(task, CardTask)
        if () in right and not isinstance(task, Declare):
            continue  # picking nothing cannot be played or checked
        if isinstance(rule := CARD_RULES[task.answer or ""], SafeBury):
            right = rule.model_first(task, ctx, list(right))  # the answer shown is a good burial
        return replace(task, expect=tuple(answer_key(a) for a in right))
    raise RuntimeError(f"generator {name} found no good position in {ATTEMPTS} deals")


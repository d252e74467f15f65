"""Drills answered by choosing an option: generators that deal a position and offer
options: a trick's points, the level table, the next dealer, the kitty's multiplier,
the attackers' points, the seats, a throw, a tractor.

Apart from the card drills because each builds a ``choose`` task for a choice rule
(``choice_rules``) with its options and their labels; the registry and the dealing
loop are ``drills``'.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine import Card, Rules, check_lead, decompose, hand_result, level_row, points
from engine.cards import RANKS, SUITS
from engine.game import team_of

from tutor import seats
from tutor.hints import CardsRef
from tutor.i18n import N_

from .choice_rules import CHOICE_RULES
from .ideas import ties
from .model import SEATS, Numbers, Option, Phrase, Trick
from .pack import Pack, in_side_suit, random_position, side_suit
from .replay import winner_seat
from .steps import Choose, Task


SEAT_LABELS = dict(zip(SEATS, seats.ANSWERS))
"""Option labels of a seat answer (the written lessons' msgids)."""


SEAT_NAMES = dict(zip(SEATS, seats.NAMES))
"""A seat inside a sentence."""


def _seat_options() -> tuple[Option, ...]:
    return tuple(Option(value=seat, label=SEAT_LABELS[seat]) for seat in SEATS)


def trick_points(rng: random.Random, rules: Rules) -> Task | None:
    cards = Pack(rng, rules).take(4, lambda c: not c.is_joker)
    value = points(cards)
    wrong = sorted({v for v in (value - 10, value - 5, value + 5, value + 10, value + 15) if v >= 0} - {value})
    values = [value, *rng.sample(wrong, 3)]
    options = tuple(Option(value=str(v), label=Phrase(N_("{n} points"), n=v)) for v in sorted(values))
    explain = Phrase("{sum} = {total}", sum=" + ".join(str(points([c])) for c in cards), total=value)
    return Choose(line=0, goal=Phrase(N_("Count the points.")), question=Phrase(N_("How many points are in these cards?")),
                  answer="points", cards=tuple(cards), options=options, sort="printed", explain=explain)


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
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = side_suit(rng, ctx)
    pack = Pack(rng, rules)
    shape = rng.choice(("single", "pair", "tractor"))
    if shape == "single":
        lead = pack.take(1, in_side_suit(suit, ctx))
    elif shape == "pair":
        lead = pack.pair(in_side_suit(suit, ctx))
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
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    pack = Pack(rng, rules)
    tricks = []
    leader = rng.randrange(4)
    for _ in range(3):
        suit = side_suit(rng, ctx)
        plays = tuple(tuple(pack.take(1, in_side_suit(suit, ctx))) for _ in range(4))
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
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = side_suit(rng, ctx)
    pack = Pack(rng, rules)
    top = sorted((c for c in pack.cards if in_side_suit(suit, ctx)(c)), key=ctx.position, reverse=True)
    lead = [top[0]] + pack.pair(lambda c: in_side_suit(suit, ctx)(c) and ctx.position(c) < ctx.position(top[0]))
    pack.cards.remove(top[0])
    others = [tuple(pack.take(rng.randint(1, 3), in_side_suit(suit, ctx))) for _ in range(3)]
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


def pick_tractor(rng: random.Random, rules: Rules) -> Task | None:
    position = random_position(rng, no_trump=0)
    ctx = position.context(rules)
    suit = side_suit(rng, ctx)
    ranks = [r for r in RANKS if ctx.suit_of(Card.of(suit, r)) == suit]
    i = rng.randrange(len(ranks) - 2)
    a, b, c = (Card.of(suit, r) for r in ranks[i:i + 3])
    y = Card.of(rng.choice([s for s in SUITS if s != suit]), b.rank)
    options = tuple(Option(value=" ".join(map(str, cs)), cards=cs)
                    for cs in ((a, a, b, b), (a, a, c, c), (a, a, y, y)))
    return Choose(line=0, goal=Phrase(N_("Spot the tractor.")), question=Phrase(N_("Which of these is a tractor?")),
                  answer="tractor", options=options, position=position)

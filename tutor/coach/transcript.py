"""Practice hands played through the practice model, with everything the coach says.

``moments`` plays seeded hands on a ``PracticeTable`` (the model the table scene
drives), the learner's seat played by a policy — ``coach`` (the advisor's burial and plays),
``random`` (any legal play) or ``poor`` (points to the opponents, points buried) —
and yields every learner decision with the texts the coach shows then: the hint line,
each rung of the hint ladder, why each card that cannot be picked is refused, a
refused play, the narration since the last decision, the tip, declaring and burying
advice, and at the end of the hand the review.

``python -m tutor.coach transcript --seed S`` prints them (``--json`` as JSON);
translators and testers read it, the coach's auditor replays it.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from engine import Card, check_follow, format_cards, points
from engine.claims import Position
from engine.game import BURYING, DECLARING, HAND_OVER, MATCH_OVER, TRICKS, Game
from engine.play import iter_legal_follows, legal_lead_count
from engine.rules import Rules
from engine.view import Decision, PlayerView

from ..i18n import language, set_language
from ..practice import ADVISOR, PracticeTable
from .advice import goes_against
from .ladder import SUGGESTION
from .refusals import blocked_sentences, refusal_sentences
from .said import Said

POLICIES = ("coach", "random", "poor")
LEGAL_SHOWN = 60
"""Legal plays listed in a transcript; beyond that only their number."""


@dataclass
class Moment:
    """One learner decision (or the end of a hand) and what the coach said then."""

    hand: int
    phase: str
    view: PlayerView
    texts: list[tuple[str, Said]] = field(default_factory=list)
    """``(where, sentence)``: where it is shown (``hint_line``, ``ladder:0`` …)."""
    advice: Decision | None = None
    played: tuple[Card, ...] = ()
    table: PracticeTable | None = field(default=None, repr=False)


def moments(seed: int, hands: int = 1, policy: str = "coach", advisor: str = ADVISOR,
            opponents: str = "ai", why_not: bool = True,
            game: Game | None = None) -> Iterator[Moment]:
    """Play ``hands`` hands from ``seed`` (a match: ``game``, else a first hand under the
    default rules) and yield every learner decision, then one ``review`` moment per
    hand."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; one of {', '.join(POLICIES)}")
    table = PracticeTable(game if game is not None else Game(seed=seed), learner=0, seed=seed,
                          ai_kind=opponents,
                          advisor_kind=advisor)
    rng = random.Random(seed)
    for number in range(hands):
        said_before = 0
        while table.phase not in (HAND_OVER, MATCH_OVER):
            if not table.learner_to_act:
                table.step()
                if table.declaring_chance and table.declaration_options():
                    yield _declaring(table, number, policy, rng)
                continue
            if table.phase == DECLARING:
                yield _declaring(table, number, policy, rng)
                table.close_declaring()
                continue
            moment = _decision(table, number, why_not)
            moment.texts += [("narration", s) for s in table.messages[said_before:]]
            said_before = len(table.messages)
            moment.played = _choose(table, moment, policy, rng)
            yield moment
            result = table.submit(list(moment.played))
            assert result.refusal is None, result.refusal()
        end = Moment(number, "review", table.view, table=table)
        end.texts += [("narration", s) for s in table.messages[said_before:]]
        end.texts += [("review", note.said) for note in table.review()]
        yield end
        if table.phase == MATCH_OVER or number == hands - 1:
            return
        table.next_hand()


def _declaring(table: PracticeTable, number: int, policy: str, rng: random.Random) -> Moment:
    """A chance to declare: the line and the advice; the policy may declare."""
    view = table.view
    moment = Moment(number, view.phase, view, table=table)
    moment.texts += [("hint_line", s) for s in table.hint_sentences(())]
    moment.texts += [("declare_advice", s) for s in table.declare_advice()]
    options = table.declaration_options()
    choice: tuple[Card, ...] | None = None
    if policy == "coach":
        move = table.auto_move()
        choice = tuple(move) if move else None
    elif policy == "random" and options and rng.random() < 0.5:
        choice = rng.choice(options).cards
    if choice is not None and any(d.cards == choice for d in options):
        table.declare(choice)
        moment.played = choice
    return moment


def _decision(table: PracticeTable, number: int, why_not: bool) -> Moment:
    view = table.view
    moment = Moment(number, view.phase, view, table=table)
    moment.texts = decision_texts(table, why_not)
    moment.advice = table.ladder().decision
    return moment


def decision_texts(table: PracticeTable, why_not: bool = True) -> list[tuple[str, Said]]:
    """Every text the coach shows at the learner's decision in front of ``table``
    (burying or playing), with where it is shown."""
    view = table.view
    texts = [("hint_line", s) for s in table.hint_sentences(())]
    tip = table.tip()
    if tip is not None:
        # shown until a hint shows a coach's play that departs from it (``coach.tip``)
        gone = view.phase == TRICKS and goes_against(view, tip, table.ladder().decision.cards)
        texts.append(("tip:until_hint" if gone else "tip", tip))
    if view.phase == BURYING:
        texts += [("bury_advice", s) for s in table.bury_advice(())]
        # as they read once the learner has picked the dearest cards
        size = view.rules.variant.kitty_size
        dear = sorted(view.hand, key=lambda c: (-c.points, -ctx_position(view, c), c.index))[:size]
        texts += [("hint_line", s) for s in table.hint_sentences(dear)]
        texts += [("bury_advice", s) for s in table.bury_advice(dear)]
    for step in table.ladder().all_steps():
        texts += [(f"ladder:{step.rung}", s) for s in step.said]
    if view.phase == BURYING:
        # as they read once the learner has climbed the ladder and chosen the coach's cards
        while table.ladder().used <= SUGGESTION:
            table.hint()
        return texts + [("bury_advice", s) for s in table.bury_advice(table.ladder().decision.cards)]
    if why_not:
        offered = table.selectable([]) or set()
        for card in sorted(set(view.hand) - offered, key=lambda c: c.index):
            texts += [("why_not", s) for s in blocked_sentences(view, [], card)]
    wrong = _illegal(view)
    if wrong is not None:
        texts += [("refusal", s) for s in refusal_sentences(view, wrong)]
    return texts


def ctx_position(view: PlayerView, card: Card) -> int:
    assert view.ctx is not None
    return view.ctx.position(card) + (100 if view.ctx.is_trump(card) else 0)


def _illegal(view: PlayerView) -> list[Card] | None:
    """A play of the right size that the rules refuse, if the hand has one."""
    ctx = view.ctx
    if view.leading or ctx is None:
        return None
    lead = list(view.lead or ())
    cards = sorted(view.hand, key=lambda c: (ctx.suit_of(c) == ctx.suit_of(lead[0]), c.index))
    for start in range(len(cards) - len(lead) + 1):
        play = cards[start:start + len(lead)]
        if not check_follow(view.hand, lead, play, ctx).legal:
            return ctx.sorted(play)
    return None


def _choose(table: PracticeTable, moment: Moment, policy: str, rng: random.Random) -> tuple[Card, ...]:
    view = table.view
    ctx = view.ctx
    assert ctx is not None
    if view.phase == BURYING:
        if policy == "coach":
            assert moment.advice is not None
            return tuple(moment.advice.cards)
        hand = list(view.hand)
        size = view.rules.variant.kitty_size
        if policy == "poor":
            return tuple(sorted(hand, key=lambda c: (-c.points, c.index))[:size])
        return tuple(rng.sample(hand, size))
    if policy == "coach":
        assert moment.advice is not None
        return tuple(moment.advice.cards)
    if view.leading:
        hand = list(view.hand)
        if policy == "poor":
            return (max(hand, key=lambda c: (c.points, -ctx.position(c))),)
        suit = ctx.suit_of(rng.choice(hand))
        same = [c for c in hand if ctx.suit_of(c) == suit]
        counts = Counter(same)
        pairs = [c for c, n in counts.items() if n >= 2]
        if pairs and rng.random() < 0.3:
            face = rng.choice(pairs)
            return (face, face)
        return (rng.choice(same),)
    legal = list(iter_legal_follows(view.hand, view.lead or (), ctx))
    if policy == "poor":
        at = Position(view)
        opponent = at.winner is not None and at.winner % 2 != view.seat % 2
        return max(legal, key=lambda p: points(p) if opponent else -points(p))
    return rng.choice(legal)


# ---------------------------------------------------------------- printing


def moment_dict(moment: Moment) -> dict[str, Any]:
    """A moment as plain data: the view, the legal plays, the coach's play, the texts."""
    view = moment.view
    ctx = view.ctx
    seen = [format_cards(p.cards) for r in view.tricks for p in r.plays]
    out: dict[str, Any] = {
        "hand": moment.hand + 1,
        "phase": moment.phase,
        "seat": view.seat,
        "dealer": view.dealer,
        "level": view.level,
        "trump": (ctx.trump or "no-trump") if ctx is not None else None,
        "hand_cards": format_cards(ctx.sorted(view.hand) if ctx is not None else view.hand),
        "trick": [[p.seat, format_cards(p.cards)] for p in view.trick],
        "tricks_done": len(view.tricks),
        "cards_seen": seen,
        "cards_left": list(view.cards_left),
    }
    if moment.phase == TRICKS and ctx is not None:
        out.update(_legal(view))
    if moment.advice is not None:
        reason = moment.advice.reason
        out["coach_play"] = format_cards(moment.advice.cards)
        out["coach_reason"] = reason.code if reason else None
    if moment.played:
        out["played"] = format_cards(moment.played)
    out["texts"] = [{"where": where, **said.to_dict()} for where, said in moment.texts]
    return out


def _legal(view: PlayerView) -> dict[str, Any]:
    ctx = view.ctx
    assert ctx is not None
    if view.leading:
        return {"legal_count": legal_lead_count(view.hand, ctx)}
    plays = []
    for n, play in enumerate(iter_legal_follows(view.hand, view.lead or (), ctx)):
        if n < LEGAL_SHOWN:
            plays.append(format_cards(play))
    count = sum(1 for _ in iter_legal_follows(view.hand, view.lead or (), ctx))
    out: dict[str, Any] = {"legal_count": count}
    if count <= LEGAL_SHOWN:
        out["legal"] = plays
    return out


def records(seed: int, hands: int = 1, policy: str = "coach", lang: str = "en",
            advisor: str = ADVISOR, decks: int = 2) -> Iterator[dict[str, Any]]:
    """The transcript as plain data, worded in ``lang``, one decision at a time (a long
    transcript is printed as it is played, never held whole), in the game of ``decks``."""
    before = language()
    set_language(lang)
    try:
        for moment in moments(seed, hands, policy, advisor, game=Game(Rules(decks=decks), seed=seed)):
            yield moment_dict(moment)
    finally:
        set_language(before)


def print_text(records: Iterable[dict[str, Any]]) -> None:
    """The transcript for reading: one block per decision, printed as it comes."""
    for record in records:
        head = f"hand {record['hand']} · {record['phase']}"
        if record["phase"] == TRICKS:
            head += f" · trick {record['tricks_done'] + 1}"
        lines = [head, f"  hand: {record['hand_cards']}   level {record['level']}, trump {record['trump']}"]
        if record["trick"]:
            lines.append("  trick: " + "; ".join(f"seat {s}: {c}" for s, c in record["trick"]))
        if "legal_count" in record:
            lines.append(f"  legal plays: {record['legal_count']}")
        if "coach_play" in record:
            lines.append(f"  coach: {record['coach_play']} ({record['coach_reason']})")
        if "played" in record:
            lines.append(f"  played: {record['played']}")
        for text in record["texts"]:
            claims = ", ".join(c["claim"] for c in text["claims"]) or "-"
            lines.append(f"  [{text['where']}] {text['text']}   <{claims}>")
        print("\n".join(lines) + "\n", flush=True)


def print_json(records: Iterable[dict[str, Any]]) -> None:
    """The transcript as one JSON list, printed a record at a time as it comes."""
    opened = False
    for record in records:
        print("," if opened else "[")
        print(json.dumps(record, ensure_ascii=False), flush=True)
        opened = True
    print("]" if opened else "[]", flush=True)

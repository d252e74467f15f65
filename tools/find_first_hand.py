"""Find a deal for the guided first hand, and write its script.

    python tools/find_first_hand.py search [--start 0] [--count 3000] [--top 8]
    python tools/find_first_hand.py script SEED

``search`` plays seeds with the AI at every seat, the learner's seat (seat 0)
declaring only to override an opponent's single with a level pair (the guided hand's
declaring stop, which makes the learner the dealer who buries), and lists the deals
where the moments the guide needs really happen: that override, a safe bury (no
points, no trumps) from few enough cards, a pair led that the learner must answer
with its one pair, a trick the learner plays last and wins by ruffing, a trick it
plays last while its partner wins (feeding), a throw, with few right answers at each
stop (so a learner's right answer rarely leaves the script).

``script`` prints the ``seed``/``script`` block of ``lessons/first_hand.yaml`` for a
seed, with the tricks where each kind of stop fits and their right answers.

The recording is what the guided hand replays, so the hand stays the same when the
AI players change; a deal found here is checked by ``python -m tutor.lessons check``.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Rules, lead_shape, points  # noqa: E402
from engine.ai.declare import trump_share  # noqa: E402
from engine.cards import format_cards  # noqa: E402
from engine.game import DEALING, DECLARING, SEATS, SEGMENT, Game  # noqa: E402
from engine.players import make_player  # noqa: E402
from tutor.lessons.hand import LEARNER, At, Moment, stop_task  # noqa: E402
from tutor.lessons.model import SEATS as SEAT_WORDS  # noqa: E402

AI = "ai"
SHARE = 0.3
"""The learner overrides only with a suit that makes this share of its hand trumps
(``engine.ai.declare.trump_share``): a declaration worth making."""
SAFE_MAX = 13
"""A bury stop with more safe cards than this has too many right answers to list."""


@dataclass
class Recording:
    seed: int
    declarations: list[tuple[int, int, str]] = field(default_factory=list)
    bury: str = ""
    tricks: list[list[tuple[int, str, str | None]]] = field(default_factory=list)
    stops: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """Kind of stop -> (trick, right answers) where it fits on this path."""
    throws: list[int] = field(default_factory=list)
    safe: int = 0
    override: int = 0
    """Cards dealt when the learner overrides."""
    attackers: int = 0
    """The attackers' total at the end of the hand."""
    voids: tuple[str, ...] = ()
    """Side suits of which the learner holds no card it could bury safely after picking
    up the kitty (none at all, or only points): whatever safe cards it buries, it holds
    the same cards of that suit, so a ruff of it comes whatever the learner buries."""

    def score(self) -> float:
        """-1 without a follow-pair, feeding and ruffing stop; else higher for fewer
        right answers at each (a right answer other than the script's leaves it), fewer
        safe cards (fewer right buries), a throw, a ruff the bury cannot change, and
        a hand the dealers hold (the learner's team goes up a level)."""
        need = ("follow_pair", "feed", "ruff")
        if any(not self.stops.get(k) for k in need):
            return -1.0
        best = {k: min(n for _t, n in self.stops[k]) for k in need}
        score = 10.0 - sum(min(n, 6) for n in best.values()) - max(0, self.safe - 9)
        score += 2.0 * bool(self.throws) + 3.0 * bool(self.stops.get("ruff_void")) + 2.0 * (self.attackers < 80)
        return max(0.0, score)


def _declare_round(game: Game, players: list, rec: Recording) -> None:
    """The AI seats (not the learner) declare in dealing order until a round passes."""
    declared = True
    while declared:
        declared = False
        for i in range(SEATS):
            seat = (game.first_seat + i) % SEATS
            if seat == LEARNER or not game.legal_declarations(seat):
                continue
            decision = players[seat].declare(game.view(seat))
            if decision is not None:
                game.declare(seat, decision.cards)
                rec.declarations.append((game.dealt, seat, format_cards(decision.cards)))
                declared = True


def record(seed: int, rules: Rules) -> Recording | None:
    """One hand with the AI at every seat and the learner overriding once, or ``None``
    when the hand does not give the guided hand's declaring and burying stops."""
    game = Game(rules, seed)
    players = [make_player(AI, seed + seat) for seat in range(SEATS)]
    rec = Recording(seed)
    while game.phase == DEALING:
        game.deal()
        if game.dealt % (SEGMENT * SEATS) == 0:
            _declare_round(game, players, rec)
        standing = game.declaration
        if not rec.override and standing is not None and standing.seat % 2 == 1 and len(standing.cards) == 1:
            options = game.legal_declarations(LEARNER)
            if len(options) == 1 and len(options[0].cards) == 2:
                cards = options[0].cards
                if trump_share(game.hand(LEARNER), options[0].trump, game.level) >= SHARE:
                    game.declare(LEARNER, cards)
                    rec.declarations.append((game.dealt, LEARNER, format_cards(cards)))
                    rec.override = game.dealt
    if game.phase == DECLARING:
        _declare_round(game, players, rec)
    game.close_declaring()
    if not rec.override or game.dealer != LEARNER or len(rec.declarations) != 2:
        return None
    view = game.view(LEARNER)
    ctx = game.ctx
    safe = [c for c in view.hand if not c.points and not ctx.is_trump(c)]
    rec.safe = len(safe)
    if not 8 <= len(safe) <= SAFE_MAX:
        return None
    rec.voids = tuple(suit for suit in "SHDC" if suit != ctx.trump and not any(
        c in safe and c.suit == suit for c in view.hand))
    bury = list(players[LEARNER].bury(view).cards)
    if any(c.points or ctx.is_trump(c) for c in bury):
        chosen = [c for c in bury if not c.points and not ctx.is_trump(c)]
        rest = list(safe)
        for c in chosen:
            rest.remove(c)
        bury = chosen + sorted(rest, key=ctx.sort_key, reverse=True)[: 8 - len(chosen)]
    game.bury(LEARNER, bury)
    rec.bury = format_cards(ctx.sorted(bury))
    while game.result is None:
        seat = game.turn
        view = game.view(seat)
        decision = players[seat].play(view)
        if seat == LEARNER:
            _note_stops(rec, view, decision.cards, len(game.tricks) + 1)
        before = len(game.tricks)
        trick_plays = [(p.seat, format_cards(p.cards), None) for p in game.trick]
        attempted_lead = tuple(decision.cards) if not game.trick else None
        game.play(seat, decision.cards)
        if not trick_plays:
            rec.tricks.append([])
            if len(lead_shape(list(attempted_lead), ctx).components) > 1:
                rec.throws.append(before + 1)
        rec.tricks[-1].append((seat, format_cards(decision.cards),
                               decision.reason.code if seat == LEARNER and decision.reason else None))
    rec.attackers = game.result.attacker_points
    return rec


def _note_stops(rec: Recording, view, cards, trick: int) -> None:
    """Which stops fit the learner's turn in ``trick``, with the script's play right
    (``ruff_void``: a ruff of a suit the learner's bury cannot change, see ``voids``)."""
    ctx = view.ctx
    if not view.trick:
        return
    lead = list(view.trick[0].cards)
    shape = lead_shape(lead, ctx)
    kinds = []
    if shape.pairs >= 1 and sum(ctx.suit_of(c) == shape.suit for c in view.hand) > len(lead):
        kinds.append(("follow_pair", "legal_follow", ("pair_led",)))
    if len(view.trick) == 3:
        kinds += [("feed", "feed_partner", ("partner_winning",)), ("ruff", "win_trick", ("void", "opponent_winning"))]
    for kind, rule, when in kinds:
        task = stop_task(Moment(0, At("trick", trick), answer=rule, goal="-", hint="-", when=when), view, cards)
        if task is None or task.expect[0] != tuple(sorted(cards, key=lambda c: c.index)):
            continue
        if kind == "ruff":
            if sum(points(p.cards) for p in view.trick) < 5:
                continue
            if shape.suit in rec.voids:
                rec.stops.setdefault("ruff_void", []).append((trick, len(task.expect)))
        rec.stops.setdefault(kind, []).append((trick, len(task.expect)))


def search(start: int, count: int, top: int) -> None:
    """Print each seed that gives every stop as it is found, then the best ``top``."""
    rules = Rules()
    found = []
    for seed in range(start, start + count):
        rec = record(seed, rules)
        if rec is not None and rec.score() >= 0:
            found.append(rec)
            print(f"found seed {seed} (score {rec.score():.1f})", flush=True)
    found.sort(key=lambda r: -r.score())
    print(f"{len(found)} of {count} seeds give every stop")
    for rec in found[:top]:
        print(f"seed {rec.seed}: score {rec.score():.1f}, override at card {rec.override}, {rec.safe} safe cards, "
              f"throws {rec.throws}, attackers {rec.attackers}")
        for kind, where in sorted(rec.stops.items()):
            print(f"    {kind}: " + ", ".join(f"trick {t} ({n} right)" for t, n in where))


def script(seed: int) -> None:
    rec = record(seed, Rules())
    if rec is None:
        print(f"seed {seed} does not give the declaring and burying stops", file=sys.stderr)
        sys.exit(1)
    print(f"seed: {seed}")
    print("script:")
    print("  declare:")
    for dealt, seat, cards in rec.declarations:
        print(f"    - {{dealt: {dealt}, seat: {SEAT_WORDS[seat]}, cards: \"{cards}\"}}")
    print(f"  bury: \"{rec.bury}\"")
    print("  tricks:")
    for n, plays in enumerate(rec.tricks, 1):
        parts = [f"{SEAT_WORDS[s]}: {c}" + (f" ={why}" if why else "") for s, c, why in plays]
        print(f"    - \"{' | '.join(parts)}\"  # {n}")
    print(f"# safe cards {rec.safe}; throws in tricks {rec.throws}", file=sys.stderr)
    for kind, where in sorted(rec.stops.items()):
        print(f"# {kind}: " + ", ".join(f"trick {t} ({n} right)" for t, n in where), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/find_first_hand.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("search")
    s.add_argument("--start", type=int, default=0)
    s.add_argument("--count", type=int, default=3000)
    s.add_argument("--top", type=int, default=8)
    w = sub.add_parser("script")
    w.add_argument("seed", type=int)
    args = parser.parse_args(argv)
    if args.command == "search":
        search(args.start, args.count, args.top)
    else:
        script(args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())

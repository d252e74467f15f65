"""Compare two runs of one match deal by deal: did a change of the AI win more hands?

    python bench/ai_bench.py --match ai:hard:greedy --uncapped --save out/bench/before
    (change the code)
    python bench/ai_bench.py --match ai:hard:greedy --uncapped --save out/bench/after
    python bench/paired_diff.py out/bench/before/ai-hard_vs_greedy.json out/bench/after/ai-hard_vs_greedy.json

Both runs play the same deals when they share ``--hands``, ``--chunk`` and ``--seed``
(``chunk_plan``).  Two runs' shares of hands won each carry the luck of the deals: over
1,000 hands their difference has a standard error of about 0.8 points against
``greedy`` and 1.8 against ``ai``.  Deal by deal much of that luck cancels (in
``bench/NOTES.md``: 0.40-0.55 against ``greedy``, 0.84-1.3 against ``ai``).  Deals are
matched by their seed: a deal only one run played (a changed declaration can redeal) is
left out and counted.  With ``--uncapped`` runs, the load of the machine moves nothing.
"""

from __future__ import annotations

import argparse
import json
from math import sqrt
from pathlib import Path
from statistics import fmean, stdev

from ai_bench import Hand, deal_shares


def load(path: Path) -> tuple[dict, list[Hand]]:
    """A run saved by ``ai_bench.py --save``: its settings and its hands."""
    record = json.loads(path.read_text(encoding="utf-8"))
    return record, [Hand(**h) for h in record["results"]]


def by_deal(hands: list[Hand]) -> dict[int, tuple[float, float]]:
    """seed -> (X's share of the deal's hands, X's mean points edge over them)."""
    edges: dict[int, list[int]] = {}
    for hand in hands:
        edges.setdefault(hand.seed, []).append(hand.edge)
    return {seed: (share, fmean(edges[seed])) for seed, share in deal_shares(hands)}


def mean_and_error(values: list[float]) -> tuple[float, float]:
    return fmean(values), (stdev(values) / sqrt(len(values)) if len(values) > 1 else float("nan"))


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def roles(hands: list[Hand]) -> str:
    dealing = [h for h in hands if not h.attacking]
    attacking = [h for h in hands if h.attacking]
    return (f"won as dealers {sum(h.won for h in dealing)}/{len(dealing)}, "
            f"as attackers {sum(h.won for h in attacking)}/{len(attacking)}")


def compare(a_path: Path, b_path: Path) -> str:
    a_record, a_hands = load(a_path)
    b_record, b_hands = load(b_path)
    if (a_record["x"], a_record["y"]) != (b_record["x"], b_record["y"]):
        raise SystemExit(f"not the same match: {a_record['x']} vs {a_record['y']} and "
                         f"{b_record['x']} vs {b_record['y']}")
    decks = (a_record.get("decks", 2), b_record.get("decks", 2))  # runs saved before --decks: two
    if decks[0] != decks[1]:
        raise SystemExit(f"not the same game: {plural(decks[0], 'deck')} and {plural(decks[1], 'deck')}")
    a, b = by_deal(a_hands), by_deal(b_hands)
    common = [seed for seed in a if seed in b]
    if not common:
        raise SystemExit("the two runs share no deal: were they run with the same --hands, --chunk and --seed?")
    shares = [b[s][0] - a[s][0] for s in common]
    edges = [b[s][1] - a[s][1] for s in common]
    share, share_error = mean_and_error(shares)
    edge, edge_error = mean_and_error(edges)
    won_a = fmean(a[s][0] for s in common)
    won_b = fmean(b[s][0] for s in common)
    return "\n".join([
        f"{a_record['x']} vs {a_record['y']}: {plural(len(common), 'deal')} in both runs "
        f"({len(a) - len(common)} only in the first, {len(b) - len(common)} only in the second)",
        f"hands won: {100 * won_a:.1f} % then {100 * won_b:.1f} %: {100 * share:+.2f} points "
        f"(standard error {100 * share_error:.2f}); {plural(sum(1 for d in shares if d), 'deal')} ended otherwise",
        f"points edge: {edge:+.2f} a hand (standard error {edge_error:.2f})",
        f"first run: {roles(a_hands)}",
        f"second run: {roles(b_hands)}",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", type=Path, help="the run before the change (ai_bench.py --save)")
    parser.add_argument("second", type=Path, help="the run after it")
    args = parser.parse_args()
    print(compare(args.first, args.second))


if __name__ == "__main__":
    main()

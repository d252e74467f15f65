"""ai:hard's sampled deals agree with everything the table has shown."""

import random
from collections import Counter

from engine.ai.search import sample_deal
from engine.ai.table import Table


def test_sampled_deals_respect_sizes_voids_no_pairs_and_known_cards(make_view, record):
    tricks = [
        record(2, (1, "HA"), (2, "S3"), (3, "H4"), (0, "H5")),  # 2 is void in hearts
        record(1, (1, "D9 D9"), (2, "D3 D4"), (3, "DK DK"), (0, "D5 D6")),  # 2 has no diamond pair
        record(1, (1, "CK"), (2, "CA"), (3, "C4"), (0, "C5"), attempted="CK CQ CQ"),  # 1 holds CQ CQ
    ]
    hand = "S4 S6 S7 S8 S9 SJ D7 D8 D10 DJ C7 C8 C9 C10 CJ H6 H7 H8 H9 HJ HQ"
    view = make_view(hand, tricks=tricks, dealer=1, cards_left=(21, 21, 21, 21))
    table = Table(view)
    rng = random.Random(4)
    for _ in range(30):
        hands, kitty = sample_deal(table, rng)
        assert [len(h) for h in hands] == [21, 21, 21, 21] and len(kitty) == 8
        assert Counter(c for h in hands[1:] for c in h) + Counter(kitty) == table.mem.unseen
        assert not any(c.suit == "H" and not view.ctx.is_trump(c) for c in hands[2])
        diamonds = Counter(c for c in hands[2] if view.ctx.suit_of(c) == "D")
        assert all(n < 2 for n in diamonds.values())
        assert Counter(hands[1])[next(c for c in table.mem.known[1])] == 2

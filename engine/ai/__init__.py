"""AI players for Shengji (issue 6): declare, bury and play from a ``PlayerView`` only.

``make(kind, seed)`` builds one of ``KINDS``: the levels ``ai:easy``, ``ai`` (default)
and ``ai:hard`` (the search advisor; ``LEVEL_KINDS``), the ``greedy`` baseline, and the
Monte-Carlo benchmark opponents ``mc`` and ``mc:strong`` (``BENCH_KINDS``).  Every
decision carries a reason code from ``REASON_CODES``; ``ai:hard``'s also carry the
``Estimate`` its sampling measured.
"""

from .montecarlo import MonteCarloPlayer
from .players import BENCH_KINDS, KINDS, LEVEL_KINDS, AIPlayer, GreedyPlayer, make
from .reasons import REASON_CODES

__all__ = ["AIPlayer", "BENCH_KINDS", "GreedyPlayer", "KINDS", "LEVEL_KINDS", "MonteCarloPlayer",
           "REASON_CODES", "make"]

"""AI players for Shengji (issue 6): declare, bury and play from a ``PlayerView`` only.

``make(kind, seed)`` builds ``ai`` (default level), ``ai:easy``, ``ai:hard`` or the
``greedy`` baseline.  Every decision carries a reason code from ``REASON_CODES``.
"""

from .players import KINDS, AIPlayer, GreedyPlayer, make
from .reasons import REASON_CODES

__all__ = ["AIPlayer", "GreedyPlayer", "KINDS", "REASON_CODES", "make"]

"""Shengji Tutor: the pygame-ce app (scenes, table, lessons, coach)."""

import time

STARTED = time.perf_counter()
"""When the app began to load: ``--screenshot`` reports its first frame from here."""

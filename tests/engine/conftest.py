"""Hypothesis profiles for the engine tests.

``dev`` (default) explores new examples on every run; ``ci`` is derandomized, so a CI
run is repeatable.  Pick one with ``HYPOTHESIS_PROFILE=ci``; a set ``CI`` variable
selects ``ci`` too.  No deadline: these tests judge rules, not speed.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("dev"), derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

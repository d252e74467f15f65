"""Independent tests of the rules engine, written from RULES.md and ENGINE-API.md.

- ``test_*.py`` (all but ``test_properties``): every worked example of RULES.md and the
  seeds, by name, in the notation of ENGINE-API.md.
- ``oracle.py``: a slow, literal model of RULES.md §2-§6 that never imports the engine's
  rule code; ``test_oracle.py`` holds it to the same examples.
- ``test_properties.py``: the engine against the oracle on positions cut from real deals
  (``strategies.py``).  ``HYPOTHESIS_PROFILE=ci`` (or a set ``CI``) makes the run
  repeatable; ``make soak`` runs twenty times the examples (``tests/volume.py``).
- The benchmark is ``bench/engine_bench.py`` (``make bench``).
"""

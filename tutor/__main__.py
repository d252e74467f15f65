"""``python -m tutor``: the app, as ``main.py`` and the ``shengji-tutor`` command start it."""

import sys

from tutor.app import main

sys.exit(main())

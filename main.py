"""Start Shengji Tutor from a source checkout: ``python main.py`` (``--help`` lists the options).

An installed copy has the same command as ``shengji-tutor`` or ``python -m tutor``.
"""

import sys

from tutor.app import main

if __name__ == "__main__":
    sys.exit(main())

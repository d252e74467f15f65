"""Start Shengji Tutor: ``python main.py`` (``--help`` for headless screenshots)."""

import sys

from tutor.app import main

if __name__ == "__main__":
    sys.exit(main())

# Two commands on a fresh machine: `make run` and `make test` (see README.md).
PYTHON   ?= python3
VENV     := .venv
PY       := $(VENV)/bin/python
STAMP    := $(VENV)/.installed
DISTSTAMP := $(VENV)/.installed-dist
BABEL    := $(VENV)/bin/pybabel
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
SHOT     := $(HEADLESS) SHENGJI_TUTOR_HOME=build/readme-home $(PY) main.py

.PHONY: run test setup catalogs bytecode messages bench audit soak shots lesson-shots readme-shots table-shots dist test-packaging desktop-entry clean

# The pip that Python 3.11 bundles installs an editable pyproject project (PEP 660);
# upgrading it first would only cost time and a download.  After pyproject.toml changes,
# the venv there is kept (making it again only reinstalls that pip) and pip installs
# what changed.  pip compiles no bytecode: of the installed libraries the app and the
# tests import about a third, and `make test` and `make run` let Python write the
# bytecode of what they import (about 4 s of CPU less than compiling everything).
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --no-compile -e '.[test]'
	touch $(STAMP)

# PyInstaller, for `make dist` and the one-file test
$(DISTSTAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,dist]'
	touch $(DISTSTAMP)

setup: $(STAMP) catalogs bytecode

# Compile the project's modules once (only those changed since): the test run starts
# many Python processes (two workers, and commands such as main.py and python -m
# engine.selfplay), and each would otherwise compile every module it imports anew
# wherever bytecode is not written (PYTHONDONTWRITEBYTECODE).
bytecode: $(STAMP)
	$(PY) -m compileall -q engine tutor

# Compile .po -> .mo, each catalog only when its .po changed. Fuzzy entries are never
# compiled: they would show stale text. (The app also runs from the .po files alone.)
catalogs: $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/messages.po))

locale/%/LC_MESSAGES/messages.mo: locale/%/LC_MESSAGES/messages.po | $(STAMP)
	$(BABEL) -q compile -d locale -D messages -l $*

# After changing strings in Python or lessons: refresh the template and both catalogs
# (entries no source uses any more are dropped, not kept as #~),
# fill the English one, then translate what `make test` reports as missing or fuzzy.
messages: $(STAMP)
	$(BABEL) extract -F babel.cfg -k NP_:1c,2 -o locale/messages.pot --no-wrap --sort-by-file \
		--add-comments=TRANSLATORS: --project "Shengji Tutor" --copyright-holder "Shengji Tutor" .
	$(BABEL) update -i locale/messages.pot -d locale -D messages --no-wrap --ignore-obsolete
	$(PY) tools/sync_en_catalog.py

run: setup
	PYTHONDONTWRITEBYTECODE= $(PY) main.py

# The whole suite on every core, one line per test file (about a minute on two cores).
# Tests are handed to whichever worker is free, except those marked to share one worker
# (``xdist_group``: tests that reuse the hands or searches another test of theirs made).
# pytest keeps each test module, its asserts rewritten, in __pycache__ as Python keeps
# bytecode; where PYTHONDONTWRITEBYTECODE is set, every worker would rewrite every test
# module again on every run (3 s of CPU each), so the tests write their caches anyway.
XDIST    := -n auto --dist loadgroup
PYTEST   := $(HEADLESS) PYTHONDONTWRITEBYTECODE= $(PY) -m pytest $(XDIST)
test: setup
	$(PYTEST)

# Long runs: every long test at twenty times its full volume (tests/volume.py), and
# Hypothesis' own default raised to 2,000 examples (tests/conftest.py).
soak: setup
	HYPOTHESIS_PROFILE=soak SHENGJI_TEST_VOLUME=20 $(PYTEST)

# Every screenshot gallery to look at: the README's pictures, every lesson step
# (out/lesson-shots/) and the table's moments (out/table/), both languages.
shots: readme-shots lesson-shots table-shots

# The README's pictures: the table and a lesson in each language (a fresh user folder,
# so saved settings or a saved match never show).
readme-shots: setup
	rm -rf build/readme-home
	$(SHOT) --scene practice --lang en --size 1280x800 --screenshot docs/table-en.png
	$(SHOT) --scene practice --lang zh --size 1280x800 --screenshot docs/table-zh.png
	$(SHOT) --scene lesson --lesson 05 --step 4 --lang en --size 1280x800 --screenshot docs/lesson-en.png
	$(SHOT) --scene lesson --lesson 05 --step 4 --lang zh --size 1280x800 --screenshot docs/lesson-zh.png

# The app as one program (PyInstaller) in dist/; Windows: see README.md.
dist: setup $(DISTSTAMP)
	$(PY) -m PyInstaller --noconfirm --log-level WARN --workpath build/pyinstaller shengji-tutor.spec
	@ls -l dist

# Builds the wheel into a clean venv and the one-file app, runs each from another folder
# (a few minutes; CI runs it after `make test`).
test-packaging: setup $(DISTSTAMP)
	$(HEADLESS) $(PY) -m pytest -m packaging tests/packaging

# Linux: a menu entry and icon for this checkout's app, for the current user.
APPS  := $(HOME)/.local/share/applications
ICONS := $(HOME)/.local/share/icons/hicolor/256x256/apps
desktop-entry: setup
	mkdir -p $(APPS) $(ICONS)
	cp assets/icon.png $(ICONS)/shengji-tutor.png
	sed 's|^Exec=.*|Exec=$(CURDIR)/$(VENV)/bin/shengji-tutor|' assets/shengji-tutor.desktop > $(APPS)/shengji-tutor.desktop
	@echo "installed $(APPS)/shengji-tutor.desktop"

# The coach's full audit: 100 two-deck practice hands with the advisor as the table asks
# it, and 3 under each other value of every rule option; 20 one-deck, 12 three-deck and 8
# four-deck hands; each played once at a table in English or Chinese in turn and every
# text worded and checked in both (tests/coach); prints the counts per game.
audit: setup
	$(HEADLESS) $(PY) -m tests.coach.audit --decks all

# Every benchmark script (paired_diff.py compares two saved runs: it measures nothing).
bench: setup
	@for script in $(filter-out bench/paired_diff.py,$(wildcard bench/*.py)); do echo "== $$script"; $(HEADLESS) $(PY) $$script || exit 1; done

# Screenshots of the practice table's moments (declaring, burying, a trick, the last
# trick, the card counter, the kitty, the review) in both languages at 960x600 and
# 1280x800, for a person to look at; not part of `make test`.
table-shots: setup
	$(HEADLESS) $(PY) tools/table_shots.py --out out/table

# Every step of every lesson, the browser and the rules pages, at 960x600 and 1280x800 in
# both languages, to look at (not part of the tests).
lesson-shots: setup
	$(HEADLESS) $(PY) tools/lesson_shots.py --out out/lesson-shots

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist out

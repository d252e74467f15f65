# Two commands on a fresh machine: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
BABEL  := $(VENV)/bin/pybabel

.PHONY: run test setup catalogs messages bench lesson-shots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP) catalogs

# Compile .po -> .mo. Fuzzy entries are never compiled: they would show stale text.
# (The app also runs from the .po files alone.)
catalogs: $(STAMP)
	@if [ -d locale ] && ls locale/*/LC_MESSAGES/*.po >/dev/null 2>&1; then \
		$(BABEL) -q compile -d locale -D messages || exit 1; \
	fi

# After changing strings in Python or lessons: refresh the template and both catalogs,
# fill the English one, then translate what `make test` reports as missing or fuzzy.
messages: $(STAMP)
	$(BABEL) extract -F babel.cfg -o locale/messages.pot --no-wrap --sort-by-file \
		--add-comments=TRANSLATORS: --project "Shengji Tutor" --copyright-holder "Shengji Tutor" .
	$(BABEL) update -i locale/messages.pot -d locale -D messages --no-wrap
	$(PY) tools/sync_en_catalog.py

run: setup
	$(PY) main.py

test: setup
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

bench: setup
	@for script in bench/*.py; do echo "== $$script"; SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) $$script || exit 1; done

# Every step of every lesson, the browser and the rules pages, at 960x600 and 1280x800 in
# both languages, to look at (not part of the tests).
lesson-shots: setup
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/lesson_shots.py --out out/lesson-shots

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

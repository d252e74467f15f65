# Two commands on a fresh machine: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
BABEL  := $(VENV)/bin/pybabel

.PHONY: run test setup catalogs messages bench audit clean

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

# The coach's full audit: 40 practice hands in both languages with the hard advisor,
# every claim of every text checked (tests/coach); prints the counts.
audit: setup
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m tests.coach.audit 40 ai:hard

bench: setup
	@for script in bench/*.py; do echo "== $$script"; SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

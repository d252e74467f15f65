# Two commands on a fresh machine: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test setup catalogs bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP) catalogs

catalogs: $(STAMP)
	@if [ -d locale ] && ls locale/*/LC_MESSAGES/*.po >/dev/null 2>&1; then \
		$(VENV)/bin/pybabel compile --use-fuzzy -q -d locale -D messages || exit 1; \
	fi

run: setup
	$(PY) main.py

test: setup
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

bench: setup
	$(PY) bench/engine_bench.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

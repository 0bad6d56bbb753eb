# Two commands a newcomer needs: `make run` (the app on the demo sandbox) and
# `make test` (the whole suite). Everything else is a helper of those two.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test setup lint bench screenshots clean

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -m venv --help >/dev/null 2>&1 && $(PYTHON) -c 'import ensurepip' 2>/dev/null \
		|| scripts/system-deps.sh venv
	@[ -x $(PY) ] && $(PY) -m pip --version >/dev/null 2>&1 || { rm -rf $(VENV); $(PYTHON) -m venv $(VENV); }
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

setup: $(VENV)/.installed

run: setup
	@scripts/system-deps.sh qt gui
	$(VENV)/bin/licensedesk --demo

test: setup
	@scripts/system-deps.sh qt test
	scripts/run-tests.sh $(VENV)

lint: setup
	$(VENV)/bin/ruff check app tests

bench: setup
	@scripts/system-deps.sh qt
	$(PY) scripts/bench_table.py

screenshots: setup
	@scripts/system-deps.sh qt gui screenshots
	scripts/screenshots.sh $(VENV)

clean:
	rm -rf $(VENV) build dist *.egg-info app/*.egg-info .pytest_cache .ruff_cache

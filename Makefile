# Two commands a newcomer needs: `make run` (the app on the demo sandbox) and
# `make test` (the whole suite). Everything else is a helper of those two, or of a
# release (lock, completion, man, install-desktop; docs/release.md).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# a fresh machine gets the versions the suite was run with: every install goes through
# a lock file of requirements/ (`make lock` refreshes them)
PIP_INSTALL := $(PY) -m pip install -q
# where `make install-desktop` and `make install-completion` put things: the user's own
# folders by default; PREFIX=/usr/local (as root) for every user of the machine
PREFIX ?= $(HOME)/.local
# the command the desktop file starts: this checkout's venv; EXEC=licensedesk when an
# installed licensedesk is on PATH
EXEC ?= $(abspath $(VENV))/bin/licensedesk
# `make lock LOCK_UPGRADE=` re-locks after a pyproject change but keeps every pin it can
LOCK_UPGRADE ?= --upgrade
UV_LOCK := $(VENV)/bin/uv pip compile pyproject.toml --universal --native-tls \
	--custom-compile-command "make lock" -q

.PHONY: run test test-clock setup setup-run lint bench screenshots lock completion man \
	install-desktop uninstall-desktop install-completion bundle release-repo clean

# the virtual environment itself (Debian's python3-venv first when the interpreter lacks it)
$(VENV)/bin/pip:
	@$(PYTHON) -m venv --help >/dev/null 2>&1 && $(PYTHON) -c 'import ensurepip' 2>/dev/null \
		|| scripts/system-deps.sh venv
	@rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# what running needs (run.txt) / what testing needs (test.txt: run + test tools + release
# generators); a stamp per set, redone when pyproject.toml or the lock changes
$(VENV)/.run: pyproject.toml requirements/run.txt | $(VENV)/bin/pip
	$(PIP_INSTALL) -c requirements/run.txt -e .
	@touch $@

$(VENV)/.test: pyproject.toml requirements/test.txt | $(VENV)/bin/pip
	$(PIP_INSTALL) -c requirements/test.txt -e '.[test]'
	@touch $@ $(VENV)/.run

setup-run: $(VENV)/.run
setup: $(VENV)/.test

run: setup-run
	@scripts/system-deps.sh qt gui
	$(VENV)/bin/licensedesk --demo

test: setup
	@scripts/system-deps.sh qt test desktop
	scripts/run-tests.sh $(VENV)

# the tests that touch dates under a shifted clock, at each instant and zone of the matrix
# (scripts/test-clock.sh); CLOCK_ROWS=year-end picks rows, CLOCK_TESTS=tests the whole suite
CLOCK_ROWS ?=
CLOCK_TESTS ?= -m clock
test-clock: setup
	@scripts/system-deps.sh qt test desktop clock
	scripts/test-clock.sh $(VENV) $(CLOCK_ROWS) -- $(CLOCK_TESTS)

# the Linux bundle (PyInstaller, one folder, and its tarball in packaging/dist) and its smoke
# test: what it holds and takes from the system, the keyring it picks, its translations, a
# --demo lookup through the licensedesk:// scheme, the single instance (packaging/README.md).
# CI runs it once (.ci/run); the smoke test needs a D-Bus and gnome-keyring (group smoke) and
# update-desktop-database (group desktop)
bundle: setup-run
	@scripts/system-deps.sh qt bundle smoke desktop
	packaging/build.sh $(abspath $(VENV))
	packaging/smoke.sh

lint: setup
	$(VENV)/bin/ruff check app tests scripts packaging setup.py
	$(VENV)/bin/ruff format --check app tests scripts packaging setup.py

# BENCHES="ui_stall ui_lookup" runs some; the table in docs/performance.md keeps the others
BENCHES ?=
bench: setup
	@scripts/system-deps.sh qt
	$(PY) scripts/bench_table.py --write $(BENCHES)

screenshots: setup
	@scripts/system-deps.sh qt gui screenshots
	scripts/screenshots.sh $(VENV)

# requirements/*.txt from pyproject.toml with uv, for every platform and Python >= 3.11
# (markers keep the Linux/Windows-only packages apart); run.txt takes test.txt's pins
lock: | $(VENV)/bin/pip
	$(PIP_INSTALL) 'uv>=0.9'
	$(UV_LOCK) $(LOCK_UPGRADE) --extra test -o requirements/test.txt
	$(UV_LOCK) -c requirements/test.txt -o requirements/run.txt
	$(UV_LOCK) requirements/bundle.in -c requirements/run.txt -o requirements/bundle.txt

# shell completion (bash, zsh, fish) and man pages, generated from the argparse parsers
completion: setup
	scripts/cli-extras.sh $(VENV) build completion

man: setup
	scripts/cli-extras.sh $(VENV) build man

# the update repository (docs/updates.md): the bundle BUNDLE published as pyproject's version
# for this platform into UPDATE_REPO, signed with the private keys in UPDATE_KEYS (default
# $$LICENSEDESK_RELEASE_KEYS), a folder outside the project that never goes into any repository
BUNDLE ?= dist/licensedesk
UPDATE_REPO ?= build/update-repo
UPDATE_KEYS ?=
release-repo: setup-run
	$(PY) scripts/release_repo.py publish $(if $(UPDATE_KEYS),--keys "$(UPDATE_KEYS)") \
		"$(UPDATE_REPO)" "$(BUNDLE)"

# the .desktop file, the AppStream metainfo and the icon where the desktop looks for them
install-desktop:
	packaging/install-desktop.sh --prefix "$(PREFIX)" --exec "$(EXEC)"

uninstall-desktop:
	packaging/install-desktop.sh --prefix "$(PREFIX)" --uninstall

install-completion: completion man
	scripts/cli-extras.sh $(VENV) build install "$(PREFIX)"

clean:
	rm -rf $(VENV) build dist *.egg-info app/*.egg-info .pytest_cache .ruff_cache

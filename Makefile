# The two commands a newcomer runs: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pytest's worker processes (pytest-xdist): two per CPU core (4 in CI). Much of a
# test's time is spent waiting (SQLite's thread, PostgreSQL, Chromium, SimCord's
# settling), so one worker per core left a third of the CPU idle (4 workers: 238 s
# where 2 took 257 s on the 2-core machine). `make test WORKERS=0` runs the suite
# in one process, in file order, to debug.
WORKERS ?= $(shell echo $$((2 * $$(nproc 2>/dev/null || echo 1))))

.PHONY: demo test lint typecheck run bench clean

# Python writes its bytecode caches even where the environment says not to: each
# test worker, and each bot process a test starts, would otherwise compile every
# module from source again (a worker's collection: 8.6 s of CPU, 3.0 s with them).
unexport PYTHONDONTWRITEBYTECODE

# pip compiles what it installs one file at a time (9 of its 20 s on the 2-core
# machine); compileall does it on every core (4 s).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --no-compile -e '.[dev]'
	$(BIN)/python -m compileall -q -j 0 $(VENV)/lib > /dev/null 2>&1 || true
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/genius-bot demo --out demo-out

# Any pytest failure fails the target, exit 5 (no tests collected) included, and
# so does the type checker, which runs beside the suite on the CPU the workers
# leave idle (it took 20-30 s of a fresh clone's run on its own).
# loadscope: a test module goes to one worker whole, so its module-scoped setup
# (the soak, say) is built once, not once per worker; the slow modules listed in
# tests/scheduling.py (SPREAD), which share no setup, go out test by test.
# --no-loadscope-reorder: modules go out in collection order, the slowest first
# (tests/conftest.py SLOW_FIRST), so none is left running alone at the end.
test: $(STAMP) lint
	@$(BIN)/python -m compileall -q -j 0 games storage bot tests > /dev/null 2>&1 || true
	@said=$$(mktemp); $(BIN)/mypy > $$said 2>&1 & checker=$$!; \
	$(BIN)/pytest -n $(WORKERS) --dist loadscope --no-loadscope-reorder; suite=$$?; \
	wait $$checker; typed=$$?; cat $$said; rm -f $$said; \
	if [ $$typed -ne 0 ]; then echo "make test: the type checker (mypy) failed" >&2; fi; \
	[ $$suite -eq 0 ] && [ $$typed -eq 0 ]

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

run: $(STAMP)
	$(BIN)/genius-bot run

bench: $(STAMP)
	$(BIN)/python -m bench.moves
	$(BIN)/python -m bench.timers
	$(BIN)/python -m bench.restore
	$(BIN)/python -m bench.content
	$(BIN)/python -m bench.pictures
	$(BIN)/python -m bench.backup
	$(BIN)/python -m bench.fuzz
	$(BIN)/python -m bench.soak
	$(BIN)/python -m bench.determinism

clean:
	rm -rf $(VENV) demo-out .pytest_cache .mypy_cache .ruff_cache

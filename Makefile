# The two commands a newcomer runs: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# pytest's worker processes (pytest-xdist): `auto` is one per CPU core (2 in CI).
# `make test WORKERS=0` runs the suite in one process, in file order, to debug.
WORKERS ?= auto

.PHONY: demo test lint typecheck run bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/genius-bot demo --out demo-out

# Any pytest failure fails the target, exit 5 (no tests collected) included.
# loadscope: a test module goes to one worker whole, so its module-scoped setup
# (the soak, say) is built once, not once per worker.
test: $(STAMP) lint typecheck
	$(BIN)/pytest -n $(WORKERS) --dist loadscope

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
	$(BIN)/python -m bench.backup
	$(BIN)/python -m bench.fuzz
	$(BIN)/python -m bench.soak
	$(BIN)/python -m bench.determinism

clean:
	rm -rf $(VENV) demo-out .pytest_cache .mypy_cache .ruff_cache

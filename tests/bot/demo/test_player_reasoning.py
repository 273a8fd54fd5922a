"""The honest players' reasoning on its own: what a rune may mean after probes,
the primitives a sequence runs, the finals search, a colour's possible rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from bot.demo import runebreaker
from bot.demo.horror import boards as horror_boards
from bot.demo.horror import knowledge as horror_knowledge
from bot.demo.horror.knowledge import Grid, own_candidates
from bot.demo.horror.work import Allowance, Answer
from bot.demo.runebreaker import Reading
from bot.demo.runes import probing, sequence
from bot.demo.runes.knowledge import Seen, candidates, every_bound, kinds, outcome
from bot.demo.runes.reagent import primitives_run
from games.logical_horror.checks import clue_results
from games.logical_horror.rules import RULES
from games.runebreaker.battery import battery
from games.runebreaker.commands import Bound, CommandError, execute
from games.runebreaker.generator import generate_round
from games.runebreaker.judge import correct_sequence
from games.runebreaker.pieces import DEFAULT_PALETTE


@pytest.mark.parametrize("seed", range(1, 7))
def test_the_primitives_a_sequence_runs_do_what_the_sequence_does(seed: int) -> None:
    spec = generate_round(seed, 1, "classic")
    program = spec.program(spec.sequence)
    spelt = primitives_run(program)
    assert spelt is not None
    for board in battery(DEFAULT_PALETTE)[:8]:
        try:
            expected = execute(board, program)
        except CommandError:
            continue
        assert execute(board, spelt) == expected


def test_probes_narrow_each_rune_to_its_own_meaning() -> None:
    spec = generate_round(4, 2, "finals")
    truth = spec.bindings()
    draw = random.Random(1)
    probes: list[Seen] = []
    for symbol in truth:
        for _ in range(3):
            board = probing.draw_board(draw, DEFAULT_PALETTE, [])
            probes.append(Seen(board, (symbol,), outcome(board, (truth[symbol],))))
    known = candidates(truth, probes, DEFAULT_PALETTE)
    for symbol, bound in truth.items():
        assert bound in known[symbol]
    assert sum(kinds(bounds, DEFAULT_PALETTE) == 1 for bounds in known.values()) >= len(truth) - 1


@pytest.mark.parametrize("seed", range(1, 6))
def test_the_finals_search_finds_a_correct_sequence(seed: int) -> None:
    spec = generate_round(seed, 1, "finals")
    found = sequence.explore(
        tuple(spec.bindings().items()), spec.reagent_board(), spec.product(), 6_000
    ).found
    assert found is not None
    assert correct_sequence(spec, found)


def test_public_queries_keep_each_colours_rule_and_drop_others() -> None:
    game = games.get("logical_horror")
    state = game.setup({"size": 8, "colours": 2}, seed=3).state
    puzzle = state.puzzle
    draw = random.Random(2)
    queries = []
    for _ in range(4):
        board = [draw.random() < 0.2 for _ in range(puzzle.cells)]
        for clue in puzzle.clues:
            board[puzzle.index(clue.row, clue.col)] = False
        queries.append({"board": board, "clues": clue_results(puzzle, board), "colours": None})
    view = {**game.view(state, 0), "my_queries": queries}
    known = own_candidates(Grid.of(view), view)
    assert set(known) == set(puzzle.colours)
    for colour in puzzle.colours:
        assert puzzle.rules[colour] in known[colour]
    assert sum(len(rules) for rules in known.values()) < len(RULES) * len(known)


def test_pruning_asks_only_within_its_window_of_every_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A decision's solves are bounded: the pairs pruning asks about are among the
    first ``quota`` of every (colour, rule) pair in a fixed order, however many
    rules have fallen (a window of the open pairs slid onto new ones as they
    fell, up to its whole quota of solves in one decision)."""
    game = games.get("logical_horror")
    grid = Grid.of(game.view(game.setup({"size": 8, "colours": 2}, seed=3).state, 0))
    every_pair = [(c, r) for r in RULES for c in grid.colours]
    quota = 6
    asked: list[tuple[str, str]] = []

    def meetable(grid: Grid, colour: str, rule: str) -> Answer[bool]:
        asked.append((colour, rule))
        return Answer(True, cost=1)

    monkeypatch.setattr(horror_knowledge, "meetable", meetable)
    # The first rules have fallen for every colour: only later pairs are open.
    fallen = {rule for _, rule in every_pair[:quota]}
    candidates = {c: [r for r in RULES if r not in fallen] for c in grid.colours}
    horror_knowledge.pruned(grid, candidates, quota, Allowance())
    assert asked == []
    candidates = {c: list(RULES) for c in grid.colours}
    horror_knowledge.pruned(grid, candidates, quota, Allowance())
    assert sorted(asked) == sorted(every_pair[:quota])


def test_asking_about_one_colour_tries_a_few_rules_at_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each rule tried is a solve: when none of them has a board, the player gives
    up after ``ONE_COLOUR_TRIES`` (it queries the blank board) rather than trying
    every rule of every colour in one decision."""
    game = games.get("logical_horror")
    grid = Grid.of(game.view(game.setup({"size": 8, "colours": 2}, seed=3).state, 0))
    tried: list[str] = []

    def meeting(grid: Grid, colour: str, rule: str) -> Answer[None]:
        tried.append(rule)
        return Answer(None, cost=1)

    monkeypatch.setattr(horror_boards, "meeting", meeting)
    candidates = {c: list(RULES) for c in grid.colours}
    assert horror_boards.one_colour(grid, candidates, set(), random.Random(1), Allowance()) is None
    assert len(tried) == horror_boards.ONE_COLOUR_TRIES < len(RULES)


def _unsure_round() -> tuple[Any, str, Bound, Bound]:
    """A finals round, a rune its sequence cannot do without, and a second meaning
    of that rune under which the sequence found does not make the Product."""
    for seed in range(1, 20):
        spec = generate_round(seed, 1, "finals")
        truth = spec.bindings()
        reagent, product = spec.reagent_board(), spec.product()
        found = sequence.explore(tuple(truth.items()), reagent, product, 6_000).found
        assert found is not None
        for symbol in dict.fromkeys(found):
            rest = tuple((s, b) for s, b in truth.items() if s != symbol)
            if sequence.explore(rest, reagent, product, 6_000).found is not None:
                continue  # the others make the Product without it
            for other in every_bound(DEFAULT_PALETTE):
                meaning = {**truth, symbol: other}
                try:
                    wrong = execute(reagent, tuple(meaning[s] for s in found)) != product
                except CommandError:
                    wrong = True
                if wrong and kinds((truth[symbol], other), DEFAULT_PALETTE) == 2:
                    return spec, symbol, truth[symbol], other
    raise AssertionError("no round with a needed rune")


def test_a_sequences_chance_counts_the_meanings_it_is_right_under() -> None:
    spec, symbol, right, wrong = _unsure_round()
    truth = spec.bindings()
    found = sequence.explore(
        tuple(truth.items()), spec.reagent_board(), spec.product(), 6_000
    ).found
    assert found is not None
    sure = {s: b for s, b in truth.items() if s != symbol}
    board, product = spec.reagent_board(), spec.product()
    for right_count, wrong_count in ((1, 1), (3, 1), (1, 3)):
        unsure = {symbol: ((right, right_count), (wrong, wrong_count))}
        odds = sequence.chance(found, sure, unsure, board, product)
        assert odds == right_count / (right_count + wrong_count)
    assert sequence.chance(found, sure, {symbol: ((wrong, 1),)}, board, product) == 0.0


@pytest.mark.parametrize(("level", "buzzes"), [("normal", False), ("hard", True)])
def test_hard_answers_a_finals_round_a_rune_short_of_sure(level: str, buzzes: bool) -> None:
    """One needed rune with two meanings left: `hard` takes it as its first and
    answers when the sequence is right under half of them; `normal` waits."""
    spec, symbol, right, wrong = _unsure_round()
    known = {s: (b,) for s, b in spec.bindings().items()}
    known[symbol] = (right, wrong)
    reagent, product = spec.reagent_board(), spec.product()
    view = {
        "round": {
            "size": reagent.size,
            "reagent": list(reagent.cells),
            "product": list(product.cells),
        }
    }
    reading = Reading(DEFAULT_PALETTE, [], known)
    found = runebreaker._sequence(view, reading, runebreaker.LEVEL_SETTINGS[level])
    assert (found is not None) is buzzes
    if found is not None:
        assert symbol in found
        assert correct_sequence(spec, found)


def _spare_rune_round() -> tuple[Any, str]:
    """A finals round and a rune its runes make the Product without."""
    for seed in range(1, 20):
        spec = generate_round(seed, 1, "finals")
        truth = spec.bindings()
        reagent, product = spec.reagent_board(), spec.product()
        for symbol in truth:
            rest = tuple((s, b) for s, b in truth.items() if s != symbol)
            if sequence.explore(rest, reagent, product, 6_000).found is not None:
                return spec, symbol
    raise AssertionError("no round with a rune to spare")


@pytest.mark.parametrize(("level", "buzzes"), [("normal", False), ("hard", True)])
def test_only_hard_buzzes_before_it_knows_every_rune(level: str, buzzes: bool) -> None:
    """Every rune known but one the sequence can do without: `hard` buzzes (its
    sequence is right whatever that rune means); `normal` waits to know it too."""
    spec, spare = _spare_rune_round()
    known = {s: (b,) for s, b in spec.bindings().items()}
    known[spare] = every_bound(DEFAULT_PALETTE)
    reagent, product = spec.reagent_board(), spec.product()
    view = {
        "variant": "finals",
        "round": {
            "size": reagent.size,
            "reagent": list(reagent.cells),
            "product": list(product.cells),
            "buzzed": [False, False],
        },
    }
    settings = runebreaker.LEVEL_SETTINGS[level]
    said = runebreaker._buzz(view, Reading(DEFAULT_PALETTE, [], known), 0, settings)
    assert (said == "buzz") is buzzes
    # Once that rune is known too, both buzz.
    known[spare] = (spec.bindings()[spare],)
    assert runebreaker._buzz(view, Reading(DEFAULT_PALETTE, [], known), 0, settings) == "buzz"


def test_the_finals_search_stops_at_its_budget_of_commands_run() -> None:
    """A search that cannot find the Product (a rune it needs left out) runs
    commands until its budget is spent: with a budget of commands run it stops
    there, where its boards alone would let it run more."""
    spec = generate_round(1, 1, "finals")
    truth = spec.bindings()
    reagent, product = spec.reagent_board(), spec.product()
    found = sequence.explore(tuple(truth.items()), reagent, product, 300).found
    assert found is not None
    needed = found[0]
    without = tuple((s, b) for s, b in truth.items() if s != needed)
    unbounded = sequence.explore(without, reagent, product, 300)
    assert unbounded.found is None
    assert unbounded.runs > 500
    bounded = sequence.explore(without, reagent, product, 300, runs=500)
    assert bounded == sequence.Explored(None, 500)


@pytest.mark.parametrize("seed", range(1, 4))
def test_a_budget_the_finals_search_fits_in_changes_nothing(seed: int) -> None:
    spec = generate_round(seed, 1, "finals")
    meanings = tuple(spec.bindings().items())
    reagent, product = spec.reagent_board(), spec.product()
    found, runs = sequence.explore(meanings, reagent, product, 6_000)
    assert found is not None
    assert sequence.explore(meanings, reagent, product, 6_000, runs) == (found, runs)
    assert sequence.explore(meanings, reagent, product, 6_000, runs - 1).found is None


def test_the_reagent_search_runs_no_more_commands_than_hard_allows() -> None:
    """Classic: ``hard`` tries the Reagent longest, but its tries times the
    commands a try runs (the sequence, spelt out) stay within its budget; a
    sequence short enough keeps every try its level gives."""
    hard = runebreaker.LEVEL_SETTINGS["hard"]
    assert hard.reagent_runs is not None
    lengths = set()
    for seed in range(1, 16):
        spec = generate_round(seed, 1, "classic")
        program = tuple(spec.program(spec.sequence))
        spelt = primitives_run(program)
        assert spelt is not None
        tries = runebreaker._tries(hard, program, stood=100)
        assert 0 < tries * len(spelt) <= hard.reagent_runs
        lengths.add(len(spelt))
    assert max(lengths) * hard.most_tries > hard.reagent_runs  # the budget binds
    short = (Bound("flip", ("left-right",)),) * 3
    assert runebreaker._tries(hard, short, stood=100) == hard.most_tries

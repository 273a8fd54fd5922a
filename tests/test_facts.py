"""A game is its folders plus one registry line, in the tests too.

Every game has every fact the shared tests read (tests/facts.py); a game
lacking one is told what to add and where; and a sixth game, Race to Five
(tests/sixth_game/, laid out as a game's folders are), is picked up by the
shared tests unedited once its folders are joined to the project's packages
and its registry line is added, for the length of a test.
"""

from __future__ import annotations

import importlib
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import bot.demo
import games
import tests.facts
import tests.games
from bot import kits
from bot.demo import play_demo
from games.core import Game, registry
from storage.records import MatchStatus
from tests.facts import FACTS, Layer, MissingFact, fact, lacking

SIXTH = Path(__file__).parent / "sixth_game"
#: The sixth game's folders, and the packages each joins.
FOLDERS: tuple[tuple[ModuleType, Path], ...] = (
    (games, SIXTH / "games"),
    (bot.demo, SIXTH / "bot" / "demo"),
    (tests.games, SIXTH / "tests" / "games"),
)


@pytest.mark.parametrize("key", games.keys())
def test_every_game_has_every_fact_the_shared_tests_read(key: str) -> None:
    assert lacking(key) == []


@pytest.mark.parametrize("layer", Layer)
def test_every_game_keeps_its_facts_in_its_own_folder(layer: Layer) -> None:
    root = Path(__file__).parents[1]
    for key in filter(layer.applies, games.keys()):
        assert (root / layer.path(key)).is_file(), layer.path(key)


def test_a_game_with_no_facts_is_told_what_to_add_and_where(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._MODULES, "nameless", "games.nameless")
    with pytest.raises(MissingFact) as missing:
        fact("nameless", "MOVES")
    assert str(missing.value) == (
        "game 'nameless' has no MOVES for the shared tests: add MOVES to "
        "tests/games/nameless/facts.py (a new module; its folder needs an __init__.py): "
        "list[str]: the game's own move words, as a player types them (the seeds the fuzz "
        "mutates; some must be taken in some phase). Read by tests/games/test_fuzz_parse.py, "
        "bench/fuzz.py."
    )
    required = [f.name for f in FACTS if f.required and f.layer is Layer.GAMES]
    assert [line.split(" has no ")[1].split(" ")[0] for line in lacking("nameless")] == required
    # What has a default is not asked for: a game without it gets the default.
    assert fact("nameless", "FUZZ_MATCHES") == ()
    assert fact("nameless", "SOAK_AT_ONCE") == 4
    # Once it has a Discord adapter, the Discord facts are asked for too.
    monkeypatch.setattr(tests.facts, "adapter_module", lambda key: f"bot.discord.{key}")
    assert (
        "has no PLAN for the shared tests: add PLAN to tests/bot/discord/nameless/facts.py"
        in (lacking("nameless")[-1])
    )


# -- the sixth game ------------------------------------------------------------------


@pytest.fixture
def sixth(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Race to Five's folders joined to the packages, and its registry line."""
    for package, folder in FOLDERS:
        monkeypatch.setattr(package, "__path__", [*package.__path__, str(folder)])
    monkeypatch.setitem(registry._MODULES, "tiny", "games.tiny")
    importlib.invalidate_caches()
    _forget()
    yield "tiny"
    _forget()


def _forget() -> None:
    """Nothing of the sixth game outlives its test."""
    for name in [n for n in sys.modules if n.split(".")[-1] == "tiny" or ".tiny." in n]:
        del sys.modules[name]
    registry._loaded.pop("tiny", None)
    for cached in (kits.demo_player, kits.host_script, kits._demo_module):
        cached.cache_clear()


def test_the_sixth_game_is_found_from_its_folders_and_one_registry_line(sixth: str) -> None:
    assert sixth in games.keys()
    assert isinstance(games.get(sixth), Game)
    assert kits.demo_player(sixth) is not None
    assert sixth in kits.demo_games()
    assert fact(sixth, "PHASES") == {"ready", "race"}
    # It has no Discord adapter yet, so no Discord facts are asked of it; once it
    # has one, the Discord tests say what to add, and where.
    assert kits.adapter_module(sixth) is None
    assert lacking(sixth) == []
    with pytest.raises(MissingFact) as missing:
        fact(sixth, "PLAN")
    assert str(missing.value) == (
        "game 'tiny' has no PLAN for the shared tests: add PLAN to "
        "tests/bot/discord/tiny/facts.py (a new module; its folder needs an __init__.py): "
        + next(f.what for f in FACTS if f.name == "PLAN")
        + ". Read by tests/bot/discord/test_authorization.py."
    )


def test_the_shared_fuzz_tests_play_the_sixth_game_unedited(sixth: str) -> None:
    from bench.fuzz import timings
    from tests.games import test_fuzz_parse as fuzz
    from tests.reliability.soak_child import soak_options

    fuzz.test_the_tables_cover_every_phase(sixth)
    fuzz.test_hostile_text_gets_an_action_or_a_refusal(sixth)
    fuzz.test_every_phase_and_actor_takes_the_games_own_moves_without_crashing(sixth)
    fuzz.test_an_over_long_move_is_refused_having_read_only_its_length(sixth, 1)
    fuzz.test_a_move_at_the_cap_is_read_as_a_move(sixth)
    fuzz.test_the_cap_is_above_the_longest_legal_move(sixth)
    assert len(timings(sixth)) == 2  # bench/fuzz.py: one line per heavy move
    assert soak_options(sixth, 3) == {"turn_seconds": 5}


async def test_the_sixth_game_replays_and_keeps_no_secrets(sixth: str, tmp_path: Path) -> None:
    """Played by its built-in players through the runtime, exported and replayed
    by the shared replay tests. Game.reveal's default means nothing is secret: the
    host's reveal is refused and nothing is logged, as the docstring says."""
    from tests.bot import test_replay_cli as replay

    played = {sixth: await replay._play_and_export(sixth, tmp_path)}
    assert played[sixth].reveal_refused == "Race to Five keeps no secrets to reveal."
    events = json.loads(played[sixth].file.read_text())["events"]
    assert all(event["payload"] != {"command": "reveal"} for event in events)
    replay.test_the_replayed_room_is_the_room_that_was_committed(sixth, played)
    replay.test_the_reveal_tells_the_room_every_secret(sixth, played)
    said = Game.reveal.__doc__ or ""
    assert "must override" in said
    assert '"<title> keeps no secrets to reveal."' in said


async def test_the_demo_tells_the_sixth_game_which_rules_it_breaks(
    sixth: str, tmp_path: Path
) -> None:
    """With no renderer of its own, its room shows the generic text and no
    picture: the demo's checks name the rules that breaks."""
    from tests.bot.demo.test_demo_every_game import (
        PICTURED,
        TELLS_RESULT,
        broken_rules,
    )

    out = io.StringIO()
    record = await play_demo(sixth, seed=7, out_dir=tmp_path / "tiny", out=out)
    assert record.status is MatchStatus.FINISHED
    section = out.getvalue() + f"\n===== Race to Five: match #{record.id} finished =====\n"
    assert broken_rules("Race to Five", section, tmp_path / "tiny") == [
        f"Race to Five: breaks {TELLS_RESULT}; the room never said any of these",
        f"Race to Five: breaks {PICTURED}; the room showed none",
    ]


def test_the_sixth_game_records_its_format_and_is_told_when_it_does_not(
    sixth: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The schema-hash test's convention holds for a new game: its own
    upgrades.py records its format; without it, it is told what to add."""
    from games.core.formats import Formats, unrecorded

    game = games.get(sixth)
    where = "games/tiny/upgrades.py"
    assert unrecorded(game, where) is None
    monkeypatch.setattr(type(game), "formats", Formats())
    told = unrecorded(game, where) or ""
    assert told.startswith(
        "Race to Five (tiny) records no format: add games/tiny/upgrades.py with "
        "FORMATS = Formats(version=1, schemas={1: Schemas(state="
    )


def test_adding_a_game_in_the_docs_names_every_fact() -> None:
    """docs/architecture.md, "Adding a game", is where an author looks: it must
    name each fact the shared tests read."""
    text = (Path(__file__).parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text[text.index("\n## Adding a game") :]
    assert [f.name for f in FACTS if f"`{f.name}" not in section] == []

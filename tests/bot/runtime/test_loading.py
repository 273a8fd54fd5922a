"""load_match: each way a stored match can fail to load is one CannotLoad with
the reason in plain words — the field and what is wrong, never a value (a
state holds secrets) — and a match that loads comes back as its game's state."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import games
from bot.runtime.loading import CannotLoad, load_match
from storage.records import MatchRecord, MatchStatus, PlayerRecord

NOW = datetime(2026, 11, 27, tzinfo=UTC)


def _record(game: str = "goofspiel", **fields: Any) -> MatchRecord:
    values: dict[str, Any] = {
        "id": 7, "guild_id": 1, "game": game, "status": MatchStatus.RUNNING, "config": {},
        "seed": 3, "state": None, "version": 1, "clock_ms": 0, "pause_reason": None,
        "category_id": None, "room_channel_id": None, "host_channel_id": None,
        "players": [PlayerRecord(seat=0, user_id=1), PlayerRecord(seat=1, user_id=2)],
        "created_at": NOW, "updated_at": NOW,
    }  # fmt: skip
    return MatchRecord(**{**values, **fields})


async def _reason(record: MatchRecord) -> str:
    with pytest.raises(CannotLoad) as refused:
        await load_match(record)
    assert refused.value.match_id == record.id
    return refused.value.reason


async def test_a_match_that_loads_comes_back_as_its_state() -> None:
    game = games.get("goofspiel")
    state = game.setup(game.coerce_config({}), seed=3, now_ms=0).state
    loaded = await load_match(_record(state=state.model_dump_json()))
    assert loaded.game is game
    assert loaded.state == state
    assert (await load_match(_record())).state is None  # not started


async def test_each_failure_says_why() -> None:
    assert await _reason(_record("chess")) == "its game “chess” is not in this version"
    options = await _reason(_record(config={"move_seconds": "soon"}))
    assert options.startswith("its options no longer fit Square Goofspiel (`move_seconds`: ")
    assert await _reason(_record(state="{not json")) == (
        "its stored state no longer fits Square Goofspiel (Invalid JSON: key must be a string "
        "at line 1 column 2)"
    )
    secret = '{"hands": [[1, 2, 3]], "seed": "my secret words"}'
    reason = await _reason(_record(state=secret))
    assert reason == (
        "its stored state no longer fits Square Goofspiel (`seed`: Input should be a valid "
        "integer, unable to parse string as an integer; `config`: Field required; "
        "`phase_cells`: Field required; and 1 more)"  # three problems named, the rest counted
    )
    assert "secret" not in reason


async def test_a_format_newer_than_this_build_reads() -> None:
    game = games.get("goofspiel")
    state = game.setup(game.coerce_config({}), seed=3, now_ms=0).state
    later = game.formats.version + 1
    reason = await _reason(_record(state=state.model_dump_json(), format_version=later))
    assert reason.startswith(
        f"a stored Square Goofspiel state is in format version {later}, newer than this build's"
    )


async def test_a_file_its_options_name_that_is_gone(tmp_path: Path) -> None:
    missing = tmp_path / "words.txt"
    reason = await _reason(_record("decoder", config={"word_list": str(missing)}))
    assert reason.startswith(
        f"a file its options name cannot be used: Can't read the word list '{missing}'"
    )

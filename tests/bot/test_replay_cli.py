"""`genius-bot replay FILE`: a finished match of every game, played by the demo's
built-in players through the real runtime on SQLite and exported, rebuilds to its
stored outcome and state and prints the room's story; a tampered or foreign file
ends with one line and a non-zero exit."""

from __future__ import annotations

import asyncio
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PIL import Image as PILImage

import games
from bot.cli import main
from bot.demo.match import NAMES, play_match
from bot.kits import demo_games, demo_matches
from bot.render import renderer_for
from bot.runtime import ListDelivery, ManualTime, MatchRuntime, Scheduler
from bot.runtime.export import MatchExport, export_bytes
from bot.runtime.replay import replay_steps
from games import PUBLIC, Notice, Rejected
from storage import make_engine, make_sessionmaker, upgrade
from storage.records import MatchStatus, NewMatch, PlayerRecord
from storage.repository import MatchRepository
from storage.web import WebRepository
from tests.facts import fact


@dataclass(frozen=True)
class Played:
    """A finished (and revealed) match's export file and the room's notices as committed."""

    file: Path
    room: list[list[Notice]]
    state: Any
    #: Why the host's reveal was refused (a game that keeps no secrets), if it was.
    reveal_refused: str | None = None


async def _play_and_export(key: str, folder: Path) -> Played:
    url = f"sqlite+aiosqlite:///{folder}/{key}.db"
    await upgrade(url)
    engine = make_engine(url)
    try:
        sessions = make_sessionmaker(engine)
        scheduler = Scheduler(ManualTime(), auto=False)
        runtime = MatchRuntime(sessions, ListDelivery(), scheduler=scheduler, checkpoint_seconds=0)
        await runtime.start_up()
        record = await play_match(runtime, key, 7, demo_matches(key)[0])
        assert record.status is MatchStatus.FINISHED
        # The host reveals every secret: logged, so the story ends with it.
        refused = None
        try:
            await runtime.reveal(record.id)
        except Rejected as refusal:  # Game.reveal's default: nothing is secret
            refused = refusal.message
        await runtime.shut_down()
        export = await runtime.export(record.id, NAMES)
        async with sessions() as session:
            rows = await WebRepository(session).room_messages(record.id, limit=10_000)
    finally:
        await engine.dispose()
    path = folder / f"{key}.json"
    path.write_bytes(export_bytes(export))
    room = [[Notice.model_validate(n) for n in row.notices] for row in rows]
    return Played(path, room, games.get(key).State.model_validate(export.state), refused)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Played]:
    """Each game played once for the whole module (a second or two each)."""
    folder = tmp_path_factory.mktemp("exports")
    return {key: asyncio.run(_play_and_export(key, folder)) for key in demo_games()}


@dataclass
class Stories:
    """`genius-bot replay FILE --images DIR` of each game's export, run once for the
    module (rebuilding a match and drawing its room's pictures takes seconds): what
    it printed, and DIR. The story is the same with or without ``--images`` but for
    where its pictures are said to be; a story without them is read in
    test_an_export_whose_reason_counted_seats_from_one_replays_upgraded."""

    folder: Path
    told: dict[str, tuple[str, Path]] = field(default_factory=dict)

    def tell(
        self, played: Played, key: str, capsys: pytest.CaptureFixture[str]
    ) -> tuple[str, Path]:
        if key not in self.told:
            images = self.folder / key
            assert main(["replay", str(played.file), "--images", str(images)]) == 0
            self.told[key] = (capsys.readouterr().out, images)
        return self.told[key]


@pytest.fixture(scope="module")
def stories(tmp_path_factory: pytest.TempPathFactory) -> Stories:
    return Stories(tmp_path_factory.mktemp("pictures"))


def _export(played: Played) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(played.file.read_text())
    return data


def _write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_every_game_has_demo_players() -> None:
    assert sorted(demo_games()) == sorted(games.keys())


@pytest.mark.parametrize("key", sorted(games.keys()))
def test_the_replayed_room_is_the_room_that_was_committed(
    key: str, played: dict[str, Played]
) -> None:
    """The story is the room's notices in order: every committed room message but
    the reminders (timers, not steps of the log) is rebuilt, in the same order."""
    data = _export(played[key])
    game = games.get(key)
    export = MatchExport.model_validate(data)
    rebuilt = [
        [n for n in step.notices if n.audience == PUBLIC]
        for step in replay_steps(game, export.config, export.seed, export.events)
    ]
    committed = [[n for n in message if n.kind != "reminder"] for message in played[key].room]
    assert [m for m in rebuilt if m] == [m for m in committed if m]


@pytest.mark.parametrize("key", sorted(games.keys()))
def test_a_finished_match_replays_and_prints_the_rooms_story(
    key: str, played: dict[str, Played], stories: Stories, capsys: pytest.CaptureFixture[str]
) -> None:
    out, images = stories.tell(played[key], key, capsys)
    lines = out.splitlines()
    title = games.get(key).title
    assert lines[0].startswith(f"{title} — match #1: {NAMES[0]} vs {NAMES[1]} (seed 7, finished)")
    assert lines[1].startswith("[   0:00] ")
    assert "The match has started!" in lines[1]
    # The room's last message (the host's reveal), rendered as the room showed it, comes last.
    last = renderer_for(key).render(played[key].room[-1], PUBLIC, names=NAMES).text
    assert out.index(last.splitlines()[0]) > out.index("The match has started!")
    assert lines[-1].startswith(f"Rebuilt from {len(_export(played[key])['events'])} logged")
    assert "the outcome and state match what was stored" in lines[-1]
    # Pictures are saved when asked, each named in the story where the room showed it.
    saved = sorted(images.iterdir()) if images.exists() else []
    assert all(f"(picture: {path})" in out for path in saved)
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in saved)
    assert len(saved) == out.count("(picture: ")
    assert saved  # every game's room shows a picture (the demo's rule, bot/kits.py)


def _mismatch(capsys: pytest.CaptureFixture[str], file: str) -> str:
    assert main(["replay", file]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""  # no story for a match that does not rebuild
    assert captured.err.count("\n") == 1
    assert captured.err.startswith(f"genius-bot: replay {file}: ")
    return captured.err


@pytest.mark.parametrize("key", ["goofspiel", "expression"])
def test_a_changed_outcome_is_a_mismatch(
    key: str, played: dict[str, Played], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _export(played[key])
    outcome = data["outcome"]
    outcome["winner"] = None if outcome["winner"] is not None else 0
    err = _mismatch(capsys, _write(tmp_path, data))
    assert "the rebuilt outcome" in err
    assert "differs from the stored outcome" in err


@pytest.mark.parametrize("key", sorted(games.keys()))
def test_a_removed_event_is_a_mismatch(
    key: str, played: dict[str, Played], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _export(played[key])
    actions = [i for i, e in enumerate(data["events"]) if e["kind"] == "action"]
    del data["events"][actions[len(actions) // 2]]
    err = _mismatch(capsys, _write(tmp_path, data))
    assert "can't be replayed" in err or "differs from the stored" in err, err


def test_a_changed_state_is_a_mismatch_even_with_the_same_outcome(
    played: dict[str, Played], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _export(played["goofspiel"])
    data["state"]["hands"][0] = [*data["state"]["hands"][0], 13]
    err = _mismatch(capsys, _write(tmp_path, data))
    assert "the rebuilt state differs from the stored state" in err


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("this is not json", "is not a JSON file"),
        (json.dumps({"hello": "world"}), "is not a genius-bot match export"),
        (json.dumps([1, 2, 3]), "is not a genius-bot match export"),
        (
            json.dumps({"format": "genius-bot match export", "version": 4}),
            "format version 4; this genius-bot reads versions 1, 2 and 3",
        ),
        (
            json.dumps({"format": "genius-bot match export", "version": 1, "game": "chess"}),
            "is a damaged match export:",
        ),
    ],
)
def test_a_foreign_or_malformed_file_is_refused_in_one_line(
    content: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "file.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "Traceback" not in err
    assert err.startswith(f"genius-bot: {path} "), err
    assert said in err, err


def test_an_export_of_a_game_this_bot_lacks_is_refused(
    played: dict[str, Played], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _export(played["decoder"])
    data["game"] = "chess"
    assert main(["replay", _write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert "a game this genius-bot doesn't have ('chess')" in err
    assert err.count("\n") == 1


def test_a_missing_file_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"genius-bot: can't read {tmp_path / 'nope.json'}: ")
    assert err.count("\n") == 1


def test_the_export_holds_what_rebuilding_needs(played: dict[str, Played]) -> None:
    data = _export(played["goofspiel"])
    assert data["format"] == "genius-bot match export"
    assert data["version"] == 3
    assert data["season"] is None  # /match new was given none
    # The game's format versions: the state's, and each logged event's.
    assert data["state_format"] == 1
    assert {e["format_version"] for e in data["events"]} == {1}
    assert (data["game"], data["match_id"], data["seed"], data["status"]) == (
        "goofspiel",
        1,
        7,
        "finished",
    )
    assert [(s["seat"], s["name"]) for s in data["seats"]] == [(0, NAMES[0]), (1, NAMES[1])]
    assert data["events"][0]["kind"] == "host"
    assert data["events"][0]["payload"] == {"command": "start"}
    assert {e["kind"] for e in data["events"]} <= {"host", "action", "expire"}
    assert all("now_ms" in e for e in data["events"])
    assert data["outcome"]["reason"]


async def test_an_unstarted_match_exports_and_replays_with_no_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing logged yet: the file still reads, and its story is empty."""
    url = f"sqlite+aiosqlite:///{tmp_path}/new.db"
    await upgrade(url)
    engine = make_engine(url)
    try:
        sessions = make_sessionmaker(engine)
        runtime = MatchRuntime(
            sessions, ListDelivery(), scheduler=Scheduler(ManualTime(), auto=False),
            checkpoint_seconds=0,
        )  # fmt: skip
        players = [PlayerRecord(seat=s, user_id=10 + s) for s in (0, 1)]
        record = await runtime.create(
            NewMatch(guild_id=1, game="goofspiel", config={}, seed=3, players=players)
        )
        export = await runtime.export(record.id, NAMES)
        async with sessions() as session:
            assert await MatchRepository(session).events(record.id) == []
    finally:
        await engine.dispose()
    path = tmp_path / "new.json"
    path.write_bytes(export_bytes(export))
    assert export.outcome is None
    assert export.state is None
    assert export.events == []
    assert await asyncio.to_thread(main, ["replay", str(path)]) == 0
    assert "Result: no result." in capsys.readouterr().out


@pytest.mark.parametrize("key", sorted(games.keys()))
def test_the_reveal_tells_the_room_every_secret(key: str, played: dict[str, Played]) -> None:
    # Each value the game keeps until the reveal (its facts' secrets()).
    secrets: list[str] = fact(key, "secrets")(played[key].state)
    if not secrets:  # nothing is secret (Game.reveal's default): the host is told so
        assert played[key].reveal_refused == f"{games.get(key).title} keeps no secrets to reveal."
        return
    assert played[key].reveal_refused is None
    last = played[key].room[-1]
    assert [n.kind for n in last] == ["secrets_revealed"]
    assert all(n.audience == PUBLIC for n in last)
    rendered = renderer_for(key).render(last, PUBLIC, names=NAMES)
    text = rendered.text
    if fact(key, "REVEAL_PICTURED"):
        assert rendered.images
        for image in rendered.images:
            with PILImage.open(io.BytesIO(image.data)) as picture:
                picture.load()  # every pixel decodes
    missing = [secret for secret in secrets if secret not in text]
    assert not missing, text
    # Logged as the host's command, so the replayed story ends with it too.
    assert _export(played[key])["events"][-1]["payload"] == {"command": "reveal"}


def test_a_word_list_missing_here_is_named(
    played: dict[str, Played], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Decoder match on a host's own word list needs that file to be rebuilt."""
    data = _export(played["decoder"])
    data["config"]["word_list"] = str(tmp_path / "gone" / "words.txt")
    assert main(["replay", _write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("genius-bot: the match can't be rebuilt here: Can't read the word list")
    assert err.count("\n") == 1


@pytest.mark.parametrize("key", sorted(games.keys()))
def test_the_replayed_story_names_the_players_never_a_seat_number(
    key: str, played: dict[str, Played], stories: Stories, capsys: pytest.CaptureFixture[str]
) -> None:
    """Engines count seats from 0 in a result's reason; whoever reads the story
    reads the players' names instead, in the room's messages and the result."""
    out, _ = stories.tell(played[key], key, capsys)
    assert re.findall(r"\bseat [0-9]\b", out, flags=re.IGNORECASE) == []
    outcome = played[key].state.outcome
    result = out.splitlines()[-1]
    if outcome.winner is not None:
        assert f"Result: {NAMES[outcome.winner]} wins" in result
    named = re.sub(r"\bseat ([01])\b", lambda m: NAMES[int(m[1])], outcome.reason)
    assert result.endswith(f": {named}.")


def _counted_from_one(reason: str) -> str:
    return re.sub(r"\bseat ([01])\b", lambda m: f"seat {int(m[1]) + 1}", reason)


def _before_formats(data: dict[str, Any]) -> dict[str, Any]:
    """The export as a file of version 1 wrote it: no format versions anywhere."""
    del data["state_format"]
    for event in data["events"]:
        del event["format_version"]
    return {**data, "version": 1}


def test_an_export_whose_reason_counted_seats_from_one_replays_upgraded(
    played: dict[str, Played], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An export written before reasons counted seats from 0 (Logical Horror's
    win said "seat 1's board…" for seat 0) is format 1: the upgrade to format 2
    renumbers the reason, and the match rebuilds to it. The same reason in a
    file that says format 2 is not upgraded again: a mismatch."""
    data = _export(played["logical_horror"])
    assert (data["version"], data["state_format"]) == (3, 2)
    assert {e["format_version"] for e in data["events"]} == {2}
    old = _counted_from_one(data["outcome"]["reason"])
    assert old != data["outcome"]["reason"]
    data["outcome"]["reason"] = data["state"]["outcome"]["reason"] = old
    assert "differs from the stored outcome" in _mismatch(capsys, _write(tmp_path, data))
    assert main(["replay", _write(tmp_path, _before_formats(data))]) == 0
    winner = data["outcome"]["winner"]
    assert f"Result: {NAMES[winner]} wins" in capsys.readouterr().out.splitlines()[-1]


def test_an_export_from_a_later_release_is_refused_in_one_line(
    played: dict[str, Played], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _export(played["goofspiel"])
    data["state_format"] = 9
    assert main(["replay", _write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert "format version 9, newer than this build's 1: a later release" in err
    data["state_format"] = 1
    [e for e in data["events"] if e["kind"] == "action"][-1]["format_version"] = 9
    err = _mismatch(capsys, _write(tmp_path, data))
    assert "can't be read: a stored Square Goofspiel action is in format version 9" in err


def test_a_reason_renumbered_any_other_way_is_still_a_mismatch(
    played: dict[str, Played], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _export(played["logical_horror"])
    reason = data["outcome"]["reason"]
    shifted = re.sub(r"\bseat ([01])\b", lambda m: f"seat {int(m[1]) + 2}", reason)
    data["outcome"]["reason"] = data["state"]["outcome"]["reason"] = shifted
    assert "differs from the stored outcome" in _mismatch(capsys, _write(tmp_path, data))

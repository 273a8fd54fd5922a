"""`genius-bot db backup PATH`: SQLite's online backup makes a copy that opens,
passes its integrity check and holds a consistent prefix of the writes, even
while another connection commits in a loop; anything else gets one line."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from bot.cli import main
from storage import MatchRepository, make_engine, make_sessionmaker
from storage.backup import BackupError, backup_sqlite, sqlite_file
from storage.records import NewMatch, PlayerRecord

#: Each transaction of the writer adds one event and one outbox row for it and
#: moves the match's version on: a consistent copy has all three or none.
SCHEMA = """
CREATE TABLE matches (id INTEGER PRIMARY KEY, version INTEGER NOT NULL);
CREATE TABLE events (seq INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE outbox (id INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
INSERT INTO matches VALUES (1, 0);
"""


def _database(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")  # as the bot opens it
    conn.executescript(SCHEMA)
    conn.close()


def _write_until(path: Path, stop: threading.Event, written: list[int]) -> None:
    conn = sqlite3.connect(path, timeout=15, isolation_level=None)
    try:
        seq = 0
        while not stop.is_set():
            seq += 1
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO events VALUES (?, ?)", (seq, "x" * 500))
            conn.execute("INSERT INTO outbox (seq) VALUES (?)", (seq,))
            conn.execute("UPDATE matches SET version = ? WHERE id = 1", (seq,))
            conn.execute("COMMIT")
            written.append(seq)
    finally:
        conn.close()


def _prefix(copy: Path) -> int:
    """The number of writes the copy holds, after checking it is a consistent prefix."""
    conn = sqlite3.connect(f"{copy.as_uri()}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        (version,) = conn.execute("SELECT version FROM matches").fetchone()
        events = [row[0] for row in conn.execute("SELECT seq FROM events ORDER BY seq")]
        outbox = [row[0] for row in conn.execute("SELECT seq FROM outbox ORDER BY id")]
    finally:
        conn.close()
    assert events == list(range(1, version + 1))
    assert outbox == events
    return int(version)


def test_copies_taken_while_a_writer_commits_are_consistent_prefixes(tmp_path: Path) -> None:
    source = tmp_path / "genius.db"
    _database(source)
    stop, written = threading.Event(), []
    writer = threading.Thread(target=_write_until, args=(source, stop, written))
    writer.start()
    counts: list[int] = []
    try:
        for number in range(6):
            while len(written) < 200 * (number + 1):  # let the writer get ahead each time
                stop.wait(0.001)
            copy = tmp_path / f"copy-{number}.db"
            backup_sqlite(source, copy)
            counts.append(_prefix(copy))
            assert not (tmp_path / f"copy-{number}.db-wal").exists()  # one file, complete
    finally:
        stop.set()
        writer.join()
    assert counts == sorted(counts)
    assert counts[0] >= 200
    assert counts[-1] <= len(written)
    # Some copy was taken with the writer still going (not all at one count).
    assert len(set(counts)) > 1
    assert not list(tmp_path.glob(".*partial"))


def test_an_existing_file_is_kept_unless_forced(tmp_path: Path) -> None:
    source, target = tmp_path / "genius.db", tmp_path / "backup.db"
    _database(source)
    target.write_text("last night's backup")
    with pytest.raises(BackupError, match="already exists; give a new path, or --force"):
        backup_sqlite(source, target)
    assert target.read_text() == "last night's backup"
    backup_sqlite(source, target, overwrite=True)
    assert _prefix(target) == 0


@pytest.mark.parametrize(
    ("make", "target", "said"),
    [
        (False, "backup.db", "there is no database file at"),
        (True, "no/such/folder/backup.db", "the folder"),
        (True, "genius.db", "the backup can't be the database itself"),
    ],
)
def test_bad_paths_are_refused_and_write_nothing(
    tmp_path: Path, make: bool, target: str, said: str
) -> None:
    source = tmp_path / "genius.db"
    if make:
        _database(source)
    before = sorted(tmp_path.iterdir())
    with pytest.raises(BackupError, match=said):
        backup_sqlite(source, tmp_path / target)
    assert sorted(tmp_path.iterdir()) == before


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "notes.txt"
    source.write_text("not a database, just some words " * 100)
    with pytest.raises(BackupError, match=r"the backup of .* failed: file is not a database"):
        backup_sqlite(source, tmp_path / "backup.db")
    assert not (tmp_path / "backup.db").exists()


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("postgresql+asyncpg://u@h/db", "use pg_dump"),
        ("sqlite+aiosqlite:///:memory:", "in memory"),
        ("mysql://u@h/db", "only SQLite files"),
    ],
)
def test_only_sqlite_files_are_backed_up(url: str, said: str) -> None:
    with pytest.raises(BackupError, match=said):
        sqlite_file(url)


# -- the command -----------------------------------------------------------------


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in list(os.environ):
        if name.startswith("GENIUS_"):
            monkeypatch.delenv(name)
    path = tmp_path / "config.toml"
    path.write_text(f'[database]\nurl = "sqlite+aiosqlite:///{tmp_path}/genius.db"\n')
    return path


def test_the_command_copies_the_bots_database(
    config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--config", str(config), "db", "upgrade"]) == 0
    capsys.readouterr()
    target = tmp_path / "backup.db"
    assert main(["--config", str(config), "db", "backup", str(target)]) == 0
    assert capsys.readouterr().out.startswith(f"backed up 0 matches to {target} (")
    conn = sqlite3.connect(target)
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    finally:
        conn.close()
    assert {"matches", "match_events", "outbox", "alembic_version"} <= tables


def test_the_command_refuses_postgresql_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[database]\nurl = "postgresql+asyncpg://genius@db.example/genius"\n')
    for name in list(os.environ):
        if name.startswith("GENIUS_"):
            monkeypatch.delenv(name)
    assert main(["--config", str(config), "db", "backup", str(tmp_path / "b.db")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "use pg_dump" in err
    assert "Traceback" not in err
    assert not (tmp_path / "b.db").exists()


def test_the_command_without_a_path_says_what_it_needs(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--config", str(config), "db", "backup"])
    assert exited.value.code == 2
    assert "the following arguments are required: path" in capsys.readouterr().err


async def _one_match(url: str) -> None:
    engine = make_engine(url)
    try:
        async with make_sessionmaker(engine).begin() as session:
            await MatchRepository(session).create(
                NewMatch(
                    guild_id=1,
                    game="goofspiel",
                    config={},
                    seed=1,
                    players=[PlayerRecord(seat=0, user_id=10), PlayerRecord(seat=1, user_id=11)],
                )
            )
    finally:
        await engine.dispose()


def test_the_count_agrees_with_one_match(
    config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--config", str(config), "db", "upgrade"]) == 0
    asyncio.run(_one_match(f"sqlite+aiosqlite:///{tmp_path}/genius.db"))
    capsys.readouterr()
    target = tmp_path / "backup.db"
    assert main(["--config", str(config), "db", "backup", str(target)]) == 0
    assert capsys.readouterr().out.startswith(f"backed up 1 match to {target} (")

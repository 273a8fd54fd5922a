"""The operator's mistakes end `genius-bot` with one plain line and exit code 2:
no traceback, and the file, the key or the fix named."""

from __future__ import annotations

import os
import socket
import sys
import types
from collections.abc import Iterator, Mapping
from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest

from bot.cli import main
from games import Rejected


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in list(os.environ):
        if name.startswith("GENIUS_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)


def _config(tmp_path: Path, text: str) -> str:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[goofspiel\nmove_seconds = 30\n", "is not valid TOML"),
        ('[goofspiel]\nmove_seconds = "abc"\n', "setting goofspiel.move_seconds"),
        ("[goofspiel]\nmove_secs = 30\n", "setting goofspiel.move_secs"),
        (
            '[discord]\nlayout = "thread"\n',
            "setting discord.layout: Input should be 'channels' or 'threads' — got 'thread'",
        ),
        ('[database]\nurl = "foo://x"\n', "database.url 'foo://x' is not a database URL"),
        (
            '[database]\nurl = "postgresql+asyncpg://nobody:hunter2@127.0.0.1:1/x"\n',
            "cannot open the database 'postgresql+asyncpg://nobody:***@127.0.0.1:1/x'",
        ),
    ],
)
def test_a_bad_setting_is_one_plain_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, said: str
) -> None:
    assert main(["--config", _config(tmp_path, text), "db", "upgrade"]) == 2
    err = capsys.readouterr().err
    assert said in err
    assert err.startswith("genius-bot: ")
    assert "Traceback" not in err
    assert "hunter2" not in err  # a password never reaches the terminal


def test_a_missing_settings_file_says_how_to_make_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--config", str(tmp_path / "nope.toml"), "db", "upgrade"]) == 2
    err = capsys.readouterr().err
    assert "config file not found" in err
    assert "config.example.toml" in err


def test_run_checks_the_database_before_logging_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a token set and a database that cannot be opened, `run` stops at
    once: it never gets as far as connecting to Discord (there is no network)."""
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", "not-a-real-token")
    bad = _config(tmp_path, f'[database]\nurl = "sqlite+aiosqlite:///{tmp_path}/no/such/dir.db"\n')
    assert main(["--config", bad, "run"]) == 2
    assert "cannot open the database" in capsys.readouterr().err


def test_run_without_a_token_says_where_to_set_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run"]) == 2
    assert "GENIUS_DISCORD_TOKEN" in capsys.readouterr().err


def test_a_good_database_is_upgraded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _config(tmp_path, f'[database]\nurl = "sqlite+aiosqlite:///{tmp_path}/g.db"\n')
    assert main(["--config", good, "db", "upgrade"]) == 0
    assert "schema is up to date" in capsys.readouterr().out
    assert (tmp_path / "g.db").exists()


@pytest.mark.parametrize(
    ("url", "said"),
    [
        (
            "postgresql://u:hunter2@db.example/genius",
            "write it as 'postgresql+asyncpg://u:***@db.example/genius'",
        ),
        (
            "postgresql+psycopg2://u@db.example/g",
            "write it as 'postgresql+asyncpg://u@db.example/g'",
        ),
        ("sqlite:///genius.db", "write it as 'sqlite+aiosqlite:///genius.db'"),
        ("mysql://u@db.example/genius", "mysql is not supported; use SQLite"),
        ("mariadb+asyncmy://u@db.example/genius", "mariadb is not supported; use SQLite"),
    ],
)
@pytest.mark.parametrize("command", [["db", "upgrade"], ["run"]])
def test_a_database_url_without_its_async_driver_says_what_to_write(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    url: str,
    said: str,
    command: list[str],
) -> None:
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("GENIUS_DATABASE__URL", url)
    assert main(command) == 2
    err = capsys.readouterr().err
    assert said in err
    assert err.startswith("genius-bot: database.url ")
    assert err.count("\n") == 1
    assert "hunter2" not in err
    assert not (tmp_path / "genius.db").exists()


def test_broken_json_in_an_environment_setting_names_the_variable(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("GENIUS_DISCORD__SYNC_GUILD_IDS", "[1,2")
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "genius-bot: environment variable GENIUS_DISCORD__SYNC_GUILD_IDS is not valid JSON"
    )
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "[goofspiel]\nmove_secs = 30\n",
            "setting goofspiel.move_secs: [goofspiel] has no such setting; "
            "did you mean move_seconds?",
        ),
        (
            "[discord]\nsync_guilds = []\n",
            "setting discord.sync_guilds: [discord] has no such setting; "
            "did you mean sync_guild_ids?",
        ),
        ("[web]\nxyzzy = 1\n", "[web] has no such setting; its settings are host, port,"),
        ("[databse]\nurl = 'x'\n", "[databse] is not a settings section; did you mean [database]?"),
    ],
)
def test_an_unknown_setting_names_its_section_and_the_key_meant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, said: str
) -> None:
    assert main(["--config", _config(tmp_path, text), "db", "upgrade"]) == 2
    err = capsys.readouterr().err
    assert said in err
    assert "Extra inputs are not permitted" not in err


def test_a_generated_puzzle_size_says_why_its_range_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["--config", _config(tmp_path, "[logical_horror]\nsize = 6\n"), "db", "upgrade"]) == 2
    )
    err = capsys.readouterr().err
    assert "setting logical_horror.size" in err
    assert "a generated puzzle is 8–10 cells a side, not 6" in err
    assert "a puzzle_file may be 4–10" in err


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


def test_the_web_pages_port_in_use_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], taken_port: int
) -> None:
    good = _config(tmp_path, f'[database]\nurl = "sqlite+aiosqlite:///{tmp_path}/g.db"\n')
    assert main(["--config", good, "web", "--demo", "--port", str(taken_port)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"genius-bot: the web pages cannot listen on 127.0.0.1:{taken_port}: another program "
        "(or another genius-bot) is already using that port. Stop it, or choose another "
        "port with --port.\n"
    )


@pytest.mark.parametrize(
    ("section", "setting", "content", "said"),
    [
        ("decoder", "word_list", None, "setting [decoder]: Can't read the word list"),
        ("decoder", "word_list", "12\n!!\n", "setting [decoder]: The word list"),
        ("runebreaker", "rune_set", None, "setting [runebreaker]: Can't use the rune set"),
        ("runebreaker", "rune_set", "variant classic\nround 1\nrune A = fly\n", "Line 3"),
        ("logical_horror", "puzzle_file", None, "setting [logical_horror]: Can't use the puzzle"),
        ("logical_horror", "puzzle_file", "size 99\n", "Line 1"),
    ],
)
def test_run_checks_the_files_a_games_settings_name_before_anything_else(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    section: str,
    setting: str,
    content: str | None,
    said: str,
) -> None:
    """A wrong path or a broken file stops `run` at once, with the other settings,
    not at the first /match new: no database is made, Discord is never reached."""
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", "not-a-real-token")
    named = tmp_path / f"{setting}.txt"
    if content is not None:
        named.write_text(content, encoding="utf-8")
    path = _config(tmp_path, f'[{section}]\n{setting} = "{named}"\n')
    assert main(["--config", path, "run"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"genius-bot: setting [{section}]: ")
    assert said in err
    assert str(named) in err
    assert err.count("\n") == 1
    assert not (tmp_path / "genius.db").exists()


def test_a_new_games_file_setting_is_checked_at_start_up_by_convention(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start-up check asks the same per-game module the match-time reading
    does, found by the game's key: a game that gains one is checked for free."""
    name = "bot.runtime.resources.goofspiel"
    hook = types.ModuleType(name)
    hook.__spec__ = ModuleSpec(name, loader=None)
    asked: list[dict[str, object]] = []

    async def resolve(config: Mapping[str, object]) -> dict[str, object]:
        asked.append(dict(config))
        raise Rejected("Can't use the deck file 'deck.txt': no such file.")

    hook.resolve = resolve  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, hook)
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("GENIUS_GOOFSPIEL__MOVE_SECONDS", "45")
    assert main(["run"]) == 2
    assert asked == [{"move_seconds": 45}]
    assert capsys.readouterr().err == (
        "genius-bot: setting [goofspiel]: Can't use the deck file 'deck.txt': no such file.\n"
    )


def test_an_unknown_setting_from_the_environment_names_the_variable(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GENIUS_DISCORD__TOKN", "x")
    assert main(["db", "upgrade"]) == 2
    assert capsys.readouterr().err == (
        "genius-bot: environment variable GENIUS_DISCORD__TOKN: setting discord.tokn: "
        "[discord] has no such setting; did you mean token?\n"
    )

"""The operator's mistakes end `genius-bot` with one plain line and exit code 2:
no traceback, and the file, the key or the fix named."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.cli import main


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

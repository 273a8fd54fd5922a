"""`genius-bot invite-url`: scopes and permissions the bot needs, its id from the token."""

from __future__ import annotations

import base64
import os
from urllib.parse import parse_qs, urlparse

import discord
import pytest

from bot.cli import main
from bot.discord.invite import PERMISSIONS, application_id

APP_ID = 1234567890123456789


def _token(app_id: int) -> str:
    first = base64.b64encode(str(app_id).encode()).decode().rstrip("=")
    return f"{first}.GkZ1aB.abcdefghijklmnopqrstuvwxyz0123456789AB"


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    for name in list(os.environ):
        if name.startswith("GENIUS_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(str(tmp_path))


def test_the_application_id_comes_from_the_token() -> None:
    assert application_id(_token(APP_ID)) == APP_ID
    with pytest.raises(ValueError, match="bot token"):
        application_id("not a token")


def test_the_link_asks_for_the_scopes_and_permissions_the_bot_uses(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GENIUS_DISCORD_TOKEN", _token(APP_ID))
    assert main(["invite-url"]) == 0
    query = parse_qs(urlparse(capsys.readouterr().out.strip()).query)
    assert query["client_id"] == [str(APP_ID)]
    assert set(query["scope"][0].split()) == {"bot", "applications.commands"}
    granted = discord.Permissions(int(query["permissions"][0]))
    # What /match new does: channels with permission overwrites, posts with images.
    assert granted.manage_channels
    assert granted.manage_roles
    assert granted.send_messages
    assert granted.attach_files
    assert granted.read_message_history
    assert not granted.administrator
    assert granted == PERMISSIONS


def test_without_a_token_the_id_can_be_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["invite-url"]) == 2
    assert "--client-id" in capsys.readouterr().err
    assert main(["invite-url", "--client-id", "42"]) == 0
    assert "client_id=42" in capsys.readouterr().out

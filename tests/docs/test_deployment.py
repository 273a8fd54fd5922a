"""compose.yaml, the Dockerfile and the README's "Running it on a server" name
only what exists: commands, settings, the health check's route. No Docker
engine runs where the suite does, so the files are read, not run; a rename in
the code then breaks this test rather than a host's deployment."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import BaseModel

from bot.cli import _parser
from bot.config import PLAIN_TOKEN_ENV, Settings
from bot.web.server import WebServer
from storage import make_engine, make_sessionmaker
from tests.docs.readme import section

ROOT = Path(__file__).resolve().parents[2]
DEBIAN = "bookworm"  # the release the bot is tested on (this machine's, and CI's)


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    parsed: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    return parsed


@pytest.fixture(scope="module")
def dockerfile() -> list[str]:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


@pytest.fixture(scope="module")
def server_section() -> str:
    return section("Running it on a server")


def _is_setting(name: str) -> bool:
    """GENIUS_<SECTION>__<KEY> names a setting (or it is the plain token variable)."""
    if name == PLAIN_TOKEN_ENV:
        return True
    section, _, key = name.removeprefix("GENIUS_").lower().partition("__")
    field = Settings.model_fields.get(section)
    if field is None or not isinstance(field.annotation, type):
        return False
    model = field.annotation
    return issubclass(model, BaseModel) and key in model.model_fields


def _is_command(command: str) -> bool:
    try:
        _parser().parse_args([command, "--help"])
    except SystemExit as stopped:
        return stopped.code == 0
    return False


def _routes() -> set[str]:
    engine = make_engine("sqlite+aiosqlite:///:memory:")
    server = WebServer(make_sessionmaker(engine))
    return {resource.canonical for resource in server.app.router.resources()}


def test_compose_runs_the_bot_with_postgresql_in_named_volumes(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"db", "bot"}
    assert services["db"]["image"].startswith("postgres:")
    volumes = {v.split(":")[0] for s in services.values() for v in s.get("volumes", [])}
    assert volumes <= set(compose["volumes"])  # named, so they outlive the containers
    bot = services["bot"]
    assert bot["build"] == "."
    assert bot["depends_on"]["db"]["condition"] == "service_healthy"
    url = bot["environment"]["GENIUS_DATABASE__URL"]
    assert url.startswith("postgresql+asyncpg://")
    assert "@db/" in url
    # The token comes from the environment, and compose refuses to start without it.
    assert (
        bot["environment"][PLAIN_TOKEN_ENV] == "${GENIUS_DISCORD_TOKEN:?set GENIUS_DISCORD_TOKEN}"
    )


def test_compose_names_only_commands_settings_and_routes_that_exist(
    compose: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    bot = compose["services"]["bot"]
    assert all(_is_command(c) for c in bot["command"][:1]), bot["command"]
    named = [n for n in bot["environment"] if n.startswith("GENIUS_")]
    commented = re.findall(r"#\s*(GENIUS_\w+):", (ROOT / "compose.yaml").read_text())
    assert [n for n in named + commented if not _is_setting(n)] == []
    check = " ".join(bot["healthcheck"]["test"])
    port, path = re.findall(r"http://127\.0\.0\.1:(\d+)(/\w+)", check)[0]
    assert port == bot["environment"]["GENIUS_WEB__PORT"]
    assert path in _routes()
    capsys.readouterr()


def test_the_dockerfile_pins_debian_and_lets_the_demo_write(dockerfile: list[str]) -> None:
    assert dockerfile[0] == f"FROM python:3.11-slim-{DEBIAN}"
    os_release = Path("/etc/os-release")
    if os_release.exists():  # the machine the suite runs on is the one tested
        assert f"VERSION_CODENAME={DEBIAN}" in os_release.read_text(encoding="utf-8")
    user = dockerfile.index("USER genius")
    workdirs = [i for i, line in enumerate(dockerfile) if line.startswith("WORKDIR ")]
    # The process runs where its user may write: `demo` writes ./demo-out there.
    assert workdirs[-1] > user
    assert dockerfile[workdirs[-1]] == "WORKDIR /home/genius"
    assert "useradd --create-home --uid 10001 genius" in " ".join(dockerfile)
    # Exec form: genius-bot is PID 1 and gets docker stop's SIGTERM itself.
    assert 'ENTRYPOINT ["genius-bot"]' in dockerfile
    env = " ".join(line for line in dockerfile if line.startswith(("ENV", "GENIUS_")))
    assert all(_is_setting(n) for n in re.findall(r"(GENIUS_\w+)=", env))


def test_the_readme_server_section_names_what_exists(
    server_section: str, capsys: pytest.CaptureFixture[str]
) -> None:
    commands = set(re.findall(r"genius-bot ([a-z][a-z-]*)", server_section))
    assert {"run", "demo", "db"} <= commands
    assert all(_is_command(c) for c in commands), commands
    settings = set(re.findall(r"\b(GENIUS_[A-Z_]+)", server_section))
    assert {"GENIUS_DISCORD_TOKEN", "GENIUS_DATABASE__BACKUP_EVERY_HOURS"} <= settings
    assert [n for n in settings if not _is_setting(n)] == []
    assert "`[web] trusted_proxies`" in server_section
    assert _is_setting("GENIUS_WEB__TRUSTED_PROXIES")
    assert "[Logs and metrics](#logs-and-metrics)" in server_section
    assert "compose.yaml" in server_section
    assert "/readyz" in server_section
    capsys.readouterr()

"""The log as an operator reads it: time, level, logger on every line; the
match and its server on the lines about a match; JSON lines parse one by one."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.config import LogSettings
from bot.ops.logs import LogHandler, about_match, configure
from bot.runtime import ListDelivery
from games import Notice
from storage.records import MatchRecord
from tests.bot.runtime.conftest import make_harness

Configure = Callable[[LogSettings], io.StringIO]


@pytest.fixture
def log_to() -> Iterator[Configure]:
    """Configure the process's log into a string; everything put back afterwards."""
    names = ("", "discord", "sqlalchemy")
    levels = {name: logging.getLogger(name).level for name in names}

    def configured(settings: LogSettings) -> io.StringIO:
        stream = io.StringIO()
        configure(settings, stream=stream)
        return stream

    yield configured
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, LogHandler)]:
        root.removeHandler(handler)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def json_lines(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


class FailsOnce(ListDelivery):
    """Discord failing the first post (a 5xx): the outbox logs it and retries."""

    failed = False

    async def deliver(self, match: MatchRecord, target: str, notices: list[Notice]) -> None:
        if not self.failed:
            self.failed = True
            raise RuntimeError("Discord answered 503")
        await super().deliver(match, target, notices)


async def test_the_lines_of_a_move_name_its_match_and_server(
    sessionmaker: async_sessionmaker[AsyncSession], log_to: Configure
) -> None:
    stream = log_to(LogSettings(format="json", level="DEBUG"))
    harness = make_harness(sessionmaker, FailsOnce(), retry_seconds=0)
    await harness.runtime.start_up()
    try:
        other = await harness.started()  # another match, whose lines must not mix in
        match_id = await harness.started()
        await harness.runtime.submit_text(match_id, 0, "bid 3")
        await harness.runtime.flush()
    finally:
        await harness.runtime.shut_down()
    lines = json_lines(stream)  # every line is one JSON object
    assert all({"ts", "level", "logger", "message", "match", "guild"} <= set(ln) for ln in lines)
    moved = [ln for ln in lines if ln["logger"] == "bot.runtime.moves"]
    assert [(ln["match"], ln["guild"]) for ln in moved] == [(match_id, 1)]
    assert moved[0]["level"] == "DEBUG"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", moved[0]["ts"])
    # The delivery that failed was the first match's, logged from its own pump
    # task with its traceback; not the second match's, whose move came later.
    failed = [ln for ln in lines if "delivery to" in ln["message"]]
    assert [(ln["match"], ln["guild"]) for ln in failed] == [(other, 1)]
    assert "RuntimeError: Discord answered 503" in failed[0]["exc"]
    assert "exc" not in moved[0]


def test_a_text_line_has_its_time_level_logger_and_match(log_to: Configure) -> None:
    stream = log_to(LogSettings())
    log = logging.getLogger("bot.somewhere")
    log.info("before")
    with about_match(12, 34):
        log.warning("during")
    log.info("after")
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}"
    assert re.fullmatch(
        rf"{stamp} INFO     bot.somewhere: before\n"
        rf"{stamp} WARNING  bot.somewhere \[match 12, server 34\]: during\n"
        rf"{stamp} INFO     bot.somewhere: after\n",
        stream.getvalue(),
    ), stream.getvalue()


def test_levels_are_settings_per_library(log_to: Configure) -> None:
    stream = log_to(LogSettings(format="json", level="WARNING", discord="ERROR", sqlalchemy="INFO"))
    logging.getLogger("bot.somewhere").info("not shown: under the level")
    logging.getLogger("discord.gateway").warning("not shown: discord says ERROR")
    logging.getLogger("sqlalchemy.engine").info("SELECT 1")
    logging.getLogger("bot.somewhere").error("shown")
    try:
        raise ValueError("broken")
    except ValueError:
        logging.getLogger("bot.somewhere").exception("with its traceback")
    lines = json_lines(stream)
    assert [(ln["logger"], ln["message"]) for ln in lines] == [
        ("sqlalchemy.engine", "SELECT 1"),
        ("bot.somewhere", "shown"),
        ("bot.somewhere", "with its traceback"),
    ]
    assert lines[2]["exc"].startswith("Traceback")
    assert "ValueError: broken" in lines[2]["exc"]
    assert lines[0]["match"] is None


def test_configuring_again_replaces_the_handler(log_to: Configure) -> None:
    first = log_to(LogSettings())
    second = log_to(LogSettings(format="json"))
    logging.getLogger("bot.somewhere").warning("once")
    assert first.getvalue() == ""
    assert [ln["message"] for ln in json_lines(second)] == ["once"]
    assert sum(isinstance(h, LogHandler) for h in logging.getLogger().handlers) == 1

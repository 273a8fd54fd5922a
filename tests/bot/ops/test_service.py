"""`genius-bot web` as a real process, set up as an operator would: JSON log
lines on stderr from the settings, /readyz and /metrics answering."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_genius_bot_web_logs_json_lines_and_serves_readyz_and_metrics(tmp_path: Path) -> None:
    port = free_port()
    (tmp_path / "config.toml").write_text(
        f'[database]\nurl = "sqlite+aiosqlite:///{tmp_path}/genius.db"\n'
        f'[web]\nport = {port}\n[log]\nformat = "json"\n[metrics]\nenabled = true\n',
        encoding="utf-8",
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "--config", str(tmp_path / "config.toml"), "web"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])},
    )  # fmt: skip
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("genius-bot web pages at")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=10) as ready:
            assert ready.status == 200
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as metrics:
            names = {f.name for f in text_string_to_metric_families(metrics.read().decode())}
        assert {"genius_matches", "genius_web_streams"} <= names
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    lines = [json.loads(line) for line in err.splitlines()]  # every line is JSON
    assert any(ln["message"].startswith("Running upgrade") for ln in lines)  # a new database
    served = [ln for ln in lines if ln["logger"] == "bot.web.server"]
    assert served[0]["message"].startswith(f"web pages at http://127.0.0.1:{port}")
    assert served[0]["level"] == "INFO"
    assert served[0]["ts"].endswith("+00:00")

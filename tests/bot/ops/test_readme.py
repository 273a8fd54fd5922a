"""The README's "Logs and metrics" names only what exists: its metrics are the
ones /metrics serves (and it names them all), its settings are the code's."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.config import HealthSettings, LogSettings, MetricsSettings
from bot.ops.metrics import Metrics

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^## Logs and metrics.*?(?=^## )", readme, re.M | re.S)
    assert found is not None, "README has no Logs and metrics section"
    return found[0]


def test_it_names_every_metric_served_and_no_other(section: str) -> None:
    metrics = Metrics()
    metrics.watch_batches(Counter())
    served = set()
    for family in text_string_to_metric_families(metrics.exposition().decode()):
        if family.name.endswith("_created"):
            continue  # prometheus-client's own creation times
        served.add(f"{family.name}_total" if family.type == "counter" else family.name)
    named = set(re.findall(r"^\| `(genius_[a-z_]+)", section, re.M))
    assert named == served


def test_its_settings_exist(section: str) -> None:
    for key in re.findall(r"^(\w+) = ", section, re.M):
        assert key in LogSettings.model_fields, key
    for key in re.findall(r"\[health\] (\w+)", section):
        assert key in HealthSettings.model_fields, key
    assert "[metrics] enabled = true" in section
    assert "enabled" in MetricsSettings.model_fields

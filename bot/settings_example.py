"""``config.example.toml``, assembled: the bot's own sections, then one section
per registered game, each documented beside its engine in
``games/<key>/settings.toml``.

The committed example must equal :func:`example_text` (a test holds it so);
after adding a game or changing a section, run
``genius-bot config example > config.example.toml``.
"""

from __future__ import annotations

from importlib.resources import files

import games

GAMES_INTRO = """\
# Per-game defaults. A match's own options (/match new ... options:"key=value")
# override these; the keys are the game's config keys (the rule choices behind
# them: docs/rules-choices.md).
"""


def game_section(key: str) -> str:
    """The documented ``[key]`` section, from the game's own folder."""
    return files(f"games.{key}").joinpath("settings.toml").read_text(encoding="utf-8")


def example_text() -> str:
    head = files("bot").joinpath("settings_head.toml").read_text(encoding="utf-8")
    sections = [game_section(key).rstrip() + "\n" for key in games.keys()]
    return "\n".join([head, GAMES_INTRO, *sections])

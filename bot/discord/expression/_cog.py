"""``/expression …``: the action language as slash commands, ephemeral, for the
match's players. ``play``, ``guess`` and ``final`` without arguments open their
forms."""

from __future__ import annotations

from discord import app_commands

from bot.discord.acting import Audience
from bot.discord.expression._forms import open_form
from bot.discord.expression._moves import CONFIRMATIONS, GAME_KEY, guess_text, play_text
from bot.discord.game_cog import GameCog, Interaction

STARTER_CHOICES = [
    app_commands.Choice(name="me", value="me"),
    app_commands.Choice(name="my opponent", value="them"),
]
HELP = (
    "**How to play** — type moves here (or use the buttons, or `/expression …` anywhere):\n"
    "• `ready` — you are done planning;\n"
    "• `first me` / `first them` — the Advantage holder picks who plays first in bout 1;\n"
    "• `play 7 + 12 * 3` — your expression: the round's global pair plus two of your "
    "numbers and one of your symbols;\n"
    "• `guess 5 7 +`, `guess 5` or `guess none` — after losing a round;\n"
    "• `reveal 7` or `reveal +` — after winning one: the tile shown if no guess is right;\n"
    "• `final 1: 5 7 +; 2: 12 12 -`, then `final done` — the Final Guess (÷ as `/` there).\n"
    "Type × as `*` or `x`, ÷ as `/` or `:`, − as `-`. `status` shows your tiles and every "
    "round so far; `help` shows this."
)


@app_commands.guild_only()
class ExpressionCog(
    GameCog, group_name="expression", group_description="Play Expression Black & White."
):
    game_key = GAME_KEY
    match_kind = "an Expression Black & White match"
    confirmations = CONFIRMATIONS

    async def _form(self, interaction: Interaction, form: str) -> None:
        acting = await self._seat(interaction)
        await open_form(interaction, acting.match.id, acting.seat, form)

    @app_commands.command(
        name="ready", description="Say you are done planning.", extras={"audience": Audience.PLAYER}
    )
    async def ready(self, interaction: Interaction) -> None:
        await self._confirmed_move(interaction, "ready", "✅ You are ready.")

    @app_commands.command(
        name="first",
        description="Advantage holder: who plays first in bout 1.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(who="Who plays first")
    @app_commands.choices(who=STARTER_CHOICES)
    async def first(self, interaction: Interaction, who: app_commands.Choice[str]) -> None:
        await self._confirmed_move(interaction, f"first {who.value}", "✅ Chosen: see the room.")

    @app_commands.command(
        name="play",
        description="Play your expression (no argument: a form).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(expression="e.g. 7 + 12 * 3: the global pair, two numbers, a symbol")
    async def play(self, interaction: Interaction, expression: str | None = None) -> None:
        if expression is None:
            await self._form(interaction, "play")
        else:
            await self._confirmed_move(interaction, play_text(expression), "✅ Played.")

    @app_commands.command(
        name="guess",
        description="Guess your opponent's tiles (no argument: a form).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(tiles="Up to two numbers and one symbol, e.g. 5 7 +, or none")
    async def guess(self, interaction: Interaction, tiles: str | None = None) -> None:
        if tiles is None:
            await self._form(interaction, "guess")
        else:
            await self._confirmed_move(interaction, guess_text(tiles), "✅ Guess saved.")

    @app_commands.command(
        name="reveal",
        description="Pick the tile to reveal if no guess is right.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(tile="One of your three tiles this round, e.g. 7 or +")
    async def reveal(self, interaction: Interaction, tile: str) -> None:
        await self._confirmed_move(interaction, f"reveal {tile}", "✅ Saved.")

    @app_commands.command(
        name="final",
        description="Your Final Guess (no argument: a form).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(
        guesses="Rounds and tiles, e.g. 1: 5 7 +; 2: 12 12 - (÷ as /)",
        done="Lock your Final Guess after these rounds",
    )
    async def final(
        self, interaction: Interaction, guesses: str | None = None, done: bool = False
    ) -> None:
        if guesses is None and not done:
            await self._form(interaction, "final")
        else:
            text = " ".join(["final", guesses or "", "done" if done else ""])
            await self._confirmed_move(interaction, text, "✅ Saved.")

    @app_commands.command(
        name="status",
        description="Your tiles and every round so far (just for you).",
        extras={"audience": Audience.PLAYER},
    )
    async def status(self, interaction: Interaction) -> None:
        await self._show_status(interaction)

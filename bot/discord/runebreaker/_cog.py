"""``/runebreaker …``: the action language as slash commands, ephemeral, for the
match's players; ``probe`` and ``answer`` without options open their forms.
``catalog`` and ``help`` answer anyone."""

from __future__ import annotations

from discord import app_commands

from bot.discord.acting import Audience
from bot.discord.game_cog import GameCog, Interaction
from bot.discord.replies import reply
from bot.discord.runebreaker._forms import open_form
from bot.discord.runebreaker._moves import CONFIRMATIONS, GAME_KEY, answer_text, probe_text
from games import PUBLIC, Rejected
from games.runebreaker.commands import catalog_listing
from games.runebreaker.pieces import DEFAULT_PALETTE, Palette

FIRST_CHOICES = [
    app_commands.Choice(name="me", value="me"),
    app_commands.Choice(name="my opponent", value="them"),
]
HELP = (
    "**How to play Rune Breaker here** — type moves in your private channel, click the "
    "buttons under a prompt, or use `/runebreaker …` anywhere:\n"
    "• `probe <board> : B A` — a 4×4 board in notation, then its commands. A board is one "
    "token per cell, colour then shape (`Rc` red circle, `Bs` blue square), `..` for empty; "
    "rows on new lines or split by `/`: `probe Rc .. Gs .. / .. Yt .. .. / .. .. Rd .. / "
    "Bh .. .. .. : B A`. Classic: up to 3 of the sequence's commands, never a run of it; "
    "finals: up to n−2 executable commands, one or two probes a turn, then `done`;\n"
    "• `buzz` — classic: on your opponent's turn; finals: in the buzz-in phase (the **Buzz** "
    "button in the room works too);\n"
    "• `answer <board>` (classic: the Reagent Board, also as a board-editor code) or "
    "`answer A # Q` (finals: the Command Sequence); `pass` for no answer;\n"
    "• `decipher 2 : A Q` — finals, with the item: new commands on your probe #2;\n"
    "• `first me` / `first them` — the DMO picks who starts round 1.\n"
    "`status` shows the boards, your probes and answer; `/runebreaker catalog` lists every "
    "command a rune can stand for."
)


@app_commands.guild_only()
class RuneBreakerCog(GameCog, group_name="runebreaker", group_description="Play Rune Breaker."):
    game_key = GAME_KEY
    match_kind = "a Rune Breaker match"
    confirmations = CONFIRMATIONS

    async def _form(self, interaction: Interaction, form: str) -> None:
        acting = await self._seat(interaction)
        await open_form(interaction, acting.match.id, acting.seat, form)

    @app_commands.command(
        name="probe",
        description="Probe a 4×4 board (no options: a form).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(
        board="4×4, rows split by /, e.g. Rc .. Gs .. / .. Yt .. .. / .. .. Rd .. / Bh .. .. ..",
        commands="Its commands in order, e.g. B A",
    )
    async def probe(
        self, interaction: Interaction, board: str | None = None, commands: str | None = None
    ) -> None:
        if board is None and commands is None:
            await self._form(interaction, "probe")
        elif board is None or commands is None:
            raise Rejected("Give both the board and its commands, or neither for a form.")
        else:
            await self._confirmed_move(interaction, probe_text(board, commands), "✅ Probe sent.")

    @app_commands.command(
        name="answer",
        description="Your answer (no option: a form).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(
        answer="Classic: the Reagent Board (rows split by /, or an editor code); finals: A # Q"
    )
    async def answer(self, interaction: Interaction, answer: str | None = None) -> None:
        if answer is None:
            await self._form(interaction, "answer")
        else:
            await self._confirmed_move(interaction, answer_text(answer), "✅ Answer sent.")

    @app_commands.command(
        name="buzz",
        description="Buzz in: both players then answer.",
        extras={"audience": Audience.PLAYER},
    )
    async def buzz(self, interaction: Interaction) -> None:
        await self._confirmed_move(interaction, "buzz", "✅ You buzzed: answer now, privately.")

    @app_commands.command(
        name="pass", description="No answer this time.", extras={"audience": Audience.PLAYER}
    )
    async def pass_(self, interaction: Interaction) -> None:
        await self._confirmed_move(interaction, "pass", "✅ No answer from you this time.")

    @app_commands.command(
        name="done",
        description="Finals: your probes for this turn are in.",
        extras={"audience": Audience.PLAYER},
    )
    async def done(self, interaction: Interaction) -> None:
        await self._confirmed_move(interaction, "done", "✅ Your probes for this turn are in.")

    @app_commands.command(
        name="decipher",
        description="Finals item: new commands on one of your probe boards.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(probe="Your probe's number (#)", commands="The commands, e.g. A Q")
    async def decipher(
        self, interaction: Interaction, probe: app_commands.Range[int, 1, 99], commands: str
    ) -> None:
        await self._confirmed_move(
            interaction, f"decipher {probe} : {commands}", "✅ Decipher sent."
        )

    @app_commands.command(
        name="first",
        description="The DMO: who starts round 1.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(who="Who starts round 1")
    @app_commands.choices(who=FIRST_CHOICES)
    async def first(self, interaction: Interaction, who: app_commands.Choice[str]) -> None:
        await self._confirmed_move(interaction, f"first {who.value}", "✅ Chosen: see the room.")

    @app_commands.command(
        name="status",
        description="The boards, your probes and your answer (just for you).",
        extras={"audience": Audience.PLAYER},
    )
    async def status(self, interaction: Interaction) -> None:
        await self._show_status(interaction)

    @app_commands.command(
        name="catalog",
        description="Every command a rune can stand for.",
        extras={"audience": Audience.ANYONE},
    )
    async def catalog(self, interaction: Interaction) -> None:
        await reply(interaction, catalog_listing(await self._palette(interaction)))

    @app_commands.command(
        name="help",
        description="How to play Rune Breaker here.",
        extras={"audience": Audience.ANYONE},
    )
    async def help(self, interaction: Interaction) -> None:
        await reply(interaction, HELP)

    async def _palette(self, interaction: Interaction) -> Palette:
        """The palette of this channel's Rune Breaker match (its colours and shapes),
        else the full one."""
        if interaction.channel_id is None:
            return DEFAULT_PALETTE
        found = await self.runtime.by_channel(interaction.channel_id)
        if found is None or found.match.game != GAME_KEY:
            return DEFAULT_PALETTE
        palette = (await self.runtime.view(found.match.id, PUBLIC)).get("palette") or {}
        try:
            return Palette(int(palette["colours"]), int(palette["shapes"]))
        except (KeyError, TypeError, ValueError):
            return DEFAULT_PALETTE

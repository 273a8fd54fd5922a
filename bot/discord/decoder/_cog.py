"""``/decoder …``: one subcommand per move of the action language, ``status``,
and ``begin`` for hosts. Every reply is ephemeral; every move goes through the
engine's grammar, exactly as if it had been typed in the private channel."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.discord.acting import Audience, hosted_match, require_host
from bot.discord.decoder._moves import (
    all_tanks,
    confirm,
    hand_letters,
    restored_tanks,
    unused_tanks,
    with_flags,
)
from bot.discord.decoder._views import decoder_view
from bot.discord.game_cog import GameCog, Interaction
from bot.discord.replies import in_time, reply
from games import HOST
from games.decoder import GAME
from games.decoder.actions import Unexpected
from games.decoder.tanks import MAX_SECONDS

Letter = app_commands.Range[str, 1, 1]

CLUE_CHOICES = [app_commands.Choice(name=clue, value=clue) for clue in ("ANY", "ODD", "TWO")]
TANK = "The tank you use (number or name)"
SURGE = "Use Power Surge: the tank stays unused"
UNEXPECTED = "Also play Unexpected Sabotage on the tank just used"
HELP = (
    "**How to play Decoder here:** type moves in this channel, use `/decoder …` (tanks are "
    "offered as you type), or click the buttons under a prompt.\n"
    "Your turn: `ask DECODER not ANY tank 3`, `guess Q tank 2`, `restore tank 5` — add "
    "`evidence`, `insurance` or `surge` to use an item.\n"
    "Responses: `clue ODD`, `giveup E`, `swap E` / `keep`, `total 17` / `pass`, `sabotage 4`, "
    "and `unexpected` (alone or after a response) for Unexpected Sabotage.\n"
    "Before play: `time 3 120` sets a puzzle time (never below its official time; change it "
    "freely); in letter selection `rarities 2 1 0` and "
    "`hand A B C D E F`. Type `status` (or `/decoder status`) for your hand, tanks and the log."
)


@app_commands.guild_only()
class DecoderCog(GameCog, group_name="decoder", group_description="Play Decoder."):
    game_key = GAME.key
    match_kind = "a Decoder match"

    async def _move(self, interaction: Interaction, text: str, action: Any = None) -> None:
        """Submit ``text`` (or ``action``, when a word could mean more than one move)."""
        acting = await self._seat(interaction)
        notices = await self._submit(interaction, acting, text, action=action)
        view = decoder_view(acting.match, acting.seat, notices)
        await confirm(interaction, acting.match, acting.seat, text, notices, view)

    # -- your turn ---------------------------------------------------------------------

    @app_commands.command(
        name="ask",
        description="Ask a word; your opponent answers a clue.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(
        word="A word of 3–15 letters not asked before",
        exclude="The clue you don't want",
        tank=TANK,
        evidence="Use New Evidence: both other clues are answered",
        surge=SURGE,
    )
    @app_commands.choices(exclude=CLUE_CHOICES)
    @app_commands.autocomplete(tank=unused_tanks)
    async def ask(
        self,
        interaction: Interaction,
        word: str,
        exclude: app_commands.Choice[str],
        tank: str,
        evidence: bool = False,
        surge: bool = False,
    ) -> None:
        text = f"ask {word.strip()} not {exclude.value} tank {tank}"
        await self._move(interaction, with_flags(text, evidence=evidence, surge=surge))

    @app_commands.command(
        name="guess",
        description="Guess a tile in your opponent's hand.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(
        letter="The letter", tank=TANK, insurance="Use Hand Insurance if wrong", surge=SURGE
    )
    @app_commands.autocomplete(tank=unused_tanks)
    async def guess(
        self,
        interaction: Interaction,
        letter: Letter,
        tank: str,
        insurance: bool = False,
        surge: bool = False,
    ) -> None:
        text = f"guess {letter} tank {tank}"
        await self._move(interaction, with_flags(text, insurance=insurance, surge=surge))

    @app_commands.command(
        name="restore",
        description="Restore your used tanks (not this one).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(tank=TANK, surge=SURGE)
    @app_commands.autocomplete(tank=unused_tanks)
    async def restore(self, interaction: Interaction, tank: str, surge: bool = False) -> None:
        await self._move(interaction, with_flags(f"restore tank {tank}", surge=surge))

    # -- responses ----------------------------------------------------------------------

    @app_commands.command(
        name="clue", description="Choose the clue you answer.", extras={"audience": Audience.PLAYER}
    )
    @app_commands.describe(clue="One of the two clues not excluded", unexpected=UNEXPECTED)
    @app_commands.choices(clue=CLUE_CHOICES)
    async def clue(
        self, interaction: Interaction, clue: app_commands.Choice[str], unexpected: bool = False
    ) -> None:
        await self._move(interaction, with_flags(f"clue {clue.value}", unexpected=unexpected))

    @app_commands.command(
        name="giveup",
        description="Give up a tile after a wrong guess.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(letter="A letter of your hand")
    @app_commands.autocomplete(letter=hand_letters)
    async def giveup(self, interaction: Interaction, letter: Letter) -> None:
        await self._move(interaction, f"giveup {letter}")

    @app_commands.command(
        name="swap",
        description="Swap one of your tiles for the offered one.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(letter="The tile you swap out", unexpected=UNEXPECTED)
    @app_commands.autocomplete(letter=hand_letters)
    async def swap(
        self, interaction: Interaction, letter: Letter, unexpected: bool = False
    ) -> None:
        await self._move(interaction, with_flags(f"swap {letter}", unexpected=unexpected))

    @app_commands.command(
        name="keep",
        description="Keep your hand instead of swapping.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(unexpected=UNEXPECTED)
    async def keep(self, interaction: Interaction, unexpected: bool = False) -> None:
        await self._move(interaction, with_flags("keep", unexpected=unexpected))

    @app_commands.command(
        name="total",
        description="Guess the restored tanks' total recharge.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(
        total="Total recharge units (leave out: no guess)", unexpected=UNEXPECTED
    )
    async def total(
        self,
        interaction: Interaction,
        total: app_commands.Range[int, 0, 999] | None = None,
        unexpected: bool = False,
    ) -> None:
        text = "total pass" if total is None else f"total {total}"
        await self._move(interaction, with_flags(text, unexpected=unexpected))

    @app_commands.command(
        name="sabotage",
        description="Pick the restored tank to sabotage.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(tank="One of the tanks just restored", unexpected=UNEXPECTED)
    @app_commands.autocomplete(tank=restored_tanks)
    async def sabotage(self, interaction: Interaction, tank: str, unexpected: bool = False) -> None:
        await self._move(interaction, with_flags(f"sabotage {tank}", unexpected=unexpected))

    @app_commands.command(
        name="unexpected",
        description="Play Unexpected Sabotage (or not).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(use="False: let this turn pass without it")
    async def unexpected(self, interaction: Interaction, use: bool = True) -> None:
        if use:
            await self._move(interaction, "unexpected")
            return
        # Not the word "pass": typed, it answers whatever is owed (a swap, a total),
        # which this command must never do.
        await self._move(interaction, "no unexpected sabotage", Unexpected(use=False))

    # -- before play -------------------------------------------------------------------

    @app_commands.command(
        name="time",
        description="Set a puzzle time, no lower than its official time (before selection).",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(tank="The tank", seconds=f"The new puzzle time, up to {MAX_SECONDS} s")
    @app_commands.autocomplete(tank=all_tanks)
    async def time(
        self, interaction: Interaction, tank: str, seconds: app_commands.Range[int, 0, MAX_SECONDS]
    ) -> None:
        await self._move(interaction, f"time {tank} {seconds}")

    @app_commands.command(
        name="rarities",
        description="Choose the rarities of your extra tiles.",
        extras={"audience": Audience.PLAYER},
    )
    async def rarities(
        self,
        interaction: Interaction,
        common: app_commands.Range[int, 0, 3],
        uncommon: app_commands.Range[int, 0, 3],
        rare: app_commands.Range[int, 0, 1],
    ) -> None:
        await self._move(interaction, f"rarities {common} {uncommon} {rare}")

    @app_commands.command(
        name="hand",
        description="Pick the 6 tiles of your hand.",
        extras={"audience": Audience.PLAYER},
    )
    @app_commands.describe(letters="Six of your tiles, e.g. A B C D E F")
    async def hand(self, interaction: Interaction, letters: str) -> None:
        await self._move(interaction, f"hand {letters}")

    # -- reading, and the host ------------------------------------------------------------

    @app_commands.command(
        name="status",
        description="Your hand, tanks and the log (just for you).",
        extras={"audience": Audience.PLAYER},
    )
    async def status(self, interaction: Interaction) -> None:
        await self._show_status(interaction)

    @app_commands.command(
        name="begin",
        description="Host: start letter selection.",
        extras={"audience": Audience.HOST},
    )
    @app_commands.describe(match="The match id (default: this channel's match)")
    async def begin(
        self, interaction: Interaction, match: app_commands.Range[int, 1] | None = None
    ) -> None:
        role = self.bot.settings.discord.host_role
        require_host(interaction.user, role, "start letter selection")
        assert interaction.guild_id is not None  # guild_only
        record = await hosted_match(
            self.runtime, interaction.guild_id, interaction.channel_id, match
        )
        interaction.extras["match_id"] = record.id
        self._check_game(record)
        await in_time(interaction, self.runtime.submit_text(record.id, HOST, "start selection"))
        view = await self.runtime.view(record.id, HOST)
        # Preset hands skip letter selection and go straight to play.
        started = "Play has begun" if view.get("phase") == "play" else "Letter selection has begun"
        await reply(interaction, f"{started} in match #{record.id}.")

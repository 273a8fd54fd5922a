"""/match practice on Discord: a member plays the bot's honest player, through
the same channels, clocks and runtime as any match.

The bot's seat thinks on the match's clock (``practice_think_seconds``); only
``advance_time`` ends a think (the runtime's timers are virtual in this suite,
tests/bot/discord/pace.py), so no test waits in real time.
"""

from __future__ import annotations

import pytest

import games
from bot import create_bot
from bot.config import Settings
from bot.kits import practice_games, practice_levels
from storage.records import MatchStatus
from tests.bot.discord.practice_support import (
    allow,
    bot_moves,
    play,
    practise,
    think_due,
)
from tests.bot.discord.support import World, assert_refused, said, texts
from tests.facts import fact

#: Each think lasts 5.25 s or more (the strongest level's half, less a quarter):
#: beyond SimCord's 5 s settle window too, so a think ends by ``advance_time``
#: even where the runtime's timers keep SimCord's real-time fallback.
THINK_SECONDS = 14.0


@pytest.fixture
async def settings(settings: Settings) -> Settings:
    discord = settings.discord.model_copy(update={"practice_think_seconds": THINK_SECONDS})
    return settings.model_copy(update={"discord": discord})


def first_game() -> str:
    return practice_games()[0]


def weakest(game: str) -> str:
    return next(iter(practice_levels(game)))


# One layout: a whole match of every game is this module's cost (Expression's 24
# rounds most of it), and the layouts differ only in where channels are made,
# which the other tests here check in both.
@pytest.mark.layouts("channels")
@pytest.mark.parametrize("game", practice_games())
async def test_a_practice_match_from_the_command_to_its_end(world: World, game: str) -> None:
    """The member against the bot's weakest level, played to a result (the
    game's short options, its PRACTICE_OPTIONS fact); the bot's seat moves,
    through the log like any player."""
    await allow(world)
    options = fact(game, "PRACTICE_OPTIONS")
    extra = {} if options is None else {"options": options}
    practice = await practise(world, world.alice, game, weakest(game), **extra)
    assert (await world.bot.runtime.get(practice.id)).status is MatchStatus.RUNNING
    # Not announced: the room has the game's own posts, no "Match #…" welcome.
    assert not any(t.startswith(f"**Match #{practice.id}") for t in texts(practice.room))
    # The member plays the middle level: against the weakest, the match ends
    # soon, and its decisions cost less CPU than the strongest level's.
    players = list(practice_levels(game).values())
    member = players[len(players) // 2]
    await play(world, practice, world.alice, member)
    record = await world.bot.runtime.get(practice.id)
    assert record.status is MatchStatus.FINISHED
    assert await bot_moves(world, practice.id) > 0
    # Over, the room is read-only for its player, not for the bot: it still posts.
    before = len(texts(practice.room))
    revealed = await world.host.slash(practice.room, "match reveal")
    assert "every secret is posted in" in said(revealed)
    assert len(texts(practice.room)) > before
    listed = await world.host.slash(world.general, "match list")
    assert f"practice vs the bot ({weakest(game)})" in said(listed)


async def test_the_bot_thinks_before_it_moves_and_not_while_paused(world: World) -> None:
    """Never instant; the player pauses their own match (no moves while paused)
    and resumes it; the bot thinks again."""
    game = first_game()
    await allow(world)
    practice = await practise(world, world.alice, game, weakest(game), announce=True)
    assert any(t.startswith(f"**Match #{practice.id}") for t in texts(practice.room))
    runtime = world.bot.runtime
    # Whatever the bot thinks about first, it has not moved yet.
    assert await bot_moves(world, practice.id) == 0
    paused = await world.alice.slash(practice.private, "match pause", reason="a cup of tea")
    assert "paused" in said(paused)
    assert think_due(world, practice.id) is None
    await world.env.advance_time(3 * THINK_SECONDS)
    assert await bot_moves(world, practice.id) == 0
    resumed = await world.alice.slash(practice.private, "match resume")
    assert "resumed" in said(resumed)
    assert (await runtime.get(practice.id)).status is MatchStatus.RUNNING


async def test_another_member_may_not_pause_or_abort_it_but_a_host_may(world: World) -> None:
    game = first_game()
    await allow(world)
    practice = await practise(world, world.alice, game, weakest(game))
    for command in ("match pause", "match abort"):
        refused = await world.bob.slash(world.general, command, match=practice.id)
        assert_refused(
            world, refused, f"Only hosts and its player can {command[6:]} practice match"
        )
    assert (await world.bot.runtime.get(practice.id)).status is MatchStatus.RUNNING
    ended = await world.host.slash(world.general, "match abort", match=practice.id)
    assert "aborted" in said(ended)
    assert (await world.bot.runtime.get(practice.id)).status is MatchStatus.ABORTED


async def test_the_player_aborts_their_own(world: World) -> None:
    game = first_game()
    await allow(world)
    practice = await practise(world, world.alice, game, weakest(game))
    result = await world.alice.slash(practice.private, "match abort")
    assert "aborted" in said(result)
    assert (await world.bot.runtime.get(practice.id)).status is MatchStatus.ABORTED
    # Its player sees only their own channel and the room, not the bot's or the log.
    bots = [n for n in world.names() if n.startswith(f"match-{practice.id}-p2-")]
    for hidden in (practice.host_log, world.channel(bots[0])):
        with pytest.raises(Exception, match="cannot"):
            hidden.history(viewer=world.alice)


async def test_refused_when_off_at_the_limit_or_without_an_honest_player(world: World) -> None:
    game = first_game()
    off = await world.alice.slash(world.general, "match practice", game=game, level=weakest(game))
    assert_refused(world, off, "Practice matches are off on this server")
    await allow(world, "practice_enabled=true practice_limit=1")
    await practise(world, world.alice, game, weakest(game))
    full = await world.bob.slash(world.general, "match practice", game=game, level=weakest(game))
    assert_refused(world, full, "already has 1 practice matches running")
    unplayable = [key for key in games.keys() if key not in practice_games()]
    asked = unplayable[0] if unplayable else "chess"
    why = "has no built-in player" if unplayable else "is not a game here"
    refused = await world.bob.slash(world.general, "match practice", game=asked, level="easy")
    assert_refused(world, refused, why)
    title = games.get(game).title.upper()  # typed past the suggestions: the title will do
    level = await world.bob.slash(world.general, "match practice", game=title, level="grandmaster")
    assert_refused(world, level, "has no level “grandmaster”")
    offered = await world.bob.autocomplete(world.general, "match practice", "game", "")
    assert sorted(choice["value"] for choice in offered) == sorted(practice_games())


async def test_the_bot_resumes_thinking_after_a_restart(world: World, settings: Settings) -> None:
    game = first_game()
    await allow(world)
    practice = await practise(world, world.alice, game, weakest(game))
    thinking = think_due(world, practice.id) is not None
    old = world.bot
    await world.env.restart_bot(create_bot(settings))
    await old.release()
    # The seat thinks again as the match is restored, before anyone moves.
    assert (think_due(world, practice.id) is not None) is thinking

    async def moved() -> bool:
        return await bot_moves(world, practice.id) > 0

    member = practice_levels(game)[weakest(game)]
    await play(world, practice, world.alice, member, until=moved)
    assert await moved()

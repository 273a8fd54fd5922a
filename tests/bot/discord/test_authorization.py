"""The authorization matrix: every slash command in the bot's tree and every
button or menu it posts, used by a host (by role, and by Manage Server), each
player and an outsider, in every channel of a match they can see, for every
game (driven to the states of its ``PLAN``, in tests/bot/discord/<key>/facts.py).
Who is allowed is read from each command's and item's declared audience
(bot.discord.acting.Audience), never from what the bot did; a command or item
declaring nothing fails the first test, with what to add.

An allowed case must pass the gate (the game may still refuse the move on its
rules); a refused one must be refused as not theirs ("⛔ …"), ephemerally,
changing nothing stored and calling Discord for nothing but its answer.
Refusals share one match per state; after an allowed case that changed the
match, it is resumed if a pause was all that happened, else the state is built
again on a new match (if anything more is to run in that state).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands
from sqlalchemy import update

import games
from bot import kits
from bot.discord.acting import Audience
from bot.discord.forms import FORM_ID
from bot.discord.game_cog import GameCog
from storage.records import MatchRecord, MatchStatus
from storage.tables import MatchRow
from tests.bot.discord import authorization_support as authz
from tests.bot.discord.authorization_support import Cast, Plan, Stage, Where, Who
from tests.bot.discord.support import Match, World, new_match
from tests.facts import fact

AppCommand = app_commands.Command[Any, ..., Any]

# -- the matrix -----------------------------------------------------------------------------


@dataclass
class Case:
    """One member using one command or item in one channel, and whether the
    declaration lets them."""

    who: Who
    where: Where
    expected: bool
    #: A slash command's qualified name, or a posted item's class name.
    name: str
    item: type[discord.ui.DynamicItem[Any]] | None = None

    stage: str = ""

    def __str__(self) -> str:
        verdict = "allowed" if self.expected else "refused"
        what = f"/{self.name}" if self.item is None else f"the {self.name} button"
        return f"[{self.stage}] {what} by {self.who} in {self.where} (should be {verdict})"


@dataclass
class Matrix:
    cast: Cast
    game: str
    match: Match | None = None
    failures: list[str] = field(default_factory=list)
    covered: set[str] = field(default_factory=set)
    #: The forms an allowed member opened and sent (their custom id's form name).
    forms_sent: set[str] = field(default_factory=set)
    cases: int = 0
    #: How many of SimCord's recorded errors were checked (authz.settle_errors).
    errors_checked: int = 0
    #: How the match was when :meth:`fresh` built it last.
    built: authz.Built | None = None

    @property
    def world(self) -> World:
        return self.cast.world

    async def fresh(self, stage: Stage) -> Match:
        """A new match in ``stage``'s state; the previous one ends, so a player's
        one live match (for commands used in #general) is always this one. The
        match built last is kept if it is ``stage``'s and nothing touched it since."""
        if self.built is not None and self.built.drive is stage.drive:
            assert self.match is not None
            if await authz.built(self.world, self.match, stage.drive) == self.built:
                return self.match
        if self.match is not None:
            record = await self.world.bot.runtime.get(self.match.id)
            if not MatchStatus(record.status).over:
                await self.world.bot.runtime.abort(self.match.id)
        self.match = await stage.drive(self.world)
        # The matrix skips what a member cannot see, so what each sees is checked
        # first: if a channel is open to the wrong member, nothing else holds.
        wrong = authz.check_visibility(self.cast, self.match)
        if wrong:
            pytest.fail("channel privacy is broken: " + "; ".join(wrong))
        self.built = await authz.built(self.world, self.match, stage.drive)
        return self.match

    async def run(
        self,
        stage: Stage,
        cases: list[Case],
        act: Callable[[Case], Awaitable[Any]],
        *,
        restored: bool,
    ) -> None:
        """Refusals first, all on the match :meth:`fresh` just built for ``stage``;
        then each allowed case, on a fresh match whenever the previous one changed
        it. The last one's changes are undone only if ``restored`` asks (something
        else follows on this stage's state): a build costs more than all of a
        stage's refusals."""
        assert self.match is not None
        for case in cases:
            case.stage = stage.name
        before = await authz.snapshot(self.world)
        for case in [c for c in cases if not c.expected]:
            result = await act(case)
            after = await authz.snapshot(self.world)
            changed = authz.changes(self.world, before, after)
            self._record(case, authz.judge_refusal(result, changed))
            before = after
        was: MatchRecord | None = None  # before the previous allowed case
        for case in [c for c in cases if c.expected]:
            if was is not None:
                await self.restore(stage, was)
            was = await self.world.bot.runtime.get(self.match.id)
            result = await act(case)
            wrong = authz.judge_allowed(result)
            if not wrong and result.modal is not None:
                wrong = authz.judge_allowed(await self._send_form(case, result))
            self._record(case, wrong)
        if restored and was is not None:
            await self.restore(stage, was)

    async def restore(self, stage: Stage, was: MatchRecord) -> Match:
        """The match as ``stage`` left it: untouched, or resumed if a pause was all
        that happened to it; else built again."""
        assert self.match is not None
        runtime = self.world.bot.runtime
        now = await runtime.get(self.match.id)
        if now.version == was.version:
            return self.match
        if now.status is MatchStatus.PAUSED and was.status is MatchStatus.RUNNING:
            await runtime.resume(now.id)
            await self.world.env.settle()
            if (await runtime.get(now.id)).state == was.state:
                return self.match
        return await self.fresh(stage)

    def _record(self, case: Case, wrong: list[str]) -> None:
        self.cases += 1
        self.errors_checked = authz.settle_errors(self.world, self.errors_checked)
        if wrong:
            self.failures.append(f"{case}: {'; '.join(wrong)}")

    async def _send_form(
        self, case: Case, shown: simcord.InteractionResult
    ) -> simcord.InteractionResult:
        """The form, sent as it was shown (its defaults, else "a"): Discord lets only
        the member it was shown to send it."""
        values = {
            field["custom_id"]: field.get("value") or "a"
            for field in _text_inputs(shown.modal)
            if field.get("required", True) or field.get("value")
        }
        found = FORM_ID.match(str(shown.modal.get("custom_id", ""))) if shown.modal else None
        if found:
            self.forms_sent.add(found["form"])
        return await self.cast.actor(case.who).submit_modal(shown, values)


def _text_inputs(payload: Any) -> Iterator[dict[str, Any]]:
    if isinstance(payload, dict):
        if payload.get("type") == discord.ComponentType.text_input.value:
            yield payload
        for value in payload.values():
            yield from _text_inputs(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from _text_inputs(value)


def visible_pairs() -> Iterator[tuple[Who, Where]]:
    """Every member with every channel they can see (checked against Discord's
    permissions by Matrix.fresh); a member cannot use what they cannot see."""
    for who in Who:
        for where in Where:
            if where in authz.SEES[who]:
                yield who, where


# -- slash commands --------------------------------------------------------------------------


def about_a_match(command: AppCommand) -> bool:
    """A command acting on a match: a game's own, or one taking ``match:``."""
    return isinstance(command.binding, GameCog) or any(
        p.name == "match" for p in command.parameters
    )


def game_commands(world: World, game: str) -> list[AppCommand]:
    """The game's own group, and every other command about a match (``/match start``…)."""
    return [
        c
        for c in authz.commands(world)
        if about_a_match(c) and (not isinstance(c.binding, GameCog) or c.binding.game_key == game)
    ]


def server_commands(world: World) -> list[AppCommand]:
    """Commands about no match in particular (``/match new``, ``/match list``)."""
    return [c for c in authz.commands(world) if not about_a_match(c)]


async def drive_commands(matrix: Matrix, stage: Stage, chosen: list[AppCommand]) -> None:
    world = matrix.world
    found = {c.qualified_name: c for c in chosen}
    cases = []
    for name, command in found.items():
        audience = declared(authz.command_audience(command))
        for who, where in visible_pairs():
            cases.append(Case(who, where, authz.allowed(audience, who, where), name))
            matrix.covered.add(f"/{name}")

    async def act(case: Case) -> simcord.InteractionResult:
        assert matrix.match is not None
        handle = authz.channel(world, matrix.match, case.where)
        options = authz.arguments(found[case.name], world, matrix.match, matrix.game, case.where)
        return await matrix.cast.actor(case.who).slash(handle, case.name, **options)

    await matrix.fresh(stage)
    await matrix.run(stage, cases, act, restored=True)  # suggest_nothing runs on it
    await suggest_nothing(matrix, [c for c in cases if not c.expected], found)


async def suggest_nothing(
    matrix: Matrix, refused: list[Case], found: dict[str, AppCommand]
) -> None:
    """Whoever may not use a command gets no suggestions from it either: they
    come from the seat's own view (a Decoder hand, its tanks)."""
    assert matrix.match is not None
    for case in refused:
        handle = authz.channel(matrix.world, matrix.match, case.where)
        for parameter in found[case.name].parameters:
            if not parameter.autocomplete:
                continue
            actor = matrix.cast.actor(case.who)
            offered = await actor.autocomplete(handle, case.name, parameter.name, "")
            matrix.cases += 1
            if offered:
                matrix.failures.append(
                    f"{case}: typing its {parameter.name} suggests {offered[:3]}"
                )


# -- buttons and menus ------------------------------------------------------------------------


@dataclass(frozen=True)
class Posted:
    """The first component of one item class on a channel's current prompt."""

    message: discord.Message
    component: discord.Button | discord.SelectMenu
    item: type[discord.ui.DynamicItem[Any]]
    named_seat: int | None


def posted(world: World, match: Match, where: Where) -> list[Posted]:
    """The components on the newest message with any in ``where``: the prompt
    a member would answer now."""
    handle = authz.channel(world, match, where)
    current = next((m for m in reversed(handle.history()) if m.components), None)
    if current is None:
        return []
    found: dict[type[Any], Posted] = {}
    for component in authz.components(current):
        assert component.custom_id is not None
        item, parts = authz.item_for(world, component.custom_id)
        seat = parts.groupdict().get("seat")
        if seat is None and authz.item_audience(item) is Audience.NAMED_SEAT:
            pytest.fail(f"{item.__name__} names no seat: its template needs a `seat` group")
        named = int(seat) if seat is not None else None
        found.setdefault(item, Posted(current, component, item, named))
    return list(found.values())


MATCH_CHANNELS = (Where.ROOM, Where.PRIVATE0, Where.PRIVATE1, Where.HOST_LOG)


async def drive_buttons(matrix: Matrix, stage: Stage) -> None:
    world = matrix.world
    match = await matrix.fresh(stage)
    cases = []
    for where in MATCH_CHANNELS:
        for target in posted(world, match, where):
            audience = declared(authz.item_audience(target.item))
            matrix.covered.add(target.item.__name__)
            for who in Who:
                if where in authz.SEES[who]:
                    expected = authz.allowed(audience, who, where, target.named_seat)
                    cases.append(Case(who, where, expected, target.item.__name__, target.item))

    async def act(case: Case) -> simcord.InteractionResult:
        assert matrix.match is not None
        target = next(p for p in posted(world, matrix.match, case.where) if p.item is case.item)
        actor = matrix.cast.actor(case.who)
        if isinstance(target.component, discord.SelectMenu):
            values = [o.value for o in target.component.options[: target.component.min_values]]
            return await actor.select(target.message, values, custom_id=target.component.custom_id)
        return await actor.click(target.message, custom_id=target.component.custom_id)

    await matrix.run(stage, cases, act, restored=False)


# -- the tests --------------------------------------------------------------------------------


def declared(audience: Audience | None) -> Audience:
    if audience is None:  # what to add: test_every_command_and_item_declares_an_audience
        pytest.fail("a command or item declares no audience; see the declarations test")
    return audience


def report(matrix: Matrix) -> None:
    """Fail with every case that went wrong, one a line."""
    if matrix.failures:
        listed = "\n".join(matrix.failures)
        pytest.fail(f"{len(matrix.failures)} of {matrix.cases} cases went wrong:\n{listed}")


@pytest.fixture
async def cast(world: World) -> Cast:
    managers = world.guild.create_role(
        "Managers", permissions=discord.Permissions(manage_guild=True)
    )
    manager = world.guild.add_member(world.env.create_user("mona"), roles=[managers])
    return Cast(world, manager)


@pytest.mark.parametrize(
    ("audience", "who", "where", "named", "expected"),
    [
        (Audience.HOST, Who.HOST, Where.PRIVATE0, None, True),
        (Audience.HOST, Who.MANAGER, Where.ROOM, None, True),
        (Audience.HOST, Who.SEAT0, Where.ROOM, None, False),
        (Audience.PLAYER, Who.SEAT0, Where.GENERAL, None, True),
        (Audience.PLAYER, Who.SEAT1, Where.ROOM, None, True),
        (Audience.PLAYER, Who.SEAT1, Where.PRIVATE0, None, False),
        (Audience.PLAYER, Who.HOST, Where.PRIVATE0, None, False),
        (Audience.PLAYER, Who.OUTSIDER, Where.ROOM, None, False),
        (Audience.NAMED_SEAT, Who.SEAT1, Where.ROOM, 1, True),
        (Audience.NAMED_SEAT, Who.SEAT0, Where.ROOM, 1, False),
        (Audience.NAMED_SEAT, Who.HOST, Where.ROOM, 1, False),
        (Audience.ANYONE, Who.OUTSIDER, Where.GENERAL, None, True),
        (Audience.INVOKER, Who.HOST, Where.GENERAL, None, True),
        (Audience.INVOKER, Who.MANAGER, Where.GENERAL, None, False),
        (Audience.INVOKER, Who.SEAT0, Where.ROOM, None, False),
    ],
)
def test_what_each_audience_means(
    audience: Audience, who: Who, where: Where, named: int | None, expected: bool
) -> None:
    """The matrix's reading of a declaration, spelled out."""
    assert authz.allowed(audience, who, where, named) is expected


def in_a_game(item: type[discord.ui.DynamicItem[Any]]) -> bool:
    parts = item.__module__.split(".")
    return parts[:2] == ["bot", "discord"] and parts[2] in games.keys()


@pytest.mark.layouts("channels")  # about no match's channels
async def test_every_command_and_item_declares_an_audience(world: World) -> None:
    missing = authz.undeclared(world)
    assert not missing, "Who may use these is not declared:\n" + "\n".join(missing)
    for key in kits.adapters():
        plan(key)  # every game on Discord has one (else: what to add, and where)
    # The matrix looks for a game's items in that game's matches. /match's own
    # items are confirmations posted, just for them, to the host who ran the
    # command: that host's alone (Audience.INVOKER), tested beside the command
    # (tests/bot/discord/test_cleanup_command.py).
    homeless = [
        item.__name__
        for item in world.bot.dynamic_items
        if not in_a_game(item)
        and not (
            item.__module__.startswith("bot.discord.host.")
            and authz.item_audience(item) is Audience.INVOKER
        )
    ]
    assert not homeless, f"items outside a game's package (bot/discord/<game>/): {homeless}"
    # A persistent view's fixed custom ids would escape the matrix: each must be
    # one of the registered items (item_for says how to fix one that is not).
    for view in world.bot.persistent_views:
        for child in view.children:
            custom_id = getattr(child, "custom_id", None)
            if custom_id is not None:
                authz.item_for(world, custom_id)


@pytest.mark.layouts("channels")  # about no match's channels
async def test_a_refusal_that_writes_is_caught(world: World) -> None:
    """The matrix's "nothing stored changed" check: any row the bot writes is a
    change, even one rolled back, which comparing stored rows would miss."""
    match = await new_match(world, start=False)
    pause = update(MatchRow).where(MatchRow.id == match.id).values(pause_reason="a refusal")
    before = await authz.snapshot(world)
    assert authz.changes(world, before, await authz.snapshot(world)) == []
    async with world.bot.sessions() as session:
        await session.execute(pause)
        await session.rollback()
    rolled_back = await authz.snapshot(world)
    assert authz.changes(world, before, rolled_back) == ["it wrote to the database"]
    async with world.bot.sessions.begin() as session:
        await session.execute(pause)
    assert authz.changes(world, rolled_back, await authz.snapshot(world)) == [
        "it wrote to the database"
    ]


@pytest.mark.layouts("channels")  # about no match's channels
async def test_authorization_of_server_wide_commands(cast: Cast) -> None:
    """Commands about no match in particular, driven once (beside a match of the
    first game)."""
    first = next(iter(kits.adapters()))
    matrix = Matrix(cast, first)
    await drive_commands(matrix, plan(first).commands, server_commands(cast.world))
    assert matrix.cases > 0
    report(matrix)


@pytest.mark.parametrize("game", sorted(kits.adapters()))
async def test_authorization_matrix(cast: Cast, game: str) -> None:
    world = cast.world
    matrix = Matrix(cast, game)
    stages = plan(game)
    await drive_commands(matrix, stages.commands, game_commands(world, game))
    for stage in stages.buttons:
        await drive_buttons(matrix, stage)
    own = {
        item.__name__
        for item in world.bot.dynamic_items
        if item.__module__.startswith(f"bot.discord.{game}.")
    }
    matrix.failures += [
        f"no state in {game}'s PLAN ({WHERE.format(key=game)}) posts a {name}: add a Stage "
        "where it is posted"
        for name in sorted(own - matrix.covered)
    ]
    unsent = form_names(game) - matrix.forms_sent - set(fact(game, "FORMS_NOT_SENT"))
    matrix.failures += [
        f"no state in {game}'s PLAN ({WHERE.format(key=game)}) lets a player open and send "
        f"the {name!r} form: add a Stage where its button is posted (or, with the reason, "
        "to FORMS_NOT_SENT there)"
        for name in sorted(unsent)
    ]
    report(matrix)


#: Where each game's Discord facts live.
WHERE = "tests/bot/discord/{key}/facts.py"


def plan(game: str) -> Plan:
    """The game's ``PLAN``: where its commands are driven, the states posting its buttons."""
    found: Plan = fact(game, "PLAN")
    return found


def form_names(game: str) -> set[str]:
    """The forms a game's adapter defines: each modal class's ``form`` name (or, for a
    class with none, the names its facts' ``FORM_NAMES`` give it)."""
    package = f"bot.discord.{game}."
    # Every module of the adapter, so a form class is found even if nothing showed it.
    adapter = importlib.import_module(package.rstrip("."))
    for module in pkgutil.iter_modules(adapter.__path__, package):
        importlib.import_module(module.name)
    names: set[str] = set()
    pending = list(discord.ui.Modal.__subclasses__())
    while pending:
        modal = pending.pop()
        pending += modal.__subclasses__()
        if modal.__module__.startswith(package):
            form = getattr(modal, "form", None)
            named: dict[str, tuple[str, ...]] = fact(game, "FORM_NAMES")
            names |= {form} if isinstance(form, str) else set(named.get(modal.__name__, ()))
    return names

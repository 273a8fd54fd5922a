"""`genius-bot invite-url`: the link that adds the bot to a server with the
scopes and permissions it needs, made from its token (whose first part is the
application's id, base64-encoded) or from an id given."""

from __future__ import annotations

import base64
import binascii

import discord

#: What the bot does in a server: make each match's category, room, private
#: channels and host log (channels and their permission overwrites), post
#: messages with images and buttons, and read the players' messages; in the
#: threads layout (``[discord] layout``) make the private threads, add each
#: player to theirs, keep them from archiving, and let the hosts see them.
PERMISSIONS = discord.Permissions(
    manage_channels=True,
    manage_roles=True,
    view_channel=True,
    send_messages=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    manage_threads=True,
    create_private_threads=True,
    send_messages_in_threads=True,
)
#: The ones only the threads layout needs (readiness asks for them only then).
THREAD_PERMISSIONS = frozenset(
    {"manage_threads", "create_private_threads", "send_messages_in_threads"}
)
SCOPES = ("bot", "applications.commands")


def application_id(token: str) -> int:
    """The application id a bot token starts with; ValueError if it does not."""
    first = token.strip().split(".", 1)[0]
    try:
        decoded = base64.b64decode(first + "=" * (-len(first) % 4), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        raise ValueError("that does not look like a Discord bot token") from None
    if not decoded.isdigit():
        raise ValueError("that does not look like a Discord bot token")
    return int(decoded)


def invite_url(client_id: int) -> str:
    return discord.utils.oauth_url(client_id, permissions=PERMISSIONS, scopes=SCOPES)

"""The images the bot attached to anything it sent, as Discord received them:
every message, interaction answer, follow-up and edit carries its attachments'
metadata (filename, description) in its JSON body."""

from __future__ import annotations

from typing import Any

import simcord

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp")


def sent_images(env: simcord.Env) -> list[dict[str, Any]]:
    """Every image attachment in the bot's requests so far, in order."""
    found: list[dict[str, Any]] = []
    for call in env.http_requests:
        found += [a for a in _attachments(call.json) if _is_image(a)]
    return found


def undescribed(env: simcord.Env, limit: int = 1024) -> list[dict[str, Any]]:
    """The images sent with no description, or one past Discord's cap."""
    return [
        a
        for a in sent_images(env)
        if not (a.get("description") or "").strip() or len(a["description"]) > limit
    ]


def _is_image(attachment: dict[str, Any]) -> bool:
    return str(attachment.get("filename", "")).lower().endswith(IMAGE_SUFFIXES)


def _attachments(body: Any) -> list[dict[str, Any]]:
    """The attachment entries anywhere in a request body (an interaction's answer
    nests its message under ``data``)."""
    if isinstance(body, list):
        return [a for item in body for a in _attachments(item)]
    if not isinstance(body, dict):
        return []
    own = body.get("attachments")
    found = [a for a in own if isinstance(a, dict)] if isinstance(own, list) else []
    return found + [a for key, v in body.items() if key != "attachments" for a in _attachments(v)]

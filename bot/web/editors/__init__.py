"""Per-game board editors: ``<game key>.py`` exports ``EDITOR`` (see bot.web.editor)."""

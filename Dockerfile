# genius-bot: one process hosting matches on Discord.
# Build: docker build -t genius-bot .
# Run:   docker run -e GENIUS_DISCORD_TOKEN=... -v genius-data:/data genius-bot
# Web pages (board editors, spectator view): add -p 8080:8080 -e GENIUS_WEB__PORT=8080
#        -e GENIUS_WEB__PUBLIC_URL=https://your.host (the image listens on every interface).
# With PostgreSQL, health checks and backups: compose.yaml, and the README's
# "Running it on a server".
#
# The Debian release is pinned (bookworm, 12): the one the bot is developed and
# tested on. A bare python:3.11-slim moves to a newer Debian whenever Docker
# Hub retags it.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    GENIUS_DATABASE__URL=sqlite+aiosqlite:////data/genius.db \
    GENIUS_WEB__HOST=0.0.0.0

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY storage ./storage
COPY bot ./bot
RUN pip install . \
    && useradd --create-home --uid 10001 genius \
    && mkdir /data && chown genius /data

USER genius
# The bot's own working folder, writable: `demo` writes its pictures to
# ./demo-out here (/app belongs to root), and a config.toml here is read.
WORKDIR /home/genius
# The SQLite database lives on this volume; point GENIUS_DATABASE__URL at
# PostgreSQL (postgresql+asyncpg://...) to keep it elsewhere instead.
VOLUME ["/data"]
# The web pages' port when GENIUS_WEB__PORT=8080 (they are off without it). Their
# static files ship inside the package (bot/web/static), installed above.
EXPOSE 8080
# Exec form: genius-bot is PID 1 and gets docker stop's SIGTERM itself (a shell
# in between would not pass it on), and stops cleanly (bot/stopping.py).
ENTRYPOINT ["genius-bot"]
CMD ["run"]

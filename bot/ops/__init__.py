"""Running the bot as a service: its log (logs.py), Prometheus metrics
(metrics.py) and readiness (health.py). Served by the web pages' server
(bot.web.ops: /healthz, /readyz, /metrics)."""

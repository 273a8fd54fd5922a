"""Benchmarks (not tests): run with `make bench` or `python -m bench.NAME`."""

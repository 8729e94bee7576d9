"""The CLI fixtures of ``tests/cli`` serve here too."""

from tests.cli.conftest import cli, runner

__all__ = ["cli", "runner"]

"""The realpolitik command line (Typer)."""

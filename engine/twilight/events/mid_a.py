"""Mid War card events (see events/__init__.py for the handler contract)."""

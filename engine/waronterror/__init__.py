"""War on Terror, the boardgame: 2-6 players, empires and terrorists."""

"""Ideology: The War of Ideas (Z-Man Games, 2003), 2-5 players, behind ``engine.core.api``."""

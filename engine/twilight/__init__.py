"""Twilight Struggle (seed edition): the complete rules and all 103 card events."""

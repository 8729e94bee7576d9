"""Scoring cards (#1 Asia, #2 Europe, #3 Middle East, #35 South America, #37 Central America,
#38 Southeast Asia, #79 Africa): 10.1 and the seed's card texts.

For compiled states ``_core_c`` scores the six region cards itself while these handlers are
the registered ones (``_core_c.compiled_events``), with its twin of ``rules.score_region``.
"""

from __future__ import annotations

from realpolitik.engine.twilight import rules
from realpolitik.engine.twilight.events import event
from realpolitik.engine.twilight.state import TSState


def _region_card(n: int) -> None:
    @event(n)
    def _score(s: TSState, side: int) -> None:
        rules.score_region(s, n)


for _n in (1, 2, 3, 35, 37, 79):
    _region_card(_n)


@event(38)
def southeast_asia_scoring(s: TSState, side: int) -> None:
    """#38: 1 VP per controlled Burma, Laos/Cambodia, Vietnam, Malaysia, Indonesia,
    Philippines; 2 VP for Thailand. Starred: removed after scoring (7.2)."""
    rules.score_southeast_asia(s)

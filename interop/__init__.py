"""Adapters to the game-playing ecosystem: every registered game as an OpenSpiel game
(``realpolitik.interop.openspiel``) and as a PettingZoo AEC environment
(``realpolitik.interop.pettingzoo``), and OpenSpiel's own search bots as realpolitik bots
(``realpolitik.interop.bots``).

They need the optional extra (``pip install 'realpolitik[interop]'``); nothing in the engine, the
AI or the command line imports this package, except the ``openspiel-*`` bot specs, which import
it when such a bot is built. ``encoding`` (the observation vector) needs only NumPy.
"""

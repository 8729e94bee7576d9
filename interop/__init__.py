"""Adapters to the game-playing ecosystem: every registered game as an OpenSpiel game
(``realpolitik.interop.openspiel``) and as a PettingZoo AEC environment
(``realpolitik.interop.pettingzoo``), and OpenSpiel's own search bots as realpolitik bots
(``realpolitik.interop.bots``), offered to the AI's bot registry by ``realpolitik.interop.kinds``
through the package's ``realpolitik.bots`` entry points.

They need the optional extra (``pip install 'realpolitik[interop]'``); nothing in the engine, the
AI or the command line imports this package: the registry loads ``kinds`` (which needs nothing
of the extra) when an ``openspiel-*`` bot is first asked for, and it imports the adapters when
such a bot is built. ``encoding`` (the observation vector) needs only NumPy.
"""

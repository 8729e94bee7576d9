"""Map graphs: built once with networkx from a data file, then frozen into index arrays.

Search code never touches networkx: it uses ``FrozenMap`` (tuples of neighbour indices and
int bitmasks), which are cheap to read in hot loops and trivial to hand to Cython.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx

from realpolitik.engine.core.api import InvalidState

__all__ = ["FrozenMap", "build_graph", "freeze"]


@dataclass(frozen=True)
class FrozenMap:
    """A map as index arrays.

    Attributes:
        ids: Node id per index.
        index: Node id -> index.
        neighbours: Per index, the sorted tuple of adjacent indices.
        neighbour_mask: Per index, a bitmask (bit i = node i) of its neighbours.
    """

    ids: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_mask: tuple[int, ...]

    def mask(self, indices: Iterable[int]) -> int:
        """Bitmask of the given indices."""
        m = 0
        for i in indices:
            m |= 1 << i
        return m


def build_graph(nodes: Sequence[str], edges: Iterable[tuple[str, str]], source: str) -> nx.Graph:
    """Build and check an undirected graph.

    Args:
        nodes: Node ids, in data order.
        edges: Pairs of node ids.
        source: File name for error messages.

    Returns:
        The graph.

    Raises:
        InvalidState: on an edge to an unknown node or a self-loop.
    """
    g = nx.Graph()
    g.add_nodes_from(nodes)
    known = set(nodes)
    for a, b in edges:
        if a not in known or b not in known:
            bad = a if a not in known else b
            raise InvalidState(f"{source}: adjacency names unknown place '{bad}'")
        if a == b:
            raise InvalidState(f"{source}: '{a}' is adjacent to itself")
        g.add_edge(a, b)
    return g


def freeze(graph: nx.Graph, order: Sequence[str]) -> FrozenMap:
    """Freeze a graph into index arrays, nodes indexed in ``order``."""
    index = {n: i for i, n in enumerate(order)}
    neigh = tuple(tuple(sorted(index[m] for m in graph.neighbors(n))) for n in order)
    masks = []
    for ns in neigh:
        m = 0
        for j in ns:
            m |= 1 << j
        masks.append(m)
    return FrozenMap(tuple(order), index, neigh, tuple(masks))

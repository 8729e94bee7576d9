# cython: language_level=3, boundscheck=False, wraparound=False
"""Compiled search-tree nodes and ISMCTS tree walks: ``ai/_tree_py.py`` is the reference (the
same names, and the same double arithmetic in the same order, so the same trees from the same
seeds)."""

from libc.math cimport INFINITY, log, sqrt

IMPL = "compiled"


cdef class Node:
    """One tree node (see ``_tree_py.Node``)."""

    cdef public dict children
    cdef public long visits
    cdef public long avail
    cdef public double total
    cdef public double sumsq

    def __init__(self):
        self.children = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.sumsq = 0.0


def select(Node node, list legal, double c):
    """``_tree_py.select``: ``(best child or None, its action or -1, untried count)``."""
    cdef dict children = node.children
    cdef Node child
    cdef Node best = None
    cdef object best_a = -1
    cdef double score, best_score = -INFINITY
    cdef long v
    cdef Py_ssize_t untried = 0
    for a in legal:
        obj = children.get(a)
        if obj is None:
            untried += 1
            continue
        child = <Node>obj
        child.avail += 1
        v = child.visits
        score = child.total / <double>v + c * sqrt(log(<double>child.avail) / <double>v)
        if score > best_score:
            best_score = score
            best = child
            best_a = a
    return best, best_a, untried


def backpropagate(Node root, list path, state, int players, int seat):
    """``_tree_py.backpropagate``."""
    cdef list r
    cdef Node child
    cdef int mover
    if state.is_terminal():
        r = list(state.returns())
    else:
        r = [None] * players
    root.visits += 1
    for item in path:
        child = <Node>(<tuple>item)[0]
        mover = (<tuple>item)[1]
        child.visits += 1
        if mover >= 0:
            x = r[mover]
            if x is None:
                x = r[mover] = state.evaluate(mover)
            child.total += <double>x
    if path:
        x = r[seat]
        if x is not None:
            (<Node>(<tuple>path[0])[0]).sumsq += <double>x * <double>x

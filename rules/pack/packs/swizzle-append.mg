# pack: swizzle-append
# extends: reuse-2.0
# claims: reuse-2.0, plus: a one-channel Swizzle of an Append reads its
#   channel's source, through any chain of Appends and Swizzles, so
#   V.zyx.yx.y is V.z. Not upstream's rule (R4 composes a mask of a mask
#   only, and a reordered mask is built as one-letter Swizzles joined by
#   Appends, LANGUAGE-2.0 §2.5): its extra merges are reported apart and
#   checked by evaluation.
# touches: Swizzle, Append.
#
# at(N, X, P, K): the one channel cur Swizzle N reads is channel K of X#P.
# It starts at N's canonical source, an Append, and follows the graph as
# built (operand/4): component K of Append(X, Y) is component K of X when
# K < width(X), else component K - width(X) of Y (no component is cut:
# the Append's width is the sum, at most 4); channel K of Swizzle(Y, M) is
# channel M[K] of Y (a one-wide Y: channel 0). Each step is a function, so
# the walk is one path and ends where no step applies. N is rewritten as
# one mask on that end (rewrite/4); reuse-2.0 gives the rewrite its
# signature and aliases it when the mask is an identity (§1.6, not in a
# 1.x product), so N merges with the Swizzle V.z already built.
#
# The end is never a Swizzle: a Swizzle may have been aliased, and the
# driver replaces nothing by an aliased node. Nor a constant: the walk
# never enters one (below), so a channel read from a constant stays as
# reuse-2.0 leaves it.

sa0(N, A, C) :- cur(N, "Swizzle", _), noperands(N, 1), mask(N, M), maskinfo(M, 1, 1),
    maskchan(M, 0, C), !folds(N), arg(N, 0, "", A, 0), node(A, "Append", _), !folded(A).

at(N, A, 0, C) :- sa0(N, A, C).
at(N, Y, P, K) :- step(N, _, _, _, Y, P, K).

# Widths are the declared ones (width/3) of operands that are not
# constants: a rule of this recursion may join only one fact derived by it
# (Mangle v0.4.0 misses two derived in the same round), so a width cannot
# be a derived helper, and a constant's components (cwidth/2) need not be
# its type's. An Append with a constant operand ends the walk; a Swizzle
# of a constant is folded, and so ends it too.
step(N, X, 0, K, Y, PY, K) :- at(N, X, 0, K), node(X, "Append", _), !folded(X),
    noperands(X, 2), operand(X, 0, Y, PY), Y >= 0, node(Y, OY, _), OY != "Constant", !folded(Y),
    width(Y, PY, W), W > 0, K < W,
    operand(X, 1, Z, PZ), Z >= 0, node(Z, OZ, _), OZ != "Constant", !folded(Z),
    width(Z, PZ, WZ), WZ > 0, S = fn:plus(W, WZ), S <= 4, width(X, 0, S).
step(N, X, 0, K, Z, PZ, J) :- at(N, X, 0, K), node(X, "Append", _), !folded(X),
    noperands(X, 2), operand(X, 0, Y, PY), Y >= 0, node(Y, OY, _), OY != "Constant", !folded(Y),
    width(Y, PY, W), W > 0, K >= W,
    operand(X, 1, Z, PZ), Z >= 0, node(Z, OZ, _), OZ != "Constant", !folded(Z),
    width(Z, PZ, WZ), WZ > 0, S = fn:plus(W, WZ), S <= 4, width(X, 0, S),
    J = fn:minus(K, W), J < WZ.
step(N, X, 0, K, Y, PY, C2) :- at(N, X, 0, K), node(X, "Swizzle", _), !folded(X),
    noperands(X, 1), operand(X, 0, Y, PY), Y >= 0, node(Y, OY, _), OY != "Constant", !folded(Y),
    mask(X, M), maskinfo(M, L, 1), K < L, maskchan(M, K, C),
    width(Y, PY, W), W > 0, lane(W, C, C2).
# lane(W, C, C2): channel C of a W-wide value is its channel C2.
lane(1, 0, 0). lane(2, 0, 0). lane(2, 1, 1). lane(3, 0, 0). lane(3, 1, 1). lane(3, 2, 2).
lane(4, 0, 0). lane(4, 1, 1). lane(4, 2, 2). lane(4, 3, 3).

stepped(N, X, P, K) :- step(N, X, P, K, _, _, _).
unsafe(X) :- at(_, X, _, _), node(X, "Swizzle", _).

# The end, provided the walk moved and the end has N's scalar kind (a float
# channel is never read from a bool).
reads(N, X, P, K) :- sa0(N, A, C), stepped(N, A, 0, C), at(N, X, P, K),
    !stepped(N, X, P, K), !unsafe(X), X >= 0,
    output(N, 0, _, TN), tname(Kind, 1, TN), output(X, P, _, TX), tname(Kind, _, TX).

rewrite(N, X, P, L) :- reads(N, X, P, K), letter(K, L).

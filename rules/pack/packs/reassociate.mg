# pack: reassociate
# extends: reuse-2.0
# carries: terms/3 first
# claims: reuse-2.0, plus: an Add chain or a Multiply chain is one node
#   with every chain of the same op, type and multiset of terms, so
#   (a + b) + c, a + (b + c) and (c + a) + b are one node. Exact in real
#   arithmetic, not in floating point: the evaluation checker compares a
#   root whose cone holds such a merge within a tolerance relative to the
#   magnitudes summed (ir/interp, "reassoc"). Not upstream's rule: its
#   extra merges are reported apart and checked by evaluation.
# touches: Add, Multiply.
#
# terms(N, Op, S): N is a chain of Op (Add or Multiply) whose leaves, as a
# multiset, are S: the canonical operands R#Q of its leaves, sorted and
# joined by "," (tjoin/3, served by the driver: Mangle cannot sort). It is
# carried (`# carries:`): a class reads its leader's multiset, one of its
# members' (each is an expansion of the one value).
#
# An operand is flattened into N's multiset only when it is a chain of the
# same op and the same output type, read through output 0: then every
# lane of N is the same sum (product) of the leaves' lanes whatever the
# grouping, with a 1-wide leaf broadcast and a narrower one read as 0 past
# its width at every node of the chain alike. Anything else (another op,
# another type, a folded node, a chain of more than 32 terms) is a leaf.
# A Multiply chain's leaves are never an Add chain's: the op is in the
# multiset's key. Float types only (bool Multiply is LogicalAnd's lowering).

rchain("Add"). rchain("Multiply").

ch(N, Op, T) :- rchain(Op), cur(N, Op, 2), noperands(N, 2), role(N, "value"), !folds(N),
    nouts(N, 1), output(N, 0, _, T), tname("float", _, T).

# flat(N, K): operand K of N is a chain of N's op and type (its terms are
# carried from the level below).
flat(N, K) :- ch(N, Op, T), arg(N, K, "", X, 0), X >= 0, terms(X, Op, _), output(X, 0, _, T).
part(N, K, S) :- ch(N, Op, T), arg(N, K, "", X, 0), X >= 0, terms(X, Op, S), output(X, 0, _, T).
part(N, K, S) :- ch(N, _, _), arg(N, K, "", X, Q), X >= 0, !flat(N, K),
    S = fn:string:concat(X, "#", Q).

terms(N, Op, S) :- ch(N, Op, _), part(N, 0, A), part(N, 1, B), tjoin(A, B, S).

# The signature: the node's key (op, type, properties) and its multiset.
# (A level reads the terms/3 of the levels below only, so the multiset is
# joined again here.)
sig(N, G) :- ch(N, _, _), part(N, 0, A), part(N, 1, B), tjoin(A, B, S), key(N, K),
    G = fn:string:concat(K, "|reassoc=", S).

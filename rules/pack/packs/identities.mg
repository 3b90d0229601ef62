# pack: identities
# extends: reuse-2.0
# claims: reuse-2.0, plus algebraic identities: x*1, 1*x, x+0, 0+x, x-0,
#   x/1, min(x, x) and max(x, x) are x. Not upstream's rule: its
#   extra merges are reported apart and checked by evaluation.
# touches: Multiply, Add, Subtract, Divide, Min, Max.
# Not pow(x, 1): the engine's Power is pow(max(x, 0), y), so pow(x, 1) is
# max(x, 0), not x (the evaluation checker's witness: pow(B - A, 1)).
#
# The node goes (alias/3) and its readers read x, provided the result has
# x's type: the constant is one component wide (a wider one would widen x)
# and the node's output type is x's. Fold comes first: x*1 with x constant
# folds instead.

unit("Multiply", 1, 1.0). unit("Multiply", 0, 1.0).
unit("Add", 1, 0.0). unit("Add", 0, 0.0).
unit("Subtract", 1, 0.0). unit("Divide", 1, 1.0).
other(0, 1). other(1, 0).

# K is the slot holding the unit constant, J the other one (x).
ident(N, R, Q) :- cur(N, Op, 2), unit(Op, K, U), role(N, "value"), !folds(N),
    arg(N, K, "", C, 0), constant(C, _), cwidth(C, 1), cval(C, 0, U),
    other(K, J), arg(N, J, "", R, Q), R >= 0, !folded(R),
    output(N, 0, _, T), output(R, Q, _, T).
ident(N, R, Q) :- cur(N, Op, 2), idem(Op), role(N, "value"), !folds(N),
    arg(N, 0, "", R, Q), arg(N, 1, "", R, Q), R >= 0.
idem("Min"). idem("Max").

alias(N, R, Q) :- ident(N, R, Q).

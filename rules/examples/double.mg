# pack: double
# extends: reuse-2.0
# claims: reuse-2.0, plus: x + x, x * 2 and 2 * x are one node (doubling
#   is exact in floating point, so the three agree bit for bit).
# touches: Add, Multiply.
#
# The worked example of rules/README.md. Each form gets a second signature,
# "double|TYPE|R#Q": the canonical x and the output type, so that a float3
# x doubled is never joined with a float x doubled. Two nodes with one
# signature are one node; the reuse-2.0 rules give every node its usual
# signature too.

# x + x: both operands read the same canonical x.
double(N, R, Q) :- cur(N, "Add", 2), role(N, "value"), !folds(N),
    arg(N, 0, "", R, Q), arg(N, 1, "", R, Q), R >= 0.
# x * 2 and 2 * x: the other operand is a one-component Constant 2.
double(N, R, Q) :- cur(N, "Multiply", 2), role(N, "value"), !folds(N),
    two(K, J), arg(N, K, "", C, 0), constant(C, _), cwidth(C, 1), cval(C, 0, 2.0),
    arg(N, J, "", R, Q), R >= 0, !folded(R).
two(1, 0). two(0, 1).

sig(N, S) :- double(N, R, Q), output(N, 0, _, T), output(R, Q, _, T),
    S = fn:string:concat("double|", T, "|", R, "#", Q).

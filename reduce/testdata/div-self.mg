# pack: div-self
# extends: reuse-2.0
# claims: UNSOUND, written for the evaluation tests: x / x folds to 1,
#   which is wrong where x is 0 (the divide guard makes it 0).
# touches: Divide

isconst(X) :- constant(X, _).
selfdiv(N, W) :- cur(N, "Divide", 2), arg(N, 0, _, R, Q), arg(N, 1, _, R, Q),
    operand(N, 0, X, _), !isconst(X), width(N, 0, W), W > 0.
foldw(N, W) :- selfdiv(N, W).
fold(N, I, 1.0) :- selfdiv(N, W), idx(W, I).

# pack: halfdouble
# extends: reuse-2.0
# claims: a rewrite of the prove tests (validate_prove_test.go)
# touches: the ops of its clause.
alias(N, R, Q) :- cur(N, "Divide", 2), arg(N, 1, "", C, 0), constant(C, _), cval(C, 0, 2.0),
    arg(N, 0, "", M, 0), node(M, "Multiply", ""), operand(M, 1, D, 0), constant(D, _), cval(D, 0, 2.0), operand(M, 0, R, Q).

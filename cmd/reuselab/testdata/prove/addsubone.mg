# pack: addsubone
# extends: reuse-2.0
# claims: a rewrite of the prove tests (validate_prove_test.go)
# touches: the ops of its clause.
alias(N, R, Q) :- cur(N, "Subtract", 2), arg(N, 1, "", C, 0), constant(C, _), cval(C, 0, 1.0),
    arg(N, 0, "", S, 0), node(S, "Add", ""), operand(S, 1, D, 0), constant(D, _), cval(D, 0, 1.0), operand(S, 0, R, Q).

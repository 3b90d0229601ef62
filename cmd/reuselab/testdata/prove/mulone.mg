# pack: mulone
# extends: reuse-2.0
# claims: a rewrite of the prove tests (validate_prove_test.go)
# touches: the ops of its clause.
alias(N, R, Q) :- cur(N, "Multiply", 2), arg(N, 1, "", C, 0), constant(C, "float"), cval(C, 0, 1.0), arg(N, 0, "", R, Q).

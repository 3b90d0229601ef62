# pack: absabs
# extends: reuse-2.0
# claims: a rewrite of the prove tests (validate_prove_test.go)
# touches: the ops of its clause.
alias(N, R, Q) :- cur(N, "Abs", 1), arg(N, 0, "", R, Q), node(R, "Abs", "").

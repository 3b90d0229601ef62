# pack: subself
# extends: reuse-2.0
# claims: a rewrite of the prove tests (validate_prove_test.go)
# touches: the ops of its clause.
foldtype(N, "float") :- cur(N, "Subtract", 2), arg(N, 0, "", R, Q), arg(N, 1, "", R, Q), output(N, 0, _, "float").
fold(N, 0, 0.0) :- cur(N, "Subtract", 2), arg(N, 0, "", R, Q), arg(N, 1, "", R, Q), output(N, 0, _, "float").

# pack: mulzero
# extends: reuse-2.0
# claims: a rewrite of the prove tests (validate_prove_test.go)
# touches: the ops of its clause.
foldtype(N, "float") :- cur(N, "Multiply", 2), arg(N, 1, "", C, 0), constant(C, "float"), cval(C, 0, 0.0).
fold(N, 0, 0.0) :- cur(N, "Multiply", 2), arg(N, 1, "", C, 0), constant(C, "float"), cval(C, 0, 0.0).

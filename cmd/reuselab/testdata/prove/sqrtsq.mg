# pack: sqrtsq
# extends: reuse-2.0
# claims: a rewrite of the prove tests (validate_prove_test.go)
# touches: the ops of its clause.
sig(N, S) :- cur(N, "Sqrt", 1), role(N, "value"), arg(N, 0, "", M, 0), node(M, "Multiply", ""),
    operand(M, 0, R, Q), operand(M, 1, R, Q), S = fn:string:concat("absof|", R, "#", Q).
sig(N, S) :- cur(N, "Abs", 1), role(N, "value"), arg(N, 0, "", R, Q), S = fn:string:concat("absof|", R, "#", Q).

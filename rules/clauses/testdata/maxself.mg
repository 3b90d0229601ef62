# pack: maxself
# extends: reuse-2.0
# claims: max(x, x) is x (rules/clauses tests)
# touches: Max.
alias(N, R, Q) :- cur(N, "Max", 2), arg(N, 0, "", R, Q), arg(N, 1, "", R, Q).

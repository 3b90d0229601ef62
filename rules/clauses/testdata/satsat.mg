# pack: satsat
# extends: reuse-2.0
# claims: saturate(saturate(x)) is saturate(x) (rules/clauses tests)
# touches: Saturate.
alias(N, R, Q) :- cur(N, "Saturate", 1), arg(N, 0, "", R, Q), node(R, "Saturate", "").

# pack: subtract-set
# extends: reuse-2.0
# claims: UNSOUND, written for the evaluation tests: Subtract's operands
#   compare as a set, so a - b and b - a are one node. `reuselab evalcheck`
#   must reject it and `reuselab reduce --until mismatch` shrink a witness.
# touches: Subtract

# A second signature with the operands in id order joins a - b and b - a.
sig(N, S) :- cur(N, "Subtract", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, _, R0, Q0), arg(N, 1, _, R1, Q1), R0 <= R1,
    S = fn:string:concat(K, "|operand-set|", R0, "#", Q0, "|", R1, "#", Q1).
sig(N, S) :- cur(N, "Subtract", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, _, R0, Q0), arg(N, 1, _, R1, Q1), R0 > R1,
    S = fn:string:concat(K, "|operand-set|", R1, "#", Q1, "|", R0, "#", Q0).

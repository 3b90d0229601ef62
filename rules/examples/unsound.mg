# pack: unsound
# extends: reuse-2.0
# claims: DELIBERATELY UNSOUND, for the tests that validate must fail it:
#   Subtract's operands compare as a set, so a - b and b - a are one node.
# touches: Subtract.
#
# Without `# mirrors:` the pack may merge more than reuse-2.0, so the
# comparison accepts the extra merge; only evaluation sees that a - b is
# not b - a, and `reuselab validate` evaluates such merges by default.
sig(N, S) :- cur(N, "Subtract", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R0 < R1,
    S = fn:string:concat("set|", K, "|", R0, "#", Q0, "|", R1, "#", Q1).
sig(N, S) :- cur(N, "Subtract", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R1 < R0,
    S = fn:string:concat("set|", K, "|", R1, "#", Q1, "|", R0, "#", Q0).

# pack: commutative
# extends: reuse-2.0
# claims: reuse-2.0, plus: the two operands of Add, Multiply, Min, Max and
#   Dot compare as a set, so a*b and b*a are one node. Not upstream's rule
#   (R5 compares operands in order): its extra merges are reported apart,
#   and `reuselab validate` evaluates them.
# touches: Add, Multiply, Min, Max, Dot.
#
# A second signature per node joins classes: the operands' canonical
# references in ascending order. Ints compare with <, so the sort is two
# rules (and one for equal operands, which the ordered signature covers).
commutes("Add"). commutes("Multiply"). commutes("Min"). commutes("Max"). commutes("Dot").

sig(N, S) :- cur(N, Op, 2), commutes(Op), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R0 < R1,
    S = fn:string:concat("commutes|", K, "|", R0, "#", Q0, "|", R1, "#", Q1).
sig(N, S) :- cur(N, Op, 2), commutes(Op), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R1 < R0,
    S = fn:string:concat("commutes|", K, "|", R1, "#", Q1, "|", R0, "#", Q0).
sig(N, S) :- cur(N, Op, 2), commutes(Op), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R, Q0), arg(N, 1, "", R, Q1), Q1 < Q0,
    S = fn:string:concat("commutes|", K, "|", R, "#", Q1, "|", R, "#", Q0).
sig(N, S) :- cur(N, Op, 2), commutes(Op), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R, Q0), arg(N, 1, "", R, Q1), Q0 <= Q1,
    S = fn:string:concat("commutes|", K, "|", R, "#", Q0, "|", R, "#", Q1).

# pack: ranges
# extends: reuse-2.0
# carries: range/3 interval
# claims: reuse-2.0, plus the identities an interval analysis makes sound:
#   pow(x, 1), saturate(x), max(x, y), min(x, y), abs(x) and clamp(x, a, b)
#   are x when the ranges below say so (x >= 0; x in [0, 1]; x >= y;
#   x <= y; x >= 0; a <= x <= b). Not upstream's rule: its extra merges are
#   reported apart and checked by evaluation.
# touches: Pow, Saturate, Max, Min, Abs, Clamp; ranges through Constant,
#   Add, Subtract, Multiply, Max, Min, Negate, Abs, Frac, Sin, Cos,
#   Saturate, Clamp, Step, the comparisons and monotone functions.
#
# range(N, Lo, Hi): on every input, every lane of N's output 0 is a number
# (never NaN) in [Lo, Hi], Lo and Hi finite. It is carried (`# carries:`):
# derived for the level's nodes, read for any node below through arg/5,
# and a class of equal nodes carries the intersection of its members'
# intervals. Every fact follows how ir/interp (the Unreal node) computes:
#   - Saturate, Step and the comparisons are in [0, 1] whatever their input
#     (Saturate is FMath::Clamp, so a NaN gives 1; a comparison is an If
#     node picking the constants 1 and 0);
#   - Sin, Cos are in [-1, 1] and Frac (x - floor x) in [0, 1] only for a
#     finite input: sin(inf) is NaN, so they need a range for x;
#   - Add, Subtract, Multiply, Max, Min of two ranged operands: the bounds
#     computed in float64, as the graph is (rounding is monotone, so the
#     bound of the exact result rounds to a bound of the rounded one), and
#     only when every bound is finite (inf - inf is NaN);
#   - Clamp(x, a, b) is a, x (when a <= x < b) or b: in the hull of a's and
#     b's ranges, whatever x is (a NaN x gives b);
#   - a monotone op (Floor, Ceil, Round, Truncate, Saturate, Sqrt with its
#     guard, Exp, Atan, Sign) maps [Lo, Hi] to [f(Lo), f(Hi)];
#   - Pow has no range: it is pow(max(x, 0), y) (PositiveClampedPow).
#   - a numeric Parameter is a finite float32, [-FLT_MAX, FLT_MAX] (what an
#     artist can set, and what the evaluation draws); a FunctionInput, a
#     texture sample or any other op has no range.
# A lane past an operand's width reads 0 (a float2 read as a float3), so an
# operand that neither broadcasts nor fills the node's lanes gives the node
# no range (lanesfit/2). A Constant's range is the hull of its components,
# a node folded to one or two components the hull of its folded ones.
#
# The identities alias N to x (alias/3, as identities.mg does) when N's
# output type is x's, and x is not folded (a folded x is rebuilt as a
# Constant of its folded width). Fold comes first.

# ------------------------------------------------------ operand ranges
# orange(N, K, Lo, Hi): every lane operand K (read through output 0) gives
# N is in [Lo, Hi]: the operand's range, when its lanes fill N's
# (lanesfit/2: a lane past a value's width reads 0, which the range may
# not hold; such an operand gives N no range). Every op of rop has a
# numeric output.
orange(N, K, L, H) :- rop(Op), cur(N, Op, _), arg(N, K, "", X, 0), range(X, L, H), lanesfit(N, X).

# rop: the ops whose operands' ranges a rule reads.
rop("Add"). rop("Subtract"). rop("Multiply"). rop("Max"). rop("Min").
rop("Negate"). rop("Abs"). rop("Frac"). rop("Sin"). rop("Cos"). rop("Clamp").
rop("Floor"). rop("Ceil"). rop("Round"). rop("Truncate"). rop("Saturate").
rop("Sqrt"). rop("Exp"). rop("Atan"). rop("Sign").
mono("Floor"). mono("Ceil"). mono("Round"). mono("Truncate"). mono("Saturate").
mono("Sqrt"). mono("Exp"). mono("Atan"). mono("Sign").
unit01("Saturate"). unit01("Step"). unit01("Greater"). unit01("GreaterEqual").
unit01("Less"). unit01("LessEqual"). unit01("Equal"). unit01("NotEqual").

# ------------------------------------------------------ constants, folds
# The hull of the components of a Constant (a one-component one may fill a
# wider type: it broadcasts), or of a node that folds at this level to one
# or two components (the value the merged graph holds; the hull of a wider
# fold cost more than the identities it found).
range(N, A, A) :- cur(N, "Constant", _), cwidth(N, 1), cval(N, 0, A), ffinite(A).
range(N, L, H) :- cur(N, "Constant", _), cwidth(N, 2), width(N, 0, 2), cval(N, 0, A), cval(N, 1, B), ffinite(A), ffinite(B),
    m("Min", A, B, 0.0, L), m("Max", A, B, 0.0, H).
range(N, L, H) :- cur(N, "Constant", _), cwidth(N, 3), width(N, 0, 3), cval(N, 0, A), cval(N, 1, B), cval(N, 2, C),
    ffinite(A), ffinite(B), ffinite(C),
    m("Min", A, B, 0.0, L0), m("Min", L0, C, 0.0, L),
    m("Max", A, B, 0.0, H0), m("Max", H0, C, 0.0, H).
range(N, L, H) :- cur(N, "Constant", _), cwidth(N, 4), width(N, 0, 4), cval(N, 0, A), cval(N, 1, B), cval(N, 2, C), cval(N, 3, D),
    ffinite(A), ffinite(B), ffinite(C), ffinite(D),
    m("Min", A, B, 0.0, L0), m("Min", C, D, 0.0, L1), m("Min", L0, L1, 0.0, L),
    m("Max", A, B, 0.0, H0), m("Max", C, D, 0.0, H1), m("Max", H0, H1, 0.0, H).
range(N, A, A) :- foldw(N, 1), fold(N, 0, A), ffinite(A).
range(N, L, H) :- foldw(N, 2), fold(N, 0, A), fold(N, 1, B), ffinite(A), ffinite(B),
    m("Min", A, B, 0.0, L), m("Max", A, B, 0.0, H).

# A numeric Parameter is a finite float32 (what an artist can set; the
# evaluation draws finite values): [-FLT_MAX, FLT_MAX]. This is what makes
# sin(A) a range.
range(N, -340282346638528859811704183484516925440.0, 340282346638528859811704183484516925440.0) :-
    cur(N, "Parameter", 0), output(N, 0, _, T), tname(_, _, T).

# ---------------------------------------------------------------- ops
range(N, 0.0, 1.0) :- unit01(Op), cur(N, Op, _), !folds(N), output(N, 0, _, T), tname(_, _, T).

un(N, Op, L, H) :- orange(N, 0, L, H), cur(N, Op, _), !folds(N), noperands(N, 1).
range(N, L, H) :- un(N, "Negate", A, B), m("Negate", B, 0.0, 0.0, L), m("Negate", A, 0.0, 0.0, H).
range(N, A, B) :- un(N, "Abs", A, B), fle(0.0, A).
range(N, L, H) :- un(N, "Abs", A, B), fle(B, 0.0), m("Negate", B, 0.0, 0.0, L), m("Negate", A, 0.0, 0.0, H).
range(N, 0.0, H) :- un(N, "Abs", A, B), fle(A, 0.0), fle(0.0, B),
    m("Negate", A, 0.0, 0.0, NA), m("Max", NA, B, 0.0, H).
range(N, 0.0, 1.0) :- un(N, "Frac", _, _).
range(N, -1.0, 1.0) :- un(N, "Sin", _, _).
range(N, -1.0, 1.0) :- un(N, "Cos", _, _).
range(N, L, H) :- mono(Op), un(N, Op, A, B), m(Op, A, 0.0, 0.0, L), m(Op, B, 0.0, 0.0, H),
    ffinite(L), ffinite(H).

bin(N, Op, A, B, C, D) :- orange(N, 0, A, B), orange(N, 1, C, D), cur(N, Op, _),
    !folds(N), noperands(N, 2).
range(N, L, H) :- bin(N, "Add", A, B, C, D), m("Add", A, C, 0.0, L), m("Add", B, D, 0.0, H),
    ffinite(L), ffinite(H).
range(N, L, H) :- bin(N, "Subtract", A, B, C, D), m("Subtract", A, D, 0.0, L),
    m("Subtract", B, C, 0.0, H), ffinite(L), ffinite(H).
range(N, L, H) :- bin(N, "Multiply", A, B, C, D),
    m("Multiply", A, C, 0.0, P1), m("Multiply", A, D, 0.0, P2),
    m("Multiply", B, C, 0.0, P3), m("Multiply", B, D, 0.0, P4),
    ffinite(P1), ffinite(P2), ffinite(P3), ffinite(P4),
    m("Min", P1, P2, 0.0, L0), m("Min", P3, P4, 0.0, L1), m("Min", L0, L1, 0.0, L),
    m("Max", P1, P2, 0.0, H0), m("Max", P3, P4, 0.0, H1), m("Max", H0, H1, 0.0, H).
range(N, L, H) :- bin(N, "Max", A, B, C, D), m("Max", A, C, 0.0, L), m("Max", B, D, 0.0, H).
range(N, L, H) :- bin(N, "Min", A, B, C, D), m("Min", A, C, 0.0, L), m("Min", B, D, 0.0, H).

range(N, L, H) :- cur(N, "Clamp", _), !folds(N), noperands(N, 3),
    orange(N, 1, A, B), orange(N, 2, C, D), m("Min", A, C, 0.0, L), m("Max", B, D, 0.0, H).

# ------------------------------------------------------------ identities
# In each rule x is operand J of N, read through output 0, ranged, not
# folded, with N's type (written out: a helper would be a derived fact per
# candidate).
other(0, 1). other(1, 0).

# pow(x, 1) is x when x >= 0 (pow(max(x, 0), 1) = max(x, 0) = x).
ident(N, X) :- cur(N, "Pow", 2), role(N, "value"), !folds(N), noperands(N, 2),
    arg(N, 1, "", C, 0), constant(C, _), cwidth(C, 1), cval(C, 0, 1.0),
    arg(N, 0, "", X, 0), range(X, A, _), fle(0.0, A), !folded(X), output(N, 0, _, T), output(X, 0, _, T).
# saturate(x) is x when x is in [0, 1].
ident(N, X) :- cur(N, "Saturate", 1), role(N, "value"), !folds(N), noperands(N, 1),
    arg(N, 0, "", X, 0), range(X, A, B), fle(0.0, A), fle(B, 1.0),
    !folded(X), output(N, 0, _, T), output(X, 0, _, T).
# abs(x) is x when x >= 0.
ident(N, X) :- cur(N, "Abs", 1), role(N, "value"), !folds(N), noperands(N, 1),
    arg(N, 0, "", X, 0), range(X, A, _), fle(0.0, A), !folded(X), output(N, 0, _, T), output(X, 0, _, T).
# max(x, y) is x when x >= y (FMath::Max(x, y) = x >= y ? x : y), min(x, y)
# is x when x <= y; y's lanes as N reads them (a constant y: max(x, 0)).
# Operand 0 is preferred when both hold (then they are equal).
mm(N, J, X) :- cur(N, "Max", 2), role(N, "value"), !folds(N), noperands(N, 2),
    arg(N, J, "", X, 0), range(X, A, _), other(J, K), orange(N, K, _, D), fle(D, A),
    !folded(X), output(N, 0, _, T), output(X, 0, _, T).
mm(N, J, X) :- cur(N, "Min", 2), role(N, "value"), !folds(N), noperands(N, 2),
    arg(N, J, "", X, 0), range(X, _, B), other(J, K), orange(N, K, C, _), fle(B, C),
    !folded(X), output(N, 0, _, T), output(X, 0, _, T).
mm0(N) :- mm(N, 0, _).
ident(N, X) :- mm(N, 0, X).
ident(N, X) :- mm(N, 1, X), !mm0(N).
# clamp(x, a, b) is x when a <= x <= b (FMath::Clamp: x < a ? a : x < b ? x : b).
ident(N, X) :- cur(N, "Clamp", 3), role(N, "value"), !folds(N), noperands(N, 3),
    arg(N, 0, "", X, 0), range(X, A, B), orange(N, 1, _, HA), fle(HA, A), orange(N, 2, LB, _), fle(B, LB),
    !folded(X), output(N, 0, _, T), output(X, 0, _, T).

alias(N, X, 0) :- ident(N, X).

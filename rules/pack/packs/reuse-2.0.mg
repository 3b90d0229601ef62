# pack: reuse-2.0
# mirrors: 2.0
# claims: exactly the reference passes of DreamShader 2.0 (R2-R7): prune,
#   fold (R3, LANGUAGE-2.0 §1.5), swizzles (R4, §1.6), dedupe (R5-R7), prune.
# touches: every op; folds core math, Convert, Broadcast, Swizzle, Append.
#
# The driver evaluates this file in three phases (the pack interface:
# `go doc reuselab/rules/pack`, rules/README.md):
#   pre   derives live/1 once over the build graph;
#   level derives sig/2, foldtype/2, fold/3, alias/3, rewrite/4 for the
#         nodes of one DAG level (cur/3), whose operands are final;
#   post  derives keep/1 over the merged graph (edge/2).
# Scalar arithmetic is the Go-served m/5 (Mangle has no sin, sqrt, float
# comparison or rounding); num9/2 and tuple9/6 print a float and a value
# as the key does (%.9g); maskinfo/3 and maskchan/3 decode a swizzle mask.
# Everything that decides *what* is equal, what folds and how masks
# compose is below.

# ---------------------------------------------------------------- pre: prune
# R2 step 1: nothing unread may take part in a merge (or survive one).
# uses/2 is slot/5 cut to what a prune follows (each node read, once).
live(N) :- root(N).
live(X) :- live(N), uses(N, X).

# --------------------------------------------------------------- post: prune
# R2 step 5, over the merged graph the driver publishes as edge/2.
keep(N) :- root(N).
keep(X) :- keep(N), edge(N, X).

# --------------------------------------------------------------- level: fold
# R3: a foldable op whose every operand (one to three, as the op takes) is a
# Constant read through output 0 becomes one Constant. Operands are the
# nodes as built (operand/4), not their representatives: the reference folds
# in round 1, before any merge, so it reads the operand's own value.
fold1("Convert"). fold1("Broadcast"). fold1("Swizzle"). fold1("Negate").
fold1("Abs"). fold1("Floor"). fold1("Ceil"). fold1("Round"). fold1("Frac").
fold1("Truncate"). fold1("Sign"). fold1("Saturate"). fold1("Sqrt").
fold1("Rsqrt"). fold1("Rcp"). fold1("Exp"). fold1("Exp2"). fold1("Log").
fold1("Log2"). fold1("Log10"). fold1("Sin"). fold1("Cos"). fold1("Tan").
fold1("Asin"). fold1("Acos"). fold1("Atan"). fold1("Normalize").
fold1("Length"). fold1("LogicalNot").
fold2("Add"). fold2("Subtract"). fold2("Multiply"). fold2("Divide").
fold2("Fmod"). fold2("Min"). fold2("Max"). fold2("Step"). fold2("Pow").
fold2("Atan2"). fold2("Dot"). fold2("Cross"). fold2("Distance").
fold2("Greater"). fold2("GreaterEqual"). fold2("Less"). fold2("LessEqual").
fold2("Equal"). fold2("NotEqual"). fold2("LogicalAnd"). fold2("LogicalOr").
fold2("Append").
fold3("Clamp"). fold3("Lerp"). fold3("SmoothStep").
# Ops folded component by component; the others have their own rules below.
cw1("Convert"). cw1("Broadcast"). cw1("Negate"). cw1("Abs"). cw1("Floor").
cw1("Ceil"). cw1("Round"). cw1("Frac"). cw1("Truncate"). cw1("Sign").
cw1("Saturate"). cw1("Sqrt"). cw1("Rsqrt"). cw1("Rcp"). cw1("Exp"). cw1("Exp2").
cw1("Log"). cw1("Log2"). cw1("Log10"). cw1("Sin"). cw1("Cos"). cw1("Tan").
cw1("Asin"). cw1("Acos"). cw1("Atan"). cw1("LogicalNot").
cw2("Add"). cw2("Subtract"). cw2("Multiply"). cw2("Divide"). cw2("Fmod").
cw2("Min"). cw2("Max"). cw2("Step"). cw2("Pow"). cw2("Atan2"). cw2("Greater").
cw2("GreaterEqual"). cw2("Less"). cw2("LessEqual"). cw2("Equal"). cw2("NotEqual").
cw2("LogicalAnd"). cw2("LogicalOr").

idx(4, 0). idx(4, 1). idx(4, 2). idx(4, 3).
idx(3, 0). idx(3, 1). idx(3, 2). idx(2, 0). idx(2, 1). idx(1, 0).
# wmax(A, B, W): W is the larger of the widths A and B (1..4, what cwidth
# holds): one lookup instead of a rule per ordering.
wmax(1, 1, 1). wmax(1, 2, 2). wmax(1, 3, 3). wmax(1, 4, 4).
wmax(2, 1, 2). wmax(2, 2, 2). wmax(2, 3, 3). wmax(2, 4, 4).
wmax(3, 1, 3). wmax(3, 2, 3). wmax(3, 3, 3). wmax(3, 4, 4).
wmax(4, 1, 4). wmax(4, 2, 4). wmax(4, 3, 4). wmax(4, 4, 4).
tname("float", 1, "float"). tname("float", 2, "float2").
tname("float", 3, "float3"). tname("float", 4, "float4").
tname("bool", 1, "bool"). tname("bool", 2, "bool2").
tname("bool", 3, "bool3"). tname("bool", 4, "bool4").
booltype("bool"). booltype("bool2"). booltype("bool3"). booltype("bool4").

# A fold check starts from constop/3 (operand I is a Constant read through
# output 0, fed by the driver): nearly no node of a level has one, so the
# rest of the level is never unified. Starting from the op table unified
# every node whose op folds before its first operand failed. The last
# operand is looked up first, since fewer nodes have it.
fo1(N, Op, X) :- constop(N, 0, X), cur(N, Op, _), fold1(Op), noperands(N, 1).
fo2(N, Op, X, Y) :- constop(N, 1, Y), constop(N, 0, X), cur(N, Op, _), fold2(Op),
    noperands(N, 2).
fo3(N, Op, X, Y, Z) :- constop(N, 2, Z), constop(N, 0, X), constop(N, 1, Y),
    cur(N, Op, _), fold3(Op), noperands(N, 3).

# foldw: the folded width. A componentwise op folds over its widest
# operand (Broadcast: over its output's width); the vector ops (dot
# products over their span, Swizzle, Append, Cross) have their own below.
foldw(N, W) :- fo1(N, Op, X), cw1(Op), Op != "Broadcast", cwidth(X, W).
foldw(N, W) :- fo1(N, "Broadcast", _), width(N, 0, W), W > 0.
foldw(N, 1) :- fo1(N, "Broadcast", _), width(N, 0, 0).
foldw(N, 1) :- fo1(N, "Broadcast", _), nouts(N, 0).
foldw(N, W) :- fo2(N, Op, X, Y), cw2(Op), cwidth(X, A), cwidth(Y, B), wmax(A, B, W).
foldw(N, W) :- fo3(N, _, X, Y, Z), cwidth(X, A), cwidth(Y, B), cwidth(Z, C),
    wmax(A, B, D), wmax(D, C, W).
# span: the widest operand of a dot product.
span(N, W) :- fo1(N, "Length", X), cwidth(X, W).
span(N, W) :- fo1(N, "Normalize", X), cwidth(X, W).
span(N, W) :- fo2(N, "Dot", X, Y), cwidth(X, A), cwidth(Y, B), wmax(A, B, W).
span(N, W) :- fo2(N, "Distance", X, Y), cwidth(X, A), cwidth(Y, B), wmax(A, B, W).
# comp/3 and mv/6 read component I of a constant operand as the folder
# does (a 1-wide constant broadcasts, past a wider one's width reads 0):
# the rules choose the components, Go reads and combines them.

# Componentwise ops.
fold(N, I, V) :- fo1(N, Op, X), cw1(Op), foldw(N, W), idx(W, I),
    mv(Op, X, -1, -1, I, V).
fold(N, I, V) :- fo2(N, Op, X, Y), cw2(Op), foldw(N, W), idx(W, I),
    mv(Op, X, Y, -1, I, V).
fold(N, I, V) :- fo3(N, Op, X, Y, Z), foldw(N, W), idx(W, I),
    mv(Op, X, Y, Z, I, V).

# Swizzle of a constant: pick the channels (only x, y, z, w name one).
fold(N, I, V) :- fo1(N, "Swizzle", X), mask(N, M), maskinfo(M, L, 1), L <= 4,
    maskchan(M, I, C), comp(X, C, V).
foldw(N, L) :- fo1(N, "Swizzle", _), mask(N, M), maskinfo(M, L, 1), L >= 1, L <= 4.

# Append: the components of both, at most four.
fold(N, I, V) :- fo2(N, "Append", X, _), cval(X, I, V).
fold(N, J, V) :- fo2(N, "Append", X, Y), cwidth(X, A), cval(Y, I, V),
    J = fn:plus(A, I), J < 4.
foldw(N, W) :- fo2(N, "Append", X, Y), cwidth(X, A), cwidth(Y, B),
    S = fn:plus(A, B), S <= 4, W = S.
foldw(N, 4) :- fo2(N, "Append", X, Y), cwidth(X, A), cwidth(Y, B),
    S = fn:plus(A, B), S > 4.

# Dot products, summed left to right from 0 over the span, as the folder does.
dpair(N, I, A, B) :- fo2(N, "Dot", X, Y), span(N, W), idx(W, I),
    comp(X, I, A), comp(Y, I, B).
dpair(N, I, A, A) :- fo1(N, "Length", X), span(N, W), idx(W, I), comp(X, I, A).
dpair(N, I, A, A) :- fo1(N, "Normalize", X), span(N, W), idx(W, I), comp(X, I, A).
dpair(N, I, D, D) :- fo2(N, "Distance", X, Y), span(N, W), idx(W, I),
    mv("Subtract", X, Y, -1, I, D).
dacc(N, 0, 0.0) :- dpair(N, 0, _, _).
dacc(N, J, S) :- dacc(N, I, S0), span(N, W), I < W, dpair(N, I, A, B),
    m("Multiply", A, B, 0.0, P), m("Add", S0, P, 0.0, S), J = fn:plus(I, 1).
dsum(N, S) :- span(N, W), dacc(N, W, S).

fold(N, 0, S) :- fo2(N, "Dot", _, _), dsum(N, S).
foldw(N, 1) :- fo2(N, "Dot", _, _).
fold(N, 0, L) :- fo1(N, "Length", _), dsum(N, S), m("RawSqrt", S, 0.0, 0.0, L).
foldw(N, 1) :- fo1(N, "Length", _).
fold(N, 0, L) :- fo2(N, "Distance", _, _), dsum(N, S), m("RawSqrt", S, 0.0, 0.0, L).
foldw(N, 1) :- fo2(N, "Distance", _, _).
fold(N, I, V) :- fo1(N, "Normalize", X), dsum(N, S), m("RawSqrt", S, 0.0, 0.0, L),
    span(N, W), idx(W, I), comp(X, I, A), m("NormDiv", A, L, 0.0, V).
foldw(N, W) :- fo1(N, "Normalize", _), span(N, W).

# Cross: always three components.
fold(N, 0, V) :- fo2(N, "Cross", X, Y), comp(X, 1, A1), comp(Y, 2, B2),
    comp(X, 2, A2), comp(Y, 1, B1), m("Multiply", A1, B2, 0.0, P),
    m("Multiply", A2, B1, 0.0, Q), m("Subtract", P, Q, 0.0, V).
fold(N, 1, V) :- fo2(N, "Cross", X, Y), comp(X, 2, A2), comp(Y, 0, B0),
    comp(X, 0, A0), comp(Y, 2, B2), m("Multiply", A2, B0, 0.0, P),
    m("Multiply", A0, B2, 0.0, Q), m("Subtract", P, Q, 0.0, V).
fold(N, 2, V) :- fo2(N, "Cross", X, Y), comp(X, 0, A0), comp(Y, 1, B1),
    comp(X, 1, A1), comp(Y, 0, B0), m("Multiply", A0, B1, 0.0, P),
    m("Multiply", A1, B0, 0.0, Q), m("Subtract", P, Q, 0.0, V).
foldw(N, 3) :- fo2(N, "Cross", _, _).

# The folded node's type: float N, or bool N if it was bool.
boolnode(N) :- foldw(N, _), output(N, 0, _, T), booltype(T).
foldtype(N, T) :- foldw(N, W), boolnode(N), tname("bool", W, T).
foldtype(N, T) :- foldw(N, W), !boolnode(N), tname("float", W, T).
folds(N) :- foldtype(N, _).

# A folded node is a Constant: its signature is a Constant's key, its
# value printed as the key prints it, `(v0, v1)` at 9 significant digits
# (tuple9/6, one premise for the whole value instead of a num9/2 per
# component). Each rule starts from its width (indexed) rather than from
# every fold.
sig(N, S) :- foldw(N, 1), foldtype(N, T), fold(N, 0, A),
    tuple9(1, A, 0.0, 0.0, 0.0, V), S = fn:string:concat("Constant||:", T, "|Value=", V).
sig(N, S) :- foldw(N, 2), foldtype(N, T), fold(N, 0, A), fold(N, 1, B),
    tuple9(2, A, B, 0.0, 0.0, V), S = fn:string:concat("Constant||:", T, "|Value=", V).
sig(N, S) :- foldw(N, 3), foldtype(N, T), fold(N, 0, A), fold(N, 1, B), fold(N, 2, C),
    tuple9(3, A, B, C, 0.0, V), S = fn:string:concat("Constant||:", T, "|Value=", V).
sig(N, S) :- foldw(N, 4), foldtype(N, T), fold(N, 0, A), fold(N, 1, B), fold(N, 2, C),
    fold(N, 3, D), tuple9(4, A, B, C, D, V), S = fn:string:concat("Constant||:", T, "|Value=", V).

# ----------------------------------------------------------- level: swizzles
# R4. The identity test comes first; a mask of a mask read through output 0
# composes onto the inner source while the channels stay strictly
# ascending; a composed mask that is an identity goes too (the reference
# catches it in its next round).
identity("x", 1). identity("xy", 2). identity("xyz", 3). identity("xyzw", 4).
letter(0, "x"). letter(1, "y"). letter(2, "z"). letter(3, "w").
modern(1) :- graph(_, _, 0).

swz0(N, R, Q, M) :- cur(N, "Swizzle", _), noperands(N, K), K > 0, mask(N, M),
    !folds(N), arg(N, 0, "", R, Q), R >= 0.
swzh(N) :- swz0(N, _, _, _).

# Width of a source read through output 0 (a folded source: its components).
sw1(N, W) :- swz0(N, R, 0, _), folded(R), cwidth(R, W).
sw1(N, W) :- swz0(N, R, 0, _), !folded(R), width(R, 0, W), W > 0.
sw1(N, 1) :- swz0(N, R, 0, _), !folded(R), width(R, 0, 0).
sw1(N, 1) :- swz0(N, R, 0, _), !folded(R), nouts(R, 0).
ident1(N, R) :- swz0(N, R, 0, M), modern(1), sw1(N, W), identity(M, W).
isident1(N) :- ident1(N, _).

cmp(N, M, R2, Q2, M2) :- swz0(N, R, 0, M), !isident1(N), eswz(R, R2, Q2, M2).
cc(N, I, A) :- cmp(N, M, _, _, M2), maskchan(M, I, W), maskchan(M2, W, A).
composed(N, S) :- cmp(N, M, _, _, _), maskinfo(M, 1, _), cc(N, 0, A), letter(A, S).
composed(N, S) :- cmp(N, M, _, _, _), maskinfo(M, 2, _), cc(N, 0, A), cc(N, 1, B),
    A < B, letter(A, SA), letter(B, SB), S = fn:string:concat(SA, SB).
composed(N, S) :- cmp(N, M, _, _, _), maskinfo(M, 3, _), cc(N, 0, A), cc(N, 1, B),
    cc(N, 2, C), A < B, B < C, letter(A, SA), letter(B, SB), letter(C, SC),
    S = fn:string:concat(SA, SB, SC).
composed(N, S) :- cmp(N, M, _, _, _), maskinfo(M, 4, _), cc(N, 0, A), cc(N, 1, B),
    cc(N, 2, C), cc(N, 3, D), A < B, B < C, C < D, letter(A, SA), letter(B, SB),
    letter(C, SC), letter(D, SD), S = fn:string:concat(SA, SB, SC, SD).
rewrite(N, R2, Q2, S) :- cmp(N, _, R2, Q2, _), composed(N, S).

sw2(N, W) :- rewrite(N, R, 0, _), folded(R), cwidth(R, W).
sw2(N, W) :- rewrite(N, R, 0, _), !folded(R), width(R, 0, W), W > 0.
sw2(N, 1) :- rewrite(N, R, 0, _), !folded(R), width(R, 0, 0).
sw2(N, 1) :- rewrite(N, R, 0, _), !folded(R), nouts(R, 0).
ident2(N, R) :- rewrite(N, R, 0, M), modern(1), sw2(N, W), identity(M, W).
isident2(N) :- ident2(N, _).

alias(N, R, 0) :- ident1(N, R).
alias(N, R, 0) :- ident2(N, R).

# A swizzle's signature is its effective form: mask and source.
sig(N, S) :- rewrite(N, R, Q, M), !isident2(N), swzkey(N, K),
    S = fn:string:concat(K, "|Mask=", M, "|", R, "#", Q).
sig(N, S) :- swz0(N, R, Q, M), !isident1(N), !rewritten(N), swzkey(N, K),
    S = fn:string:concat(K, "|Mask=", M, "|", R, "#", Q).
rewritten(N) :- rewrite(N, _, _, _).

# ------------------------------------------------------------- level: dedupe
# R5: the key (op, class, outputs, sorted properties) and every input slot
# (operands in order, named inputs by name) read as canonical node#output.
# R7: statements and function inputs get no signature and merge with nothing.
# keyargs/2 is the key and the slots joined by the driver (key/2, argstr/2).
sig(N, S) :- keyargs(N, S), !folds(N), !swzh(N), role(N, "value").

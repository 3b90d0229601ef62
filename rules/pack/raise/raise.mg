# pack: raise
# claims: nothing merged, folded or pruned: how the decompiler reads nodes
#   of a compiled graph back as `.dss` sugar (sugar/4, the raise phase), so
#   that the text it prints compiles to the same graph again.
# touches: Compare, NotEqual, Parameter.
#
# sugar(N, Form, I, J): node N prints as Form. For a Compare (A, B, A>B,
# A==B, A<B), Form is the operator of `A Form B ? then : else`, I the
# operand slot of the then-value and J of the else-value: the three arms
# hold two values, in the one pattern the operator selects. The other
# operators of a pair say the same pattern with the arms swapped (`a >= b ?
# y : x` is `a < b ? x : y`), so each pattern has one operator, the strict
# one, as upstream prints it.
#
# For a float Parameter every reader of which tests it against 0 (what a
# bool uniform becomes: `uniform bool S` is a float Parameter, `S` in a
# condition is S != 0): sugar(P, "bool", 0, 0) declares it bool again and
# sugar(N, "truth", 0, 0) prints the test as the name.

arm(N, I, S, Q) :- node(N, "Compare", _), noperands(N, 5), operand(N, I, S, Q), I >= 2, S >= 0.
same(N, I, J) :- arm(N, I, S, Q), arm(N, J, S, Q).

sugar(N, ">", 2, 3) :- same(N, 3, 4), arm(N, 2, _, _), !same(N, 2, 3).
sugar(N, "<", 4, 2) :- same(N, 2, 3), arm(N, 4, _, _), !same(N, 2, 4).
sugar(N, "==", 3, 2) :- same(N, 2, 4), arm(N, 3, _, _), !same(N, 2, 3).

# Arms no one operator says: one value in all three (an if/else that
# assigns the same in both branches) prints as that value ("arm", slot I);
# three values as a chain of selects ("chain": A > B ? operand 2 : A == B ?
# operand 3 : operand 4). Both mean the same value, but the text builds
# another graph (the front end folds `c ? x : x`, and a chain is two
# Compares): the round trip lists them as exceptions.
sugar(N, "arm", 2, 2) :- same(N, 2, 3), same(N, 3, 4).
sugar(N, "chain", 2, 3) :- arm(N, 2, _, _), arm(N, 3, _, _), arm(N, 4, _, _),
    !same(N, 2, 3), !same(N, 3, 4), !same(N, 2, 4).

truth(N, P) :- node(N, "NotEqual", _), noperands(N, 2), operand(N, 0, P, 0), node(P, "Parameter", _),
    output(P, 0, _, "float"), operand(N, 1, Z, 0), constant(Z, "float"), cstr(Z, "(0)").
notbool(P) :- node(P, "Parameter", _), uses(R, P), !truth(R, P).

sugar(P, "bool", 0, 0) :- truth(_, P), !notbool(P).
sugar(N, "truth", 0, 0) :- truth(N, P), !notbool(P).

// Package pack is the second stage of the Datalog engine, and the
// interface a rule-pack author writes against. It loads rule packs (the
// built-in ones embedded from packs/, a user's .mg file by its header) and
// parses, analyses and stratifies them into one program per evaluation
// phase, with every problem a diagnostic at the pack's file, line and
// column (DSH9300–9303), in the file the problem is in: a user's clause
// that breaks an arity is named in the user's file, never in the base pack
// it extends. It evaluates nothing: package rules/eval does, and checks a
// user's pack in its child process.
//
// rules/README.md has the same interface as a table and a worked example,
// from an empty file to a pack that is validated, evaluated, benchmarked
// and explained (rules/examples/double.mg).
//
// # Header
//
// A pack is a Mangle file whose leading comment lines name it and say what
// it claims:
//
//	# pack: NAME          its name (default: the file name)
//	# claims: …           what it merges, in words (bench and validate print it)
//	# touches: …          the ops it is about
//	# extends: reuse-2.0  evaluate a built-in pack's rules together with its own,
//	                      so that a new merge rule is a few lines
//	# mirrors: 2.0        the reference mode (2.0, 1x, none) it must equal exactly;
//	                      without it the pack may merge more, and validate
//	                      evaluates its extra merges (never inherited)
//	# input: 1x           the graph it reads: build (default) or the 1x build
//	                      (inherited from the pack it extends)
//	# carries: P/3 interval, T/2 first
//	                      predicates kept from one level to the next, and how
//	                      a class of equal nodes merges them (inherited)
//
// # Analyses across levels
//
// A carried predicate P (`# carries: NAME/ARITY MERGE, …`, MERGE first,
// all, agree or interval; carries.go says what each means) is derived in
// phase level for the level's nodes, its first argument the node. The
// driver merges each class's facts once the level is decided, and every
// later level reads them for any node below: a premise P(…) reads the
// levels below (the loader renames it to P@below, so the program stays
// non-recursive), a head P(N, …) derives the level's own. Intervals of one
// class that do not meet are a warning (DSH9311) and no fact.
//
// # Phases
//
// The driver (package rules/eval) evaluates a pack in three phases, each
// program holding only the clauses its targets depend on:
//
//	pre   once, over the build graph: derives live/1 (the first prune, R2)
//	level once per DAG level, lowest first: the nodes of the level are cur/3,
//	      every node below is final, and arg/5 reads their canonical inputs;
//	      derives sig/2, foldtype/2 with fold/3, alias/3, rewrite/4
//	post  once, over the merged graph (edge/2): derives keep/1 (the last prune)
//
// A fourth phase, raise, is not the reuse driver's: the decompiler runs it
// once over a compiled graph (rules/eval.Sugar) and prints each node as
// its sugar/4 says (the raise rules, raise/raise.mg, Raise).
//
// Missing interface predicates mean "nothing": no live/keep keeps every
// node. The driver turns signatures into representatives (the first node
// of a class at the lowest level leads it; the survivor is the lowest build
// id, R6) and never merges a statement or a FunctionInput (R7) whatever a
// pack says. A folded node is published to the levels above as a Constant
// (folded/1, constant/2, cval/3, cwidth/2); a Swizzle as its effective
// form (eswz/4).
//
// # Predicates
//
// Every predicate a pack reads or derives, with its arity, its arguments,
// who provides it (schema: package rules/facts exports it from the IR;
// virtual: computed by Go with its inputs bound; driver: fed per phase;
// derives: the pack derives it and the driver reads it; reuse-2.0: derived
// by reuse-2.0 for a pack that extends it), the phases that read it, and
// one example. The list is the table Interface (iface.go); a test fails
// when the schema or the driver gains a predicate this list lacks, and
// `go test ./rules/pack -run TestInterfaceDocumented -update` rewrites the
// list and the README's table from it.
//
//	--- schema ---
//	graph/3      graph(Kind, Name, Legacy)  [schema, all]
//	    the asset: Kind "Material", "MaterialFunction"…; Legacy 1 for a 1.x block (R4 keeps its identity masks)
//	    e.g. graph("Material", "M_Reuse", 0).
//	node/3       node(N, Op, Class)  [schema, all]
//	    every build node N (a build id) with its op; Class "" unless the op prints one
//	    e.g. node(7, "Multiply", "").
//	key/2        key(N, K)  [schema, all]
//	    the static part of N's R5 dedupe key: op, class, outputs, sorted properties
//	    e.g. key(7, "Multiply||:float3|").
//	output/4     output(N, P, Name, Type)  [schema, all]
//	    output pin P (0-based) of N; Name "" for a single unnamed output
//	    e.g. output(7, 0, "", "float3").
//	width/3      width(N, P, W)  [schema, all]
//	    components of output P (float3: 3; Texture2D, material attributes: 0)
//	    e.g. width(7, 0, 3).
//	prop/3       prop(N, Name, Value)  [schema, all]
//	    a property, its value printed as the IR dump prints it
//	    e.g. prop(3, "ParameterName", "\"A\"").
//	operand/4    operand(N, I, Src, Out)  [schema, all]
//	    positional operand I of N reads Src#Out as built; Src -1 is an absent slot
//	    e.g. operand(7, 0, 3, 0).
//	pin/4        pin(N, Name, Src, Out)  [schema, all]
//	    a named input of N reads Src#Out as built
//	    e.g. pin(20, "BaseColor", 7, 0).
//	slot/5       slot(N, I, Label, Src, Out)  [schema, all]
//	    every input in R5 order: operands (Label ""), then named inputs by name; I is dense
//	    e.g. slot(20, 0, "BaseColor", 7, 0).
//	nslots/2     nslots(N, K)  [schema, all]
//	    how many slots N has
//	    e.g. nslots(7, 2).
//	uses/2       uses(N, X)  [schema, all]
//	    N reads node X as built, through some slot: each X once, absent slots not listed (what a prune follows)
//	    e.g. uses(20, 7).
//	constant/2   constant(N, Type)  [schema, all]
//	    N is a Constant; the driver adds it for a node folded at a lower level
//	    e.g. constant(4, "float").
//	cval/3       cval(N, I, F)  [schema, all]
//	    component I of a Constant as the folder reads it (raw float; an empty value reads as one 0); added for folded nodes
//	    e.g. cval(4, 0, 2.0).
//	cwidth/2     cwidth(N, W)  [schema, all]
//	    how many components cval has (1..4); added for folded nodes
//	    e.g. cwidth(4, 1).
//	cstr/2       cstr(N, S)  [schema, all]
//	    a Constant's value as the key prints it, 9 significant digits: compare this, never the floats
//	    e.g. cstr(4, "(2)").
//	noperands/2  noperands(N, K)  [schema, all]
//	    how many positional operands N has
//	    e.g. noperands(7, 2).
//	nouts/2      nouts(N, K)  [schema, all]
//	    how many outputs N has
//	    e.g. nouts(7, 1).
//	mask/2       mask(N, M)  [schema, all]
//	    a Swizzle's Mask as written
//	    e.g. mask(9, "xzw").
//	swzkey/2     swzkey(N, K)  [schema, all]
//	    a Swizzle's key without its Mask (the swizzle rules may rewrite the mask)
//	    e.g. swzkey(9, "Swizzle||:float3|").
//	debug/2      debug(N, Name)  [schema, all]
//	    the statement target N was built for ("" for none); no 2.0 rule reads it, 1.x's cache did
//	    e.g. debug(7, "s1").
//	role/2       role(N, R)  [schema, all]
//	    "value", "statement" (sinks, function outputs) or "input" (FunctionInput); R7 never merges the latter two
//	    e.g. role(7, "value").
//	root/1       root(N)  [schema, all]
//	    a prune root: a statement or a function input
//	    e.g. root(20).
//
//	--- virtual ---
//	m/5          m(Op, A, B, C, V)  [virtual, all]
//	    V is one component of Op applied to the floats A, B, C (unused: 0.0), with the folder's guards
//	    e.g. m("Add", 0.5, 0.25, 0.0, V).
//	num9/2       num9(F, S)  [virtual, all]
//	    S prints F as the dedupe key does (%.9g, -0 as 0)
//	    e.g. num9(0.1, S).
//	tuple9/6     tuple9(W, A, B, C, D, S)  [virtual, all]
//	    S prints the first W (1..4) of the floats A, B, C, D as the dedupe key prints a Constant's value (unused: 0.0)
//	    e.g. tuple9(2, 0.5, 1.0, 0.0, 0.0, S).
//	maskinfo/3   maskinfo(M, L, Valid)  [virtual, all]
//	    mask M has length L; Valid 1 when every letter is x, y, z or w
//	    e.g. maskinfo("xzw", L, V).
//	maskchan/3   maskchan(M, I, C)  [virtual, all]
//	    letter I of mask M names channel C (0..3)
//	    e.g. maskchan("xzw", 1, C).
//	comp/3       comp(X, I, V)  [virtual, all]
//	    component I (0..3) of the Constant X as the folder reads it: a 1-wide constant broadcasts, past a wider one's width reads 0.0
//	    e.g. comp(4, 2, V).
//	mv/6         mv(Op, X, Y, Z, I, V)  [virtual, all]
//	    V is m(Op, A, B, C, V) over comp(X, I, A), comp(Y, I, B), comp(Z, I, C); an operand -1 reads 0.0
//	    e.g. mv("Add", 4, 5, -1, 0, V).
//
//	--- driver ---
//	fle/2        fle(A, B)  [driver, all]
//	    the floats (or ints) A <= B, neither NaN: Mangle's < is int-only (served by the driver for the analyses, rules/eval/carries.go)
//	    e.g. fle(0.0, A).
//	ffinite/1    ffinite(F)  [driver, all]
//	    F is a finite float (neither infinite nor NaN)
//	    e.g. ffinite(H).
//	tjoin/3      tjoin(S1, S2, S)  [driver, all]
//	    S is the sorted multiset union of the term lists S1 and S2 (terms joined by ","; at most 32 terms, else no fact)
//	    e.g. tjoin("3#0", "1#0,7#0", S).
//	lanesfit/2   lanesfit(N, X)  [driver, level]
//	    every lane of N's output 0 reads a lane X's output 0 holds: X broadcasts (one lane) or is as wide, as built and as folded; a lane past a value's width reads 0 (ir/interp)
//	    e.g. lanesfit(12, 7).
//	cur/3        cur(N, Op, NSlots)  [driver, level]
//	    N is a node of the DAG level being evaluated, with its op and slot count; every node below is final
//	    e.g. cur(12, "Add", 2).
//	arg/5        arg(N, I, Label, R, Q)  [driver, level]
//	    slot I of cur node N reads the canonical (merged, aliased) R#Q; R -1: absent
//	    e.g. arg(12, 0, "", 7, 0).
//	argstr/2     argstr(N, S)  [driver, level]
//	    the slots of cur node N as arg/5 reads them, joined: "|Label=R#Q" per slot in order ("" for none); fed only to a program that reads it
//	    e.g. argstr(12, "|=7#0|=3#0").
//	keyargs/2    keyargs(N, S)  [driver, level]
//	    key/2 and argstr/2 of cur node N concatenated: its whole R5 signature (fed only to a program that reads it)
//	    e.g. keyargs(12, "Add||:float||=7#0|=3#0").
//	constop/3    constop(N, I, X)  [driver, level]
//	    operand I of cur node N is X read through output 0, and constant/2 holds for X (built or folded); fed only to a program that reads it
//	    e.g. constop(12, 0, 7).
//	folded/1     folded(N)  [driver, level]
//	    N, at a lower level, was folded; constant/2, cval/3, cwidth/2 give its value
//	    e.g. folded(5).
//	eswz/4       eswz(N, R, Q, Mask)  [driver, level]
//	    the effective form of a lower Swizzle N: Mask of R#Q after rewrites
//	    e.g. eswz(9, 3, 0, "xy").
//	edge/2       edge(N, X)  [driver, post]
//	    surviving node N reads X in the merged graph
//	    e.g. edge(20, 12).
//
//	--- derives ---
//	live/1       live(N)  [derives, pre]
//	    N survives the first prune; none derived keeps every node
//	    e.g. live(X) :- live(N), slot(N, _, _, X, _), X >= 0.
//	sig/2        sig(N, S)  [derives, level]
//	    cur node N is one node with every node of signature S (several join classes); statements and inputs never merge
//	    e.g. sig(N, K) :- cur(N, _, 0), role(N, "value"), key(N, K).
//	foldtype/2   foldtype(N, T)  [derives, level]
//	    N becomes a Constant of type T (fold wins over alias, rewrite and sig)
//	    e.g. foldtype(N, "float") :- cur(N, "Add", 2), arg(N, 0, "", A, 0), folded(A), arg(N, 1, "", B, 0), folded(B).
//	fold/3       fold(N, I, V)  [derives, level]
//	    component I of the Constant N becomes (0..width-1, all present)
//	    e.g. fold(N, 0, V) :- foldtype(N, _), arg(N, 0, "", A, 0), cval(A, 0, X), arg(N, 1, "", B, 0), cval(B, 0, Y), m("Add", X, Y, 0.0, V).
//	alias/3      alias(N, R, Q)  [derives, level]
//	    N goes and its readers read R#Q, a node of a lower level (wins over rewrite and sig)
//	    e.g. alias(N, R, Q) :- cur(N, "Multiply", 2), arg(N, 1, "", C, 0), cval(C, 0, 1.0), arg(N, 0, "", R, Q).
//	rewrite/4    rewrite(N, R, Q, M)  [derives, level]
//	    N becomes Swizzle(R#Q, Mask=M), R#Q of a lower level
//	    e.g. rewrite(N, R, Q, "x") :- cur(N, "Swizzle", 1), mask(N, "x"), arg(N, 0, "", S, 0), eswz(S, R, Q, "x").
//	sugar/4      sugar(N, Form, I, J)  [derives, raise]
//	    the decompiler prints N as Form: for a Compare, "A Form B ? operand I : operand J", "arm" operand I, "chain" A > B ? 2 : A == B ? 3 : 4; "bool" declares a float Parameter bool, "truth" prints its test against 0 as its name (rules/pack/raise/raise.mg)
//	    e.g. sugar(N, ">", 2, 3) :- same(N, 3, 4), arm(N, 2, _, _), !same(N, 2, 3).
//	keep/1       keep(N)  [derives, post]
//	    surviving N survives the last prune; none derived keeps every survivor
//	    e.g. keep(X) :- keep(N), edge(N, X).
//
//	--- reuse-2.0 ---
//	folds/1      folds(N)  [reuse-2.0, level]
//	    cur node N folds (foldtype/2 holds): a merge rule says !folds(N)
//	    e.g. sig(N, K) :- cur(N, _, 0), !folds(N), key(N, K).
//	swzh/1       swzh(N)  [reuse-2.0, level]
//	    cur node N is a Swizzle the swizzle rules give a signature
//	    e.g. sig(N, K) :- cur(N, _, 0), !swzh(N), key(N, K).
//
// Node ids N, R, Src are build ids (ints; -1 is an absent slot). Q, Out, P
// are output pins. Every value a key compares is a string: numbers are
// canonicalised to 9 significant digits before export, because Mangle
// v0.4.0 hashes floats inside structures so weakly that distinct values
// collide (rules/README.md, pitfalls).
package pack

package pack

import (
	"fmt"

	"github.com/google/mangle/ast"
)

// Kinds of interface predicate: who provides it.
const (
	KindSchema  = "schema"    // exported from the IR (package rules/facts)
	KindVirtual = "virtual"   // computed by Go when asked with its inputs bound
	KindDriver  = "driver"    // fed by the driver for one phase
	KindDerives = "derives"   // derived by the pack, read by the driver
	KindHelper  = "reuse-2.0" // derived by reuse-2.0, for a pack that extends it
)

// Predicate documents one predicate of the pack interface. The table
// Interface is the single source of the interface's documentation: the
// package doc and rules/README.md list it (TestInterfaceDocumented fails
// when either drifts from it, or when the schema or the driver gains a
// predicate it does not list), and the arity check quotes it.
type Predicate struct {
	Sym     ast.PredicateSym
	Args    string // the argument names, as in Example
	Kind    string // KindSchema…
	Phase   string // the phases that read or derive it: "all", "pre", "level", "post", "raise"
	Meaning string
	Example string // one fact or clause, Mangle source without the final period
}

// Use is the predicate as a pack writes it: "cur(N, Op, NSlots)".
func (p Predicate) Use() string { return fmt.Sprintf("%s(%s)", p.Sym.Symbol, p.Args) }

func pred(sym string, args, kind, phase, meaning, example string) Predicate {
	n := 0
	if args != "" {
		n = 1
		for _, c := range args {
			if c == ',' {
				n++
			}
		}
	}
	return Predicate{Sym: ast.PredicateSym{Symbol: sym, Arity: n}, Args: args, Kind: kind, Phase: phase, Meaning: meaning, Example: example}
}

// Interface lists every predicate a pack reads or derives.
var Interface = []Predicate{
	pred("graph", "Kind, Name, Legacy", KindSchema, "all", `the asset: Kind "Material", "MaterialFunction"…; Legacy 1 for a 1.x block (R4 keeps its identity masks)`, `graph("Material", "M_Reuse", 0)`),
	pred("node", "N, Op, Class", KindSchema, "all", `every build node N (a build id) with its op; Class "" unless the op prints one`, `node(7, "Multiply", "")`),
	pred("key", "N, K", KindSchema, "all", `the static part of N's R5 dedupe key: op, class, outputs, sorted properties`, `key(7, "Multiply||:float3|")`),
	pred("output", "N, P, Name, Type", KindSchema, "all", `output pin P (0-based) of N; Name "" for a single unnamed output`, `output(7, 0, "", "float3")`),
	pred("width", "N, P, W", KindSchema, "all", `components of output P (float3: 3; Texture2D, material attributes: 0)`, `width(7, 0, 3)`),
	pred("prop", "N, Name, Value", KindSchema, "all", `a property, its value printed as the IR dump prints it`, `prop(3, "ParameterName", "\"A\"")`),
	pred("operand", "N, I, Src, Out", KindSchema, "all", `positional operand I of N reads Src#Out as built; Src -1 is an absent slot`, `operand(7, 0, 3, 0)`),
	pred("pin", "N, Name, Src, Out", KindSchema, "all", `a named input of N reads Src#Out as built`, `pin(20, "BaseColor", 7, 0)`),
	pred("slot", "N, I, Label, Src, Out", KindSchema, "all", `every input in R5 order: operands (Label ""), then named inputs by name; I is dense`, `slot(20, 0, "BaseColor", 7, 0)`),
	pred("nslots", "N, K", KindSchema, "all", `how many slots N has`, `nslots(7, 2)`),
	pred("uses", "N, X", KindSchema, "all", `N reads node X as built, through some slot: each X once, absent slots not listed (what a prune follows)`, `uses(20, 7)`),
	pred("constant", "N, Type", KindSchema, "all", `N is a Constant; the driver adds it for a node folded at a lower level`, `constant(4, "float")`),
	pred("cval", "N, I, F", KindSchema, "all", `component I of a Constant as the folder reads it (raw float; an empty value reads as one 0); added for folded nodes`, `cval(4, 0, 2.0)`),
	pred("cwidth", "N, W", KindSchema, "all", `how many components cval has (1..4); added for folded nodes`, `cwidth(4, 1)`),
	pred("cstr", "N, S", KindSchema, "all", `a Constant's value as the key prints it, 9 significant digits: compare this, never the floats`, `cstr(4, "(2)")`),
	pred("noperands", "N, K", KindSchema, "all", `how many positional operands N has`, `noperands(7, 2)`),
	pred("nouts", "N, K", KindSchema, "all", `how many outputs N has`, `nouts(7, 1)`),
	pred("mask", "N, M", KindSchema, "all", `a Swizzle's Mask as written`, `mask(9, "xzw")`),
	pred("swzkey", "N, K", KindSchema, "all", `a Swizzle's key without its Mask (the swizzle rules may rewrite the mask)`, `swzkey(9, "Swizzle||:float3|")`),
	pred("debug", "N, Name", KindSchema, "all", `the statement target N was built for ("" for none); no 2.0 rule reads it, 1.x's cache did`, `debug(7, "s1")`),
	pred("role", "N, R", KindSchema, "all", `"value", "statement" (sinks, function outputs) or "input" (FunctionInput); R7 never merges the latter two`, `role(7, "value")`),
	pred("root", "N", KindSchema, "all", `a prune root: a statement or a function input`, `root(20)`),

	pred("m", "Op, A, B, C, V", KindVirtual, "all", `V is one component of Op applied to the floats A, B, C (unused: 0.0), with the folder's guards`, `m("Add", 0.5, 0.25, 0.0, V)`),
	pred("num9", "F, S", KindVirtual, "all", `S prints F as the dedupe key does (%.9g, -0 as 0)`, `num9(0.1, S)`),
	pred("tuple9", "W, A, B, C, D, S", KindVirtual, "all", `S prints the first W (1..4) of the floats A, B, C, D as the dedupe key prints a Constant's value (unused: 0.0)`, `tuple9(2, 0.5, 1.0, 0.0, 0.0, S)`),
	pred("maskinfo", "M, L, Valid", KindVirtual, "all", `mask M has length L; Valid 1 when every letter is x, y, z or w`, `maskinfo("xzw", L, V)`),
	pred("maskchan", "M, I, C", KindVirtual, "all", `letter I of mask M names channel C (0..3)`, `maskchan("xzw", 1, C)`),
	pred("comp", "X, I, V", KindVirtual, "all", `component I (0..3) of the Constant X as the folder reads it: a 1-wide constant broadcasts, past a wider one's width reads 0.0`, `comp(4, 2, V)`),
	pred("mv", "Op, X, Y, Z, I, V", KindVirtual, "all", `V is m(Op, A, B, C, V) over comp(X, I, A), comp(Y, I, B), comp(Z, I, C); an operand -1 reads 0.0`, `mv("Add", 4, 5, -1, 0, V)`),

	pred("fle", "A, B", KindDriver, "all", `the floats (or ints) A <= B, neither NaN: Mangle's < is int-only (served by the driver for the analyses, rules/eval/carries.go)`, `fle(0.0, A)`),
	pred("ffinite", "F", KindDriver, "all", `F is a finite float (neither infinite nor NaN)`, `ffinite(H)`),
	pred("tjoin", "S1, S2, S", KindDriver, "all", `S is the sorted multiset union of the term lists S1 and S2 (terms joined by ","; at most 32 terms, else no fact)`, `tjoin("3#0", "1#0,7#0", S)`),
	pred("lanesfit", "N, X", KindDriver, "level", `every lane of N's output 0 reads a lane X's output 0 holds: X broadcasts (one lane) or is as wide, as built and as folded; a lane past a value's width reads 0 (ir/interp)`, `lanesfit(12, 7)`),
	pred("cur", "N, Op, NSlots", KindDriver, "level", `N is a node of the DAG level being evaluated, with its op and slot count; every node below is final`, `cur(12, "Add", 2)`),
	pred("arg", "N, I, Label, R, Q", KindDriver, "level", `slot I of cur node N reads the canonical (merged, aliased) R#Q; R -1: absent`, `arg(12, 0, "", 7, 0)`),
	pred("argstr", "N, S", KindDriver, "level", `the slots of cur node N as arg/5 reads them, joined: "|Label=R#Q" per slot in order ("" for none); fed only to a program that reads it`, `argstr(12, "|=7#0|=3#0")`),
	pred("keyargs", "N, S", KindDriver, "level", `key/2 and argstr/2 of cur node N concatenated: its whole R5 signature (fed only to a program that reads it)`, `keyargs(12, "Add||:float||=7#0|=3#0")`),
	pred("constop", "N, I, X", KindDriver, "level", `operand I of cur node N is X read through output 0, and constant/2 holds for X (built or folded); fed only to a program that reads it`, `constop(12, 0, 7)`),
	pred("folded", "N", KindDriver, "level", `N, at a lower level, was folded; constant/2, cval/3, cwidth/2 give its value`, `folded(5)`),
	pred("eswz", "N, R, Q, Mask", KindDriver, "level", `the effective form of a lower Swizzle N: Mask of R#Q after rewrites`, `eswz(9, 3, 0, "xy")`),
	pred("edge", "N, X", KindDriver, "post", `surviving node N reads X in the merged graph`, `edge(20, 12)`),

	pred("live", "N", KindDerives, "pre", `N survives the first prune; none derived keeps every node`, `live(X) :- live(N), slot(N, _, _, X, _), X >= 0`),
	pred("sig", "N, S", KindDerives, "level", `cur node N is one node with every node of signature S (several join classes); statements and inputs never merge`, `sig(N, K) :- cur(N, _, 0), role(N, "value"), key(N, K)`),
	pred("foldtype", "N, T", KindDerives, "level", `N becomes a Constant of type T (fold wins over alias, rewrite and sig)`, `foldtype(N, "float") :- cur(N, "Add", 2), arg(N, 0, "", A, 0), folded(A), arg(N, 1, "", B, 0), folded(B)`),
	pred("fold", "N, I, V", KindDerives, "level", `component I of the Constant N becomes (0..width-1, all present)`, `fold(N, 0, V) :- foldtype(N, _), arg(N, 0, "", A, 0), cval(A, 0, X), arg(N, 1, "", B, 0), cval(B, 0, Y), m("Add", X, Y, 0.0, V)`),
	pred("alias", "N, R, Q", KindDerives, "level", `N goes and its readers read R#Q, a node of a lower level (wins over rewrite and sig)`, `alias(N, R, Q) :- cur(N, "Multiply", 2), arg(N, 1, "", C, 0), cval(C, 0, 1.0), arg(N, 0, "", R, Q)`),
	pred("rewrite", "N, R, Q, M", KindDerives, "level", `N becomes Swizzle(R#Q, Mask=M), R#Q of a lower level`, `rewrite(N, R, Q, "x") :- cur(N, "Swizzle", 1), mask(N, "x"), arg(N, 0, "", S, 0), eswz(S, R, Q, "x")`),
	pred("sugar", "N, Form, I, J", KindDerives, "raise", `the decompiler prints N as Form: for a Compare, "A Form B ? operand I : operand J", "arm" operand I, "chain" A > B ? 2 : A == B ? 3 : 4; "bool" declares a float Parameter bool, "truth" prints its test against 0 as its name (rules/pack/raise/raise.mg)`, `sugar(N, ">", 2, 3) :- same(N, 3, 4), arm(N, 2, _, _), !same(N, 2, 3)`),
	pred("keep", "N", KindDerives, "post", `surviving N survives the last prune; none derived keeps every survivor`, `keep(X) :- keep(N), edge(N, X)`),

	pred("folds", "N", KindHelper, "level", `cur node N folds (foldtype/2 holds): a merge rule says !folds(N)`, `sig(N, K) :- cur(N, _, 0), !folds(N), key(N, K)`),
	pred("swzh", "N", KindHelper, "level", `cur node N is a Swizzle the swizzle rules give a signature`, `sig(N, K) :- cur(N, _, 0), !swzh(N), key(N, K)`),
}

// Level predicates the driver feeds only to a program that reads them
// (rules/eval/feed.go): joins done in Go, each of which saves a rule a
// substitution per premise.
var (
	PredKeyArgs = ast.PredicateSym{Symbol: "keyargs", Arity: 2}
	PredConstOp = ast.PredicateSym{Symbol: "constop", Arity: 3}
)

// fixedArity lists the predicates whose arity the interface fixes: what the
// driver feeds and what it reads (the reuse-2.0 helpers are fixed only for
// a pack that extends reuse-2.0, by its own clauses).
func fixedArity() map[string]Predicate {
	m := map[string]Predicate{}
	for _, p := range Interface {
		if p.Kind != KindHelper {
			m[p.Sym.Symbol] = p
		}
	}
	return m
}

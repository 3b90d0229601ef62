// Package prove decides claims a reuse engine makes about an IR graph —
// two values are one value, a value is a constant — for every input, with
// an SMT solver, as Alive2 proves LLVM's peephole rewrites: each claim is a
// formula, the solver's answer a verdict, a refutation comes with a
// witness, and the witness is replayed by ir/interp.
//
// # Why
//
// ir/interp checks claims on random draws in float64. A rule wrong only on
// −0, NaN, the infinities, denormals or magnitudes near FLT_MAX (x*0 → 0,
// x−x → 0, (x+1)−1 → x, sqrt(x*x) → abs(x)) passes such a check almost
// surely, while Unreal computes in float32 and those values are everyday
// ones. A solver that reasons about all float32 inputs at once does not
// miss them.
//
// # Semantics
//
// Each node's value cone is written in SMT-LIB2 as ir/interp computes it,
// op for op, in IEEE float32 (QF_FP, round to nearest even): the guards
// of the engine's nodes (division, fmod and rcp by 0 give 0; sqrt, rsqrt
// and the logarithms of x ≤ 0 give 0; Power is PositiveClampedPow; the If
// node's 0.00001 threshold for Compare, Select and the comparisons; FMath
// Min/Max/Clamp, where a NaN picks a side), constants rounded to float32,
// parameters and function inputs free float32 values (booleans 0 or 1),
// one value per name. Equality is interp's: NaN equals NaN, −0 equals +0.
//
// What the solver cannot know is an uninterpreted function — equal inputs
// give equal outputs, nothing more: sin, cos, tan, asin, acos, atan,
// atan2, exp, exp2, log, pow (inside their guards), texture samples,
// engine classes (Reflected), Custom, FunctionCall, DDX/DDY/fwidth and
// material attributes. Their arguments read −0 as +0, as interp's hash
// does. They are written without function symbols (Ackermann's expansion:
// each application a fresh value, equal to another application's where
// the arguments are), because z3 decides floats with functions in its
// slow general core; textures and other identities, only ever compared,
// are bit-vectors. A proof through such a node therefore holds for every
// function it could be. A refutation names the values the solver chose
// for it: for a texture sample or a Custom node they belong to the witness
// as a texture's contents would; for sin or pow, ir/interp's own function
// must separate the sides too, or the verdict is Unknown (the claim rests
// on what sin is, which the prover does not know).
//
// Semantics Real writes the same formulas over the reals (no NaN, no
// rounding; floor through to_int; a square root is a fresh r ≥ 0 with
// r² = x), so that a rewrite exact only before rounding — reassociation —
// is proved there and refuted in float32.
//
// # Verdicts and witnesses
//
// Proved: no input makes the sides differ (the solver said unsat, or both
// sides are one term). Refuted: the solver's model is a witness. Unknown:
// a timeout, a memory bound, an op the prover cannot translate, a solver
// error — never sound.
//
// A witness is replayed by ir/interp: the cone becomes a graph of its own
// whose leaves and uninterpreted nodes are Constants holding the witness's
// float32 values, and interp evaluates both sides — once with the math
// functions plugged in too (the check below), once computing them itself
// (the confirmation). interp computes in
// float64, so a fault of float32's rounding or range may not show there;
// the prover therefore also writes the cone in float64 — interp's
// arithmetic — and uses it twice. First as a check of itself: the
// solver's float64 values on the witness must be interp's, bit for bit,
// or the verdict is Unknown and says that interp and the prover disagree
// (a bug of ours, never a silent refutation). Second to find a witness
// interp does confirm: edge values first (±0, ±1, NaN, ±Inf, denormals,
// ±FLT_MAX…), then by asking the solver for an input where float64 differs
// too. When it proves there is none, the witness is marked float32 only,
// on every input: evaluation in float64 cannot find this fault.
//
// # Solver
//
// The solver is a child process speaking SMT-LIB2 over pipes (z3 -in, or
// cvc5 --incremental; any other through Options.Solver), reset between
// queries. Each check-sat is bounded by the solver's own timeout and by
// the wall clock, which kills it; memory by the solver's option and an
// address-space limit on the process. Verdicts are cached by the formula's
// canonical text (names numbered in creation order), so a merge met on
// many assets asks once.
package prove

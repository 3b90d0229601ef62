// Package interp evaluates DreamShader IR graphs, so that a reuse engine's
// claims (two nodes are one node; a node is a constant) can be checked by
// evaluation instead of by trusting the engine that made them.
//
// # What it computes
//
// Every core math op is evaluated with the semantics of the Unreal node it
// becomes (LANGUAGE-2.0 §1.2), including the guards the folder uses
// (LANGUAGE-2.0 §1.5): division and fmod by zero give 0, sqrt/rsqrt/log of a
// non-positive value give 0, asin/acos clamp their argument to [-1, 1];
// Power is UE5's PositiveClampedPow, pow(max(x, 0), y).
// Compare, Select and the comparison ops are computed as the engine's If node
// computes them (|A−B| > 0.00001 ? (A ≥ B ? greater : less) : equals).
// Parameters and function inputs are drawn per run from a seeded generator
// keyed by their name, so that two reads of one parameter — in either graph —
// see one value; a static bool is drawn as 0 or 1, which evaluates both arms
// of a StaticSwitch over the runs. Nodes whose value the interpreter cannot
// know (TextureSample, Reflected classes, Custom, FunctionCall, scene reads,
// DDX/DDY) are deterministic pseudo-random functions of their class, their
// properties, their input values and the run: equal nodes on equal inputs give
// equal values, and anything else almost surely does not. Material attributes
// are records of attribute name to value.
//
// # Floating-point policy
//
// Both graphs are evaluated in float64 by this interpreter, so an exact
// claim can be checked bit for bit. The policy, per compared root value:
//
//   - Exact bits where the engine's claim is exact: dedupe merges of
//     structurally equal nodes, identity masks, mask composition, operand
//     reordering of commutative ops and identities such as x*1.
//   - A bound of 4 float32 ULPs of the larger magnitude (magnitudes below 1
//     count as 1, so an absolute 2^-21 near zero) where the claim is not
//     exact: a root whose raw cone holds a node that became a Constant
//     (folded in float64 where the engine computes in float32, or merged with
//     a constant equal only to 9 significant digits), or a node rewritten by
//     a pass named inexact (Options.Inexact; by default "fold" and any pass or
//     rule whose name contains "reassoc"; a rule pack whose name does,
//     Result.Mode "reassociate", makes the claim for every merge it makes).
//   - For a reassociation (a pass or pack named "reassoc…"), the same bound
//     of the magnitudes summed: (a+b)+c and a+(b+c) differ by a rounding of
//     the terms, which cancellation makes large beside the result, so the
//     bound is 4 float32 ULPs of max(1, |x|, |y|, Σ|terms|), the terms read
//     through Add, Subtract, Multiply and Negate (magnitude.go).
//   - NaN equals NaN (whatever its payload) and −0 equals +0, always.
//
// Hashed nodes read their inputs rounded to 16 mantissa bits, so that the
// tiny differences an inexact claim really makes (a float64 rounding, a
// constant merged at 9 significant digits) do not turn into unrelated
// pseudo-random values downstream of a texture sample or a Custom node: a
// difference of 2^-30 straddles a rounding boundary about once in 2^14.
package interp

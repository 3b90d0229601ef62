// Package clauses proves a rule pack's clauses once for every graph, as
// Crocus verifies Cranelift's ISLE rules: a clause whose body is a fixed
// pattern over the facts the driver feeds is translated into its most
// general pattern graph, and the claim its head makes is handed to
// package prove for every width the pattern can be typed with.
//
// # What a clause claims
//
// alias(N, R, Q): N equals R#Q. rewrite(N, R, Q, M): lane k of N is lane
// M[k] of R#Q. fold(N, I, V) with a foldtype(N, T) of the same file: N
// equals the constant (a one-lane T broadcasts). sig(N, S): any two nodes
// whose signatures are equal are equal; for every pair of sig/2 clauses
// whose strings can meet (the clause with itself too), the two bodies
// are joined with the signature's parts unified and the two nodes are
// compared.
//
// # The most general pattern
//
// Helpers the pack defines by facts or non-recursive clauses are unfolded
// (each fact and each clause an alternative). cur/3 and node/3 name op
// nodes, arg/5 and operand/4 their operands (a canonical operand and a
// built one are one value, by induction on the levels: the driver only
// ever merges what the pack's clauses, proved the same way, make equal),
// constant/2, cval/3 and cwidth/2 constants (a lane the body does not pin
// is a free value), output/4 and width/3 types. Anything else the body
// reads through an output is a free value: a Parameter of its own name,
// one per node and output, so that one proof covers every value it may
// hold. Widths are every combination of 1 to 4 lanes for each free value
// and open constant, an op outputting its widest operand's width as the
// front ends build it (2.0 takes any widths, a narrower operand reading 0
// past its lanes; 1.x equal widths or a scalar), narrowest first.
//
// Negations (!folds(N), !folded(R), a helper negated) and comparisons of
// ids are dropped: they only restrict where the clause fires, so the
// pattern without them has every instance the clause has and more, and a
// proof of the larger set is a proof of the clause. A refutation, the
// other way round, must be an instance of the clause itself: it counts
// only when the witness graph satisfies what was dropped (comparisons
// evaluated on its ids and output pins, the free values renumbered if
// need be; the fold gates hold of a Parameter, and of an op
// node with a non-constant operand when the pack's file folds nothing
// itself), and no clause whose facts win over the judged one's (fold over
// alias over rewrite and sig: the pack's aliases and rewrites, its own
// file's folds) names the op of the witness's node, nor does R3 fold it
// (its operands all constants). Otherwise the clause
// is proved per instance and the witness of its pattern is shown.
//
// # Not provable this way
//
// Recursion (a walk as long as the graph), a carried analysis (terms/3,
// range/3), an aggregation, the folder's arithmetic (m/5, mv/6), masks,
// a signature over every op (keyargs/2: congruence, one term for the
// prover on each instance), a signature that cannot be read back into its
// parts one way only, types other than float vectors: each is a Result
// with the reason in words, proved per instance where it fires.
//
// # Limits
//
// Float vectors only: an op's bool instance (a bool Multiply is
// LogicalAnd's lowering) is not among the typed graphs. Core math ops
// (componentwise, Clamp, Lerp, SmoothStep, Dot) with every operand
// present; no masks, Append chains or named inputs. Per clause at most 256
// unfolded cases, 256 width combinations a pattern, 600 queries and three
// the solver did not decide, each bounded by the prover's timeout.
package clauses

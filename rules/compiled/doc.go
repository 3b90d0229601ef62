// Package compiled is a stage of the Datalog engine beside Mangle's own
// evaluator: it runs a pack's phase programs, as Mangle parsed, analysed
// and stratified them (package rules/pack), as join plans over relations
// of interned values, and is held to Mangle's engine by differential
// tests (rules/eval's TestCompiledDerivesWhatMangleDerives and this
// package's fuzz target).
//
// Why: Mangle v0.4.0 evaluates a clause premise by premise over map-based
// substitutions, copying and re-hashing one per candidate fact, and looks
// a premise up by its first bound argument only (MANGLE.md §4-5); the
// reuse packs spent most of their time there. Here, per stratum in
// Mangle's order:
//
//   - a value is a Val: an int below 2^62 as itself, anything else an
//     index into the run's interning table, so joins compare integers;
//   - a derived predicate is a relation: a column of Vals per argument,
//     append-only (a round's delta is a range of rows), a hash set over
//     rows, and hash indexes keyed by exactly the columns a join binds;
//   - a clause is a plan: premises in the written order (a recursive
//     clause's delta premise first), each an operation over a slot array
//     of the clause's variables: lookup with the bound columns, bind the
//     free ones, check repeated ones; negation, =, !=, comparisons;
//   - recursion is semi-naive: each round evaluates, for every premise of
//     the clause's own stratum, the plan reading that premise from the
//     last round's new rows and the others from the full relations, which
//     include those rows, so that two facts new in one round do join.
//
// Predicates the program does not derive are asked of the store the
// driver gives (schema, virtual predicates, carried facts), except the
// level's fed facts (Feed), the pack's own tables, the schema facts read
// most, and — over the driver's base store (RunOptions.Base) — the
// virtual predicates and a Constant's facts, which the run reads or
// computes as rows (schema.go) from the same functions the store makes
// its atoms with (rules/facts/typed.go).
//
// What it does not run — transforms (|> do, |> let), deferred, external
// or merge declarations, built-in predicates other than the comparisons,
// a comparison or != over a variable nothing bound yet — Compile reports
// as *Unsupported, and the caller evaluates that program on Mangle's
// engine. Functions: fn:plus, fn:minus and fn:string:concat here, every
// other scalar function through Mangle's own functional.EvalApplyFn.
package compiled

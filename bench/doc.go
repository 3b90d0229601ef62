// Package bench runs reuse engines over corpora of DreamShader sources and
// reports what they did: IR node counts in every mode and rule pack, what
// each pass changed, merges by operation and class, graph metrics before and
// after reuse (bench/metrics), timings, and plots (bench/plot).
//
// bench knows neither engine: it compiles through the pipeline (or a
// compile function its caller hands it), and the CLI (cmd/reuselab/bench.go)
// hands it a list of Variants (each a reuse.Engine, from a raw graph to an
// ir.Result) and optionally an asset-node counter (EmittedClasses). A mode
// or a pack that does not exist yet (1x, until compiler/passes has it) is
// simply not in the list, and a count no one computes (asset nodes without
// Config.AssetNodes) is reported as absent, never as zero.
//
// A pack variant may carry a Checker (verdicts.go; bench/verdict builds
// one), which runs it in place of its engine and judges it as `reuselab
// validate` does: its clauses fired, its verdict. That run is the first of
// each variant on each asset; with Config.Repeat > 1 it is not timed, and
// the timed runs that follow are plain, the variants interleaved
// (repeat.go).
//
// The run (Run) compiles files in parallel and keeps the results in source
// order; each worker runs the assets of its files in batches, a rule pack
// over a whole batch at once, its time apportioned to the assets
// (batch.go); Summarize aggregates per corpus and overall; Write produces,
// in the output directory:
//
//	assets.csv         one row per asset: counts and pass totals per variant, graph shape
//	metrics.json       per asset: full metrics of the raw and the merged graph
//	summary.json       aggregates and each pack's verdict; everything but its "timing" object is deterministic
//	report.md          tables and plots; everything above "## Timings" is deterministic
//	timings.csv        every timed run: wall and CPU per asset, variant and repetition (repeat.go)
//	rules-profile.csv  with --profile: each pack clause's facts, evaluations and time (profile.go)
//	reduction.svg      reduction per asset, a panel per variant, a curve per corpus (figures.go)
//	merges_by_op.svg   merged nodes by operation, a panel per variant, a bar segment per corpus
//	extra_merges.svg   with a research pack: its merges beyond reuse-2.0 by operation and corpus
//	time_vs_nodes.svg  engine time against build size, log-log, a panel per variant
//	figures.md         each figure with its caption (the figures carry no title); each .svg has a .pdf
//
// Scaling and WriteScaling measure time and memory per node on graphs from
// 1k to 1M nodes (scaling.md, scaling.csv, scaling.json and three plots).
package bench

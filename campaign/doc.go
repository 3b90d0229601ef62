// Package campaign runs reuselab's two open-ended jobs as Apache Beam
// pipelines, so that they can leave one machine: a sweep of rule packs and
// reference modes over a grid of generated programs and corpus files
// (Sweep), aggregated by package bench into the report and summary.json
// `reuselab bench` writes, and the soundness search of package fuzz spread
// over seed ranges (Search), its witnesses deduplicated by their reduced
// form.
//
// It is a module of its own (campaign/go.mod) so that the main module
// neither downloads nor compiles the Beam SDK. The pipelines run on prism,
// Beam's runner embedded in the binary, by default, and on a portable job
// server (Flink, Spark) or Dataflow with Beam's usual flags; nothing in
// them reads a file on a worker: a generated program comes from its seed,
// a corpus file's bytes travel as a side input read by the launcher, a
// user's .mg pack as its text, and the records come back through Beam's
// file systems (local, gs://).
//
// An element that panics or runs past its limit is a failed record with
// its reason and seed, and the pipeline goes on; a pack that stops at its
// time or memory limit is the variant's error, as in bench.
package campaign

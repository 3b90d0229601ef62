// Package campaign runs reuselab's two open-ended jobs as Apache Beam
// pipelines, so that they can leave one machine: a sweep of rule packs and
// reference modes over a grid of generated programs and corpus files
// (Sweep), aggregated in the pipeline by package bench's Aggregate (a
// CombineFn) into the report and summary.json `reuselab bench` writes,
// with the records and assets.csv's rows written in shards where they are
// made, and the soundness search of package fuzz spread
// over seed ranges (Search), its witnesses deduplicated by their reduced
// form.
//
// It is a module of its own (campaign/go.mod) so that the main module
// neither downloads nor compiles the Beam SDK. The pipelines run on prism,
// Beam's runner embedded in the binary, by default, and on a portable job
// server (Flink, Spark) or Dataflow with Beam's usual flags; nothing in
// them reads a file on a worker: a generated program comes from its seed,
// a corpus file's bytes travel as a side input read by the launcher, a
// user's .mg pack as its text, and the records, the rows and the
// aggregate go out through Beam's file systems (local, gs://): the
// launcher reads one line of them, whatever the sweep's size.
//
// An element that panics or runs past its limit is a failed record with
// its reason and seed, and the pipeline goes on; a pack that stops at its
// time or memory limit is the variant's error, as in bench.
package campaign

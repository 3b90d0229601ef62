package reduce

import (
	"fmt"

	"reuselab/ir"
	"reuselab/reuse"
)

// Reduce runs the engines its caller hands it (reuse.Engine, resolved by
// reuse/engines) and links neither: a reducer that only compares results
// needs no Datalog engine, and a build of it without Mangle stays small.

// Signer is an engine that can say what it keyed each build node by: for a
// rule pack the sig/2 facts it derived, whose text names the rule that
// joined two nodes (the Result only says "dedupe"). g is the raw graph, as
// for Run; the signatures are indexed by the Result's Build nodes.
type Signer interface {
	Signatures(g *ir.Graph, lim ir.Limits) [][]string
}

// Label names an engine in reports: "reference" for the reference passes
// in mode 2.0 (the one every pack is held against), "reference MODE" in
// another mode, "datalog PACK" for a rule pack.
func Label(e reuse.Engine) string {
	info := e.Info()
	switch {
	case info.Kind == "reference" && e.Name() == "2.0":
		return "reference"
	case info.Kind == "":
		return e.Name()
	}
	return info.Kind + " " + e.Name()
}

// Stopped reports whether res is not the engine's answer (a rule pack
// stopped at its fact, time or memory limit, failed, or the engine refused
// the graph): its graph is the build graph untouched, which says nothing
// about the engine, so it must never count as sound, agreeing or
// disagreeing. why is the reason with the note's diagnostic; a note
// without a file of its own (a pack's notes point into the pack) is placed
// in file, the source.
func Stopped(res *ir.Result, file string) (why string, stopped bool) {
	if res == nil || res.StopReason.Answered() {
		return "", false
	}
	why = fmt.Sprintf("stopped (%s)", res.StopReason)
	only := *res
	only.Notes = nil
	for _, n := range res.Notes {
		if n.Severity == "error" {
			only.Notes = []ir.Note{n}
			break
		}
	}
	for _, d := range reuse.NoteDiagnostics(&only, file) {
		why += ": " + d.String()
	}
	return why, true
}

// Agree reports whether two engines made the same partition of the build
// nodes and the same surviving graph (D6), as `validate` compares them.
func Agree(a, b *ir.Result) bool { return reuse.Compare(a, b).Agree() }

// SharedSignatures lists, for each culprit member, the signatures it
// shares with the node it was merged into: the claim that joined them. It
// is empty for an engine that is no Signer; g is the raw graph e ran on.
func SharedSignatures(e reuse.Engine, g *ir.Graph, lim ir.Limits, res *ir.Result, members []int) []string {
	signer, ok := e.(Signer)
	if !ok {
		return nil
	}
	sigs := signer.Signatures(g, lim)
	var out []string
	for _, m := range members {
		if m < 0 || m >= len(res.Fates) {
			continue
		}
		into := int(res.Fates[m].Into)
		if into == m || m >= len(sigs) || into < 0 || into >= len(sigs) {
			continue
		}
		mine := map[string]bool{}
		for _, s := range sigs[m] {
			mine[s] = true
		}
		for _, s := range sigs[into] {
			if mine[s] {
				out = append(out, fmt.Sprintf("build %%%d and %%%d share the signature %s", m, into, s))
			}
		}
	}
	return out
}

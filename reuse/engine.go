// Package reuse is where the two reuse engines meet: the Engine interface
// that the reference passes (compiler/passes) and the Datalog driver
// (rules) both implement, RunModule, which runs an engine over every asset
// of a module and turns its notes into diagnostics once, and Compare and
// Coarsens, which hold two results of one build graph side by side. It
// imports neither engine (a tool that only compares, such as reduce, never
// links Mangle); package reuse/engines resolves what a user names into an
// Engine. Every command reaches an engine through these two, so every
// command runs it under the same limits and reads the same typed stop
// reasons (ir.StopReason).
package reuse

import (
	"fmt"
	"slices"

	"reuselab/ir"
)

// Engine merges one asset's duplicate nodes. Run never mutates g; the
// Result's Build is the graph the engine read (for an engine whose Input is
// "1x", legacy1x.Build of g), and its StopReason says whether the
// Result is the engine's answer.
type Engine interface {
	Name() string
	Info() Info
	Run(g *ir.Graph, lim ir.Limits) *ir.Result
}

// Info describes an engine to the commands that choose how to use it.
type Info struct {
	// Kind is "reference" or "datalog", as ir.Result.Engine.
	Kind string
	// Mirrors is the reference mode whose result this engine must equal
	// exactly (D6): a reference mode mirrors itself, a pack says so in its
	// header (`# mirrors:`); "" for a pack that only claims soundness.
	Mirrors string
	// Input is the build the engine reads: "build" (the graph as built) or
	// "1x" (the graph the 1.5 generator built, legacy1x.Build), which
	// has no meaning for a .dss asset.
	Input string
	// Claims is a pack's `# claims:` line ("" for the reference).
	Claims string
	// Untrusted marks a user's pack, which runs in a child process under
	// the time and memory limits.
	Untrusted bool
}

// Refuse is the Result of an engine whose input is the 1x build on a graph
// not built from a 1.x block, or nil when the engine can run.
func Refuse(e Engine, g *ir.Graph, lim ir.Limits) *ir.Result {
	if e.Info().Input != "1x" || g.Legacy {
		return nil
	}
	return Stopped(e.Info().Kind, e.Name(), g, lim, ir.StopRefused, ir.Note{Code: ir.CodeNo1x, Severity: "error", Node: -1,
		Message: fmt.Sprintf("asset %q: %s: %s", g.Name, ir.CodeNo1x, ir.MessageNo1x)})
}

// Stopped is an untouched Result that says why, with its note.
func Stopped(kind, mode string, g *ir.Graph, lim ir.Limits, why ir.StopReason, note ir.Note) *ir.Result {
	res := ir.Untouched(g, why)
	res.Engine, res.Mode, res.Limits = kind, mode, lim
	res.Notes = append(res.Notes, note)
	return res
}

// ReferenceModes are the modes of the reference the registry resolves.
var ReferenceModes = []string{"2.0", "1x", "none"}

// IsReferenceMode reports whether name is one of ReferenceModes.
func IsReferenceMode(name string) bool { return slices.Contains(ReferenceModes, name) }

// Versus is the reference mode an engine's result is held against: the
// mode it mirrors, else 2.0, the mode every pack refines or extends.
func Versus(e Engine) string {
	if m := e.Info().Mirrors; m != "" {
		return m
	}
	return "2.0"
}

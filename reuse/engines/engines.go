// Package engines resolves what a user names into a reuse.Engine: a
// reference mode of compiler/passes or a rule pack of the Datalog engine
// (rules/pack, run by rules/eval). It is the one package that knows both
// engines.
package engines

import (
	"fmt"
	"slices"
	"strings"

	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/ir/legacy1x"
	"reuselab/reuse"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

// Resolve finds the engine a user names: a reference mode ("2.0", "1x",
// "none"), a built-in pack ("reuse-2.0", "legacy-1x", …) or a `.mg` file. A
// `.mg` file is loaded in a child process under lim, so that a pack built
// to keep Mangle's analysis busy is stopped like one that never terminates.
// The diagnostics point into the pack.
func Resolve(name string, lim ir.Limits) (reuse.Engine, diag.List) {
	var ds diag.List
	if err := lim.Validate(); err != nil {
		ds.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, eval.CodeChild, "%v", err)
		return nil, ds
	}
	if reuse.IsReferenceMode(name) {
		return &Reference{Mode: name}, ds
	}
	if !strings.HasSuffix(name, ".mg") && !isBuiltin(name) {
		ds.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, pack.CodePackInterface,
			"no engine %q: name a reference mode (%s), a built-in pack (%s) or a .mg file",
			name, strings.Join(reuse.ReferenceModes, ", "), strings.Join(pack.BuiltinNames(), ", "))
		return nil, ds
	}
	p, pds := pack.Load(name, eval.Analyser(lim))
	ds.Items = append(ds.Items, pds.Items...)
	if p == nil || ds.HasErrors() {
		return nil, ds
	}
	return NewPack(p), ds
}

// MustResolve is Resolve for names the program itself chose.
func MustResolve(name string) reuse.Engine {
	e, ds := Resolve(name, ir.Limits{})
	if e == nil {
		panic(fmt.Sprintf("reuse: %s", ds.String()))
	}
	return e
}

// Names lists what Resolve accepts besides a .mg file.
func Names() []string {
	return append(append([]string(nil), reuse.ReferenceModes...), pack.BuiltinNames()...)
}

func isBuiltin(name string) bool { return slices.Contains(pack.BuiltinNames(), name) }

// Reference is the reference passes in one mode ("2.0", "1x", "none").
type Reference struct {
	Mode string
	// Observe, when set, sees the graph after every pass (compile --passes).
	Observe func(*ir.Snapshot)
	// CheckIR checks the IR contract after every pass (compile --check-ir):
	// a break stops the run with an error note (passes.CodeContract).
	CheckIR bool
}

func (r *Reference) Name() string { return r.Mode }

func (r *Reference) Info() reuse.Info {
	in := "build"
	if r.Mode == "1x" {
		in = "1x"
	}
	return reuse.Info{Kind: "reference", Mirrors: r.Mode, Input: in}
}

func (r *Reference) Run(g *ir.Graph, lim ir.Limits) *ir.Result {
	if res := reuse.Refuse(r, g, lim); res != nil {
		return res
	}
	if err := lim.Validate(); err != nil {
		return reuse.Stopped("reference", r.Mode, g, lim, ir.StopError, ir.Note{Code: eval.CodeChild, Severity: "error", Node: -1, Message: err.Error()})
	}
	res := passes.Run(g, passes.Options{Mode: r.Mode, MaxRounds: lim.MaxRounds, Observe: r.Observe, CheckIR: r.CheckIR})
	res.Limits = lim
	return res
}

// Pack is the Datalog driver with one rule pack.
//
// Concurrent evaluations share the one loaded pack: an evaluation only
// reads it (the driver reads its programs and static facts; Mangle v0.4.0's
// engine builds its delta rules, stratum rewrites and stores afresh per
// call), which `go test -race` of bench's parallel runs checks. A second
// copy per worker cost bench's second worker about 0.05 s of CPU.
type Pack struct {
	pack *pack.Pack
	// evaluator evaluates its phase programs: eval.EngineMangle ("" too)
	// or eval.EngineCompiled (WithEvaluator).
	evaluator string
}

// WithEvaluator is e evaluating its programs with evaluator
// (eval.EngineMangle or eval.EngineCompiled) when e is a pack, else e.
// Mangle's engine stays the oracle: the compiled one derives the same
// facts (rules/eval's differential tests), and falls back to Mangle's for
// what it does not support, saying so in the Outcome.
func WithEvaluator(e reuse.Engine, evaluator string) reuse.Engine {
	p, ok := e.(*Pack)
	if !ok {
		return e
	}
	c := *p
	c.evaluator = evaluator
	return &c
}

// NewPack wraps a loaded pack.
func NewPack(p *pack.Pack) *Pack { return &Pack{pack: p} }

func (e *Pack) Name() string { return e.pack.Name }

func (e *Pack) Info() reuse.Info {
	return reuse.Info{Kind: "datalog", Mirrors: e.pack.Mirrors, Input: e.pack.Input, Claims: e.pack.Claims, Untrusted: e.pack.Untrusted()}
}

// Rules is the loaded pack, for what only a pack can do (explain).
func (e *Pack) Rules() *pack.Pack { return e.pack }

// Input is the graph the pack reads for g: g itself, or its 1x build.
func (e *Pack) Input(g *ir.Graph) *ir.Graph {
	if e.pack.Input == "1x" {
		return legacy1x.Build(g)
	}
	return g
}

func (e *Pack) Run(g *ir.Graph, lim ir.Limits) *ir.Result {
	res, _ := e.Evaluate(g, lim, eval.Options{})
	return res
}

// Evaluate runs the pack on g's input under lim, with what opt asks the
// evaluation to keep (signatures, proofs, a profile: explain, reduce,
// --profile); opt.Limits is replaced by lim. A graph the pack's input has
// no meaning for is refused, with no Outcome.
func (e *Pack) Evaluate(g *ir.Graph, lim ir.Limits, opt eval.Options) (*ir.Result, *eval.Outcome) {
	if res := reuse.Refuse(e, g, lim); res != nil {
		return res, nil
	}
	g = e.Input(g)
	p := e.pack
	if !p.Untrusted() {
		// A built-in pack is known to terminate and runs in this process,
		// where Mangle cannot be stopped: only the fact limit holds.
		lim.Timeout, lim.MaxMemory = 0, 0
	}
	opt.Limits = lim
	if opt.Engine == "" {
		opt.Engine = e.evaluator
	}
	res, o, _ := eval.Run(g, p, opt)
	res.Limits = lim
	return res, o
}

// EvaluateBatch is Evaluate over many graphs, evaluated together where
// that changes no graph's result (eval.RunBatch: the times are then
// apportioned shares of a batch's). A graph the pack's input has no meaning
// for is refused, with a Result and no Outcome.
func (e *Pack) EvaluateBatch(gs []*ir.Graph, lim ir.Limits, opt eval.Options) *eval.Batch {
	out := &eval.Batch{Results: make([]*ir.Result, len(gs)), Outcomes: make([]*eval.Outcome, len(gs))}
	var inputs []*ir.Graph
	var at []int
	for i, g := range gs {
		if res := reuse.Refuse(e, g, lim); res != nil {
			out.Results[i] = res
			continue
		}
		inputs = append(inputs, e.Input(g))
		at = append(at, i)
	}
	if !e.pack.Untrusted() { // as Evaluate
		lim.Timeout, lim.MaxMemory = 0, 0
	}
	opt.Limits = lim
	if opt.Engine == "" {
		opt.Engine = e.evaluator
	}
	b := eval.RunBatch(inputs, e.pack, opt)
	for k, i := range at {
		out.Results[i], out.Outcomes[i] = b.Results[k], b.Outcomes[k]
		out.Results[i].Limits = lim
	}
	out.Profile, out.Profiled = b.Profile, b.Profiled
	return out
}

// RunBatch is Run over every graph of gs (pipeline.Batcher): the results
// of EvaluateBatch, where a pack's fixed cost per level is paid once per
// batch, not once per graph. Each result is the one Run gives the graph
// alone, but for its times (apportioned shares of the batch's); a batch
// that stops is run again graph by graph, so that every stop is the
// graph's own. A user's pack evaluates a batch in one request to its
// child when it passes the locality check (rules/eval, locality.go), and
// graph by graph, each in its own request, when it does not.
func (e *Pack) RunBatch(gs []*ir.Graph, lim ir.Limits) []*ir.Result {
	return e.EvaluateBatch(gs, lim, eval.Options{}).Results
}

// Signatures is what the pack keyed each node of its input for g by (its
// sig/2 facts, indexed as the Result's Build; nil when the evaluation
// stopped): the claims behind merges the Result only calls "dedupe".
func (e *Pack) Signatures(g *ir.Graph, lim ir.Limits) [][]string {
	if _, o := e.Evaluate(g, lim, eval.Options{Record: true}); o != nil && o.Stop.Answered() {
		return o.Sigs
	}
	return nil
}

// Package passes holds the reference reuse passes (R2): one ordered table of
// named passes, each a plain function over the IR graph of one generated asset,
// and a driver that runs the entries a mode selects.
//
//	prune → up to 4 rounds of {fold, swizzles, dedupe} → prune-final → reindex
//
// The rounds stop at the first round that changes nothing. No pass adds a
// node: a fold rewrites its node in place, a composed swizzle keeps its index,
// and a merged or pruned node is only marked dead, so the node array stays in
// build (topological) order until reindex compacts it stably. Reading the
// table is reading the engine; Datalog packs (package rules) must reproduce
// its partition exactly (D6).
//
// The passes work on a view of the graph they are given, never on a copy
// and never writing it (state.go): the reads they redirect live in one
// compact array, a node a pass rewrites is replaced in the view (a folded
// Constant shared by the folds of one value, a private copy of a composed
// swizzle), and the one copy Run makes is reindex's, of the survivors,
// which share their properties and outputs with the nodes they were made
// from (ir.Result says so). The rest of what Run works in is scratch that
// the next Run reuses (scratch.go). A round after the first
// revisits only what changed since the last (a node rewritten, a read moved,
// or a read of a node that was), from the first node that did (the reads go
// backward), so rounds 2 and 3, which merge a handful of nodes, cost a scan
// of part of that array rather than a pass over every node, and the last
// round, which finds nothing to change, costs little.
package passes

import (
	"fmt"
	"time"

	"reuselab/ir"
	"reuselab/ir/legacy1x"
)

// Options selects what Run does.
type Options struct {
	// Mode is "2.0" (the default when empty: every pass), "none" (only the
	// final prune and the re-index: upstream's raw graph, D3) or "off" (no
	// pass at all: goldens with "passes": false). "1x" is how the 1.5
	// generator shared nodes (D3; legacy1x.go).
	Mode string
	// MaxRounds bounds the {fold, swizzles, dedupe} rounds; 0 means 4 (R2).
	MaxRounds int
	// Observe, when set, is handed a snapshot of the graph as built and
	// after every pass it runs (`compile --passes`; check.go).
	Observe func(*ir.Snapshot)
	// CheckIR checks the IR contract (ir.Check, ir.CheckPass,
	// ir.CheckResult) on the graph as built and after every pass
	// (`compile --check-ir`, and the tests); check.go.
	CheckIR bool
	// fullRounds makes every round visit every node from scratch instead
	// of only what changed since the last: the reference the tests hold
	// the incremental rounds against (TestIncrementalRoundsAreFullRounds).
	fullRounds bool
	// smallKeys starts every dedupe key table at 16 slots and 2 index
	// bits, so that the tests run the table's growth and the arena's
	// compaction again and again.
	smallKeys bool
}

// stage says when a table entry runs.
type stage uint8

const (
	beforeRounds stage = iota // once, before the rounds
	eachRound                 // once per round
	afterRounds               // once, after the rounds
)

func (s stage) String() string {
	switch s {
	case beforeRounds:
		return "once before the rounds"
	case eachRound:
		return "each round"
	}
	return "once after the rounds"
}

// pass is one entry of the table.
type pass struct {
	name  string
	fn    func(g *ir.Graph, s *state) int // returns how many nodes it changed
	stage stage
	modes []string // the modes that run it
	what  string   // one line for --help and the docs
	id    ir.PassID
}

// passes is the engine. Order matters within a stage; stages run in the order
// beforeRounds, eachRound×N, afterRounds.
var passes = [...]pass{
	{name: ir.PassPrune, fn: prune, stage: beforeRounds, modes: []string{"2.0", "1x"},
		what: "drop nodes no statement or FunctionInput reaches, silently, so no unread node survives a merge"},
	{name: ir.PassFold, fn: foldConstants, stage: eachRound, modes: []string{"2.0"},
		what: "rewrite a core math op, Convert, Broadcast, Swizzle or Append of constants into one Constant (R3)"},
	{name: ir.PassSwizzles, fn: canonicaliseSwizzles, stage: eachRound, modes: []string{"2.0"},
		what: "remove identity masks (kept in a 1.x product) and compose a mask of a mask while ascending (R4)"},
	{name: ir.PassDedupe, fn: dedupe, stage: eachRound, modes: []string{"2.0"},
		what: "merge nodes with equal dedupe keys into the earliest; statements and FunctionInputs never (R5-R7)"},
	{name: ir.PassDedupe1x, fn: dedupeLegacy1x, stage: eachRound, modes: []string{"1x"},
		what: "merge equal nodes only where the 1.x build-time cache shared them (D3, LANGUAGE.md §9)"},
	{name: ir.PassPruneFinal, fn: pruneFinal, stage: afterRounds, modes: []string{"2.0", "none", "1x"},
		what: "drop nodes no statement or FunctionInput reaches; info DSH4390 per removed parameter"},
	{name: ir.PassReindex, fn: reindex, stage: afterRounds, modes: []string{"2.0", "none", "1x"},
		what: "compact the surviving nodes stably and remap operands, pins, sink, inputs and outputs"},
}

// modes lists every mode Run accepts. A mode is the set of table entries
// that name it; "off" names none.
var modes = []string{"2.0", "none", "off", "1x"}

// passOrder are ordering constraints between table entries, checked at
// start-up as cmd/compile's ssa package does: a reordered table is a bug.
var passOrder = [...][2]string{
	{"prune", "fold"},          // nothing unread may survive a merge
	{"fold", "swizzles"},       // a folded swizzle is not canonicalised
	{"swizzles", "dedupe"},     // composed masks merge with existing ones
	{"dedupe", "prune-final"},  // merges leave nodes unread
	{"prune-final", "reindex"}, // reindex compacts what prune left
}

func init() {
	pos := map[string]int{}
	for i, p := range passes {
		pos[p.name] = i
		if p.fn == nil || p.what == "" {
			panic("passes: incomplete table entry " + p.name)
		}
		passes[i].id = ir.PassIDOf(p.name) // a name a Fate cannot carry panics here, at start-up
	}
	for _, c := range passOrder {
		a, okA := pos[c[0]]
		b, okB := pos[c[1]]
		if !okA || !okB || a >= b || passes[a].stage > passes[b].stage {
			panic(fmt.Sprintf("passes: %s must run before %s", c[0], c[1]))
		}
	}
}

// PassInfo describes one table entry for --help and the docs.
type PassInfo struct {
	Name  string
	Stage string   // "once before the rounds", "each round", "once after the rounds"
	Modes []string // the modes that run it
	What  string
}

// Table lists the pass table in order.
func Table() []PassInfo {
	out := make([]PassInfo, len(passes))
	for i, p := range passes {
		out[i] = PassInfo{Name: p.name, Stage: p.stage.String(), Modes: append([]string(nil), p.modes...), What: p.what}
	}
	return out
}

// ValidMode reports whether Run accepts mode ("" is "2.0").
func ValidMode(mode string) bool {
	if mode == "" {
		return true
	}
	for _, m := range modes {
		if m == mode {
			return true
		}
	}
	return false
}

func (p *pass) runsIn(mode string) bool {
	for _, m := range p.modes {
		if m == mode {
			return true
		}
	}
	return false
}

// Run runs the passes opt selects over g and says what they did. g is not
// mutated: Result.Build is g, Result.Graph the surviving, re-indexed copy.
// A broken IR contract (opt.CheckIR) stops the run: the Result then keeps
// g, with StopReason ir.StopError and the break as an error note
// (CodeContract); RunChecked returns it as an error instead.
// Run panics on a mode ValidMode rejects; callers check user input first.
func Run(g *ir.Graph, opt Options) *ir.Result {
	res, err := RunChecked(g, opt)
	if err != nil {
		mode := opt.Mode
		if mode == "" {
			mode = "2.0"
		}
		res = ir.Untouched(g, ir.StopError)
		res.Engine, res.Mode = "reference", mode
		res.Notes = append(res.Notes, ir.Note{Code: CodeContract, Severity: "error", Node: -1, Message: "internal error: " + err.Error()})
	}
	return res
}

// RunChecked is Run that returns a broken IR contract as a *ContractError
// (and no Result).
func RunChecked(g *ir.Graph, opt Options) (*ir.Result, error) {
	start := time.Now()
	mode := opt.Mode
	if mode == "" {
		mode = "2.0"
	}
	if !ValidMode(mode) {
		panic(fmt.Sprintf("passes: unknown mode %q (want one of %v)", mode, modes))
	}
	maxRounds := opt.MaxRounds
	if maxRounds <= 0 {
		maxRounds = ir.DefaultMaxRounds
	}

	if mode == "1x" {
		g = legacy1x.Build(g) // the graph 1.x built: parameters once per scope
	}
	s := newStateFor(g, mode == "2.0") // a view of g: g itself is never written (state.go)
	s.fullRounds, s.smallKeys = opt.fullRounds, opt.smallKeys
	watch := newWatcher(s, opt) // nil unless checking or observing (check.go)
	res := &ir.Result{Engine: "reference", Mode: mode, Build: g, StopReason: ir.StopSaturated}
	run := func(p *pass) int {
		if watch.broken() {
			return 0
		}
		s.pass = p.id
		s.tick++
		n := p.fn(s.g, s)
		res.Passes = append(res.Passes, ir.PassStat{Pass: p.name, Round: s.round, Changed: n})
		watch.after(p.name, s.round)
		return n
	}
	runStage := func(st stage) (changed, ran int) {
		for i := range passes {
			if p := &passes[i]; p.stage == st && p.runsIn(mode) {
				changed += run(p)
				ran++
			}
		}
		return changed, ran
	}

	runStage(beforeRounds)
	for r := 1; r <= maxRounds; r++ {
		s.round = r
		changed, ran := runStage(eachRound)
		if ran == 0 {
			break
		}
		res.Rounds = r
		if changed == 0 {
			break
		}
		if r == maxRounds {
			res.StopReason = ir.StopRoundLimit
		}
	}
	s.round = 0
	runStage(afterRounds)

	if watch.broken() {
		s.release()
		return nil, watch.err
	}
	s.finish(res)
	s.release()
	if err := watch.finish(res); err != nil {
		return nil, err
	}
	res.Wall = time.Since(start)
	return res, nil
}

// RunModule runs the passes over every product of m, independently (R1),
// and returns the module of surviving graphs with one Result per product.
func RunModule(m *ir.Module, opt Options) (*ir.Module, []*ir.Result) {
	out := &ir.Module{Leaf: m.Leaf, Includes: append([]string(nil), m.Includes...)}
	results := make([]*ir.Result, len(m.Products))
	for i, g := range m.Products {
		results[i] = Run(g, opt)
		out.Products = append(out.Products, results[i].Graph)
	}
	return out, results
}

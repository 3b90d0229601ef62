package interp

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"reuselab/ir"
)

// Options configures Check.
type Options struct {
	// Runs is how many random input vectors to evaluate (default 64).
	Runs int
	// Seed is the base seed of the runs; equal seeds give equal runs.
	Seed uint64
	// ULPs is the float32 ULP bound for inexact claims (default 4).
	ULPs int
	// Inexact reports whether a pass or rule name makes an inexact claim;
	// default: "fold" and names containing "reassoc".
	Inexact func(pass string) bool
	// NoCulprit skips the search for the merge responsible for a mismatch.
	NoCulprit bool
}

func (o Options) withDefaults() Options {
	if o.Runs <= 0 {
		o.Runs = 64
	}
	if o.ULPs <= 0 {
		o.ULPs = 4
	}
	if o.Inexact == nil {
		o.Inexact = func(p string) bool { return p == "fold" || strings.Contains(strings.ToLower(p), "reassoc") }
	}
	return o
}

// Root is one compared value: one input of one statement (a MaterialSink
// pin, a FunctionOutput, a custom-output node's pin).
type Root struct {
	Stmt  int    // build id of the statement
	Label string // e.g. "MaterialSink EmissiveColor"
	raw   ir.Ref // in Result.Build
	opt   ir.Ref // in Result.Graph; Node -1 when the engine lost it
	ulps  int    // 0: exact bits
	// scaled: the cone holds a reassociation, compared within the bound
	// of the magnitudes summed (magnitude.go).
	scaled bool
	// Which input of the statement: operand index, or pin name and
	// occurrence when operand is -1.
	operand int
	pin     string
	pinK    int
}

// in returns the same input of another copy of the statement.
func (r Root) in(n *ir.Node) ir.Ref {
	if n == nil {
		return ir.NoRef
	}
	if r.operand >= 0 {
		if r.operand < len(n.Operands) {
			return n.Operands[r.operand]
		}
		return ir.NoRef
	}
	return nthPin(n, r.pin, r.pinK)
}

// Mismatch is one root that differs on one run.
type Mismatch struct {
	Run      int
	Seed     uint64
	Root     string
	Raw, Opt string // values as printed, or the evaluation error
	Exact    bool   // compared bit for bit
}

// Culprit is the merge group a replay found responsible for a mismatch.
type Culprit struct {
	Final     int    // index in Result.Graph
	FinalLine string // its IR line
	Members   []int  // build ids merged, folded or rewritten into Final
	Lines     []string
	Passes    []string // pass or rule, with round, per member
	// Inputs holds, per member, the IR lines of the build nodes it reads:
	// a fold's operands are often pruned from the Result, so this is the
	// only place they show (Divide(%34, %37) reads two Pow of −1).
	Inputs     [][]string
	Cumulative bool // found only with earlier groups applied too
}

// Report is what Check found for one Result.
type Report struct {
	Graph      string
	Runs       int
	Roots      int // root values compared per run
	Exact      int // of which bit for bit
	Mismatches []Mismatch
	Culprit    *Culprit
	Err        error // the raw graph itself could not be evaluated
}

// OK reports whether every root agreed on every run.
func (r *Report) OK() bool { return r.Err == nil && len(r.Mismatches) == 0 }

func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d runs × %d roots (%d exact)", r.Graph, r.Runs, r.Roots, r.Exact)
	if r.Err != nil {
		fmt.Fprintf(&b, ": cannot evaluate: %v", r.Err)
		return b.String()
	}
	if r.OK() {
		b.WriteString(": ok")
		return b.String()
	}
	fmt.Fprintf(&b, ": %d mismatches\n", len(r.Mismatches))
	x := r.Mismatches[0]
	how := "within the ULP bound"
	if x.Exact {
		how = "bit for bit"
	}
	fmt.Fprintf(&b, "  first: run %d (seed %#x) %s: raw %s, optimised %s (compared %s)\n", x.Run, x.Seed, x.Root, x.Raw, x.Opt, how)
	if c := r.Culprit; c != nil {
		kind := "replayed alone"
		if c.Cumulative {
			kind = "replayed after every earlier group"
		}
		fmt.Fprintf(&b, "  culprit (%s): optimised %s, made of\n", kind, c.FinalLine)
		for i, l := range c.Lines {
			fmt.Fprintf(&b, "    %s   [%s]\n", l, c.Passes[i])
			for _, in := range c.Inputs[i] {
				fmt.Fprintf(&b, "      reads %s\n", in)
			}
		}
	} else {
		b.WriteString("  no single merge group reproduces it\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// Check evaluates the raw graph (Result.Build: what `--reuse none`
// computes, as its final prune drops only what no root reads) and the
// optimised graph (Result.Graph) on opts.Runs random input vectors and
// compares every root value under the floating-point policy of the package
// doc. On a mismatch it replays the Result's merge groups one at a time on
// the raw graph and names the first that reproduces it.
func Check(res *ir.Result, opts Options) *Report {
	opts = opts.withDefaults()
	rep := &Report{Graph: res.Build.Name, Runs: opts.Runs}
	roots := collectRoots(res, opts)
	rep.Roots = len(roots)
	for _, r := range roots {
		if r.ulps == 0 {
			rep.Exact++
		}
	}
	var failing []int
	for i := 0; i < opts.Runs; i++ {
		run := Run{Seed: RunSeed(opts.Seed, i)}
		raw := NewMachine(res.Build, run)
		opt := NewMachine(res.Graph, run)
		rawMag, optMag := newMagnitudes(raw), newMagnitudes(opt)
		bad := false
		for _, r := range roots {
			a, errA := raw.Read(r.raw)
			if errA != nil {
				rep.Err = fmt.Errorf("%s: %w", r.Label, errA)
				return rep
			}
			var b Value
			var errB error = fmt.Errorf("the optimised graph lost this statement")
			if r.opt.Valid() {
				b, errB = opt.Read(r.opt)
			}
			if errB != nil || !r.equal(a, b, rawMag, optMag, r.raw, r.opt) {
				m := Mismatch{Run: i, Seed: run.Seed, Root: r.Label, Raw: a.String(), Opt: b.String(), Exact: r.ulps == 0}
				if errB != nil {
					m.Opt = "error: " + errB.Error()
				}
				rep.Mismatches = append(rep.Mismatches, m)
				bad = true
			}
		}
		if bad {
			failing = append(failing, i)
		}
	}
	if len(failing) > 0 && !opts.NoCulprit {
		rep.Culprit = findCulprit(res, roots, opts, failing)
	}
	return rep
}

// collectRoots pairs every input of every build statement with the same
// input of the statement it became (R7: statements are never merged, so
// Fates maps each to its own survivor), and decides per root whether its
// claim is exact: inexact when its raw cone holds a node that became a
// Constant or that an inexact pass touched.
func collectRoots(res *ir.Result, opts Options) []Root {
	inexact := make([]bool, len(res.Build.Nodes))
	scaled := make([]bool, len(res.Build.Nodes))
	// A rule pack's merges are all "dedupe": a pack whose name makes an
	// inexact claim (reassociate) makes it for every merge.
	inexactMode := res.Mode != "" && res.Mode != "fold" && opts.Inexact(res.Mode)
	for id := range res.Build.Nodes {
		if id >= len(res.Fates) {
			continue
		}
		f := res.Fates[id]
		pass := f.Pass.String()
		byName := (pass != "" && pass != ir.PassFold && opts.Inexact(pass)) || (inexactMode && f.Kind == ir.Merged)
		if f.Kind == ir.Folded || byName || (pass != "" && opts.Inexact(pass)) {
			inexact[id] = true
		}
		scaled[id] = byName
		if f.Final >= 0 && int(f.Final) < len(res.Graph.Nodes) && res.Graph.Nodes[f.Final].Op == ir.OpConstant {
			// Folded into a constant, or merged with a constant equal only
			// to 9 significant digits; a literal kept as it is stays exact.
			inexact[id] = inexact[id] || !sameConstant(res.Build.Nodes[id], res.Graph.Nodes[f.Final])
		}
	}
	var roots []Root
	for _, n := range res.Build.Nodes {
		if n.Role != ir.RoleStatement {
			continue
		}
		var fin *ir.Node
		if n.ID < len(res.Fates) {
			if f := int(res.Fates[n.ID].Final); f >= 0 && f < len(res.Graph.Nodes) {
				fin = res.Graph.Nodes[f]
			}
		}
		label := n.Op.String()
		if n.Op.HasClass() {
			label += "[" + n.Class + "]"
		}
		if name, ok := n.Prop("OutputName"); ok {
			label += " " + name.Str
		}
		add := func(what string, raw ir.Ref, r Root) {
			if !raw.Valid() {
				return
			}
			r.Stmt, r.Label, r.raw = n.ID, label+what, raw
			r.opt = r.in(fin)
			if coneAny(res.Build, raw.Node, inexact) {
				r.ulps = opts.ULPs
				r.scaled = coneAny(res.Build, raw.Node, scaled)
			}
			roots = append(roots, r)
		}
		for i, r := range n.Operands {
			add(" #"+strconv.Itoa(i), r, Root{operand: i})
		}
		seen := map[string]int{}
		for _, p := range n.Pins {
			k := seen[p.Name]
			seen[p.Name]++
			add(" "+p.Name, p.Ref, Root{operand: -1, pin: p.Name, pinK: k})
		}
	}
	return roots
}

// nthPin finds the k-th pin named name of n, matching pins by name since an
// engine may store them in another order.
func nthPin(n *ir.Node, name string, k int) ir.Ref {
	if n == nil {
		return ir.NoRef
	}
	for _, p := range n.Pins {
		if p.Name == name {
			if k == 0 {
				return p.Ref
			}
			k--
		}
	}
	return ir.NoRef
}

// coneAny reports whether any node in the input cone of id (itself
// included) is marked.
func coneAny(g *ir.Graph, id int, marked []bool) bool {
	seen := make(map[int]bool)
	stack := []int{id}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x < 0 || x >= len(g.Nodes) || seen[x] {
			continue
		}
		seen[x] = true
		if marked[x] {
			return true
		}
		g.Nodes[x].Inputs(func(r ir.Ref) { stack = append(stack, r.Node) })
	}
	return false
}

// sameConstant reports whether a and b are Constants with bit-identical
// values.
func sameConstant(a, b *ir.Node) bool {
	if a.Op != ir.OpConstant || b.Op != ir.OpConstant {
		return false
	}
	va, _ := a.Prop("Value")
	vb, _ := b.Prop("Value")
	if len(va.Nums) != len(vb.Nums) {
		return false
	}
	for i := range va.Nums {
		if math.Float64bits(va.Nums[i]) != math.Float64bits(vb.Nums[i]) {
			return false
		}
	}
	return true
}

// equal compares a root's raw value a (read at ra) with its optimised b
// (at rb) under the root's policy.
func (r Root) equal(a, b Value, ma, mb *magnitudes, ra, rb ir.Ref) bool {
	if !r.scaled {
		return Equal(a, b, r.ulps)
	}
	if Equal(a, b, r.ulps) {
		return true
	}
	return equalScaled(a, b, r.ulps, ma.read(ra), mb.read(rb))
}

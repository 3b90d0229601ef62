package assetinterp

import (
	"fmt"
	"strconv"
	"strings"

	"reuselab/emit"
	"reuselab/ir"
	"reuselab/ir/interp"
)

// Options configures Check.
type Options struct {
	// Runs is how many random input vectors to evaluate (default 64).
	Runs int
	// Seed is the base seed of the runs (interp.RunSeed).
	Seed uint64
	// ULPs is the float32 ULP bound of every comparison (default 4):
	// constants travel through the asset's text.
	ULPs int
}

func (o Options) withDefaults() Options {
	if o.Runs <= 0 {
		o.Runs = 64
	}
	if o.ULPs <= 0 {
		o.ULPs = 4
	}
	return o
}

// root is one compared value: an input of an IR statement and the asset
// value that should equal it.
type root struct {
	label string
	ir    ir.Ref
	asset ir.Ref // in the lifted graph; NoRef when the asset lost it
	// node and pin of the asset that carries it (the root's reader).
	node int
	pin  string
	// uncomparable: the asset value goes through a node ir/interp cannot
	// be compared with.
	uncomparable bool
}

// Mismatch is one root that differs on one run.
type Mismatch struct {
	Run       int
	Seed      uint64
	Root      string
	Asset, IR string // values as printed, or the evaluation error
}

// Report is what Check found for one asset.
type Report struct {
	Asset        string
	Runs         int
	Roots        int // compared per run
	Uncomparable int // roots left out: they read a node ir/interp cannot be compared with
	Problems     []Problem
	Mismatches   []Mismatch
	// Culprit names, for the first mismatching run, the asset node whose
	// value differs from its IR node's while everything it reads agrees,
	// and its pins; "" when no single node shows it.
	Culprit string
	// Err: the IR graph itself could not be evaluated (not the asset's
	// fault; ir/interp's Check reports it too).
	Err error
}

// OK reports whether every compared root agreed on every run.
func (r *Report) OK() bool { return r.Err == nil && len(r.Mismatches) == 0 }

// Faults are the problems that are wiring faults, not uncomparable nodes.
func (r *Report) Faults() []Problem {
	var out []Problem
	for _, p := range r.Problems {
		if !p.Uncomparable {
			out = append(out, p)
		}
	}
	return out
}

// MismatchingRoots lists the roots that differ on some run, first-seen
// order.
func (r *Report) MismatchingRoots() []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range r.Mismatches {
		if !seen[m.Root] {
			seen[m.Root] = true
			out = append(out, m.Root)
		}
	}
	return out
}

func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: asset vs IR, %d runs × %d roots", r.Asset, r.Runs, r.Roots)
	if r.Uncomparable > 0 {
		fmt.Fprintf(&b, " (%d uncomparable left out)", r.Uncomparable)
	}
	if r.Err != nil {
		fmt.Fprintf(&b, ": IR cannot be evaluated: %v", r.Err)
		return b.String()
	}
	if r.OK() && len(r.Faults()) == 0 {
		b.WriteString(": ok")
		return b.String()
	}
	fmt.Fprintf(&b, ": %d mismatches", len(r.Mismatches))
	if roots := r.MismatchingRoots(); len(roots) > 0 {
		fmt.Fprintf(&b, " in %s", strings.Join(roots, ", "))
	}
	if len(r.Mismatches) > 0 {
		x := r.Mismatches[0]
		fmt.Fprintf(&b, "\n  first: run %d (seed %#x) %s: asset %s, IR %s", x.Run, x.Seed, x.Root, x.Asset, x.IR)
	}
	if r.Culprit != "" {
		b.WriteString("\n  culprit: " + r.Culprit)
	}
	for _, p := range r.Faults() {
		b.WriteString("\n  wiring: " + p.String())
	}
	return b.String()
}

// Check evaluates asset a and the IR graph g it was emitted from on
// opts.Runs random input vectors and compares every statement input.
func Check(a *emit.Asset, g *ir.Graph, opts Options) *Report {
	opts = opts.withDefaults()
	l := lift(a, g)
	rep := &Report{Asset: a.Name, Runs: opts.Runs}
	roots := collectRoots(l)
	lg := &ir.Graph{Nodes: l.nodes}
	var compared []root
	for _, r := range roots {
		if r.uncomparable {
			rep.Uncomparable++
			continue
		}
		compared = append(compared, r)
	}
	rep.Roots = len(compared)
	rep.Problems = l.problems
	firstBad := -1
	for run := 0; run < opts.Runs; run++ {
		seed := interp.RunSeed(opts.Seed, run)
		irm := interp.NewMachine(g, interp.Run{Seed: seed})
		am := interp.NewMachine(lg, interp.Run{Seed: seed})
		for _, r := range compared {
			want, err := irm.Read(r.ir)
			if err != nil {
				rep.Err = fmt.Errorf("%s: %w", r.label, err)
				return rep
			}
			m := Mismatch{Run: run, Seed: seed, Root: r.label, IR: want.String()}
			got, err := readAsset(am, r.asset)
			switch {
			case err != nil:
				m.Asset = "error: " + err.Error()
			case !equalFit(got, want, opts.ULPs):
				m.Asset = got.String()
			default:
				continue
			}
			rep.Mismatches = append(rep.Mismatches, m)
			if firstBad < 0 {
				firstBad = run
			}
		}
	}
	if firstBad >= 0 {
		rep.Culprit = culprit(l, g, lg, interp.RunSeed(opts.Seed, firstBad), opts.ULPs)
	}
	return rep
}

func readAsset(m *interp.Machine, r ir.Ref) (interp.Value, error) {
	if !r.Valid() {
		return interp.Value{}, fmt.Errorf("not in the asset")
	}
	return m.Read(r)
}

// equalFit compares an asset value with the IR's, the asset's lanes cut or
// broadcast to the IR width first (a material input takes a wider value's
// leading lanes; an IR Convert is no node), records attribute by attribute.
func equalFit(got, want interp.Value, ulps int) bool {
	if got.Kind != want.Kind {
		return false
	}
	switch want.Kind {
	case interp.Num:
		return interp.Equal(got.Fit(want.N), want, ulps)
	case interp.Record:
		if got.ID != want.ID || len(got.Attrs) != len(want.Attrs) {
			return false
		}
		for name, w := range want.Attrs {
			g, ok := got.Attrs[name]
			if !ok || !equalFit(g, w, ulps) {
				return false
			}
		}
		return true
	}
	return interp.Equal(got, want, ulps)
}

// collectRoots pairs every input of every IR statement with the asset
// value that carries it: a material input by attribute name through the
// asset's Outputs, a FunctionOutput by output name, a custom-output node's
// pins on the asset node made for it.
func collectRoots(l *lifted) []root {
	a, g := l.a, l.g
	var roots []root
	usedOut := make([]bool, len(a.Outputs))
	output := func(target string) int {
		for k, o := range a.Outputs {
			if !usedOut[k] && o.Target == target {
				usedOut[k] = true
				return k
			}
		}
		return -1
	}
	add := func(label string, irRef ir.Ref, node int, in emit.Input, ok bool) {
		r := root{label: label, ir: irRef, asset: ir.NoRef, node: node, pin: in.Pin}
		if ok {
			r.asset = l.ref(node, in)
			r.uncomparable = l.readsUncomparable(in.From)
		}
		roots = append(roots, r)
	}
	for _, n := range g.Nodes {
		if n.Op == ir.OpFunctionInput {
			// ir/interp draws an input by name; its Preview pin is what
			// the function reads when a caller leaves the input out
			// (bUsePreviewValueAsDefault), so it is compared as a root.
			for _, p := range n.Pins {
				if p.Name != "Preview" || !p.Ref.Valid() {
					continue
				}
				name, _ := n.Prop("InputName")
				node := nodeMadeFor(a, n.ID, "FunctionInput")
				in, ok := inputOf(l, node, "Preview", 0)
				add("FunctionInput "+name.Str+" Preview", p.Ref, node, in, ok)
			}
		}
		if n.Role != ir.RoleStatement {
			continue
		}
		switch n.Op {
		case ir.OpMaterialSink:
			for _, p := range n.Pins {
				if !p.Ref.Valid() {
					continue
				}
				label := "material input " + p.Name
				k := output(p.Name)
				if k < 0 {
					add(label, p.Ref, -1, emit.Input{}, false)
					continue
				}
				o := a.Outputs[k]
				add(label, p.Ref, o.Node, emit.Input{Pin: p.Name, From: o.Node, OutputIndex: o.Pin}, true)
			}
		case ir.OpFunctionOutput:
			name, _ := n.Prop("OutputName")
			label := "FunctionOutput " + name.Str
			if len(n.Operands) == 0 || !n.Operands[0].Valid() {
				continue
			}
			k := output(name.Str)
			if k < 0 || a.Outputs[k].Node < 0 || a.Outputs[k].Node >= len(a.Nodes) {
				add(label, n.Operands[0], -1, emit.Input{}, false)
				continue
			}
			node := a.Outputs[k].Node
			in, ok := l.input(node, "A", 0)
			add(label, n.Operands[0], node, in, ok)
		default:
			node := -1
			for i := range a.Nodes {
				if a.Nodes[i].IR == n.ID && a.Nodes[i].Role == emit.RoleStatement {
					node = i
					break
				}
			}
			label := n.Op.String()
			if n.Op.HasClass() {
				label = n.Class
			}
			if node >= 0 && !classMatches(a.Nodes[node].Class, n) && n.Op == ir.OpReflected {
				l.problem(node, "", "made for %s", ir.NodeLine(n))
			}
			for k, r := range n.Operands {
				if r.Valid() {
					pin := operandPin(n, k)
					in, ok := inputOf(l, node, pin, 0)
					add(label+" "+pin, r, node, in, ok)
				}
			}
			seen := map[string]int{}
			for _, p := range n.Pins {
				k := seen[p.Name]
				seen[p.Name]++
				if p.Ref.Valid() {
					in, ok := inputOf(l, node, p.Name, k)
					add(label+" "+p.Name, p.Ref, node, in, ok)
				}
			}
		}
	}
	for k, o := range a.Outputs {
		if !usedOut[k] {
			l.problems = append(l.problems, Problem{Node: max(o.Node, 0), Class: "asset output", Pin: o.Target, Msg: "no IR statement writes this output"})
		}
	}
	return roots
}

// nodeMadeFor is the asset node of class made for IR node id, or -1.
func nodeMadeFor(a *emit.Asset, id int, class string) int {
	for i := range a.Nodes {
		if a.Nodes[i].IR == id && a.Nodes[i].Class == class {
			return i
		}
	}
	return -1
}

func inputOf(l *lifted, node int, pin string, k int) (emit.Input, bool) {
	if node < 0 {
		return emit.Input{}, false
	}
	return l.input(node, pin, k)
}

// readsUncomparable reports whether the input cone of asset node from
// holds a node marked uncomparable.
func (l *lifted) readsUncomparable(from int) bool {
	bad := map[int]bool{}
	for _, p := range l.problems {
		if p.Uncomparable {
			bad[p.Node] = true
		}
	}
	if len(bad) == 0 {
		return false
	}
	return l.coneHas([]int{from}, func(x int) bool { return bad[x] })
}

// irOutput is the IR output of template t that asset node an's engine
// output j stands for: the same name (the Make/Break spelling mapped to
// the IR's), an unnamed one by position, the RGBA view of a single
// unnamed output (a VectorParameter's whole value); -1 when none.
func irOutput(an *emit.AssetNode, t *ir.Node, j int) int {
	name := ""
	if j < len(an.Outs) {
		name = an.Outs[j]
	}
	if an.Class == "BreakMaterialAttributes" {
		name = irAttribute(name)
	}
	for k, o := range t.Outputs {
		if name != "" && o.Name == name {
			return k
		}
	}
	switch {
	case name == "" && j < len(t.Outputs) && t.Outputs[j].Name == "":
		return j
	case name == "RGBA" && len(t.Outputs) == 1 && t.Outputs[0].Name == "":
		return 0
	}
	return -1
}

// culprit evaluates, on one failing run, every asset value node against
// its IR node and names a differing node none of whose inputs differ.
func culprit(l *lifted, g *ir.Graph, lg *ir.Graph, seed uint64, ulps int) string {
	irm := interp.NewMachine(g, interp.Run{Seed: seed})
	am := interp.NewMachine(lg, interp.Run{Seed: seed})
	a := l.a
	differs := make([]string, len(a.Nodes))
	for i := range a.Nodes {
		an := &a.Nodes[i]
		t := l.template(an)
		if t == nil || an.Role != emit.RoleValue || l.prim[i] < 0 {
			continue
		}
		for j := range l.outs[i] {
			k := irOutput(an, t, j)
			if k < 0 {
				continue
			}
			want, err := irm.Read(ir.Ref{Node: t.ID, Out: k})
			if err != nil {
				continue
			}
			got, err := readAsset(am, l.outs[i][j])
			if err != nil {
				differs[i] = fmt.Sprintf("output %d: %v (IR %s)", j, err, want)
				break
			}
			if !equalFit(got, want, ulps) {
				differs[i] = fmt.Sprintf("output %d is %s, IR %%%d#%d is %s", j, got, t.ID, k, want)
				break
			}
		}
	}
	for i := range a.Nodes {
		if differs[i] == "" || l.upstreamDiffers(i, differs) {
			continue
		}
		an := &a.Nodes[i]
		var b strings.Builder
		fmt.Fprintf(&b, "#%d %s (made for %s): %s", i, an.Class, ir.NodeLine(g.Nodes[an.IR]), differs[i])
		for _, pin := range an.Pins {
			fmt.Fprintf(&b, "; pin %s ", pin)
			k, found := -1, false
			for x, in := range an.Inputs {
				if in.Pin == pin {
					k, found = x, true
					break
				}
			}
			if !found {
				b.WriteString("unconnected")
				continue
			}
			in := an.Inputs[k]
			fmt.Fprintf(&b, "← #%d %s output %d", in.From, nodeClass(a, in.From), in.OutputIndex)
			if in.From >= 0 && in.From < len(a.Nodes) && in.OutputIndex >= 0 && in.OutputIndex < len(a.Nodes[in.From].Outs) && a.Nodes[in.From].Outs[in.OutputIndex] != "" {
				fmt.Fprintf(&b, " (%s)", a.Nodes[in.From].Outs[in.OutputIndex])
			}
		}
		for _, p := range l.problems {
			if p.Node == i && !p.Uncomparable {
				b.WriteString("; " + p.String())
			}
		}
		return b.String()
	}
	return ""
}

func nodeClass(a *emit.Asset, i int) string {
	if i < 0 || i >= len(a.Nodes) {
		return "?" + strconv.Itoa(i)
	}
	return a.Nodes[i].Class
}

// upstreamDiffers reports whether any node in the input cone of i (not i
// itself) differs.
func (l *lifted) upstreamDiffers(i int, differs []string) bool {
	return l.coneHas(sources(&l.a.Nodes[i]), func(x int) bool { return x != i && differs[x] != "" })
}

// coneHas reports whether hit holds for a node of the input cone of the
// nodes from (themselves included), walked by an explicit stack through
// inputs and a reroute usage's declaration.
func (l *lifted) coneHas(from []int, hit func(int) bool) bool {
	seen := map[int]bool{}
	stack := append([]int(nil), from...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x < 0 || x >= len(l.a.Nodes) || seen[x] {
			continue
		}
		seen[x] = true
		if hit(x) {
			return true
		}
		stack = append(stack, sources(&l.a.Nodes[x])...)
	}
	return false
}

// sources are the nodes n reads: its inputs' and, for a reroute usage,
// its declaration.
func sources(n *emit.AssetNode) []int {
	var out []int
	for _, in := range n.Inputs {
		out = append(out, in.From)
	}
	if n.Class == "NamedRerouteUsage" {
		out = append(out, n.Decl)
	}
	return out
}

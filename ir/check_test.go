package ir

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func typed(t string) []Output { return []Output{{Type: t}} }

func mask(m string) []Prop { return []Prop{{Name: "Mask", Value: Str(m)}} }

func constant(v float64) *Node {
	return &Node{Op: OpConstant, Props: []Prop{{Name: "Value", Value: Tuple(v)}}, Outputs: typed("float")}
}

// material is a small valid Material: a parameter, a mask of it, a node
// with two outputs, an Add of the mask and the second output, the sink.
func material() *Graph {
	g := NewGraph(Material, "M")
	g.Add(&Node{Op: OpParameter, Props: []Prop{{Name: "ParameterName", Value: Str("v")}}, Outputs: typed("float3")})
	g.Add(&Node{Op: OpSwizzle, Operands: []Ref{{Node: 0}}, Props: mask("xy"), Outputs: typed("float2")})
	g.Add(&Node{Op: OpReflected, Class: "Split", Outputs: []Output{{Name: "A", Type: "float"}, {Name: "B", Type: "float"}}})
	g.Add(&Node{Op: OpAdd, Operands: []Ref{{Node: 1}, {Node: 2, Out: 1}}, Outputs: typed("float2")})
	g.Sink = g.Add(&Node{Op: OpMaterialSink, Role: RoleStatement, Pins: []Pin{{Name: "BaseColor", Ref: Ref{Node: 3}}}})
	return g
}

// function is PreviewDefault.dsf's shape: the input's Preview pin reads a
// later node (LANGUAGE-2.0 §7.2).
func function() *Graph {
	g := NewGraph(MaterialFunction, "MF")
	g.Inputs = []int{g.Add(&Node{Op: OpFunctionInput, Role: RoleInput, Pins: []Pin{{Name: "Preview", Ref: Ref{Node: 2}}}, Outputs: typed("float")})}
	g.Add(&Node{Op: OpReflected, Class: "TextureCoordinate", Outputs: typed("float2")})
	g.Add(&Node{Op: OpSwizzle, Operands: []Ref{{Node: 1}}, Props: mask("x"), Outputs: typed("float")})
	g.Add(&Node{Op: OpMultiply, Operands: []Ref{{Node: 0}, {Node: 2}}, Outputs: typed("float")})
	g.Outputs = []int{g.Add(&Node{Op: OpFunctionOutput, Role: RoleStatement, Operands: []Ref{{Node: 3}}})}
	return g
}

func clause(err error) string {
	var ce *CheckError
	if errors.As(err, &ce) {
		return ce.Clause
	}
	return ""
}

func TestCheckAcceptsValidGraphs(t *testing.T) {
	for _, g := range []*Graph{material(), function(), NewGraph(Material, "Empty")} {
		if err := Check(g); err != nil {
			t.Errorf("%s: %v", g.Name, err)
		}
	}
}

// One case per clause: each breaks exactly one and expects that one named.
func TestCheckClauses(t *testing.T) {
	cases := []struct {
		name   string
		graph  func() *Graph
		break_ func(g *Graph)
		want   string
		msg    string // a part of the message
	}{
		{"dense ids", material, func(g *Graph) { g.Nodes[2].ID = 7 }, ClauseIDs, "slot 2 holds a node with id 7"},
		{"no node", material, func(g *Graph) { g.Nodes[1] = nil }, ClauseIDs, "no node in slot 1"},
		{"op", material, func(g *Graph) { g.Nodes[2].Op = OpInvalid }, ClauseOp, "invalid op"},
		{"absent slot", material, func(g *Graph) { g.Nodes[3].Operands[0] = Ref{Node: -1, Out: 2} }, ClauseAbsent, "not NoRef"},
		{"unnamed pin", material, func(g *Graph) { g.Nodes[4].Pins[0].Name = "" }, ClauseAbsent, "without a name"},
		{"range", material, func(g *Graph) { g.Nodes[3].Operands[0].Node = 99 }, ClauseRange, "reads %99"},
		{"order", material, func(g *Graph) { g.Nodes[1].Operands[0].Node = 3 }, ClauseOrder, "not earlier"},
		{"order: only Preview reads forward", function, func(g *Graph) { g.Nodes[0].Pins[0].Name = "Default" }, ClauseOrder, "pin Default reads %2"},
		{"preview cycle", function, func(g *Graph) { g.Nodes[1].Pins = []Pin{{Name: "Coordinate", Ref: Ref{Node: 0}}} }, ClausePreview, "reads the input back"},
		{"output index", material, func(g *Graph) { g.Nodes[3].Operands[1].Out = 2 }, ClauseOutput, "output 2 of %2, which has 2"},
		{"statement read", material, func(g *Graph) {
			g.Add(&Node{Op: OpAbs, Operands: []Ref{{Node: 4}}, Outputs: typed("float")})
		}, ClauseOutput, "which has 0"},
		{"types", material, func(g *Graph) { g.Nodes[2].Outputs[1].Type = "" }, ClauseTypes, `output 1 ("B") has no type`},
		{"role of a FunctionInput", function, func(g *Graph) { g.Nodes[0].Role = RoleValue }, ClauseRoles, "want input"},
		{"role of a value", material, func(g *Graph) { g.Nodes[0].Role = RoleStatement }, ClauseRoles, "Parameter has role statement"},
		{"custom output is a statement", material, func(g *Graph) { g.Nodes[2].Outputs = nil; g.Nodes[3].Operands[1] = Ref{Node: 1} }, ClauseRoles, "want statement"},
		{"sink named", material, func(g *Graph) { g.Sink = -1 }, ClauseLists, "does not name"},
		{"inputs listed", function, func(g *Graph) { g.Inputs = nil }, ClauseLists, "the FunctionInputs are [0]"},
		{"outputs listed", function, func(g *Graph) { g.Outputs = []int{3} }, ClauseLists, "the FunctionOutputs are [4]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.graph()
			c.break_(g)
			err := Check(g)
			if clause(err) != c.want || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v; want clause %q saying %q", err, c.want, c.msg)
			}
		})
	}
}

// identity is the snapshot of g as built.
func identity(g *Graph) *Snapshot {
	s := &Snapshot{Pass: "build", Graph: g}
	for i := range g.Nodes {
		s.Build = append(s.Build, i)
	}
	return s
}

// without is the snapshot after a pass that removed build nodes drop from
// before and sent reads through redirect (build id → build id).
func without(before *Snapshot, pass string, drop map[int]bool, redirect map[int]int) *Snapshot {
	g := before.Graph.Clone()
	after := &Snapshot{Pass: pass, Round: 1, Graph: g}
	at := map[int]int{}
	var kept []*Node
	for k, n := range g.Nodes {
		b := before.Build[k]
		if drop[b] {
			continue
		}
		at[b] = len(kept)
		after.Build = append(after.Build, b)
		kept = append(kept, n)
	}
	to := func(k int) int {
		b := before.Build[k]
		if r, ok := redirect[b]; ok {
			b = r
		}
		return at[b]
	}
	for k, n := range kept {
		n.ID = k
		n.MapRefs(to)
	}
	g.Nodes = kept
	if g.Sink >= 0 {
		g.Sink = to(g.Sink)
	}
	for i := range g.Inputs {
		g.Inputs[i] = to(g.Inputs[i])
	}
	for i := range g.Outputs {
		g.Outputs[i] = to(g.Outputs[i])
	}
	return after
}

// dupes: %1 and %2 are equal masks of %0, %3 adds them, %4 is unread.
func dupes() *Graph {
	g := NewGraph(Material, "M")
	g.Add(&Node{Op: OpParameter, Outputs: typed("float3")})
	g.Add(&Node{Op: OpSwizzle, Operands: []Ref{{Node: 0}}, Props: mask("xyz"), Outputs: typed("float3")})
	g.Add(&Node{Op: OpSwizzle, Operands: []Ref{{Node: 1}}, Props: mask("yz"), Outputs: typed("float2")})
	g.Add(&Node{Op: OpSwizzle, Operands: []Ref{{Node: 0}}, Props: mask("yz"), Outputs: typed("float2")})
	g.Add(&Node{Op: OpAdd, Operands: []Ref{{Node: 2}, {Node: 3}}, Outputs: typed("float2")})
	g.Add(constant(1))
	g.Add(constant(2))
	g.Add(&Node{Op: OpAdd, Operands: []Ref{{Node: 5}, {Node: 6}}, Outputs: typed("float")})
	g.Add(&Node{Op: OpParameter, Outputs: typed("float")})
	g.Sink = g.Add(&Node{Op: OpMaterialSink, Role: RoleStatement, Pins: []Pin{{Name: "BaseColor", Ref: Ref{Node: 4}}, {Name: "Opacity", Ref: Ref{Node: 7}}}})
	return g
}

func TestCheckPassAcceptsWhatPassesDo(t *testing.T) {
	before := identity(dupes())
	prune := without(before, "prune", map[int]bool{8: true}, nil)
	if err := CheckPass(before, prune, 0); err != nil {
		t.Errorf("prune: %v", err)
	}
	fold := without(before, "fold", nil, nil)
	fold.Graph.Nodes[7] = &Node{ID: 7, Op: OpConstant, Props: []Prop{{Name: "Value", Value: Tuple(3)}}, Outputs: typed("float")}
	if err := CheckPass(before, fold, RewriteFold); err != nil {
		t.Errorf("fold: %v", err)
	}
	swz := without(before, "swizzles", nil, nil)
	swz.Graph.Nodes[2].Operands[0] = Ref{Node: 0}
	if err := CheckPass(before, swz, RewriteMask); err != nil {
		t.Errorf("composed mask yz of xyz: %v", err)
	}
	merged := without(swz, "dedupe", map[int]bool{3: true}, map[int]int{3: 2})
	if err := CheckPass(swz, merged, 0); err != nil {
		t.Errorf("dedupe after the composition: %v", err)
	}
}

// One case per pass clause.
func TestCheckPassClauses(t *testing.T) {
	cases := []struct {
		name  string
		after func(before *Snapshot) *Snapshot
		may   Rewrites
		want  string
		msg   string
	}{
		{"added", func(b *Snapshot) *Snapshot {
			a := without(b, "dedupe", nil, nil)
			a.Build[8] = 42
			return a
		}, 0, ClauseAdded, "did not have before"},
		{"reordered", func(b *Snapshot) *Snapshot {
			a := without(b, "dedupe", nil, nil)
			a.Build[5], a.Build[6] = a.Build[6], a.Build[5]
			return a
		}, 0, ClauseAdded, "out of order"},
		{"kept: an input removed", func(b *Snapshot) *Snapshot {
			a := without(b, "prune", map[int]bool{0: true}, nil)
			a.Graph.Inputs = nil
			return a
		}, 0, ClauseKept, "FunctionInput removed"},
		{"changed: op", func(b *Snapshot) *Snapshot {
			a := without(b, "dedupe", nil, nil)
			a.Graph.Nodes[4].Op = OpSubtract
			return a
		}, 0, ClauseChanged, "Add(%2, %3) changed into Subtract(%2, %3)"},
		{"changed: fold outside fold", func(b *Snapshot) *Snapshot {
			a := without(b, "dedupe", nil, nil)
			a.Graph.Nodes[7] = &Node{ID: 7, Op: OpConstant, Props: []Prop{{Name: "Value", Value: Tuple(3)}}, Outputs: typed("float")}
			return a
		}, 0, ClauseChanged, "does not fold"},
		{"changed: fold to another type", func(b *Snapshot) *Snapshot {
			a := without(b, "fold", nil, nil)
			a.Graph.Nodes[7] = &Node{ID: 7, Op: OpConstant, Props: []Prop{{Name: "Value", Value: Tuple(3, 3)}}, Outputs: typed("float2")}
			return a
		}, RewriteFold, ClauseChanged, "float2, was float"},
		{"changed: a mask composed wrong", func(b *Snapshot) *Snapshot {
			a := without(b, "swizzles", nil, nil)
			a.Graph.Nodes[2].Operands[0] = Ref{Node: 0}
			a.Graph.Nodes[2].Props = mask("xy")
			return a
		}, RewriteMask, ClauseChanged, "properties changed"},
		{"redirect: from a survivor", func(b *Snapshot) *Snapshot {
			a := without(b, "dedupe", nil, nil)
			a.Graph.Nodes[4].Operands[1] = Ref{Node: 2}
			return a
		}, 0, ClauseRedirect, "which survives"},
		{"redirect: a composition outside swizzles", func(b *Snapshot) *Snapshot {
			a := without(b, "dedupe", nil, nil)
			a.Graph.Nodes[2].Operands[0] = Ref{Node: 0}
			return a
		}, 0, ClauseRedirect, "which survives"},
		{"redirect: to another type", func(b *Snapshot) *Snapshot {
			return without(b, "dedupe", map[int]bool{3: true}, map[int]int{3: 1})
		}, 0, ClauseRedirect, "(float2) to %1 (float3)"},
		{"redirect: to a later node", func(b *Snapshot) *Snapshot {
			return without(b, "dedupe", map[int]bool{6: true}, map[int]int{6: 7})
		}, 0, ClauseOrder, "not earlier"},
		{"graph: renamed", func(b *Snapshot) *Snapshot {
			a := without(b, "dedupe", nil, nil)
			a.Graph.Name = "M2"
			return a
		}, 0, ClauseGraph, "header changed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := dupes()
			if strings.HasPrefix(c.name, "kept") {
				g = function()
				g.Nodes[3].Operands[0] = Ref{Node: 2} // nothing reads the input
			}
			before := identity(g)
			err := CheckPass(before, c.after(before), c.may)
			if clause(err) != c.want || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v; want clause %q saying %q", err, c.want, c.msg)
			}
			if err != nil && !strings.Contains(err.Error(), "after ") {
				t.Errorf("%v does not name the pass", err)
			}
		})
	}
}

// result is what an engine would return for dupes(): %8 pruned, %3
// merged into %2 after the masks composed, %7 folded.
func result() *Result {
	build := dupes()
	before := identity(build)
	swz := without(before, "swizzles", map[int]bool{8: true}, nil)
	swz.Graph.Nodes[2].Operands[0] = Ref{Node: 0}
	final := without(swz, "dedupe", map[int]bool{3: true}, map[int]int{3: 2})
	final.Graph.Nodes[6] = &Node{ID: 6, Op: OpConstant, Props: []Prop{{Name: "Value", Value: Tuple(3)}}, Outputs: typed("float")}
	r := &Result{Engine: "test", Mode: "2.0", Build: build, Graph: final.Graph}
	r.Fates = []Fate{{Kind: Kept, Final: 0, Into: 0}, {Kind: Kept, Final: 1, Into: 1}, {Kind: Rewritten, Final: 2, Into: 2},
		{Kind: Merged, Final: 2, Into: 2}, {Kind: Kept, Final: 3, Into: 4}, {Kind: Kept, Final: 4, Into: 5},
		{Kind: Kept, Final: 5, Into: 6}, {Kind: Folded, Final: 6, Into: 7}, {Kind: Pruned, Final: -1, Into: 8},
		{Kind: Kept, Final: 7, Into: 9}}
	return r
}

// TestSpanLists: a survivor's spans are its own, then those of the build
// nodes merged into it; a pruned node's span is nobody's.
func TestSpanLists(t *testing.T) {
	r := result()
	for i, n := range r.Build.Nodes {
		n.Span = Span{Line: 10 + i, Col: 1}
	}
	for k, n := range r.Graph.Nodes {
		n.Span = Span{Line: 100 + k, Col: 2}
	}
	lists := r.SpanLists()
	if len(lists) != len(r.Graph.Nodes) {
		t.Fatalf("%d span lists for %d survivors", len(lists), len(r.Graph.Nodes))
	}
	for k, l := range lists {
		want := []Span{r.Graph.Nodes[k].Span}
		if k == 2 {
			want = append(want, r.Build.Nodes[3].Span) // %3 merged into %2
		}
		if !slices.Equal(l, want) {
			t.Errorf("final %d: spans %v, want %v", k, l, want)
		}
	}
	// Appending to one list must not write into its neighbour's.
	lists[2] = append(lists[2], Span{Line: 999})
	if lists[3][0] != r.Graph.Nodes[3].Span {
		t.Errorf("an append to final 2's list wrote final 3's: %v", lists[3])
	}
}

func TestCheckResult(t *testing.T) {
	if err := CheckResult(result()); err != nil {
		t.Fatalf("a consistent result: %v", err)
	}
	cases := []struct {
		name   string
		break_ func(r *Result)
		msg    string
	}{
		{"a survivor out of order", func(r *Result) { r.Fates[4].Final, r.Fates[5].Final = 4, 3 }, "the survivors before it make it"},
		{"merged into a later node", func(r *Result) { r.Fates[3].Into = 4 }, "not an earlier node"},
		{"merged, elsewhere", func(r *Result) { r.Fates[3].Final = 1 }, "(final 2) but final 1"},
		{"a statement pruned", func(r *Result) { r.Fates[9] = Fate{Kind: Pruned, Final: -1, Into: 9} }, "MaterialSink pruned (R7)"},
		{"kept, yet changed", func(r *Result) { r.Fates[7].Kind = Kept }, "kept, but final 6 is Constant"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := result()
			c.break_(r)
			err := CheckResult(r)
			if clause(err) != ClauseResult || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v; want clause %q saying %q", err, ClauseResult, c.msg)
			}
			if err := CheckResultOfBuild(r); err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("CheckResultOfBuild: got %v; want %q", err, c.msg)
			}
		})
	}
}

// CheckResultOfBuild holds the result to everything CheckResult does but
// the build graph's own soundness, and a build graph with a hole in it
// is a violation, not a crash.
func TestCheckResultOfBuild(t *testing.T) {
	r := result()
	r.Build.Nodes[0].ID = 7 // the build graph breaks Check; the result does not
	if err := CheckResult(r); err == nil {
		t.Fatal("CheckResult passed a result over a broken build graph")
	}
	if err := CheckResultOfBuild(r); err != nil {
		t.Errorf("CheckResultOfBuild read the build graph: %v", err)
	}
	r = result()
	r.Build.Nodes[2] = nil
	if err := CheckResultOfBuild(r); clause(err) != ClauseResult || !strings.Contains(err.Error(), "no build node") {
		t.Errorf("a nil build node: got %v", err)
	}
	r = result()
	r.Graph.Nodes[0].ID = 3
	if err := CheckResultOfBuild(r); err == nil {
		t.Error("CheckResultOfBuild passed a broken surviving graph")
	}
}

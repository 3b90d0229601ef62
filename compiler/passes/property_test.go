package passes

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// configs are the irgen graphs the property tests sweep: both shapes, both
// product kinds, 1.x and 2.0, duplicate rates from none to most.
func configs(n int) []irgen.Config {
	var cs []irgen.Config
	for seed := uint64(1); len(cs) < n; seed++ {
		cs = append(cs, irgen.Config{
			Seed:     seed,
			Nodes:    5 + int(seed*37%400),
			DupRate:  float64(seed%5) / 5,
			Shape:    []string{irgen.Forest, irgen.Deep}[seed%2],
			Function: seed%3 == 0,
			Legacy:   seed%4 == 0,
		})
	}
	return cs
}

// checkRun holds every property of one Run over g: the surviving graph is
// well formed, the provenance consistent, no two surviving value nodes share
// a key, the rounds saturated, later rounds that revisit only what changed
// the same as full ones, and a second Run changes nothing.
func checkRun(t testing.TB, g *ir.Graph) *ir.Result {
	t.Helper()
	before := ir.DumpGraph(g)
	r := Run(g, Options{CheckIR: true})
	if ir.DumpGraph(g) != before {
		t.Fatal("Run mutated its input")
	}
	full := Run(g, Options{CheckIR: true, fullRounds: true})
	if d := diffResults(r, full); d != "" {
		t.Fatalf("incremental and full rounds differ: %s", d)
	}
	checkGraph(t, r.Graph)
	checkResult(t, r)
	if r.StopReason != "saturated" {
		t.Fatalf("stopped on %s after %d rounds", r.StopReason, r.Rounds)
	}
	seen := map[string]int{}
	for i, n := range r.Graph.Nodes {
		if n.Role != ir.RoleValue {
			continue
		}
		k := ir.DedupeKey(n, nil)
		if j, dup := seen[k]; dup {
			t.Fatalf("%%%d and %%%d survive with one key %q", j, i, k)
		}
		seen[k] = i
	}
	out := ir.DumpGraph(r.Graph)
	again := Run(r.Graph, Options{CheckIR: true})
	if got := ir.DumpGraph(again.Graph); got != out {
		t.Fatalf("not idempotent:\n--- once\n%s--- twice\n%s", out, got)
	}
	if again.Rounds != 1 || len(again.Notes) != 0 {
		t.Fatalf("second run: %d rounds, %d notes", again.Rounds, len(again.Notes))
	}
	for i, f := range again.Fates {
		if f != (ir.Fate{Kind: ir.Kept, Final: int32(i), Into: int32(i)}) {
			t.Fatalf("second run changed %%%d: %+v", i, f)
		}
	}
	return r
}

func TestPropertiesOverGeneratedGraphs(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	merged, folded := 0, 0
	for _, cfg := range configs(n) {
		t.Run(fmt.Sprintf("%d", cfg.Seed), func(t *testing.T) {
			g := irgen.Generate(cfg)
			r := checkRun(t, g)
			for _, f := range r.Fates {
				switch f.Kind {
				case ir.Merged:
					merged++
				case ir.Folded:
					folded++
				}
			}
		})
	}
	if merged == 0 || folded == 0 {
		t.Errorf("the sweep merged %d and folded %d nodes: the generator lost its duplicates", merged, folded)
	}
}

// Determinism: the same graph gives the byte-identical dump and result.
func TestDeterminism(t *testing.T) {
	for _, cfg := range configs(20) {
		a, b := Run(irgen.Generate(cfg), Options{CheckIR: true}), Run(irgen.Generate(cfg), Options{CheckIR: true})
		if ir.DumpGraph(a.Graph) != ir.DumpGraph(b.Graph) {
			t.Fatalf("seed %d: two dumps differ", cfg.Seed)
		}
		a.Wall, b.Wall = 0, 0
		a.Build, b.Build, a.Graph, b.Graph = nil, nil, nil, nil
		if fmt.Sprint(*a) != fmt.Sprint(*b) {
			t.Fatalf("seed %d: two results differ", cfg.Seed)
		}
	}
}

// DedupeKey must give refKey's bytes: the string-building implementation
// ir.DedupeKey had before it appended into a buffer.
func TestDedupeKeyMatchesTheStringKey(t *testing.T) {
	canon := func(i int) int { return i / 2 }
	for _, cfg := range configs(40) {
		g := irgen.Generate(cfg)
		for _, n := range g.Nodes {
			for _, c := range []func(int) int{nil, canon} {
				want := refKey(n, c)
				if got := ir.DedupeKey(n, c); got != want {
					t.Fatalf("DedupeKey = %q, want %q", got, want)
				}
			}
		}
	}
	for _, v := range []float64{0, math.Copysign(0, -1), 1, -1, 2, 123456789, -999999999, 999999999.5, 1e9, -1e9,
		1234567890, 0.5, 1e-7, 1e21, 1 << 53, -(1 << 62), math.Inf(1), math.Inf(-1), math.NaN(), 0.1, 1.0000000001} {
		c := konst(v, -v, v/3)
		if got, want := ir.DedupeKey(c, nil), refKey(c, nil); got != want {
			t.Fatalf("DedupeKey = %q, want %q", got, want)
		}
	}
	n := &ir.Node{Op: ir.OpCustom, Class: "F", Props: []ir.Prop{{Name: "S", Value: ir.Str("a\"b\\c\n\r\t")},
		{Name: "B", Value: ir.Bool(true)}, {Name: "N", Value: ir.Num(-0.0)}, {Name: "A", Value: ir.Tuple(1e9, 1e-7, 0.1)}}}
	for k := range 20 { // more properties and pins than the stack sort takes
		n.Props = append(n.Props, ir.Prop{Name: fmt.Sprintf("P%02d", 19-k), Value: ir.Num(float64(k))})
		n.Pins = append(n.Pins, ir.Pin{Name: fmt.Sprintf("I%02d", 19-k), Ref: ir.Ref{Node: k, Out: k % 3}})
	}
	if got, want := ir.DedupeKey(n, nil), refKey(n, nil); got != want {
		t.Fatalf("DedupeKey = %q, want %q", got, want)
	}
}

func refKey(n *ir.Node, canon func(int) int) string {
	var b strings.Builder
	b.WriteString(n.Op.String() + "|" + n.Class + "|")
	for i, o := range n.Outputs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(o.Name + ":" + o.Type)
	}
	b.WriteByte('|')
	for i, p := range n.SortedProps() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.Name + "=" + p.Value.String())
	}
	b.WriteByte('|')
	ref := func(r ir.Ref) {
		if !r.Valid() {
			b.WriteByte('_')
			return
		}
		id := r.Node
		if canon != nil {
			id = canon(id)
		}
		b.WriteString(strconv.Itoa(id) + "#" + strconv.Itoa(r.Out))
	}
	for i, r := range n.Operands {
		if i > 0 {
			b.WriteByte(',')
		}
		ref(r)
	}
	b.WriteByte('|')
	pins := append([]ir.Pin(nil), n.Pins...)
	sort.SliceStable(pins, func(i, j int) bool { return pins[i].Name < pins[j].Name })
	for i, p := range pins {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.Name + "=")
		ref(p.Ref)
	}
	return b.String()
}

// cloneGraph is a deep copy: the same dump, and no slice shared with the
// original or between two nodes of the copy.
func TestCloneGraph(t *testing.T) {
	for _, cfg := range configs(10) {
		g := irgen.Generate(cfg)
		c := cloneGraph(g)
		if ir.DumpGraph(c) != ir.DumpGraph(g) {
			t.Fatalf("seed %d: the copy dumps differently", cfg.Seed)
		}
		before := ir.DumpGraph(g)
		for _, n := range c.Nodes {
			for k := range n.Props {
				if len(n.Props[k].Value.Nums) > 0 {
					n.Props[k].Value.Nums[0] = 99
				}
			}
			n.SetProp("Zz", ir.Num(1))
			n.Operands = append(n.Operands, ir.NoRef)
			n.Outputs = append(n.Outputs, ir.Output{Type: "float"})
		}
		if ir.DumpGraph(g) != before {
			t.Fatalf("seed %d: writing the copy changed the original", cfg.Seed)
		}
		for i, n := range c.Nodes {
			if z, _ := n.Prop("Zz"); len(n.Operands) == 0 || z.String() != "1" || n.Outputs[len(n.Outputs)-1].Type != "float" {
				t.Fatalf("seed %d: node %d lost a neighbour's append", cfg.Seed, i)
			}
		}
	}
}

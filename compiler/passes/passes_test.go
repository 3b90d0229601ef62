package passes

import (
	"reflect"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

func TestTableOrder(t *testing.T) {
	var names []string
	for _, p := range Table() {
		names = append(names, p.Name)
		if p.What == "" || p.Stage == "" || len(p.Modes) == 0 {
			t.Errorf("%s: incomplete entry %+v", p.Name, p)
		}
	}
	if w := []string{"prune", "fold", "swizzles", "dedupe", "dedupe-1x", "prune-final", "reindex"}; !reflect.DeepEqual(names, w) {
		t.Errorf("table = %v, want %v", names, w)
	}
	if !ValidMode("") || !ValidMode("none") || !ValidMode("1x") || ValidMode("2.1") {
		t.Error("ValidMode")
	}
	defer func() {
		if recover() == nil {
			t.Error("Run accepted an unknown mode")
		}
	}()
	Run(newMaterial("M", false).g, Options{CheckIR: true, Mode: "bogus"})
}

// dupGraph has duplicates, an unread parameter and an unread texture.
func dupGraph() *ir.Graph {
	b := newMaterial("M", false)
	b.add(2, 1, "Unused", param("Unused", 0.5))
	b.add(3, 1, "NoTex", texParam("NoTex"))
	k1 := b.add(4, 1, "", konst(2))
	k2 := b.add(5, 1, "", konst(2))
	sum := b.add(6, 1, "", op(ir.OpAdd, "float", k1, k2))
	b.sink(1, pin("Opacity", sum))
	return b.g
}

// Mode "off" (goldens with "passes": false): no pass, the graph as built.
// Mode "none" (D3, upstream's raw graph): only the final prune and the
// re-index — duplicates stay, unread nodes go, with DSH4390 for parameters.
func TestModes(t *testing.T) {
	g := dupGraph()
	before := ir.DumpGraph(g)

	off := Run(g, Options{CheckIR: true, Mode: "off"})
	if ir.DumpGraph(off.Graph) != before || len(off.Passes) != 0 || off.Rounds != 0 || off.Mode != "off" {
		t.Errorf("off changed the graph or ran passes: %v", off.Passes)
	}
	for i, f := range off.Fates {
		if f != (ir.Fate{Kind: ir.Kept, Final: int32(i), Into: int32(i)}) {
			t.Errorf("off: fate %d = %+v", i, f)
		}
	}

	none := Run(g, Options{CheckIR: true, Mode: "none"})
	want(t, ir.DumpGraph(none.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Constant(Value=(2)) : float @L4:C1`,
		`  %1 = Constant(Value=(2)) : float @L5:C1`,
		`  %2 = Add(%0, %1) : float @L6:C1`,
		`  %3 = MaterialSink(Opacity=%2) @L1:C1`,
		`  sink %3`)
	if w := stats("prune-final", 0, 2, "reindex", 0, 2); !reflect.DeepEqual(none.Passes, w) {
		t.Errorf("none ran %v", none.Passes)
	}
	if ir.DumpGraph(g) != before {
		t.Error("Run mutated its input")
	}
}

// §6.23: an unread parameter is info DSH4390, raised by the final prune as a
// Note with the build node and its span. Upstream's first prune is silent:
// a parameter nothing reads in the graph as built goes there, unreported.
func TestUnreadParameterNote(t *testing.T) {
	none := Run(dupGraph(), Options{CheckIR: true, Mode: "none"})
	if len(none.Notes) != 2 {
		t.Fatalf("notes = %+v", none.Notes)
	}
	for i, name := range []string{"Unused", "NoTex"} {
		n := none.Notes[i]
		if n.Code != "DSH4390" || n.Severity != "info" || n.Node != i || n.Span != (ir.Span{Line: 2 + i, Col: 1}) ||
			!strings.Contains(n.Message, "'"+name+"'") {
			t.Errorf("note %d = %+v", i, n)
		}
	}
	full := Run(dupGraph(), Options{CheckIR: true})
	if len(full.Notes) != 0 {
		t.Errorf("2.0 notes = %+v", full.Notes)
	}
	if f := full.Fates[0]; f.Kind != ir.Pruned || f.Pass.String() != "prune" {
		t.Errorf("2.0: fate of the unread parameter = %+v", f)
	}
	want(t, ir.DumpGraph(full.Graph),
		`product 0 Material "M" backend=Graph`,
		`  %0 = Constant(Value=(4)) : float @L6:C1`,
		`  %1 = MaterialSink(Opacity=%0) @L1:C1`,
		`  sink %1`)
}

// R2: the rounds stop at the first round that changes nothing, and at 4.
// Over a graph in build order one round does nearly everything; a mask of a
// just-removed identity mask takes a second, and only references to later
// nodes (which the builder never makes) can keep every round busy. Here a
// chain of "x" masks, each reading the next node, in a 1.x product (so the
// identities stay): every round composes each mask two links further.
func TestRoundLimit(t *testing.T) {
	const links = 12
	chain := func() *ir.Graph {
		b := newMaterial("M", true)
		v := b.add(1, 1, "v", param("v", 1, 2, 3, 4))
		for k := 1; k <= links; k++ {
			src := ir.Ref{Node: v.Node + k + 1}
			if k == links {
				src = v
			}
			b.add(1+k, 1, "", swz(src, "x"))
		}
		b.sink(1, pin("Opacity", ir.Ref{Node: 1}))
		return b.g
	}
	r := Run(chain(), Options{}) // forward reads: outside the IR contract
	if r.Rounds != 4 || r.StopReason != "round-limit" {
		t.Errorf("rounds %d, stop %q; want 4, round-limit", r.Rounds, r.StopReason)
	}
	if n := len(r.Passes); n != 1+3*4+2 {
		t.Errorf("%d pass runs: %v", n, r.Passes)
	}
	r = Run(chain(), Options{MaxRounds: 16})
	if r.StopReason != "saturated" || r.Rounds >= 16 {
		t.Errorf("rounds %d, stop %q", r.Rounds, r.StopReason)
	}
	// A later round may start at the first node changed since only when
	// every read is backward (state.backward); here reads go forward.
	full := Run(chain(), Options{MaxRounds: 16, fullRounds: true})
	if d := diffResults(r, full); d != "" {
		t.Errorf("forward reads: incremental and full rounds differ: %s", d)
	}
	want(t, ir.DumpGraph(r.Graph),
		`product 0 Material "M" backend=Graph`,
		`  legacy root ""`,
		`  %0 = Parameter(DefaultValue=(1, 2, 3, 4), ParameterName="v", SortPriority=32) : float4 @L1:C1 "v"`,
		`  %1 = Swizzle(%0, Mask="x") : float @L2:C1`,
		`  %2 = MaterialSink(Opacity=%1) @L1:C1`,
		`  sink %2`)

	// Over build order: the identity S of I is removed in round 1 and the
	// mask of S composes onto I's source only in round 2.
	b := newMaterial("M", false)
	v := b.add(1, 1, "v", param("v", 1, 2, 3, 4))
	i := b.add(2, 1, "", swz(v, "xyz"))
	s := b.add(3, 1, "", swz(i, "xyz"))
	o := b.add(4, 1, "", swz(s, "xy"))
	b.sink(1, pin("BaseColor", o))
	r = Run(b.g, Options{CheckIR: true, MaxRounds: 1})
	if r.Rounds != 1 || r.StopReason != "round-limit" {
		t.Errorf("MaxRounds 1: rounds %d, stop %q", r.Rounds, r.StopReason)
	}
	r = Run(b.g, Options{CheckIR: true})
	if r.Rounds != 3 || r.StopReason != "saturated" || r.Graph.Len() != 3 {
		t.Errorf("rounds %d, stop %q:\n%s", r.Rounds, r.StopReason, ir.DumpGraph(r.Graph))
	}
}

// TestPruneScanAgreesWithSearch: the one-scan marking of the prunes
// (markInOrder) reaches exactly what a search with a work list does, on
// irgen graphs before and after a round of merges and folds.
func TestPruneScanAgreesWithSearch(t *testing.T) {
	for seed := range uint64(40) {
		g := irgen.Generate(irgen.Config{Seed: seed, Nodes: 300 + int(seed)*50, DupRate: 0.3})
		s := newState(g)
		for step := range 2 {
			scan, search := make([]uint8, len(g.Nodes)), make([]uint8, len(g.Nodes))
			if !markInOrder(s.g, s, scan) {
				t.Fatalf("seed %d: an irgen graph read a later node", seed)
			}
			markAnyOrder(s.g, s, search)
			for i := range scan {
				if s.alive[i] && scan[i] != search[i] {
					t.Fatalf("seed %d step %d: b%d reached %v by the scan, %v by the search", seed, step, i, scan[i], search[i])
				}
			}
			s.round, s.tick = 1, 1
			foldConstants(s.g, s)
			s.tick++
			dedupe(s.g, s)
		}
	}
}

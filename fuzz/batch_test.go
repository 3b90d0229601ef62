package fuzz

import (
	"bytes"
	"fmt"
	"testing"

	"reuselab/ir"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/verify"
)

// The report of a seed does not depend on how many graphs are evaluated
// together: the graphs are built from one random stream, the claims of
// each checked on draws of their own, and graphs built past where the
// search stops are dropped. Besides the batch the report states, the JSON
// documents are byte for byte the same for batches of 1, 7 and the
// default, run to a graph count (--exhaust) and stopped where every
// clause has fired (commutative and swizzle-append stop inside a batch
// of the two-node shapes).
func TestReportDoesNotDependOnTheBatch(t *testing.T) {
	cases := []struct {
		pack    string
		graphs  int
		exhaust bool
	}{
		{"identities", 40, true},
		{"ranges", 40, true},
		{"../rules/examples/unsound.mg", 30, true},
		{"../rules/examples/double.mg", 60, true},
		{"commutative", 200, false},
		{"swizzle-append", 200, false},
	}
	if testing.Short() {
		cases = append(cases[:1], cases[4])
	}
	for _, c := range cases {
		p := resolve(t, c.pack)
		var docs [][]byte
		var first *Report
		for _, batch := range []int{1, 7, DefaultBatch} {
			r := Run(p, Options{Seed: 5, MaxGraphs: c.graphs, Exhaust: c.exhaust, Batch: batch})
			if r.Batch != batch {
				t.Errorf("%s: the report says batches of %d, want %d", c.pack, r.Batch, batch)
			}
			r.Batch = 0 // the one field that says how it ran
			var b bytes.Buffer
			if err := r.WriteJSON(&b, false); err != nil {
				t.Fatal(err)
			}
			docs = append(docs, b.Bytes())
			if first == nil {
				first = r
			}
		}
		if first.Claims.Checked == 0 && c.exhaust {
			t.Errorf("%s: no claim checked in %d graphs: the draws are not compared", c.pack, first.Graphs)
		}
		if !c.exhaust && (first.Stop != "every clause fired" || first.Graphs%DefaultBatch == 0) {
			t.Errorf("%s: stopped after %d graphs (%s): want a stop where every clause fired inside a batch", c.pack, first.Graphs, first.Stop)
		}
		for i := 1; i < len(docs); i++ {
			if !bytes.Equal(docs[0], docs[i]) {
				t.Errorf("%s: batches of 1 and of %d report differently:\n%s\n---\n%s", c.pack, []int{1, 7, DefaultBatch}[i], docs[0], docs[i])
			}
		}
	}
}

// A batch gives every graph its own clause profile, the one it has
// evaluated alone: the search counts the clauses that fired per graph.
func TestBatchEvaluationGivesEachGraphItsOwnProfile(t *testing.T) {
	p := resolve(t, "identities")
	s := &search{opt: Options{Seed: 2}.withDefaults(), pack: p, ref: engines.MustResolve("2.0"), own: verify.OwnFile(p)}
	s.opt.Instances = 4
	var gs []*ir.Graph
	for _, sh := range singles([]ir.Op{ir.OpAdd, ir.OpMultiply, ir.OpSubtract}) {
		shapes := []instance{{s: sh, consts: repeat(0, sh.constSlots())}, {s: sh, consts: repeat(1, sh.constSlots())}}
		gs = append(gs, s.graphOf(shapes, "one node"))
	}
	evs := s.evaluateAll(gs)
	fired := 0
	for i, g := range gs {
		_, alone := p.Evaluate(g, ir.Limits{}, eval.Options{Coverage: true, CoverageFile: s.own})
		if evs[i].o == nil || evs[i].o.Profile == nil || alone.Profile == nil {
			t.Fatalf("graph %d: no profile (batched %v, alone %v)", i, evs[i].o, alone.Profile)
		}
		got, want := factsByClause(evs[i].o.Profile), factsByClause(alone.Profile)
		if len(got) != len(want) {
			t.Errorf("graph %d: clauses fired batched %v, alone %v", i, got, want)
		}
		for at, n := range want {
			if got[at] != n {
				t.Errorf("graph %d: %s derived %d facts batched, %d alone", i, at, got[at], n)
			}
			fired += n
		}
	}
	if fired == 0 {
		t.Error("no clause of identities fired on x+0, x*1, x-0: the profiles compared are empty")
	}
}

func factsByClause(p *eval.Profile) map[string]int {
	out := map[string]int{}
	for _, cl := range p.Clauses {
		if cl.Facts > 0 {
			out[cl.Pos.String()] = cl.Facts
		}
	}
	return out
}

// BenchmarkSearchBatch is a search of identities to a graph count, the
// graphs evaluated one at a time and in batches of the default: the same
// graphs and checks, so the difference is what evaluating together saves.
func BenchmarkSearchBatch(b *testing.B) {
	p := resolveB(b, "identities")
	for _, batch := range []int{1, DefaultBatch} {
		b.Run(fmt.Sprintf("batch=%d", batch), func(b *testing.B) {
			for b.Loop() {
				if r := Run(p, Options{Seed: 1, MaxGraphs: 100, Exhaust: true, Batch: batch}); r.Graphs != 100 {
					b.Fatalf("%d graphs, want 100", r.Graphs)
				}
			}
		})
	}
}

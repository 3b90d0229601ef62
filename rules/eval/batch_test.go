package eval_test

import (
	"fmt"
	"reflect"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

// batchGraphs are a corpus's small assets, 1.x and 2.0 (two unions), and
// one graph too large to gain from company (run alone).
func batchGraphs() []*ir.Graph {
	var gs []*ir.Graph
	for k := range 24 {
		gs = append(gs, irgen.Generate(irgen.Config{Seed: uint64(300 + k), Nodes: 5 + 7*k, DupRate: 0.5, Legacy: k%5 == 0}))
	}
	return append(gs, irgen.Generate(irgen.Config{Seed: 9, Nodes: 5000, DupRate: 0.3}))
}

// decided is what a pack decided of one graph, all of it that a caller
// reads (the times left out).
func decided(res *ir.Result, o *eval.Outcome) string {
	if o == nil {
		return fmt.Sprintf("stop %s, no outcome", res.StopReason)
	}
	if !res.StopReason.Answered() {
		// where Mangle's engine stopped within a stratum is its own
		// (the counts its message quotes differ from run to run)
		var codes []string
		for _, d := range o.Diags {
			codes = append(codes, d.Code)
		}
		return fmt.Sprintf("stop %s, diagnostics %v", res.StopReason, codes)
	}
	graph := ""
	if res.Graph != nil {
		graph = ir.DumpGraph(res.Graph)
	}
	return fmt.Sprintf("stop %s\nfates %v\nnotes %v\nlive %v\nclass %v\nkeep %v\nalias %v\nfold %v\nrewrite %v\ndiags %v\nengine %s %s\n%s",
		res.StopReason, res.Fates, res.Notes, o.Live, o.Class, o.Keep, o.Alias, o.Fold, o.Rewrite, o.Diags, o.Engine, o.EngineNote, graph)
}

// TestRunBatchIsRunPerGraph: on both engines, for a mirroring pack and one
// that merges more, every graph of a batch gets what Run gives it alone,
// and the clause coverage of the batch is the sum of the graphs'.
func TestRunBatchIsRunPerGraph(t *testing.T) {
	gs := batchGraphs()
	for _, name := range []string{"reuse-2.0", "commutative"} {
		p := rulestest.MustPack(t, name)
		for _, engine := range []string{eval.EngineMangle, eval.EngineCompiled} {
			opt := eval.Options{Engine: engine, Coverage: true}
			b := eval.RunBatch(gs, p, opt)
			var want eval.Profile
			for i, g := range gs {
				res, o, _ := eval.Run(g, p, opt)
				if got, w := decided(b.Results[i], b.Outcomes[i]), decided(res, o); got != w {
					t.Fatalf("%s on %s, graph %d: batched\n%s\nalone\n%s", name, engine, i, got, w)
				}
				want.Add(o.Profile)
			}
			if b.Profiled != len(gs) {
				t.Errorf("%s on %s: %d graphs profiled, want %d", name, engine, b.Profiled, len(gs))
			}
			if b.Profile == nil {
				t.Fatalf("%s on %s: no coverage profile", name, engine)
			}
			if got, w := clauseFacts(b.Profile), clauseFacts(&want); !reflect.DeepEqual(got, w) {
				t.Errorf("%s on %s: the batch's coverage\n%v\nthe graphs'\n%v", name, engine, got, w)
			}
		}
	}
}

func clauseFacts(p *eval.Profile) map[string]int {
	out := map[string]int{}
	for _, c := range p.Clauses {
		out[fmt.Sprintf("%s:%d", c.Pos.File, c.Pos.Line)] += c.Facts
	}
	return out
}

// TestRunBatchLimitsAreEachGraphs: the fact limit holds per graph, as Run
// holds it. A limit every graph keeps alone but the union exceeds leaves
// every graph answered; a limit one graph exceeds stops that graph alone,
// with its own stop reason and diagnostic.
func TestRunBatchLimitsAreEachGraphs(t *testing.T) {
	var gs []*ir.Graph // one union: the 2.0 graphs
	for _, g := range batchGraphs()[:24] {
		if !g.Legacy {
			gs = append(gs, g)
		}
	}
	p := rulestest.MustPack(t, "reuse-2.0")
	for _, engine := range []string{eval.EngineMangle, eval.EngineCompiled} {
		facts := make([]int, len(gs))
		most, total := 0, 0
		for i, g := range gs {
			_, o, _ := eval.Run(g, p, eval.Options{Engine: engine})
			facts[i] = o.Facts
			most, total = max(most, o.Facts), total+o.Facts
		}
		if total <= 2*most {
			t.Fatalf("%s: the graphs derive too few facts to tell the limits apart", engine)
		}
		// Mangle's engine counts against the limit within a stratum, not
		// only the facts an Outcome counts: the limits keep clear of them
		for _, limit := range []int{2 * most, most / 2} {
			opt := eval.Options{Engine: engine, Limits: ir.Limits{MaxFacts: limit}}
			b := eval.RunBatch(gs, p, opt)
			stopped := 0
			for i, g := range gs {
				res, o, _ := eval.Run(g, p, opt)
				if got, w := decided(b.Results[i], b.Outcomes[i]), decided(res, o); got != w {
					t.Fatalf("%s, limit %d, graph %d: batched\n%s\nalone\n%s", engine, limit, i, got, w)
				}
				if !res.StopReason.Answered() {
					stopped++
				}
			}
			if wantStopped := limit < most; (stopped > 0) != wantStopped {
				t.Errorf("%s, limit %d (most facts of a graph %d): %d graphs stopped", engine, limit, most, stopped)
			}
		}
	}
}

// TestRunBatchApportionsTime: the graphs evaluated together share the
// batch's time by their nodes, in Result and Outcome alike (which also
// says they were evaluated together: times measured apart are not
// proportional to the nodes).
func TestRunBatchApportionsTime(t *testing.T) {
	var gs []*ir.Graph
	for k := range 8 {
		gs = append(gs, irgen.Generate(irgen.Config{Seed: uint64(k), Nodes: 10 * (k + 1), DupRate: 0.4}))
	}
	b := eval.RunBatch(gs, rulestest.MustPack(t, "reuse-2.0"), eval.Options{Engine: eval.EngineCompiled})
	for i := range gs {
		if b.Results[i].Wall != b.Outcomes[i].Wall || b.Outcomes[i].Wall <= 0 {
			t.Fatalf("graph %d: Result.Wall %v, Outcome.Wall %v", i, b.Results[i].Wall, b.Outcomes[i].Wall)
		}
	}
	for i := 1; i < len(gs)-1; i++ { // the last takes the rounding's rest
		ni, n0 := int64(len(gs[i].Nodes)), int64(len(gs[0].Nodes))
		wi, w0 := int64(b.Outcomes[i].Wall), int64(b.Outcomes[0].Wall)
		if d := wi*n0 - w0*ni; d < -ni*n0 || d > ni*n0 {
			t.Errorf("graph %d (%d nodes) got %v, graph 0 (%d nodes) %v: not shares by nodes", i, ni, b.Outcomes[i].Wall, n0, b.Outcomes[0].Wall)
		}
	}
}

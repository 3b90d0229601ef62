package eval_test

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

// userGraphs are small assets of both kinds and both front ends (two
// unions in one request).
func userGraphs(n int) []*ir.Graph {
	var gs []*ir.Graph
	for k := range n {
		gs = append(gs, irgen.Generate(irgen.Config{Seed: uint64(700 + k), Nodes: 6 + 5*k, DupRate: 0.5,
			Legacy: k%4 == 0, Function: k%5 == 1}))
	}
	return gs
}

// swapAdd is a test pack, local: a + b and b + a are one node.
const swapAdd = `# pack: swapadd
# extends: reuse-2.0
sig(N, S) :- cur(N, "Add", 2), role(N, "value"), !folds(N), key(N, K),
    arg(N, 0, "", R0, Q0), arg(N, 1, "", R1, Q1), R1 < R0,
    S = fn:string:concat(K, "|=", R1, "#", Q1, "|=", R0, "#", Q0).
`

// anyInput is a test pack that is not local: in a union, the Adds of a
// Material merge when another graph has a FunctionInput.
const anyInput = `# pack: anyinput
# extends: reuse-2.0
sig(N, "any") :- cur(N, "Add", 2), role(N, "value"), !folds(N), node(_, "FunctionInput", _).
`

func examplePack(t testing.TB, name string) *pack.Pack {
	t.Helper()
	src, err := os.ReadFile("../examples/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return loadUserPack(t, name, string(src))
}

// A user's pack over a batch: every graph gets the outcome its own child
// request gives it, in RunBatch and EvaluateBatch alike, and the batch's
// clause coverage is the graphs'. A local pack's batch is one request; a
// pack that is not local (transform.mg counts the Adds of every graph,
// anyInput merges them when any graph has a FunctionInput) is answered
// graph by graph.
func TestUserBatchIsEachGraphAlone(t *testing.T) {
	gs := userGraphs(30)
	src, err := os.ReadFile("testdata/transform.mg")
	if err != nil {
		t.Fatal(err)
	}
	ranges, err := os.ReadFile("../pack/packs/ranges.mg")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		p      *pack.Pack
		local  bool
		engine string
	}{
		{"ranges as a user's", loadUserPack(t, "mine.mg", strings.Replace(string(ranges), "# pack: ranges", "# pack: mine", 1)), true, eval.EngineCompiled},
		{"double", examplePack(t, "double.mg"), true, ""},
		{"double compiled", examplePack(t, "double.mg"), true, eval.EngineCompiled},
		{"swapadd", loadUserPack(t, "swapadd.mg", swapAdd), true, ""},
		{"transform", loadUserPack(t, "transform.mg", string(src)), false, ""},
		{"anyinput", loadUserPack(t, "anyinput.mg", anyInput), false, ""},
	} {
		opt := eval.Options{Engine: c.engine, Coverage: true}
		var want eval.Profile
		alone := make([]string, len(gs))
		for i, g := range gs {
			res, o, _ := eval.Run(g, c.p, opt)
			if !res.StopReason.Answered() {
				t.Fatalf("%s, graph %d alone: %s", c.name, i, decided(res, o))
			}
			alone[i] = decided(res, o)
			want.Add(o.Profile)
		}
		before := eval.ChildRequests()
		b := eval.RunBatch(gs, c.p, opt)
		requests := eval.ChildRequests() - before
		merged := 0
		for i := range gs {
			if got := decided(b.Results[i], b.Outcomes[i]); got != alone[i] {
				t.Fatalf("%s, graph %d: batched\n%s\nalone\n%s", c.name, i, got, alone[i])
			}
			merged += len(gs[i].Nodes) - len(b.Results[i].Graph.Nodes)
		}
		if merged == 0 {
			t.Errorf("%s: nothing merged: the graphs tell nothing", c.name)
		}
		if b.Profile == nil || b.Profiled != len(gs) {
			t.Fatalf("%s: %d graphs profiled of %d", c.name, b.Profiled, len(gs))
		}
		if got, w := clauseFacts(b.Profile), clauseFacts(&want); !reflect.DeepEqual(got, w) {
			t.Errorf("%s: the batch's coverage\n%v\nthe graphs'\n%v", c.name, got, w)
		}
		wantRequests, thenRequests := int64(1), int64(1)
		if !c.local {
			// the first batch is refused, and the pack is known not local after it
			wantRequests, thenRequests = int64(1+len(gs)), int64(len(gs))
		}
		if requests != wantRequests {
			t.Errorf("%s: %d child requests for a batch of %d graphs, want %d", c.name, requests, len(gs), wantRequests)
		}

		before = eval.ChildRequests()
		outs := eval.EvaluateBatch(gs, c.p, eval.Options{Engine: c.engine})
		if requests := eval.ChildRequests() - before; requests != thenRequests {
			t.Errorf("%s: EvaluateBatch sent %d child requests, want %d", c.name, requests, thenRequests)
		}
		for i, g := range gs {
			_, o, _ := eval.Run(g, c.p, eval.Options{Engine: c.engine})
			if got, w := fmt.Sprint(outcomeOf(outs[i])), fmt.Sprint(outcomeOf(o)); got != w {
				t.Fatalf("%s, graph %d: EvaluateBatch\n%s\nalone\n%s", c.name, i, got, w)
			}
		}
	}
}

// outcomeOf is what an Outcome decided, times and counts left out.
func outcomeOf(o *eval.Outcome) []any {
	return []any{o.Stop, o.Live, o.Class, o.Keep, o.Alias, o.Fold, o.Rewrite, o.Diags}
}

// growOnInputs derives without end on a graph with a FunctionInput and
// nothing on the others; it is local (each node's own numbers).
const growOnInputs = `# pack: grow
# extends: reuse-2.0
grow(N, 0) :- cur(N, "FunctionInput", _).
grow(N, X) :- grow(N, Y), X = fn:plus(Y, 1).
sig(N, "x") :- grow(N, 0), role(N, "value").
`

// A graph of a batch that passes a limit stops alone, with its own stop
// reason and diagnostic, and the others answer as they do alone.
func TestUserBatchLimitIsTheGraphs(t *testing.T) {
	p := loadUserPack(t, "grow.mg", growOnInputs)
	var gs []*ir.Graph
	for k := range 8 {
		gs = append(gs, irgen.Generate(irgen.Config{Seed: uint64(40 + k), Nodes: 20 + 3*k, DupRate: 0.4, Function: k == 5}))
	}
	limits := []ir.Limits{{MaxFacts: 20_000}}
	if !testing.Short() {
		limits = append(limits, ir.Limits{Timeout: 2 * time.Second, MaxFacts: 1 << 40})
	}
	for _, lim := range limits {
		opt := eval.Options{Limits: lim}
		b := eval.RunBatch(gs, p, opt)
		outs := eval.EvaluateBatch(gs, p, opt)
		for i, g := range gs {
			res, o, _ := eval.Run(g, p, opt)
			if got, w := decided(b.Results[i], b.Outcomes[i]), decided(res, o); got != w {
				t.Fatalf("%+v, graph %d: batched\n%s\nalone\n%s", lim, i, got, w)
			}
			if outs[i].Stop != o.Stop || len(outs[i].Diags) != len(o.Diags) {
				t.Fatalf("%+v, graph %d: EvaluateBatch %s %v, alone %s %v", lim, i, outs[i].Stop, outs[i].Diags, o.Stop, o.Diags)
			}
			stopped := !res.StopReason.Answered()
			if stopped != (i == 5) {
				t.Errorf("%+v, graph %d (function %v): stop %s", lim, i, g.Kind, res.StopReason)
			}
			if stopped && (o.Stop != ir.StopFactLimit && o.Stop != ir.StopTimeout || len(o.Diags) == 0) {
				t.Errorf("%+v, graph %d: stop %s, diagnostics %v", lim, i, o.Stop, o.Diags)
			}
		}
	}
}

// A child whose answer to a batch does not fit it (an outcome too few, a
// wrong length, a fold without components) is not believed: every graph
// is asked again alone, and gets what Run gives it (the liar's answer
// alone, applied or refused as ever).
func TestUserBatchLieIsNotBelieved(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	gs := userGraphs(6)
	for _, lie := range []string{eval.LieBatchCount, eval.LieBadLength, eval.LieNoFold} {
		t.Setenv(eval.FakeChildEnv, lie)
		p := loadUserPack(t, "liar.mg", "# pack: liar\n# extends: reuse-2.0\n")
		before := eval.ChildRequests()
		b := eval.RunBatch(gs, p, eval.Options{})
		if n := eval.ChildRequests() - before; n != int64(1+len(gs)) {
			t.Errorf("%s: %d child requests, want the batch and one a graph (%d)", lie, n, 1+len(gs))
		}
		before = eval.ChildRequests()
		outs := eval.EvaluateBatch(gs, p, eval.Options{})
		if n := eval.ChildRequests() - before; n != int64(1+len(gs)) {
			t.Errorf("%s: EvaluateBatch sent %d child requests, want %d", lie, n, 1+len(gs))
		}
		for i, g := range gs {
			res, o, _ := eval.Run(g, p, eval.Options{})
			if got, w := decided(b.Results[i], b.Outcomes[i]), decided(res, o); got != w {
				t.Fatalf("%s, graph %d: batched\n%s\nalone\n%s", lie, i, got, w)
			}
			if lie == eval.LieBatchCount && (o.Stop != ir.StopSaturated || len(outs[i].Live) != len(g.Nodes)) {
				t.Errorf("%s, graph %d: stop %s, %d live entries for %d nodes", lie, i, o.Stop, len(outs[i].Live), len(g.Nodes))
			}
		}
	}
}

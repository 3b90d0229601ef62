package eval_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/rules/rulestest"
)

// The compiled evaluator is held to Mangle's engine: on every built-in
// pack, every example pack and irgen graphs (100 in -short, 1,000 in the
// full run, 10,000 with REUSELAB_LONG=1 or -compiled.graphs=10000), every evaluation of every
// phase must derive the same facts, and the outcomes must be equal.

var diffGraphs = flag.Int("compiled.graphs", 0, "irgen graphs per pack in TestCompiledDerivesWhatMangleDerives (0: 100 in -short, 1,000 in the full run, 10,000 with REUSELAB_LONG=1)")

// diffPacks is every built-in pack and every example pack, loaded in
// this process (the examples as ParsePack loads them: trusted, so that
// the trace sees their evaluations).
func diffPacks(t testing.TB) []*pack.Pack {
	var ps []*pack.Pack
	for _, name := range pack.BuiltinNames() {
		ps = append(ps, rulestest.MustPack(t, name))
	}
	files, _ := filepath.Glob("../examples/*.mg")
	if len(files) == 0 {
		t.Fatal("no example packs in ../examples")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, l := pack.ParsePack(f, string(src))
		if p == nil || l.HasErrors() {
			t.Fatalf("%s: %v", f, l.Items)
		}
		ps = append(ps, p)
	}
	return ps
}

// run evaluates gs (batched) on one engine and returns the outcomes and
// every evaluation's derived facts.
func runEngine(gs []*ir.Graph, p *pack.Pack, engine string) ([]*eval.Outcome, [][]string) {
	var trace [][]string
	opt := eval.WithTrace(eval.Options{Record: true, Engine: engine}, func(d []string) { trace = append(trace, d) })
	return eval.EvaluateBatch(gs, p, opt), trace
}

// sameRun reports the first difference between the two engines' runs.
func sameRun(m, c []*eval.Outcome, mt, ct [][]string) string {
	if len(mt) != len(ct) {
		return fmt.Sprintf("%d evaluations on Mangle, %d compiled", len(mt), len(ct))
	}
	for k := range mt {
		if !reflect.DeepEqual(mt[k], ct[k]) {
			return fmt.Sprintf("evaluation %d derived different facts:\n%s", k, factDiff(mt[k], ct[k]))
		}
	}
	for i := range m {
		a, b := *m[i], *c[i]
		a.Wall, b.Wall = 0, 0
		a.Engine, b.Engine = "", ""
		a.EngineNote, b.EngineNote = "", ""
		// printed, so that a NaN fold equals itself (fmt sorts the maps)
		if sa, sb := fmt.Sprintf("%+v", a), fmt.Sprintf("%+v", b); sa != sb {
			return fmt.Sprintf("graph %d: outcomes differ:\nmangle   %s\ncompiled %s", i, sa, sb)
		}
	}
	return ""
}

func factDiff(a, b []string) string {
	in := func(xs []string) map[string]bool {
		m := map[string]bool{}
		for _, x := range xs {
			m[x] = true
		}
		return m
	}
	ma, mb := in(a), in(b)
	var out []string
	for _, x := range a {
		if !mb[x] && len(out) < 10 {
			out = append(out, "  only mangle:   "+x)
		}
	}
	for _, x := range b {
		if !ma[x] && len(out) < 20 {
			out = append(out, "  only compiled: "+x)
		}
	}
	return strings.Join(out, "\n")
}

func diffGraphsFor(seed uint64, n int) []*ir.Graph {
	var gs []*ir.Graph
	for i := 0; i < n; i++ {
		s := seed*100_003 + uint64(i)
		cfg := irgen.Config{Seed: s, Nodes: 8 + int(s%120), DupRate: float64(s%5) / 5}
		if s%3 == 0 {
			cfg.Shape = "Deep"
		}
		cfg.Function = s%7 == 0
		gs = append(gs, irgen.Generate(cfg))
	}
	return gs
}

func TestCompiledDerivesWhatMangleDerives(t *testing.T) {
	n := *diffGraphs
	switch {
	case n > 0:
	case os.Getenv("REUSELAB_LONG") != "":
		n = 10_000
	case testing.Short():
		n = 100
	default:
		n = 1_000
	}
	const batch = 100
	for _, p := range diffPacks(t) {
		t.Run(p.Name, func(t *testing.T) {
			checked := 0
			for start := 0; start < n; start += batch {
				gs := diffGraphsFor(uint64(start/batch+1), min(batch, n-start))
				if strings.Contains(p.Name, "legacy") {
					for _, g := range gs {
						g.Legacy = true
					}
				}
				m, mt := runEngine(gs, p, eval.EngineMangle)
				c, ct := runEngine(gs, p, eval.EngineCompiled)
				if c[0].Engine != eval.EngineCompiled {
					t.Fatalf("ran on %q: %s", c[0].Engine, c[0].EngineNote)
				}
				if d := sameRun(m, c, mt, ct); d != "" {
					t.Fatalf("batch at %d: %s", start, d)
				}
				// untraced, a compiled run exports only what the driver
				// reads back and counts the facts itself: the same outcome
				plain := eval.EvaluateBatch(gs, p, eval.Options{Record: true, Engine: eval.EngineCompiled})
				if d := sameRun(m, plain, nil, nil); d != "" {
					t.Fatalf("batch at %d, untraced: %s", start, d)
				}
				checked += len(gs)
			}
			if checked != n {
				t.Fatalf("checked %d graphs, want %d", checked, n)
			}
		})
	}
}

// A graph of 30,000 nodes takes dozens of level chunks: the compiled
// runs' interner is trimmed between them (compiled.internedMax), and the
// outcome, traced and not, must still be Mangle's.
func TestCompiledAgreesOnALargeGraph(t *testing.T) {
	p := rulestest.MustPack(t, "reuse-2.0")
	gs := []*ir.Graph{irgen.Generate(irgen.Config{Seed: 7, Nodes: 30_000, DupRate: 0.4})}
	m, mt := runEngine(gs, p, eval.EngineMangle)
	c, ct := runEngine(gs, p, eval.EngineCompiled)
	if m[0].Levels < 30 {
		t.Fatalf("only %d level evaluations: too few to trim the interner", m[0].Levels)
	}
	if d := sameRun(m, c, mt, ct); d != "" {
		t.Fatal(d)
	}
	plain := eval.Evaluate(gs[0], p, eval.Options{Record: true, Engine: eval.EngineCompiled})
	if d := sameRun(m, []*eval.Outcome{plain}, nil, nil); d != "" {
		t.Fatalf("untraced: %s", d)
	}
}

// What the compiled evaluator cannot run goes to Mangle's engine, and the
// outcome says so: a pack whose level program holds a transform. A
// clause profile or coverage does not: the compiled evaluator re-runs
// its own clauses (rules/compiled/profile.go).
func TestCompiledFallsBackAndSaysSo(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 3, Nodes: 60, DupRate: 0.4})
	p := rulestest.MustPack(t, "reuse-2.0")
	if o := eval.Evaluate(g, p, eval.Options{Engine: eval.EngineCompiled}); o.Engine != eval.EngineCompiled || o.EngineNote != "" {
		t.Fatalf("reuse-2.0 ran on %q (%s), want compiled", o.Engine, o.EngineNote)
	}
	for _, opt := range []eval.Options{{Profile: true}, {Coverage: true}, {Coverage: true, CoverageFile: p.Pos().File}} {
		opt.Engine = eval.EngineCompiled
		if o := eval.Evaluate(g, p, opt); o.Engine != eval.EngineCompiled || o.EngineNote != "" || o.Profile == nil || len(o.Profile.Clauses) == 0 {
			t.Fatalf("%+v ran on %q (%s), want compiled with a profile", opt, o.Engine, o.EngineNote)
		}
	}
	src := "# pack: counted\n# extends: reuse-2.0\n" +
		"nargs(N, C) :- arg(N, _, _, _, _) |> do fn:group_by(N), let C = fn:count().\n" +
		"sig(N, S) :- nargs(N, C), C > 7, S = fn:string:concat(\"wide|\", N).\n"
	up, l := pack.ParsePack("counted.mg", src)
	if up == nil || l.HasErrors() {
		t.Fatalf("the pack does not load: %v", l.Items)
	}
	o := eval.Evaluate(g, up, eval.Options{Engine: eval.EngineCompiled})
	if o.Engine != "mixed" || !strings.Contains(o.EngineNote, "phase level on Mangle's engine") || !strings.Contains(o.EngineNote, "transforms") {
		t.Fatalf("ran on %q (%s), want the level phase on Mangle's engine and a note naming the transform", o.Engine, o.EngineNote)
	}
	m := eval.Evaluate(g, up, eval.Options{})
	if fmt.Sprint(m.Class) != fmt.Sprint(o.Class) || m.Stop != o.Stop {
		t.Fatalf("the fallback changed the outcome: %v %v / %v %v", m.Stop, m.Class, o.Stop, o.Class)
	}
}

// The fact budget stops a compiled evaluation as it stops Mangle's: the
// same stop reason and diagnostic code, on a budget smaller than what
// the graph needs; and a timeout, which the child process enforces,
// reaches the child with the engine asked for.
func TestCompiledKeepsTheLimits(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 5, Nodes: 400, DupRate: 0.4})
	p := rulestest.MustPack(t, "reuse-2.0")
	full := eval.Evaluate(g, p, eval.Options{Engine: eval.EngineCompiled})
	if full.Stop != ir.StopSaturated || full.Facts < 100 {
		t.Fatalf("unlimited: %v after %d facts", full.Stop, full.Facts)
	}
	lim := ir.Limits{MaxFacts: full.Facts / 3}
	for _, engine := range []string{eval.EngineMangle, eval.EngineCompiled} {
		o := eval.Evaluate(g, p, eval.Options{Engine: engine, Limits: lim})
		if o.Stop != ir.StopFactLimit || len(o.Diags) == 0 || o.Diags[0].Code != eval.CodeFactLimit {
			t.Errorf("%s: stop %v, diagnostics %v; want the fact limit", engine, o.Stop, o.Diags)
		}
	}
	_, o, l := eval.Run(g, p, eval.Options{Engine: eval.EngineCompiled, Limits: ir.Limits{Timeout: time.Minute}})
	if o == nil || o.Engine != eval.EngineCompiled || l.HasErrors() {
		t.Fatalf("under a timeout (a child process): %+v %v", o, l.Items)
	}
}

// servedPack reads every predicate the compiled evaluator serves itself
// (rules/compiled/schema.go: the virtual predicates, a Constant's facts,
// folded/1, eswz/4, swzkey/2) with the binding patterns the run treats apart: all inputs
// bound, a bound output, a negation, an int read as a float, a lookup
// whose node is not bound (left to the store).
const servedPack = `# pack: served
# extends: reuse-2.0
pv(N, S) :- cur(N, _, _), constop(N, 0, X), cval(X, 0, F), num9(F, S).
pv(N, S) :- cur(N, "Swizzle", _), mask(N, M), maskchan(M, 1, C), letter(C, S).
pv(N, "w2") :- cur(N, _, _), constop(N, 0, X), cwidth(X, 2).
pv(N, "nf") :- cur(N, _, _), constop(N, 0, X), !comp(X, 3, 0.0).
pv(N, "mi") :- cur(N, "Swizzle", _), mask(N, M), maskinfo(M, 2, V), V = 1.
pv(N, "fd") :- cur(N, _, _), arg(N, 0, _, R, _), folded(R), constant(R, T), T = "float".
pv(N, "nfd") :- cur(N, _, _), arg(N, 0, _, R, _), R >= 0, !folded(R), !cwidth(R, 1).
pv(N, S) :- cur(N, "Add", _), constop(N, 0, X), constop(N, 1, Y), mv("Add", X, Y, -1, 0, V),
    m("Multiply", V, 2, 0.0, W), tuple9(2, V, W, 0.0, 0.0, S).
pv(N, "half") :- cur(N, _, 2), cval(X, 0, 0.5), constop(N, 1, X).
sig(N, S) :- pv(N, S).
`

// servedSwizzlePack reads the published swizzles (eswz/4) and swzkey/2,
// with signatures that join swizzles only to swizzles (servedPack's join
// most nodes in a class, which a swizzle's source then reads as its
// root: rarely a swizzle, and never a published one).
const servedSwizzlePack = `# pack: served-swizzle
# extends: reuse-2.0
pv(N, K) :- cur(N, "Swizzle", _), swzkey(N, K).
pv(N, S) :- cur(N, "Swizzle", _), arg(N, 0, _, R, _), eswz(R, _, Q, M), S = fn:string:concat("e", Q, M).
pv(N, "e0") :- cur(N, "Swizzle", _), arg(N, 0, _, R, _), eswz(R, _, 0, _).
pv(N, "ne") :- cur(N, "Swizzle", _), arg(N, 0, _, R, Q), mask(N, M), R >= 0, !eswz(R, N, Q, M).
sig(N, S) :- pv(N, S).
`

// TestCompiledServesWhatTheStoreServes: what the compiled evaluator
// computes of the base store's predicates itself is what the store
// answers Mangle's engine, fact for fact.
func TestCompiledServesWhatTheStoreServes(t *testing.T) {
	small := diffGraphsFor(7, 60)
	// and one graph large enough to hold published swizzles of swizzles
	large := append(small[:len(small):len(small)], irgen.Generate(irgen.Config{Seed: 1, Nodes: 3000, DupRate: 0.4}))
	for _, tc := range []struct {
		name, src string
		gs        []*ir.Graph
		want      []string // kinds of probe fact that must be derived
		least     int      // and how many kinds at least
	}{
		{"served.mg", servedPack, small, nil, 6},
		{"served-swizzle.mg", servedSwizzlePack, large, []string{`"e0")`, `"ne")`, `"Swizzle||:float2|")`}, 4},
	} {
		gs := tc.gs
		p, l := pack.ParsePack(tc.name, tc.src)
		if p == nil || l.HasErrors() {
			t.Fatalf("%s: %v", tc.name, l.Items)
		}
		m, mt := runEngine(gs, p, eval.EngineMangle)
		c, ct := runEngine(gs, p, eval.EngineCompiled)
		if c[0].Engine != eval.EngineCompiled {
			t.Fatalf("%s ran on %q: %s", tc.name, c[0].Engine, c[0].EngineNote)
		}
		if d := sameRun(m, c, mt, ct); d != "" {
			t.Fatalf("%s: %s", tc.name, d)
		}
		kinds := map[string]bool{}
		for _, facts := range ct {
			for _, f := range facts {
				if strings.HasPrefix(f, "pv(") {
					kinds[f[strings.LastIndexByte(f, ',')+1:]] = true
				}
			}
		}
		for _, k := range tc.want {
			if !kinds[k] {
				t.Errorf("%s: no probe derived %s", tc.name, k)
			}
		}
		if len(kinds) < tc.least {
			t.Errorf("%s: the probes derived too few kinds of fact to prove much: %v", tc.name, kinds)
		}
	}
}

// TestConcurrentEvaluationsShare: evaluations running at once share each
// pack's compiled programs and table facts (compiledCache, tablesCache),
// read and never written; each still gets the outcome it gets alone, on
// either engine. (Under -race, a write to what they share is reported.)
func TestConcurrentEvaluationsShare(t *testing.T) {
	p := rulestest.MustPack(t, "reuse-2.0")
	gs := diffGraphsFor(11, 8)
	for _, engine := range []string{eval.EngineCompiled, eval.EngineMangle} {
		alone := make([]string, len(gs))
		for i, g := range gs {
			alone[i] = outcomeText(eval.Evaluate(g, p, eval.Options{Engine: engine}))
		}
		together := make([]string, len(gs))
		var wg sync.WaitGroup
		for i, g := range gs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				together[i] = outcomeText(eval.Evaluate(g, p, eval.Options{Engine: engine}))
			}()
		}
		wg.Wait()
		for i := range gs {
			if together[i] != alone[i] {
				t.Errorf("%s, graph %d: evaluated beside others\n%s\nalone\n%s", engine, i, together[i], alone[i])
			}
		}
	}
}

// outcomeText prints what an outcome decided, without its times and
// engine, so that two evaluations' outcomes compare as text (a NaN fold
// equals itself).
func outcomeText(o *eval.Outcome) string {
	c := *o
	c.Wall, c.Engine, c.EngineNote = 0, "", ""
	return fmt.Sprintf("%+v", c)
}

package engines_test

import (
	"flag"
	"os"
	"strconv"
	"sync"
	"testing"

	"reuselab/compiler/passes"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/reuse"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/rules/rulestest"
)

// The tests whose point is that the Datalog engine (rules/…) agrees with
// the reference passes (compiler/passes) live here, in the one package
// that may know both engines, and reach each through its public API.

// TestMain lets the test binary serve as the evaluation child process
// (rules/eval's child.go): the driver re-executes os.Executable(), which
// here is the test binary, for a user's pack or under a timeout.
func TestMain(m *testing.M) {
	eval.MaybeChild()
	flag.Parse()
	os.Exit(m.Run())
}

// agreeGraph runs both engines on g and returns the first difference.
func agreeGraph(t testing.TB, p *pack.Pack, g *ir.Graph) string {
	t.Helper()
	ref := passes.Run(g, passes.Options{Mode: "2.0", CheckIR: true})
	dl := rulestest.CheckedBuild(t, g, p.Name, eval.Evaluate(g, p, eval.Options{}))
	return reuse.Compare(ref, dl).String()
}

func irgenCount() int {
	if s := os.Getenv("REUSELAB_IRGEN_GRAPHS"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	return 10000
}

// TestAgreeIrgen: D6 on random graphs (fixed seeds; REUSELAB_IRGEN_GRAPHS
// raises the count for a bigger run).
func TestAgreeIrgen(t *testing.T) {
	p := rulestest.MustPack(t, "reuse-2.0")
	count := irgenCount()
	if testing.Short() {
		count = 500
	}
	// Small graphs (6-29 nodes), evaluated 250 to a batch (EvaluateBatch:
	// one engine evaluation per level for all of them), two batches at a
	// time: the whole run is about a minute of CPU.
	var mu sync.Mutex
	bad := 0
	const batch = 250
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for lo := 0; lo < count; lo += batch {
		sem <- struct{}{}
		wg.Add(1)
		go func(lo int) {
			defer func() { <-sem; wg.Done() }()
			agreeBatch(t, p, lo, min(lo+batch, count), &mu, &bad)
		}(lo)
	}
	wg.Wait()
	if bad > 0 {
		t.Errorf("%d of %d graphs disagree", bad, count)
	}
	t.Logf("reuse-2.0 agrees with the reference on %d of %d irgen graphs", count-bad, count)
}

func agreeBatch(t *testing.T, p *pack.Pack, lo, hi int, mu *sync.Mutex, bad *int) {
	{
		var gs []*ir.Graph
		var cfgs []irgen.Config
		for s := lo; s < hi; s++ {
			cfg := irgen.Config{Seed: uint64(s), Nodes: 6 + s%24, DupRate: float64(s%5) / 5,
				Function: s%7 == 3, Legacy: s%5 == 4}
			if s%3 == 1 {
				cfg.Shape = irgen.Deep
			}
			cfgs = append(cfgs, cfg)
			gs = append(gs, irgen.Generate(cfg))
		}
		outs := eval.EvaluateBatch(gs, p, eval.Options{})
		for k, g := range gs {
			ref := passes.Run(g, passes.Options{Mode: "2.0", CheckIR: true})
			if d := reuse.Compare(ref, rulestest.CheckedBuild(t, g, p.Name, outs[k])).String(); d != "" {
				mu.Lock()
				*bad++
				if *bad <= 3 {
					t.Errorf("seed %d %+v:\n%s\nbuild:\n%s", lo+k, cfgs[k], d, ir.DumpGraph(g))
				}
				mu.Unlock()
			}
		}
	}
}

// Hand-made graphs for the driver's two subtle points; each broke an
// earlier version on 10k-node irgen graphs.
func TestAgreeFoldBelowItsClassLeader(t *testing.T) {
	// %2 folds to 5 at level 1 and joins the class the constant %3 leads
	// since level 0. Its id is lower, so it survives (R6) — but the class
	// root must stay %3, or %4 (keyed with %3 at level 1) and %5 (keyed at
	// level 2) would not meet.
	f := []ir.Output{{Type: "float"}}
	c := func(v float64) *ir.Node {
		return &ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v)}}, Outputs: f}
	}
	g := rulestest.SinkGraph(c(2), c(3),
		&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: 0}, {Node: 1}}, Outputs: f},
		c(5),
		&ir.Node{Op: ir.OpDDX, Operands: []ir.Ref{{Node: 3}}, Outputs: f},
		&ir.Node{Op: ir.OpDDX, Operands: []ir.Ref{{Node: 2}}, Outputs: f},
		&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 4}}, {Name: "B", Ref: ir.Ref{Node: 5}}}, Role: ir.RoleStatement})
	if d := agreeGraph(t, rulestest.MustPack(t, "reuse-2.0"), g); d != "" {
		t.Fatal(d)
	}
}

func TestAgreeAliasToAHigherIdLeader(t *testing.T) {
	// %2 composes to Swizzle(%0, "z") and joins the class %4 leads since
	// level 1; %3 is an identity mask on %2 and goes to that class, whose
	// leader has a higher id than %3.
	p := &ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("P")}}, Outputs: []ir.Output{{Type: "float4"}}}
	swz := func(src int, m string, w string) *ir.Node {
		return &ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: src}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str(m)}}, Outputs: []ir.Output{{Type: w}}}
	}
	g := rulestest.SinkGraph(p, swz(0, "zw", "float2"), swz(1, "x", "float"), swz(2, "x", "float"), swz(0, "z", "float"),
		&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 3}}, {Name: "B", Ref: ir.Ref{Node: 4}}}, Role: ir.RoleStatement})
	if d := agreeGraph(t, rulestest.MustPack(t, "reuse-2.0"), g); d != "" {
		t.Fatal(d)
	}
}

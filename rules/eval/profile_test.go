package eval_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/rules/rulestest"
)

// profileGraph: two swizzles of one input, three Adds over them (two at
// level 2, one at level 3), a Multiply, the sink: six levels.
func profileGraph() *ir.Graph {
	f := []ir.Output{{Type: "float"}}
	return rulestest.SinkGraph(
		&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate", Props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "float2"}}},
		&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("x")}}, Outputs: f},
		&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("y")}}, Outputs: f},
		&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: 1}, {Node: 2}}, Outputs: f},
		&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: 2}, {Node: 1}}, Outputs: f},
		&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: 3}, {Node: 4}}, Outputs: f},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 5}, {Node: 1}}, Outputs: f},
		&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 6}}}, Role: ir.RoleStatement})
}

func loadTestPack(t *testing.T, file string) *pack.Pack {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, ds := pack.ParsePack(file, string(src))
	if p == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	return p
}

// TestProfileCounts: the profile counts what each clause derives on a
// graph whose counts are known, and charges every level evaluation, on
// both engines.
func TestProfileCounts(t *testing.T) {
	for _, engine := range []string{eval.EngineMangle, eval.EngineCompiled} {
		t.Run(engine, func(t *testing.T) { testProfileCounts(t, engine) })
	}
}

func testProfileCounts(t *testing.T, engine string) {
	g := profileGraph()
	p := loadTestPack(t, "testdata/profile.mg")
	o := eval.Evaluate(g, p, eval.Options{Profile: true, Engine: engine})
	if o.Engine != engine {
		t.Fatalf("ran on %q (%s)", o.Engine, o.EngineNote)
	}
	if !o.Stop.Answered() || o.Profile == nil {
		t.Fatalf("stopped or no profile: %v %v", o.Stop, o.Diags)
	}
	byLine := map[string]eval.ClauseCost{}
	var sum int64
	for _, c := range o.Profile.Clauses {
		if c.Error != "" {
			t.Errorf("%s: not measured: %s", c.Pos, c.Error)
		}
		if c.Pos.File == "" {
			t.Errorf("clause without a position: %s", c.Clause)
		}
		byLine[c.Pos.File+":"+strconv.Itoa(c.Pos.Line)] = c
		sum += c.StratumTime.Nanoseconds()
	}
	adds, ok := byLine["testdata/profile.mg:3"]
	if !ok || !strings.HasPrefix(adds.Clause, "adds(N) :- cur(N, \"Add\", 2)") {
		t.Fatalf("no profile of testdata/profile.mg:3: %+v", byLine)
	}
	// three Adds, at two levels; the level phase ran once per level
	if adds.Facts != 3 || adds.Productive != 2 || adds.Evals != o.Levels || o.Levels != 6 {
		t.Errorf("adds/1: %d facts in %d of %d evaluations, want 3 in 2 of %d (levels %d)", adds.Facts, adds.Productive, adds.Evals, o.Levels, o.Levels)
	}
	if s := byLine["testdata/profile.mg:4"]; s.Facts != 3 || s.Head != "sig/2" {
		t.Errorf("the pack's sig clause: %+v, want 3 sig/2 facts", s)
	}
	// reuse-2.0's swizzle head swz0/4: the two swizzles
	for _, c := range o.Profile.Clauses {
		if c.Head == "swz0/4" && c.Facts != 2 {
			t.Errorf("swz0/4 derived %d facts, want 2: %+v", c.Facts, c)
		}
		if c.Head == "live/1" && c.Phase != "pre" {
			t.Errorf("live/1 profiled in phase %s", c.Phase)
		}
	}
	// the stratum times are shared out, not invented: they add up to the
	// evaluations' time (up to rounding, a nanosecond a clause)
	if tot := o.Profile.EvalTime.Nanoseconds(); sum > tot+int64(len(o.Profile.Clauses)) || sum < tot/2 {
		t.Errorf("clause times add up to %dns, the evaluations took %dns", sum, tot)
	}
	if o.Profile.Evals["level"] != 6 || o.Profile.Evals["pre"] != 1 || o.Profile.Evals["post"] != 1 {
		t.Errorf("evaluations per phase: %v", o.Profile.Evals)
	}
	// profiling changes nothing the evaluation decides
	plain := eval.Evaluate(g, p, eval.Options{Engine: engine})
	if strings.Join(classes(plain), ",") != strings.Join(classes(o), ",") {
		t.Errorf("classes with profile %v, without %v", classes(o), classes(plain))
	}
	if tab := o.Profile.Table(3); strings.Count(tab, "\n") != 5 || !strings.Contains(tab, "evaluation time") {
		t.Errorf("Table(3):\n%s", tab)
	}
}

func classes(o *eval.Outcome) []string {
	var s []string
	for _, c := range o.Class {
		s = append(s, strconv.Itoa(int(c)))
	}
	return s
}

// TestCoverageCountsWhatTheProfileCounts: Options.Coverage keeps only the
// clauses of the level phase with a head the driver reads (sig, foldtype,
// fold, alias, rewrite), and counts for each the facts the full profile
// counts, in the one evaluation; CoverageFile keeps one file's clauses.
func TestCoverageCountsWhatTheProfileCounts(t *testing.T) {
	for _, engine := range []string{eval.EngineMangle, eval.EngineCompiled} {
		t.Run(engine, func(t *testing.T) { testCoverageCounts(t, engine) })
	}
}

func testCoverageCounts(t *testing.T, engine string) {
	g := profileGraph()
	p := loadTestPack(t, "testdata/profile.mg")
	full := eval.Evaluate(g, p, eval.Options{Profile: true, Engine: engine})
	cov := eval.Evaluate(g, p, eval.Options{Coverage: true, Engine: engine})
	if !full.Stop.Answered() || !cov.Stop.Answered() || cov.Profile == nil {
		t.Fatalf("stopped or no coverage: %v %v %v", full.Stop, cov.Stop, cov.Diags)
	}
	want := map[string]int{}
	for _, c := range full.Profile.Clauses {
		switch c.Head {
		case "sig/2", "foldtype/2", "fold/3", "alias/3", "rewrite/4":
			if c.Phase == "level" {
				want[c.Pos.String()] = c.Facts
			}
		}
	}
	if len(want) == 0 {
		t.Fatal("the test pack has no merging clause")
	}
	fired := 0
	for _, c := range cov.Profile.Clauses {
		n, ok := want[c.Pos.String()]
		if !ok {
			t.Errorf("coverage counts %s (%s), not a merging clause", c.Pos, c.Head)
			continue
		}
		if c.Facts != n {
			t.Errorf("%s: coverage counts %d facts, the profile %d", c.Pos, c.Facts, n)
		}
		if n > 0 {
			fired++
		}
		delete(want, c.Pos.String())
	}
	for pos := range want {
		t.Errorf("coverage lacks %s", pos)
	}
	if fired == 0 {
		t.Error("no merging clause fired: the comparison proves nothing")
	}
	other := eval.Evaluate(g, p, eval.Options{Coverage: true, CoverageFile: "no-such-file.mg", Engine: engine})
	if other.Profile == nil || len(other.Profile.Clauses) != 0 {
		t.Errorf("CoverageFile of another file kept clauses: %+v", other.Profile)
	}
}

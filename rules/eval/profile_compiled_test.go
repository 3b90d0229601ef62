package eval_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

// The compiled evaluator serves Options.Profile and Options.Coverage
// itself (rules/compiled/profile.go), and is held to Mangle's engine:
// on every built-in pack and every example pack, over irgen graphs, both
// engines list the same clauses, in one order, with the same positions,
// and count the same facts, evaluations and productive evaluations per
// clause (times are not compared), and the outcomes are the same.

// profileGraphs is how many graphs per pack and mode.
func profileGraphs() int {
	if testing.Short() {
		return 40
	}
	return 200
}

// clauseCounts is a profile's clauses without their times, one a line.
func clauseCounts(p *eval.Profile) string {
	if p == nil {
		return "no profile"
	}
	var b strings.Builder
	for _, c := range p.Clauses {
		fmt.Fprintf(&b, "%s %s %s %d facts %d evals %d productive stratum %d %q error %q\n",
			c.Phase, c.Head, c.Pos, c.Facts, c.Evals, c.Productive, c.Stratum, c.Clause, c.Error)
	}
	fmt.Fprintf(&b, "evaluations %v\n", p.Evals)
	return b.String()
}

// firstDiff is the first line two texts differ in.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for k := 0; k < max(len(al), len(bl)); k++ {
		var x, y string
		if k < len(al) {
			x = al[k]
		}
		if k < len(bl) {
			y = bl[k]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  mangle   %s\n  compiled %s", k+1, x, y)
		}
	}
	return ""
}

// profileModes are the profiles asked of pack p: the full profile,
// coverage, and for a pack in a file of its own, its own clauses'
// coverage.
func profileModes(p *pack.Pack) map[string]eval.Options {
	modes := map[string]eval.Options{"profile": {Profile: true}, "coverage": {Coverage: true}}
	if f := p.Pos().File; strings.HasSuffix(f, ".mg") {
		if _, err := os.Stat(f); err == nil {
			modes["coverage-file"] = eval.Options{Coverage: true, CoverageFile: f}
		}
	}
	return modes
}

func TestCompiledProfilesAsMangleDoes(t *testing.T) {
	n := profileGraphs()
	for _, p := range diffPacks(t) {
		for mode, opt := range profileModes(p) {
			t.Run(p.Name+"/"+mode, func(t *testing.T) {
				gs := diffGraphsFor(11, n)
				if strings.Contains(p.Name, "legacy") {
					for _, g := range gs {
						g.Legacy = true
					}
				}
				mopt, copt := opt, opt
				mopt.Engine, copt.Engine = eval.EngineMangle, eval.EngineCompiled
				m := eval.RunBatch(gs, p, mopt)
				c := eval.RunBatch(gs, p, copt)
				if m.Profiled != len(gs) || c.Profiled != len(gs) {
					t.Fatalf("profiled %d graphs on Mangle, %d compiled, want %d", m.Profiled, c.Profiled, len(gs))
				}
				mc, cc := clauseCounts(m.Profile), clauseCounts(c.Profile)
				if d := firstDiff(mc, cc); d != "" {
					t.Fatalf("the batch's profiles differ at %s", d)
				}
				if len(c.Profile.Clauses) == 0 && mode != "coverage-file" {
					t.Fatal("no clause profiled")
				}
				if fired := clausesFired(c.Profile); fired == 0 && len(c.Profile.Clauses) > 0 {
					t.Fatal("no clause derived a fact: the comparison proves little")
				}
				for i := range gs {
					if o := c.Outcomes[i]; o.Engine != eval.EngineCompiled || o.EngineNote != "" {
						t.Fatalf("graph %d ran on %q (%s), want compiled", i, o.Engine, o.EngineNote)
					}
					if got, want := decided(c.Results[i], c.Outcomes[i]), decided(m.Results[i], m.Outcomes[i]); stripEngine(got) != stripEngine(want) {
						t.Fatalf("graph %d: compiled\n%s\nmangle\n%s", i, got, want)
					}
					if d := firstDiff(clauseCounts(m.Outcomes[i].Profile), clauseCounts(c.Outcomes[i].Profile)); d != "" {
						t.Fatalf("graph %d: its profiles differ at %s", i, d)
					}
				}
			})
		}
	}
}

func clausesFired(p *eval.Profile) int {
	n := 0
	for _, c := range p.Clauses {
		if c.Facts > 0 {
			n++
		}
	}
	return n
}

// stripEngine drops decided's engine line, the one thing the engines
// may differ in.
func stripEngine(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "engine ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestMixedEngineProfiles: a pack whose level program the compiled
// evaluator cannot run (a transform) runs that phase on Mangle's engine
// and the others compiled ("mixed"); its profile re-runs each phase's
// clauses on the engine that ran the phase, and counts what Mangle's
// engine alone counts.
func TestMixedEngineProfiles(t *testing.T) {
	src := "# pack: counted\n# extends: reuse-2.0\n" +
		"nargs(N, C) :- arg(N, _, _, _, _) |> do fn:group_by(N), let C = fn:count().\n" +
		"sig(N, S) :- nargs(N, C), C > 1, S = fn:string:concat(\"wide|\", N).\n"
	p, l := pack.ParsePack("counted.mg", src)
	if p == nil || l.HasErrors() {
		t.Fatalf("the pack does not load: %v", l.Items)
	}
	gs := diffGraphsFor(5, 30)
	for _, opt := range []eval.Options{{Profile: true}, {Coverage: true}} {
		mopt, copt := opt, opt
		mopt.Engine, copt.Engine = eval.EngineMangle, eval.EngineCompiled
		m := eval.RunBatch(gs, p, mopt)
		c := eval.RunBatch(gs, p, copt)
		if o := c.Outcomes[0]; o.Engine != "mixed" {
			t.Fatalf("ran on %q (%s), want mixed", o.Engine, o.EngineNote)
		}
		if d := firstDiff(clauseCounts(m.Profile), clauseCounts(c.Profile)); d != "" {
			t.Fatalf("%+v: the profiles differ at %s", opt, d)
		}
		if clausesFired(c.Profile) == 0 {
			t.Fatalf("%+v: no clause fired", opt)
		}
		for i := range gs {
			if d := firstDiff(clauseCounts(m.Outcomes[i].Profile), clauseCounts(c.Outcomes[i].Profile)); d != "" {
				t.Fatalf("%+v, graph %d: the profiles differ at %s", opt, i, d)
			}
		}
	}
}

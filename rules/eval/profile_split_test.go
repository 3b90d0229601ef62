package eval_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

// splitGraphs are graphs of mixed sizes, two with a level wider than a
// level chunk (1,024 nodes): chunked alone, where the union's chunks are
// not the graph's; and two without nodes, the last one among them.
func splitGraphs() []*ir.Graph {
	var gs []*ir.Graph
	sizes := []int{6, 40, 130, 9, 5000, 75, 18, 5200, 55, 300}
	for k, n := range sizes {
		cfg := irgen.Config{Seed: uint64(700 + k), Nodes: n, DupRate: float64(k%4) / 4}
		if k%3 == 1 {
			cfg.Shape = irgen.Deep
		}
		gs = append(gs, irgen.Generate(cfg))
		if k == 3 || k == len(sizes)-1 {
			gs = append(gs, &ir.Graph{Kind: gs[0].Kind, Name: "empty", Sink: -1})
		}
	}
	return gs
}

// widestLevel is the most live nodes of g at one DAG level, as the
// driver levels them.
func widestLevel(g *ir.Graph, live []bool) int {
	lv := make([]int, len(g.Nodes))
	width := map[int]int{}
	most := 0
	for i, n := range g.Nodes {
		if !live[i] {
			continue
		}
		n.Inputs(func(r ir.Ref) {
			if r.Node >= 0 && r.Node < i && live[r.Node] {
				lv[i] = max(lv[i], lv[r.Node]+1)
			}
		})
		width[lv[i]]++
		most = max(most, width[lv[i]])
	}
	return most
}

// tableRow matches a profiled clause that is a table row, such as
// idx(4, 1).: its head's first argument is a constant, and a batch keeps
// its facts in the batch's profile only (rules/eval/profile_split.go).
var tableRow = regexp.MustCompile(`^[a-z_0-9]+\(("|-?[0-9])`)

// TestBatchProfileSharesAreEachGraphs: with Coverage or Profile, each
// graph's Outcome of a batch holds its own share of the batch's profile,
// whose facts, evaluations and productive evaluations per clause are
// what the graph evaluated alone gives, on both engines, for reuse-2.0
// and a research pack; a table row's facts stay in the batch's profile.
func TestBatchProfileSharesAreEachGraphs(t *testing.T) {
	gs := splitGraphs()
	for _, name := range []string{"reuse-2.0", "ranges"} {
		p := rulestest.MustPack(t, name)
		for _, engine := range []string{eval.EngineMangle, eval.EngineCompiled} {
			for _, opt := range []eval.Options{{Coverage: true}, {Profile: true}} {
				if testing.Short() && engine == eval.EngineMangle && opt.Profile {
					continue // the slowest: every clause re-run on Mangle's engine per level
				}
				opt.Engine = engine
				what := fmt.Sprintf("%s on %s, profile %v", name, engine, opt.Profile)
				outs := eval.EvaluateBatch(gs, p, opt)
				wide, fired, rows := 0, 0, 0
				for i, g := range gs {
					alone := eval.Evaluate(g, p, opt)
					if alone.Profile == nil || outs[i].Profile == nil {
						t.Fatalf("%s, graph %d: no profile", what, i)
					}
					if widestLevel(g, alone.Live) > 1024 {
						wide++
					}
					a, b := alone.Profile, outs[i].Profile
					if len(a.Clauses) != len(b.Clauses) || fmt.Sprint(a.Evals) != fmt.Sprint(b.Evals) {
						t.Fatalf("%s, graph %d: %d clauses, evaluations %v alone; %d, %v batched", what, i, len(a.Clauses), a.Evals, len(b.Clauses), b.Evals)
					}
					for k, ca := range a.Clauses {
						cb := b.Clauses[k]
						if tableRow.MatchString(ca.Clause) {
							if cb.Facts != 0 || cb.Productive != 0 || cb.Evals != ca.Evals {
								t.Errorf("%s, graph %d, %s %s: the batch gave a table row's facts to the graph: %+v", what, i, ca.Pos, ca.Clause, cb)
							}
							rows++
							continue
						}
						if ca.Pos != cb.Pos || ca.Clause != cb.Clause || ca.Facts != cb.Facts || ca.Evals != cb.Evals || ca.Productive != cb.Productive {
							t.Errorf("%s, graph %d (%d nodes), %s %s: alone %d facts in %d of %d evaluations, batched %d in %d of %d",
								what, i, len(g.Nodes), ca.Pos, ca.Clause, ca.Facts, ca.Productive, ca.Evals, cb.Facts, cb.Productive, cb.Evals)
						}
						if ca.Facts > 0 {
							fired++
						}
					}
					if len(g.Nodes) > 0 && b.EvalTime <= 0 {
						t.Errorf("%s, graph %d: no share of the batch's time: %v", what, i, b.EvalTime)
					}
				}
				if wide < 2 {
					t.Fatalf("%s: %d graphs with a level wider than a chunk: the chunks are not tested", what, wide)
				}
				if fired < len(gs)-2 {
					t.Fatalf("%s: only %d clause counts fired: the comparison proves little", what, fired)
				}
				if opt.Profile && rows == 0 {
					t.Fatalf("%s: no table row profiled", what)
				}
			}
		}
	}
}

// TestBatchProfileSharesAddUp: the shares of a batch's time add up to
// the batch's (they are apportioned, the last graph taking the
// rounding's rest), and the shares' facts to the batch's, but for the
// table rows kept in the batch's profile.
func TestBatchProfileSharesAddUp(t *testing.T) {
	var gs []*ir.Graph
	for k := range 30 {
		gs = append(gs, irgen.Generate(irgen.Config{Seed: uint64(900 + k), Nodes: 10 + 9*k, DupRate: 0.4}))
	}
	p := rulestest.MustPack(t, "reuse-2.0")
	b := eval.RunBatch(gs, p, eval.Options{Engine: eval.EngineCompiled, Profile: true})
	if b.Profile == nil || b.Profiled != len(gs) {
		t.Fatalf("profiled %d of %d graphs", b.Profiled, len(gs))
	}
	var sum eval.Profile
	for _, o := range b.Outcomes {
		sum.Add(o.Profile)
	}
	if sum.EvalTime != b.Profile.EvalTime {
		t.Errorf("the shares' evaluation time adds up to %v, the batch's is %v", sum.EvalTime, b.Profile.EvalTime)
	}
	for k, c := range b.Profile.Clauses {
		s := sum.Clauses[k]
		if s.Time != c.Time || s.StratumTime != c.StratumTime {
			t.Errorf("%s: the shares' times %v, %v; the batch's %v, %v", c.Pos, s.Time, s.StratumTime, c.Time, c.StratumTime)
		}
		if want := c.Facts; !tableRow.MatchString(c.Clause) && s.Facts != want {
			t.Errorf("%s: the shares' facts add up to %d, the batch's are %d", c.Pos, s.Facts, want)
		}
	}
	if !strings.Contains(b.Profile.Table(1), "evaluation time") {
		t.Error("the batch's profile prints no table")
	}
}

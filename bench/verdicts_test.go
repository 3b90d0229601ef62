package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"reuselab/bench/internal/benchtest"
	"reuselab/ir"
)

// fakeChecker runs the toy pack and records what bench handed it.
type fakeChecker struct {
	engine *benchtest.Toy
	mu     sync.Mutex
	runs   int
	dones  int
	versus int // dones whose Seen had the versus column's answer
	panics bool
}

func (f *fakeChecker) Run(g *ir.Graph, lim ir.Limits) (*ir.Result, func(Seen) []string) {
	f.mu.Lock()
	f.runs++
	f.mu.Unlock()
	res := f.engine.Run(g, lim)
	return res, func(s Seen) []string {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.dones++
		if s.Versus != nil && s.Versus.Mode == "2.0" {
			f.versus++
		}
		if f.panics && g.Name == "A2" {
			panic("judging A2")
		}
		return []string{"note on " + g.Name}
	}
}

func (f *fakeChecker) Verdict() Verdict {
	return Verdict{Verdict: "not-exercised", Words: "not exercised", Why: "a merging clause of its own never fired on this input", Total: 2,
		Clauses: []ClauseVerdict{{At: "p.mg:3", Head: "sig/2", Clause: "sig(N, S) :- cur(N, \"Subtract\", 2).", Verdict: "not-exercised", Words: "not exercised"}}}
}

// A variant with a Checker is run through it, once per asset, and judged
// after the asset with the answer of the column it is held against; its
// notes come in source order, at most maxVerdictNotes, and a panic while
// judging is one more note, not a lost run. report.md says the verdict.
func TestCheckerRunsInPlaceOfTheEngine(t *testing.T) {
	root := writeCorpus(t, false)
	srcs, err := Discover([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	fake := &fakeChecker{engine: &benchtest.Toy{Kind: "datalog", Label: "p", Merges: true}, panics: true}
	cfg := toyConfig(2)
	cfg.Variants = append(cfg.Variants, Variant{Name: "datalog:p", Engine: fake.engine, Versus: "2.0", Check: fake})
	files := Run(cfg, srcs)
	assets := len(Assets(files))
	if fake.runs != assets || fake.dones != assets || fake.versus != assets {
		t.Errorf("%d assets: the checker ran %d, was done %d, saw 2.0's answer %d times", assets, fake.runs, fake.dones, fake.versus)
	}
	s := Summarize(cfg, files)
	if len(s.Verdicts) != 1 {
		t.Fatalf("verdicts %+v, want the checked variant's", s.Verdicts)
	}
	v := s.Verdicts[0]
	if v.Variant != "datalog:p" || v.NotesTotal != assets || len(v.Notes) != min(assets, maxVerdictNotes) {
		t.Errorf("verdict %s with %d of %d notes, want datalog:p's with %d of %d", v.Variant, len(v.Notes), v.NotesTotal, min(assets, maxVerdictNotes), assets)
	}
	var order []string
	for _, a := range Assets(files) {
		order = append(order, a.Asset)
	}
	for i, n := range v.Notes {
		want := "note on " + order[i]
		if order[i] == "A2" {
			want = "internal error while judging the asset: judging A2"
		}
		if n.Note != want || n.Asset != order[i] {
			t.Errorf("note %d: %s %q, want %s %q", i, n.Asset, n.Note, order[i], want)
		}
	}
	md := Markdown(s)
	for _, want := range []string{"### `datalog:p`: not exercised", "Verdict: **not exercised** (a merging clause of its own never fired on this input). 0 of 2 merging clauses fired",
		"| 0 | not exercised | `p.mg:3` | `sig(N, S) :- cur(N, \"Subtract\", 2).` |", fmt.Sprintf("- … %d more", assets-maxVerdictNotes)} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	if i, j := strings.Index(md, "## Verdicts"), strings.Index(md, "## Timings"); i < 0 || i > j {
		t.Errorf("the verdicts are not above the machine-dependent Timings")
	}
}

// A run without checkers writes no verdicts: summary.json has no
// "verdicts" key and report.md no section.
func TestNoCheckerNoVerdicts(t *testing.T) {
	out := runTo(t, writeCorpus(t, false), 1)
	for _, f := range []string{SummaryJSON, ReportMD} {
		b, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "erdict") {
			t.Errorf("%s speaks of verdicts without a checker", f)
		}
	}
}

package verdict

import (
	"encoding/json"
	"io/fs"
	"os"
	"reflect"
	"strings"
	"testing"

	"reuselab/bench"
	"reuselab/bench/corpus"
	"reuselab/compiler"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
)

// A user's pack (rules/examples/unsound.mg) is evaluated in a child
// process, which is this test binary re-executed: serve it.
func TestMain(m *testing.M) {
	eval.MaybeChild()
	os.Exit(m.Run())
}

const unsoundMG = "../../rules/examples/unsound.mg"

func loadPack(t *testing.T, name string) *engines.Pack {
	t.Helper()
	e, ds := engines.Resolve(name, ir.Limits{})
	if e == nil || ds.HasErrors() {
		t.Fatalf("%s: %s", name, ds.Report())
	}
	return e.(*engines.Pack)
}

func compileRaw(path, root string, read bench.ReadFunc) (*ir.Module, diag.List) {
	return compiler.CompileFile(path, compiler.Options{Root: root, ReadFile: read})
}

// run benches variants over sources; the checkers are the variants'.
func run(t *testing.T, sources []bench.Source, read bench.ReadFunc, jobs int, variants ...bench.Variant) *bench.Summary {
	t.Helper()
	cfg := bench.Config{Compile: compileRaw, Read: read, Variants: variants, Jobs: jobs}
	return bench.Summarize(cfg, bench.Run(cfg, sources))
}

func packVariant(p *engines.Pack, c *Checker) bench.Variant {
	return bench.Variant{Name: "datalog:" + p.Name(), Engine: p, Versus: reuse.Versus(p), Check: c}
}

func refVariant(mode string) bench.Variant {
	return bench.Variant{Name: mode, Engine: engines.MustResolve(mode)}
}

// bench's Verdict is verify.Judgment's JSON, field for field, with the
// variant, proofs and notes beside it: summary.json says what validate
// would.
func TestVerdictJSONIsTheJudgments(t *testing.T) {
	p := loadPack(t, unsoundMG)
	c := New(p, Options{})
	defer c.Close()
	sources, _, err := bench.DiscoverAll([]string{"../../rules/examples/M_Subtract.dsm", "../../rules/examples/M_Double.dsm"})
	if err != nil {
		t.Fatal(err)
	}
	s := run(t, sources, nil, 1, refVariant("2.0"), packVariant(p, c))
	if len(s.Verdicts) != 1 {
		t.Fatalf("%d verdicts, want the pack's", len(s.Verdicts))
	}
	var got, want map[string]any
	b, _ := json.Marshal(s.Verdicts[0])
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(c.Judgment())
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if got["variant"] != "datalog:unsound" {
		t.Errorf("variant %v", got["variant"])
	}
	for _, k := range []string{"variant", "proofs", "notes", "notesTotal"} {
		delete(got, k)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("bench's verdict\n%v\nis not verify.Judgment's\n%v", got, want)
	}
	if want["verdict"] != "refuted" || want["clausesFired"] != 2.0 {
		t.Errorf("judgment %v: want refuted (M_Subtract's Subtracts merged), both clauses fired", want)
	}
}

// The verdicts, with the clauses summed from workers in any order, are
// the same whatever the parallelism.
func TestVerdictsDoNotDependOnTheJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("benches the embedded corpus twice")
	}
	sources, err := bench.DiscoverFS(corpus.FS, ".", "embedded")
	if err != nil {
		t.Fatal(err)
	}
	read := func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) }
	var got [2][]bench.Verdict
	for i, jobs := range []int{1, 2} {
		var vs []bench.Variant
		vs = append(vs, refVariant("2.0"))
		for _, name := range []string{"commutative", "identities", "reuse-2.0"} {
			p := loadPack(t, name)
			c := New(p, Options{Coverage: true})
			defer c.Close()
			vs = append(vs, packVariant(p, c))
		}
		got[i] = run(t, sources, read, jobs, vs...).Verdicts
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("verdicts with 1 job\n%+v\nwith 2\n%+v", got[0], got[1])
	}
	fired := 0
	for _, v := range got[0] {
		fired += v.Fired
	}
	if len(got[0]) != 3 || fired == 0 {
		t.Errorf("verdicts %+v: want three, some clauses fired", got[0])
	}
}

// Without the column it is held against, the checker runs the reference
// itself, and it evaluates the extra merges bench did not: the unsound
// pack is refuted on M_Subtract all the same, with a note saying why.
func TestCheckerEvaluatesWhatBenchDidNot(t *testing.T) {
	p := loadPack(t, unsoundMG)
	c := New(p, Options{})
	defer c.Close()
	sources, _, err := bench.DiscoverAll([]string{"../../rules/examples/M_Subtract.dsm"})
	if err != nil {
		t.Fatal(err)
	}
	s := run(t, sources, nil, 1, packVariant(p, c))
	if len(s.Research) != 0 {
		t.Fatalf("bench measured the pack against a column: %+v", s.Research)
	}
	v := s.Verdicts[0]
	if v.Verdict != "refuted" || v.NotesTotal != 1 || !strings.Contains(v.Notes[0].Note, "unsound fails evaluation") {
		t.Errorf("verdict %+v: want refuted by the checker's own evaluation", v)
	}
}

// alone hides a Checker's batches: bench then runs its pack asset by asset.
type alone struct{ c *Checker }

func (a alone) Run(g *ir.Graph, lim ir.Limits) (*ir.Result, func(bench.Seen) []string) {
	return a.c.Run(g, lim)
}
func (a alone) Verdict() bench.Verdict { return a.c.Verdict() }

// A Checker judges a batch from one evaluation of it, counting clauses
// too (each asset's share of the batch's profile), and its verdicts,
// clause counts, disagreements and counts are those of the pack run
// asset by asset: mirroring packs with and without counting, and a
// research pack, which always counts.
func TestBatchedCheckerJudgesAsAlone(t *testing.T) {
	sources, err := bench.DiscoverFS(corpus.FS, ".", "embedded")
	if err != nil {
		t.Fatal(err)
	}
	read := func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) }
	var got [2]*bench.Summary
	for i, batched := range []bool{true, false} {
		vs := []bench.Variant{refVariant("2.0"), refVariant("1x")}
		for _, pc := range []struct {
			name  string
			count bool
		}{{"reuse-2.0", false}, {"legacy-1x", true}, {"identities", false}} {
			p := loadPack(t, pc.name)
			c := New(p, Options{Coverage: pc.count})
			defer c.Close()
			if _, ok := any(c).(bench.BatchChecker); !ok {
				t.Fatalf("%s: the Checker does not batch", pc.name)
			}
			v := packVariant(p, c)
			if !batched {
				v.Engine, v.Check = struct{ reuse.Engine }{p}, alone{c}
			}
			vs = append(vs, v)
		}
		got[i] = run(t, sources, read, 1, vs...)
	}
	a, b := got[0], got[1]
	if !reflect.DeepEqual(a.Verdicts, b.Verdicts) || !reflect.DeepEqual(a.Overall, b.Overall) || !reflect.DeepEqual(a.Disagreements, b.Disagreements) {
		t.Errorf("batched: %+v\n%+v\nalone: %+v\n%+v", a.Verdicts, a.Overall, b.Verdicts, b.Overall)
	}
	if len(a.Verdicts) != 3 || a.Verdicts[0].Verdict != "agrees" || a.Overall.Assets < 10 {
		t.Errorf("verdicts %+v over %d assets: want three, reuse-2.0 agreeing", a.Verdicts, a.Overall.Assets)
	}
	fired := 0
	for _, v := range a.Verdicts {
		for _, cl := range v.Clauses {
			fired += cl.Fired
		}
	}
	if fired == 0 {
		t.Error("no clause counted as fired: the comparison of counts compares nothing")
	}
}

package bench_test

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"reuselab/bench"
	"reuselab/bench/corpus"
	"reuselab/emit"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/pack"
)

// researchConfig runs the reference 2.0, reuse-2.0 and the research packs
// named, with asset nodes counted by class as `reuselab bench` does.
func researchConfig(t *testing.T, read bench.ReadFunc, packs ...string) bench.Config {
	t.Helper()
	vs := []bench.Variant{reference("2.0")}
	for _, name := range append([]string{"reuse-2.0"}, packs...) {
		e, ds := engines.Resolve(name, ir.Limits{})
		if e == nil || ds.HasErrors() {
			t.Fatalf("%s: %s", name, ds.String())
		}
		vs = append(vs, bench.Variant{Name: "datalog:" + e.Name(), Engine: e, Versus: reuse.Versus(e)})
	}
	return bench.Config{Compile: compileRaw, Read: read, Variants: vs, Jobs: 2,
		AssetClasses: func(r *ir.Result) (map[string]int, bool) {
			m := map[string]int{}
			for _, n := range emit.FromGraph(r.Graph, nil, emit.Options{}).Nodes {
				m[n.Class]++
			}
			return m, true
		}}
}

// memCorpus serves sources from a map, one corpus per top folder.
func memCorpus(t *testing.T, files map[string]string) ([]bench.Source, bench.ReadFunc) {
	t.Helper()
	var srcs []bench.Source
	for name := range files {
		corpus, rel, _ := strings.Cut(name, "/")
		srcs = append(srcs, bench.Source{Corpus: corpus, Rel: rel, Path: name, Root: corpus})
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	return srcs, read
}

// opacity is a 1.x material whose opacity is c*3 + d, for two scalar
// expressions c and d.
func opacity(c, d string) string {
	return fmt.Sprintf(`Shader(Name="M_Research")
{
    Properties = {
        vec3 V = vec3(1.0, 0.5, 0.2);
        float A = 0.5;
        float B = 0.25;
    }
    Outputs = {
        float Alpha;
        Base.Opacity = Alpha;
    }
    Graph = {
        float c = %s;
        float d = %s;
        Alpha = c * 3.0 + d;
    }
}
`, c, d)
}

func research(t *testing.T, s *bench.Summary, variant string) bench.ResearchPack {
	t.Helper()
	for _, rp := range s.Research {
		if rp.Variant == variant {
			return rp
		}
	}
	t.Fatalf("no research entry for %s in %+v", variant, s.Research)
	return bench.ResearchPack{}
}

func corpusRow(t *testing.T, rp bench.ResearchPack, name string) bench.ResearchCorpus {
	t.Helper()
	for _, c := range rp.Corpora {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("%s has no row for corpus %s", rp.Variant, name)
	return bench.ResearchCorpus{}
}

// TestResearchCommutative: B*A and A*B are one node only under the
// commutative pack. In a corpus of one such material, the pack's section
// counts exactly that merge, under Multiply, in IR and in asset nodes, and
// nothing in a corpus without commuted operands; reuse-2.0, the column it
// is measured against, is no research pack itself.
func TestResearchCommutative(t *testing.T) {
	srcs, read := memCorpus(t, map[string]string{
		"comm/M_Comm.dsm":   opacity("A * B", "B * A"),
		"plain/M_Plain.dsm": opacity("A + 1.0", "B"),
	})
	cfg := researchConfig(t, read, "commutative")
	s := bench.Summarize(cfg, bench.Run(cfg, srcs))
	one := cfg
	one.Jobs = 1
	if a, b := bench.Markdown(s), bench.Markdown(bench.Summarize(one, bench.Run(one, srcs))); a != b {
		t.Errorf("report.md differs between 2 jobs and 1:\n%s\n----\n%s", a, b)
	}
	if len(s.Research) != 1 {
		t.Fatalf("research packs %+v, want commutative alone", s.Research)
	}
	comm := research(t, s, "datalog:commutative")
	if comm.Versus != "datalog:reuse-2.0" {
		t.Errorf("commutative is measured against %q, want datalog:reuse-2.0", comm.Versus)
	}
	c := corpusRow(t, comm, "comm")
	if c.More != 1 || c.Fewer != 0 || c.Evaluated != 1 || c.Mismatches != 0 || c.ExtraIR != 1 || fmt.Sprint(c.ExtraIRByOp) != "map[Multiply:1]" ||
		fmt.Sprint(c.ExtraMergedByOp) != "map[Multiply:1]" || *c.ExtraAsset != 1 || fmt.Sprint(c.ExtraAssetByClass) != "map[Multiply:1]" {
		t.Errorf("commutative on B*A = A*B: %+v, want one extra Multiply merge in IR and asset nodes", c)
	}
	if c := corpusRow(t, comm, "plain"); c.ExtraIR != 0 || c.Evaluated != 0 || len(c.ExtraIRByOp) != 0 || len(c.ExtraMergedByOp) != 0 || *c.ExtraAsset != 0 {
		t.Errorf("commutative merges more in a corpus without commuted operands: %+v", c)
	}
	md := bench.Markdown(s)
	for _, want := range []string{
		"## Research packs: what each merges beyond reuse-2.0",
		"is **evaluated**: the pack's graph against the raw graph on 64 random input vectors",
		"Evaluation: 1 changed assets, no mismatch.",
		"### `datalog:commutative`",
		"| comm | 1 | 1 | 0 |",
		"| Multiply | 1 | 1 |",
		"No extra merge in `plain`.",
		"(asset nodes, `datalog:reuse-2.0` minus the pack): Multiply 1.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
}

// TestResearchSwizzleAppend: c = V.zyx.yx.y is V.z only under
// swizzle-append. V.zyx is built as Append(Append(V.z, V.y), V.x), .yx as
// the Append of its channels 1 and 0, and .y as channel 1 of that: three
// one-channel Swizzles of an Append, which the pack reads through to V.y,
// V.z and V.z, so three extra Swizzle merges. The three Appends are then
// read no more, nor are V.y and V.x (only they read them): eight IR nodes,
// five Swizzles and three Appends.
func TestResearchSwizzleAppend(t *testing.T) {
	srcs, read := memCorpus(t, map[string]string{
		"swz/M_Swz.dsm":     opacity("V.zyx.yx.y", "V.z"),
		"plain/M_Plain.dsm": opacity("A + 1.0", "B"),
	})
	cfg := researchConfig(t, read, "swizzle-append")
	s := bench.Summarize(cfg, bench.Run(cfg, srcs))
	swz := research(t, s, "datalog:swizzle-append")
	c := corpusRow(t, swz, "swz")
	if c.More != 1 || c.Fewer != 0 || c.Evaluated != 1 || c.Mismatches != 0 || c.ExtraIR != 8 || fmt.Sprint(c.ExtraMergedByOp) != "map[Swizzle:3]" || fmt.Sprint(c.ExtraIRByOp) != "map[Append:3 Swizzle:5]" {
		t.Errorf("swizzle-append on V.zyx.yx.y = V.z: %+v, want 3 extra Swizzle merges and 8 IR nodes fewer (Swizzle 5, Append 3)", c)
	}
	classes := 0
	for _, n := range c.ExtraAssetByClass {
		classes += n
	}
	if c.ExtraAssetByClass["AppendVector"] != 3 || c.ExtraAssetByClass["ComponentMask"] <= 0 || classes != *c.ExtraAsset {
		t.Errorf("asset nodes: %d fewer, by class %v; want the three AppendVectors, some ComponentMasks, and the sum", *c.ExtraAsset, c.ExtraAssetByClass)
	}
	sum := 0
	for _, n := range c.ExtraIRByOp {
		sum += n
	}
	if sum != c.ExtraIR || c.ExtraIR != c.BaseIR-c.PackIR {
		t.Errorf("extra IR %d is not base − pack (%d − %d) or not the sum over operations %v", c.ExtraIR, c.BaseIR, c.PackIR, c.ExtraIRByOp)
	}
	if all := swz.Corpora[len(swz.Corpora)-1]; all.Name != "all" || all.ExtraIR != c.ExtraIR || *all.ExtraAsset != *c.ExtraAsset {
		t.Errorf("the overall row %+v is not the one corpus that changes, %+v", all, c)
	}
	if p := corpusRow(t, swz, "plain"); p.ExtraIR != 0 || len(p.ExtraMergedByOp) != 0 {
		t.Errorf("swizzle-append merges more in a corpus without swizzles: %+v", p)
	}
	md := bench.Markdown(s)
	for _, want := range []string{"| swz | 1 | 1 | 0 |", "| Swizzle 5, Append 3 |", "| Append | 3 | 0 |", "| Swizzle | 5 | 3 |"} {
		if !strings.Contains(md, want) {
			t.Errorf("report.md lacks %q:\n%s", want, md)
		}
	}
}

// TestResearchGeneratedSwizzles: on the embedded generated corpus,
// swizzle-append's extra merges are the IR nodes it leaves fewer than
// reuse-2.0, asset by asset, and among them Swizzles.
func TestResearchGeneratedSwizzles(t *testing.T) {
	srcs, err := bench.DiscoverFS(corpus.FS, "generated", "generated")
	if err != nil {
		t.Fatal(err)
	}
	cfg := researchConfig(t, func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) }, "swizzle-append")
	files := bench.Run(cfg, srcs)
	s := bench.Summarize(cfg, files)
	all := research(t, s, "datalog:swizzle-append").Corpora
	row := all[len(all)-1]
	// Independently of the summary: the surviving nodes of each run.
	base, pack, more := 0, 0, 0
	for _, a := range bench.Assets(files) {
		b, p := a.Runs[1], a.Runs[2]
		if b.Err != "" || p.Err != "" {
			continue
		}
		base += b.IRNodes
		pack += p.IRNodes
		if p.IRNodes < b.IRNodes {
			more++
		}
	}
	if row.ExtraIR != base-pack || row.More != more || row.Fewer != 0 {
		t.Errorf("overall %+v; the runs say extra %d over %d assets", row, base-pack, more)
	}
	if row.ExtraMergedByOp["Swizzle"] <= 0 {
		t.Errorf("swizzle-append merges no extra Swizzle on the generated corpus: %+v", row)
	}
}

// wrongPack makes x + y and x * y one node: wrong wherever they differ.
const wrongPack = `# pack: add-is-multiply
# extends: reuse-2.0
# claims: reuse-2.0, plus: x + y and x * y are one node (wrong on purpose).
# touches: Add, Multiply.
addmul(N, R, Q, R2, Q2) :- cur(N, "Add", 2), role(N, "value"), !folds(N),
    arg(N, 0, "", R, Q), arg(N, 1, "", R2, Q2).
addmul(N, R, Q, R2, Q2) :- cur(N, "Multiply", 2), role(N, "value"), !folds(N),
    arg(N, 0, "", R, Q), arg(N, 1, "", R2, Q2).
sig(N, S) :- addmul(N, R, Q, R2, Q2), output(N, 0, _, T),
    S = fn:string:concat("addmul|", T, "|", R, "#", Q, "|", R2, "#", Q2).
`

// TestResearchEvaluationCatchesAWrongPack: a pack that makes A + B and
// A * B one node changes the asset that has both, and bench's evaluation of
// that asset mismatches; the asset without them is not evaluated.
func TestResearchEvaluationCatchesAWrongPack(t *testing.T) {
	src := wrongPack
	p, ds := pack.ParsePack("add-is-multiply.mg", src)
	if p == nil || ds.HasErrors() {
		t.Fatalf("the wrong pack does not load: %s", ds.String())
	}
	srcs, read := memCorpus(t, map[string]string{
		"wrong/M_Wrong.dsm": opacity("A + B", "A * B"),
		"plain/M_Plain.dsm": opacity("A + 1.0", "B"),
	})
	cfg := researchConfig(t, read)
	cfg.Variants = append(cfg.Variants, bench.Variant{Name: "datalog:add-is-multiply", Engine: engines.NewPack(p), Versus: "2.0"})
	files := bench.Run(cfg, srcs)
	s := bench.Summarize(cfg, files)
	rp := research(t, s, "datalog:add-is-multiply")
	if c := corpusRow(t, rp, "wrong"); c.More != 1 || c.Evaluated != 1 || c.Mismatches != 1 {
		t.Errorf("the wrong merge: %+v, want one changed asset, evaluated, mismatching", c)
	}
	if c := corpusRow(t, rp, "plain"); c.Evaluated != 0 || c.Mismatches != 0 {
		t.Errorf("the asset without Add and Multiply of one pair: %+v, want nothing evaluated", c)
	}
	if len(rp.Mismatches) != 1 || rp.Mismatches[0].Corpus != "wrong" || rp.Mismatches[0].Report == "" {
		t.Errorf("mismatches %+v, want M_Wrong with the interpreter's report", rp.Mismatches)
	}
	md := bench.Markdown(s)
	if !strings.Contains(md, "Evaluation: **1 of 1 changed assets mismatch**") || !strings.Contains(md, "- `wrong/M_Wrong.dsm`") {
		t.Errorf("report.md does not list the mismatch:\n%s", md)
	}
}

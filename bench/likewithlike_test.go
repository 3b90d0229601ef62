package bench_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"reuselab/bench"
	"reuselab/bench/corpus"
	"reuselab/ir"
)

// likeWithLike runs none, 1x, 2.0, reuse-2.0 and identities over the
// embedded corpus, whose .dss files 1x refuses (DSH9058), and writes the
// report.
func likeWithLike(t *testing.T) (bench.Config, []*bench.FileResult, *bench.Summary, string) {
	t.Helper()
	read := func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) }
	cfg := researchConfig(t, read, "identities")
	cfg.Variants = append([]bench.Variant{reference("none"), reference("1x")}, cfg.Variants...)
	srcs, err := bench.DiscoverFS(corpus.FS, ".", "embedded")
	if err != nil {
		t.Fatal(err)
	}
	files := bench.Run(cfg, srcs)
	s := bench.Summarize(cfg, files)
	out := filepath.Join(t.TempDir(), "out")
	if err := bench.Write(out, cfg, files, s); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(out, bench.ReportMD))
	if err != nil {
		t.Fatal(err)
	}
	return cfg, files, s, string(md)
}

func column(cfg bench.Config, name string) int {
	for i, v := range cfg.Variants {
		if v.Name == name {
			return i
		}
	}
	return -1
}

// TestLegacyComparedOnItsOwnAssets: 1x is compared with none and 2.0 on
// the assets it builds only (issue 30: a 1x total over fewer assets made
// 1.x look better than 2.0), and the every-asset table has no 1x column.
func TestLegacyComparedOnItsOwnAssets(t *testing.T) {
	cfg, files, s, md := likeWithLike(t)
	none, x1, two := column(cfg, "none"), column(cfg, "1x"), column(cfg, "2.0")
	var assets, b, l, tg int
	refused := 0
	for _, a := range bench.Assets(files) {
		if a.Runs[x1].Err != "" {
			refused++
			continue
		}
		assets++
		b += a.Runs[none].IRNodes
		l += a.Runs[x1].IRNodes
		tg += a.Runs[two].IRNodes
	}
	if refused == 0 || assets == 0 {
		t.Fatalf("the corpus no longer has assets 1x refuses and builds (%d refused, %d built): the test proves nothing", refused, assets)
	}
	o := s.Overall.OnLegacy
	if o == nil || o.Assets != assets || o.Baseline != b || o.Legacy != l || o.Target != tg {
		t.Fatalf("on 1x's assets: %+v, want %d assets, none %d, 1x %d, 2.0 %d", o, assets, b, l, tg)
	}
	if o.Target > o.Legacy {
		t.Logf("2.0 leaves more than 1x on 1x's own assets: %d > %d", o.Target, o.Legacy)
	}
	every, legacy, ok := strings.Cut(md, "### On the assets `1x` builds")
	if !ok {
		t.Fatalf("report.md has no table on the assets 1x builds:\n%s", md[:min(len(md), 3000)])
	}
	every = every[strings.Index(every, "### Every asset"):]
	head := every[strings.Index(every, "| corpus"):]
	head = head[:strings.Index(head, "\n")]
	if strings.Contains(head, "| 1x |") || !strings.Contains(head, "| none |") || !strings.Contains(head, "| 2.0 |") {
		t.Errorf("the every-asset table's columns: %s", head)
	}
	legacy = legacy[:strings.Index(legacy, "\n\nThe same in")]
	if !strings.Contains(legacy, "| none | 1x | 2.0 |") {
		t.Errorf("the 1x table does not have none, 1x and 2.0 side by side:\n%s", legacy)
	}
	wantAll := "| **all** | " + itoa(assets) + " | " + itoa(s.Overall.Assets) + " | "
	if !strings.Contains(legacy, wantAll) || !strings.Contains(legacy, " | "+itoa(b)+" | "+itoa(l)+" | "+itoa(tg)+" | ") {
		t.Errorf("the 1x table's all row is not none %d, 1x %d, 2.0 %d on %d of %d assets:\n%s", b, l, tg, assets, s.Overall.Assets, legacy)
	}
}

// TestAliasesCountedApart: the identities pack's alias/3 (x*1 → x) is
// counted as aliased, not as a swizzle rewrite, and equals the fates the
// alias pass decided; a pack that removes more never shows less removed.
func TestAliasesCountedApart(t *testing.T) {
	cfg, _, s, md := likeWithLike(t)
	base, id := column(cfg, "datalog:reuse-2.0"), column(cfg, "datalog:identities")
	tb, ti := s.Overall.Totals[base], s.Overall.Totals[id]
	fates := aliasFates(t, cfg, id)
	if ti.Aliased == 0 || ti.Aliased != fates {
		t.Fatalf("identities: aliased %d, its results have %d alias fates", ti.Aliased, fates)
	}
	if tb.Aliased != 0 {
		t.Errorf("reuse-2.0 aliases %d nodes: it has no alias/3 of its own", tb.Aliased)
	}
	if ti.Rewritten-tb.Rewritten >= ti.Aliased {
		t.Errorf("identities' swizzles rewritten %d against reuse-2.0's %d: its aliases are still counted as rewrites", ti.Rewritten, tb.Rewritten)
	}
	if removed, baseRemoved := ti.InputNodes-ti.IRNodes, tb.InputNodes-tb.IRNodes; removed <= baseRemoved {
		t.Errorf("identities removes %d, reuse-2.0 %d; the pack leaves %d vs %d", removed, baseRemoved, ti.IRNodes, tb.IRNodes)
	}
	if ti.Aliased+ti.Merged < tb.Aliased+tb.Merged {
		t.Errorf("identities merges %d+%d, fewer than reuse-2.0's %d+%d, while removing more", ti.Aliased, ti.Merged, tb.Aliased, tb.Merged)
	}
	row := "| all | datalog:identities | " + itoa(ti.Folded) + " | " + itoa(ti.Rewritten) + " | " + itoa(ti.Aliased) + " | " + itoa(ti.Merged) + " | " + itoa(ti.Aliased+ti.Merged) + " |"
	if !strings.Contains(md, "| swizzles rewritten | aliased | by dedupe | merged |") || !strings.Contains(md, row) {
		t.Errorf("report.md's pass table has no aliased column or no row %q", row)
	}
}

// aliasFates counts, by re-running variant i on every asset, the build
// nodes whose fate the alias pass decided.
func aliasFates(t *testing.T, cfg bench.Config, i int) int {
	t.Helper()
	n := 0
	srcs, err := bench.DiscoverFS(corpus.FS, ".", "embedded")
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range srcs {
		mod, ds := cfg.Compile(src.Path, src.Root, cfg.Read)
		if ds.HasErrors() || mod == nil {
			continue
		}
		for _, g := range mod.Products {
			res := cfg.Variants[i].Engine.Run(g, cfg.Variants[i].Limits)
			for _, f := range res.Fates {
				if f.Pass.String() == ir.PassAlias {
					n++
				}
			}
		}
	}
	return n
}

// TestResearchMergesAreNotDisagreements: a research pack's extra merges
// are listed in its own section, and none is a disagreement.
func TestResearchMergesAreNotDisagreements(t *testing.T) {
	cfg, files, s, md := likeWithLike(t)
	id := column(cfg, "datalog:identities")
	differs := 0
	for _, a := range bench.Assets(files) {
		if a.Runs[id].Disagrees && a.Runs[id].Err == "" {
			differs++
		}
	}
	if differs == 0 {
		t.Fatal("identities changes no asset of the corpus: the test proves nothing")
	}
	for _, d := range s.Disagreements {
		if d.Variant == "datalog:identities" && d.Err == "" {
			t.Errorf("an extra merge is a disagreement: %+v", d)
		}
	}
	rp := research(t, s, "datalog:identities")
	if len(rp.Changed) != differs {
		t.Errorf("the research section lists %d changed assets, the pack changes %d", len(rp.Changed), differs)
	}
	_, dis, _ := strings.Cut(md, "## Disagreements with the reference")
	dis, _, _ = strings.Cut(dis, "## Failures")
	if strings.Contains(dis, "| datalog:identities |") {
		t.Errorf("the Disagreements section lists the research pack:\n%s", dis)
	}
	if !strings.Contains(md, "The "+itoa(differs)+" assets it changes") {
		t.Errorf("the research section does not list the %d assets the pack changes", differs)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

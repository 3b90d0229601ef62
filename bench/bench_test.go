package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"reuselab/bench/internal/benchtest"
)

func toyConfig(jobs int) Config {
	return Config{
		Compile: benchtest.Compile,
		Read:    os.ReadFile,
		Jobs:    jobs,
		Variants: []Variant{
			{Name: "none", Engine: benchtest.Dedupe("none")},
			{Name: "2.0", Engine: benchtest.Dedupe("2.0")},
			{Name: "datalog:reuse-2.0", Engine: &benchtest.Toy{Kind: "datalog", Label: "reuse-2.0", Merges: true}, Versus: "2.0"},
		},
	}
}

// writeCorpus makes two corpus folders (plus files the bench must skip) and
// returns the root.
func writeCorpus(t *testing.T, broken bool) string {
	root := t.TempDir()
	files := map[string]string{
		"alpha/M_A.dsm":               "asset A1\nasset A2\n",
		"alpha/sub/M_B.dsm":           "asset B\n",
		"alpha/_versions/old/M_A.dsm": "asset OLD\n",
		"alpha/M_C.dss":               "asset DSS\n",
		"beta/MF_D.dsf":               "asset D\n",
		"beta/Common.dsh":             "header\n",
		"loose.dsm":                   "asset Loose\n",
	}
	for i := 0; i < 12; i++ {
		files[fmt.Sprintf("beta/gen/G_%02d.dsm", i)] = fmt.Sprintf("asset G%d\nasset H%d\n", i, i)
	}
	if broken {
		files["alpha/M_Broken.dsm"] = "asset X\n  BROKEN here\n"
	}
	for p, s := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestDiscover(t *testing.T) {
	root := writeCorpus(t, false)
	srcs, err := Discover([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range srcs {
		got = append(got, s.Corpus+":"+s.Rel)
	}
	base := filepath.Base(root)
	want := []string{"alpha:M_A.dsm", "alpha:M_C.dss", "alpha:sub/M_B.dsm", "beta:Common.dsh", "beta:MF_D.dsf"}
	for i := 0; i < 12; i++ {
		want = append(want, fmt.Sprintf("beta:gen/G_%02d.dsm", i))
	}
	want = append(want, base+":loose.dsm")
	// The temp folder's name is random, so compare as sets.
	if len(got) != len(want) {
		t.Fatalf("Discover = %v\nwant %v", got, want)
	}
	set := map[string]bool{}
	for _, g := range got {
		set[g] = true
	}
	for _, w := range want {
		if !set[w] {
			t.Errorf("missing %s in %v", w, got)
		}
	}
}

// runTo runs the toy bench on root with jobs workers and writes into a new
// directory, which it returns.
func runTo(t *testing.T, root string, jobs int) string {
	cfg := toyConfig(jobs)
	srcs, err := Discover([]string{root})
	if err != nil {
		t.Fatal(err)
	}
	files := Run(cfg, srcs)
	s := Summarize(cfg, files)
	s.Timing = Timings(cfg, files, 0, jobs)
	out := t.TempDir()
	if err := Write(out, cfg, files, s); err != nil {
		t.Fatal(err)
	}
	return out
}

// masked returns a file's bytes with everything measured in time removed:
// the "timing" object of summary.json and report.md from "## Timings" on.
func masked(t *testing.T, dir, name string) []byte {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	switch name {
	case SummaryJSON:
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "timing")
		b, _ = json.MarshalIndent(m, "", "  ")
	case ReportMD:
		if i := bytes.Index(b, []byte("\n## Timings")); i >= 0 {
			b = b[:i]
		}
	}
	return b
}

func TestDeterministicAcrossJobs(t *testing.T) {
	root := writeCorpus(t, true)
	one, four := runTo(t, root, 1), runTo(t, root, 4)
	for _, name := range []string{AssetsCSV, SummaryJSON, MetricsJSON, ReportMD, ReductionPlot, MergesPlot} {
		a, b := masked(t, one, name), masked(t, four, name)
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between --jobs 1 and --jobs 4", name)
		}
		if len(a) == 0 {
			t.Errorf("%s is empty", name)
		}
	}
	// The timing files exist even though they are not compared.
	for _, name := range []string{TimingsCSV, TimePlot} {
		if _, err := os.Stat(filepath.Join(four, name)); err != nil {
			t.Error(err)
		}
	}
}

func TestBrokenFileStillReports(t *testing.T) {
	root := writeCorpus(t, true)
	out := runTo(t, root, 2)
	var s Summary
	if err := json.Unmarshal(masked(t, out, SummaryJSON), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Failures) != 1 || s.Failures[0].File != "M_Broken.dsm" || len(s.Failures[0].Diagnostics) != 1 ||
		!strings.Contains(s.Failures[0].Diagnostics[0], "M_Broken.dsm:2:3: error DSH2001") {
		t.Errorf("failures = %+v", s.Failures)
	}
	// Every other file still counts: 2+1 (alpha) + 1+1+24 (beta) + 1 loose.
	if s.Overall.Assets != 31 || s.Overall.FailedFiles != 1 || s.Overall.Files != 19 {
		t.Errorf("overall: %d assets, %d failed of %d files", s.Overall.Assets, s.Overall.FailedFiles, s.Overall.Files)
	}
	report := string(masked(t, out, ReportMD))
	for _, want := range []string{"| alpha |", "| beta |", "| **all** |", "M_Broken.dsm", "2.0 vs none"} {
		if !strings.Contains(report, want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	// The datalog stand-in is the same engine, so nothing disagrees.
	if len(s.Disagreements) != 0 {
		t.Errorf("disagreements: %+v", s.Disagreements)
	}
	if r := s.Overall.Reduction; r == nil || r.Total <= 0 || r.Before <= r.After {
		t.Errorf("reduction = %+v", r)
	}
}

func TestCanonicalPartition(t *testing.T) {
	// Two engines that re-index survivors differently but merge the same
	// nodes have the same canonical partition.
	a := canonicalPartition([]int{0, 1, 0, -1, 2})
	b := canonicalPartition([]int{5, 3, 5, -1, 4})
	if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(a, []int{0, 1, 0, -1, 4}) {
		t.Errorf("canonical partitions %v %v", a, b)
	}
}

// Without a "none" column the reduction is against the graph as built.
func TestBaselineFallsBackToBuild(t *testing.T) {
	root := writeCorpus(t, false)
	cfg := toyConfig(2)
	cfg.Variants = cfg.Variants[1:2] // 2.0 only
	srcs, _ := Discover([]string{root})
	s := Summarize(cfg, Run(cfg, srcs))
	r := s.Overall.Reduction
	if s.Baseline != "build" || r == nil || r.Before != s.Overall.BuildNodes || r.After >= r.Before {
		t.Errorf("baseline %q reduction %+v build %d", s.Baseline, r, s.Overall.BuildNodes)
	}
	if !strings.Contains(Markdown(s), "2.0 vs build") {
		t.Error("report does not name the build baseline")
	}
}

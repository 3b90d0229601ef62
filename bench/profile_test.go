package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"reuselab/ir"
)

// The per-asset profiles are summed clause by clause per variant, ordered
// costliest first, and written to rules-profile.csv and report.md; a run
// without a profile writes neither.
func TestSummarizeProfiles(t *testing.T) {
	cfg := Config{Variants: []Variant{{Name: "2.0"}, {Name: "datalog:p"}}}
	sig := RuleCost{Phase: "level", Head: "sig/2", File: "p.mg", Line: 3, Clause: "sig(N, S) :- a(N, S).", Facts: 2, Evals: 3, Productive: 1, Time: 5 * time.Millisecond}
	fold := RuleCost{Phase: "level", Head: "fold/3", File: "p.mg", Line: 9, Clause: "fold(N, I, V) :- b(N, I, V).", Facts: 7, Evals: 3, Time: 2 * time.Millisecond}
	asset := func(rc ...RuleCost) *AssetResult {
		return &AssetResult{Profile: map[string][]RuleCost{"datalog:p": rc}}
	}
	files := []*FileResult{{Assets: []*AssetResult{asset(sig, fold), asset(fold), {}}}}
	a := NewAggregate(cfg)
	for _, as := range Assets(files) {
		a.addProfiles(as)
	}
	got := a.profiles()
	if len(got) != 1 || got[0].Variant != "datalog:p" || got[0].Assets != 2 {
		t.Fatalf("profiles: %+v", got)
	}
	r := got[0].Rules
	// fold: 2 assets × 2 ms = 4 ms, 14 facts; sig: 5 ms, 2 facts — sig first
	if len(r) != 2 || r[0].Line != 3 || r[0].Facts != 2 || r[1].Line != 9 || r[1].Facts != 14 || r[1].Time != 4*time.Millisecond || r[1].Evals != 6 {
		t.Fatalf("summed rules: %+v", r)
	}
	dir := t.TempDir()
	s := &Summary{RuleCost: got}
	if err := writeRulesProfile(filepath.Join(dir, RulesProfileCSV), s); err != nil {
		t.Fatal(err)
	}
	csv, _ := os.ReadFile(filepath.Join(dir, RulesProfileCSV))
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], "datalog:p,level,sig/2,p.mg,3,") || !strings.HasSuffix(lines[2], ",14,6,0,4000,0") {
		t.Errorf("rules-profile.csv:\n%s", csv)
	}
	var md strings.Builder
	ruleCostMarkdown(func(f string, a ...any) { md.WriteString(fmt.Sprintf(f, a...)) }, s)
	if !strings.Contains(md.String(), "datalog:p over 2 assets, 9.0 ms in all") || !strings.Contains(md.String(), "| `p.mg:9` fold(N, I, V) :- b(N, I, V). | fold/3 | 14 | 6 | 4.00 | 44.4% |") {
		t.Errorf("report section:\n%s", md.String())
	}
	if err := writeRulesProfile(filepath.Join(dir, "none.csv"), &Summary{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "none.csv")); err == nil {
		t.Error("a run without profiles wrote a rules profile")
	}
	if p := profileAsset(&cfg, &ir.Graph{}); p != nil {
		t.Errorf("no ProfileFunc, but profiled: %v", p)
	}
}

package archtest

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// layer says which of our packages a package may import (paths relative to
// the module; "x/..." is x and everything under it). The most specific
// entry for a package applies. Packages outside the module are free except
// Mangle, which only the Datalog engine's stages may import.
var layers = []struct {
	pkg string
	may []string
}{
	// the floor: file and text safety every layer needs (see foundation)
	{"sourcefile", nil},
	{"outfile", nil},
	{"printable", nil},
	{"ir", nil},
	{"ir/...", []string{"ir"}},
	{"diag", nil},
	// the front ends: the 1.x one and the 2.0 one, each over its own
	// syntax; compiler picks one by extension and is nothing else
	{"compiler/front", []string{"diag", "ir"}},
	{"compiler/legacy/syntax", []string{"compiler/front", "diag", "ir"}},
	{"compiler/legacy", []string{"compiler/front", "compiler/legacy/syntax", "diag", "ir"}},
	{"compiler/dss/syntax", []string{"compiler/front", "diag", "ir"}},
	// compiler/legacy only for its HeaderFuncs (TestDSSReachesLegacyOnlyThroughHeaderFuncs)
	{"compiler/dss", []string{"compiler/dss/syntax", "compiler/front", "compiler/legacy", "diag", "ir"}},
	{"compiler", []string{"compiler/dss", "compiler/front", "compiler/legacy", "diag", "ir"}},
	// the engines: each knows the IR, never the other engine
	{"compiler/passes", []string{"ir", "ir/legacy1x"}},
	{"rules/facts", []string{"ir"}},
	{"rules/pack", []string{"diag", "ir", "rules/facts"}},
	{"rules/compiled", []string{"diag", "ir", "rules/facts", "rules/pack"}},
	{"rules/eval", []string{"diag", "ir", "rules/facts", "rules/pack", "rules/compiled"}},
	{"rules/explain", []string{"diag", "ir", "rules/facts", "rules/pack", "rules/eval"}},
	{"rules/rulestest", []string{"diag", "ir", "rules/..."}},
	// a pack's clauses proved once for every graph: it reads the clauses
	// (Mangle's AST, so under rules/) and asks the prover
	{"rules/clauses", []string{"diag", "ir", "ir/interp", "prove", "rules/facts", "rules/pack"}},
	// where the engines meet: reuse knows neither, reuse/engines both
	{"reuse", []string{"diag", "ir"}},
	{"reuse/engines", []string{"diag", "ir", "ir/legacy1x", "reuse", "compiler/passes", "rules/pack", "rules/eval"}},
	// the back end
	{"emit", []string{"ir"}},
	// the prover: formulas from the IR and its documented semantics
	{"prove", []string{"ir", "ir/interp"}},
	{"emit/...", []string{"emit", "ir", "ir/interp"}},
	// view draws its boards where layout put the nodes, at layout's sizes
	{"emit/view", []string{"emit", "emit/layout", "ir", "ir/interp"}},
	// what a run of a pack proves, tests or leaves unchecked: the verdicts
	{"verify", []string{"ir", "ir/interp", "prove", "reuse", "reuse/engines", "rules/eval"}},
	// compile → engine → emit + layout → checks, for every tool: the
	// engine is the caller's (reuse.Engine), so the core links neither
	// engine and reduce, built on it, no Mangle
	{"pipeline", []string{"compiler", "compiler/dss", "diag", "emit", "emit/layout", "ir/...", "reuse"}},
	// the check that holds a rule pack against the reference needs the pack
	{"pipeline/packcheck", []string{"diag", "ir/...", "pipeline", "prove", "reuse", "reuse/engines", "rules/eval", "verify"}},
	// the tools
	{"reduce", []string{"compiler/...", "diag", "ir/...", "pipeline", "reuse"}},
	{"decompile", []string{"ir"}},
	{"decompile/raiserules", []string{"decompile", "diag", "ir", "rules/eval", "rules/pack"}},
	{"conform", []string{"compiler/...", "decompile", "decompile/raiserules", "diag", "emit", "ir/...", "pipeline", "reuse", "reuse/engines"}},
	{"bench", []string{"bench/...", "diag", "ir/...", "pipeline", "reuse"}},
	{"bench/...", []string{"bench/...", "compiler/...", "diag", "ir/...", "prove", "reuse", "reuse/engines", "rules/eval", "verify"}},
	{"fuzz", []string{"compiler/...", "diag", "ir/...", "prove", "reuse", "reuse/engines", "rules/...", "verify"}},
	{"internal/...", nil},
	{"internal/browser", []string{"internal/tooltest"}}, // a missing browser is a counted skip
	// the commands that measure what the README quotes share how they write it
	{"internal/readmefigures", []string{"internal/readmeregion"}},
	{"internal/perftable", []string{"internal/readmeregion"}},
	{"cmd/...", []string{"..."}},
}

const module = "reuselab/"

// foundation holds the packages below every layer: reading a file from a
// folder nobody vetted, writing output atomically into a folder reuselab
// owns, escaping a name before it is printed. Each imports nothing of ours,
// and every package may import them, so that no path reads, writes or
// prints a name its own way.
var foundation = []string{"sourcefile", "outfile", "printable"}

func match(pattern, pkg string) bool {
	if pattern == "..." {
		return true
	}
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

// rule is the most specific layer entry for pkg: an exact name beats a
// pattern, a longer pattern a shorter one.
func rule(pkg string) ([]string, bool) {
	best, bestLen, found := []string(nil), -1, false
	for _, l := range layers {
		if !match(l.pkg, pkg) {
			continue
		}
		n := len(l.pkg)
		if !strings.HasSuffix(l.pkg, "/...") {
			n += 1000
		}
		if n > bestLen {
			best, bestLen, found = l.may, n, true
		}
	}
	return best, found
}

func TestImportsFlowOneWay(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, ok := strings.CutPrefix(fields[0], module)
		if !ok || pkg == "internal/archtest" {
			continue
		}
		may, known := rule(pkg)
		if !known {
			t.Errorf("%s is in no layer: add it to layers (and to ARCHITECTURE's table)", pkg)
			continue
		}
		checked++
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, "github.com/google/mangle") && !strings.HasPrefix(pkg, "rules/") {
				t.Errorf("%s imports Mangle; only the rules/ stages may", pkg)
			}
			ours, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if slices.Contains(foundation, ours) && !slices.Contains(foundation, pkg) {
				continue
			}
			if !slices.ContainsFunc(may, func(p string) bool { return match(p, ours) }) {
				t.Errorf("%s imports %s, which its layer does not allow (may import %v)", pkg, ours, may)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d packages: go list found too few", checked)
	}
}

// The table itself holds what the architecture promises.
func TestLayersKeepTheEnginesApart(t *testing.T) {
	for _, c := range []struct {
		pkg, imp string
		ok       bool
	}{
		{"compiler/passes", "rules/eval", false},
		{"rules/eval", "compiler/passes", false},
		{"ir", "diag", false},
		{"reuse", "rules/eval", false},
		{"reuse/engines", "rules/eval", true},
		{"emit", "compiler/passes", false},
		// the pipeline sits between the engines and the tools
		{"pipeline", "reuse/engines", false},
		{"pipeline", "rules/eval", false},
		{"pipeline", "compiler/passes", false},
		{"pipeline", "conform", false},
		{"pipeline", "bench", false},
		{"pipeline/packcheck", "reuse/engines", true},
		{"conform", "pipeline", true},
		{"bench", "pipeline", true},
		{"bench", "reuse/engines", false},
		{"reduce", "pipeline", true},
		{"reduce", "reuse/engines", false},
		{"reuse/engines", "pipeline", false},
		// the 1x build is the IR's, not an engine's
		{"reuse/engines", "ir/legacy1x", true},
		{"ir/legacy1x", "compiler/passes", false},
	} {
		may, _ := rule(c.pkg)
		if got := slices.ContainsFunc(may, func(p string) bool { return match(p, c.imp) }); got != c.ok {
			t.Errorf("%s may import %s: %v, want %v", c.pkg, c.imp, got, c.ok)
		}
	}
}

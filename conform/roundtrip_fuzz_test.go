package conform_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"reuselab/bench/gen"
	"reuselab/compiler/dss"
	"reuselab/compiler/passes"
	"reuselab/conform"
	"reuselab/ir"
)

// noSourceForm names a node of m that no `.dss` text builds again, the
// round trip's listed exceptions: a Compare whose three arms hold one value
// (an if/else assigning the same in both branches: `c ? x : x` is x) or
// three (no one operator says them), and a Compare of two constants, which
// the passes keep and the front end folds (`0.1 < 0.2 ? a : b` is a).
func noSourceForm(m *ir.Module) string {
	for _, g := range m.Products {
		for _, n := range g.Nodes {
			if n.Op != ir.OpCompare || len(n.Operands) != 5 {
				continue
			}
			arms := map[ir.Ref]bool{n.Operands[2]: true, n.Operands[3]: true, n.Operands[4]: true}
			if len(arms) != 2 {
				return fmt.Sprintf("a Compare with %d distinct arms", len(arms))
			}
			a, b := n.Operands[0], n.Operands[1]
			if a.Valid() && b.Valid() && g.Nodes[a.Node].Op == ir.OpConstant && g.Nodes[b.Node].Op == ir.OpConstant {
				return "a Compare of two constants"
			}
		}
	}
	return ""
}

// FuzzRoundTrip compiles generated `.dss` programs (bench/gen: locals,
// duplicates, branches) with the 2.0 passes, decompiles them with the raise
// rules, and compiles the text again: it must compile, to an equivalent
// module.
func FuzzRoundTrip(f *testing.F) {
	for _, seed := range [][]byte{{10, 1, 0, 0}, {80, 2, 120, 1}, {200, 3, 250, 3}, {40, 4, 60, 2}} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		switch outcome, detail := roundTripGenerated(t, data); outcome {
		case "skip":
			t.Skip(detail)
		case "fail":
			t.Fatal(detail)
		}
	})
}

// TestRoundTripGenerated round-trips 60 generated programs of every size
// and branch count: every one that compiles and has no listed exception
// must round-trip, and the exceptions must stay a minority (else the fuzz
// above would check little).
func TestRoundTripGenerated(t *testing.T) {
	counts := map[string]int{}
	for k := range 60 {
		outcome, detail := roundTripGenerated(t, []byte{byte(k * 4), byte(k), byte(k * 37), byte(k)})
		counts[outcome]++
		if outcome == "skip" {
			counts[detail]++
		}
		if outcome == "fail" {
			t.Error(detail)
		}
	}
	t.Logf("generated programs: %v", counts)
	if counts["ok"] < 35 {
		t.Errorf("only %d of 60 generated programs round-tripped (%v)", counts["ok"], counts)
	}
}

// roundTripGenerated round-trips the program data makes: "ok", "skip"
// (it does not compile, or it holds a listed exception) or "fail", with
// why.
func roundTripGenerated(t *testing.T, data []byte) (string, string) {
	at := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0
	}
	var seed uint64 = 1469598103934665603
	for _, c := range data {
		seed = (seed ^ uint64(c)) * 1099511628211
	}
	cfg := gen.Config{Nodes: 5 + int(at(0)), Seed: seed, DupRate: float64(at(2)) / 255, Branches: int(at(3)) % 4, Lang: "dss"}
	src, _ := gen.Program(cfg)
	path := filepath.Join(t.TempDir(), cfg.FileName())
	read := func(p string) ([]byte, error) {
		if p == path {
			return []byte(src), nil
		}
		return nil, fmt.Errorf("no file %s", p)
	}
	text, problem, ds := conform.RoundTrip(path, dss.Options{ReadFile: read})
	if ds.HasErrors() {
		return "skip", "the generated program does not compile: " + ds.Report()
	}
	if problem == "" {
		return "ok", ""
	}
	m, _ := dss.CompileFile(path, dss.Options{ReadFile: read})
	m, _ = passes.RunModule(m, passes.Options{Mode: "2.0"})
	if why := noSourceForm(m); why != "" {
		return "skip", why
	}
	return "fail", fmt.Sprintf("round trip: %s\nsource:\n%s\ndecompiled:\n%s", problem, src, text)
}

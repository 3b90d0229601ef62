package dss_test

import (
	"io/fs"
	"os"
	"strings"
	"testing"

	"reuselab/bench/gen"
	"reuselab/compiler/dss"
	"reuselab/internal/shared"
	"reuselab/ir"
)

// compileBoth compiles one source with an if's snapshot keeping every slot
// and keeping only those its arms may change, and reports any difference
// in the graphs or the diagnostics.
func compileBoth(t *testing.T, name string, read func(string) ([]byte, error)) {
	t.Helper()
	out := func(every bool) string {
		m, ds := dss.CompileFileEverySlot(name, dss.Options{ReadFile: read}, every)
		s := ds.String()
		if m != nil {
			s += ir.Dump(m)
		}
		return s
	}
	if every, some := out(true), out(false); every != some {
		t.Errorf("%s: the snapshot of the arms' slots changes the output:\nevery slot:\n%.2000s\narms' slots:\n%.2000s", name, every, some)
	}
}

// Keeping only the slots an if's arms name (plus materials and node-less
// values) builds the same graphs and says the same things as keeping every
// slot: on every .dss of the corpus and on generated programs full of ifs
// among many locals, nested ifs and ?: merges.
func TestSnapshotOfArmsMatchesEverySlot(t *testing.T) {
	ifs := 0
	for _, cfg := range []gen.Config{
		{Nodes: 800, Seed: 3, DupRate: 0.3, Branches: 12, Lang: "dss"},
		{Nodes: 3000, Seed: 4, DupRate: 0.5, Branches: 40, Lang: "dss"},
		{Nodes: 1500, Seed: 5, DupRate: 0.1, Branches: 6, Lang: "dss"},
	} {
		src, _ := gen.Program(cfg)
		ifs += strings.Count(src, "if (")
		name := "/mem/" + cfg.FileName()
		compileBoth(t, name, func(p string) ([]byte, error) {
			if p == name {
				return []byte(src), nil
			}
			return nil, fs.ErrNotExist
		})
	}
	if ifs < 30 {
		t.Fatalf("the generated programs hold %d ifs; the comparison needs many", ifs)
	}
	c := shared.Corpus()
	if c == "" {
		t.Skip("corpus absent: the generated programs were compared")
	}
	n := 0
	for _, f := range shared.AllSourceFiles(c) {
		if !strings.HasSuffix(f, ".dss") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil || !strings.Contains(string(src), "if") {
			continue
		}
		n++
		compileBoth(t, f, os.ReadFile)
	}
	if n == 0 {
		t.Errorf("no .dss source with an if under %s", c)
	}
}

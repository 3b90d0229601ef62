package campaign

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// unsound is the main module's deliberately unsound pack: a - b and b - a
// are one node. The real corpus never fires its clauses (no material
// subtracts both ways), so only a search finds it out.
const unsound = "../rules/examples/unsound.mg"

// TestSearchFindsUnsound: a search over two seeds finds the planted
// unsound clause, dedupes the witnesses every seed reduces to one, and
// writes the witness as a .dsm program.
func TestSearchFindsUnsound(t *testing.T) {
	p, err := ReadPack(unsound)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Search(context.Background(), SearchOptions{Pack: p, Limits: DefaultLimits(), From: 1, Count: 4, Wave: 2,
		Witnesses: 1, Graphs: 60, Records: filepath.Join(t.TempDir(), "records"), Run: onPrism})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed != 0 {
		t.Fatalf("%d seeds failed: %+v", rep.Failed, rep.Failures)
	}
	if rep.Stop != "witnesses" || rep.Searched != 2 || len(rep.Witnesses) == 0 {
		t.Fatalf("stopped by %q after %d seeds with %d witnesses; want the first wave's witness to stop it", rep.Stop, rep.Searched, len(rep.Witnesses))
	}
	w := rep.Witnesses[0]
	named := false
	for _, cl := range w.Clauses {
		named = named || strings.HasPrefix(cl, unsound+":")
	}
	if !named || w.Program == "" || !strings.Contains(w.Program, "-") {
		t.Fatalf("the witness names clauses %v (want %s's, not a worker's copy) and program:\n%s", w.Clauses, unsound, w.Program)
	}
	forms := map[string]bool{}
	for _, x := range rep.Witnesses {
		if forms[reducedForm(x.Witness)] {
			t.Errorf("two witnesses of one reduced form:\n%s", x.IR)
		}
		forms[reducedForm(x.Witness)] = true
	}
	if len(w.Seeds) != 2 {
		t.Errorf("the witness was found by seeds %v; each of the wave's seeds reduces its refutation to it", w.Seeds)
	}

	dir := t.TempDir()
	if err := WriteSearch(dir, rep); err != nil {
		t.Fatal(err)
	}
	w = rep.Witnesses[0]
	b, err := os.ReadFile(filepath.Join(dir, w.File))
	if err != nil || string(b) != w.Program {
		t.Fatalf("%s: %v; want the witness's program", w.File, err)
	}
	j, err := os.ReadFile(filepath.Join(dir, "search.json"))
	if err != nil || !strings.Contains(string(j), `"file": "witness-1.dsm"`) {
		t.Fatalf("search.json does not name the witness: %v\n%s", err, j)
	}
}

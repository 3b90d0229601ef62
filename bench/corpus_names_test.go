package bench

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"reuselab/internal/shared"
)

func corporaOf(t *testing.T, paths ...string) map[string]int {
	t.Helper()
	srcs, err := Discover(paths)
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, s := range srcs {
		n[s.Corpus]++
	}
	return n
}

func writeFiles(t *testing.T, root string, files ...string) {
	t.Helper()
	for _, f := range files {
		full := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("asset X\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Two PATHs that each hold a DShader/ folder are two corpora named by the
// PATHs (the issue: both used to be "DShader").
func TestEachPathIsACorpus(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "MoonToon/DShader/M_A.dsm", "MoonToon/DShader/sub/M_B.dsm", "DreamGUI/DShader/M_C.dsm")
	got := corporaOf(t, filepath.Join(root, "MoonToon"), filepath.Join(root, "DreamGUI"))
	if want := map[string]int{"MoonToon": 2, "DreamGUI": 1}; !reflect.DeepEqual(got, want) {
		t.Errorf("corpora = %v, want %v", got, want)
	}
	// One PATH with a single sub-folder is still named by the PATH.
	if got := corporaOf(t, filepath.Join(root, "MoonToon")); !reflect.DeepEqual(got, map[string]int{"MoonToon": 2}) {
		t.Errorf("single PATH corpora = %v", got)
	}
	// One PATH whose sources lie in two sub-folders: a corpus per sub-folder.
	if got := corporaOf(t, root); !reflect.DeepEqual(got, map[string]int{"MoonToon": 2, "DreamGUI": 1}) {
		t.Errorf("collection corpora = %v", got)
	}
}

func TestCollidingNamesAreMadeUnique(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, "a/DShader/M_A.dsm", "b/DShader/M_B.dsm", "c/x/DShader/M_C.dsm", "d/x/DShader/M_D.dsm", "e/all/M_E.dsm", "solo/M_S.dsm")
	p := func(s string) string { return filepath.Join(root, filepath.FromSlash(s)) }
	got := corporaOf(t, p("a/DShader"), p("b/DShader"), p("c/x/DShader"), p("d/x/DShader"), p("e/all"), p("solo"), p("solo"))
	names := make([]string, 0, len(got))
	for n := range got {
		names = append(names, n)
	}
	sort.Strings(names)
	want := []string{"a/DShader", "b/DShader", "c/x/DShader", "d/x/DShader", "e/all", "solo", "solo#2"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("names = %v, want %v", names, want)
	}
	// Same arguments, same names, whatever the order of the map walk.
	for i := 0; i < 5; i++ {
		again := corporaOf(t, p("a/DShader"), p("b/DShader"), p("c/x/DShader"), p("d/x/DShader"), p("e/all"), p("solo"), p("solo"))
		if !reflect.DeepEqual(again, got) {
			t.Fatalf("run %d: %v, want %v", i, again, got)
		}
	}
}

// The case on the real corpus: MoonToon and DreamGUI are two rows
// of the summary, and the real corpus as one PATH is a row per repository.
func TestRealMoonToonAndDreamGUIAreTwoCorpora(t *testing.T) {
	real := shared.Corpus()
	if real == "" {
		t.Skip("../shared/corpus/real is absent")
	}
	moon, gui := filepath.Join(real, "TypeDreamMoon__MoonToon"), filepath.Join(real, "TypeDreamMoon__DreamGUI")
	got := corporaOf(t, moon, gui)
	if len(got) != 2 || got["TypeDreamMoon__MoonToon"] == 0 || got["TypeDreamMoon__DreamGUI"] == 0 {
		t.Errorf("corpora = %v", got)
	}
	srcs, _ := Discover([]string{moon, gui})
	cfg := toyConfig(2)
	s := Summarize(cfg, Run(cfg, srcs))
	var rows []string
	for _, c := range s.Corpora {
		rows = append(rows, c.Name)
	}
	if !reflect.DeepEqual(rows, []string{"TypeDreamMoon__DreamGUI", "TypeDreamMoon__MoonToon"}) {
		t.Errorf("summary rows = %v", rows)
	}
	all := corporaOf(t, real)
	for _, repo := range []string{"TypeDreamMoon__MoonToon", "TypeDreamMoon__DreamGUI", "TypeDreamMoon__DreamShader"} {
		if all[repo] == 0 {
			t.Errorf("bench corpus/real has no %s row: %v", repo, all)
		}
	}
}

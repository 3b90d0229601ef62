// Package shared finds the workplace's shared folder (specs and the real
// DreamShader corpus), which lives beside the repository as ../shared and is
// never copied into it. Tests and benchmarks that read it skip, with a
// message, when it is absent.
package shared

import (
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
)

var (
	once sync.Once
	dir  string
)

// Dir returns the shared folder, or "" when it cannot be found. The
// environment variable REUSELAB_SHARED overrides the search; otherwise it is
// the `shared` folder beside the module root (the directory holding go.mod).
func Dir() string {
	once.Do(func() {
		if d := os.Getenv("REUSELAB_SHARED"); d != "" {
			dir = d
			return
		}
		wd, err := os.Getwd()
		if err != nil {
			return
		}
		for d := wd; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				cand := filepath.Join(filepath.Dir(d), "shared")
				if st, err := os.Stat(cand); err == nil && st.IsDir() {
					dir = cand
				}
				return
			}
			if filepath.Dir(d) == d {
				return
			}
		}
	})
	return dir
}

// Corpus returns the real corpus folder (shared/corpus/real), or "".
func Corpus() string {
	d := Dir()
	if d == "" {
		return ""
	}
	c := filepath.Join(d, "corpus", "real")
	if _, err := os.Stat(c); err != nil {
		return ""
	}
	return c
}

// CorpusOrSkip returns the real corpus folder or skips tb with a message.
func CorpusOrSkip(tb testing.TB) string {
	tb.Helper()
	c := Corpus()
	if c == "" {
		tb.Skip("../shared/corpus/real is absent: the real-corpus tests need the workplace's shared folder beside the repository (or REUSELAB_SHARED)")
	}
	return c
}

// LegacyGoldens is upstream's Tests/Corpus/Legacy folder inside the corpus.
func LegacyGoldens() string {
	c := Corpus()
	if c == "" {
		return ""
	}
	return filepath.Join(c, "TypeDreamMoon__DreamShader", "Tests", "Corpus", "Legacy")
}

// SourceFiles lists, sorted, the 1.x DreamShader sources (.dsm .dsf .dsh)
// under root: not `.dss` (see AllSourceFiles) and not the `_versions/`
// snapshots (older copies of the same files). A root that cannot be read
// gives an empty list.
func SourceFiles(root string) []string { return walkSources(root, false) }

// AllSourceFiles is SourceFiles with the 2.0 `.dss` sources too, which
// compiler.CompileFile hands to the 2.0 front end (compiler/dss).
func AllSourceFiles(root string) []string { return walkSources(root, true) }

func walkSources(root string, dss bool) []string {
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == "_versions" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(p) {
		case ".dsm", ".dsf", ".dsh":
			files = append(files, p)
		case ".dss":
			if dss {
				files = append(files, p)
			}
		}
		return nil
	})
	sort.Strings(files)
	return files
}

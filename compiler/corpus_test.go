package compiler

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"reuselab/internal/shared"
	"sort"
	"strings"
	"testing"

	"reuselab/compiler/passes"
	"reuselab/diag"
)

var corpusDir = shared.Corpus()

// corpusFiles lists the 1.x sources of the shared corpus (not `.dss`, not
// the `_versions/` history): what BenchmarkCompileCorpus has always timed.
func corpusFiles(t testing.TB) []string {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus %s absent: %v", corpusDir, err)
	}
	return shared.SourceFiles(corpusDir)
}

// sweepFiles is corpusFiles with the `.dss` sources.
func sweepFiles(t testing.TB) []string {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus %s absent: %v", corpusDir, err)
	}
	return shared.AllSourceFiles(corpusDir)
}

// noErrorCode in the allowlist's code column marks a `.bad.` file that is
// allowed to compile: bad only under a catalog or option the CLI does not
// use (the reason says which).
const noErrorCode = "no-error"

// allowlist reads testdata/corpus-allow.tsv: path<TAB>code<TAB>why, the
// errors that are genuine errors in a file not named `.bad.` (or, for a
// `.dss` the 2.0 front end cannot do yet, the reason it cannot), and the
// `.bad.` files allowed to compile (noErrorCode).
func allowlist(t *testing.T) map[string]map[string]string {
	m := map[string]map[string]string{}
	f, err := os.Open("testdata/corpus-allow.tsv")
	if err != nil {
		return m
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) < 3 || strings.TrimSpace(parts[2]) == "" {
			t.Errorf("allowlist line without a reason: %q", line)
			continue
		}
		if m[parts[0]] == nil {
			m[parts[0]] = map[string]string{}
		}
		m[parts[0]][parts[1]] = parts[2]
	}
	return m
}

// TestCorpusSweep compiles every file of the corpus, 1.x and `.dss`
// (through CompileFile, as the CLI does: the 2.0 front end with its engine
// catalog): no panic, no internal error, every diagnostic placed in a
// file, every `.bad.` file has an error, and any other file's errors are
// allowlisted with a reason.
func TestCorpusSweep(t *testing.T) {
	files := sweepFiles(t)
	allow := allowlist(t)
	used := map[string]bool{}
	clean, withErrors, badWithErrors := 0, 0, 0
	perExt := map[string]int{}
	warnings := map[string]int{}
	byCode := map[string]int{}
	for _, path := range files {
		rel, _ := filepath.Rel(corpusDir, path)
		rel = filepath.ToSlash(rel)
		perExt[filepath.Ext(path)]++
		m, ds := CompileFile(path, Options{})
		if m != nil && !ds.HasErrors() {
			passes.RunModule(m, passes.Options{Mode: "2.0"})
		}
		codes := map[string]bool{}
		for _, d := range ds.Items {
			if d.Code == "DSH4350" {
				t.Errorf("%s: internal error: %s", rel, d.Message)
			}
			if d.Pos.File == "" || d.Pos.Line < 1 || d.Pos.Col < 1 {
				t.Errorf("%s: diagnostic without a place: %s", rel, d)
			}
			if d.Severity == diag.Error {
				codes[d.Code] = true
			}
			if d.Severity == diag.Warning {
				warnings[d.Code]++
			}
		}
		bad := strings.Contains(filepath.Base(path), ".bad.")
		switch {
		case len(codes) == 0:
			clean++
		case bad:
			badWithErrors++
		default:
			withErrors++
		}
		for c := range codes {
			byCode[c]++
		}
		if bad && len(codes) == 0 {
			if _, ok := allow[rel][noErrorCode]; ok {
				used[rel+"\t"+noErrorCode] = true
			} else {
				t.Errorf("%s: a .bad. file compiled without errors", rel)
			}
		}
		if !bad {
			for _, d := range ds.Items {
				if d.Severity != diag.Error {
					continue
				}
				if _, ok := allow[rel][d.Code]; !ok {
					t.Errorf("%s: unexpected %s", rel, d)
				}
				used[rel+"\t"+d.Code] = true
			}
		}
	}
	// An entry nothing needs any more is stale: a fixed front end must
	// take its excuse out.
	for rel, codes := range allow {
		for code := range codes {
			if !used[rel+"\t"+code] {
				t.Errorf("corpus-allow.tsv: %s %s is no longer needed", rel, code)
			}
		}
	}
	if perExt[".dss"] < 100 || perExt[".dsm"] < 100 || perExt[".dsh"] < 10 {
		t.Errorf("files swept by extension: %v", perExt)
	}
	t.Logf("swept by extension: %v", perExt)
	t.Logf("corpus sweep: %d files; %d compile without errors; %d .bad. files with errors; %d other files with allowlisted errors",
		len(files), clean, badWithErrors, withErrors)
	t.Logf("files with errors, by code: %s", countList(byCode))
	t.Logf("warnings, by code: %s", countList(warnings))
}

func countList(m map[string]int) string {
	var cs []string
	for c, n := range m {
		cs = append(cs, fmt.Sprintf("%s×%d", c, n))
	}
	sort.Strings(cs)
	return strings.Join(cs, " ")
}

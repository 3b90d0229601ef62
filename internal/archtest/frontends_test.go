package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// legacyEntry is the one function of the 1.x front end the 2.0 front end
// may call: a `.dsh` header's 1.x blocks, read by the 1.x front end, as
// declarations the 2.0 one can declare. Anything more would let the two
// front ends grow into each other again.
const legacyEntry = "HeaderFuncs"

// The layer table lets compiler/dss import compiler/legacy; this test holds
// it to the one function: no other package under compiler/legacy (its
// syntax) and no other identifier of compiler/legacy, in any non-test file
// of compiler/dss or below it.
func TestDSSReachesLegacyOnlyThroughHeaderFuncs(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}", module+"compiler/dss/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	uses, files := 0, 0
	for _, dir := range strings.Fields(string(out)) {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, path := range paths {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			files++
			uses += checkLegacyUses(t, path)
		}
	}
	if files < 10 {
		t.Fatalf("read only %d files of compiler/dss: go list found too few", files)
	}
	if uses == 0 {
		t.Errorf("compiler/dss never calls legacy.%s: the 1.x declarations of a header are no longer read, or read another way", legacyEntry)
	}
}

// checkLegacyUses reports every way path reaches compiler/legacy other than
// legacyEntry and returns how often it calls legacyEntry.
func checkLegacyUses(t *testing.T, path string) int {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return 0
	}
	local := ""
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if p != module+"compiler/legacy" && !strings.HasPrefix(p, module+"compiler/legacy/") {
			continue
		}
		if p != module+"compiler/legacy" {
			t.Errorf("%s imports %s: compiler/dss may reach the 1.x front end only through legacy.%s", path, p, legacyEntry)
			continue
		}
		local = "legacy"
		if imp.Name != nil {
			local = imp.Name.Name
		}
		if local == "." || local == "_" {
			t.Errorf("%s imports compiler/legacy as %q: its uses could not be checked", path, local)
			return 0
		}
	}
	if local == "" {
		return 0
	}
	uses := 0
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == local {
			if sel.Sel.Name != legacyEntry {
				t.Errorf("%s uses legacy.%s: compiler/dss may use only legacy.%s", path, sel.Sel.Name, legacyEntry)
			} else {
				uses++
			}
		}
		return true
	})
	return uses
}

// A front end is a library every tool links: it takes no flags and does
// not link the test framework (a test hook there would be a global switch
// below cmd).
func TestFrontEndsLinkNoTestingOrFlags(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}",
		module+"compiler", module+"compiler/front/...", module+"compiler/legacy/...", module+"compiler/dss/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 6 {
		t.Fatalf("go list found %d front-end packages, want at least 6", len(lines))
	}
	for _, line := range lines {
		fields := strings.Fields(line)
		for _, imp := range fields[1:] {
			if imp == "testing" || imp == "flag" {
				t.Errorf("%s imports %s in non-test code", fields[0], imp)
			}
		}
	}
}

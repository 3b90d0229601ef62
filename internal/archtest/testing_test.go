package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTestingOnlyInTests: a package that imports "testing" is a test helper
// (internal/shared, internal/tooltest, rules/rulestest…), and no package's
// own code imports it, so the testing package and its flags never reach a
// binary.
func TestTestingOnlyInTests(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	helpers := map[string]bool{}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		imports[f[0]] = f[1:]
		for _, imp := range f[1:] {
			if imp == "testing" {
				helpers[f[0]] = true
			}
		}
	}
	if len(imports) < 20 {
		t.Fatalf("go list named %d packages", len(imports))
	}
	for pkg := range helpers {
		name := strings.TrimPrefix(pkg, module)
		if !strings.HasPrefix(name, "internal/") && !strings.HasSuffix(name, "test") {
			t.Errorf("%s imports testing: only a test helper may (under internal/, or a package named …test)", pkg)
		}
	}
	for pkg, imps := range imports {
		for _, imp := range imps {
			if helpers[imp] && !helpers[pkg] {
				t.Errorf("%s imports %s, which imports testing: only tests may", pkg, imp)
			}
		}
	}
}

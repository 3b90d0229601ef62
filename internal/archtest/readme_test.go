package archtest

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// layoutRow is a row of the README's layout table: its first cell names one
// or more packages, each in backquotes.
var layoutRow = regexp.MustCompile("(?m)^\\| (`[^|]*`)[^|]* \\|")

// TestReadmeLayoutNamesEveryPackage holds the README's layout table to
// `go list`: a newcomer who looks a package up there finds it, and the table
// names no package that is gone.
func TestReadmeLayoutNamesEveryPackage(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Skip("no README.md: ", err)
	}
	text := string(readme)
	start := strings.Index(text, "\n## Layout")
	if start < 0 {
		t.Fatal("README.md has no ## Layout section")
	}
	section := text[start+1:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	named := map[string]bool{}
	for _, m := range layoutRow.FindAllStringSubmatch(section, -1) {
		for _, q := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(m[1], -1) {
			named[q[1]] = true
		}
	}
	out, err := exec.Command("go", "list", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Fields(string(out)) {
		pkg, ok := strings.CutPrefix(line, module)
		if !ok || pkg == "" {
			continue
		}
		listed[pkg] = true
		if !named[pkg] {
			t.Errorf("%s is not in the README's layout table", pkg)
		}
	}
	for name := range named {
		if strings.Contains(name, "/") && !listed[name] && !strings.Contains(name, " ") && !strings.HasPrefix(name, "campaign") {
			if _, err := os.Stat("../../" + name); err != nil {
				t.Errorf("the layout table names %s, which is no package", name)
			}
		}
	}
}

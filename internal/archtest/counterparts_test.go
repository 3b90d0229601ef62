package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The two front ends share their common parts through compiler/front; a
// name both still define must be the same step specialised to each
// language, said in front's list of counterparts (compiler/front/
// counterparts.go). A new name in both is either a part to move into front
// or a counterpart to explain there.
func TestFrontEndsShareNoNameUnexplained(t *testing.T) {
	legacy := definedNames(t, "compiler/legacy")
	dss := definedNames(t, "compiler/dss")
	var both []string
	for name := range legacy {
		if dss[name] {
			both = append(both, name)
		}
	}
	slices.Sort(both)
	listed := counterparts(t)
	for _, name := range both {
		if !listed[name] {
			t.Errorf("%s is defined in both compiler/legacy and compiler/dss and is not a listed counterpart: move it to compiler/front, rename one, or explain it in compiler/front/counterparts.go", name)
		}
	}
	for name := range listed {
		if !slices.Contains(both, name) {
			t.Errorf("compiler/front/counterparts.go lists %s, which is no longer defined in both front ends", name)
		}
	}
	if len(legacy) < 100 || len(dss) < 100 {
		t.Fatalf("read %d names in legacy and %d in dss: too few, the packages moved?", len(legacy), len(dss))
	}
}

// packageDir is the folder of one of our packages.
func packageDir(t *testing.T, pkg string) string {
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}", module+pkg).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pkg, err)
	}
	return strings.TrimSpace(string(out))
}

// definedNames are the top-level functions and methods of pkg's non-test
// files.
func definedNames(t *testing.T, pkg string) map[string]bool {
	names := map[string]bool{}
	paths, _ := filepath.Glob(filepath.Join(packageDir(t, pkg), "*.go"))
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				names[fd.Name.Name] = true
			}
		}
	}
	return names
}

var counterpartLine = regexp.MustCompile(`^//\s+- (\w+): \S`)

// counterparts are the names front's list explains, each with its reason.
func counterparts(t *testing.T) map[string]bool {
	path := filepath.Join(packageDir(t, "compiler/front"), "counterparts.go")
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	listed := map[string]bool{}
	for _, g := range f.Comments {
		for _, c := range g.List {
			if m := counterpartLine.FindStringSubmatch(c.Text); m != nil {
				listed[m[1]] = true
			}
		}
	}
	if len(listed) == 0 {
		t.Fatalf("%s lists no counterpart: the list's format changed?", path)
	}
	return listed
}

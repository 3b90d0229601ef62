package diag_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"reuselab/internal/shared"
)

var (
	codeLiteral = regexp.MustCompile(`"DSH(\d{4})`)
	codeRow     = regexp.MustCompile(`(?m)^\| DSH(\d{4}) \|`)
	specNumber  = regexp.MustCompile(`(\d{4})(?:\s*[–-]\s*(\d{4}))?`)
)

// sourceCodes are the codes the module's Go source (tests left out) puts
// in a string literal, with a file of each.
func sourceCodes(t *testing.T) map[int]string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not at %s", root)
	}
	codes := map[int]string{}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range codeLiteral.FindAllSubmatch(b, -1) {
			n, _ := strconv.Atoi(string(m[1]))
			if _, ok := codes[n]; !ok {
				codes[n], _ = filepath.Rel(root, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return codes
}

// upstreamCodes are the numbers and ranges LANGUAGE-2.0.md §4 lists.
func upstreamCodes(t *testing.T) map[int]bool {
	dir := shared.Dir()
	if dir == "" {
		t.Skip("../shared is absent: no upstream code list to compare with")
	}
	b, err := os.ReadFile(filepath.Join(dir, "spec", "LANGUAGE-2.0.md"))
	if err != nil {
		t.Skipf("no LANGUAGE-2.0.md: %v", err)
	}
	s := string(b)
	start, end := strings.Index(s, "## 4. Diagnostic codes"), strings.Index(s, "## 5. ")
	if start < 0 || end < start {
		t.Fatal("LANGUAGE-2.0.md has no §4 before §5")
	}
	up := map[int]bool{}
	for _, m := range specNumber.FindAllStringSubmatch(s[start:end], -1) {
		a, _ := strconv.Atoi(m[1])
		b := a
		if m[2] != "" {
			b, _ = strconv.Atoi(m[2])
		}
		for n := a; n <= b && b-a < 200; n++ {
			up[n] = true
		}
	}
	return up
}

// CODES.md lists every code reuselab adds, and only codes it uses.
func TestCodesDocumentMatchesTheSource(t *testing.T) {
	doc, err := os.ReadFile("CODES.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[int]bool{}
	for _, m := range codeRow.FindAllSubmatch(doc, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		if listed[n] {
			t.Errorf("DSH%04d listed twice", n)
		}
		listed[n] = true
	}
	if len(listed) == 0 {
		t.Fatal("CODES.md lists no code")
	}
	used := sourceCodes(t)
	for n := range listed {
		if _, ok := used[n]; !ok {
			t.Errorf("CODES.md lists DSH%04d, which no Go source uses", n)
		}
	}
	up := upstreamCodes(t)
	for n, file := range used {
		if !up[n] && !listed[n] {
			t.Errorf("DSH%04d (%s) is neither upstream's (LANGUAGE-2.0 §4) nor in CODES.md", n, file)
		}
	}
}

package pack

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"reuselab/rules/facts"
)

var update = flag.Bool("update", false, "rewrite the interface table of rules/README.md and the list of doc.go from Interface")

const (
	readmePath  = "../README.md"
	tableBegin  = "<!-- interface table: go test ./rules/pack -run TestInterfaceDocumented -update -->"
	tableEnd    = "<!-- end of the interface table -->"
	docFilePath = "doc.go"
)

// readmeTable renders Interface as the README's markdown table.
func readmeTable() string {
	esc := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	var b strings.Builder
	b.WriteString("| predicate | as written | from | phase | meaning | example |\n|---|---|---|---|---|---|\n")
	for _, p := range Interface {
		fmt.Fprintf(&b, "| `%s/%d` | `%s` | %s | %s | %s | `%s.` |\n", p.Sym.Symbol, p.Sym.Arity, esc(p.Use()), p.Kind, p.Phase, esc(p.Meaning), esc(p.Example))
	}
	return b.String()
}

// docBlock renders one predicate as the package doc lists it.
func docBlock(p Predicate) string {
	return fmt.Sprintf("//\t%-12s %s  [%s, %s]\n//\t    %s\n//\t    e.g. %s.\n",
		fmt.Sprintf("%s/%d", p.Sym.Symbol, p.Sym.Arity), p.Use(), p.Kind, p.Phase, p.Meaning, p.Example)
}

// docList renders Interface as the package doc lists it, by kind.
func docList() string {
	var b strings.Builder
	last := ""
	for _, p := range Interface {
		if p.Kind != last {
			b.WriteString("//\n//\t--- " + p.Kind + " ---\n")
			last = p.Kind
		}
		b.WriteString(docBlock(p))
	}
	return b.String()
}

// TestInterfaceDocumented holds the documentation to the code: every
// predicate the schema exports, the virtual store serves, the driver feeds
// or reads is in Interface with its arity, each example is Mangle source
// using it with that arity, the reuse-2.0 helpers are what reuse-2.0
// derives, and both rules/README.md and the package doc list all of them.
func TestInterfaceDocumented(t *testing.T) {
	listed := map[ast.PredicateSym]Predicate{}
	for _, p := range Interface {
		if _, dup := listed[p.Sym]; dup {
			t.Errorf("%s listed twice", p.Sym)
		}
		listed[p.Sym] = p
	}
	want := map[ast.PredicateSym]string{}
	for _, s := range facts.SchemaPredicates {
		want[s] = KindSchema
	}
	for _, s := range facts.VirtualPredicates {
		want[s] = KindVirtual
	}
	for _, s := range driverPredicates() {
		if _, ok := want[s]; !ok {
			want[s] = KindDriver
		}
	}
	for _, ph := range Phases {
		for _, s := range phaseTargets[ph] {
			want[s] = KindDerives
		}
	}
	for _, s := range raiseTargets {
		want[s] = KindDerives
	}
	for s, kind := range want {
		p, ok := listed[s]
		if !ok {
			t.Errorf("%s/%d (%s) is not documented: add it to Interface (iface.go), then run with -update", s.Symbol, s.Arity, kind)
			continue
		}
		if p.Kind != kind {
			t.Errorf("%s: listed as %s, is %s", s, p.Kind, kind)
		}
	}
	base, ds := Builtin("reuse-2.0")
	if base == nil {
		t.Fatal(ds.String())
	}
	derived := map[ast.PredicateSym]bool{}
	for _, st := range base.Statements() {
		if st.Clause != nil {
			derived[st.Clause.Head.Predicate] = true
		}
	}
	for _, p := range Interface {
		if _, ok := want[p.Sym]; !ok && !(p.Kind == KindHelper && derived[p.Sym]) {
			t.Errorf("%s/%d is listed as %s but nothing provides it", p.Sym.Symbol, p.Sym.Arity, p.Kind)
		}
		if !slices.Contains([]string{"all", "pre", "level", "post", "raise"}, p.Phase) {
			t.Errorf("%s: phase %q", p.Sym, p.Phase)
		}
		u, err := parse.Unit(strings.NewReader(p.Example + "."))
		if err != nil || len(u.Clauses) != 1 {
			t.Errorf("%s: example %q is not one clause: %v", p.Sym, p.Example, err)
			continue
		}
		uses := false
		for _, a := range clauseAtoms(u.Clauses[0]) {
			uses = uses || a.Predicate == p.Sym
		}
		if !uses {
			t.Errorf("%s/%d: example %q does not use it with that arity", p.Sym.Symbol, p.Sym.Arity, p.Example)
		}
	}

	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(readme), tableBegin+"\n")
	_, after, ok2 := strings.Cut(rest, tableEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the markers %q … %q", readmePath, tableBegin, tableEnd)
	}
	if table := readmeTable(); rest[:len(rest)-len(after)-len(tableEnd)] != table {
		if *update {
			if err := os.WriteFile(readmePath, []byte(before+tableBegin+"\n"+table+tableEnd+after), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			t.Errorf("the interface table of %s is stale: run go test ./rules/pack -run TestInterfaceDocumented -update", readmePath)
		}
	}
	doc, err := os.ReadFile(docFilePath)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		// The list runs from the first kind heading to the paragraph after it.
		start := strings.Index(string(doc), "//\n//\t--- ")
		end := strings.Index(string(doc), "//\n// Node ids N")
		if start < 0 || end < start {
			t.Fatalf("%s: cannot find the predicate list to rewrite", docFilePath)
		}
		doc = []byte(string(doc[:start]) + docList() + string(doc[end:]))
		if err := os.WriteFile(docFilePath, doc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range Interface {
		if !strings.Contains(string(doc), docBlock(p)) {
			t.Errorf("the package doc (doc.go) does not list %s/%d as\n%s", p.Sym.Symbol, p.Sym.Arity, docBlock(p))
		}
	}
}

package facts

import (
	"strings"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/printable"
)

// A string with terminal escapes, bidi characters, CR and DEL prints with
// none of them raw, and parses back to the very same constant: `facts`
// is read by Mangle and by a person at a terminal.
func TestWriteFactsEscapesControlsAndReparses(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 3, Nodes: 30})
	evil := "x\x1b[2J\u202egpj.exe|<script>\r\x7f\x00\u0085\n\t"
	g.Name = evil
	g.Nodes[0].Props = append(g.Nodes[0].Props, ir.Prop{Name: "Code", Value: ir.Str(evil)})
	g.Nodes[0].Debug = evil
	var b strings.Builder
	if err := WriteFacts(&b, g); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !printable.IsBlock(out) {
		t.Fatalf("facts hold a raw control or bidi character:\n%q", out)
	}
	if !strings.Contains(out, `\x1b[2J`) {
		t.Fatalf("the ESC of the Code property is not in the facts as \\x1b:\n%s", out)
	}
	u, err := parse.Unit(strings.NewReader(out))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var want []ast.Atom
	Export(g, func(a ast.Atom) { want = append(want, a) })
	if len(u.Clauses) != len(want) {
		t.Fatalf("%d facts back, %d written", len(u.Clauses), len(want))
	}
	for i, c := range u.Clauses {
		if !c.Head.Equals(want[i]) {
			t.Fatalf("fact %d: %s came back as %s", i, want[i], c.Head)
		}
	}
}

package syntax

import (
	"fmt"
	"strings"
	"testing"

	"reuselab/diag"
)

// graphOf wraps statements in a Shader whose Graph holds them.
func graphOf(body string) []byte {
	return []byte("Shader(Name=\"M\"){\nProperties = { ScalarParameter X = 1.0; }\nOutputs = { float C; Base.EmissiveColor = C; }\nGraph = {\n" + body + "\n}\n}\n")
}

func codes(l diag.List) string { return strings.Join(l.Codes(diag.Error), ",") }

// Chains built by loops (the 400k-operand sum, a million members,
// calls or indexes) overflowed the stack in lowering and in Inspect. They
// are refused where they grow: one DSH2151 at the operator past the limit.
// (A stack overflow cannot be recovered: reaching the asserts is the test.)
func TestLongChainsAreRefusedAtTheLimit(t *testing.T) {
	const n = 300_000
	cases := map[string]struct {
		body string
		col  int // column of the operator past maxChain
	}{
		"sum":    {"C = " + strings.Repeat("X + ", n) + "X;", len("C = ") + maxChain*len("X + ") + 3},
		"member": {"C = X" + strings.Repeat(".x", n) + ";", len("C = X") + maxChain*2 + 1},
		"call":   {"C = X" + strings.Repeat("()", n) + ";", len("C = X") + maxChain*2 + 1},
	}
	for name, c := range cases {
		_, l := Parse("chain.dsm", graphOf(c.body))
		var found *diag.Diagnostic
		for i, d := range l.Items {
			if d.Code == "DSH2151" && strings.Contains(d.Message, "too long") {
				found = &l.Items[i]
			}
		}
		if found == nil {
			t.Errorf("%s: no DSH2151 'too long'; got %s", name, codes(l))
			continue
		}
		if found.Pos.Line != 5 || found.Pos.Col != c.col {
			t.Errorf("%s: DSH2151 at %d:%d, want 5:%d", name, found.Pos.Line, found.Pos.Col, c.col)
		}
	}
	// An index chain is refused at every index (1.x indexes only a call's
	// output), a flood the per-file cap bounds.
	_, l := Parse("chain.dsm", graphOf("C = F()"+strings.Repeat("[0]", n)+";"))
	if !l.HasErrors() || len(l.Items) != diag.MaxPerFile+1 || l.Items[len(l.Items)-1].Code != diag.CodeMore {
		t.Errorf("index chain: %d diagnostics, want %d ending in %s", len(l.Items), diag.MaxPerFile+1, diag.CodeMore)
	}
}

// A chain at the limit still parses, whole, and walks.
func TestChainAtTheLimitParses(t *testing.T) {
	f, l := Parse("chain.dsm", graphOf("C = "+strings.Repeat("X + ", maxChain)+"X;"))
	if l.HasErrors() {
		t.Fatalf("a %d-operator chain: %s", maxChain, l.String())
	}
	bins := 0
	Inspect(f.Decls[0], func(n Node) bool {
		if _, ok := n.(*BinaryExpr); ok {
			bins++
		}
		return true
	})
	if bins != maxChain {
		t.Errorf("Inspect saw %d additions, want %d", bins, maxChain)
	}
}

// Chains within chains (parenthesised sums) are as tall as their sum: the
// height check refuses them even though no single chain is too long.
func TestNestedChainsAreRefusedByHeight(t *testing.T) {
	inner := "(X" + strings.Repeat(" + X", maxChain-1) + ")"
	_, l := Parse("nest.dsm", graphOf("C = "+inner+strings.Repeat(" + X", maxChain-1)+" + "+inner+";"))
	if !strings.Contains(l.String(), "DSH2151: expression nested too deeply") {
		t.Fatalf("want the height DSH2151, got %s", codes(l))
	}
}

// Inspect keeps its own stack: a tree a million deep, built directly, is
// walked in preorder without touching the goroutine stack.
func TestInspectWalksDeepTreesIteratively(t *testing.T) {
	const depth = 1_000_000
	var x Expr = &Ident{Name: "X"}
	for i := 0; i < depth; i++ {
		x = &BinaryExpr{Op: '+', X: x, Y: &NumberLit{Raw: fmt.Sprint(i)}}
	}
	var seen, leaves int
	var first Node
	Inspect(x, func(n Node) bool {
		if first == nil {
			first = n
		}
		seen++
		// preorder: every addition down the left spine, X, then the
		// literals from the deepest up
		if lit, ok := n.(*NumberLit); ok && lit.Raw == "0" && seen != depth+2 {
			t.Fatalf("the deepest literal came at %d, want %d (preorder)", seen, depth+2)
		}
		if _, ok := n.(*Ident); ok {
			leaves++
		}
		return true
	})
	if seen != 2*depth+1 || first != x || leaves != 1 {
		t.Fatalf("visited %d nodes (want %d), first %T", seen, 2*depth+1, first)
	}
}

// LF, CRLF and a lone CR all end lines: the same error at the same place.
func TestPositionsForEveryLineEnding(t *testing.T) {
	src := "Shader(Name=\"M\"){\n Outputs={float C; Base.EmissiveColor=C;}\n // a comment\n Graph={\n C = Y;\n }\n}\n"
	for name, eol := range map[string]string{"LF": "\n", "CRLF": "\r\n", "CR": "\r"} {
		_, l := Parse("eol.dsm", []byte(strings.ReplaceAll(src, "\n", eol)))
		if l.HasErrors() {
			t.Errorf("%s: %s", name, l.String())
			continue
		}
		f, _ := Parse("eol.dsm", []byte(strings.ReplaceAll(src, "\n", eol)))
		var pos Pos
		Inspect(f.Decls[0], func(n Node) bool {
			if id, ok := n.(*Ident); ok && id.Name == "Y" {
				pos = id.Pos
			}
			return true
		})
		if pos.Line != 5 || pos.Col != 6 {
			t.Errorf("%s: Y at %d:%d, want 5:6", name, pos.Line, pos.Col)
		}
	}
}

func TestUnterminatedBlockCommentAtEOF(t *testing.T) {
	_, l := Parse("c.dsm", []byte("Shader(Name=\"M\"){ Outputs={float C; Base.EmissiveColor=C;} Graph={C=1;} }\n/* never closed"))
	if got := codes(l); got != "DSH2102" || l.Items[0].Pos.Line != 2 || l.Items[0].Pos.Col != 1 {
		t.Fatalf("got %s", l.String())
	}
}

// A flood of diagnostics is capped per file, with one info for the rest.
func TestDiagnosticsCappedPerFile(t *testing.T) {
	body := "if (X > 0) { C = X; }" + strings.Repeat(" else if (X > 1) { C = X; }", 20000)
	_, l := Parse("flood.dsm", graphOf(body))
	if len(l.Items) != diag.MaxPerFile+1 {
		t.Fatalf("%d diagnostics, want %d", len(l.Items), diag.MaxPerFile+1)
	}
	sorted := l.Sorted()
	last := sorted[len(sorted)-1]
	if last.Code != diag.CodeMore || last.Severity != diag.Info || !strings.HasSuffix(last.Message, "more diagnostics in this file not shown") {
		t.Fatalf("last printed: %s", last)
	}
}

// Source bytes a terminal acts on never reach it raw.
func TestDiagnosticsEscapeControlBytes(t *testing.T) {
	_, l := Parse("esc\x1b[2J.dsm", graphOf("C = \x1b[31mRED\x00\x07;"))
	out := l.String()
	if !l.HasErrors() {
		t.Fatal("no diagnostics")
	}
	for _, c := range out {
		if c < 0x20 && c != '\n' || c == 0x7f {
			t.Fatalf("raw control byte %q in %q", c, out)
		}
	}
	if !strings.Contains(out, `\x1b`) {
		t.Errorf("ESC not shown escaped: %q", out)
	}
}

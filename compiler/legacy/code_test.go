package legacy

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"reuselab/compiler/legacy/syntax"
)

// replaceCallsInTurn is replaceCalls as it first was: each call's offset
// found by walking the body from its start, the calls replaced from the
// last to the first, the body rebuilt for each.
func replaceCallsInTurn(d *syntax.FunctionDecl, lifted map[*syntax.CallExpr]string) string {
	offsetIn := func(text string, line0, col0, line, col int) int {
		l, c := line0, col0
		for i := 0; i <= len(text); i++ {
			if l == line && c == col {
				return i
			}
			if i == len(text) {
				break
			}
			if text[i] == '\n' {
				l, c = l+1, 1
			} else {
				c++
			}
		}
		return -1
	}
	body := d.Body
	type span struct {
		from, to int
		name     string
	}
	var spans []span
	for call, name := range lifted {
		from := offsetIn(body, d.BodyPos.Line, d.BodyPos.Col, call.Pos.Line, call.Pos.Col)
		to := offsetIn(body, d.BodyPos.Line, d.BodyPos.Col, call.RParen.Line, call.RParen.Col)
		if from < 0 || to < from {
			continue
		}
		spans = append(spans, span{from, to + 1, name})
	}
	for i := range spans {
		for j := i + 1; j < len(spans); j++ {
			if spans[j].from > spans[i].from {
				spans[i], spans[j] = spans[j], spans[i]
			}
		}
	}
	for _, s := range spans {
		if s.to > len(body) {
			continue
		}
		repl := s.name
		if n := s.to - s.from; len(repl) < n {
			repl += strings.Repeat(" ", n-len(repl))
		}
		body = body[:s.from] + repl + body[s.to:]
	}
	return body
}

// replaceCalls rewrites a GraphFunction body in one pass to what replacing
// its lifted calls one by one made: names shorter and longer than the
// calls, calls spanning lines, tabs, calls at the first column and at the
// body's first line, nested calls inside lifted ones.
func TestReplaceCallsMatchesReplacingInTurn(t *testing.T) {
	calls := []string{"UE.Time()", "UE.Time(\n)", "UE.Lerp(A = 0.0, B = g,\n\tAlpha = 0.5)", "UE.Sine(UE.Time())", "UE.A()"}
	rng := rand.New(rand.NewPCG(28, 6))
	lifted := 0
	for round := range 80 {
		var body strings.Builder
		if round%2 == 0 {
			fmt.Fprintf(&body, " float s = %s;", calls[rng.IntN(len(calls))])
		}
		body.WriteString("\n    float t = g;\n")
		for range rng.IntN(6) {
			fmt.Fprintf(&body, "%st += %s;\n", strings.Repeat("\t", rng.IntN(2)), calls[rng.IntN(len(calls))])
		}
		body.WriteString("    return t;\n")
		src := "GraphFunction float G(in float g)\n{" + body.String() + "}\n"
		f, ds := syntax.Parse("/mem/T.dsm", []byte(src))
		if ds.HasErrors() {
			t.Fatalf("%s\n%s", src, ds.String())
		}
		d, _ := f.Decls[0].(*syntax.FunctionDecl)
		if d == nil {
			t.Fatalf("no function: %T", f.Decls[0])
		}
		names := map[*syntax.CallExpr]string{}
		for i, c := range d.Lifted {
			names[c] = "_ds_" + strings.Repeat("G", round%14) + "_UE" + strconv.Itoa(i)
		}
		lifted += len(d.Lifted)
		if got, want := replaceCalls(d, names), replaceCallsInTurn(d, names); got != want {
			t.Errorf("body %q:\n got %q\nwant %q", d.Body, got, want)
		}
	}
	if lifted < 80 {
		t.Errorf("only %d calls lifted: the comparison proves little", lifted)
	}
}

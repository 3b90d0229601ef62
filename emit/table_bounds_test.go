package emit_test

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
)

// A sum of n operands in one statement wrote each node's whole expression
// inline, so the table and the dot were quadratic in n (3,000 operands:
// 54 MB in 27 s). Inline text is now bounded per key: every line is short
// and the output grows linearly — asserted on sizes, not on time.
func TestTableAndDotStayLinearOnLongChains(t *testing.T) {
	size := func(n int) (table, dot int, longest int) {
		src := "Shader(Name=\"M\"){\n Properties = { ScalarParameter X = 1.0; }\n Outputs = { float C; Base.EmissiveColor = C; }\n Graph = {\n C = " +
			strings.Repeat("X + ", n-1) + "X;\n }\n}\n"
		read := func(p string) ([]byte, error) {
			if p == "/mem/chain.dsm" {
				return []byte(src), nil
			}
			return nil, os.ErrNotExist
		}
		m, ds := compiler.CompileFile("/mem/chain.dsm", compiler.Options{Root: "/mem", ReadFile: read})
		if m == nil || ds.HasErrors() {
			t.Fatalf("n=%d: %s", n, ds.String())
		}
		_, res := passes.RunModule(m, passes.Options{Mode: "2.0"})
		assets := emit.FromModule("chain.dsm", m, res, emit.Options{})
		var tb, db bytes.Buffer
		if err := emit.WriteTable(&tb, assets); err != nil {
			t.Fatal(err)
		}
		if err := emit.WriteDOT(&db, assets); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(tb.String(), "\n") {
			longest = max(longest, utf8.RuneCountInString(line))
		}
		return tb.Len(), db.Len(), longest
	}
	t1, d1, l1 := size(1000)
	t4, d4, l4 := size(4000)
	if l1 > 400 || l4 > 400 {
		t.Errorf("longest table line %d / %d runes: inline text is not bounded", l1, l4)
	}
	// four times the operands, about four times the text (quadratic: 16x)
	if r := float64(t4) / float64(t1); r > 5 {
		t.Errorf("table grew %.1fx for 4x the operands", r)
	}
	if r := float64(d4) / float64(d1); r > 5 {
		t.Errorf("dot grew %.1fx for 4x the operands", r)
	}
}

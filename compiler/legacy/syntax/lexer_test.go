package syntax

import (
	"strings"
	"testing"
)

func lexAll(src string) []token {
	lx := newLexer("t.dsm", src)
	var ts []token
	for {
		t := lx.next()
		ts = append(ts, t)
		if t.Kind == tEOF {
			return ts
		}
	}
}

func TestLexerTokens(t *testing.T) {
	type want struct {
		kind      tokKind
		text      string
		line, col int
		code      string
	}
	tests := []struct {
		src  string
		want []want
	}{
		{"a = 1.5;", []want{{tIdent, "a", 1, 1, ""}, {tPunct, "=", 1, 3, ""}, {tNumber, "1.5", 1, 5, ""}, {tPunct, ";", 1, 8, ""}}},
		{"N::F(x)", []want{{tIdent, "N", 1, 1, ""}, {tPunct, "::", 1, 2, ""}, {tIdent, "F", 1, 4, ""}, {tPunct, "(", 1, 5, ""}, {tIdent, "x", 1, 6, ""}, {tPunct, ")", 1, 7, ""}}},
		{"// c\n  /* b\n */ x", []want{{tIdent, "x", 3, 5, ""}}},
		{"\"a\\\"b\" 'c'", []want{{tString, "\"a\\\"b\"", 1, 1, ""}, {tString, "'c'", 1, 8, ""}}},
		{"\"open\nx", []want{{tString, "\"open", 1, 1, "DSH2103"}, {tIdent, "x", 2, 1, ""}}},
		{"\"bad\\q\"", []want{{tString, "\"bad\\q\"", 1, 1, "DSH2104"}}},
		{"0x10 1.2.3 1e 1.0fx 1fu 1.0u", []want{{tNumber, "0x10", 1, 1, "DSH2222"}, {tNumber, "1.2.3", 1, 6, "DSH2105"}, {tNumber, "1e", 1, 12, "DSH2105"}, {tNumber, "1.0fx", 1, 15, "DSH2105"}, {tNumber, "1fu", 1, 21, "DSH2105"}, {tNumber, "1.0u", 1, 25, "DSH2105"}}},
		{".5 1. 2e-3 3ul 0.5h", []want{{tNumber, ".5", 1, 1, ""}, {tNumber, "1.", 1, 4, ""}, {tNumber, "2e-3", 1, 7, ""}, {tNumber, "3ul", 1, 12, ""}, {tNumber, "0.5h", 1, 16, ""}}},
		{"  #Region \"A\" // c\nx # y", []want{{tHash, "#Region \"A\"", 1, 3, ""}, {tIdent, "x", 2, 1, ""}, {tBad, "#", 2, 3, "DSH2106"}, {tIdent, "y", 2, 5, ""}}},
		{"a += b++ >= c && d", []want{{tIdent, "a", 1, 1, ""}, {tPunct, "+=", 1, 3, ""}, {tIdent, "b", 1, 6, ""}, {tPunct, "++", 1, 7, ""}, {tPunct, ">=", 1, 10, ""}, {tIdent, "c", 1, 13, ""}, {tPunct, "&&", 1, 15, ""}, {tIdent, "d", 1, 18, ""}}},
		{"é = $", []want{{tIdent, "é", 1, 1, ""}, {tPunct, "=", 1, 3, ""}, {tBad, "$", 1, 5, "DSH2101"}}},
		{"x /* open", []want{{tIdent, "x", 1, 1, ""}, {tEOF, "", 1, 10, "DSH2102"}}},
	}
	for _, tc := range tests {
		got := lexAll(tc.src)
		if tc.want[len(tc.want)-1].kind != tEOF {
			got = got[:len(got)-1]
		}
		if len(got) != len(tc.want) {
			t.Errorf("%q: got %d tokens %v, want %d", tc.src, len(got), got, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			g := got[i]
			if g.Kind != w.kind || g.Text != w.text || g.Pos.Line != w.line || g.Pos.Col != w.col || g.code() != w.code {
				t.Errorf("%q token %d: got {%d %q %d:%d %s}, want {%d %q %d:%d %s}", tc.src, i, g.Kind, g.Text, g.Pos.Line, g.Pos.Col, g.code(), w.kind, w.text, w.line, w.col, w.code)
			}
		}
	}
}

func TestNumberKinds(t *testing.T) {
	tests := []struct {
		raw  string
		v    float64
		kind NumKind
	}{
		{"1", 1, NumInt}, {"1l", 1, NumInt}, {"2u", 2, NumUint}, {"1.0", 1, NumFloat}, {"1f", 1, NumFloat},
		{"1e2", 100, NumFloat}, {"0.5h", 0.5, NumHalf}, {"1.", 1, NumFloat}, {".25", 0.25, NumFloat},
	}
	for _, tc := range tests {
		v, k, code, _ := parseNumber(tc.raw)
		if code != "" || v != tc.v || k != tc.kind {
			t.Errorf("%s: got %v %v %q", tc.raw, v, k, code)
		}
	}
}

func TestSkipRaw(t *testing.T) {
	src := "{ if (a) { b = \"}\"; } // }\n /* } */ c = '}'; } tail"
	lx := newLexer("t", src)
	end := lx.skipRaw(1)
	if end < 0 || !strings.HasPrefix(src[end:], "} tail") {
		t.Fatalf("skipRaw stopped at %d: %q", end, src[max(end, 0):])
	}
}

// A 1.x string decodes the escapes both languages share and its own \';
// any other escape is DSH2104 and keeps the escaped byte.
func TestLexerStringEscapes(t *testing.T) {
	for _, tc := range []struct{ src, want, code string }{
		{`"a\tb\0c\"\\\n"`, "a\tbc\"\\\n", ""},
		{`"it\'s"`, "it's", ""},
		{`"x\qy"`, "xqy", "DSH2104"},
	} {
		tok := lexAll(tc.src)[0]
		code := ""
		if tok.prob != nil {
			code = tok.prob.Code
		}
		if tok.Str != tc.want || code != tc.code {
			t.Errorf("%s: %q with %q, want %q with %q", tc.src, tok.Str, code, tc.want, tc.code)
		}
	}
}

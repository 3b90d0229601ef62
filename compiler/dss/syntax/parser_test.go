package syntax

import (
	"fmt"
	"strings"
	"testing"
)

// show prints an expression fully parenthesised, to read precedence off.
func show(e Expr) string {
	switch e := e.(type) {
	case *Name:
		return e.Text
	case *NumberLit:
		return e.Text
	case *BoolLit:
		return fmt.Sprint(e.Value)
	case *StringLit:
		return fmt.Sprintf("%q", e.Value)
	case *Unary:
		return "(" + e.Op + show(e.X) + ")"
	case *Postfix:
		return "(" + show(e.X) + e.Op + ")"
	case *Binary:
		return "(" + show(e.L) + " " + e.Op + " " + show(e.R) + ")"
	case *Assign:
		return "(" + show(e.L) + " " + e.Op + " " + show(e.R) + ")"
	case *Cond:
		return "(" + show(e.C) + " ? " + show(e.T) + " : " + show(e.F) + ")"
	case *Cast:
		return "((" + e.Type.Name + ")" + show(e.X) + ")"
	case *Paren:
		return show(e.X)
	case *Member:
		return show(e.X) + "." + e.Name
	case *Index:
		return show(e.X) + "[" + show(e.I) + "]"
	case *Call:
		var args []string
		for _, a := range e.Args {
			if a.Name != "" {
				args = append(args, a.Name+"="+show(a.Value))
			} else {
				args = append(args, show(a.Value))
			}
		}
		return show(e.Fn) + "(" + strings.Join(args, ", ") + ")"
	case *InitList:
		var xs []string
		for _, x := range e.Elems {
			xs = append(xs, show(x))
		}
		return "{" + strings.Join(xs, ", ") + "}"
	case *BadExpr:
		return "<bad>"
	}
	return "?"
}

// parseBody parses `void F() { body }` and returns its statements.
func parseBody(t *testing.T, body string) ([]Stmt, string) {
	t.Helper()
	p, ds := Parse("t.dss", "void F()\n{\n"+body+"\n}\n")
	for _, d := range p.Decls {
		if fd, ok := d.(*FuncDecl); ok && fd.Body != nil {
			return fd.Body.Stmts, ds.String()
		}
	}
	t.Fatalf("no function parsed: %s", ds.String())
	return nil, ""
}

func parseExprText(t *testing.T, src string) string {
	t.Helper()
	stmts, ds := parseBody(t, src+";")
	if ds != "" {
		t.Fatalf("%s: %s", src, ds)
	}
	if len(stmts) != 1 {
		t.Fatalf("%s: %d statements", src, len(stmts))
	}
	return show(stmts[0].(*ExprStmt).X)
}

func TestPrecedence(t *testing.T) {
	cases := map[string]string{
		"a + b * c":                "(a + (b * c))",
		"a * b + c":                "((a * b) + c)",
		"a - b - c":                "((a - b) - c)",
		"a / b % c":                "((a / b) % c)",
		"a << 1 + b":               "(a << (1 + b))",
		"a < b == c > d":           "((a < b) == (c > d))",
		"a & b ^ c | d":            "(((a & b) ^ c) | d)",
		"a || b && c":              "(a || (b && c))",
		"a && b | c":               "(a && (b | c))",
		"a ? b : c ? d : e":        "(a ? b : (c ? d : e))",
		"a = b = c":                "(a = (b = c))",
		"a += b ? c : d":           "(a += (b ? c : d))",
		"x = a > b ? a : b":        "(x = ((a > b) ? a : b))",
		"-a * b":                   "((-a) * b)",
		"!a && b":                  "((!a) && b)",
		"-x.y":                     "(-x.y)",
		"++i":                      "(++i)",
		"i++ + 1":                  "((i++) + 1)",
		"(float3)x * 2":            "(((float3)x) * 2)",
		"(a)(b)":                   "a(b)",
		"a.b.c[1](2).d":            "a.b.c[1](2).d",
		"UE.TexCoord(Index = 0).x": "UE.TexCoord(Index=0).x",
		"f(a, b = 1 + 2)":          "f(a, b=(1 + 2))",
		"a ? b = 1 : c":            "(a ? (b = 1) : c)",
		"~a | -b":                  "((~a) | (-b))",
		"a >= b != c <= d":         "((a >= b) != (c <= d))",
		"float3(1, 2, 3).zyx":      "float3(1, 2, 3).zyx",
	}
	for src, want := range cases {
		if got := parseExprText(t, src); got != want {
			t.Errorf("%s: got %s, want %s", src, got, want)
		}
	}
}

func TestStatementForms(t *testing.T) {
	src := `
	float x = 1, y;
	static const float k = 2;
	float3 v = {1, 2, 3};
	if (x > 0) x = 1; else if (x < 0) { x = 2; } else ;
	for (int i = 0; i < 4; i++) { continue; }
	for (;;) break;
	for (x = 0; ; ) {}
	while (x) x--;
	do { x++; } while (false);
	return x;
	discard;
	#pragma region R
	#pragma endregion
	/// a doc line inside a body is skipped
	x;
	`
	stmts, ds := parseBody(t, src)
	if ds != "" {
		t.Fatalf("diagnostics: %s", ds)
	}
	var kinds []string
	for _, s := range stmts {
		kinds = append(kinds, fmt.Sprintf("%T", s))
	}
	want := "*syntax.DeclStmt *syntax.DeclStmt *syntax.DeclStmt *syntax.IfStmt *syntax.ForStmt *syntax.ForStmt *syntax.ForStmt *syntax.WhileStmt *syntax.WhileStmt *syntax.ReturnStmt *syntax.JumpStmt *syntax.RegionStmt *syntax.RegionStmt *syntax.ExprStmt"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("statement kinds:\n got %s\nwant %s", got, want)
	}
	d := stmts[0].(*DeclStmt)
	if len(d.Vars) != 2 || d.Vars[0].Name != "x" || d.Vars[1].Init != nil {
		t.Errorf("two declarators expected, got %+v", d.Vars)
	}
	if !stmts[1].(*DeclStmt).Static || !stmts[1].(*DeclStmt).Const {
		t.Errorf("static const lost")
	}
	if _, ok := stmts[2].(*DeclStmt).Vars[0].Init.(*InitList); !ok {
		t.Errorf("brace initializer not an InitList")
	}
	ifs := stmts[3].(*IfStmt)
	if _, ok := ifs.Else.(*IfStmt); !ok {
		t.Errorf("else if does not nest")
	}
	f := stmts[5].(*ForStmt)
	if f.Init != nil || f.Cond != nil || f.Step != nil {
		t.Errorf("for(;;) should have no parts")
	}
	if w := stmts[8].(*WhileStmt); !w.Do {
		t.Errorf("do-while not marked")
	}
}

func TestDeclarations(t *testing.T) {
	src := `#include "a.dsh"
import "b.dsh";
#pragma material(ShadingModel = Unlit, BlendMode = "Additive")
#pragma layout(Node, Var = "Sum", X = 120, Y = -40)
/// @group G|H   @desc Some text @sort 3
/// free words
uniform float4 Tint = float4(1, 1, 1, 1);
static const float K = 1.0 / 2.0;
struct S { float a; float3 b; };
/// @asset /Game/F
extern float2 F(float x);
/// @custom
float C(float2 uv) { if (x) { return "}"; } /* } */ return 1; }
export void M(inout material m, float a = 1, out float r) { }
`
	p, ds := Parse("t.dss", src)
	if ds.HasErrors() {
		t.Fatalf("diagnostics: %s", ds.String())
	}
	var kinds []string
	for _, d := range p.Decls {
		kinds = append(kinds, strings.TrimPrefix(fmt.Sprintf("%T", d), "*syntax."))
	}
	if got := strings.Join(kinds, " "); got != "IncludeDecl IncludeDecl PragmaDecl PragmaDecl VarDecl VarDecl StructDecl FuncDecl FuncDecl FuncDecl" {
		t.Errorf("decls: %s", got)
	}
	u := p.Decls[4].(*VarDecl)
	if g, _ := u.Doc.Get("group"); g != "G|H" {
		t.Errorf("@group = %q", g)
	}
	if d, _ := u.Doc.Get("desc"); d != "Some text" {
		t.Errorf("@desc = %q", d)
	}
	if u.Doc.Free != "free words" {
		t.Errorf("free text = %q", u.Doc.Free)
	}
	if u.Pos.Line != 7 || u.Pos.Col != 1 {
		t.Errorf("uniform span %d:%d, want 7:1 (after the doc block)", u.Pos.Line, u.Pos.Col)
	}
	pm := p.Decls[2].(*PragmaDecl)
	if len(pm.Args) != 2 || pm.Args[1].Value != "Additive" {
		t.Errorf("pragma args %+v", pm.Args)
	}
	c := p.Decls[8].(*FuncDecl)
	if !c.Opaque || !strings.Contains(c.Raw, `return "}";`) || !strings.Contains(c.Raw, "/* } */ return 1;") {
		t.Errorf("opaque body %q", c.Raw)
	}
	m := p.Decls[9].(*FuncDecl)
	if len(m.Params) != 3 || m.Params[0].Qual != "inout" || m.Params[1].Default == nil || m.Params[2].Qual != "out" {
		t.Errorf("params %+v", m.Params)
	}
}

func codes(ds string) []string {
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(ds), "\n") {
		for _, f := range strings.Fields(line) {
			if strings.HasPrefix(f, "DSH") {
				out = append(out, strings.TrimSuffix(f, ":"))
			}
		}
	}
	return out
}

func TestErrorRecovery(t *testing.T) {
	cases := []struct {
		src   string
		codes string // the codes, in order
		decls int    // declarations that still parsed
	}{
		{"export void M(inout material m) { float x = ; m.Opacity = 1; }\nuniform float U;", "DSH3209", 2},
		{"Function F() {}\nuniform float U;", "DSH3222 DSH3205", 1},
		{"void F() { switch (x) { case 1: break; } }\nuniform float U;", "DSH2160", 2},
		{"void F() {\n#pragma once\n }", "DSH2160", 1},
		{"void F() { #pragma once\n }", "DSH2106 DSH3209", 1},
		{"uniform float A = 1 uniform float B;", "DSH3200", 2},
		{"float f = \"abc", "DSH2103 DSH2150", 1},
		{"/* never closed", "DSH2102", 0},
		{"uniform float x = 1.5q;", "DSH2105", 1},
		{"uniform float a; x # y", "DSH2106 DSH3205", 1},
		{"#include <x.ush>\nuniform float U;", "DSH3203", 1},
		{"#if FOO\nuniform float U;", "DSH3201", 1},
		{"/// @ nothing\nuniform float U;", "DSH3220", 1},
		{"uniform float U;\n/// dangling", "DSH3221", 1},
		{"void F() { f(a = 1, 2); }", "DSH2158", 1},
		{"void F() { x = {1, 2}; }", "DSH2162", 1},
	}
	for _, tc := range cases {
		p, ds := Parse("t.dss", tc.src)
		if got := strings.Join(codes(ds.String()), " "); got != tc.codes {
			t.Errorf("%q: codes %q, want %q\n%s", tc.src, got, tc.codes, ds.String())
		}
		if len(p.Decls) != tc.decls {
			t.Errorf("%q: %d declarations after recovery, want %d", tc.src, len(p.Decls), tc.decls)
		}
		for _, d := range ds.Items {
			if d.Pos.Line < 1 || d.Pos.Col < 1 {
				t.Errorf("%q: unplaced diagnostic %s", tc.src, d)
			}
		}
	}
}

// TestDepthLimit: nesting beyond MaxDepth is one DSH2150, never a stack
// overflow; long flat chains are fine.
func TestDepthLimit(t *testing.T) {
	deep := []string{
		"void F() { x = " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + "; }",
		"void F() " + strings.Repeat("{", 100000) + strings.Repeat("}", 100000),
		"void F() { " + strings.Repeat("if (a) ", 100000) + "x = 1; }",
		"void F() { x = " + strings.Repeat("-", 100000) + "1; }",
		"void F() { x = " + strings.Repeat("a ? ", 100000) + "1" + strings.Repeat(" : 2", 100000) + "; }",
		"void F() { x = f" + strings.Repeat("(g", 100000) + strings.Repeat(")", 100000) + "; }",
		"uniform float3 v = " + strings.Repeat("{", 100000) + strings.Repeat("}", 100000) + ";",
	}
	for i, src := range deep {
		_, ds := Parse("t.dss", src)
		if n := strings.Count(ds.String(), "DSH2150"); n != 1 {
			t.Errorf("case %d: %d DSH2150, want exactly 1:\n%.300s", i, n, ds.String())
		}
	}
	// Chains that build a deep tree without nesting are bounded too.
	for i, src := range []string{
		"void F() { x = a" + strings.Repeat(".b", 100000) + "; }",
		"void F() { x = a" + strings.Repeat(" = b", 100000) + "; }",
		"void F() { x = f" + strings.Repeat("(1)", 100000) + "; }",
	} {
		_, ds := Parse("t.dss", src)
		if n := strings.Count(ds.String(), "DSH2150"); n != 1 {
			t.Errorf("chain %d: %d DSH2150, want exactly 1:\n%.300s", i, n, ds.String())
		}
	}
	flat := []string{
		"void F() { x = 1" + strings.Repeat(" + 1", 100000) + "; }",
		"void F() { x = a" + strings.Repeat(".b", MaxDepth-1) + "; }",
		"void F() {" + strings.Repeat(" x = 1;", 100000) + " }",
	}
	for i, src := range flat {
		if _, ds := Parse("t.dss", src); ds.HasErrors() {
			t.Errorf("flat case %d: %.300s", i, ds.String())
		}
	}
}

func TestLexer(t *testing.T) {
	toks, ds := Lex("a\r\n  b //c\n#pragma x // y\n  /// doc\n//// not doc\n.5 1e3 2u 0x1F 1.0f \"a\\tb\\0\"")
	if len(ds) != 0 {
		t.Fatalf("lexer diagnostics: %+v", ds)
	}
	var got []string
	for _, tk := range toks {
		got = append(got, fmt.Sprintf("%d:%d:%d:%s", tk.Kind, tk.Pos.Line, tk.Pos.Col, tk.Text))
	}
	want := []string{
		fmt.Sprintf("%d:1:1:a", Ident), fmt.Sprintf("%d:2:3:b", Ident),
		fmt.Sprintf("%d:3:1:pragma x", Directive), fmt.Sprintf("%d:4:3:doc", DocLine),
		fmt.Sprintf("%d:6:1:.5", Number), fmt.Sprintf("%d:6:4:1e3", Number), fmt.Sprintf("%d:6:8:2u", Number),
		fmt.Sprintf("%d:6:11:0x1F", Number), fmt.Sprintf("%d:6:16:1.0f", Number), fmt.Sprintf("%d:6:21:a\tb", String),
		fmt.Sprintf("%d:6:29:", EOF),
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("tokens:\n got %v\nwant %v", got, want)
	}
	if ParseNumber("0x1F") != 31 || ParseNumber("1.5f") != 1.5 || ParseNumber(".5") != 0.5 {
		t.Errorf("ParseNumber")
	}
}

func TestRegions(t *testing.T) {
	p, _ := Parse("t.dss", "#pragma region A\nuniform float U;\n#pragma endregion\nvoid F() {\n#pragma region B\n#pragma region C\nx = 1;\n#pragma endregion\n#pragma endregion\n#pragma endregion\n}\n#pragma region Open\n")
	if len(p.Regions) != 4 || p.Regions[1].Parent != -1 || p.Regions[2].Parent != 1 || p.Regions[2].Name != "C" {
		t.Errorf("regions %+v", p.Regions)
	}
	if len(p.Unbalanced) != 2 {
		t.Errorf("want the extra endregion and the open region as unbalanced, got %+v", p.Unbalanced)
	}
	u := p.Decls[0].(*VarDecl)
	if u.Region != 0 {
		t.Errorf("uniform region %d, want 0", u.Region)
	}
}

func TestLiftedCalls(t *testing.T) {
	src := "/// @custom\nfloat P(float2 UV)\n{\n    float T = UE.Time(); // UE.Fake()\n    return UE.Lerp(A = 1, B = \"UE.X()\", Alpha = 0.5).x + T;\n}\n"
	p, ds := Parse("t.dss", src)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	fd := p.Decls[0].(*FuncDecl)
	lcs := FindLiftedCalls(src, fd.RawOpen, fd.Raw)
	if len(lcs) != 2 {
		t.Fatalf("%d lifted calls, want 2 (comments and strings skipped)", len(lcs))
	}
	if got := fd.Raw[lcs[0].Start:lcs[0].End]; got != "UE.Time()" {
		t.Errorf("first call text %q", got)
	}
	if pos := lcs[0].Call.ExprPos(); pos.Line != 4 || pos.Col != 15 {
		t.Errorf("first call at %d:%d, want 4:15", pos.Line, pos.Col)
	}
	if got := fd.Raw[lcs[1].Start:lcs[1].End]; !strings.HasPrefix(got, "UE.Lerp(") || !strings.HasSuffix(got, "0.5)") {
		t.Errorf("second call text %q", got)
	}
	if !HasTopLevelReturn(fd.Raw) || HasTopLevelReturn("{ return 1; }") {
		t.Errorf("HasTopLevelReturn")
	}
}

// The operator scanner finds the same longest operator as a look-up of
// every prefix in operatorSet would, for every string of up to three bytes
// drawn from the operator characters and a few others.
func TestOperatorLongestMatch(t *testing.T) {
	alphabet := []byte("<>=+-*/%&|^!~?:.,;()[]{}a 0")
	reference := func(s string) string {
		for n := 3; n >= 1; n-- {
			if n <= len(s) && operatorSet[s[:n]] {
				return s[:n]
			}
		}
		return ""
	}
	var check func(prefix string)
	check = func(prefix string) {
		if prefix != "" {
			l := &lexer{src: prefix}
			if got, want := l.operator(), reference(prefix); got != want {
				t.Errorf("operator(%q) = %q, want %q", prefix, got, want)
			}
		}
		if len(prefix) == 3 {
			return
		}
		for _, c := range alphabet {
			check(prefix + string(c))
		}
	}
	check("")
}

// A `.dss` string decodes the escapes both languages share; \' is not one
// of them (DSH2104, kept as written).
func TestLexerStringEscapes(t *testing.T) {
	toks, ds := Lex(`"a\tb\0c\"\\\n"`)
	if len(ds) != 0 || toks[0].Text != "a\tbc\"\\\n" {
		t.Errorf("shared escapes: %q, %v", toks[0].Text, ds)
	}
	toks, ds = Lex(`"it\'s"`)
	if len(ds) != 1 || ds[0].code != "DSH2104" || toks[0].Text != `it\'s` {
		t.Errorf(`\': %q, %v`, toks[0].Text, ds)
	}
}

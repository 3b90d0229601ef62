package syntax

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/diag"
)

// sx renders an expression as an s-expression with positions, for tests.
func sx(e Expr) string {
	at := func(p Pos) string { return fmt.Sprintf("@%d:%d", p.Line, p.Col) }
	switch x := e.(type) {
	case nil:
		return "nil"
	case *Ident:
		return x.Name + at(x.Pos)
	case *NumberLit:
		return x.Raw + at(x.Pos)
	case *BoolLit:
		return x.Raw + at(x.Pos)
	case *StringLit:
		return x.Raw + at(x.Pos)
	case *DefaultExpr:
		return "default" + at(x.Pos)
	case *MemberExpr:
		return "(. " + sx(x.X) + " " + x.Name + ")" + at(x.Pos)
	case *ScopeExpr:
		return "(:: " + sx(x.X) + " " + x.Name + ")" + at(x.Pos)
	case *ParenExpr:
		return "(paren " + sx(x.X) + ")" + at(x.Pos)
	case *UnaryExpr:
		return "(" + string(x.Op) + " " + sx(x.X) + ")" + at(x.Pos)
	case *BinaryExpr:
		return "(" + string(x.Op) + " " + sx(x.X) + " " + sx(x.Y) + ")" + at(x.Pos)
	case *IndexExpr:
		return "(index " + sx(x.X) + " " + sx(x.Index) + ")" + at(x.Pos)
	case *CallExpr:
		var as []string
		for _, a := range x.Args {
			if a.Name != "" {
				as = append(as, a.Name+"="+sx(a.Value))
			} else {
				as = append(as, sx(a.Value))
			}
		}
		return "(call " + sx(x.Fun) + " [" + strings.Join(as, " ") + "])" + at(x.Pos)
	case *PathExpr:
		return "(path " + x.Text + ")" + at(x.Pos)
	case *BraceInit:
		var es []string
		for _, el := range x.Elems {
			es = append(es, sx(el))
		}
		return "{" + strings.Join(es, " ") + "}" + at(x.Pos)
	case *BadExpr:
		return "bad" + at(x.Pos)
	}
	return fmt.Sprintf("%T", e)
}

func mustParse(t *testing.T, path, src string) *File {
	t.Helper()
	f, l := Parse(path, []byte(src))
	if len(l.Items) != 0 {
		t.Fatalf("unexpected diagnostics:\n%s", l.String())
	}
	return f
}

func TestParseExpressions(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a + b * c", "(+ a@1:5 (* b@1:9 c@1:13)@1:9)@1:5"},
		{"a - b - c", "(- (- a@1:5 b@1:9)@1:5 c@1:13)@1:5"},
		{"(A * G).rgb", "(. (paren (* A@1:6 G@1:10)@1:6)@1:5 rgb)@1:5"},
		{"-x + +2", "(+ (- x@1:6)@1:5 (+ 2@1:11)@1:10)@1:5"},
		{"UE.TexCoord(Index = 0)[1]", "(index (call (. UE@1:5 TexCoord)@1:5 [Index=0@1:25])@1:5 1@1:28)@1:5"},
		{"Common::Half(v, default)", "(call (:: Common@1:5 Half)@1:5 [v@1:18 default@1:21])@1:5"},
		{"vec3(1.0f, TRUE, \"s\")", "(call vec3@1:5 [1.0f@1:10 TRUE@1:16 \"s\"@1:22])@1:5"},
		{"Path(Game, \"T/X\")", "(path Path(Game, \"T/X\"))@1:5"},
		{"{1, 2, 3}", "{1@1:6 2@1:9 3@1:12}@1:5"},
	}
	for _, tc := range tests {
		p := &parser{lx: newLexer("t", "    "+tc.src), diags: &diag.List{}, file: &File{}}
		e := p.parseInitExpr()
		if len(p.diags.Items) != 0 {
			t.Errorf("%s: %s", tc.src, p.diags.String())
		}
		if got := sx(e); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

const fullShader = `import "Lib";
Shader(Name="M_Full", Root="Game/Sub",)
{
    Properties = {
        float Gain = 0.5 [Group="Look"; Slider(0, 4); SortPriority=5];
        Group("Outer") {
            vec3 Tint = vec3(1, 0.5, 0.25);
            Group("Inner") { Texture2D Tex = Path(Game, "T/Noise"); }
        }
        const float K = 2.0;
        UE.Panner(SpeedX=1, SpeedY=0) Pan;
    }
    settings {
        ShadingModel = Unlit;
        Domain = "Surface";
    };
    Outputs = {
        float3 Color;
        float Alpha = 1.0;
        Base.EmissiveColor = Color;
        Expression(Class="ThinTranslucentMaterialOutput").Pin[0] = Color;
        Expression(Class="ThinTranslucentMaterialOutput") { Pin[1] = Alpha; }
    }
    Graph = {
        float a = 1, b;
        vec3 c = {1, 2, 3};
        MaterialAttributes m;
        m.BaseColor = c;
        F(a, b, OutX);
        #Region "R"
        if (a > b) { Color = c; } else if (a) { Color = Tint; } else { Color = vec3(0); }
        #EndRegion
    }
    Layout = {
        Node(Var="a", X=-10, Y=20);
        Comment(Name="Box", X=0, Y=0, W=100, H=50, Color=(0.1, 0.2, 0.3));
    }
}
`

func TestParseShader(t *testing.T) {
	f := mustParse(t, "m.dsm", fullShader)
	if len(f.Imports) != 1 || f.Imports[0].Path != "Lib" || f.Imports[0].Pos != (Pos{File: "m.dsm", Line: 1, Col: 1}) {
		t.Fatalf("imports: %+v", f.Imports)
	}
	b := f.Decls[0].(*BlockDecl)
	if b.Kind != BlockShader || b.Name() != "M_Full" || b.Attr("root").Value != "Game/Sub" || b.Pos.Line != 2 {
		t.Fatalf("block: %+v", b)
	}
	kinds := []SectionKind{}
	for _, s := range b.Sections {
		kinds = append(kinds, s.Kind)
	}
	if fmt.Sprint(kinds) != fmt.Sprint([]SectionKind{SecProperties, SecSettings, SecOutputs, SecGraph, SecLayout}) {
		t.Fatalf("sections: %v", kinds)
	}
	props := b.Sections[0].Props
	gain := props[0].(*PropDecl)
	if gain.Type != "float" || gain.Name != "Gain" || gain.NamePos.Col != 15 || sx(gain.Default) != "0.5@5:22" || len(gain.Meta) != 3 || gain.Meta[1].Key != "Slider" || len(gain.Meta[1].Args) != 2 || gain.GroupIndex != -1 {
		t.Errorf("Gain: %+v", gain)
	}
	outer := props[1].(*PropGroup)
	tint := outer.Items[0].(*PropDecl)
	inner := outer.Items[1].(*PropGroup)
	tex := inner.Items[0].(*PropDecl)
	if tint.Group != "Outer" || tint.GroupIndex != 0 || tex.Group != "Outer|Inner" || tex.DefaultText != `Path(Game, "T/Noise")` {
		t.Errorf("groups: %+v %+v", tint, tex)
	}
	if k := props[2].(*PropDecl); !k.Const || k.Type != "float" {
		t.Errorf("const: %+v", k)
	}
	if pan := props[3].(*PropDecl); pan.UE == nil || pan.Type != "UE.Panner" || pan.Name != "Pan" {
		t.Errorf("UE prop: %+v", pan)
	}
	st := b.Sections[1].Settings
	if len(st) != 2 || st[0].Value != "Unlit" || st[0].Quoted || st[1].Value != "Surface" || !st[1].Quoted {
		t.Errorf("settings: %+v %+v", st[0], st[1])
	}
	outs := b.Sections[2].Outputs
	if d := outs[1].(*OutputDecl); d.Name != "Alpha" || d.Default == nil {
		t.Errorf("output decl: %+v", d)
	}
	if bd := outs[2].(*OutputBinding); bd.Prop != "EmissiveColor" || sx(bd.Value) != "Color@20:30" {
		t.Errorf("binding: %+v", bd)
	}
	e1, e2 := outs[3].(*ExprOutput), outs[4].(*ExprOutput)
	if e1.Key != e2.Key || e1.Class() != "ThinTranslucentMaterialOutput" || !e2.Block || e2.Pins[0].Index != 1 {
		t.Errorf("expression outputs: %+v %+v", e1, e2)
	}
	g := b.Sections[3].Stmts
	if len(g) != 6 {
		t.Fatalf("graph: %d statements", len(g))
	}
	if d := g[0].(*DeclStmt); len(d.Vars) != 2 || d.Vars[1].Name != "b" || d.Vars[1].Init != nil || d.Vars[1].Pos.Col != 22 {
		t.Errorf("comma decl: %+v", d)
	}
	if d := g[1].(*DeclStmt); sx(d.Vars[0].Init) != "{1@26:19 2@26:22 3@26:25}@26:18" {
		t.Errorf("brace init: %s", sx(d.Vars[0].Init))
	}
	if a := g[3].(*AssignStmt); sx(a.Target) != "(. m@28:9 BaseColor)@28:9" {
		t.Errorf("member write: %s", sx(a.Target))
	}
	if c := g[4].(*CallStmt); len(c.Call.Args) != 3 {
		t.Errorf("call stmt: %+v", c)
	}
	r := g[5].(*RegionStmt)
	if r.Name != "R" || len(r.Body) != 1 || r.EndPos.Line != 32 {
		t.Fatalf("region: %+v", r)
	}
	ifs := r.Body[0].(*IfStmt)
	if ifs.Pos != (Pos{File: "m.dsm", Line: 31, Col: 9}) || ifs.Cond.Op != ">" || !ifs.ElseIf {
		t.Errorf("if: %+v", ifs)
	}
	elif := ifs.Else[0].(*IfStmt)
	if elif.Cond.Op != "" || elif.Cond.Right != nil || len(elif.Else) != 1 {
		t.Errorf("else if: %+v", elif)
	}
	lay := b.Sections[4].Layout
	if lay[0].Var != "a" || lay[0].X != -10 || lay[0].Y != 20 || !lay[1].HasColor || fmt.Sprint(lay[1].Color) != "[0.1 0.2 0.3 1]" || lay[1].W != 100 {
		t.Errorf("layout: %+v %+v", lay[0], lay[1])
	}
}

func TestParseFunctions(t *testing.T) {
	src := "Function SelfContained float Luma(in vec3 c) { return dot(c, vec3(0.3, 0.6, 0.1)); }\n" +
		"Namespace(Name=\"N\") {\n  GraphFunction Pulse(in float2 uv, out float p) {\n    for (int i = 0; i < 2; i++) { p += UE.Time(Period = 2) * uv.x; }\n  }\n}\n"
	f := mustParse(t, "h.dsh", src)
	fn := f.Decls[0].(*FunctionDecl)
	if fn.Qualifier != "SelfContained" || fn.RetType != "float" || fn.Name != "Luma" || len(fn.Params) != 1 || fn.Params[0].Qual != "in" || fn.Params[0].Type != "vec3" {
		t.Errorf("function: %+v", fn)
	}
	if fn.Body != " return dot(c, vec3(0.3, 0.6, 0.1)); " || fn.BodyPos != (Pos{File: "h.dsh", Line: 1, Col: 47}) {
		t.Errorf("body %q at %v", fn.Body, fn.BodyPos)
	}
	ns := f.Decls[1].(*NamespaceDecl)
	g := ns.Decls[0].(*FunctionDecl)
	if ns.Name != "N" || g.FullName() != "N::Pulse" || !g.Graph || len(g.Lifted) != 1 || g.Stmts != nil {
		t.Fatalf("graph function: %+v", g)
	}
	if got := sx(g.Lifted[0]); got != "(call (. UE@4:40 Time)@4:40 [Period=2@4:57])@4:40" {
		t.Errorf("lifted: %s", got)
	}
}

// TestParseErrors checks the code each bad snippet must produce.
func TestParseErrors(t *testing.T) {
	graph := func(body string) string {
		return "Shader(Name=\"M\") {\n Outputs = { float C; Base.Opacity = C; }\n Graph = {\n" + body + "\n }\n}\n"
	}
	tests := []struct{ name, path, src, code string }{
		{"modulo", "a.dsm", graph("C = C % 2;"), "DSH2201"},
		{"index", "a.dsm", graph("C = V[0];"), "DSH2202"},
		{"cast", "a.dsm", graph("C = (float)A;"), "DSH2203"},
		{"assign in expr", "a.dsm", graph("C = (C = 1);"), "DSH2204"},
		{"compound", "a.dsm", graph("C += 1;"), "DSH2205"},
		{"target", "a.dsm", graph("C * 2 = 1;"), "DSH2206"},
		{"increment", "a.dsm", graph("C++;"), "DSH2207"},
		{"loop", "a.dsm", graph("while (C) { C = 1; }"), "DSH2208"},
		{"unbraced", "a.dsm", graph("if (C > 1) C = 1;"), "DSH2209"},
		{"two cmp", "a.dsm", graph("if (C > 1 || C < 0) { C = 1; }"), "DSH2210"},
		{"unused", "a.dsm", graph("C * 2;"), "DSH2211"},
		{"const local", "a.dsm", graph("const float K = 1;"), "DSH2212"},
		{"array", "a.dsm", graph("float K[2];"), "DSH2213"},
		{"nested braces", "a.dsm", graph("float3 K = {{1}, 2};"), "DSH2214"},
		{"texture", "a.dsm", graph("Texture2D T;"), "DSH2215"},
		{"region name", "a.dsm", graph("#Region\n#EndRegion"), "DSH2216"},
		{"stray end", "a.dsm", graph("#EndRegion"), "DSH2217"},
		{"open region", "a.dsm", graph("#Region \"A\""), "DSH2218"},
		{"other hash", "a.dsm", graph("#pragma x"), "DSH2219"},
		{"bare block", "a.dsm", graph("{ C = 1; }"), "DSH2220"},
		{"hex", "a.dsm", graph("C = 0xFF;"), "DSH2222"},
		{"comparison", "a.dsm", graph("C = C > 1;"), "DSH2200"},
		{"brace assign", "a.dsm", graph("C = {1};"), "DSH2162"},
		{"missing semicolon", "a.dsm", graph("C = 1\nC = 2;"), "DSH2154"},
		{"positional after named", "a.dsm", graph("C = F(A = 1, 2);"), "DSH2158"},
		{"unclosed call", "a.dsm", graph("C = F(1;"), "DSH2152"},
		{"bad number", "a.dsm", graph("C = 1.0.0;"), "DSH2105"},
		{"open string", "a.dsm", graph("C = UE.X(A=\"x);"), "DSH2103"},
		{"stray", "a.dsm", "42;\n", "DSH2240"},
		{"no block", "a.dsm", "// nothing\n", "DSH2254"},
		{"header shader", "a.dsh", graph(""), "DSH2249"},
		{"no name", "a.dsm", "Shader(Root=\"Game\") { Graph = { } }", "DSH2242"},
		{"unknown section", "a.dsm", "Shader(Name=\"M\") { Foo = { } Graph = { } }", "DSH2245"},
		{"bad prop", "a.dsm", "Shader(Name=\"M\") { Properties = { float = 1; } Graph = { } }", "DSH3250"},
		{"meta twice", "a.dsm", "Shader(Name=\"M\") { Properties = { float A = 1 [Desc=\"a\"; Tooltip=\"b\"]; } Graph = { } }", "DSH3256"},
		{"pin twice", "a.dsm", "Shader(Name=\"M\") { Outputs = { Expression(Class=\"X\").Pin[0] = A; Expression(Class=\"X\"){ Pin[0] = B; } } Graph = { } }", "DSH3268"},
		{"inout", "a.dsh", "Function F(inout float a, out float b) { b = a; }", "DSH6302"},
		{"no body", "a.dsh", "Function float F(in float a)", "DSH6319"},
		{"lift open", "a.dsh", "GraphFunction float F(in float a) { return UE.Time(; }", "DSH6314"},
		{"selector both", "a.dsm", graph("C = UE.VertexColor(Output=\"R\", OutputIndex=0);"), "DSH5252"},
		{"switch name", "a.dsm", graph("C = UE.StaticSwitchParameter(True=1, False=0);"), "DSH5257"},
	}
	for _, tc := range tests {
		_, l := Parse(tc.path, []byte(tc.src))
		if !hasCode(l, diag.Error, tc.code) {
			t.Errorf("%s: want %s, got:\n%s", tc.name, tc.code, l.String())
		}
	}
}

// TestParseNeverPanics feeds truncations of a full file: every prefix must
// parse without a panic (recover would turn one into an "internal" error).
func TestParseNeverPanics(t *testing.T) {
	for i := 0; i <= len(fullShader); i++ {
		_, l := Parse("p.dsm", []byte(fullShader[:i]))
		for _, d := range l.Items {
			if strings.Contains(d.Message, "internal parser error") {
				t.Fatalf("prefix %d: %s", i, d)
			}
		}
	}
}

func TestLoad(t *testing.T) {
	fs := map[string]string{
		"/r/main.dsm":      "import \"lib/a\";\nimport \"b.dsh\";\n" + graphShader,
		"/r/lib/a.dsh":     "import \"../b.dsh\";\nFunction float A(in float x) { return x; }\n",
		"/r/b.dsh":         "Function float B(in float x) { return x; }\n",
		"/r/cyc.dsm":       "import \"c1.dsh\";\n" + graphShader,
		"/r/c1.dsh":        "import \"c2.dsh\";\n",
		"/r/c2.dsh":        "import \"c1.dsh\";\n",
		"/r/bad.dsm":       "import \"../out.dsh\";\nimport \"none.dsh\";\nimport \"x.dsf\";\n" + graphShader,
		"/out.dsh":         "",
		"/r/sub/inner.dsm": "import \"b.dsh\";\n" + graphShader,
	}
	read := func(p string) ([]byte, error) {
		if s, ok := fs[filepath.ToSlash(p)]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	u, l := Load("/r/main.dsm", LoadOptions{ReadFile: read})
	if len(l.Items) != 0 {
		t.Fatalf("main: %s", l.String())
	}
	var names []string
	for _, f := range u.Imported {
		names = append(names, f.Path)
	}
	if fmt.Sprint(names) != "[/r/b.dsh /r/lib/a.dsh]" || len(u.Includes) != 2 || u.Includes[0].Path != "lib/a" {
		t.Errorf("include order: %v", names)
	}
	if _, l := Load("/r/cyc.dsm", LoadOptions{ReadFile: read}); !hasCode(l, diag.Error, "DSH4211") {
		t.Errorf("cycle: %s", l.String())
	}
	_, l = Load("/r/bad.dsm", LoadOptions{ReadFile: read})
	if n := len(l.Codes(diag.Error)); n != 3 || !hasCode(l, diag.Error, "DSH2252") {
		t.Errorf("bad imports: %s", l.String())
	}
	// resolved against the root when not next to the importer
	if _, l := Load("/r/sub/inner.dsm", LoadOptions{ReadFile: read, Root: "/r"}); len(l.Items) != 0 {
		t.Errorf("root fallback: %s", l.String())
	}
}

const graphShader = "Shader(Name=\"M\") { Outputs = { float C; Base.Opacity = C; } Graph = { C = 1; } }\n"

// A caller's Root (a corpus folder) bounds imports but does not hide the
// importing file's DShader/ folder, which 1.x resolved against: bench and
// compile must agree on what compiles.
func TestLoadResolvesAgainstDShaderUnderACallerRoot(t *testing.T) {
	files := map[string]string{
		"/corpus/Pkg/DShader/Materials/M.dsm": "import \"Shared/Lib.dsh\";\nShader(Name=\"M\") { Graph { } }\n",
		"/corpus/Pkg/DShader/Shared/Lib.dsh":  "Function float F(float x) { return x; }\n",
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	for _, root := range []string{"", "/corpus"} {
		u, l := Load("/corpus/Pkg/DShader/Materials/M.dsm", LoadOptions{Root: root, ReadFile: read})
		if hasCode(l, diag.Error, "DSH2252") || len(u.Imported) != 1 {
			t.Errorf("root %q: import not resolved against DShader/: %s", root, l.String())
		}
	}
	if _, l := Load("/corpus/Pkg/DShader/Materials/M.dsm", LoadOptions{Root: "/corpus/Pkg/DShader/Materials", ReadFile: read}); !hasCode(l, diag.Error, "DSH2252") {
		t.Error("a DShader/ folder outside the caller's root must not be searched")
	}
}

// TestGraphFunctionTrialParse: a GraphFunction body that is plain Graph
// text also gets its statements; one that is HLSL gets none, and the trial
// parse of it leaves no diagnostic in the file's list.
func TestGraphFunctionTrialParse(t *testing.T) {
	plain := mustParse(t, "h.dsh", "GraphFunction G(in float a, out float o) { o = a * 2; }\n").Decls[0].(*FunctionDecl)
	if len(plain.Stmts) != 1 {
		t.Errorf("plain Graph body: %d statements, want 1", len(plain.Stmts))
	}
	f, l := Parse("h.dsh", []byte("GraphFunction H(in float a, out float o) { float k[2]; o = a % 2; }\n"))
	hlsl := f.Decls[0].(*FunctionDecl)
	if hlsl.Stmts != nil || len(l.Items) != 0 {
		t.Errorf("HLSL body: statements %v, diagnostics:\n%s", hlsl.Stmts, l.String())
	}
}

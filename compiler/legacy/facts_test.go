package legacy

import (
	"strings"
	"testing"

	"reuselab/diag"
)

// One test per fact of LANGUAGE-2.0 §6 a `.dsm` can express, and per
// observable consequence of node-reuse.txt. Each compiles a small source
// with the 2.0 passes and checks the IR.

// §6.1, node-reuse "UE.TexCoord(Index = 0) written five times yields one
// TextureCoordinate node".
func TestFact01_IdenticalTexCoordsAreOneNode(t *testing.T) {
	m, _, _ := mustCompile(t, material("", `        vec2 a = UE.TexCoord(Index = 0);
        vec2 b = UE.TexCoord(Index = 0);
        Color = vec3(a.x, b.y, 0.0);`))
	if n := countOp(m, "Reflected", "TextureCoordinate"); n != 1 {
		t.Errorf("%d TextureCoordinate nodes, want 1", n)
	}
	expectLines(t, m,
		`%0 = Constant(Value=(0)) : float @L8:C15 "Alpha"`,
		`%1 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L13:C18 "a"`,
		`%2 = Swizzle(%1, Mask="x") : float @L15:C22 "Color"`,
		`%3 = Swizzle(%1, Mask="y") : float @L15:C27 "Color"`,
		`%4 = Append(%2, %3) : float2 @L15:C17 "Color"`,
		`%5 = Append(%4, %0) : float3 @L15:C17 "Color"`,
		`%6 = MaterialSink(EmissiveColor=%5, Opacity=%0) @L1:C1`)
}

// §6.2: two identical samples on identical UVs, each (S*Gain).rgb, summed:
// one TexCoord, one sample, one Multiply, one Swizzle, Add(%n, %n).
func TestFact02_IdenticalSamples(t *testing.T) {
	m, _, _ := mustCompile(t, material("        TextureObjectParameter Tex;\n        ScalarParameter Gain = 2.0;",
		`        vec4 A = SampleTexture2D(Tex, UE.TexCoord(Index = 0));
        vec4 B = SampleTexture2D(Tex, UE.TexCoord(Index = 0));
        Color = (A * Gain).rgb + (B * Gain).rgb;`))
	for _, c := range []struct {
		op, class string
		n         int
	}{{"Reflected", "TextureCoordinate", 1}, {"Reflected", "TextureSample", 1}, {"Multiply", "", 1},
		{"Swizzle", "", 1}, {"Add", "", 1}, {"Parameter", "", 1}, {"TextureParameter", "", 1}} {
		if got := countOp(m, c.op, c.class); got != c.n {
			t.Errorf("%s[%s]: %d nodes, want %d", c.op, c.class, got, c.n)
		}
	}
	lines := strings.Join(nodeLines(m, 0), "\n")
	if !strings.Contains(lines, `= Swizzle(%5, Mask="xyz") : float3 @L16:C17 "Color"`) ||
		!strings.Contains(lines, `= Multiply(%3#5, %4) : float4 @L16:C18 "Color"`) ||
		!strings.Contains(lines, `= Add(%6, %6) : float3 @L16:C17 "Color"`) {
		t.Errorf("postfix on a parenthesised operand must sit at the '(' and the sum read one node twice:\n%s", lines)
	}
}

const vfSplit = `VirtualFunction(Name="MF_LiSplit")
{
    Options = { Asset = Path(Game, "Functions/MF_LiSplit"); }
    Inputs = { float3 Colour; opt float Gain = 1.0; }
    Outputs = { float3 A; float B; }
}
`

// §6.3 (L3b): selections by name, by index and the value call are one call.
func TestFact03_OutputSelectionsShareOneCall(t *testing.T) {
	m, _, _ := mustCompile(t, vfSplit+material("", `        vec3 i = vec3(1.0, 0.5, 0.25);
        float x = MF_LiSplit(i, Output = "B");
        vec3 y = MF_LiSplit(i, OutputIndex = 0);
        vec3 z = MF_LiSplit(i);
        Color = y + z;
        Alpha = x;`))
	if countOp(m, "FunctionCall", "") != 1 || m.Products[0].Len() != 4 {
		t.Fatalf("want one FunctionCall and 4 nodes:\n%s", strings.Join(nodeLines(m, 0), "\n"))
	}
	lines := nodeLines(m, 0)
	if lines[2] != `%2 = Add(%1, %1) : float3 @L23:C17 "Color"` || !strings.HasSuffix(lines[3], `MaterialSink(EmissiveColor=%2, Opacity=%1#1) @L7:C1`) {
		t.Errorf("got:\n%s", strings.Join(lines, "\n"))
	}
}

// §6.4: two calls of one StaticSwitchParameter property with different
// branches are two nodes of one ParameterName.
func TestFact04_PropertyCallExpansion(t *testing.T) {
	m, _, _ := mustCompile(t, material("        StaticSwitchParameter UseWarm = true;",
		`        Color = UseWarm(True = vec3(1.0, 0.5, 0.0), False = vec3(0.0, 0.5, 1.0));
        Alpha = UseWarm(True = 1.0, False = 0.5);`))
	if n := countOp(m, "Reflected", "StaticSwitchParameter"); n != 2 || m.Products[0].Len() != 7 {
		t.Errorf("%d switch nodes, %d nodes; want 2 and 7", n, m.Products[0].Len())
	}
	for _, l := range nodeLines(m, 0) {
		if strings.Contains(l, "StaticSwitchParameter") && !strings.Contains(l, `ClassSpecifier="StaticSwitchParameter", DefaultValue=true, ParameterName="UseWarm"`) {
			t.Errorf("switch node lacks its expansion properties: %s", l)
		}
	}
}

// §6.5: uninitialised locals are zeros of their width that merge with any
// equal zero; dead locals are silent.
func TestFact05_ZeroInitializers(t *testing.T) {
	m, _, ds := mustCompile(t, material("", `        float S;
        vec2 P;
        vec3 Q;
        vec4 R;
        Color = Q + vec3(S, P.y, R.a);
        Alpha = S;`))
	expectLines(t, m,
		`%0 = Constant(Value=(0)) : float @L13:C15 "S"`,
		`%1 = Constant(Value=(0, 0, 0)) : float3 @L15:C14 "Q"`,
		`%2 = MaterialSink(EmissiveColor=%1, Opacity=%0) @L1:C1`)
	if len(ds.Items) != 0 {
		t.Errorf("dead locals must be silent: %s", ds.String())
	}
}

// §6.6 (L27): literal divisions are float divisions; no DSH4243 unless
// both sides are integer constructors.
func TestFact06_IntegerLiteralDivide(t *testing.T) {
	m, _, _ := mustCompile(t, material("", `        int Seven = 7;
        float Quotient = 7 / 2;
        float Mixed = Seven / 2;
        float Constructed = int(7) / 2;
        Alpha = Quotient + Mixed + Constructed;`))
	lines := nodeLines(m, 0)
	if !strings.Contains(strings.Join(lines, "\n"), `Constant(Value=(10.5)) : float @L17:C17 "Alpha"`) {
		t.Errorf("want one Constant(10.5) at the final Add:\n%s", strings.Join(lines, "\n"))
	}
	_, _, ds := compileSrc(t, material("", "        Alpha = int(7) / int(2);"), "2.0", nil)
	if codes(ds, diag.Error) != "[DSH4243]" {
		t.Errorf("int(7)/int(2): %s, want DSH4243", ds.String())
	}
}

// §6.7 (L22): wider into narrower keeps the leading channels, one Swizzle
// for all three sites, DSH5289 each time.
func TestFact07_TruncationFit(t *testing.T) {
	src := "Function float Luma(in vec3 colour) { return dot(colour, vec3(0.299, 0.587, 0.114)); }\n" +
		material("        VectorParameter Tint = float4(1.0, 0.5, 0.25, 1.0);\n        ScalarParameter Gain = 0.5;",
			`        vec3 Narrow = Tint;
        Color = Tint;
        Alpha = Luma(Tint);
        Color = Color * Narrow;`)
	m, _, ds := mustCompile(t, src)
	if countOp(m, "Swizzle", "") != 1 || m.Products[0].Len() != 5 {
		t.Errorf("want one Swizzle, 5 nodes:\n%s", strings.Join(nodeLines(m, 0), "\n"))
	}
	if codes(ds, diag.Info) != "[DSH5289 DSH5289 DSH5289]" {
		t.Errorf("infos %s, want three DSH5289", codes(ds, diag.Info))
	}
}

// §6.8 (L19): names in another case are the same declaration.
func TestFact08_CaseFallback(t *testing.T) {
	src := `Shader(Name="M_LiCase")
{
    Outputs = {
        vec3 Color;
        Base.emissivecolor = Color;
    }
    Graph = {
        float2 MyLocal = UE.texcoord(index = 0);
        Color = vec3(mylocal.x, mylocal.y, 0.0);
    }
}
`
	m, _, ds := mustCompile(t, src)
	if m.Products[0].Len() != 7 {
		t.Errorf("%d nodes, want 7", m.Products[0].Len())
	}
	if got := codes(ds, diag.Warning); got != "[DSH5276 DSH5276 DSH5275 DSH5275 DSH5276]" {
		t.Errorf("warnings %s", got)
	}
	_, _, ds = compileSrc(t, material("", "        float Ab = 1.0;\n        float AB = 2.0;\n        Alpha = ab;"), "2.0", nil)
	if codes(ds, diag.Error) != "[DSH4200]" {
		t.Errorf("two candidates must not match: %s", ds.String())
	}
}

// §6.9: a reordered mask is per-letter Swizzles joined by Appends.
func TestFact09_ReorderIsAppend(t *testing.T) {
	m, _, _ := mustCompile(t, material("        ScalarParameter K = 1.0;", `        vec2 V = UE.TexCoord(Index = 0);
        Color = float3(V.yx, K);`))
	lines := strings.Join(nodeLines(m, 0), "\n")
	for _, want := range []string{`%2 = Swizzle(%1, Mask="y") : float @L14:C24 "Color"`, `%3 = Swizzle(%1, Mask="x") : float @L14:C24 "Color"`,
		`%4 = Append(%2, %3) : float2 @L14:C24 "Color"`, `%6 = Append(%4, %5) : float3 @L14:C17 "Color"`} {
		if !strings.Contains(lines, want) {
			t.Errorf("missing %s:\n%s", want, lines)
		}
	}
	if strings.Contains(lines, `Mask="yx"`) {
		t.Errorf("a reorder is never one mask:\n%s", lines)
	}
}

// §6.10–11: an Outputs Expression block is one custom-output node with both
// pins; Tint.rgb on a float4 parameter is one Swizzle in the IR.
func TestFact11_OutputsExpressionBlock(t *testing.T) {
	src := `Shader(Name="M_Block")
{
    Properties = { VectorParameter Tint = float4(1.0, 0.5, 0.25, 1.0); }
    Outputs = {
        vec3 Transmittance = Tint.rgb;
        Expression(Class="ThinTranslucentMaterialOutput") {
            Pin[0] = Transmittance;
            Pin[1] = Transmittance.r;
        }
    }
    Graph = { }
}
`
	m, _, _ := mustCompile(t, src)
	if n := countOp(m, "Reflected", "ThinTranslucentMaterialOutput"); n != 1 {
		t.Fatalf("%d output nodes, want 1", n)
	}
	for _, l := range nodeLines(m, 0) {
		if strings.Contains(l, "ThinTranslucentMaterialOutput") && !strings.Contains(l, "(TransmittanceColor=%1, SurfaceCoverage=%2, ClassSpecifier=") {
			t.Errorf("want both pins on one node: %s", l)
		}
	}
}

// §6.12: a comparison if is one Compare: A, B the operands, then T/E/E.
func TestFact12_IfIsOneCompare(t *testing.T) {
	m, _, _ := mustCompile(t, material("        ScalarParameter Threshold = 0.5;\n        vec3 Lit = vec3(1,0,0);\n        vec3 Dark = vec3(0,0,1);",
		`        vec2 UV = UE.TexCoord(Index = 0);
        if (UV.x > Threshold) { Color = Lit; } else { Color = Dark; }`))
	lines := nodeLines(m, 0)
	want := []string{
		`%1 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L15:C19 "UV"`,
		`%2 = Swizzle(%1, Mask="x") : float @L16:C13`,
		`%3 = Parameter(DefaultValue=(0.5), ParameterName="Threshold", SortPriority=32) : float @L4:C9 "Threshold"`,
		`%4 = Parameter(DefaultValue=(1, 0, 0), ParameterName="Lit", SortPriority=32) : float4 @L5:C9 "Lit"`,
		`%5 = Swizzle(%4, Mask="xyz") : float3 @L5:C9 "Color"`,
		`%6 = Parameter(DefaultValue=(0, 0, 1), ParameterName="Dark", SortPriority=32) : float4 @L6:C9 "Dark"`,
		`%7 = Swizzle(%6, Mask="xyz") : float3 @L6:C9 "Color"`,
		`%8 = Compare(%2, %3, %5, %7, %7) : float3 @L16:C9`,
	}
	if strings.Join(lines[1:9], "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s", strings.Join(lines, "\n"))
	}
}

// §6.13: a parameter read inside an if arm and after it is one node.
func TestFact13_ParameterInArmAndAfter(t *testing.T) {
	m, _, _ := mustCompile(t, material("        ScalarParameter K = 0.5;", `        float x = UE.Time();
        if (x > 0.5) { Alpha = K; } else { Alpha = 0.0; }
        Alpha = Alpha + K;`))
	if n := countOp(m, "Parameter", ""); n != 1 {
		t.Errorf("%d Parameter nodes, want 1", n)
	}
}

// §6.14: -x twice is one negation; -x and -y are two; -0.5 is one Constant;
// a literal -1 elsewhere is not the negation's −1.
func TestFact14_Negation(t *testing.T) {
	m, _, _ := mustCompile(t, material("        ScalarParameter X = 0.5;\n        ScalarParameter Y = 0.5;", `        float a = -X;
        float b = -X;
        float c = -Y;
        Alpha = a + b + c + -0.5 + -1;`))
	if n := countOp(m, "Negate", ""); n != 2 {
		t.Errorf("%d Negate nodes, want 2", n)
	}
	lines := strings.Join(nodeLines(m, 0), "\n")
	if !strings.Contains(lines, `Constant(Value=(-0.5))`) || !strings.Contains(lines, `Constant(Value=(-1))`) ||
		!strings.Contains(lines, `Add(%2, %2)`) {
		t.Errorf("got:\n%s", lines)
	}
}

// §6.15: 1, 1.0, 1. are one Constant; 0.5 and .5 are one.
func TestFact15_EqualLiteralsAreOneConstant(t *testing.T) {
	m, _, _ := mustCompile(t, material("", `        float x = UE.Time();
        float a = x * 1;
        float b = x * 1.0;
        float c = x * 1.;
        float d = x * 0.5;
        float e = x * .5;
        Alpha = a + b + c + d + e;`))
	if n := countOp(m, "Constant", ""); n != 3 { // 1, 0.5 and Color's zero
		t.Errorf("%d Constants, want 3:\n%s", n, strings.Join(nodeLines(m, 0), "\n"))
	}
	if n := countOp(m, "Multiply", ""); n != 2 {
		t.Errorf("%d Multiply nodes, want 2", n)
	}
}

// §6.16: vec3(0.5) five times is one Constant; vec3(K) makes no node.
func TestFact16_ConstantConstructors(t *testing.T) {
	m, _, _ := mustCompile(t, material("        ScalarParameter K = 0.5;", `        float x = UE.Time();
        vec3 a = vec3(0.5) * x;
        vec3 b = vec3(0.5) * x;
        vec3 c = vec3(0.5) * x;
        vec3 d = vec3(0.5) * x;
        vec3 e = vec3(0.5) * x;
        Color = a + b + c + d + e + vec3(K);`))
	lines := strings.Join(nodeLines(m, 0), "\n")
	if strings.Count(lines, "Constant(Value=(0.5, 0.5, 0.5))") != 1 || countOp(m, "Append", "") != 0 {
		t.Errorf("got:\n%s", lines)
	}
}

// §6.17: a scalar stored into a vec3 place adds no node.
func TestFact17_ScalarIntoVectorIsNoNode(t *testing.T) {
	m, _, _ := mustCompile(t, material("        ScalarParameter K = 0.5;", `        float x = UE.Time();
        vec3 lit = K;
        Color = x * lit;`))
	if !strings.Contains(strings.Join(nodeLines(m, 0), "\n"), `Multiply(%1, %2) : float @L15:C17 "Color"`) || countOp(m, "Append", "") != 0 {
		t.Errorf("got:\n%s", strings.Join(nodeLines(m, 0), "\n"))
	}
}

// §6.18 (R4): in a 1.x product an identity mask stays.
func TestFact18_IdentityMaskKept(t *testing.T) {
	m, _, _ := mustCompile(t, material("        VectorParameter A = float4(1,1,1,1);", `        vec3 S = A.rgb + A.rgb;
        Color = S.rgb;`))
	lines := strings.Join(nodeLines(m, 0), "\n")
	if !strings.Contains(lines, `Swizzle(%3, Mask="xyz") : float3 @L14:C17 "Color"`) {
		t.Errorf("the identity mask must stay:\n%s", lines)
	}
}

// §6.19: v.rgb.rg is one Swizzle(v, "xy"); v.ga.r is Swizzle(v, "y").
func TestFact19_MaskOfMask(t *testing.T) {
	m, _, _ := mustCompile(t, material("        VectorParameter V = float4(1,2,3,4);", `        Color = vec3(V.rgb.rg, V.ga.r);`))
	lines := strings.Join(nodeLines(m, 0), "\n")
	if !strings.Contains(lines, `Swizzle(%1, Mask="xy")`) || !strings.Contains(lines, `Swizzle(%1, Mask="y")`) || countOp(m, "Swizzle", "") != 2 {
		t.Errorf("got:\n%s", lines)
	}
}

// §6.20: Src.bgr twice is built once.
func TestFact20_ReorderTwiceOnce(t *testing.T) {
	m, _, _ := mustCompile(t, material("        VectorParameter Src = float4(1,2,3,4);", `        Color = Src.bgr + Src.bgr;`))
	if countOp(m, "Swizzle", "") != 3 || countOp(m, "Append", "") != 2 || countOp(m, "Add", "") != 1 {
		t.Errorf("got:\n%s", strings.Join(nodeLines(m, 0), "\n"))
	}
}

// §6.21: argument order matters, spelling and case of named arguments do
// not (DSH5275 for the case).
func TestFact21_CallArgumentSpelling(t *testing.T) {
	src := "Function vec3 F_Tint(in vec3 Color, in vec3 Tint) { return Color * Tint; }\n" +
		material("        vec3 a = vec3(1,0,0);\n        vec3 b = vec3(0,1,0);", `        vec3 p = F_Tint(a, b);
        vec3 q = F_Tint(b, a);
        vec3 r = F_Tint(Color = a, Tint = b);
        vec3 s = F_Tint(Tint = b, color = a);
        Color = p + q + r + s;`)
	m, _, ds := mustCompile(t, src)
	if n := countOp(m, "Custom", "F_Tint"); n != 2 {
		t.Errorf("%d Custom nodes, want 2 (a,b and b,a):\n%s", n, strings.Join(nodeLines(m, 0), "\n"))
	}
	if !strings.Contains(codes(ds, diag.Warning), "DSH5275") {
		t.Errorf("want DSH5275 for `color`: %s", ds.String())
	}
}

// §6.22 (L25): `default` leaves the input unconnected; no constant is made.
func TestFact22_DefaultPlaceholder(t *testing.T) {
	src := `VirtualFunction(Name="MF_LiThree")
{
    Options = { Asset = Path(Game, "Functions/MF_LiThree"); }
    Inputs = { opt float First = 1.0; float Second; opt float Tail = 2.0; }
    Outputs = { float Result; }
}
` + material("        ScalarParameter Gain = 0.5;", `        Alpha = MF_LiThree(default, Gain);`)
	m, _, _ := mustCompile(t, src)
	lines := nodeLines(m, 0)
	want := `FunctionCall[Path(Game, "Functions/MF_LiThree")](Second=%1, DeclaredInputs="[First, Second, Tail]", FunctionPath="Path(Game, \"Functions/MF_LiThree\")") : [Result:float]`
	if !strings.Contains(strings.Join(lines, "\n"), want) || m.Products[0].Len() != 4 {
		t.Errorf("got:\n%s", strings.Join(lines, "\n"))
	}
}

// §6.23: an unread property makes no node (and, as the Legacy goldens show,
// no DSH4390); a read one whose reader dies is pruned with DSH4390; an
// unread FunctionInput is kept.
func TestFact23_UnreadParametersAndInputs(t *testing.T) {
	src0 := material("        ScalarParameter Unread = 1.0;\n        ScalarParameter Dead = 1.0;", `        float d = Dead * 2.0;
        Alpha = 0.5;`)
	m, _, ds := mustCompile(t, src0)
	if countOp(m, "Parameter", "") != 0 || len(ds.Items) != 0 {
		t.Errorf("no parameter may survive, silently (the first prune is silent):\n%s\n%s", strings.Join(nodeLines(m, 0), "\n"), ds.String())
	}
	// Without the rounds only the final prune runs, which says DSH4390.
	_, _, ds = compileSrc(t, src0, "none", nil)
	if got := codes(ds, diag.Info); got != "[DSH4390]" {
		t.Errorf("infos %s, want one DSH4390 (for Dead) with --reuse none", got)
	}
	src := `ShaderFunction(Name="Functions/MF_Unread")
{
    Inputs = { vec3 Used; float Unused; }
    Outputs = { vec3 Result; }
    Graph = { Result = Used * 0.5; }
}
`
	m, _, _ = mustCompile(t, src)
	if countOp(m, "FunctionInput", "") != 2 {
		t.Errorf("an unread FunctionInput is kept:\n%s", strings.Join(nodeLines(m, 0), "\n"))
	}
}

// §6.24 (L5): statement calls with receivers, the return value first.
func TestFact24_StatementReceivers(t *testing.T) {
	src := `VirtualFunction(Name="MF_LiTwoOut")
{
    Options = { Asset = Path(Game, "Functions/MF_LiTwoOut"); }
    Inputs = { float3 Colour; opt float Gain = 1.0; }
    Outputs = { float3 A; float B; }
}
Function float Halve(in float value) { return value * 0.5; }
` + material("", `        vec3 OutA;
        float OutB;
        MF_LiTwoOut(vec3(1.0, 0.5, 0.25), OutA, OutB);
        float r;
        Halve(OutB, r);
        Color = OutA;
        Alpha = r;`)
	m, _, _ := mustCompile(t, src)
	lines := nodeLines(m, 0)
	if m.Products[0].Len() != 4 || !strings.HasPrefix(lines[2], `%2 = Custom[Halve](value=%1#1, `) ||
		!strings.HasSuffix(lines[2], ` : [Result:float] @L24:C9`) || !strings.HasSuffix(lines[0], `@L22:C21`) {
		t.Errorf("statement-call nodes carry no debug name:\n%s", strings.Join(lines, "\n"))
	}
}

// §6.25: a truthy if is a Select whose zero is its own.
func TestFact25_TruthyIfIsSelect(t *testing.T) {
	m, _, _ := mustCompile(t, material("        ScalarParameter K = 0.5;", `        float x = UE.Time();
        if (x) { Alpha = K; } else { Alpha = 0.0; }`))
	if !strings.Contains(strings.Join(nodeLines(m, 0), "\n"), `Select(%1, %2, %3) : float @L14:C9`) {
		t.Errorf("got:\n%s", strings.Join(nodeLines(m, 0), "\n"))
	}
}

// node-reuse.txt, the example: aliases are no node, equal expressions one
// node, swapped operands two.
func TestNodeReuseExample(t *testing.T) {
	src := `Shader(Name="Docs/M_Reuse")
{
    Properties { vec3 Tint = vec3(1.0, 0.5, 0.2); }
    Settings   { Domain = "UI"; ShadingModel = "Unlit"; }
    Outputs    { vec3 Color; Base.EmissiveColor = Color; }

    Graph {
        vec2 UV1 = UE.TexCoord(Index = 0);
        vec2 UV2 = UE.TexCoord(Index = 0);   // the same node as UV1
        vec2 UV3 = UV1;                      // a plain alias: no node at all

        float A = UV1.x * 2.0;
        float B = UV3.x * 2.0;               // same node as A
        float C = 2.0 * UV1.x;               // a different node: operands swapped

        Color = Tint * (A + B + C);
    }
}
`
	m, _, _ := mustCompile(t, src)
	// Parameters appear at first use: Tint is read by the last statement.
	expectLines(t, m,
		`%0 = Reflected[TextureCoordinate](CoordinateIndex=0) : float2 @L8:C20 "UV1"`,
		`%1 = Swizzle(%0, Mask="x") : float @L12:C19 "A"`,
		`%2 = Constant(Value=(2)) : float @L12:C27 "A"`,
		`%3 = Multiply(%1, %2) : float @L12:C19 "A"`,
		`%4 = Multiply(%2, %1) : float @L14:C19 "C"`,
		`%5 = Parameter(DefaultValue=(1, 0.5, 0.2), ParameterName="Tint", SortPriority=32) : float4 @L3:C18 "Tint"`,
		`%6 = Swizzle(%5, Mask="xyz") : float3 @L3:C18 "Color"`,
		`%7 = Add(%3, %3) : float @L16:C25 "Color"`,
		`%8 = Add(%7, %4) : float @L16:C25 "Color"`,
		`%9 = Multiply(%6, %8) : float3 @L16:C17 "Color"`,
		`%10 = MaterialSink(EmissiveColor=%9) @L1:C1`)
}

// Nothing panics, and a file with several errors reports them all.
func TestAllErrorsReported(t *testing.T) {
	_, _, ds := compileSrc(t, material("", `        float a = Nope1;
        float b = vec3(1,2,3).q;
        Alpha = Nope2 + a + b;`), "2.0", nil)
	if got := codes(ds, diag.Error); got != "[DSH4200 DSH4230 DSH4200]" {
		t.Errorf("errors %s", got)
	}
}

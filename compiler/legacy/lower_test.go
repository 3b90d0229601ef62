package legacy

import (
	"strings"
	"testing"

	"reuselab/diag"
	"reuselab/ir"
)

// A #Region tags the nodes of its statements (innermost name), nests, and
// leaves parameter nodes (declared outside any region) untagged.
func TestRegionsTagStatements(t *testing.T) {
	m, dump, _ := mustCompile(t, material("        ScalarParameter K = 0.5;", `        #Region "Outer"
        float a = K * 2.0;
        #Region "Inner"
        float b = a * 3.0;
        #EndRegion
        #EndRegion
        Alpha = b;`))
	g := m.Products[0]
	if len(g.Regions) != 2 || g.Regions[0] != (ir.Region{Name: "Outer", Parent: -1}) || g.Regions[1] != (ir.Region{Name: "Inner", Parent: 0}) {
		t.Errorf("regions %+v", g.Regions)
	}
	for _, want := range []string{`Parameter(DefaultValue=(0.5), ParameterName="K", SortPriority=32) : float @L4:C9 "K"`,
		`Multiply(%1, %2) : float @L14:C19 {Outer} "a"`, `Multiply(%3, %4) : float @L16:C19 {Inner} "b"`} {
		if !strings.Contains(dump, want) {
			t.Errorf("missing %s in\n%s", want, dump)
		}
	}
}

// `v.x = …` on a vector local rebuilds it channel by channel.
func TestSwizzleStore(t *testing.T) {
	m, _, _ := mustCompile(t, material("        ScalarParameter K = 0.5;", `        vec3 v = vec3(1.0, 2.0, 3.0) * K;
        v.y = 0.5;
        Color = v;`))
	if countOp(m, "Append", "") != 2 || countOp(m, "Swizzle", "") != 2 {
		t.Errorf("want x and z kept by two Swizzles and two Appends:\n%s", strings.Join(nodeLines(m, 0), "\n"))
	}
}

// MaterialAttributes merge attribute by attribute over an if.
func TestMaterialAttributesIfMerge(t *testing.T) {
	src := `ShaderLayer(Name="Layers/ML_If")
{
    Properties = { ScalarParameter K = 0.5; }
    Inputs = { MaterialAttributes Attrs; }
    Outputs = { MaterialAttributes Attrs; }
    Graph = {
        if (K > 0.25) {
            Attrs.Roughness = 0.5;
        } else {
            Attrs.Roughness = 0.75;
        }
    }
}
`
	m, _, _ := mustCompile(t, src)
	lines := strings.Join(nodeLines(m, 0), "\n")
	if !strings.Contains(lines, `SetMaterialAttributes(MaterialAttributes=%0, Roughness=%5, AttributeSetTypes="[Roughness]") : material @L1:C1`) ||
		countOp(m, "Compare", "") != 1 {
		t.Errorf("got:\n%s", lines)
	}
}

// A variable with a value before the if stays readable after a one-arm write.
func TestValueBeforeIfStaysReadable(t *testing.T) {
	_, _, ds := compileSrc(t, material("        ScalarParameter K = 0.5;", `        float x;
        float y = UE.Time();
        if (y > K) { Alpha = K; }
        Alpha = Alpha * 2.0;`), "2.0", nil)
	if ds.HasErrors() {
		t.Errorf("a variable with a value before the if stays readable: %s", ds.String())
	}
}

// A Layout section becomes the product's layout lines.
func TestLayoutSection(t *testing.T) {
	src := `Shader(Name="M_L")
{
    Outputs = { float Alpha; Base.Opacity = Alpha; }
    Graph = { Alpha = 0.5; }
    Layout = {
        Node(Var = "Alpha", X = 120, Y = -40);
        Comment(Name = "Maths", X = 0, Y = 0, W = 400, H = 200);
    }
}
`
	_, dump, ds := compileSrc(t, src, "2.0", nil)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	if !strings.Contains(dump, "  layout Node var=Alpha x=120 y=-40\n  layout Comment name=\"Maths\" x=0 y=0 w=400 h=200\n") {
		t.Errorf("got:\n%s", dump)
	}
}

// An imported GraphFunction's lifted UE.* calls print `in "file" via L:C`.
func TestLiftedCallSpans(t *testing.T) {
	hdr := `GraphFunction LiPulse(in float2 uv, out float pulse) {
    float t = UE.Time();
    pulse = uv.x * t;
}
`
	src := `import "H.dsh";
` + material("", `        float p;
        LiPulse(UE.TexCoord(Index = 0), p);
        Alpha = p;`)
	m, dump, ds := compileSrc(t, src, "2.0", map[string]string{"H.dsh": hdr})
	if m == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	if !strings.Contains(dump, `Reflected[Time]() : float @L2:C15 in "H.dsh" via L15:C9`) ||
		!strings.Contains(dump, `_ds_LiPulse_UE0=%2`) || !strings.Contains(dump, `float t = _ds_LiPulse_UE0;`) {
		t.Errorf("got:\n%s", dump)
	}
	if len(m.Includes) != 1 || m.Includes[0] != "H.dsh" {
		t.Errorf("includes %v", m.Includes)
	}
}

// An unknown class is accepted from what the source says, with a warning.
func TestUnknownClassIsAWarning(t *testing.T) {
	m, _, ds := mustCompile(t, material("", `        float x = UE.Expression(Class="MoonSomething", OutputType="float", Input=UE.Time(), Mode=2, OutputIndex=1);
        Alpha = x;`))
	if !strings.Contains(codes(ds, diag.Warning), "DSH5212") {
		t.Errorf("want DSH5212 as a warning: %s", ds.String())
	}
	if !strings.Contains(strings.Join(nodeLines(m, 0), "\n"), `Reflected[MoonSomething](Input=%1, ClassSpecifier="MoonSomething", Mode=2)`) {
		t.Errorf("got:\n%s", strings.Join(nodeLines(m, 0), "\n"))
	}
}

// A name that gets a value in one arm only (declared there by L26) cannot be
// read after the if (DSH4372); with a value in both arms it is merged.
func TestOneArmValueAfterIf(t *testing.T) {
	_, _, ds := compileSrc(t, material("        ScalarParameter K = 0.5;", `        float y = UE.Time();
        if (y > K) { Acc = K; }
        Alpha = Acc;`), "2.0", nil)
	if got := codes(ds, diag.Error); got != "[DSH4372]" {
		t.Errorf("errors %s, want DSH4372:\n%s", got, ds.String())
	}
	m, _, _ := mustCompile(t, material("        ScalarParameter K = 0.5;", `        float y = UE.Time();
        if (y > K) { Acc = K; } else { Acc = 0.25; }
        Alpha = Acc;`))
	if countOp(m, "Compare", "") != 1 {
		t.Errorf("want one Compare:\n%s", strings.Join(nodeLines(m, 0), "\n"))
	}
}

// An Outputs MaterialAttributes declaration starts as the empty set: its
// writes become one MakeMaterialAttributes where the sink uses it, and a
// read of a written attribute is that value (no node).
func TestMaterialAttributesOutput(t *testing.T) {
	src := `Shader(Name="M_MA")
{
    Properties = { ScalarParameter R = 0.35; }
    Outputs = {
        MaterialAttributes Attrs;
        Base.MaterialAttributes = Attrs;
    }
    Graph = {
        Attrs.BaseColor = vec3(0.6, 0.8, 1.0);
        Attrs.Roughness = R;
        float r2 = Attrs.Roughness * 2.0;
        Attrs.Metallic = r2;
    }
}
`
	m, _, _ := mustCompile(t, src)
	expectLines(t, m,
		`%0 = Constant(Value=(0.6, 0.8, 1)) : float3 @L9:C27 "BaseColor"`,
		`%1 = Parameter(DefaultValue=(0.35), ParameterName="R", SortPriority=32) : float @L3:C20 "R"`,
		`%2 = Constant(Value=(2)) : float @L11:C38 "r2"`,
		`%3 = Multiply(%1, %2) : float @L11:C20 "r2"`,
		`%4 = MakeMaterialAttributes(BaseColor=%0, Roughness=%1, Metallic=%3) : material @L6:C35 "MaterialAttributes"`,
		`%5 = MaterialSink(MaterialAttributes=%4) @L1:C1`)
}

package dss_test

import (
	"os"
	"strings"
	"testing"

	"reuselab/compiler/dss"
	"reuselab/ir"
)

// mixedHeader holds both dialects, declaration by declaration: a 2.0
// helper, a 1.x Function and two 1.x VirtualFunctions (one output; two
// outputs and an `opt` input).
const mixedHeader = `float Half(float x) { return x * 0.5; }

Function float Luma(in vec3 color) {
    return dot(color, float3(0.299, 0.587, 0.114));
}

VirtualFunction(Name="BufferWriter")
{
    Options = {
        Asset = Path(Game, "MaterialFunctions/F_BufferWriter");
    }
    Inputs = {
        float3 Color;
        float Alpha;
    }
    Outputs = {
        float3 Written;
    }
}

VirtualFunction(Name="Funcs/Splitter")
{
    Options = {
        Asset = Path("/Game/MaterialFunctions/F_Split");
    }
    Inputs = {
        vec4 Source;
        opt float Gain = 1.0;
    }
    Outputs = {
        vec3 Rgb;
        float Alpha;
    }
}
`

func compileWithHeader(t *testing.T, header, body string) (string, []string) {
	t.Helper()
	files := map[string]string{
		"/mem/M.dss":     "#include \"Mixed.dsh\"\nuniform float3 Tint = float3(1, 0.5, 0.25);\nexport void M(inout material m)\n{\n" + body + "\n}\n",
		"/mem/Mixed.dsh": header,
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	m, ds := dss.CompileFile("/mem/M.dss", dss.Options{ReadFile: read})
	var codes []string
	for _, d := range ds.Items {
		codes = append(codes, d.Code)
	}
	if m == nil {
		return "", codes
	}
	return ir.Dump(m), codes
}

// TestMixedHeaderDeclarations: a .dss calls a header's 2.0 helper, its 1.x
// Function (a Custom node) and its 1.x VirtualFunctions (FunctionCall
// nodes of the asset: the first output is the value under its own name,
// more outputs are `out` arguments, an `opt` input may be left out).
func TestMixedHeaderDeclarations(t *testing.T) {
	dump, codes := compileWithHeader(t, mixedHeader, `    float3 w = BufferWriter(Tint, Half(0.5));
    float a;
    float3 rgb = Splitter(float4(w, 1), Alpha = a);
    m.BaseColor = rgb * Luma(w);
    m.Opacity = a;`)
	if len(codes) != 0 {
		t.Fatalf("diagnostics %v:\n%s", codes, dump)
	}
	for _, want := range []string{
		`FunctionCall[/Game/MaterialFunctions/F_BufferWriter](Color=%`,
		`FunctionPath="/Game/MaterialFunctions/F_BufferWriter") : [Written:float3]`,
		`FunctionCall[/Game/MaterialFunctions/F_Split](Source=%`,
		`: [Rgb:float3, Alpha:float]`,
		"Custom[Luma]",
		"Multiply(", // Half, inlined
	} {
		if !strings.Contains(dump, want) {
			t.Errorf("dump lacks %q:\n%s", want, dump)
		}
	}
	if strings.Contains(dump, "Gain=") {
		t.Errorf("the unpassed opt input is wired:\n%s", dump)
	}
	// The out argument reads the asset's second output.
	if !strings.Contains(dump, "#1) @L3:C1") || !strings.Contains(dump, "Opacity=%") {
		t.Errorf("Opacity is not the Splitter's Alpha output:\n%s", dump)
	}
}

// TestMixedHeaderRefusals: an asset block in a header is the 1.x parser's
// DSH2249, and a VirtualFunction without an Asset its DSH6312, each said
// once (no DSH3222 beside it); a non-opt input left out is DSH6225.
func TestMixedHeaderRefusals(t *testing.T) {
	cases := []struct {
		name, header, body string
		want, not          string
	}{
		{"asset block", "ShaderFunction(Name=\"F\")\n{\n    Outputs = { float R; }\n    Graph = { R = 1.0; }\n}\n", "    m.Opacity = 1;", "DSH2249", "DSH3222"},
		{"no asset", "VirtualFunction(Name=\"V\")\n{\n    Inputs = { float A; }\n    Outputs = { float R; }\n}\n", "    m.Opacity = 1;", "DSH6312", "DSH3222"},
		{"required input", mixedHeader, "    m.BaseColor = BufferWriter(Tint);", "DSH6225", ""},
	}
	for _, tc := range cases {
		_, codes := compileWithHeader(t, tc.header, tc.body)
		got := strings.Join(codes, " ")
		if !strings.Contains(got, tc.want) || tc.not != "" && strings.Contains(got, tc.not) {
			t.Errorf("%s: codes %q, want %s and not %q", tc.name, got, tc.want, tc.not)
		}
		if strings.Count(got, tc.want) != 1 {
			t.Errorf("%s: %s said %d times: %q", tc.name, tc.want, strings.Count(got, tc.want), got)
		}
	}
}

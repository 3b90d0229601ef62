package compiler

import (
	"os"
	"strings"
	"testing"

	"reuselab/compiler/front"
	"reuselab/ir"
)

// One Options value reaches both front ends: its Catalog decides what a
// .dss binds against and leaves a .dsm's compile as it is, and its
// MarkerPath reaches the 1.x front end's Custom code.
func TestOptionsReachBothFrontEnds(t *testing.T) {
	files := map[string]string{
		"/mem/B.dss": "/// @layerblend\nexport void B(material Bottom, material Top, inout material R)\n{\n    R.Metallic = Bottom.Metallic;\n}\n",
		"/mem/MF_C.dsf": "Function Twice(in float v, out float r)\n{\n\tr = v * 2;\n}\n" +
			"ShaderFunction(Name=\"MF_C\")\n{\n\tInputs = { float X; }\n\tOutputs = { float Y; }\n\tGraph = { Twice(X, Y); }\n}\n",
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	compile := func(path string, cat front.Catalog) (string, bool) {
		m, ds := CompileFile(path, Options{Root: "/mem", ReadFile: read, Catalog: cat,
			MarkerPath: func(p string) string { return "<marked>/" + p }})
		out := ds.String()
		if m != nil {
			out += ir.Dump(m)
		}
		return out, ds.HasErrors()
	}
	if out, bad := compile("/mem/B.dss", front.EngineCatalog); bad {
		t.Errorf("the engine catalog refused m.Metallic:\n%s", out)
	}
	if out, bad := compile("/mem/B.dss", front.TestCatalog); !bad || !strings.Contains(out, "DSH5200") {
		t.Errorf("the test catalog accepted m.Metallic:\n%s", out)
	}
	engine, bad := compile("/mem/MF_C.dsf", front.EngineCatalog)
	if bad {
		t.Fatalf("the .dsf did not compile:\n%s", engine)
	}
	if test, _ := compile("/mem/MF_C.dsf", front.TestCatalog); test != engine {
		t.Errorf("the catalog changed a 1.x compile:\n%s\n---\n%s", engine, test)
	}
	if !strings.Contains(engine, "<marked>/") {
		t.Errorf("MarkerPath did not reach the 1.x front end's markers:\n%s", engine)
	}
}

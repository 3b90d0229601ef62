package dss_test

import (
	"strings"
	"testing"

	"reuselab/compiler/dss"
)

// Any text given as a `.dsp` or a `.dsi` binds without a panic and ends,
// every diagnostic placed; a pipeline gives its dump or an error.
func FuzzPipelineAndInstance(f *testing.F) {
	for _, s := range []string{
		"buffer A : R8;\npass P : copy { read SceneColor; write A; }\n",
		"#pragma pipeline(Order = 1, Views = Game | Editor)\npass M : mesh { Filter = ((Layer(A|B) | List(X)) & Stencil(1, 0xF)); write Output0 = A; hlsl { { } } }\n",
		"#pragma instance(Parent = \"M\", TwoSided = true)\n/// @static\nuniform bool4 C = bool4(true, false, true, false);\n",
		"hlsl { [numthreads(8,8,1)] void CS() { } }\npass C : compute { Entry = CS; Dispatch = A / 2; Threads = uint2(4, 4); param P = -(W - 1) * 2; }",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		read := memRead(map[string]string{"/f/P.dsp": src, "/f/I.dsi": src, "/f/M.dss": "uniform float G = 1;\nexport void M(inout material m) { m.Opacity = G; }\n"})
		dump, ds := dss.CompilePipeline("/f/P.dsp", dss.Options{Root: "/f", ReadFile: read})
		if dump == "" && !ds.HasErrors() {
			t.Fatalf("no dump and no error:\n%s", ds.String())
		}
		if dump != "" && !strings.HasPrefix(dump, "module \"P.dsp\"\n") {
			t.Fatalf("a dump that is not the pipeline's module:\n%s", dump)
		}
		_, ids := dss.CompileInstance("/f/I.dsi", dss.Options{Root: "/f", ReadFile: read})
		for _, d := range append(ds.Items, ids.Items...) {
			if d.Pos.Line < 1 || d.Pos.Col < 1 || d.Pos.File == "" {
				t.Fatalf("unplaced: %s", d)
			}
		}
	})
}

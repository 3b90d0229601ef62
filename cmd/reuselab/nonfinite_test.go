package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A number the engine's floats cannot hold is a warning DSH8272 at the
// source of the node holding it, in every format compile prints (each
// writes the number, T3D a stand-in), not a silent clamp: a constant
// folded past float range (1e38 * 1e38 is a finite double, an infinite
// float), one folded to a double infinity, an infinity minus itself (NaN)
// and a CoordinateIndex given as 1e999.
func TestNonFiniteNumbersAreDiagnostics(t *testing.T) {
	src := "Shader(Name=\"M_Inf\")\n{\n    Properties = { ScalarParameter X = 1.0; }\n    Outputs = { float C; Base.EmissiveColor = C; }\n    Graph = {\n" +
		"        float big = 1e38 * 1e38;\n" +
		"        float inf = 1e300 * 1e300;\n" +
		"        float n = inf - inf;\n" +
		"        float2 uv = UE.TexCoord(Index=1e999);\n" +
		"        C = X * big + inf + n + uv.x;\n    }\n}\n"
	path := filepath.Join(t.TempDir(), "M_Inf.dsm")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	want := []string{
		path + ":6:21: warning DSH8272: Value=1e+76 does not fit a float",
		path + ":7:21: warning DSH8272: Value=inf does not fit a float",
		path + ":8:19: warning DSH8272: Value=nan is not a number; Unreal has no spelling for it, so T3D writes 0",
		path + ":9:21: warning DSH8272: CoordinateIndex=inf does not fit a float",
	}
	for _, format := range []string{"ir", "ir-json", "json", "table", "dot", "t3d"} {
		code, out, errs := runCLI(t, "compile", "--format", format, path)
		if code != 0 {
			t.Errorf("%s: exit %d (a warning is not a failure)\n%s", format, code, errs)
			continue
		}
		for _, w := range want {
			if !strings.Contains(errs, w) {
				t.Errorf("%s: stderr lacks %q:\n%s", format, w, errs)
			}
		}
		if n := strings.Count(errs, "DSH8272"); n != len(want) {
			t.Errorf("%s: %d DSH8272 warnings, want %d", format, n, len(want))
		}
		switch format {
		case "json":
			if strings.Count(out, `"code": "DSH8272"`) != len(want) {
				t.Errorf("json: the diagnostics list lacks the DSH8272 warnings")
			}
		case "t3d":
			for _, bad := range []string{"=inf", "nan", "1e+76"} {
				if strings.Contains(out, bad) {
					t.Errorf("t3d: paste holds %q", bad)
				}
			}
		}
	}
}

package syntax

import (
	"strings"
	"testing"
	"time"
)

// TestLargeInputsStayFast guards against quadratic paths (column counting
// on long lines, lifted-call scans, error recovery loops): inputs of about
// 100 KB must parse in well under the threshold even on a loaded machine.
func TestLargeInputsStayFast(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	big := func(s string, n int) string { return strings.Repeat(s, n) }
	cases := map[string]string{
		"line":     "Shader(Name=\"M\"){Graph={" + big("a=1;", 20000) + "}}",
		"parens":   "Shader(Name=\"M\"){Graph={a=" + big("(", 20000) + "}}",
		"brackets": "Shader(Name=\"M\"){Properties={float A=1" + big("[", 10000) + "}}",
		"braces":   big("{", 20000),
		"dshbr":    big("x{", 10000),
		"comments": big("/* */", 20000),
		"ifs":      "Shader(Name=\"M\"){Graph={" + big("if(a){", 10000) + "}}",
		"regions":  "Shader(Name=\"M\"){Graph={" + big("\n#Region \"a\"", 5000) + "}}",
		"groups":   "Shader(Name=\"M\"){Properties={" + big("Group(\"a\"){", 5000) + "}}",
		"gf":       "GraphFunction F(out float o){" + big("o = UE.Time(UE.Time(", 2000) + "}",
		"gf2":      "GraphFunction F(out float o){" + big("o = UE.Time(a); ", 5000) + "}",
		"meta":     "Shader(Name=\"M\"){Properties={float A=1[" + big("G=1;", 10000) + "]}}",
		"attrs":    "Shader(" + big("A=1,", 10000) + ")",
		"strays":   big("42;", 10000),
		"sections": "Shader(Name=\"M\"){" + big("Foo={}", 10000) + "}",
	}
	for name, src := range cases {
		for _, ext := range []string{".dsm", ".dsh"} {
			start := time.Now()
			_, l := Parse("x"+ext, []byte(src))
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("%s%s: %v (%d diags)", name, ext, d, len(l.Items))
			}
		}
	}
}

package syntax

import (
	"strings"
	"testing"
	"time"
)

func TestTmpPerf(t *testing.T) {
	big := func(s string, n int) string { return strings.Repeat(s, n) }
	cases := map[string]string{
		"line":    "Shader(Name=\"M\"){Graph={" + big("a=1;", 200000) + "}}",
		"parens":  "Shader(Name=\"M\"){Graph={a=" + big("(", 200000) + "}}",
		"brackets": "Shader(Name=\"M\"){Properties={float A=1" + big("[", 100000) + "}}",
		"braces":  big("{", 200000),
		"dshbr":  big("x{", 100000),
		"comments": big("/* */", 200000),
		"ifs":     "Shader(Name=\"M\"){Graph={" + big("if(a){", 100000) + "}}",
		"regions": "Shader(Name=\"M\"){Graph={" + big("\n#Region \"a\"", 50000) + "}}",
		"groups":  "Shader(Name=\"M\"){Properties={" + big("Group(\"a\"){", 50000) + "}}",
		"gf":      "GraphFunction F(out float o){" + big("o = UE.Time(UE.Time(", 20000) + "}",
		"gf2":      "GraphFunction F(out float o){" + big("o = UE.Time(a); ", 50000) + "}",
		"meta":    "Shader(Name=\"M\"){Properties={float A=1[" + big("G=1;", 100000) + "]}}",
		"attrs":   "Shader(" + big("A=1,", 100000) + ")",
		"strays":  big("42;", 100000),
		"sections": "Shader(Name=\"M\"){" + big("Foo={}", 100000) + "}",
	}
	for name, src := range cases {
		for _, ext := range []string{".dsm", ".dsh"} {
			start := time.Now()
			_, l := Parse("x"+ext, []byte(src))
			if d := time.Since(start); d > 500*time.Millisecond {
				t.Errorf("%s%s: %v (%d diags)", name, ext, d, len(l.Items))
			}
		}
	}
}

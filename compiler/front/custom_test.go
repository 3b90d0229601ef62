package front

import (
	"strings"
	"testing"

	"reuselab/ir"
)

func TestCustomOutputTypeDialects(t *testing.T) {
	tex := Type{Kind: Texture, Width: 1, Name: "Texture2D"}
	if got := CustomOutputType(tex, Dialect1x); got != "Texture2D" {
		t.Errorf("1.x texture return: %q, want Texture2D", got)
	}
	if got := CustomOutputType(tex, Dialect2); got != "Float1" {
		t.Errorf("2.0 texture return: %q, want Float1", got)
	}
	if got := CustomOutputType(Type{Kind: Material}, Dialect2); got != "MaterialAttributes" {
		t.Errorf("material return: %q", got)
	}
	if got := CustomOutputType(Type{}, Dialect1x); got != "Float1" {
		t.Errorf("a return type never set: %q, want Float1", got)
	}
}

// The body is closed with a line break before the end marker either way,
// and never given a second one.
func TestWriteMarkedSource(t *testing.T) {
	for _, body := range []string{"return 1;", "return 1;\n"} {
		var sb strings.Builder
		WriteMarkedSource(&sb, "M.dsm", "F", 7, body)
		want := "// Begin DreamShader source: M.dsm\n// DreamShader custom: F line 7\nreturn 1;\n// End DreamShader source: M.dsm\n"
		if sb.String() != want {
			t.Errorf("body %q:\n%s\nwant\n%s", body, sb.String(), want)
		}
	}
	if got := LiftedInputName("Fn", 2); got != "_ds_Fn_UE2" {
		t.Errorf("lifted input: %q", got)
	}
}

// A Custom node with one output declares its type alone; with more, the
// others follow as `Name:Word` in AdditionalOutputs, in order.
func TestCustomOutputProps(t *testing.T) {
	one := AppendCustomOutputProps(nil, []CustomOutput{{"Result", FloatN(3)}}, Dialect2)
	if len(one) != 1 || one[0].Name != "OutputType" || one[0].Value.Str != "Float3" {
		t.Errorf("one output: %v", one)
	}
	three := AppendCustomOutputProps([]ir.Prop{{Name: "Code"}}, []CustomOutput{{"Result", FloatN(1)}, {"N", FloatN(3)}, {"M", Type{Kind: Material}}}, Dialect1x)
	if len(three) != 3 || three[0].Name != "Code" || three[1].Value.Str != "Float1" || three[2].Name != "AdditionalOutputs" || three[2].Value.Str != "[N:Float3, M:MaterialAttributes]" {
		t.Errorf("three outputs: %v", three)
	}
}

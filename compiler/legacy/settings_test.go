package legacy

import (
	"fmt"
	"testing"
)

// A Settings key given again, in the same section or a later one, keeps
// the place where it first came and takes the last value.
func TestRepeatedSettingKeepsItsPlace(t *testing.T) {
	src := "Shader(Name=\"Gen/Settings\")\n{\n" +
		"    Settings = {\n        Domain = \"Surface\";\n        Alpha = \"1\";\n        Beta = \"2\";\n        Alpha = \"3\";\n    }\n" +
		"    Settings = {\n        Gamma = \"4\";\n        Beta = \"5\";\n    }\n" +
		"    Outputs = {\n        float Rough;\n        Base.Roughness = Rough;\n    }\n" +
		"    Graph = {\n        Rough = 0.5;\n    }\n}\n"
	m, _, ds := compileSrc(t, src, "none", nil)
	if m == nil || len(m.Products) != 1 {
		t.Fatalf("no product:\n%s", ds.String())
	}
	got := fmt.Sprint(m.Products[0].Settings)
	if want := "[{Domain Surface} {Alpha 3} {Beta 5} {Gamma 4}]"; got != want {
		t.Errorf("settings %s, want %s\n%s", got, want, ds.String())
	}
}

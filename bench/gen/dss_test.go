package gen

import (
	"strings"
	"testing"
)

// A `.dss` program is as reproducible as a 1.x one, and its file and
// entry names follow the config.
func TestDSSReproducible(t *testing.T) {
	c := Config{Nodes: 300, Seed: 7, DupRate: 0.3, Branches: 3, Lang: "dss"}
	a, na := Program(c)
	b, nb := Program(c)
	if a != b || na != nb {
		t.Fatal("the same config gave two programs")
	}
	c.Seed = 8
	if d, _ := Program(c); d == a {
		t.Error("another seed gave the same program")
	}
	if got := c.FileName(); got != "G_n300_s8.dss" {
		t.Errorf("file name %q", got)
	}
	if !strings.Contains(a, "export void G_n300_s7(inout material m)\n") {
		t.Errorf("no entry named after the config:\n%.400s", a)
	}
}

// The `.dss` spelling: 2.0 constructs only, none of the 1.x block words.
func TestDSSShape(t *testing.T) {
	for _, n := range []int{10, 100, 1000, 10000} {
		c := Config{Nodes: n, Seed: 2, DupRate: 0.3, Branches: 4, Lang: "dss"}
		src, est := Program(c)
		if est < n || est > n+n/4+25*c.Branches {
			t.Errorf("nodes %d: estimate %d", n, est)
		}
		if got := strings.Count(src, "if ("); got != 4 {
			t.Errorf("nodes %d: %d if statements, want 4", n, got)
		}
		if strings.Count(src, "{") != strings.Count(src, "}") || strings.Count(src, "(") != strings.Count(src, ")") {
			t.Errorf("nodes %d: unbalanced brackets", n)
		}
		for _, want := range []string{"/// @group Gains @desc ", "uniform float Gain0 = ", "uniform float3 Tint2 = float3(", "float F_Gen_Mix(float a, float b)", "m.BaseColor = ", "m.Roughness = saturate("} {
			if !strings.Contains(src, want) {
				t.Errorf("nodes %d: no %q", n, want)
			}
		}
		for _, not := range []string{"Shader(", "Graph = {", "vec3", "vec2", "Properties"} {
			if strings.Contains(src, not) {
				t.Errorf("nodes %d: 1.x text %q in a .dss", n, not)
			}
		}
	}
	// ?: is a .dss construct the generator uses at some size.
	if src, _ := Program(Config{Nodes: 2000, Seed: 1, DupRate: 0.3, Lang: "dss"}); !strings.Contains(src, " ? ") {
		t.Error("no ?: in a 2000-node .dss program")
	}
}

// Writing `.dss` leaves the 1.x program of a config as it was: the two
// languages draw from the same stream only where they say the same thing,
// so the embedded 1.x corpus does not move (bench/corpus pins it).
func TestLangsIndependent(t *testing.T) {
	c := Config{Nodes: 400, Seed: 4, DupRate: 0.5, Branches: 3}
	a, _ := Program(c)
	c.Lang = "dsm"
	b, _ := Program(c)
	if a != b {
		t.Error(`Lang "dsm" and "" differ`)
	}
	c.Lang = "dss"
	if d, _ := Program(c); d == a {
		t.Error("the .dss program is the 1.x one")
	}
	if ValidLang("hlsl") || !ValidLang("dss") || !ValidLang("") {
		t.Error("ValidLang")
	}
}

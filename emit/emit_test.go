package emit

import (
	"bytes"
	"strings"
	"testing"
)

// node-reuse.txt's example: the "Generated nodes" listing has exactly nine
// nodes — one TexCoord, one mask, one constant 2, the two multiplications
// (operands swapped), two Adds, the Tint parameter and the final Multiply —
// and the material input adds its reroute pair (GOLDENS §2).
func TestReuseExampleTable(t *testing.T) {
	res := dedupeForTest(reuseBuild())
	a := FromGraph(res.Graph, res, Options{File: "M_Reuse.dsm"})
	var buf bytes.Buffer
	if err := WriteTable(&buf, []*Asset{a}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	t.Log("\n" + out)
	want := []struct{ class, key string }{
		{"TextureCoordinate", "CoordinateIndex=0"},
		{"ComponentMask", "R"},
		{"Constant", "2"},
		{"Multiply", "UV1.x * 2"},
		{"Multiply", "2 * UV1.x"},
		{"VectorParameter", "Tint"},
		{"Add", "A + A"},
		{"Add", "(A + A) + C"},
		{"Multiply", "Tint * ((A + A) + C)"},
	}
	listing := strings.SplitN(strings.SplitN(out, "Generated nodes:\n\n", 2)[1], "\n\n", 2)[0]
	lines := strings.Split(strings.TrimSpace(listing), "\n")
	if len(lines) != len(want) {
		t.Fatalf("listing has %d nodes, the spec lists %d:\n%s", len(lines), len(want), listing)
	}
	for i, w := range want {
		f := strings.Fields(lines[i])
		if f[0] != w.class || !strings.Contains(lines[i], "  "+w.key) {
			t.Errorf("line %d = %q, want class %s key %q", i, lines[i], w.class, w.key)
		}
	}
	if !strings.Contains(lines[0], "-> UV1, UV2") {
		t.Errorf("TexCoord line should name UV1 and the merged UV2: %q", lines[0])
	}
	if got := len(a.Nodes); got != 11 {
		t.Errorf("asset nodes = %d, want 9 + a reroute pair = 11", got)
	}
	if CountAssetNodes(res.Graph) != 11 {
		t.Errorf("CountAssetNodes = %d, want 11", CountAssetNodes(res.Graph))
	}
	if !strings.Contains(out, "EmissiveColor <- Color [Multiply] via DS_EmissiveColor_0") {
		t.Errorf("outputs section missing the EmissiveColor binding")
	}
}

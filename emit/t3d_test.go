package emit

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reuselab/internal/shared"
	"strings"
	"testing"
)

var corpusRoot = shared.Corpus()

func TestReuseExampleT3D(t *testing.T) {
	res := dedupeForTest(reuseBuild())
	a := FromGraph(res.Graph, res, Options{File: "M_Reuse.dsm"})
	if err := CheckT3D(a); err != nil {
		t.Fatal(err)
	}
	var b1, b2 bytes.Buffer
	WriteT3D(&b1, []*Asset{a})
	WriteT3D(&b2, []*Asset{FromGraph(res.Graph, res, Options{File: "M_Reuse.dsm"})})
	if b1.String() != b2.String() {
		t.Error("T3D output is not deterministic")
	}
	if !strings.Contains(b1.String(), "B=(Expression=\"/Script/Engine.MaterialExpressionVectorParameter'MaterialGraphNode_5.MaterialExpressionVectorParameter_0'\")") &&
		!strings.Contains(b1.String(), "A=(Expression=\"/Script/Engine.MaterialExpressionVectorParameter'MaterialGraphNode_5.MaterialExpressionVectorParameter_0'\")") {
		t.Errorf("Tint's RGB pin (output 0) should feed the final Multiply:\n%s", b1.String())
	}
}

// goldenIRs yields the `ir` text of every golden that has one.
func goldenIRs(t *testing.T) map[string]string {
	root := filepath.Join(corpusRoot, "TypeDreamMoon__DreamShader", "Tests", "Corpus")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("corpus not present (%v)", err)
	}
	out := map[string]string{}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".expected.json") || strings.Contains(p, "_versions") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		var gj struct {
			IR string `json:"ir"`
		}
		if json.Unmarshal(data, &gj) == nil && gj.IR != "" {
			rel, _ := filepath.Rel(root, p)
			out[rel] = gj.IR
		}
		return nil
	})
	return out
}

// Every asset of every IR golden: emitted, written as T3D and read back,
// the same nodes, edges and output indices.
func TestGoldenIRT3DRoundTrip(t *testing.T) {
	irs := goldenIRs(t)
	assets, warned := 0, 0
	for name, text := range irs {
		m, err := parseIRDump(text)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, a := range FromModule(m.Leaf, m, nil, Options{}) {
			assets++
			if len(a.Warnings) > 0 {
				warned++
				t.Logf("%s: %s", name, strings.Join(a.Warnings, "; "))
			}
			if err := CheckT3D(a); err != nil {
				t.Errorf("%s %s: %v", name, a.Name, err)
			}
		}
	}
	t.Logf("%d goldens, %d assets round-tripped, %d with emitter warnings", len(irs), assets, warned)
}

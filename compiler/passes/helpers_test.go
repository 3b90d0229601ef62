package passes

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/internal/shared"
	"reuselab/ir"
)

// builder makes hand-built graphs for the tests: every node gets the span
// and debug name given to add.
type builder struct{ g *ir.Graph }

func newMaterial(name string, legacy bool) *builder {
	g := ir.NewGraph(ir.Material, name)
	g.Legacy = legacy
	return &builder{g}
}

func newFunction(name string) *builder {
	return &builder{ir.NewGraph(ir.MaterialFunction, name)}
}

// add appends n at line:col with the given debug name; it returns output 0.
func (b *builder) add(line, col int, debug string, n *ir.Node) ir.Ref {
	n.Span = ir.Span{Line: line, Col: col}
	n.Debug = debug
	return ir.Ref{Node: b.g.Add(n)}
}

func (b *builder) sink(line int, pins ...ir.Pin) {
	b.g.Sink = b.add(line, 1, "", &ir.Node{Op: ir.OpMaterialSink, Pins: pins, Role: ir.RoleStatement}).Node
}

func pin(name string, r ir.Ref) ir.Pin { return ir.Pin{Name: name, Ref: r} }

func out(r ir.Ref, k int) ir.Ref { return ir.Ref{Node: r.Node, Out: k} }

func ftype(w int) string {
	if w == 1 {
		return "float"
	}
	return fmt.Sprintf("float%d", w)
}

func konst(vs ...float64) *ir.Node {
	return &ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(vs...)}},
		Outputs: []ir.Output{{Type: ftype(len(vs))}}}
}

func boolConst(v float64) *ir.Node {
	n := konst(v)
	n.Outputs[0].Type = "bool"
	return n
}

func param(name string, def ...float64) *ir.Node {
	return &ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)},
		{Name: "DefaultValue", Value: ir.Tuple(def...)}, {Name: "SortPriority", Value: ir.Num(32)}},
		Outputs: []ir.Output{{Type: ftype(len(def))}}}
}

func texParam(name string) *ir.Node {
	return &ir.Node{Op: ir.OpTextureParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str(name)},
		{Name: "SortPriority", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "Texture2D"}}}
}

func texCoord(index int) *ir.Node {
	return &ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate",
		Props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(float64(index))}}, Outputs: []ir.Output{{Type: "float2"}}}
}

func sample(tex, uv ir.Ref) *ir.Node {
	return &ir.Node{Op: ir.OpTextureSample, Operands: []ir.Ref{tex, uv, ir.NoRef, ir.NoRef},
		Outputs: []ir.Output{{Name: "RGBA", Type: "float4"}, {Name: "R", Type: "float"}, {Name: "G", Type: "float"},
			{Name: "B", Type: "float"}, {Name: "A", Type: "float"}}}
}

func swz(src ir.Ref, mask string) *ir.Node {
	return &ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{src}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str(mask)}},
		Outputs: []ir.Output{{Type: ftype(len(mask))}}}
}

func op(o ir.Op, typ string, operands ...ir.Ref) *ir.Node {
	return &ir.Node{Op: o, Operands: operands, Outputs: []ir.Output{{Type: typ}}}
}

func custom(name string, pins ...ir.Pin) *ir.Node {
	return &ir.Node{Op: ir.OpCustom, Class: name, Pins: pins,
		Props:   []ir.Prop{{Name: "Code", Value: ir.Str("return a;")}, {Name: "OutputType", Value: ir.Str("Float1")}},
		Outputs: []ir.Output{{Name: "Result", Type: "float"}}}
}

// customOutput is a Reflected class without outputs: a statement (R7).
func customOutput(pins ...ir.Pin) *ir.Node {
	return &ir.Node{Op: ir.OpReflected, Class: "DreamPassOutput", Pins: pins, Role: ir.RoleStatement}
}

// want compares a dump with its expected text, given as lines.
func want(t *testing.T, got string, lines ...string) {
	t.Helper()
	exp := strings.Join(lines, "\n") + "\n"
	if got != exp {
		t.Errorf("dump differs\n--- got\n%s--- want\n%s", got, exp)
	}
}

// goldenProduct reads the `ir` text of an upstream golden from the shared
// corpus (beside the repository, as CI has it) and returns it without its
// module header; ok is false when the corpus is not there.
func goldenProduct(t *testing.T, rel string) (string, bool) {
	t.Helper()
	corpus := shared.Corpus()
	if corpus == "" {
		return "", false
	}
	data, err := os.ReadFile(filepath.Join(corpus, "TypeDreamMoon__DreamShader", "Tests", "Corpus", rel))
	if err != nil {
		return "", false
	}
	var golden struct {
		IR string `json:"ir"`
	}
	if err := json.Unmarshal(data, &golden); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	_, product, found := strings.Cut(golden.IR, "\n\n")
	if !found {
		t.Fatalf("%s: no product in the ir text", rel)
	}
	return product, true
}

// checkGraph fails when g breaks the IR contract (ir.Check: dense ids,
// reads in range, earlier and of existing outputs, roles, sink, inputs and
// outputs the right nodes).
func checkGraph(t testing.TB, g *ir.Graph) {
	t.Helper()
	if err := ir.Check(g); err != nil {
		t.Fatal(err)
	}
}

// checkResult fails on inconsistent provenance (ir.CheckResult).
func checkResult(t testing.TB, r *ir.Result) {
	t.Helper()
	if err := ir.CheckResult(r); err != nil {
		t.Fatal(err)
	}
}

// stats builds PassStats from (name, round, changed) triples.
func stats(triples ...any) []ir.PassStat {
	var out []ir.PassStat
	for k := 0; k+2 < len(triples); k += 3 {
		out = append(out, ir.PassStat{Pass: triples[k].(string), Round: triples[k+1].(int), Changed: triples[k+2].(int)})
	}
	return out
}

package emit_test

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/internal/tooltest"
	"reuselab/printable"
)

const hostile = "\x1b[2J\x1b[31mX\u202egpj.exe|<script>\"q\"\\N"

// hostileAssets compiles a source whose asset name, Custom code and
// description, region and an unknown class hold terminal escapes, a bidi
// override, quotes and a Graphviz escape.
func hostileAssets(t *testing.T) []*emit.Asset {
	t.Helper()
	q := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(hostile)
	src := `Shader(Name="M_` + q + `")
{
    Outputs { vec3 Color; Base.EmissiveColor = Color; }
    Graph {
        #Region "reg` + q + `"
        float A = UE.TexCoord(Index = 0).x * 2.0;
        float K = UE.Expression(Class="Custom", OutputType="float", Code="return A` + q + `;", Description="d` + q + `", A=A);
        float N = UE.Expression(Class="Nope` + q + `", OutputType="float");
        #EndRegion
        Color = vec3(A + K + N, 0, 0);
    }
}
`
	read := func(p string) ([]byte, error) {
		if p == "/mem/h.dsm" {
			return []byte(src), nil
		}
		return nil, os.ErrNotExist
	}
	m, ds := compiler.CompileFile("/mem/h.dsm", compiler.Options{Root: "/mem", ReadFile: read})
	if m == nil || ds.HasErrors() {
		t.Fatalf("%s", ds.String())
	}
	_, res := passes.RunModule(m, passes.Options{Mode: "2.0"})
	assets := emit.FromModule("h.dsm", m, res, emit.Options{})
	if len(assets) != 1 || assets[0].Name != "M_"+hostile {
		t.Fatalf("the asset is not named as the source says: %d assets", len(assets))
	}
	return assets
}

func TestTableEscapesNames(t *testing.T) {
	var b bytes.Buffer
	if err := emit.WriteTable(&b, hostileAssets(t)); err != nil {
		t.Fatal(err)
	}
	if !printable.IsBlock(b.String()) {
		t.Errorf("the table holds a raw control or bidi character:\n%q", b.String())
	}
	if !strings.Contains(b.String(), `Nope\x1b[2J`) {
		t.Errorf("the unknown class is not in the table, escaped:\n%s", b.String())
	}
}

// The DOT text holds no raw control or bidi character, and Graphviz reads
// it (the quotes and backslashes of the names are escaped too).
func TestDOTEscapesNames(t *testing.T) {
	var b bytes.Buffer
	if err := emit.WriteDOT(&b, hostileAssets(t)); err != nil {
		t.Fatal(err)
	}
	dot := b.String()
	if !printable.IsBlock(dot) {
		t.Errorf("the DOT holds a raw control or bidi character:\n%q", dot)
	}
	if want := printable.DOT("Material M_" + hostile); !strings.Contains(dot, "label="+want+";") {
		t.Errorf("the cluster label is not %s:\n%s", want, dot)
	}
	tool, err := exec.LookPath("dot")
	if err != nil {
		tooltest.Skip(t, "dot", "Graphviz dot is not on PATH (apt-get install graphviz): the DOT is not rendered")
	}
	cmd := exec.Command(tool, "-Tsvg")
	cmd.Stdin = strings.NewReader(dot)
	svg, err := cmd.Output()
	if err != nil {
		t.Fatalf("dot -Tsvg refuses the text: %v", err)
	}
	if !printable.IsBlock(string(svg)) || bytes.Contains(svg, []byte("<script>")) {
		t.Errorf("the SVG holds a raw control character or HTML from a name")
	}
	if !bytes.Contains(svg, []byte(`M_\x1b[2J`)) {
		t.Errorf("the SVG does not show the escape \\x1b in the asset's name")
	}
}

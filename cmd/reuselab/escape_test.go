package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reuselab/internal/browser"
	"reuselab/printable"
)

// evil is what a hostile corpus puts in the text that reaches output: a
// screen clear and a colour, a right-to-left override, a table's cell
// separator, HTML and an ampersand.
const evil = "\x1b[2J\x1b[31mX\u202egpj.exe|<script>alert(1)</script>&"

// hostileCorpus writes a folder whose name holds evil's characters and a
// newline, with a .dsm (asset name, region, Custom code and description,
// with unknownClass a class named with evil too) and a .dss (library and
// description) whose file names hold them too: the places the two
// syntaxes let such text in (identifiers cannot hold it).
func hostileCorpus(t *testing.T, unknownClass bool) (dir, dsm, dss string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "dir\x1b[2J\u202e|<b>\nnl")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Skipf("this file system refuses the hostile folder name: %v", err)
	}
	dsm = filepath.Join(dir, "M\x1b[31m\u202e|<i>.dsm")
	dss = filepath.Join(dir, "F\x1b[31m\u202e|<i>.dss")
	src := `Shader(Name="Docs/M_` + evil + `")
{
    Properties { vec3 Tint = vec3(1.0, 0.5, 0.2); }
    Settings   { Domain = "UI"; ShadingModel = "Unlit"; }
    Outputs    { vec3 Color; Base.EmissiveColor = Color; }
    Graph {
        #Region "reg` + evil + `"
        vec2 UV1 = UE.TexCoord(Index = 0);
        float A = UV1.x * 2.0;
        float B = UV1.x * 2.0;
        float K = UE.Expression(Class="Custom", OutputType="float", Code="return A` + evil + `;", Description="d` + evil + `", A=A);
        float N = ` + map[bool]string{true: `UE.Expression(Class="Nope` + evil + `", OutputType="float")`, false: "0.5"}[unknownClass] + `;
        #EndRegion
        Color = Tint * (A + B + K + N);
    }
}
`
	fn := `/// @library Lib` + evil + `
/// @desc Desc` + evil + `
export void MF_Evil(float3 A, float3 B, float Alpha, out float3 Mixed)
{
    float w = saturate(Alpha * 2.0);
    Mixed = lerp(A, B, w) + lerp(A, B, w);
}
`
	for p, text := range map[string]string{dsm: src, dss: fn} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, dsm, dss
}

// noRawDanger fails when text holds a control or bidi character other
// than a line end or a tab.
func noRawDanger(t *testing.T, what, text string) {
	t.Helper()
	if !printable.IsBlock(text) {
		i := strings.IndexFunc(text, func(r rune) bool { return r != '\n' && r != '\t' && r != '\r' && printable.Dangerous(r) })
		t.Errorf("%s: a raw control or bidi character reaches the output near %q", what, text[max(0, i-40):min(len(text), i+40)])
	}
}

// Every command, every format: nothing the sources or the folder name
// carry reaches stdout or stderr raw, the pages keep it out of their HTML,
// and the JSON still carries the exact name.
func TestHostileNamesReachNoOutputRaw(t *testing.T) {
	dir, dsm, _ := hostileCorpus(t, true)
	outDir := t.TempDir()
	page := filepath.Join(outDir, "page.html")
	runs := [][]string{
		{"compile", dir},
		{"compile", "--format", "table", dir},
		{"compile", "--format", "json", dir},
		{"compile", "--format", "ir-json", dir},
		{"compile", "--format", "t3d", dir},
		{"compile", "--format", "dot", dir},
		{"compile", "--format", "html", dir},
		{"compile", "--passes", dir},
		{"compile", "--format", "t3d", "--out", filepath.Join(outDir, "t3d"), dir},
		{"check", dir},
		{"facts", dir},
		{"counts", dir},
		{"explain", dsm, "%0", "%1"},
		{"view", dsm, "--out", page},
	}
	if _, err := exec.LookPath("dot"); err == nil {
		runs = append(runs, []string{"compile", "--format", "svg", dir})
	}
	for _, args := range runs {
		var stdout, stderr bytes.Buffer
		code := dispatch(args, &stdout, &stderr)
		what := printable.Text(strings.Join(args[:min(3, len(args))], " "))
		if code == exitUsage {
			t.Errorf("%s: exit %d: %s", what, code, stderr.String())
		}
		noRawDanger(t, what+" stdout", stdout.String())
		noRawDanger(t, what+" stderr", stderr.String())
		format := ""
		if len(args) > 2 && args[1] == "--format" {
			format = args[2]
		}
		switch {
		case args[0] == "compile" && format == "html":
			if strings.Contains(stdout.String(), "<script>alert") {
				t.Errorf("compile --format html: the asset name's <script> is HTML on the page")
			}
		case args[0] == "compile" && format == "json":
			var doc struct {
				Files []struct {
					Assets []struct {
						Name string `json:"name"`
					} `json:"assets"`
				} `json:"files"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
				t.Fatalf("compile --format json: %v", err)
			}
			found := false
			for _, f := range doc.Files {
				for _, a := range f.Assets {
					found = found || a.Name == "Docs/M_"+evil
				}
			}
			if !found {
				t.Errorf("compile --format json lost the exact asset name:\n%s", stdout.String())
			}
		}
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	noRawDanger(t, "view page", string(html))
	if bytes.Contains(html, []byte("<script>alert")) {
		t.Error("view: the asset name's <script> is HTML on the page")
	}
}

// The diagnostic printer: a folder name with a newline cannot start a line
// that an editor would read as a diagnostic of its own.
func TestDiagnosticFileNameStaysOnItsLine(t *testing.T) {
	dir, _, _ := hostileCorpus(t, true)
	var stdout, stderr bytes.Buffer
	dispatch([]string{"check", dir}, &stdout, &stderr)
	out := stdout.String() + stderr.String()
	if !strings.Contains(out, "DSH5212") {
		t.Fatalf("check printed no DSH5212 for the unknown class:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "nl/") {
			t.Errorf("the folder name's newline split a diagnostic: %q", line)
		}
	}
}

// bench's report: every table row of report.md has as many cells as its
// header (no folder or asset name adds one with a |), no <script> is HTML,
// and the CSVs and JSON carry no raw control or bidi character.
func TestBenchReportKeepsHostileNamesInTheirCells(t *testing.T) {
	dir, _, _ := hostileCorpus(t, true)
	out := filepath.Join(t.TempDir(), "bench")
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"bench", "--engines", "reference", "--jobs", "1", "--out", out, dir}, &stdout, &stderr); code == exitUsage {
		t.Fatalf("bench exit %d: %s", code, stderr.String())
	}
	noRawDanger(t, "bench stdout", stdout.String())
	noRawDanger(t, "bench stderr", stderr.String())
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	noRawDanger(t, "report.md", string(md))
	if bytes.Contains(md, []byte("<script>")) || bytes.Contains(md, []byte("<b>")) {
		t.Error("report.md holds HTML from a name")
	}
	rows, named := checkTables(t, string(md))
	if rows == 0 || named == 0 {
		t.Errorf("report.md: %d table rows, %d naming the hostile folder: the check checked nothing", rows, named)
	}
	for _, name := range []string{"assets.csv", "timings.csv"} {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		noRawDanger(t, name, string(data))
		recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil || len(recs) < 2 {
			t.Fatalf("%s: %d records, %v", name, len(recs), err)
		}
		if want := printable.CSV(filepath.Base(dir)); recs[1][0] != want {
			t.Errorf("%s: corpus cell %q, want %q", name, recs[1][0], want)
		}
	}
	for _, name := range []string{"summary.json", "metrics.json"} {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		noRawDanger(t, name, string(data))
		if !json.Valid(data) {
			t.Errorf("%s is not valid JSON", name)
		}
	}
	var metrics []struct{ Corpus, Asset string }
	data, _ := os.ReadFile(filepath.Join(out, "metrics.json"))
	if err := json.Unmarshal(data, &metrics); err != nil || len(metrics) == 0 || metrics[0].Corpus != filepath.Base(dir) {
		t.Errorf("metrics.json does not carry the exact folder name: %v", err)
	}
}

// checkTables checks that every row of each Markdown table in md splits
// into as many cells as the table's header, and counts the rows and the
// rows that name the hostile folder.
func checkTables(t *testing.T, md string) (rows, named int) {
	t.Helper()
	header := -1
	for _, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			header = -1
			continue
		}
		n := unescapedPipes(line)
		if header < 0 {
			header = n
			continue
		}
		rows++
		if strings.Contains(line, `dir\x1b`) {
			named++
		}
		if n != header {
			t.Errorf("report.md row has %d cell separators, its header %d: %q", n, header, line)
		}
	}
	return rows, named
}

func unescapedPipes(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '|' {
			continue
		}
		k := 0
		for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
			k++
		}
		if k%2 == 0 {
			n++
		}
	}
	return n
}

// ueblueprint still draws the page when the paste's strings carry escapes
// instead of the raw characters: every emitted node, comment box and link
// of the hostile source is in the DOM, with no script error. (Without the
// unknown class: T3D writes a class path unquoted, and ueblueprint reads
// no path with `|` or `<` in it, escaped or not.)
func TestHostileViewDrawsInChromium(t *testing.T) {
	browser.Chromium(t)
	_, dsm, _ := hostileCorpus(t, false)
	want := expectedBoards(t, dsm)
	page := writeViewPage(t, dsm)
	dom := browser.DOM(t, browser.URL(page, ""))
	body := regexp.MustCompile(`<body[^>]*>`).FindString(dom)
	if attrValue(body, "data-view-done") != "1" {
		t.Fatalf("the page script did not finish: %s", body)
	}
	if e := attrValue(body, "data-view-errors"); e != "" {
		t.Errorf("script errors while ueblueprint drew the page: %s", e)
	}
	got := drawnBoards(t, dom)
	if len(got) != len(want) {
		t.Fatalf("%d blueprints in the DOM, %d emitted sides", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] || want[i].nodes == 0 {
			t.Errorf("side %d: drawn %+v, emitted %+v", i, got[i], want[i])
		}
	}
	noRawDanger(t, "the page's DOM", dom)
}

package emit_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/emit/layout"
	"reuselab/internal/shared"
	"reuselab/internal/tooltest"
	"reuselab/ir"
)

// ueblueprint is the real reader of the T3D: the parser behind
// blueprintue.com, pinned in t3dtest/package-lock.json and installed by
// `npm ci --prefix emit/t3dtest`. t3dtest/check.mjs parses each file with it
// and reports what it made of it.

// uebReport is check.mjs's answer for one file.
type uebReport struct {
	File  string `json:"file"`
	Paste struct {
		OK      bool   `json:"ok"`
		Error   string `json:"error"`
		Objects int    `json:"objects"`
	} `json:"paste"`
	Objects []uebObject `json:"objects"`
}

type uebObject struct {
	Parsed bool   `json:"parsed"`
	Error  string `json:"error"`
	Head   string `json:"head"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	Title  string `json:"title"`
	Pins   []struct {
		Name     string `json:"name"`
		Output   bool   `json:"output"`
		LinkedTo []struct {
			Object string `json:"object"`
			Pin    string `json:"pin"`
			Found  bool   `json:"found"`
		} `json:"linkedTo"`
	} `json:"pins"`
}

// runUEBlueprint writes each text to a file and reads them all with
// check.mjs; it skips the test when node or the npm packages are missing.
func runUEBlueprint(t *testing.T, texts map[string]string) map[string]uebReport {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		tooltest.Skip(t, "node", "node is not installed; the ueblueprint check needs it")
	}
	dir, _ := filepath.Abs("t3dtest")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ueblueprint", "package.json")); err != nil {
		tooltest.Skip(t, "ueblueprint", "ueblueprint is not installed (run `npm ci --prefix emit/t3dtest`): %v", err)
	}
	tmp := t.TempDir()
	var files []string
	for name, text := range texts {
		f := filepath.Join(tmp, name)
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(node, append([]string{filepath.Join(dir, "check.mjs")}, files...)...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("check.mjs: %v\n%s", err, stderr.String())
	}
	var reports []uebReport
	if err := json.Unmarshal(stdout.Bytes(), &reports); err != nil {
		t.Fatalf("check.mjs output: %v", err)
	}
	out := map[string]uebReport{}
	for _, r := range reports {
		out[filepath.Base(r.File)] = r
	}
	if len(out) != len(texts) {
		t.Fatalf("check.mjs reported %d files of %d", len(out), len(texts))
	}
	return out
}

// badTitle says what is wrong with a node title ueblueprint shows, if
// anything: empty, a number that is not one, a bare object path, or a
// JavaScript value leaking through.
func badTitle(title string) string {
	switch {
	case strings.TrimSpace(title) == "":
		return "empty"
	case strings.Contains(title, "NaN"):
		return "NaN"
	case strings.HasPrefix(title, "/"):
		return "a bare path"
	case strings.Contains(title, "undefined") || strings.Contains(title, "[object"):
		return "a JavaScript value"
	}
	return ""
}

// wantTitle is the title the material editor gives n where ueblueprint
// can show it: a parameter by its name, a function call by its function.
func wantTitle(n *emit.AssetNode) string {
	if p, ok := n.Prop("ParameterName"); ok {
		return p
	}
	if p, ok := n.Prop("MaterialFunction"); ok && n.Class == "MaterialFunctionCall" {
		if i := strings.LastIndexAny(p, "./"); i >= 0 {
			return p[i+1:]
		}
	}
	return ""
}

// checkUEB asserts what ueblueprint made of one asset's T3D: the whole text
// pastes, every object parses on its own, every node has a title, every
// LinkedTo names a pin that exists, and both ends of every asset edge are
// written.
func checkUEB(a *emit.Asset, r uebReport) []string {
	var errs []string
	objects := len(a.Nodes) + len(a.Comments)
	if objects == 0 {
		// Nothing to paste: the text must be empty too.
		if len(r.Objects) > 0 {
			errs = append(errs, fmt.Sprintf("%d objects written for an empty asset", len(r.Objects)))
		}
		return errs
	}
	if !r.Paste.OK {
		errs = append(errs, "the paste does not parse: "+r.Paste.Error)
	} else if r.Paste.Objects != objects {
		errs = append(errs, fmt.Sprintf("the paste has %d objects, %d written", r.Paste.Objects, objects))
	}
	if len(r.Objects) != objects {
		errs = append(errs, fmt.Sprintf("%d top-level objects read, %d written", len(r.Objects), objects))
	}
	links, edges := 0, 0
	byName := map[string]*emit.AssetNode{}
	for i, n := range a.Nodes {
		edges += len(n.Inputs)
		byName[fmt.Sprintf("MaterialGraphNode_%d", n.ID)] = &a.Nodes[i]
	}
	for _, o := range r.Objects {
		if !o.Parsed {
			errs = append(errs, fmt.Sprintf("%s does not parse: %s", o.Head, o.Error))
			continue
		}
		if why := badTitle(o.Title); why != "" {
			errs = append(errs, fmt.Sprintf("%s (%s) has title %q: %s", o.Name, o.Type, o.Title, why))
		}
		if n, ok := byName[o.Name]; ok {
			if want := wantTitle(n); want != "" && o.Title != want {
				errs = append(errs, fmt.Sprintf("%s (%s) has title %q, want %q", o.Name, n.Class, o.Title, want))
			}
			if n.Class == "Constant" {
				if _, err := strconv.ParseFloat(o.Title, 64); err != nil {
					errs = append(errs, fmt.Sprintf("%s: a Constant titled %q, not its value", o.Name, o.Title))
				}
			}
		}
		for _, p := range o.Pins {
			for _, l := range p.LinkedTo {
				links++
				if !l.Found {
					errs = append(errs, fmt.Sprintf("%s pin %q links %s %s, which does not exist", o.Name, p.Name, l.Object, l.Pin))
				}
			}
		}
	}
	if links != 2*edges {
		errs = append(errs, fmt.Sprintf("%d pin links for %d edges (each edge is written at both ends)", links, edges))
	}
	return errs
}

// laidOut emits the products of m and lays them out as `reuselab compile`
// does.
func laidOut(file string, m *ir.Module, res []*ir.Result) []*emit.Asset {
	assets := emit.FromModule(file, m, res, emit.Options{})
	layout.Module(assets, m, res)
	return assets
}

// Every asset of the real corpus, raw (`--reuse none`) and merged (2.0),
// written as T3D and read by ueblueprint: 100% of the objects parse, as a
// whole paste and one by one, every node has a title, every link finds its
// pin.
func TestCorpusT3DInUEBlueprint(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the whole corpus; skipped with -short")
	}
	root := shared.CorpusOrSkip(t)
	type entry struct {
		asset *emit.Asset
		label string
	}
	texts := map[string]string{}
	entries := map[string]entry{}
	files := 0
	for _, p := range shared.SourceFiles(root) {
		m, ds := compiler.CompileFile(p, compiler.Options{})
		if m == nil || ds.HasErrors() {
			continue
		}
		files++
		rel, _ := filepath.Rel(root, p)
		for _, mode := range []string{"none", "2.0"} {
			pm, res := passes.RunModule(m, passes.Options{Mode: mode})
			for i, a := range laidOut(filepath.Base(p), pm, res) {
				var buf bytes.Buffer
				if err := emit.WriteT3D(&buf, []*emit.Asset{a}); err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%04d-%s-%d.t3d", len(texts), mode, i)
				texts[name] = buf.String()
				entries[name] = entry{a, fmt.Sprintf("%s [%s] %s", rel, mode, a.Name)}
			}
		}
	}
	if len(texts) == 0 {
		t.Fatal("no corpus asset compiled")
	}
	reports := runUEBlueprint(t, texts)
	bad, objects, links, empty := 0, 0, 0, 0
	for name, e := range entries {
		if len(e.asset.Nodes)+len(e.asset.Comments) == 0 {
			empty++
		}
		errs := checkUEB(e.asset, reports[name])
		objects += len(reports[name].Objects)
		for _, o := range reports[name].Objects {
			for _, p := range o.Pins {
				links += len(p.LinkedTo)
			}
		}
		if len(errs) > 0 {
			bad++
			if bad <= 20 {
				t.Errorf("%s: %d faults, first: %s", e.label, len(errs), strings.Join(first(errs, 3), "; "))
			}
		}
	}
	t.Logf("%d files, %d assets (raw and merged; %d of them empty), %d objects, %d pin links read by ueblueprint; %d assets with faults",
		files, len(texts), empty, objects, links, bad)
}

// The spec's example through ueblueprint, with the titles a user sees:
// constants by value, the parameter by name, the mask by its channels.
func TestReuseExampleInUEBlueprint(t *testing.T) {
	m, res, err := compileMerged("testdata/M_Reuse.dsm")
	if err != nil {
		t.Fatal(err)
	}
	a := laidOut("M_Reuse.dsm", m, res)[0]
	var buf bytes.Buffer
	if err := emit.WriteT3D(&buf, []*emit.Asset{a}); err != nil {
		t.Fatal(err)
	}
	r := runUEBlueprint(t, map[string]string{"M_Reuse.t3d": buf.String()})["M_Reuse.t3d"]
	if errs := checkUEB(a, r); len(errs) > 0 {
		t.Fatal(strings.Join(errs, "\n"))
	}
	titles := map[string]bool{}
	for _, o := range r.Objects {
		titles[o.Title] = true
	}
	for _, want := range []string{"2", "Tint", "Mask ( R )", "Multiply", "Add", "Texture Coordinate"} {
		if !titles[want] {
			t.Errorf("no node titled %q; titles: %v", want, titles)
		}
	}
}

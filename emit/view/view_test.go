package view

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/ir"
)

// twinProduct is K, A = K*K, B = K*K, Opacity = A+B: the reference passes
// merge B into A, so the merged asset has one node fewer than the raw one.
func twinProduct(name string) *ir.Graph {
	g := ir.NewGraph(ir.Material, name)
	k := g.Add(&ir.Node{Op: ir.OpParameter, Props: []ir.Prop{{Name: "ParameterName", Value: ir.Str("K")}},
		Outputs: []ir.Output{{Type: "float"}}, Debug: "K", Span: ir.Span{Line: 2, Col: 5}})
	mul := func(debug string, line int) int {
		return g.Add(&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: k}, {Node: k}},
			Outputs: []ir.Output{{Type: "float"}}, Debug: debug, Span: ir.Span{Line: line, Col: 5}})
	}
	a, b := mul("A", 3), mul("B", 4)
	sum := g.Add(&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: a}, {Node: b}},
		Outputs: []ir.Output{{Type: "float"}}, Debug: "C", Span: ir.Span{Line: 5, Col: 5}})
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "Opacity", Ref: ir.Ref{Node: sum}}}, Role: ir.RoleStatement})
	return g
}

func twinEntry(t *testing.T, name string) Entry {
	t.Helper()
	g := twinProduct(name)
	raw, merged := passes.Run(g, passes.Options{Mode: "none"}), passes.Run(g, passes.Options{Mode: "2.0"})
	side := func(label string, r *ir.Result) Side {
		return Side{Label: label, Result: r, Asset: emit.FromGraph(r.Graph, r, emit.Options{File: "M_Twin.dsm"})}
	}
	e := Entry{File: "M_Twin.dsm", Raw: side("raw (--reuse none)", raw), Merged: side("merged (2.0)", merged)}
	if len(e.Raw.Asset.Nodes) != len(e.Merged.Asset.Nodes)+1 {
		t.Fatalf("the fixture should merge exactly one node: raw %d, merged %d asset nodes", len(e.Raw.Asset.Nodes), len(e.Merged.Asset.Nodes))
	}
	return e
}

func page(t *testing.T, entries ...Entry) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, "reuselab view: test", entries); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

var (
	boardTag = regexp.MustCompile(`<ueb-blueprint id="([^"]+)"([^>]*)><template>([^<]*)</template></ueb-blueprint>`)
	dataAttr = regexp.MustCompile(`data-expect-(nodes|comments|links)="(\d+)"`)
)

// objectsOnly is the T3D from its first object to the end of its last.
func objectsOnly(t3d string) string {
	i := strings.Index(t3d, "Begin Object")
	j := strings.LastIndex(t3d, "End Object")
	if i < 0 || j < i {
		return ""
	}
	return strings.TrimSpace(t3d[i : j+len("End Object")])
}

// The page holds one blueprint per side, in order, each carrying the T3D
// emit.WriteT3D writes for that asset (header lines dropped, escaped so the
// browser hands ueblueprint the same text) and the counts its drawing must
// reach: the asset's nodes and one link per connected input.
func TestPageBoards(t *testing.T) {
	e := twinEntry(t, "M_Twin")
	s := page(t, e)
	boards := boardTag.FindAllStringSubmatch(s, -1)
	if len(boards) != 2 || boards[0][1] != "asset-0-raw" || boards[1][1] != "asset-0-merged" {
		t.Fatalf("want the raw and the merged blueprint, got %d: %q", len(boards), boards)
	}
	for k, a := range []*emit.Asset{e.Raw.Asset, e.Merged.Asset} {
		var want bytes.Buffer
		if err := emit.WriteT3D(&want, []*emit.Asset{a}); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(html.UnescapeString(boards[k][3])); got != objectsOnly(want.String()) {
			t.Errorf("%s: the template is not the asset's T3D objects:\n%s", boards[k][1], got)
		}
		if strings.Contains(boards[k][3], "//") {
			t.Errorf("%s: a comment line reached the paste", boards[k][1])
		}
		links := 0
		for _, n := range a.Nodes {
			links += len(n.Inputs)
		}
		want3 := map[string]int{"nodes": len(a.Nodes), "comments": len(a.Comments), "links": links}
		for _, m := range dataAttr.FindAllStringSubmatch(boards[k][2], -1) {
			if m[2] != strconv.Itoa(want3[m[1]]) {
				t.Errorf("%s: data-expect-%s=%s, the asset has %d", boards[k][1], m[1], m[2], want3[m[1]])
			}
			delete(want3, m[1])
		}
		if len(want3) != 0 {
			t.Errorf("%s: counts missing: %v", boards[k][1], want3)
		}
	}
}

// The highlight marks, on the merged side, exactly the node A and B became
// and, on the raw side, the two nodes they were; the merge list names both
// build nodes with their spans and debug names.
func TestPageHighlightAndMerges(t *testing.T) {
	e := twinEntry(t, "M_Twin")
	s := page(t, e)
	rawNames, mergedNames := pasteFor(e.Raw.Asset).names, pasteFor(e.Merged.Asset).names
	if rawNames == nil || mergedNames == nil {
		t.Fatal("the T3D objects do not line up with the asset nodes")
	}
	owner := func(a *emit.Asset, names []string, debug string) string {
		for _, n := range a.Nodes {
			if n.Role == emit.RoleValue && len(n.Names) > 0 && n.Names[0] == debug {
				return names[n.ID]
			}
		}
		t.Fatalf("no node named %s", debug)
		return ""
	}
	marked := regexp.MustCompile(`#(asset-0-(?:raw|merged)) ueb-node\[data-title="([^"]+)"\]`)
	got := map[string]bool{}
	for _, m := range marked.FindAllStringSubmatch(s, -1) {
		got[m[1]+" "+m[2]] = true
	}
	want := map[string]bool{
		"asset-0-merged " + owner(e.Merged.Asset, mergedNames, "A"): true,
		"asset-0-raw " + owner(e.Raw.Asset, rawNames, "A"):          true,
		"asset-0-raw " + owner(e.Raw.Asset, rawNames, "B"):          true,
	}
	if len(got) != len(want) {
		t.Errorf("highlighted %v, want %v", got, want)
	}
	for k := range want {
		if !got[k] {
			t.Errorf("%s is not highlighted (highlighted: %v)", k, got)
		}
	}
	ms := merges(e.File, e.Raw, e.Merged, rawNames, mergedNames)
	if len(ms) != 1 || len(ms[0].Build) != 2 || ms[0].Build[0].Debug != "A" || ms[0].Build[1].Debug != "B" {
		t.Fatalf("merges: %+v", ms)
	}
	if b := ms[0].Build[1]; b.Span != "M_Twin.dsm:4:5" || !strings.HasPrefix(b.Fate, "merged into %1") || len(b.Raw) != 1 {
		t.Errorf("build node B: %+v", b)
	}
	for _, frag := range []string{"Merges: 1", "<b>A</b>", "<b>B</b>", "M_Twin.dsm:4:5", "merged into %1"} {
		if !strings.Contains(s, frag) {
			t.Errorf("the page lacks %q", frag)
		}
	}
}

// Nothing in the page refers to another file or the network: no src or
// href, no <link>, no @import, every CSS url() a data: URI, and the fonts
// inlined.
func TestPageSelfContained(t *testing.T) {
	s := page(t, twinEntry(t, "M_Twin"))
	_, js, _, err := inlined()
	if err != nil || !strings.Contains(s, js) {
		t.Fatalf("ueblueprint's script is not in the page (%v)", err)
	}
	// Its own markup strings (an SVG <use href="#…">, the about box's link)
	// are not the page's references.
	s = strings.Replace(s, js, "", 1)
	for _, bad := range []string{" src=", " href=", "<link", "@import", "<iframe"} {
		if strings.Contains(s, bad) {
			t.Errorf("the page has %q", bad)
		}
	}
	urls := regexp.MustCompile(`url\(\s*["']?([a-z]*:?)`).FindAllStringSubmatch(s, -1)
	if len(urls) < 3 {
		t.Errorf("want the two fonts and the check mark as data: URIs, found %d url()", len(urls))
	}
	for _, u := range urls {
		if u[1] != "data:" {
			t.Errorf("url(%s…) is not inline", u[1])
		}
	}
	if n := strings.Count(s, "data:font/woff2;base64,"); n != 2 {
		t.Errorf("%d inlined fonts, want 2", n)
	}
	if !strings.Contains(s, "MIT License") {
		t.Error("ueblueprint's licence is not in the page")
	}
}

// Same entries, same bytes; a name that looks like markup is text.
func TestPageDeterministicAndEscaped(t *testing.T) {
	first := page(t, twinEntry(t, `M_<i>x</i>&"`), twinEntry(t, "M_Twin"))
	for i := 0; i < 5; i++ {
		if again := page(t, twinEntry(t, `M_<i>x</i>&"`), twinEntry(t, "M_Twin")); again != first {
			t.Fatal("two writes of the same entries differ")
		}
	}
	if strings.Contains(first, "<i>x</i>") {
		t.Error("an asset name reached the page as markup")
	}
	if !strings.Contains(first, "M_&lt;i&gt;x&lt;/i&gt;&amp;") {
		t.Error("the escaped asset name is missing")
	}
	if strings.Count(first, "<ueb-blueprint ") != 4 || strings.Count(first, `class="board"`) != 4 {
		t.Errorf("%d blueprints and %d boards for two assets", strings.Count(first, "<ueb-blueprint "), strings.Count(first, `class="board"`))
	}
}

// cleanPaste drops what precedes the first object, names the node objects
// in order and counts comment boxes; when the objects do not line up with
// the asset nodes it says so and names nothing (no wrong highlight).
func TestCleanPaste(t *testing.T) {
	text := "// header\n// more\nBegin Object Class=/Script/UnrealEd.MaterialGraphNode Name=\"MaterialGraphNode_0\"\n" +
		"   Begin Object Class=/Script/Engine.MaterialExpressionConstant Name=\"MaterialExpressionConstant_0\"\n   End Object\n" +
		"End Object\nBegin Object Class=/Script/UnrealEd.MaterialGraphNode Name=Other_7\nEnd Object\n" +
		"Begin Object Class=/Script/UnrealEd.MaterialGraphNode_Comment Name=\"MaterialGraphNode_Comment_0\"\nEnd Object\ntrailer\n"
	p := cleanPaste(text, 2)
	if p.problem != "" || strings.Join(p.names, ",") != "MaterialGraphNode_0,Other_7" || p.comments != 1 {
		t.Errorf("names %q, comments %d, problem %q", p.names, p.comments, p.problem)
	}
	if strings.HasPrefix(p.text, "//") || strings.Contains(p.text, "trailer") || !strings.HasPrefix(p.text, "Begin Object") {
		t.Errorf("text not trimmed to its objects:\n%s", p.text)
	}
	if p := cleanPaste(text, 3); p.names != nil || p.problem == "" {
		t.Errorf("3 asset nodes for 2 objects: names %q, problem %q", p.names, p.problem)
	}
	if p := cleanPaste(strings.Replace(text, "   End Object\n", "", 1), 2); p.names != nil || !strings.Contains(p.problem, "balance") {
		t.Errorf("unbalanced text: names %q, problem %q", p.names, p.problem)
	}
	if p := cleanPaste("// nothing\n", 0); p.text != "" || p.problem == "" {
		t.Errorf("no objects: %+v", p)
	}
}

// The vendored files are the ones VERSION lists (sha256), the version
// constant is VERSION's, and they can be inlined.
func TestVendored(t *testing.T) {
	v, err := vendored.ReadFile("ueblueprint/VERSION")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(v), "ueblueprint "+UEBlueprintVersion+" ") {
		t.Errorf("VERSION does not start with ueblueprint %s", UEBlueprintVersion)
	}
	sum := regexp.MustCompile(`^\s+([0-9a-f]{64})\s+(\S+)`)
	checked := 0
	sc := bufio.NewScanner(bytes.NewReader(v))
	for sc.Scan() {
		m := sum.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		data, err := vendored.ReadFile("ueblueprint/" + m[2])
		if err != nil {
			t.Errorf("VERSION lists %s: %v", m[2], err)
			continue
		}
		if h := sha256.Sum256(data); hex.EncodeToString(h[:]) != m[1] {
			t.Errorf("%s changed since it was vendored", m[2])
		}
		checked++
	}
	if checked != 5 {
		t.Errorf("VERSION lists %d files, want 5", checked)
	}
	if _, _, _, err := loadVendored(); err != nil {
		t.Error(err)
	}
}

// cleanPaste never panics, keeps only text from an object's first line on,
// and names either every asset node or none.
func FuzzCleanPaste(f *testing.F) {
	f.Add("// x\nBegin Object Class=A Name=\"N_0\"\nEnd Object\n", 1)
	f.Add("End Object\nBegin Object Name=\nBegin Object\nEnd Object", 2)
	f.Add("Begin Object Class=/Script/UnrealEd.MaterialGraphNode_Comment Name=C\nEnd Object\n", 0)
	f.Fuzz(func(t *testing.T, text string, nodes int) {
		p := cleanPaste(text, nodes)
		if p.text != "" && !strings.HasPrefix(strings.TrimLeft(p.text, " \t"), "Begin Object") {
			t.Errorf("kept text before the first object: %q", p.text)
		}
		if p.names != nil && (len(p.names) != nodes || p.problem != "") {
			t.Errorf("%d names for %d nodes (problem %q)", len(p.names), nodes, p.problem)
		}
		if p.names == nil && p.problem == "" && nodes != 0 {
			t.Errorf("no names and no problem for %d nodes", nodes)
		}
	})
}

// An asset past MaxDrawnNodes gets no board (no paste is written for it)
// but says why, and the page stays small.
func TestHugeAssetIsNotDrawn(t *testing.T) {
	a := &emit.Asset{Kind: "Material", Name: "M_Huge"}
	for i := range MaxDrawnNodes + 1 {
		a.Nodes = append(a.Nodes, emit.AssetNode{ID: i, Class: "Constant", IR: i, Role: emit.RoleValue})
	}
	p := pasteFor(a)
	if p.text != "" || !strings.Contains(p.problem, "more than a page can draw") {
		t.Fatalf("paste of %d nodes: text %d bytes, problem %q", len(a.Nodes), len(p.text), p.problem)
	}
	var out strings.Builder
	if err := Write(&out, "huge", []Entry{{File: "M_Huge.dsm", Raw: Side{Label: "raw", Asset: a}, Merged: Side{Label: "merged", Asset: a}}}); err != nil {
		t.Fatal(err)
	}
	page := out.String()
	if strings.Contains(page, "<ueb-blueprint id=") || strings.Contains(page, `class="board"`) || !strings.Contains(page, "more than a page can draw") {
		t.Errorf("the page draws a board for the huge asset, or does not say why not")
	}
}

// A merge with a verdict is drawn by it: its merged node's outline in the
// verdict's style, a verdict cell whose title holds the witness (escaped),
// the rows marked for the page script, and the legend; without verdicts
// the page has neither legend nor verdict column.
func TestPageVerdicts(t *testing.T) {
	plain := page(t, twinEntry(t, "M_Twin"))
	if strings.Contains(plain, `id="view-legend"`) || strings.Contains(plain, "<th>verdict</th>") || strings.Contains(plain, "data-verdict=") {
		t.Error("a page without verdicts has a legend, a verdict column or a marked merge")
	}
	e := twinEntry(t, "M_Twin")
	final := -1
	for _, f := range e.Merged.Result.Fates {
		if f.Kind == ir.Merged {
			final = int(f.Final)
		}
	}
	e.Checks = map[int]Check{final: {Verdict: Refuted, Title: "merge %2#0 = %3#0: refuted; witness:\n  %0 <K> = [NaN]"}}
	s := page(t, e)
	merged := pasteFor(e.Merged.Asset).names
	var name string
	for _, n := range e.Merged.Asset.Nodes {
		if n.IR == final {
			name = merged[n.ID]
		}
	}
	if name == "" {
		t.Fatalf("no asset node for the merged IR node %d", final)
	}
	rule := regexp.MustCompile(`#asset-0-merged ueb-node\[data-title="` + regexp.QuoteMeta(name) + `"\]\{([^}]*)\}`).FindStringSubmatch(s)
	if rule == nil || rule[1] != verdictStyle[Refuted] {
		t.Errorf("the merged node is not drawn in the refuted style: %q", rule)
	}
	for _, want := range []string{`<tbody data-verdict="refuted" data-board="asset-0-merged" data-nodes="` + name + `">`,
		`class="verdict v-refuted" title="merge %2#0 = %3#0: refuted; witness:` + "\n" + `  %0 &lt;K&gt; = [NaN]"><span>refuted</span>`,
		`id="view-legend"`, "<th>verdict</th>"} {
		if !strings.Contains(s, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, l := range legend {
		if !strings.Contains(s, `<span class="key v-`+l.Verdict+`" data-verdict="`+l.Verdict+`">`) || !strings.Contains(s, ".key.v-"+l.Verdict+",") {
			t.Errorf("the legend lacks %s, or its style", l.Verdict)
		}
	}
	// the raw side is drawn as before: what the merge took in
	if !strings.Contains(s, highlightRules["ueb-merged-away"]) {
		t.Error("the raw side's nodes are no longer marked")
	}
	if again := page(t, e); again != s {
		t.Error("two writes of the same verdicts differ")
	}
}

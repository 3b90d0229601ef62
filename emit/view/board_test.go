package view

import (
	"encoding/xml"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"reuselab/emit"
	"reuselab/emit/layout"
	"reuselab/ir"
)

// drawing is what an SVG board holds, read back by an XML parser.
type drawing struct {
	root            map[string]string // the <svg> element's attributes
	nodes           []map[string]string
	links, comments int
	// nodeRects are the body rectangles of the nodes, in order.
	nodeRects []layout.Rect
}

// parseBoard parses one board with encoding/xml (so it is well-formed XML,
// not only HTML a browser forgives) and collects its parts.
func parseBoard(t *testing.T, svg string) drawing {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	var d drawing
	inNode := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the board is not well-formed XML: %v\n%.400s", err, svg)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			if ee, isEnd := tok.(xml.EndElement); isEnd && ee.Name.Local == "g" {
				inNode = false
			}
			continue
		}
		attrs := map[string]string{}
		for _, a := range se.Attr {
			attrs[a.Name.Local] = a.Value
		}
		switch {
		case se.Name.Local == "svg" && d.root == nil:
			if se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Errorf("the board's namespace is %q", se.Name.Space)
			}
			d.root = attrs
		case se.Name.Local == "g" && strings.HasPrefix(attrs["class"], "n "):
			d.nodes = append(d.nodes, attrs)
			inNode = true
		case se.Name.Local == "g" && attrs["class"] == "box":
			d.comments++
		case se.Name.Local == "path" && attrs["class"] == "link":
			d.links++
		case se.Name.Local == "rect" && attrs["class"] == "b" && inNode:
			d.nodeRects = append(d.nodeRects, layout.Rect{X: atoiT(t, attrs["x"]), Y: atoiT(t, attrs["y"]), W: atoiT(t, attrs["width"]), H: atoiT(t, attrs["height"])})
		}
	}
	return d
}

func atoiT(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return n
}

var boardSVG = regexp.MustCompile(`(?s)<svg xmlns="http://www.w3.org/2000/svg" class="board" id="([^"]+)-board".*?</svg>`)

// hasClass says whether the space-separated class list holds c.
func hasClass(list, c string) bool {
	for _, f := range strings.Fields(list) {
		if f == c {
			return true
		}
	}
	return false
}

// Every side of the page is drawn as SVG markup in the HTML itself: one
// node group per asset node, where emit/layout put it and at its size, one
// link per connected input, and a viewBox (the fit) that holds every node.
// On the merged side exactly the node A and B became is marked merged, on
// the raw side the two nodes it took in are marked away.
func TestPageDrawsBoards(t *testing.T) {
	e := twinEntry(t, "M_Twin")
	s := page(t, e)
	boards := boardSVG.FindAllStringSubmatch(s, -1)
	if len(boards) != 2 || boards[0][1] != "asset-0-raw" || boards[1][1] != "asset-0-merged" {
		t.Fatalf("want the raw and the merged board in the page, got %d", len(boards))
	}
	names := [2][]string{pasteFor(e.Raw.Asset).names, pasteFor(e.Merged.Asset).names}
	for k, a := range []*emit.Asset{e.Raw.Asset, e.Merged.Asset} {
		d := parseBoard(t, boards[k][0])
		want := Expected(a)
		if len(d.nodes) != want.Nodes || d.links != want.Links || d.comments != want.Comments {
			t.Errorf("%s: drew %d nodes, %d links, %d boxes; the asset has %+v", boards[k][1], len(d.nodes), d.links, d.comments, want)
		}
		vb := strings.Fields(d.root["viewBox"])
		if len(vb) != 4 || d.root["data-fit"] != d.root["viewBox"] {
			t.Fatalf("%s: viewBox %q, data-fit %q", boards[k][1], d.root["viewBox"], d.root["data-fit"])
		}
		fit := layout.Rect{X: atoiT(t, vb[0]), Y: atoiT(t, vb[1]), W: atoiT(t, vb[2]), H: atoiT(t, vb[3])}
		marked := map[string]int{}
		for i, n := range a.Nodes {
			if got, want := d.nodeRects[i], layout.NodeRect(&a.Nodes[i]); got != want {
				t.Errorf("%s: node %d drawn at %+v, laid out at %+v", boards[k][1], i, got, want)
			}
			if !fit.Contains(d.nodeRects[i]) {
				t.Errorf("%s: node %d at %+v lies outside the fit %+v", boards[k][1], i, d.nodeRects[i], fit)
			}
			if d.nodes[i]["data-node"] != names[k][i] || d.nodes[i]["data-class"] != n.Class {
				t.Errorf("%s: node %d is %q %q, the paste names it %q %q", boards[k][1], i, d.nodes[i]["data-node"], d.nodes[i]["data-class"], names[k][i], n.Class)
			}
			for _, style := range []string{"merged", "away"} {
				if hasClass(d.nodes[i]["class"], style) {
					marked[style]++
				}
			}
		}
		if want := [2]map[string]int{{"away": 2}, {"merged": 1}}[k]; len(marked) != len(want) || marked["away"] != want["away"] || marked["merged"] != want["merged"] {
			t.Errorf("%s: marked %v, want %v", boards[k][1], marked, want)
		}
	}
}

// A verdict reaches the board: the merged node is drawn in the verdict's
// class with the witness in its tooltip, escaped.
func TestBoardVerdict(t *testing.T) {
	e := twinEntry(t, "M_Twin")
	for _, f := range e.Merged.Result.Fates {
		if f.Kind == ir.Merged {
			e.Checks = map[int]Check{int(f.Final): {Verdict: Refuted, Title: "refuted; witness: %0 <K> = [NaN]"}}
		}
	}
	s := page(t, e)
	d := parseBoard(t, boardSVG.FindAllString(s, -1)[1])
	refuted := 0
	for _, n := range d.nodes {
		if hasClass(n["class"], Refuted) {
			refuted++
		}
	}
	if refuted != 1 {
		t.Errorf("%d nodes drawn refuted, want 1", refuted)
	}
	if !strings.Contains(s, "witness: %0 &lt;K&gt; = [NaN]</title>") {
		t.Error("the refuted node's tooltip does not hold the escaped witness")
	}
	if !strings.Contains(s, "svg.board .n.refuted .o{") {
		t.Error("the page has no style for a refuted node")
	}
}

// Boards are standalone files: the XML declaration, the namespace, the
// stylesheet inside, one pixel per editor unit, the same drawing as the
// page's, named by asset and side, the same bytes every time, and a name
// that looks like markup (or holds a control character) stays text.
func TestBoardsStandalone(t *testing.T) {
	entries := func() []Entry { return []Entry{twinEntry(t, "M_Twin"), twinEntry(t, "M_<i>x</i>&\"\x1b")} }
	files := Boards(entries())
	if len(files) != 4 {
		t.Fatalf("%d boards for two assets", len(files))
	}
	if files[0].Name != "M_Twin.raw" || files[1].Name != "M_Twin.merged" {
		t.Errorf("boards named %q, %q", files[0].Name, files[1].Name)
	}
	s := page(t, entries()...)
	inPage := boardSVG.FindAllString(s, -1)
	for i, f := range files {
		text := string(f.SVG)
		if !strings.HasPrefix(text, `<?xml version="1.0" encoding="UTF-8"?>`) || !strings.Contains(text, "<style>") {
			t.Errorf("%s: no XML declaration or no stylesheet", f.Name)
		}
		if strings.Contains(text, "<i>") || strings.Contains(text, "\x1b") {
			t.Errorf("%s: a name reached the file as markup or a control character", f.Name)
		}
		d, p := parseBoard(t, text), parseBoard(t, inPage[i])
		vb := strings.Fields(d.root["viewBox"])
		if len(vb) != 4 || d.root["width"] != vb[2] || d.root["height"] != vb[3] {
			t.Errorf("%s: size %sx%s for viewBox %q", f.Name, d.root["width"], d.root["height"], d.root["viewBox"])
		}
		if len(d.nodes) != len(p.nodes) || d.links != p.links || len(d.nodes) == 0 {
			t.Errorf("%s: %d nodes, %d links; the page's board %d, %d", f.Name, len(d.nodes), d.links, len(p.nodes), p.links)
		}
	}
	for i, f := range Boards(entries()) {
		if string(f.SVG) != string(files[i].SVG) {
			t.Errorf("%s: two drawings differ", f.Name)
		}
	}
}

// Wiring that points nowhere (a source past the asset, a negative output,
// a pin the node does not have) is drawn as a stub, not a crash, and the
// board stays well-formed.
func TestBoardBadWiring(t *testing.T) {
	a := &emit.Asset{Kind: "Material", Name: "M_Bad", Nodes: []emit.AssetNode{
		{ID: 0, Class: "Add", Pins: []string{"A", "B"}, Outs: []string{""}, Inputs: []emit.Input{
			{Pin: "A", From: 7}, {Pin: "Nope", From: 0, OutputIndex: -3}, {Pin: "B", From: -1}}},
	}}
	var b strings.Builder
	drawBoard(&b, a, "bad", nil, nil, true)
	d := parseBoard(t, b.String())
	if len(d.nodes) != 1 || d.links != 3 {
		t.Errorf("drew %d nodes, %d links; want 1 and 3", len(d.nodes), d.links)
	}
	// A node far away (a Layout hint may say anything) does not make the
	// grid, and so the file, grow with the distance.
	far := &emit.Asset{Name: "M_Far", Nodes: []emit.AssetNode{{ID: 0, Class: "Add"}, {ID: 1, Class: "Add", Pos: emit.Pos{X: 1 << 30, Y: -(1 << 30)}}}}
	var farB strings.Builder
	drawBoard(&farB, far, "far", nil, nil, true)
	if d := parseBoard(t, farB.String()); len(d.nodes) != 2 || farB.Len() > 100_000 {
		t.Errorf("two nodes 2^30 apart: %d nodes drawn in %d bytes", len(d.nodes), farB.Len())
	}
	huge := &emit.Asset{Name: "M_Huge", Nodes: []emit.AssetNode{{ID: 0, Class: "Add", Pos: emit.Pos{X: math.MinInt, Y: math.MaxInt},
		Inputs: []emit.Input{{Pin: "A", From: 1}}}, {ID: 1, Class: "Add", Pos: emit.Pos{X: math.MaxInt - 5, Y: math.MinInt}}},
		Comments: []emit.Comment{{X: math.MaxInt, Y: math.MinInt, W: math.MaxInt, H: -5}}}
	var hugeB strings.Builder
	drawBoard(&hugeB, huge, "huge", nil, nil, true)
	d = parseBoard(t, hugeB.String())
	if len(d.nodes) != 2 || hugeB.Len() > 100_000 {
		t.Errorf("positions at the ends of int: %d nodes drawn in %d bytes", len(d.nodes), hugeB.Len())
	}
	vb := strings.Fields(d.root["viewBox"])
	for i, v := range vb {
		n := atoiT(t, v)
		if n < -4*MaxCoord || n > 4*MaxCoord || i >= 2 && n <= 0 {
			t.Errorf("positions at the ends of int: viewBox %q overflowed", d.root["viewBox"])
		}
	}
	var empty strings.Builder
	drawBoard(&empty, &emit.Asset{Name: "M_Empty"}, "empty", nil, nil, true)
	if d := parseBoard(t, empty.String()); len(d.nodes) != 0 || d.root["viewBox"] == "" {
		t.Errorf("an empty asset: %d nodes, viewBox %q", len(d.nodes), d.root["viewBox"])
	}
}

// Any asset, however its wiring and names go, draws as well-formed SVG
// with one node group per node and one link per input: the classes, pins
// and texts come from the fuzzer's bytes.
func FuzzBoard(f *testing.F) {
	f.Add([]byte("Add\x00A\x01\x02<i>&\"\x1b\u202e"), 3)
	f.Add([]byte{0xff, 0, 0x80, 'C', 'o', 'n', 's', 't', 'a', 'n', 't'}, 7)
	f.Fuzz(func(t *testing.T, data []byte, count int) {
		count = min(max(count, 0), 40)
		text := func(i int) string {
			if len(data) == 0 {
				return ""
			}
			j := i % len(data)
			return string(data[j:min(len(data), j+1+i%9)])
		}
		a := &emit.Asset{Kind: text(1), Name: text(2)}
		links := 0
		for i := range count {
			n := emit.AssetNode{ID: i, Class: text(i), Pins: []string{text(i + 1), text(i + 2)}, Outs: []string{text(i + 3)},
				Props: []emit.Prop{{Name: "ParameterName", Value: text(i + 4)}, {Name: "Description", Value: text(i + 5)}},
				Names: []string{text(i + 6)}, Pos: emit.Pos{X: (i*37 - 600) % 1000, Y: (i * 53) % 900}, Decl: -1}
			for k := 0; k < i%3; k++ {
				from := -3 // wiring from outside the asset
				if len(data) > 0 {
					from = int(int8(data[(i+k)%len(data)]))
				}
				n.Inputs = append(n.Inputs, emit.Input{Pin: text(i + k), From: from, OutputIndex: from % 5})
				links++
			}
			a.Nodes = append(a.Nodes, n)
		}
		if count%4 == 1 {
			a.Comments = append(a.Comments, emit.Comment{Text: text(count), X: -count, Y: count, W: 3 * count, H: count})
		}
		var b strings.Builder
		drawBoard(&b, a, "fuzz", nil, nil, true)
		d := parseBoard(t, b.String())
		if len(d.nodes) != count || d.links != links || d.comments != len(a.Comments) {
			t.Errorf("drew %d nodes, %d links, %d boxes; the asset has %d, %d, %d", len(d.nodes), d.links, d.comments, count, links, len(a.Comments))
		}
	})
}

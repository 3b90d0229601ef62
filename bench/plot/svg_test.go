package plot

import (
	"bytes"
	"encoding/xml"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The figures are checked on the SVG itself, as a viewer reads it: shapes
// with their colours and texts with their style and place (gonum's
// coordinates, y up; a text's y is written negated under a flip).

type rect struct{ minX, minY, maxX, maxY float64 }

func (r rect) area() float64 { return (r.maxX - r.minX) * (r.maxY - r.minY) }

func (r rect) contains(x, y float64) bool {
	return x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY
}

func (r rect) meets(o rect) bool {
	return r.minX <= o.maxX && o.minX <= r.maxX && r.minY <= o.maxY && o.minY <= r.maxY
}

type svgPath struct {
	pts          [][2]float64
	fill, stroke string // "none" when absent
	arc          bool
}

type svgText struct {
	x, y  float64
	s     string
	style string
}

type svgDoc struct {
	w, h  float64
	paths []svgPath
	texts []svgText
}

func parseSVG(t *testing.T, b []byte) svgDoc {
	t.Helper()
	var doc svgDoc
	dec := xml.NewDecoder(bytes.NewReader(b))
	var text *svgText
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch e.Name.Local {
			case "svg":
				f := strings.Fields(attr["viewBox"])
				if len(f) == 4 {
					doc.w, _ = strconv.ParseFloat(f[2], 64)
					doc.h, _ = strconv.ParseFloat(f[3], 64)
				}
			case "path":
				doc.paths = append(doc.paths, parsePath(attr["d"], attr["style"]))
			case "text":
				x, _ := strconv.ParseFloat(attr["x"], 64)
				y, _ := strconv.ParseFloat(attr["y"], 64)
				text = &svgText{x: x, y: -y, style: attr["style"]}
			}
		case xml.CharData:
			if text != nil {
				text.s += string(e)
			}
		case xml.EndElement:
			if e.Name.Local == "text" && text != nil {
				doc.texts = append(doc.texts, *text)
				text = nil
			}
		}
	}
	if doc.w == 0 || len(doc.paths) == 0 {
		t.Fatalf("not an SVG figure: %.200s", b)
	}
	return doc
}

func parsePath(d, style string) svgPath {
	p := svgPath{fill: "none", stroke: "none"}
	for _, kv := range strings.Split(style, ";") {
		if v, ok := strings.CutPrefix(kv, "fill:"); ok {
			p.fill = v
		}
		if v, ok := strings.CutPrefix(kv, "stroke:"); ok {
			p.stroke = v
		}
	}
	for _, seg := range strings.FieldsFunc(d, func(r rune) bool { return r == 'M' || r == 'L' || r == 'Z' }) {
		if arc, _, ok := strings.Cut(seg, "A"); ok {
			// A round glyph: its starting point stands for it.
			seg = arc
			p.arc = true
		}
		xy := strings.Split(seg, ",")
		if len(xy) != 2 {
			continue
		}
		x, _ := strconv.ParseFloat(xy[0], 64)
		y, _ := strconv.ParseFloat(xy[1], 64)
		p.pts = append(p.pts, [2]float64{x, y})
	}
	return p
}

// bounds is the box around a path's points.
func (p svgPath) bounds() (rect, bool) {
	if len(p.pts) == 0 {
		return rect{}, false
	}
	r := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, q := range p.pts {
		r.minX, r.maxX = math.Min(r.minX, q[0]), math.Max(r.maxX, q[0])
		r.minY, r.maxY = math.Min(r.minY, q[1]), math.Max(r.maxY, q[1])
	}
	return r, true
}

// asRect is the rectangle a path draws, if it draws one.
func (p svgPath) asRect() (rect, bool) {
	pts := p.pts
	if len(pts) == 5 && pts[0] == pts[4] {
		pts = pts[:4]
	}
	if len(pts) != 4 || p.arc {
		return rect{}, false
	}
	r, _ := p.bounds()
	for _, q := range pts {
		if (q[0] != r.minX && q[0] != r.maxX) || (q[1] != r.minY && q[1] != r.maxY) {
			return rect{}, false
		}
	}
	return r, r.area() > 0
}

// colour is what a path paints: its fill, else its stroke.
func (p svgPath) colour() string {
	if p.fill != "none" {
		return p.fill
	}
	return p.stroke
}

// layout finds what every figure must have: a white rectangle over the
// whole canvas, drawn first; the panels' data areas (black outlines); the
// legend box (the grey outline) under all of them. It returns the data
// areas and the legend box.
func layout(t *testing.T, name string, doc svgDoc) (panels []rect, legend rect) {
	t.Helper()
	bg, ok := doc.paths[0].asRect()
	if !ok || doc.paths[0].fill != "#FFFFFF" || bg.minX > 0 || bg.minY > 0 || bg.maxX < doc.w || bg.maxY < doc.h {
		t.Errorf("%s: the first shape is not a white background over the %gx%g canvas: %+v", name, doc.w, doc.h, doc.paths[0])
	}
	found := false
	for _, p := range doc.paths[1:] {
		r, ok := p.asRect()
		switch {
		case !ok || p.fill != "none" || r.area() < 400: // a mark, or a glyph drawn as a square
		case p.stroke == "#000000":
			panels = append(panels, r)
		case p.stroke == "#808080":
			legend, found = r, true
		}
	}
	if len(panels) == 0 || !found {
		t.Fatalf("%s: %d data areas, legend box found %v", name, len(panels), found)
	}
	for _, pn := range panels {
		if pn.meets(legend) || legend.maxY >= pn.minY {
			t.Errorf("%s: the legend box %+v is not under the data area %+v", name, legend, pn)
		}
	}
	return panels, legend
}

// legendEntries is the legend's labels and the colours of its swatches.
func legendEntries(doc svgDoc, legend rect) (labels []string, colours map[string]bool) {
	colours = map[string]bool{}
	for _, tx := range doc.texts {
		if legend.contains(tx.x, tx.y) {
			labels = append(labels, tx.s)
		}
	}
	for _, p := range doc.paths[1:] {
		if r, ok := p.bounds(); ok && p.colour() != "#808080" && legend.contains((r.minX+r.maxX)/2, (r.minY+r.maxY)/2) {
			colours[p.colour()] = true
		}
	}
	return labels, colours
}

// marksIn counts the paths of each colour whose centre lies in one of the
// data areas, outlines and grid excluded.
func marksIn(doc svgDoc, panels []rect) map[string]int {
	n := map[string]int{}
	for _, p := range doc.paths[1:] {
		r, ok := p.bounds()
		c := p.colour()
		if !ok || c == "#000000" && p.fill == "none" || c == "#DDDDDD" || c == "#FFFFFF" {
			continue
		}
		for _, pn := range panels {
			if pn.contains((r.minX+r.maxX)/2, (r.minY+r.maxY)/2) {
				n[c]++
				break
			}
		}
	}
	return n
}

func read(t *testing.T, path string) svgDoc {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseSVG(t, b)
}

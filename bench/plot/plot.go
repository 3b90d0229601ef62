// Package plot draws the benchmark's figures with gonum.org/v1/plot, each
// as SVG and as PDF. It takes plain numbers, not bench types, so that the
// figures can be redrawn from summary.json by any caller.
//
// The figures are meant for a paper: no title inside the figure (the
// caller writes it as a caption under the image), axes named with their
// unit, Liberation Sans (metric-compatible with Arial and Helvetica, which
// the SVG names as fallbacks), and one colour and one marker per corpus
// from the Okabe–Ito palette, which readers with any common colour-vision
// deficiency can tell apart. Several variants are small multiples: one
// panel each, on shared axes. The legend sits in a box of its own under
// the panels, so that it never covers a mark.
//
// The output is a function of the data alone: the SVG references its font
// instead of embedding it, and the PDF's creation date is fixed (it would
// otherwise be the time of writing). Both use a single font face, since
// the PDF writer orders several fonts as a map iterates.
package plot

import (
	"bytes"
	"image/color"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"reuselab/outfile"
)

// Series is one named list of values.
type Series struct {
	Name   string
	Values []float64
}

// XY is one named set of points.
type XY struct {
	Name string
	X, Y []float64
}

const (
	// width is the figure's width: a full text width of a two-column paper.
	width = 17 * vg.Centimeter
	pad   = vg.Length(5)
	// slack widens every text the layout measures: a reader without
	// Liberation Sans, Arial or Helvetica gets a wider sans-serif (DejaVu
	// Sans is about 10% wider), which must still fit its box.
	slack = 1.15
)

// face is the only font face of every figure (see the package comment).
var face = font.Font{Typeface: "Liberation", Variant: "Sans"}

// svgFamily is what the SVG names instead of gonum's bare family name: a
// viewer without Liberation Sans takes a metric-compatible font, then any
// sans-serif.
var svgFamily = []byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;")

// palette is Okabe and Ito's colour-blind-safe set, the weak yellow last;
// glyphs is a marker per series beside its colour, so that a grey print
// and a ninth series still tell the series apart.
var palette = []color.Color{
	color.RGBA{0x00, 0x72, 0xB2, 0xff}, // blue
	color.RGBA{0xE6, 0x9F, 0x00, 0xff}, // orange
	color.RGBA{0x00, 0x9E, 0x73, 0xff}, // bluish green
	color.RGBA{0xD5, 0x5E, 0x00, 0xff}, // vermillion
	color.RGBA{0xCC, 0x79, 0xA7, 0xff}, // reddish purple
	color.RGBA{0x56, 0xB4, 0xE9, 0xff}, // sky blue
	color.RGBA{0x00, 0x00, 0x00, 0xff}, // black
	color.RGBA{0xF0, 0xE4, 0x42, 0xff}, // yellow
}

var glyphs = []draw.GlyphDrawer{draw.RingGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.CrossGlyph{},
	draw.PlusGlyph{}, draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}}

// Color is series i's colour; the same index gives the same colour in
// every figure, so that a corpus keeps its colour throughout a report.
func Color(i int) color.Color { return palette[i%len(palette)] }

func glyph(i int) draw.GlyphDrawer { return glyphs[i%len(glyphs)] }

var (
	frameStyle     = draw.LineStyle{Color: color.Black, Width: vg.Points(0.75)}
	legendBoxStyle = draw.LineStyle{Color: color.Gray{Y: 0x80}, Width: vg.Points(0.5)}
	gridColor      = color.Gray{Y: 0xdd}
	baseColor      = color.Gray{Y: 0x99}
)

// sized is sty in our face at size points.
func sized(sty draw.TextStyle, size vg.Length) draw.TextStyle {
	sty.Font = face
	sty.Font.Size = size
	sty.Color = color.Black
	return sty
}

// textStyle is a free text's style (a legend entry, a bar's label) in p.
func textStyle(p *plot.Plot, size vg.Length) draw.TextStyle {
	return sized(p.X.Label.TextStyle, size)
}

// newPanel is one panel: our face at 8 points for ticks and 9 for the
// heading and axis labels, no padding between the axes and the data area
// (the outline is drawn there), a light grid.
func newPanel(heading, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.BackgroundColor = nil // the figure paints the whole canvas
	p.Title.Text = heading
	p.Title.TextStyle = sized(p.Title.TextStyle, 9)
	p.Title.Padding = vg.Points(4)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle = sized(a.Label.TextStyle, 9)
		a.Tick.Label = sized(a.Tick.Label, 8)
		a.Label.Padding = vg.Points(4) // a taller fallback face stays clear of the tick labels
		a.Padding = 0
	}
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	return p
}

// unlabelled keeps a ticker's marks and drops their labels: panels right
// of the first share its y axis, whose labels are read on the left.
type unlabelled struct{ plot.Ticker }

func (u unlabelled) Ticks(lo, hi float64) []plot.Tick {
	ts := u.Ticker.Ticks(lo, hi)
	for i := range ts {
		ts[i].Label = ""
	}
	return ts
}

// legendEntry is one line of a legend: a swatch (a filled square for
// bars, else the glyph, with a line through it for lines) and a label.
type legendEntry struct {
	label string
	color color.Color
	glyph draw.GlyphDrawer // nil: a filled square (bars)
	line  bool
}

// figure is panels in a grid (row-major, nil for an empty tile), axis
// labels shared by all panels, and a legend under them.
type figure struct {
	rows, cols     int
	panels         []*plot.Plot
	xlabel, ylabel string
	legend         []legendEntry
	// panelHeight is the height of one row of panels, headings and tick
	// labels included.
	panelHeight vg.Length
}

// legendLayout is the legend's column widths, line height and box height
// for entries set in sty within width w: as many columns as fit, filled
// down each column first, each as wide as its widest entry.
func (f *figure) legendLayout(sty draw.TextStyle, w vg.Length) (colW []vg.Length, lineH, boxH vg.Length) {
	if len(f.legend) == 0 {
		return nil, 0, 0
	}
	entryW := make([]vg.Length, len(f.legend))
	for i, e := range f.legend {
		entryW[i] = sty.Font.Size + pad + vg.Length(slack)*sty.Width(e.label) + 3*pad
	}
	lineH = sty.Height("Ag") * 1.35
	for cols := len(f.legend); cols >= 1; cols-- {
		rows := (len(f.legend) + cols - 1) / cols
		colW = make([]vg.Length, (len(f.legend)+rows-1)/rows)
		total := 2 * pad
		for i, ew := range entryW {
			colW[i/rows] = max(colW[i/rows], ew)
		}
		for _, cw := range colW {
			total += cw
		}
		if total <= w-2*pad || cols == 1 {
			return colW, lineH, vg.Length(rows)*lineH + 2*pad
		}
	}
	return colW, lineH, 0 // not reached: one column always returns
}

func (f *figure) draw(dc draw.Canvas) {
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	probe := newPanel("", "", "")
	labelSty, legendSty := textStyle(probe, 9), textStyle(probe, 8)
	w := dc.Max.X - dc.Min.X
	colW, lineH, boxH := f.legendLayout(legendSty, w)

	left, bottom := pad, pad
	if f.ylabel != "" {
		left += labelSty.Height(f.ylabel) + pad
	}
	if boxH > 0 {
		bottom += boxH + 2*pad
	}
	xlabelY := bottom
	if f.xlabel != "" {
		bottom += labelSty.Height(f.xlabel) + pad
	}
	area := draw.Crop(dc, left, -pad, bottom, -pad)
	grid := make([][]*plot.Plot, f.rows)
	for r := range grid {
		grid[r] = f.panels[r*f.cols : (r+1)*f.cols]
	}
	tiles := draw.Tiles{Rows: f.rows, Cols: f.cols, PadX: 3 * pad, PadY: 3 * pad}
	canvases := plot.Align(grid, tiles, area)
	dataMin, dataMax := vg.Point{X: vg.Length(math.Inf(1)), Y: vg.Length(math.Inf(1))}, vg.Point{X: vg.Length(math.Inf(-1)), Y: vg.Length(math.Inf(-1))}
	for r, row := range grid {
		for c, p := range row {
			if p == nil {
				continue
			}
			p.Draw(canvases[r][c])
			data := p.DataCanvas(canvases[r][c])
			outline(dc, data.Rectangle, frameStyle)
			dataMin.X, dataMin.Y = min(dataMin.X, data.Min.X), min(dataMin.Y, data.Min.Y)
			dataMax.X, dataMax.Y = max(dataMax.X, data.Max.X), max(dataMax.Y, data.Max.Y)
		}
	}
	if f.xlabel != "" {
		sty := labelSty
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
		dc.FillText(sty, vg.Point{X: (dataMin.X + dataMax.X) / 2, Y: dc.Min.Y + xlabelY}, f.xlabel)
	}
	if f.ylabel != "" {
		sty := labelSty
		sty.Rotation = math.Pi / 2
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		dc.FillText(sty, vg.Point{X: dc.Min.X + pad, Y: (dataMin.Y + dataMax.Y) / 2}, f.ylabel)
	}
	if boxH == 0 {
		return
	}
	box := vg.Rectangle{Min: vg.Point{X: dc.Min.X + pad, Y: dc.Min.Y + pad}, Max: vg.Point{X: dc.Max.X - pad, Y: dc.Min.Y + pad + boxH}}
	outline(dc, box, legendBoxStyle)
	rows := (len(f.legend) + len(colW) - 1) / len(colW)
	swatch := legendSty.Font.Size
	legendSty.XAlign, legendSty.YAlign = draw.XLeft, draw.YCenter
	for i, e := range f.legend {
		// Down each column first: a sorted list reads as a list.
		col, row := i/rows, i%rows
		x := box.Min.X + pad
		for _, cw := range colW[:col] {
			x += cw
		}
		y := box.Max.Y - pad - (vg.Length(row)+0.5)*lineH
		drawSwatch(dc, e, vg.Point{X: x + swatch/2, Y: y}, swatch)
		dc.FillText(legendSty, vg.Point{X: x + swatch + pad, Y: y}, e.label)
	}
}

func drawSwatch(dc draw.Canvas, e legendEntry, at vg.Point, size vg.Length) {
	if e.glyph == nil {
		r := vg.Rectangle{Min: vg.Point{X: at.X - size/2, Y: at.Y - size/2.5}, Max: vg.Point{X: at.X + size/2, Y: at.Y + size/2.5}}
		dc.FillPolygon(e.color, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}})
		return
	}
	if e.line {
		dc.StrokeLine2(draw.LineStyle{Color: e.color, Width: vg.Points(1)}, at.X-size/2-2, at.Y, at.X+size/2+2, at.Y)
	}
	dc.DrawGlyph(draw.GlyphStyle{Color: e.color, Radius: vg.Points(2.5), Shape: e.glyph}, at)
}

// pdfText is the size every PDF text is set in, scaled to its own size
// (oneFontPDF); pdfFontsOnce makes the PDF writer's data for that font
// before any figure needs it. vgpdf caches a font's data per face and
// size for the process although the data does not depend on the size, and
// figures drawn at once each miss that cache: each compressed the whole
// font file again for each size (a fifth of a small bench's CPU).
const pdfText = vg.Length(10)

var pdfFontsOnce sync.Once

func makePDFFonts() {
	dc := draw.New(oneFontPDF{vgpdf.New(width, width)})
	dc.FillText(textStyle(newPanel("", "", ""), pdfText), vg.Point{}, "0")
}

// oneFontPDF is a PDF canvas that sets every text in one font size,
// scaled to the size asked for: what a PDF's text matrix is for.
type oneFontPDF struct{ *vgpdf.Canvas }

func (c oneFontPDF) FillString(f font.Face, pt vg.Point, s string) {
	k := float64(f.Font.Size / pdfText)
	f.Font.Size = pdfText
	c.Push()
	defer c.Pop()
	c.Translate(pt)
	c.Scale(k, k)
	c.Canvas.FillString(f, vg.Point{}, s)
}

// save writes f as SVG to path (which ends in .svg) and as PDF beside it.
func (f *figure) save(path string) error {
	h := vg.Length(f.rows)*f.panelHeight + 4*pad
	probe := newPanel("", "", "")
	if _, _, boxH := f.legendLayout(textStyle(probe, 8), width); boxH > 0 {
		h += boxH + 2*pad
	}
	if f.xlabel != "" {
		h += textStyle(probe, 9).Height(f.xlabel) + pad
	}
	svg := vgsvg.New(width, h)
	f.draw(draw.New(svg))
	var b bytes.Buffer
	if _, err := svg.WriteTo(&b); err != nil {
		return err
	}
	svgBytes := bytes.ReplaceAll(b.Bytes(), []byte("font-family:Liberation Sans;"), svgFamily)
	if err := outfile.WriteFile(path, svgBytes); err != nil {
		return err
	}
	pdfFontsOnce.Do(makePDFFonts)
	pdf := vgpdf.New(width, h)
	f.draw(draw.New(oneFontPDF{pdf}))
	b.Reset()
	if _, err := pdf.WriteTo(&b); err != nil {
		return err
	}
	return outfile.WriteFile(PDFPath(path), fixPDFDates(b.Bytes()))
}

// PDFPath is where a figure written to the SVG svgPath has its PDF.
func PDFPath(svgPath string) string {
	return strings.TrimSuffix(svgPath, ".svg") + ".pdf"
}

var pdfDate = regexp.MustCompile(`/(CreationDate|ModDate) \(D:[0-9]{14}\)`)

// fixPDFDates replaces the writer's clock in the document information by
// the Unix epoch (as SOURCE_DATE_EPOCH=0 would), in as many bytes, so that
// the cross-reference offsets stay right.
func fixPDFDates(b []byte) []byte {
	return pdfDate.ReplaceAllFunc(b, func(m []byte) []byte {
		i := bytes.Index(m, []byte("(D:"))
		return append(append([]byte{}, m[:i]...), "(D:19700101000000)"...)
	})
}

func outline(c draw.Canvas, r vg.Rectangle, sty draw.LineStyle) {
	c.StrokeLines(sty, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}, r.Min})
}

// grid is a light grid of the given directions.
func grid(vertical, horizontal bool) plot.Plotter {
	g := plotter.NewGrid()
	g.Vertical.Color, g.Horizontal.Color = gridColor, gridColor
	g.Vertical.Width, g.Horizontal.Width = vg.Points(0.5), vg.Points(0.5)
	if !vertical {
		g.Vertical.Color = nil
	}
	if !horizontal {
		g.Horizontal.Color = nil
	}
	return g
}

// mergeEqual folds series with identical values into one, named "a = b",
// keeping the first one's place.
func mergeEqual(series []Series) []Series {
	var out []Series
	var names [][]string
	for _, s := range series {
		found := false
		for i, o := range out {
			if sameValues(o.Values, s.Values) {
				names[i] = append(names[i], s.Name)
				found = true
				break
			}
		}
		if !found {
			out = append(out, Series{Name: s.Name, Values: s.Values})
			names = append(names, []string{s.Name})
		}
	}
	for i := range out {
		out[i].Name = strings.Join(names[i], " = ")
	}
	return out
}

func sameValues(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			return false
		}
	}
	return true
}

// gridShape is the rows and columns for n panels: one row of up to
// three, then two columns for four, three for more.
func gridShape(n int) (int, int) {
	n = max(n, 1)
	c := 3
	switch {
	case n <= 3:
		c = n
	case n == 4:
		c = 2
	}
	return (n + c - 1) / c, c
}

// niceCeil is the smallest 1, 2, 2.5 or 5 times a power of ten at or above x.
func niceCeil(x float64) float64 {
	if x <= 0 {
		return 1
	}
	e := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*e >= x*(1-1e-12) {
			return m * e
		}
	}
	return 10 * e
}

// linearTicks labels multiples of a nice step (about n labels), with an
// unlabelled minor tick halfway, each label followed by suffix.
func linearTicks(suffix string, n int) plot.Ticker {
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		return stepTicks(suffix, niceCeil((hi-lo)/float64(n))).Ticks(lo, hi)
	})
}

// stepTicks labels the multiples of step, with an unlabelled minor tick
// halfway, each label followed by suffix.
func stepTicks(suffix string, step float64) plot.Ticker {
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		if !(hi > lo) || !(step > 0) {
			return []plot.Tick{{Value: lo, Label: compact(lo) + suffix}}
		}
		var ts []plot.Tick
		for v := math.Ceil(lo/step*2) * step / 2; v <= hi+step*1e-9; v += step / 2 {
			v = math.Round(v/step*2) * step / 2
			t := plot.Tick{Value: v}
			if k := v / step; math.Abs(k-math.Round(k)) < 1e-9 {
				t.Label = compact(v) + suffix
			}
			ts = append(ts, t)
		}
		return ts
	})
}

// compact writes a tick value short: 1, 2.5, 10, 1k, 10k, 1M.
func compact(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return trim(v/1e9) + "G"
	case a >= 1e6:
		return trim(v/1e6) + "M"
	case a >= 1e3:
		return trim(v/1e3) + "k"
	}
	return trim(v)
}

func trim(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

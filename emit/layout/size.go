package layout

import (
	"strconv"
	"strings"

	"reuselab/emit"
)

// Node metrics of the UE5 material editor at zoom 1, in editor units
// (SGraphNodeMaterialBase and UGraphEditorSettings): a title bar of one
// caption line per GetCaption entry; pins in two columns, 4 above and 4
// below a 16-unit pin widget, 10 from the node's edge and 10 towards its
// centre; a 106-unit expression preview under the column with fewer pins
// (under both when they are equal) when the expression is not collapsed; the
// pin labels in 9 pt and the title in 10 pt bold Roboto; an input left
// open shows its value box beside its label. Text widths are estimates per
// character, rounded up, so a drawn node is not larger than its rectangle.
//
// The page `reuselab view` draws with ueblueprint, which draws pins taller
// than the editor and every pin a paste lists (uebSize); a node's rectangle
// holds both drawings, so neither shows two nodes on one another.
const (
	Grid         = 16
	TitleLine    = 16  // one caption line
	TitlePadding = 16  // above, below and the title bar's border
	PinRow       = 24  // PaddingAbovePin + pin widget + PaddingBelowPin
	BodyPadding  = 8   // under the last pin row
	Preview      = 106 // SGraphNodeMaterialBase's ExpressionPreviewSize
	EdgePadding  = 10  // PaddingTowardsNodeEdge
	CentrePad    = 20  // PaddingRightOfInput + PaddingLeftOfOutput
	PinWidget    = 20  // pin icon and the gap to its label
	ValueBox     = 56  // the value box of an input left open
	TitleChar    = 8   // a 10 pt bold character, rounded up
	PinChar      = 7   // a 9 pt character, rounded up
	TitleExtra   = 48  // title padding and the preview toggle
	MinWidth     = 112 // ueblueprint draws nodes at least 100 wide
)

// Size is a node's drawn size, rounded up to the grid.
type Size struct{ W, H int }

// NodeSize is the size n is drawn with: width from its title and pin
// labels, height from its title lines and max(input rows, output rows),
// plus the preview when the expression shows one (the editor's), and at
// least ueblueprint's drawing of the same node.
func NodeSize(n *emit.AssetNode) Size {
	title := Captions(n)
	ins, outs := inputRows(n), outputRows(n)
	if len(outs) == 0 && n.Role != emit.RoleStatement && !isReroute(n.Class) && n.Class != "FunctionOutput" {
		outs = []row{{}}
	}
	left, right := len(ins), len(outs)
	leftW, rightW := columnWidth(ins, EdgePadding+PinWidget, PinChar), columnWidth(outs, EdgePadding+PinWidget, PinChar)
	rowsH := max(left, right) * PinRow
	if hasPreview(n) {
		// SGraphNodeMaterialBase::CreateBelowPinControls
		switch {
		case left < right || right == 0:
			rowsH = max(left*PinRow+Preview, right*PinRow)
			leftW = max(leftW, EdgePadding+Preview)
		case left > right:
			rowsH = max(left*PinRow, right*PinRow+Preview)
			rightW = max(rightW, Preview+EdgePadding)
		default:
			rowsH = left*PinRow + Preview + BodyPadding
			leftW = max(leftW, Preview+2*EdgePadding-rightW)
		}
	}
	lines := max(1, len(title))
	w := max(MinWidth, leftW+rightW+CentrePad)
	for _, line := range title {
		w = max(w, len(line)*TitleChar+TitleExtra)
	}
	h := TitlePadding + TitleLine*lines + rowsH + BodyPadding
	u := uebSize(n) // ueblueprint's drawing of the same node
	return Size{W: ceil(max(w, u.W)), H: ceil(max(h, u.H))}
}

// columnWidth is the width of a column of rows: each one's padding and
// label, and its value box.
func columnWidth(rows []row, extra, char int) int {
	w := 0
	for _, r := range rows {
		lw := extra + len(r.label)*char
		if r.box {
			lw += ValueBox
		}
		w = max(w, lw)
	}
	return w
}

// row is one input row of a node: the pin it stands for, the label drawn
// and whether a value box stands beside it.
type row struct {
	pin, label string
	box        bool
}

// inputRows are the input rows the editor shows by default: the graph
// pins a UE5 paste lists for n (emit.GraphPins: the expression inputs, a
// TextureSample's mip and derivative inputs only in the mip mode that reads
// them, then the property pins such as a Constant's Value or a parameter's
// Default Value), advanced ones (ComponentMask's R G B A, a TextureSample's
// sampler settings) folded away. An input left open shows its constant in
// a value box when the class has one for it; a property pin always shows
// its value.
func inputRows(n *emit.AssetNode) []row {
	var rows []row
	for _, p := range emit.GraphPins(n) {
		switch {
		case p.Output || p.Advanced:
		case p.Connectable:
			pin := n.Pins[p.Input]
			rows = append(rows, row{pin: pin, label: p.Label, box: constInputs[n.Class] && !wired(n, pin)})
		default:
			rows = append(rows, row{pin: p.Name, label: p.Label, box: true})
		}
	}
	return rows
}

// outputRows are n's output rows, labelled as the paste names them.
func outputRows(n *emit.AssetNode) []row {
	var rows []row
	for _, p := range emit.GraphPins(n) {
		if p.Output {
			rows = append(rows, row{pin: p.Name, label: p.Label})
		}
	}
	return rows
}

func wired(n *emit.AssetNode, pin string) bool {
	_, ok := n.Input(pin)
	return ok
}

// previewed classes start with their preview shown: UMaterialExpression's
// constructor sets bCollapsed and only a few classes clear it again (the
// texture samples and objects); the colour constants and VectorParameter,
// whose constructors were not checked, are given one too, since a box too
// big never overlaps in the editor.
var previewed = map[string]bool{
	"TextureSample":                 true,
	"TextureSampleParameter2D":      true,
	"TextureSampleParameterCube":    true,
	"TextureSampleParameter2DArray": true,
	"TextureSampleParameterVolume":  true,
	"TextureObject":                 true,
	"TextureObjectParameter":        true,
	"Constant3Vector":               true,
	"Constant4Vector":               true,
	"VectorParameter":               true,
}

func hasPreview(n *emit.AssetNode) bool { return previewed[n.Class] }

func isReroute(class string) bool {
	return class == "Reroute" || class == "NamedRerouteDeclaration" || class == "NamedRerouteUsage"
}

// Captions are the title lines the editor shows (GetCaption): a
// parameter's name and its "Param (default)" line, a constant's value, a
// function call's function, a reroute's name, the short titles of the
// common math nodes (with the "(,2)" a node shows for an input left to its
// constant), else the class.
func Captions(n *emit.AssetNode) []string {
	prop := func(name string) string { v, _ := n.Prop(name); return v }
	switch {
	case n.Class == "ScalarParameter":
		return []string{prop("ParameterName"), "Param (" + numbers(prop("DefaultValue"), 4) + ")"}
	case strings.HasSuffix(n.Class, "Parameter") || strings.HasPrefix(n.Class, "TextureSampleParameter"):
		return []string{prop("ParameterName"), "Param (" + numbers(prop("DefaultValue"), 3) + ")"}
	case strings.HasPrefix(n.Class, "Constant"):
		var vs []string
		for _, p := range n.Props {
			vs = append(vs, numbers(p.Value, 4))
		}
		return []string{strings.Join(vs, ",")}
	case n.Class == "MaterialFunctionCall":
		f := prop("MaterialFunction")
		if i := strings.LastIndexAny(f, "./"); i >= 0 {
			f = f[i+1:]
		}
		return []string{strings.Trim(f, "'\"")}
	case isReroute(n.Class):
		return []string{prop("Name") + prop("Declaration")}
	case n.Class == "FunctionInput":
		kind := strings.TrimPrefix(prop("InputType"), "FunctionInput_")
		if kind == "" {
			kind = "Vector3"
		}
		return []string{"Input " + prop("InputName") + " (" + kind + ")"}
	case n.Class == "FunctionOutput":
		return []string{"Output " + prop("OutputName")}
	case n.Class == "Custom":
		if d := prop("Description"); d != "" {
			return []string{d}
		}
	}
	title, ok := shortTitles[n.Class]
	if !ok {
		title = n.Class
	}
	if constInputs[n.Class] && len(n.Inputs) < len(n.Pins) {
		title += "(,,0.5)"
	}
	return []string{title}
}

// shortTitles are the captions of classes whose title is not their name.
var shortTitles = map[string]string{
	"LinearInterpolate": "Lerp",
	"AppendVector":      "Append",
	"ComponentMask":     "Mask ( R G B A )",
	"TextureCoordinate": "TexCoord[0]",
	"OneMinus":          "1-x",
	"SquareRoot":        "Sqrt",
	"DotProduct":        "Dot",
	"CrossProduct":      "Cross",
}

// constInputs are the classes whose open inputs fall back on a constant
// of the expression: the caption lists them and the pin shows a value box.
var constInputs = map[string]bool{"Add": true, "Subtract": true, "Multiply": true, "Divide": true,
	"LinearInterpolate": true, "Max": true, "Min": true, "Power": true, "Clamp": true, "SmoothStep": true,
	"Step": true, "If": true}

// numbers rewrites the numbers of an emitted value the way a caption
// prints them (C's %.<digits>g), separated by commas: "(R=0.400000006,
// G=0.8,…)" becomes "0.4,0.8,…".
func numbers(v string, digits int) string {
	var out []string
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return strings.ContainsRune("(),=RGBA ", r) }) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil {
			out = append(out, f)
			continue
		}
		out = append(out, strconv.FormatFloat(x, 'g', digits, 64))
	}
	return strings.Join(out, ",")
}

// ceil rounds v up to the grid.
func ceil(v int) int {
	if v >= 0 {
		return (v + Grid - 1) / Grid * Grid
	}
	return -(-v / Grid * Grid)
}

// snap rounds v to the nearest grid line.
func snap(v int) int {
	if v >= 0 {
		return (v + Grid/2) / Grid * Grid
	}
	return -((-v + Grid/2) / Grid * Grid)
}

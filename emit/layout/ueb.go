package layout

import "reuselab/emit"

// The drawing of ueblueprint 3.0.0, the renderer of `reuselab view`,
// measured in headless Chromium on the corpus's MoonToon outline material
// (86 nodes, its T3D as reuselab writes it) and rounded up: a 36-unit title
// bar and pin margins, 34 per pin row, 42 for a checkbox row, 62 for a
// colour or a drop-down row, about 9 per character of a title or a label,
// a value box of 32 plus 7 per character. It draws every pin the paste
// lists, advanced ones included, with no preview.
const (
	uebBase      = 36
	uebTitleLine = 22
	uebRow       = 34
	uebBoolRow   = 42
	uebWideRow   = 62
	uebChar      = 9
	uebTitlePad  = 48
	uebPinExtra  = 33 // .ueb-pin-wrapper's 6 + 6, the icon and its gap
	uebInPad     = 21 // .ueb-node-inputs padding 6 left, 15 right
	uebOutPad    = 6  // .ueb-node-outputs padding right
	uebBox       = 32
	uebBoxChar   = 7
	uebMinWidth  = 100
)

// uebSize is the size ueblueprint draws n at.
func uebSize(n *emit.AssetNode) Size {
	caps := Captions(n)
	title := max(len(emit.DisplayName(n.Class)), len(caps[0]))
	if constInputs[n.Class] {
		title += len("(1,1,1)") // the constants it falls back on
	}
	w := max(uebMinWidth, uebTitlePad+uebChar*title)
	inW, inH, outW, outH := 0, 0, 0, 0
	outputs := 0
	for _, p := range emit.GraphPins(n) {
		lw := uebPinExtra + uebChar*len(emit.DisplayName(p.Label))
		switch {
		case p.Output:
			outW, outH = max(outW, lw), outH+uebRow
			outputs++
			continue
		case p.Connectable:
			if constInputs[n.Class] && !wired(n, n.Pins[p.Input]) {
				lw += uebBox + uebBoxChar*4
			}
			inH += uebRow
		case p.Kind == "bool":
			inH += uebBoolRow
		case p.Kind == "float":
			v, _ := n.Prop(p.Prop)
			lw += uebBox + uebBoxChar*(len(v)+4) // "1e-06" prints as 0.000001
			inH += uebRow
		case p.Kind == "rgb" || p.Kind == "rgba":
			lw += 3 * (uebBox + uebBoxChar*5)
			inH += uebWideRow
		default: // a drop-down of the enum's longest display name
			lw += uebBox + uebBoxChar*30
			inH += uebWideRow
		}
		inW = max(inW, lw)
	}
	if outputs == 0 && n.Role != emit.RoleStatement && n.Class != "FunctionOutput" {
		outW, outH = uebPinExtra, uebRow
	}
	if inW > 0 {
		inW += uebInPad
	}
	if outW > 0 {
		outW += uebOutPad
	}
	return Size{W: max(w, inW+outW), H: uebBase + uebTitleLine*(len(caps)-1) + max(inH, outH)}
}

package emit

import (
	"crypto/sha1"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteT3D writes each asset as the material editor's clipboard text (UE5):
// one MaterialGraphNode per expression holding its MaterialExpression
// object, with only the properties the IR set, the expression inputs as
// object references, the editor position, and one graph pin per input and
// output whose LinkedTo lists mirror the expression inputs (the editor
// relinks expressions from the pins after a paste). GUIDs are hashes of the
// asset name and node id, so the text is deterministic.
func WriteT3D(w io.Writer, assets []*Asset) error {
	var b strings.Builder
	for _, a := range assets {
		writeT3DAsset(&b, a)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// t3dNames are the object names of one asset's nodes.
type t3dNames struct {
	graph, expr []string
}

func namesFor(a *Asset) t3dNames {
	var t t3dNames
	perClass := map[string]int{}
	for _, n := range a.Nodes {
		k := perClass[n.Class]
		perClass[n.Class] = k + 1
		t.graph = append(t.graph, "MaterialGraphNode_"+strconv.Itoa(n.ID))
		t.expr = append(t.expr, "MaterialExpression"+n.Class+"_"+strconv.Itoa(k))
	}
	return t
}

func writeT3DAsset(b *strings.Builder, a *Asset) {
	t := namesFor(a)
	fmt.Fprintf(b, "// reuselab: %s %q, %d material expressions (reroute pairs included).\n", a.Kind, a.Name, len(a.Nodes))
	if len(a.Settings) > 0 {
		var kv []string
		for _, st := range a.Settings {
			kv = append(kv, st.Key+"="+st.Value)
		}
		b.WriteString("// Set on the material first (a paste does not carry settings): " + strings.Join(kv, ", ") + "\n")
	}
	b.WriteString("// Paste into the UE5 material editor. Links into the material root do not survive a paste:\n")
	for _, o := range a.Outputs {
		if o.Node < len(a.Nodes) {
			fmt.Fprintf(b, "//   connect %s (%s) to the %s input\n", t.graph[o.Node], a.Nodes[o.Node].Class, o.Target)
		}
	}
	// Readers of each output, for the output pins' LinkedTo.
	type link struct{ node, pin int }
	readers := map[[2]int][]link{}
	for _, n := range a.Nodes {
		for _, in := range n.Inputs {
			readers[[2]int{in.From, in.OutputIndex}] = append(readers[[2]int{in.From, in.OutputIndex}], link{n.ID, pinIndex(&n, in.Pin)})
		}
	}
	for i := range a.Nodes {
		n := &a.Nodes[i]
		cls := "/Script/Engine.MaterialExpression" + n.Class
		fmt.Fprintf(b, "Begin Object Class=/Script/UnrealEd.MaterialGraphNode Name=%q\n", t.graph[i])
		fmt.Fprintf(b, "   Begin Object Class=%s Name=%q\n   End Object\n", cls, t.expr[i])
		fmt.Fprintf(b, "   Begin Object Name=%q\n", t.expr[i])
		for _, line := range inputLines(a, t, n) {
			b.WriteString("      " + line + "\n")
		}
		for _, line := range propLines(a, t, n) {
			b.WriteString("      " + line + "\n")
		}
		fmt.Fprintf(b, "      MaterialExpressionEditorX=%d\n      MaterialExpressionEditorY=%d\n", n.Pos.X, n.Pos.Y)
		fmt.Fprintf(b, "      MaterialExpressionGuid=%s\n", guid(a.Name, "expr", i))
		b.WriteString("   End Object\n")
		fmt.Fprintf(b, "   MaterialExpression=\"%s'%s'\"\n", cls, t.expr[i])
		fmt.Fprintf(b, "   NodePosX=%d\n   NodePosY=%d\n   NodeGuid=%s\n", n.Pos.X, n.Pos.Y, guid(a.Name, "node", i))
		for k, pin := range n.Pins {
			var links []string
			for _, in := range n.Inputs {
				if in.Pin == pin {
					links = append(links, t.graph[in.From]+" "+pinID(a.Name, in.From, "out", in.OutputIndex))
				}
			}
			writePin(b, pinID(a.Name, i, "in", k), pinDisplay(n.Class, pin), false, links)
		}
		for k := range n.Outs {
			var links []string
			for _, r := range readers[[2]int{i, k}] {
				links = append(links, t.graph[r.node]+" "+pinID(a.Name, r.node, "in", r.pin))
			}
			writePin(b, pinID(a.Name, i, "out", k), outPinName(n.Outs, k), true, links)
		}
		b.WriteString("End Object\n")
	}
	for i, c := range a.Comments {
		name := "MaterialGraphNode_Comment_" + strconv.Itoa(i)
		expr := "MaterialExpressionComment_" + strconv.Itoa(i)
		fmt.Fprintf(b, "Begin Object Class=/Script/UnrealEd.MaterialGraphNode_Comment Name=%q\n", name)
		fmt.Fprintf(b, "   Begin Object Class=/Script/Engine.MaterialExpressionComment Name=%q\n   End Object\n", expr)
		fmt.Fprintf(b, "   Begin Object Name=%q\n      SizeX=%d\n      SizeY=%d\n      Text=%s\n", expr, c.W, c.H, quoteT3D(c.Text))
		fmt.Fprintf(b, "      MaterialExpressionEditorX=%d\n      MaterialExpressionEditorY=%d\n", c.X, c.Y)
		fmt.Fprintf(b, "      MaterialExpressionGuid=%s\n   End Object\n", guid(a.Name, "comment", i))
		fmt.Fprintf(b, "   MaterialExpressionComment=\"/Script/Engine.MaterialExpressionComment'%s'\"\n", expr)
		fmt.Fprintf(b, "   NodePosX=%d\n   NodePosY=%d\n   NodeWidth=%d\n   NodeHeight=%d\n   NodeComment=%s\n",
			c.X, c.Y, c.W, c.H, quoteT3D(c.Text))
		fmt.Fprintf(b, "   NodeGuid=%s\nEnd Object\n", guid(a.Name, "commentnode", i))
	}
}

func writePin(b *strings.Builder, id, name string, output bool, links []string) {
	fmt.Fprintf(b, "   CustomProperties Pin (PinId=%s,PinName=%s,", id, quoteT3D(name))
	if output {
		b.WriteString(`Direction="EGPD_Output",PinType.PinCategory="",`)
	} else {
		b.WriteString(`PinType.PinCategory="optional",`)
	}
	b.WriteString(`PinType.PinSubCategory="",PinType.PinSubCategoryObject=None,PinType.PinSubCategoryMemberReference=(),PinType.PinValueType=(),PinType.ContainerType=None,PinType.bIsReference=False,PinType.bIsConst=False,PinType.bIsWeakPointer=False,PinType.bIsUObjectWrapper=False,`)
	if len(links) > 0 {
		b.WriteString("LinkedTo=(" + strings.Join(links, ",") + ",),")
	}
	b.WriteString("PersistentGuid=00000000000000000000000000000000,bHidden=False,bNotConnectable=False,bDefaultValueIsReadOnly=False,bDefaultValueIsIgnored=False,bAdvancedView=False,bOrphanedPin=False,)\n")
}

// exprRef is an input's value: the source expression by graph-node path.
func exprRef(a *Asset, t t3dNames, in Input) string {
	s := fmt.Sprintf("Expression=\"/Script/Engine.MaterialExpression%s'%s.%s'\"", a.Nodes[in.From].Class, t.graph[in.From], t.expr[in.From])
	if in.OutputIndex != 0 {
		s += ",OutputIndex=" + strconv.Itoa(in.OutputIndex)
	}
	if in.Mask != "" {
		// FExpressionInput's mask (Options.Legacy1x): Mask=1 and a flag
		// per channel kept.
		s += ",Mask=1"
		for k, c := range []string{"MaskR", "MaskG", "MaskB", "MaskA"} {
			if strings.ContainsRune(in.Mask, rune("xyzw"[k])) {
				s += "," + c + "=1"
			}
		}
	}
	return s
}

// inputLines writes the expression's inputs. Most classes have one
// FExpressionInput property per pin; Custom, MaterialFunctionCall and
// SetMaterialAttributes keep them in arrays.
func inputLines(a *Asset, t t3dNames, n *AssetNode) []string {
	var lines []string
	find := func(pin string) (Input, bool) {
		for _, in := range n.Inputs {
			if in.Pin == pin {
				return in, true
			}
		}
		return Input{}, false
	}
	for k, pin := range n.Pins {
		in, ok := find(pin)
		switch n.Class {
		case "Custom":
			s := fmt.Sprintf("Inputs(%d)=(InputName=%s", k, quoteT3D(pin))
			if ok {
				s += ",Input=(" + exprRef(a, t, in) + ")"
			}
			lines = append(lines, s+")")
		case "MaterialFunctionCall":
			s := fmt.Sprintf("FunctionInputs(%d)=(Input=(", k)
			if ok {
				s += exprRef(a, t, in) + ","
			}
			lines = append(lines, s+"InputName="+quoteT3D(pin)+"))")
		case "SetMaterialAttributes":
			s := fmt.Sprintf("Inputs(%d)=(", k)
			if ok {
				s += exprRef(a, t, in)
			}
			if k > 0 {
				if ok {
					s += ","
				}
				s += "InputName=" + quoteT3D(pin)
			}
			lines = append(lines, s+")")
		default:
			if ok {
				lines = append(lines, pin+"=("+exprRef(a, t, in)+")")
			}
		}
	}
	if n.Class == "MaterialFunctionCall" {
		for k, o := range n.Outs {
			lines = append(lines, fmt.Sprintf("FunctionOutputs(%d)=(Output=(OutputName=%s))", k, quoteT3D(o)))
		}
	}
	return lines
}

func propLines(a *Asset, t t3dNames, n *AssetNode) []string {
	var lines []string
	for _, p := range n.Props {
		switch {
		case n.Class == "NamedRerouteUsage" && p.Name == "Declaration":
			if n.Decl >= 0 {
				lines = append(lines, fmt.Sprintf("Declaration=\"/Script/Engine.MaterialExpressionNamedRerouteDeclaration'%s.%s'\"", t.graph[n.Decl], t.expr[n.Decl]))
				lines = append(lines, "DeclarationGuid="+guid(a.Name, "var", n.Decl))
			}
		case n.Class == "Custom" && p.Name == "AdditionalOutputs" && strings.HasPrefix(p.Value, "("):
			lines = append(lines, "AdditionalOutputs="+p.Value) // already the engine's array text
		case n.Class == "Custom" && p.Name == "AdditionalOutputs":
			for k, o := range listProp(p.Value) {
				name, typ, _ := strings.Cut(o, ":")
				lines = append(lines, fmt.Sprintf("AdditionalOutputs(%d)=(OutputName=%s,OutputType=CMOT_%s)", k, quoteT3D(name), typ))
			}
		case isDefault(n.Class, p):
			// The engine has it already; a paste carries only what differs.
		case p.Quoted:
			lines = append(lines, p.Name+"="+quoteT3D(p.Value))
		default:
			lines = append(lines, p.Name+"="+p.Value)
		}
	}
	if n.Class == "NamedRerouteDeclaration" {
		lines = append(lines, "VariableGuid="+guid(a.Name, "var", n.ID))
	}
	return lines
}

// pinDisplay is the graph pin name the editor gives an input where it
// differs from the property name.
func pinDisplay(class, pin string) string {
	if m, ok := displayPins[class]; ok {
		if d, ok := m[pin]; ok {
			return d
		}
	}
	return pin
}

var displayPins = map[string]map[string]string{
	"If":                    {"AGreaterThanB": "A > B", "AEqualsB": "A == B", "ALessThanB": "A < B"},
	"StaticSwitch":          {"A": "True", "B": "False"},
	"StaticSwitchParameter": {"A": "True", "B": "False"},
	"TextureSample":         {"Coordinates": "UVs", "TextureObject": "Tex"},
}

// outPinName: named outputs keep their name; unnamed ones are "Output",
// "Output2", … as the editor names them.
func outPinName(outs []string, k int) string {
	if outs[k] != "" {
		return outs[k]
	}
	if k == 0 {
		return "Output"
	}
	return "Output" + strconv.Itoa(k+1)
}

func pinIndex(n *AssetNode, pin string) int {
	for i, p := range n.Pins {
		if p == pin {
			return i
		}
	}
	return -1
}

func guid(asset, kind string, i int) string {
	h := sha1.Sum([]byte(asset + "\x00" + kind + "\x00" + strconv.Itoa(i)))
	return strings.ToUpper(fmt.Sprintf("%x", h[:16]))
}

func pinID(asset string, node int, dir string, k int) string {
	return guid(asset, "pin-"+dir+"-"+strconv.Itoa(k), node)
}

// quoteT3D quotes a string as the engine's text export does.
func quoteT3D(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`)
	return `"` + r.Replace(s) + `"`
}

// engineDefaults are property values the engine's class defaults already
// have; T3D leaves them out (a clipboard export writes only what differs).
var engineDefaults = map[string]map[string]string{
	"":                  {"SortPriority": "32", "Group": "None"},
	"TextureCoordinate": {"CoordinateIndex": "0", "UTiling": "1", "VTiling": "1", "UnMirrorU": "False", "UnMirrorV": "False"},
	"TextureSample":     {"SamplerType": "SAMPLERTYPE_Color", "MipValueMode": "TMVM_None"},
	"Custom":            {"OutputType": "CMOT_Float3", "Description": "Custom"},
	"StaticSwitch":      {"DefaultValue": "False"},
	"Time":              {"bIgnorePause": "False"},
	"SceneTexture":      {"bFiltered": "False"},
}

func isDefault(class string, p Prop) bool {
	if v, ok := engineDefaults[class][p.Name]; ok {
		return v == p.Value
	}
	v, ok := engineDefaults[""][p.Name]
	return ok && v == p.Value
}

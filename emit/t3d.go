package emit

import (
	"bufio"
	"crypto/sha1"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// WriteT3D writes each asset as the material editor's clipboard text, the
// way Unreal 5 writes a copied selection: only `Begin Object … End Object`
// blocks (a line before the first one sinks the whole paste in the editor
// and in ueblueprint). One MaterialGraphNode per expression holds its
// MaterialExpression object (inputs as object references, the properties
// the IR set, the editor position), then one graph pin per input, per
// property the editor shows as a pin, and per output; the pins' LinkedTo
// lists mirror the expression inputs (the editor relinks from the pins
// after a paste). GUIDs are hashes of the asset name and node id, so the
// text is deterministic. What a paste cannot carry (material settings,
// links into the material root) is T3DSummary's.
// The text streams through a buffer: it is about 1.2 KB per node, so a
// whole 300k-node paste held in memory would be a third of a gigabyte.
func WriteT3D(w io.Writer, assets []*Asset) error {
	b := bufio.NewWriterSize(w, 64<<10)
	for _, a := range assets {
		writeT3DAsset(b, a)
	}
	return b.Flush()
}

// T3DSummary says, for the user, what the paste of a does not carry: its
// settings, the links into the material root, the FrontMaterial pins of
// Make/BreakMaterialAttributes (see emitBreakMA), and the numbers Unreal
// could not read back that were replaced. Plain lines (no `//`), for
// stderr.
func T3DSummary(a *Asset) []string {
	t := namesFor(a)
	lines := []string{fmt.Sprintf("reuselab: %s %q, %d material expressions (reroute pairs included)", a.Kind, a.Name, len(a.Nodes))}
	if len(a.Settings) > 0 {
		var kv []string
		for _, st := range a.Settings {
			kv = append(kv, st.Key+"="+st.Value)
		}
		lines = append(lines, "  set on the material first (a paste does not carry settings): "+strings.Join(kv, ", "))
	}
	if len(a.Outputs) > 0 {
		lines = append(lines, "  links into the material root do not survive a paste:")
	}
	for _, o := range a.Outputs {
		if o.Node < len(a.Nodes) {
			lines = append(lines, fmt.Sprintf("    connect %s (%s) to the %s input", t.graph[o.Node], a.Nodes[o.Node].Class, o.Target))
		}
	}
	for i := range a.Nodes {
		if n := &a.Nodes[i]; (n.Class == "BreakMaterialAttributes" && slices.Contains(n.Outs, "FrontMaterial")) ||
			(n.Class == "MakeMaterialAttributes" && slices.Contains(n.Pins, "FrontMaterial")) {
			lines = append(lines, fmt.Sprintf("  %s (%s) has a FrontMaterial pin, which Unreal 5 (since Displacement joined the class) does not have: its link does not survive a paste",
				t.graph[i], n.Class))
		}
	}
	bad := 0
	for i := range a.Nodes {
		propLines(a, t, &a.Nodes[i], &bad) // the numbers writeT3DAsset replaces
	}
	if bad > 0 {
		lines = append(lines, fmt.Sprintf("  %d non-finite numbers written as ±3.4e38 (infinity) or 0 (NaN): Unreal has no spelling for them", bad))
	}
	return lines
}

// safeObjectName keeps ASCII letters, digits, '_' and the extra bytes.
func safeObjectName(s, extra string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || strings.ContainsRune(extra, r) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// t3dNames are the object names of one asset's nodes.
type t3dNames struct {
	graph, expr []string
	graphClass  []string // the graph node's class, /Script/UnrealEd.…
	pkg         string   // the transient package export paths name
	// material is the expressions' Material= line: the material editor's
	// preview material, which a function's editor makes a plain Material.
	material string
}

func namesFor(a *Asset) t3dNames {
	t := t3dNames{pkg: safeObjectName(a.Name, "")}
	if t.pkg == "" {
		t.pkg = "Material"
	}
	t.material = fmt.Sprintf(`Material="/Script/UnrealEd.PreviewMaterial'/Engine/Transient.%s'"`, t.pkg)
	if a.Kind != "Material" {
		t.material = fmt.Sprintf(`Material="/Script/Engine.Material'/Engine/Transient.%s'"`, t.pkg)
	}
	perClass := map[string]int{}
	for _, n := range a.Nodes {
		k := perClass[n.Class]
		perClass[n.Class] = k + 1
		// A Custom expression has its own graph node class (it draws the
		// code), and the editor names objects after their class.
		graph := "MaterialGraphNode"
		if n.Class == "Custom" {
			graph = "MaterialGraphNode_Custom"
		}
		t.graphClass = append(t.graphClass, "/Script/UnrealEd."+graph)
		t.graph = append(t.graph, graph+"_"+strconv.Itoa(n.ID))
		t.expr = append(t.expr, "MaterialExpression"+n.Class+"_"+strconv.Itoa(k))
	}
	return t
}

// exportPath is an object's ExportPath as a UE 5.4 copy writes it.
func (t t3dNames) exportPath(class, path string) string {
	return fmt.Sprintf(`ExportPath="%s'/Engine/Transient.%s:MaterialGraph_0.%s'"`, class, t.pkg, path)
}

// writeT3DAsset writes a and returns how many non-finite numbers it had to
// replace.
func writeT3DAsset(b *bufio.Writer, a *Asset) int {
	t := namesFor(a)
	bad := 0
	type link struct{ node, pin int }
	readers := map[[2]int][]link{}
	for _, n := range a.Nodes {
		for _, in := range n.Inputs {
			k := [2]int{in.From, in.OutputIndex}
			readers[k] = append(readers[k], link{n.ID, pinIndex(&n, in.Pin)})
		}
	}
	for i := range a.Nodes {
		n := &a.Nodes[i]
		cls := "/Script/Engine.MaterialExpression" + n.Class
		graphPath := t.graph[i]
		exprPath := t.graph[i] + "." + t.expr[i]
		fmt.Fprintf(b, "Begin Object Class=%s Name=%q %s\n", t.graphClass[i], t.graph[i], t.exportPath(t.graphClass[i], graphPath))
		fmt.Fprintf(b, "   Begin Object Class=%s Name=%q %s\n   End Object\n", cls, t.expr[i], t.exportPath(cls, exprPath))
		fmt.Fprintf(b, "   Begin Object Name=%q %s\n", t.expr[i], t.exportPath(cls, exprPath))
		for _, line := range inputLines(a, t, n) {
			b.WriteString("      " + line + "\n")
		}
		for _, line := range propLines(a, t, n, &bad) {
			b.WriteString("      " + line + "\n")
		}
		fmt.Fprintf(b, "      MaterialExpressionEditorX=%d\n      MaterialExpressionEditorY=%d\n", n.Pos.X, n.Pos.Y)
		fmt.Fprintf(b, "      MaterialExpressionGuid=%s\n      %s\n", guid(a.Name, "expr", i), t.material)
		if n.Class == "MaterialFunctionCall" {
			for k, o := range n.Outs {
				fmt.Fprintf(b, "      Outputs(%d)=(OutputName=%s)\n", k, quoteT3D(o))
			}
		}
		b.WriteString("   End Object\n")
		fmt.Fprintf(b, "   MaterialExpression=\"%s'%s'\"\n", cls, t.expr[i])
		fmt.Fprintf(b, "   NodePosX=%d\n   NodePosY=%d\n", n.Pos.X, n.Pos.Y)
		if hasAdvancedPins(n) {
			b.WriteString("   AdvancedPinDisplay=Shown\n")
		}
		if _, ok := n.Prop("ParameterName"); ok || n.Class == "NamedRerouteDeclaration" {
			b.WriteString("   bCanRenameNode=True\n") // renamed by its parameter or reroute name
		}
		fmt.Fprintf(b, "   NodeGuid=%s\n", guid(a.Name, "node", i))
		for _, p := range GraphPins(n) {
			var links []string
			switch {
			case p.Output:
				for _, r := range readers[[2]int{i, p.Out}] {
					links = append(links, t.graph[r.node]+" "+pinID(a.Name, r.node, "in", r.pin))
				}
			case p.Input >= 0:
				for _, in := range n.Inputs {
					if in.Pin == n.Pins[p.Input] {
						links = append(links, t.graph[in.From]+" "+pinID(a.Name, in.From, "out", in.OutputIndex))
					}
				}
			}
			writePin(b, guid(a.Name, "pin-"+p.key, i), p, links)
		}
		b.WriteString("End Object\n")
	}
	for i, c := range a.Comments {
		name := "MaterialGraphNode_Comment_" + strconv.Itoa(i)
		expr := "MaterialExpressionComment_" + strconv.Itoa(i)
		const cls = "/Script/Engine.MaterialExpressionComment"
		fmt.Fprintf(b, "Begin Object Class=/Script/UnrealEd.MaterialGraphNode_Comment Name=%q %s\n", name, t.exportPath("/Script/UnrealEd.MaterialGraphNode_Comment", name))
		fmt.Fprintf(b, "   Begin Object Class=%s Name=%q %s\n   End Object\n", cls, expr, t.exportPath(cls, name+"."+expr))
		fmt.Fprintf(b, "   Begin Object Name=%q %s\n      SizeX=%d\n      SizeY=%d\n      Text=%s\n", expr, t.exportPath(cls, name+"."+expr), c.W, c.H, quoteT3D(c.Text))
		fmt.Fprintf(b, "      MaterialExpressionEditorX=%d\n      MaterialExpressionEditorY=%d\n", c.X, c.Y)
		fmt.Fprintf(b, "      MaterialExpressionGuid=%s\n   End Object\n", guid(a.Name, "comment", i))
		fmt.Fprintf(b, "   MaterialExpressionComment=\"%s'%s'\"\n", cls, expr)
		fmt.Fprintf(b, "   NodePosX=%d\n   NodePosY=%d\n   NodeWidth=%d\n   NodeHeight=%d\n   NodeComment=%s\n",
			c.X, c.Y, c.W, c.H, quoteT3D(c.Text))
		fmt.Fprintf(b, "   NodeGuid=%s\nEnd Object\n", guid(a.Name, "commentnode", i))
	}
	return bad
}

func hasAdvancedPins(n *AssetNode) bool {
	return slices.ContainsFunc(GraphPins(n), func(p GraphPin) bool { return p.Advanced })
}

func writePin(b *bufio.Writer, id string, p GraphPin, links []string) {
	fmt.Fprintf(b, "   CustomProperties Pin (PinId=%s,PinName=%s,", id, quoteT3D(p.Name))
	if p.spaceName {
		b.WriteString(`PinFriendlyName=NSLOCTEXT("MaterialGraphNode", "Space", " "),`)
	}
	if p.Output {
		b.WriteString(`Direction="EGPD_Output",`)
	}
	fmt.Fprintf(b, "PinType.PinCategory=%s,PinType.PinSubCategory=%s,", quoteT3D(p.Category), quoteT3D(p.SubCategory))
	if p.EnumPath != "" {
		fmt.Fprintf(b, "PinType.PinSubCategoryObject=\"/Script/CoreUObject.Enum'%s'\",", p.EnumPath)
	} else {
		b.WriteString("PinType.PinSubCategoryObject=None,")
	}
	b.WriteString(`PinType.PinSubCategoryMemberReference=(),PinType.PinValueType=(),PinType.ContainerType=None,PinType.bIsReference=False,PinType.bIsConst=False,PinType.bIsWeakPointer=False,PinType.bIsUObjectWrapper=False,PinType.bSerializeAsSinglePrecisionFloat=False,`)
	if p.HasDefault {
		b.WriteString("DefaultValue=" + quoteT3D(p.Default) + ",")
	}
	if len(links) > 0 {
		b.WriteString("LinkedTo=(" + strings.Join(links, ",") + ",),")
	}
	fmt.Fprintf(b, "PersistentGuid=00000000000000000000000000000000,bHidden=False,bNotConnectable=%s,bDefaultValueIsReadOnly=False,bDefaultValueIsIgnored=False,bAdvancedView=%s,bOrphanedPin=False,)\n",
		boolText(!p.Connectable), boolText(p.Advanced))
}

// exprRef is an input's value, an FExpressionInput in its fields' order:
// the source expression by graph-node path, the output index, the input
// name (inputName, "" for none) and the channel mask. Connecting an input
// copies the mask of the output it reads (a TextureSample's R, a
// VectorParameter's RGB), so the editor's own pastes carry it on every
// link from a masked output; an input's own mask (Input.Mask, set under
// Options.Legacy1x) takes its place.
func exprRef(a *Asset, t t3dNames, in Input, inputName string) string {
	src := &a.Nodes[in.From]
	s := fmt.Sprintf("Expression=\"/Script/Engine.MaterialExpression%s'%s.%s'\"", src.Class, t.graph[in.From], t.expr[in.From])
	if in.OutputIndex != 0 {
		s += ",OutputIndex=" + strconv.Itoa(in.OutputIndex)
	}
	if inputName != "" {
		s += ",InputName=" + quoteT3D(inputName)
	}
	mask := in.Mask
	if mask == "" {
		mask = outputMask(src, in.OutputIndex)
	}
	if mask != "" {
		// Mask=1 and a flag per channel kept; the flags left out are 0.
		s += ",Mask=1"
		for k, c := range []string{"MaskR", "MaskG", "MaskB", "MaskA"} {
			if strings.ContainsRune(mask, rune("xyzw"[k])) {
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
	fn := functionKey(n)
	for k, pin := range n.Pins {
		in, ok := n.Input(pin)
		switch n.Class {
		case "Custom":
			s := fmt.Sprintf("Inputs(%d)=(InputName=%s", k, quoteT3D(pin))
			if ok {
				s += ",Input=(" + exprRef(a, t, in, "") + ")"
			}
			lines = append(lines, s+")")
		case "MaterialFunctionCall":
			// ExpressionInputId is the function's FunctionInput Id, which
			// the function asset writes from the same hash.
			s := fmt.Sprintf("FunctionInputs(%d)=(ExpressionInputId=%s,Input=(", k, guid(fn, "function-input", 0, pin))
			if ok {
				s += exprRef(a, t, in, pin)
			} else {
				s += "OutputIndex=-1,InputName=" + quoteT3D(pin)
			}
			lines = append(lines, s+"))")
		case "SetMaterialAttributes":
			// The first input is the attributes themselves, unnamed.
			name := pin
			if k == 0 {
				name = ""
			}
			s := fmt.Sprintf("Inputs(%d)=(", k)
			switch {
			case ok:
				s += exprRef(a, t, in, name)
			case name != "":
				s += "InputName=" + quoteT3D(name)
			}
			lines = append(lines, s+")")
		default:
			if ok {
				lines = append(lines, inputProperty(n.Class, pin)+"=("+exprRef(a, t, in, "")+")")
			}
		}
	}
	if n.Class == "MaterialFunctionCall" {
		for k, o := range n.Outs {
			lines = append(lines, fmt.Sprintf("FunctionOutputs(%d)=(ExpressionOutputId=%s,Output=(OutputName=%s))", k, guid(fn, "function-output", 0, o), quoteT3D(o)))
		}
	}
	return lines
}

// functionKey names the function a MaterialFunctionCall calls by its
// object name (/Path/MF_X.MF_X → MF_X): the function asset is named so, and
// both sides hash it into the input and output GUIDs.
func functionKey(n *AssetNode) string {
	p, _ := n.Prop("MaterialFunction")
	return objectName(assetPath(p))
}

// objectName is the last name of a path: /Path/MF_X.MF_X and
// MaterialFunctions/MF_X are both MF_X.
func objectName(p string) string {
	if i := strings.LastIndexAny(p, "./"); i >= 0 {
		return p[i+1:]
	}
	return p
}

// objectClassFor is the class an asset reference property names.
func objectClassFor(class, prop string) string {
	switch {
	case prop == "MaterialFunction":
		return "/Script/Engine.MaterialFunction"
	case strings.Contains(class, "Cube"):
		return "/Script/Engine.TextureCube"
	case strings.Contains(class, "Volume"):
		return "/Script/Engine.VolumeTexture"
	}
	return "/Script/Engine.Texture2D"
}

func propLines(a *Asset, t t3dNames, n *AssetNode, bad *int) []string {
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
		case p.Quoted && (p.Name == "MaterialFunction" || p.Name == "Texture"):
			// An object reference: the class, then the object path.
			lines = append(lines, fmt.Sprintf("%s=\"%s'%s'\"", p.Name, objectClassFor(n.Class, p.Name), assetPath(p.Value)))
		case n.Class == "Custom" && p.Name == "Code":
			// The editor's code box keeps Windows line ends.
			lines = append(lines, p.Name+"="+quoteT3D(crlfLines(p.Value)))
		case p.Quoted:
			lines = append(lines, p.Name+"="+quoteT3D(p.Value))
		default:
			lines = append(lines, p.Name+"="+t3dNumberText(p.Name, p.Value, bad))
		}
		switch {
		case p.Name == "ParameterName":
			// A parameter's identity across instances (the fixtures'
			// StaticSwitchParameter paste writes it next to the name).
			lines = append(lines, "ExpressionGUID="+guid(a.Name, "parameter", n.ID))
		case n.Class == "FunctionInput" && p.Name == "InputName":
			lines = append(lines, "Id="+guid(objectName(a.Name), "function-input", 0, p.Value))
		case n.Class == "FunctionOutput" && p.Name == "OutputName":
			lines = append(lines, "Id="+guid(objectName(a.Name), "function-output", 0, p.Value))
		}
	}
	if n.Class == "NamedRerouteDeclaration" {
		// Its name is the expression's `Name` property, as Unreal writes
		// it. ueblueprint 3.0.0 reads that property as the object's own
		// name, so it misses the expression object and titles the node
		// "Material Graph Node": a limit of that reader, not of the paste.
		if _, ok := n.Prop("NodeColor"); !ok {
			name, _ := n.Prop("Name")
			lines = append(lines, "NodeColor="+rerouteColor(name))
		}
		lines = append(lines, "VariableGuid="+guid(a.Name, "var", n.ID))
	}
	return lines
}

// rerouteColor is a named reroute's NodeColor. The engine gives each new
// declaration a random fully saturated hue, so every paste writes one;
// here the hue is a hash of the name, so the text stays deterministic and
// a name keeps its colour in every asset. Channels are multiples of 1/256
// written with six decimals, as the engine's are.
func rerouteColor(name string) string {
	h := sha1.Sum([]byte(name))
	v := (int(h[0])<<8 | int(h[1])) % (6 * 256)
	up := float64(v%256) / 256 // the rising channel of this sixth of the hue circle
	down := 1 - up
	var r, g, b float64
	switch v / 256 {
	case 0:
		r, g = 1, up
	case 1:
		r, g = down, 1
	case 2:
		g, b = 1, up
	case 3:
		g, b = down, 1
	case 4:
		r, b = up, 1
	default:
		r, b = 1, down
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	return "(R=" + f(r) + ",G=" + f(g) + ",B=" + f(b) + ",A=1.000000)"
}

// crlfLines gives every line end of s the CR LF the editor's text boxes
// write.
func crlfLines(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
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

// guid hashes its parts (the asset or function name, a kind, an index and
// any names) into a GUID's 32 hex digits.
func guid(scope, kind string, i int, names ...string) string {
	key := scope + "\x00" + kind + "\x00" + strconv.Itoa(i)
	for _, n := range names {
		key += "\x00" + n
	}
	h := sha1.Sum([]byte(key))
	return strings.ToUpper(fmt.Sprintf("%x", h[:16]))
}

func pinID(asset string, node int, dir string, k int) string {
	return guid(asset, "pin-"+dir+"-"+strconv.Itoa(k), node)
}

// quoteT3D quotes a string as the engine's text export does.
func quoteT3D(s string) string { return `"` + t3dEscaper.Replace(s) + `"` }

// t3dEscaper is built once: a Replacer built per quoted string was half of
// WriteT3D's time on a large graph.
var t3dEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`)

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

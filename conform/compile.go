package conform

// The `compile` entry point (GOLDENS.md §2, Legacy/Compile): the goldens
// were seeded from a ThinCustom capture, so `assets[].nodeCount` counts
// every material output as a NamedRerouteDeclaration + NamedRerouteUsage
// pair besides the expressions, which is what emit counts (SEMANTICS D2).
// The graphDump is compared as a set of classes (with the properties that
// tell equal-class nodes apart: values, names, mask channels, coordinate
// index) and labelled edges, so that two graphs built in different orders
// compare; positions, GUIDs and the remaining properties are not compared.

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"reuselab/emit"
	"reuselab/ir"
)

// compareAssets checks the emitted assets against a compile golden and
// records what it compared in r; it returns the disagreements. With a
// dump context the graphDump is also written and compared whole (field by
// field, and byte for byte in byte mode).
func compareAssets(r *Result, gd Golden, assets []*emit.Asset, dc *dumpContext) []string {
	var problems []string
	r.AssetsCompared = true
	r.AssetsOK = true
	if len(assets) != len(gd.Assets) {
		r.AssetsOK = false
		problems = append(problems, fmt.Sprintf("%d assets, want %d", len(assets), len(gd.Assets)))
	}
	dumps, derr := parseGraphDump(gd.GraphDump)
	compareGraph := gd.GraphDump != "" && !gd.GraphPending
	if compareGraph && derr != nil {
		problems = append(problems, "graphDump unreadable: "+derr.Error())
		compareGraph = false
	}
	if compareGraph {
		r.GraphCompared, r.GraphOK = true, true
	}
	if compareGraph && dc != nil {
		problems = append(problems, compareWholeDump(r, gd.GraphDump, assets, dc)...)
	}
	for i, ga := range gd.Assets {
		if i >= len(assets) {
			break
		}
		a := assets[i]
		if len(a.Nodes) != ga.NodeCount {
			r.AssetsOK = false
			problems = append(problems, fmt.Sprintf("%s: %d asset nodes, want nodeCount %d", ga.Name, len(a.Nodes), ga.NodeCount))
		}
		if !compareGraph {
			continue
		}
		dn, ok := dumps[ga.Name]
		if !ok {
			r.GraphOK = false
			problems = append(problems, ga.Name+": no graphDump for the asset")
			continue
		}
		ours, theirs := assetEdges(a), dumpEdges(dn)
		if ours != theirs {
			r.GraphOK = false
			problems = append(problems, ga.Name+": graphDump classes/edges differ: "+firstSetDiff(ours, theirs))
		}
		if ours, theirs := declNames(a), dumpDeclNames(dn); ours != theirs {
			r.GraphOK = false
			problems = append(problems, fmt.Sprintf("%s: reroute names %s, want %s", ga.Name, ours, theirs))
		}
	}
	return problems
}

// CompareAssets checks assets emitted from a source against a compile
// golden, as conform does for the goldens whose source sits beside them;
// it returns the disagreements. Tests use it on sources found elsewhere
// (the fork's copies of sources the upstream index lacks).
func CompareAssets(gd Golden, assets []*emit.Asset) []string {
	return compareAssets(&Result{}, gd, assets, nil)
}

// declNames lists the asset's NamedRerouteDeclaration names, sorted.
func declNames(a *emit.Asset) string {
	var s []string
	for _, n := range a.Nodes {
		if v, ok := n.Prop("Name"); ok && n.Class == "NamedRerouteDeclaration" {
			s = append(s, v)
		}
	}
	sort.Strings(s)
	return strings.Join(s, ",")
}

func dumpDeclNames(ns []dumpNode) string {
	var s []string
	for _, n := range ns {
		if strings.HasSuffix(n.Class, "NamedRerouteDeclaration") {
			s = append(s, fmt.Sprint(n.Props["Name"]))
		}
	}
	sort.Strings(s)
	return strings.Join(s, ",")
}

type dumpNode struct {
	Class  string         `json:"class"`
	ID     string         `json:"id"`
	Props  map[string]any `json:"props"`
	Inputs []struct {
		From   string `json:"from"`
		Name   string `json:"name"`
		Output int    `json:"output"`
	} `json:"inputs"`
}

var (
	dumpHeader   = regexp.MustCompile(`(?m)^=== (.*?) \((.*?)\) ===\n`)
	danglingTail = regexp.MustCompile(`,\s*}\s*$`)
	numRe        = regexp.MustCompile(`-?\d+(\.\d+)?(e[-+]?\d+)?`)
)

// parseGraphDump splits a golden's graphDump into its assets by name (each
// JSON body ends in a dangling comma where the root keys were removed).
func parseGraphDump(s string) (map[string][]dumpNode, error) {
	out := map[string][]dumpNode{}
	locs := dumpHeader.FindAllStringSubmatchIndex(s, -1)
	for i, l := range locs {
		end := len(s)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		body := danglingTail.ReplaceAllString(strings.TrimSpace(s[l[1]:end]), "}")
		var d struct {
			Nodes []dumpNode `json:"nodes"`
		}
		if err := json.Unmarshal([]byte(body), &d); err != nil {
			return nil, err
		}
		out[s[l[2]:l[3]]] = d.Nodes
	}
	return out, nil
}

// nums canonicalises the numbers of a property text to float32 precision:
// the dump prints float32 properties (0.600000024), the emitter the IR's
// doubles (0.6).
func nums(s string) string {
	var out []string
	for _, m := range numRe.FindAllString(s, -1) {
		var f float64
		fmt.Sscan(m, &f)
		out = append(out, fmt.Sprintf("%.5g", float32(f)))
	}
	return strings.Join(out, ",")
}

// nodeLabel is a node's class and the properties that tell equal-class
// nodes apart.
func nodeLabel(class string, prop func(string) (string, bool)) string {
	get := func(k string) string { v, _ := prop(k); return v }
	key := ""
	switch class {
	case "ComponentMask":
		for _, c := range []string{"R", "G", "B", "A"} {
			if strings.EqualFold(get(c), "true") {
				key += c
			}
		}
	case "Constant":
		key = nums(get("R"))
	case "Constant2Vector":
		key = nums(get("R") + "," + get("G"))
	case "Constant3Vector", "Constant4Vector":
		key = nums(get("Constant"))
	case "ScalarParameter", "VectorParameter":
		key = get("ParameterName") + ":" + nums(get("DefaultValue"))
	case "TextureCoordinate":
		key = nums(get("CoordinateIndex"))
		if key == "" {
			key = "0"
		}
	case "NamedRerouteDeclaration":
		key = get("Name")
	}
	return class + "{" + key + "}"
}

// edgeSet describes a graph by its node labels and labelled edges, sorted.
func edgeSet(labels []string, edges []string) string {
	l := append([]string(nil), labels...)
	sort.Strings(l)
	e := append([]string(nil), edges...)
	sort.Strings(e)
	return strings.Join(l, ";") + "|" + strings.Join(e, ";")
}

func assetEdges(a *emit.Asset) string {
	labels := make([]string, len(a.Nodes))
	for i := range a.Nodes {
		labels[i] = nodeLabel(a.Nodes[i].Class, a.Nodes[i].Prop)
	}
	var edges []string
	for _, n := range a.Nodes {
		for _, in := range n.Inputs {
			edges = append(edges, fmt.Sprintf("%s/%d/%s/%s", labels[in.From], in.OutputIndex, labels[n.ID], in.Pin))
		}
	}
	return edgeSet(labels, edges)
}

func dumpEdges(ns []dumpNode) string {
	byID := map[string]string{}
	var labels []string
	for _, n := range ns {
		props := n.Props
		c := nodeLabel(strings.TrimPrefix(n.Class, "/Script/Engine.MaterialExpression"), func(k string) (string, bool) {
			v, ok := props[k]
			return fmt.Sprint(v), ok && v != nil
		})
		byID[n.ID] = c
		labels = append(labels, c)
	}
	var edges []string
	for _, n := range ns {
		for _, in := range n.Inputs {
			edges = append(edges, fmt.Sprintf("%s/%d/%s/%s", byID[in.From], in.Output, byID[n.ID], dumpPinName(n.Class, in.Name)))
		}
	}
	return edgeSet(labels, edges)
}

// firstSetDiff names the first element one side of two edgeSet texts has
// and the other lacks.
func firstSetDiff(ours, theirs string) string {
	split := func(s string) map[string]int {
		m := map[string]int{}
		for _, part := range strings.Split(s, "|") {
			for _, x := range strings.Split(part, ";") {
				m[x]++
			}
		}
		return m
	}
	o, t := split(ours), split(theirs)
	var extra, lack []string
	for k, n := range o {
		if t[k] < n {
			extra = append(extra, k)
		}
	}
	for k, n := range t {
		if o[k] < n {
			lack = append(lack, k)
		}
	}
	sort.Strings(extra)
	sort.Strings(lack)
	return fmt.Sprintf("ours has %v, golden has %v", head(extra, 3), head(lack, 3))
}

func head(xs []string, n int) []string {
	if len(xs) > n {
		return xs[:n]
	}
	return xs
}

// dumpPinName maps a pin as the editor's dump names it (the display
// name) to the property name the emitter writes: a StaticSwitch's
// True/False inputs are its A/B, a FunctionOutput's one unnamed input is
// A, a MaterialFunctionCall's inputs carry their type, "UV (V2)", and the
// vertical layering's Base and Thickness show as "Bottom" and "Top
// Thickness".
func dumpPinName(class, pin string) string {
	short := strings.TrimPrefix(class, "/Script/Engine.MaterialExpression")
	switch {
	case short == "StaticSwitch" && pin == "True":
		return "A"
	case short == "StaticSwitch" && pin == "False":
		return "B"
	case short == "FunctionOutput" && pin == "":
		return "A"
	case short == "MaterialFunctionCall":
		return callPinType.ReplaceAllString(pin, "")
	case short == "SubstrateVerticalLayering" && pin == "Top Thickness":
		return "Thickness"
	case short == "SubstrateVerticalLayering" && pin == "Bottom":
		return "Base"
	}
	// Other display names are the property's words spaced apart:
	// "Second Roughness Weight" is SecondRoughnessWeight.
	return strings.ReplaceAll(pin, " ", "")
}

// callPinType is the type a function call's input shows after its name.
var callPinType = regexp.MustCompile(` \([A-Za-z0-9]+\)$`)

// legacyThinCustom says whether a 1.x compile builds ThinCustom instances:
// the Legacy/Compile goldens were captured with ThinCustom, the 1.x
// default, so only a material that asks for the Graph backend is not.
func legacyThinCustom(m *ir.Module) bool {
	if m == nil {
		return true
	}
	for _, g := range m.Products {
		if g.Kind == ir.Material && strings.EqualFold(g.Backend, "Graph") && hasBackendSetting(g) {
			return false
		}
	}
	return true
}

func hasBackendSetting(g *ir.Graph) bool {
	for _, s := range g.Settings {
		if strings.EqualFold(s.Key, "Backend") {
			return true
		}
	}
	return false
}

// generateLayerSource finds a Legacy/Compile golden's source that
// upstream's index lacks in a sibling repository's Tests/Corpus/Generate,
// the layer's name before upstream moved it under Legacy/Compile: the
// sources there name their assets DreamShaderTests/Generate/… as the
// Legacy/Compile sources upstream keeps do. It returns the source and the
// sibling's folder name, or "" and "".
func generateLayerSource(corpusRoot, stem string) (string, string) {
	rest, ok := strings.CutPrefix(stem, "Legacy/Compile/")
	if !ok {
		return "", ""
	}
	return forkSource(corpusRoot, "Generate/"+rest)
}

// noteGenerateLayerSource says, on a fixture run from such a source,
// where it came from.
func noteGenerateLayerSource(r *Result) {
	if r.Fork != "" && r.Status != Skip {
		r.Detail += " (source from the fork " + r.Fork + "'s Generate/, the layer's earlier name)"
	}
}

// lookForSource finds a source the golden's folder lacks: a Parity
// golden's in the Examples, then one of its name in the extra source
// folders, then a Legacy/Compile golden's in a sibling's Generate layer.
// It returns what notes the find on the fixture's line once it has run.
func lookForSource(r *Result, root, name string, dirs []string) func() {
	if r.Source != "" {
		return func() {}
	}
	if r.Source = paritySource(root, r.Stem); r.Source != "" {
		return func() {
			if r.Status != Skip {
				r.Detail += " (source from IR/Examples, the Examples the Parity goldens were built from)"
			}
		}
	}
	if r.Source = sourceElsewhere(name, dirs); r.Source != "" {
		return func() { noteSourceElsewhere(r) }
	}
	r.Source, r.Fork = generateLayerSource(root, r.Stem)
	return func() { noteGenerateLayerSource(r) }
}

// compileDumpContext is what writing a compile golden's graphDump needs:
// the module, whether its materials are ThinCustom instances and the
// run's byte mode.
func compileDumpContext(r Result, m *ir.Module, opts Options) *dumpContext {
	dc := &dumpContext{module: m, bytes: opts.GraphBytes}
	if r.DSS {
		dc.opt.ThinCustom = sourceIsThinCustom(r.Source)
	} else {
		dc.opt.ThinCustom = legacyThinCustom(m)
	}
	return dc
}

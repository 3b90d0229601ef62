package conform

// The graphDump of a compile golden, written from reuselab's emitted
// assets the way upstream's dump-graph writes the editor's assets
// (GOLDENS.md §2; upstream's Commandlet/DreamShaderGraphDump and the
// Compile corpus runner's normalisation): per asset, in name order, a
// `=== Name (Kind) ===` line and the asset's canonical JSON without the
// root keys that say where it came from (`asset`, `plugin`, `source`).
//
// Node identity is traversal order: post-order depth first from the
// sinks (a material's inputs in EMaterialProperty order, a function's
// outputs by sort priority), children in engine input order and a
// reroute usage's declaration after them; then the nodes no sink reaches,
// by class path and their props' one-line key. So `from` always names an
// earlier node and the count of the order is the asset's nodeCount.

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"reuselab/emit"
	"reuselab/ir"
	"reuselab/sourcefile"
)

const classPathPrefix = "/Script/Engine.MaterialExpression"

// dumpAsset is one emitted asset with the graph it was emitted from (nil
// when unknown: settings and function signatures then print defaults).
type dumpAsset struct {
	asset *emit.Asset
	graph *ir.Graph
	thin  bool // built by the ThinCustom backend: an instance over a hidden base
}

// DumpOptions say what the assets do not: which materials the ThinCustom
// backend builds (a `.dss` says it in `#pragma material(Backend = …)`,
// which the IR does not keep).
type DumpOptions struct {
	ThinCustom bool
}

// GraphDumpText writes the golden-format graphDump of the assets emitted
// from m.
func GraphDumpText(m *ir.Module, assets []*emit.Asset, opt DumpOptions) string {
	return writeGraphDump(m, assets, opt, nil)
}

// writeGraphDump writes the graphDump of assets; instances holds what a
// MaterialInstance asset prints, by asset name.
func writeGraphDump(m *ir.Module, assets []*emit.Asset, opt DumpOptions, instances map[string]instanceDump) string {
	var das []dumpAsset
	for i, a := range assets {
		da := dumpAsset{asset: a, thin: opt.ThinCustom && a.Kind == "Material", graph: graphOf(m, a.Name)}
		if da.graph == nil && m != nil && i < len(m.Products) && m.Products[i].Name == a.Name {
			da.graph = m.Products[i]
		}
		das = append(das, da)
	}
	sort.SliceStable(das, func(i, j int) bool { return leafName(das[i].asset.Name) < leafName(das[j].asset.Name) })
	var parts []string
	for _, da := range das {
		var root *dumpValue
		kind := ""
		if d, ok := instances[da.asset.Name]; ok && da.asset.Kind == "MaterialInstance" {
			root, kind = instanceRoot(d), "MaterialInstance"
		} else {
			root, kind = dumpRoot(da, das)
		}
		var b strings.Builder
		root.write(&b, 0)
		parts = append(parts, "=== "+leafName(da.asset.Name)+" ("+kind+") ===", normaliseDump(b.String()+"\n"))
	}
	return strings.Join(parts, "\n")
}

// leafName is an asset's name without its folder: a 1.x Shader(Name=…)
// may give a path, the golden names the asset.
func leafName(name string) string {
	return name[strings.LastIndexByte(name, '/')+1:]
}

// normaliseDump drops the root members the golden runner drops. The root
// JSON keeps the comma its removed neighbour needed, as the runner's
// line-based removal leaves it.
func normaliseDump(s string) string {
	lines := strings.Split(s, "\n")
	var kept []string
	inSource := false
	for _, l := range lines {
		if inSource {
			if l == "  }," || l == "  }" {
				inSource = false
			}
			continue
		}
		switch {
		case strings.HasPrefix(l, `  "source": {`):
			inSource = true
			continue
		case strings.HasPrefix(l, `  "asset": `), strings.HasPrefix(l, `  "plugin": `):
			continue
		}
		kept = append(kept, l)
	}
	return strings.Join(kept, "\n")
}

// dumpRoot builds an asset's root object and names its kind.
func dumpRoot(da dumpAsset, all []dumpAsset) (*dumpValue, string) {
	a, g := da.asset, da.graph
	root := jObject()
	root.set("schema", jInt(1))
	root.set("plugin", jString(""))
	root.set("source", jObject().set("path", jString("")).set("root", jString("")))
	root.set("asset", jString(""))
	kind := a.Kind
	if g != nil {
		kind = g.Kind.String()
	}
	thin := da.thin || (g != nil && g.Kind == ir.Material && strings.EqualFold(g.Backend, "ThinCustom"))
	order := traverse(a)
	switch {
	case thin:
		kind = "ThinCustomInstance"
		root.set("backend", jString("ThinCustom"))
		root.set("instance", thinInstance())
	default:
		root.set("backend", jString("Graph"))
	}
	root.set("kind", jString(kind))
	root.set("nodes", dumpNodes(da, order, all))
	if kind == "Material" || thin {
		root.set("properties", materialProperties(a, order))
		root.set("settings", materialSettings(g))
		return root, kind
	}
	root.set("settings", functionSettings(g))
	root.set("inputs", functionInputs(a))
	root.set("outputs", functionOutputs(a, g))
	return root, kind
}

// thinInstance is a ThinCustom product's instance section: no parameter
// overrides on a freshly compiled instance, its parent a Material.
func thinInstance() *dumpValue {
	params := jObject()
	for _, name := range []string{"DoubleVectorParameterValues", "FontParameterValues",
		"ParameterCollectionParameterValues", "RuntimeVirtualTextureParameterValues", "ScalarParameterValues",
		"SparseVolumeTextureParameterValues", "StaticComponentMaskParameters", "StaticSwitchParameters",
		"TextureCollectionParameterValues", "TextureParameterValues", "VectorParameterValues"} {
		params.set(name, jArray())
	}
	return jObject().set("parameters", params).set("parent", jObject().set("kind", jString("Material")))
}

// materialPropertyOrder is EMaterialProperty's declaration order, the
// order the dump visits a material's inputs in.
var materialPropertyOrder = []string{"EmissiveColor", "Opacity", "OpacityMask", "DiffuseColor", "SpecularColor",
	"BaseColor", "Metallic", "Specular", "Roughness", "Anisotropy", "Normal", "Tangent", "WorldPositionOffset",
	"WorldDisplacement_DEPRECATED", "TessellationMultiplier_DEPRECATED", "SubsurfaceColor", "CustomData0",
	"CustomData1", "AmbientOcclusion", "Refraction", "CustomizedUVs0", "CustomizedUVs1", "CustomizedUVs2",
	"CustomizedUVs3", "CustomizedUVs4", "CustomizedUVs5", "CustomizedUVs6", "CustomizedUVs7", "PixelDepthOffset",
	"ShadingModel", "FrontMaterial", "SurfaceThickness", "Displacement", "MaterialAttributes", "CustomOutput"}

// materialPropertyAlias maps 1.x attribute names to the engine's.
var materialPropertyAlias = map[string]string{"ClearCoat": "CustomData0", "ClearCoatRoughness": "CustomData1"}

func propertyRank(target string) int {
	if a, ok := materialPropertyAlias[target]; ok {
		target = a
	}
	for i, p := range materialPropertyOrder {
		if p == target {
			return i
		}
	}
	return len(materialPropertyOrder)
}

// sinks lists the nodes the traversal starts from.
func sinks(a *emit.Asset) []int {
	if a.Kind == "Material" {
		outs := append([]emit.Output(nil), a.Outputs...)
		sort.SliceStable(outs, func(i, j int) bool { return propertyRank(outs[i].Target) < propertyRank(outs[j].Target) })
		var s []int
		for _, o := range outs {
			s = append(s, o.Node)
		}
		return s
	}
	var fo []int
	for i := range a.Nodes {
		if a.Nodes[i].Class == "FunctionOutput" {
			fo = append(fo, i)
		}
	}
	sort.SliceStable(fo, func(i, j int) bool { return sortPriority(&a.Nodes[fo[i]]) < sortPriority(&a.Nodes[fo[j]]) })
	return fo
}

func sortPriority(n *emit.AssetNode) int {
	v, _ := n.Prop("SortPriority")
	p := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			break
		}
		p = p*10 + int(c-'0')
	}
	return p
}

// connectedInputs lists a node's connected inputs in engine input order
// with their engine index.
type indexedInput struct {
	in    emit.Input
	index int
}

func connectedInputs(n *emit.AssetNode) []indexedInput {
	var out []indexedInput
	extra := len(n.Pins)
	for _, in := range n.Inputs {
		idx := -1
		for k, p := range n.Pins {
			if p == in.Pin {
				idx = k
				break
			}
		}
		if idx < 0 {
			idx = extra
			extra++
		}
		out = append(out, indexedInput{in, idx})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].index < out[j].index })
	return out
}

func children(a *emit.Asset, id int) []int {
	n := &a.Nodes[id]
	var c []int
	for _, ii := range connectedInputs(n) {
		c = append(c, ii.in.From)
	}
	if n.Class == "NamedRerouteUsage" && n.Decl >= 0 {
		c = append(c, n.Decl)
	}
	return c
}

// traverse orders the asset's nodes as the dump numbers them; the stack
// is explicit, so a deep graph cannot exhaust the call stack.
func traverse(a *emit.Asset) []int {
	visited := make([]bool, len(a.Nodes))
	onStack := make([]bool, len(a.Nodes))
	var order []int
	visit := func(start int) {
		if start < 0 || start >= len(a.Nodes) || visited[start] {
			return
		}
		type frame struct {
			node int
			kids []int
			next int
		}
		stack := []frame{{start, children(a, start), 0}}
		onStack[start] = true
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next < len(top.kids) {
				k := top.kids[top.next]
				top.next++
				if k >= 0 && k < len(a.Nodes) && !visited[k] && !onStack[k] {
					stack = append(stack, frame{k, children(a, k), 0})
					onStack[k] = true
				}
				continue
			}
			done := top.node
			stack = stack[:len(stack)-1]
			onStack[done] = false
			visited[done] = true
			order = append(order, done)
		}
	}
	for _, s := range sinks(a) {
		visit(s)
	}
	type pending struct {
		id         int
		class, key string
	}
	var rest []pending
	for i := range a.Nodes {
		if !visited[i] {
			var b strings.Builder
			nodePropsOf(&a.Nodes[i]).sortKey(&b)
			rest = append(rest, pending{i, classPathPrefix + a.Nodes[i].Class, b.String()})
		}
	}
	sort.SliceStable(rest, func(i, j int) bool {
		if rest[i].class != rest[j].class {
			return rest[i].class < rest[j].class
		}
		return rest[i].key < rest[j].key
	})
	for _, p := range rest {
		visit(p.id)
	}
	return order
}

// nodePropsOf is a node's props object.
func nodePropsOf(n *emit.AssetNode) *dumpValue {
	return nodeProps(n.Class, n.Prop, func() []string {
		var names []string
		for _, p := range n.Props {
			names = append(names, p.Name)
		}
		return names
	})
}

func nodeID(pos map[int]int, id int) string { return "n" + itoa(pos[id]) }

func itoa(i int) string { return jInt(int64(i)).text }

// dumpNodes writes the nodes in traversal order.
func dumpNodes(da dumpAsset, order []int, all []dumpAsset) *dumpValue {
	a := da.asset
	pos := map[int]int{}
	for k, id := range order {
		pos[id] = k
	}
	nodes := jArray()
	for k, id := range order {
		n := &a.Nodes[id]
		obj := jObject()
		obj.set("id", jString("n"+itoa(k)))
		obj.set("class", jString(classPathPrefix+n.Class))
		obj.set("props", nodePropsOf(n))
		inputs := jArray()
		for _, ii := range connectedInputs(n) {
			if _, ok := pos[ii.in.From]; !ok {
				continue
			}
			c := connection(pos, ii.in.From, ii.in.OutputIndex, ii.in.Mask)
			c.set("index", jInt(int64(ii.index)))
			if name, ok := pinDisplayName(n, ii.in.Pin, da.graph, all); ok {
				c.set("name", jString(name))
			} else {
				c.set("name", jNull())
			}
			inputs.add(c)
		}
		obj.set("inputs", inputs)
		if n.Class == "NamedRerouteUsage" {
			decl := jNull()
			if n.Decl >= 0 && n.Decl < len(a.Nodes) {
				if name, ok := a.Nodes[n.Decl].Prop("Name"); ok {
					decl = jString(name)
				}
			}
			obj.set("reroute", jObject().set("declaration", decl))
		}
		nodes.add(obj)
	}
	return nodes
}

// connection is `{from, output, mask}` for one connected pin.
func connection(pos map[int]int, from, output int, mask string) *dumpValue {
	c := jObject().set("from", jString(nodeID(pos, from))).set("output", jInt(int64(output)))
	if mask == "" {
		c.set("mask", jNull())
	} else {
		c.set("mask", jString(mask))
	}
	return c
}

// materialProperties maps each connected material input to its source.
func materialProperties(a *emit.Asset, order []int) *dumpValue {
	pos := map[int]int{}
	for k, id := range order {
		pos[id] = k
	}
	props := jObject()
	for _, o := range a.Outputs {
		if _, ok := pos[o.Node]; !ok {
			continue
		}
		target := o.Target
		if al, ok := materialPropertyAlias[target]; ok {
			target = al
		}
		props.set("MP_"+target, connection(pos, o.Node, o.Pin, ""))
	}
	return props
}

// thinCustomPragma finds `Backend = ThinCustom` in a `.dss` source's
// `#pragma material(…)`.
var thinCustomPragma = regexp.MustCompile(`(?m)^[ \t]*#pragma[ \t]+material[ \t]*\([^)\n]*\bBackend[ \t]*=[ \t]*"?ThinCustom\b`)

// sourceIsThinCustom says whether a `.dss` source asks for the ThinCustom
// backend; an unreadable source says no.
func sourceIsThinCustom(path string) bool {
	data, err := sourcefile.Read(path, filepath.Dir(path), sourcefile.MaxFileBytes)
	return err == nil && thinCustomPragma.Match(data)
}

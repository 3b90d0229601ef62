package conform

// The graphDump of a `.dsi` compile golden (Instance/): each instance of
// the chain as upstream's dump writes a MaterialInstance — its parent (kind
// and path), its parameter overrides by engine array, its property
// settings — and the `.dss` parent material as any material.

import (
	"strconv"
	"strings"

	"reuselab/compiler/dss"
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/ir"
)

// instanceDump is one instance of a chain with what its dump prints.
type instanceDump struct {
	in         *dss.Instance
	parentKind string // Material, MaterialInstanceConstant, or None when refused
}

// instanceArrays are the parameter arrays a material instance has, each
// printed whether or not it holds anything.
var instanceArrays = []string{"DoubleVectorParameterValues", "FontParameterValues",
	"ParameterCollectionParameterValues", "RuntimeVirtualTextureParameterValues", "ScalarParameterValues",
	"SparseVolumeTextureParameterValues", "TextureCollectionParameterValues", "TextureParameterValues",
	"VectorParameterValues"}

// overrideArray names the array an override of kind is stored in.
var overrideArray = map[string]string{
	"Scalar": "ScalarParameterValues", "Vector": "VectorParameterValues", "Texture": "TextureParameterValues",
	"Font": "FontParameterValues", "RuntimeVirtualTexture": "RuntimeVirtualTextureParameterValues",
	"SparseVolumeTexture": "SparseVolumeTextureParameterValues",
}

// instanceRoot builds a MaterialInstance's root object.
func instanceRoot(d instanceDump) *dumpValue {
	root := jObject()
	root.set("schema", jInt(1))
	root.set("plugin", jString(""))
	root.set("source", jObject().set("path", jString("")).set("root", jString("")))
	root.set("asset", jString(""))
	root.set("kind", jString("MaterialInstance"))
	params := jObject()
	arrays := map[string][]*dumpValue{}
	var switches, masks []*dumpValue
	settings := jObject()
	parent := jObject().set("kind", jString("None")).set("path", jString(""))
	if d.parentKind != "None" {
		parent = jObject().set("kind", jString(d.parentKind)).set("path", objectValue("Parent", d.in.Parent))
		for _, o := range d.in.Overrides {
			switch o.Kind {
			case "StaticSwitch":
				switches = append(switches, jObject().set("name", jString(o.Param)).
					set("value", jBool(strings.EqualFold(o.Value, "true"))).set("override", jBool(true)))
			case "StaticComponentMask":
				ch := boolChannels(o.Value)
				m := jObject().set("name", jString(o.Param)).set("override", jBool(true))
				for i, c := range []string{"r", "g", "b", "a"} {
					m.set(c, jBool(ch[i]))
				}
				masks = append(masks, m)
			default:
				if name, ok := overrideArray[o.Kind]; ok {
					arrays[name] = append(arrays[name], overrideEntry(o))
				}
			}
		}
		for _, st := range d.in.Settings {
			settings.set(st.Key, jString(st.Value))
		}
	}
	for _, name := range instanceArrays {
		params.set(name, sortedArray(arrays[name]))
	}
	params.set("StaticSwitchParameters", sortedArray(switches))
	params.set("StaticComponentMaskParameters", sortedArray(masks))
	root.set("instance", jObject().set("parameters", params).set("parent", parent).set("settings", settings))
	return root
}

// overrideEntry is one element of a parameter array: the engine struct's
// fields, GUIDs left out, as the dump writes them.
func overrideEntry(o dss.Override) *dumpValue {
	info := jObject().set("Association", jString("GlobalParameter")).set("Index", jInt(-1)).set("Name", jString(o.Param))
	e := jObject().set("ParameterInfo", info).set("ParameterName", jString("None"))
	switch o.Kind {
	case "Scalar":
		f, _ := strconv.ParseFloat(strings.TrimSpace(o.Value), 64)
		e.set("ParameterValue", jFloat32(f))
		e.set("AtlasData", jObject().set("Atlas", jNull()).set("Curve", jNull()).set("bIsUsedAsAtlasPosition", jBool(false)))
	case "Vector":
		ch := structChannels(o.Value, 4, 1)
		e.set("ParameterValue", jObject().set("R", jFloat32(ch[0])).set("G", jFloat32(ch[1])).
			set("B", jFloat32(ch[2])).set("A", jFloat32(ch[3])))
	default:
		e.set("ParameterValue", objectValue(o.Kind, o.Value))
	}
	return e
}

// sortedArray orders entries by their one-line key, as the dump does: an
// instance's arrays are in whatever order its last update left.
func sortedArray(items []*dumpValue) *dumpValue {
	type keyed struct {
		key string
		v   *dumpValue
	}
	ks := make([]keyed, len(items))
	for i, it := range items {
		var b strings.Builder
		it.sortKey(&b)
		ks[i] = keyed{b.String(), it}
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j].key < ks[j-1].key; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	arr := jArray()
	for _, k := range ks {
		arr.add(k.v)
	}
	return arr
}

// instanceChain is what building an instance makes, for the asset and
// dump comparison: its chain's instances (no nodes) and the `.dss` parent
// material's assets, with the instances' dump data and the parent's
// module. Which assets appear follows instanceAssets.
func instanceChain(in *dss.Instance, ds diag.List, markers func(string) string) ([]*emit.Asset, *dumpContext) {
	assets := instanceAssets(in, ds, markers)
	dc := &dumpContext{instances: map[string]instanceDump{}}
	if in == nil {
		return assets, dc
	}
	refused := ds.HasErrors()
	cur := in
	for depth := 0; cur != nil && depth < 16; depth++ {
		kind := "MaterialInstanceConstant"
		if strings.HasSuffix(cur.ParentSource, ".dss") || cur.ParentSource == "" {
			kind = "Material"
		}
		if refused && cur == in {
			kind = "None"
		}
		dc.instances[cur.Name] = instanceDump{in: cur, parentKind: kind}
		parent := cur.ParentSource
		if parent == "" {
			break
		}
		if strings.HasSuffix(parent, ".dss") {
			m, _, _ := compileDSS(parent, Golden{}, markers)
			dc.module = m
			break
		}
		cur, _ = dss.CompileInstance(parent, dss.Options{Root: dirOf(parent)})
	}
	return assets, dc
}

func dirOf(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[:i]
	}
	return "."
}

// graphOf finds the product of m an asset was emitted from, by name.
func graphOf(m *ir.Module, name string) *ir.Graph {
	if m == nil {
		return nil
	}
	for _, g := range m.Products {
		if g.Name == name {
			return g
		}
	}
	return nil
}

// boolChannels reads four booleans (true/false or numbers) from a value's
// text, false for any missing.
func boolChannels(v string) [4]bool {
	var out [4]bool
	i := 0
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return strings.ContainsRune("(), \t", r) }) {
		if i == 4 {
			break
		}
		switch strings.ToLower(f) {
		case "true", "1":
			out[i] = true
			i++
		case "false", "0":
			i++
		}
	}
	return out
}

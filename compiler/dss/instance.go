package dss

// `.dsi` material instances: a file of `uniform` overrides of a parent
// material's parameters under one `#pragma instance(Parent = …, Key = …)`.
// An instance has no graph. The parent is resolved among the sources
// beside the file (a bare name, or the leaf of an object path); when none
// is found the overrides are checked for their shape only (DSH7263). The
// codes are upstream's (DSH7250–7270 for the binder, DSH8249/8251/8263 for
// the key table and the parent chain).

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/diag"
	"reuselab/sourcefile"
)

// Instance is a bound `.dsi`: its parent, settings and overrides.
type Instance struct {
	File     string // the source's leaf name
	Name     string // the asset name: the file stem, dots as underscores
	Parent   string // as written
	Schema   bool   // the parent's parameters were found beside the file
	Params   int    // how many parameters the parent declares (Schema only)
	Settings []InstanceSetting
	// ParentSource is the parent's source path when Schema holds.
	ParentSource string
	Overrides    []Override
	// paramsCache is the parent's parameters, for an instance of this one.
	paramsCache map[string]parentParam
}

// InstanceSetting is one `Key = Value` of the pragma besides Parent.
type InstanceSetting struct{ Key, Value string }

// Override is one parameter the instance sets.
type Override struct {
	Param string // the engine parameter name (`@name`, else the variable)
	Var   string // the variable, when `@name` renames it
	Kind  string // Scalar, Vector, StaticSwitch, StaticComponentMask, Texture, Font, …
	Type  string // as declared
	Value string // as the dump prints it
	Page  int    // Font page; -1 when absent
}

// parentParam is one uniform a parent declares; unread marks one its
// build never reads, so that the material has no such parameter.
type parentParam struct {
	name, typ string
	static    bool
	unread    bool
}

// maxInstanceChain bounds the parent chain an instance of an instance
// walks, so that a cycle of files cannot recurse without end.
const maxInstanceChain = 16

// instanceKeys are the material properties `#pragma instance` may set
// (DSH7254's list: the ones an instance can override).
var instanceKeys = map[string]bool{
	"BlendMode": true, "TwoSided": true, "ShadingModel": true, "OpacityMaskClipValue": true,
	"DitheredLODTransition": true, "CastDynamicShadowAsMasked": true, "OutputTranslucentVelocity": true,
	"IsThinSurface": true, "DisplacementScaling": true, "MaxWorldPositionOffsetDisplacement": true,
}

// assetKinds are the parameter types an override names by `@default`.
var assetKinds = map[string]string{
	"Texture2D": "Texture", "Texture": "Texture", "TextureCube": "Texture", "Texture2DArray": "Texture",
	"TextureCubeArray": "Texture", "Texture3D": "Texture", "VolumeTexture": "Texture",
	"Font": "Font", "RuntimeVirtualTexture": "RuntimeVirtualTexture", "SparseVolumeTexture": "SparseVolumeTexture",
	"TextureCollection": "TextureCollection", "ParameterCollection": "ParameterCollection",
}

// CompileInstance reads and binds a `.dsi`. The instance is nil when the
// file cannot be read or parsed.
func CompileInstance(path string, opts Options) (*Instance, diag.List) {
	_, read := opts.reader(path)
	b := &instanceBinder{path: path, read: read, opts: opts}
	in := b.bind(path, 0, map[string]bool{})
	return in, b.diags
}

type instanceBinder struct {
	opts  Options
	path  string
	read  func(string) (string, error)
	diags diag.List
}

func (b *instanceBinder) at(p syntax.Pos) diag.Pos {
	return diag.Pos{File: b.path, Line: p.Line, Col: p.Col}
}

// bind binds the instance at path; depth and seen guard the parent chain.
// Only the outermost file (depth 0) reports diagnostics.
func (b *instanceBinder) bind(path string, depth int, seen map[string]bool) *Instance {
	src, err := b.read(path)
	if err != nil {
		if depth == 0 {
			b.diags.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, sourcefile.Code(err), "cannot read %s: %v", path, err)
		}
		return nil
	}
	pf, ds := syntax.Parse(path, src)
	if depth == 0 {
		b.diags.Items = append(b.diags.Items, ds.Items...)
	}
	leaf := filepath.Base(path)
	stem := strings.TrimSuffix(leaf, filepath.Ext(leaf))
	in := &Instance{File: leaf, Name: strings.ReplaceAll(stem, ".", "_")}
	report := depth == 0
	errf := func(p syntax.Pos, code, format string, args ...any) {
		if report {
			b.diags.Errorf(b.at(p), code, format, args...)
		}
	}
	var pragma *syntax.PragmaDecl
	var vars []*syntax.VarDecl
	if report {
		// The parser keeps regions apart from the declarations; each
		// region line and its endregion is one ignored line.
		for _, rg := range pf.Regions {
			b.diags.Warnf(b.at(rg.Pos), "DSH7267", "'#pragma region' boxes or places graph nodes, and a '.dsi' has no graph; the line was ignored.")
			if rg.Closed {
				b.diags.Warnf(b.at(rg.Pos), "DSH7267", "'#pragma endregion' closes a box of graph nodes, and a '.dsi' has no graph; the line was ignored.")
			}
		}
	}
	for _, d := range pf.Decls {
		switch d := d.(type) {
		case *syntax.PragmaDecl:
			switch d.Name {
			case "instance":
				if pragma != nil {
					errf(d.Pos, "DSH7251", "'#pragma instance' is written a second time, and one '.dsi' is one material instance; the line %d already declares it.", pragma.Pos.Line)
					continue
				}
				pragma = d
			case "layout":
				if report {
					b.diags.Warnf(b.at(d.Pos), "DSH7267", "'#pragma layout' boxes or places graph nodes, and a '.dsi' has no graph; the line was ignored.")
				}
			default:
				errf(d.Pos, "DSH7254", "A '.dsi' is configured by '#pragma instance', and '#pragma %s' configures a material; write these keys in '#pragma instance(...)'.", d.Name)
			}
		case *syntax.RegionMark:
			if report {
				word := "region"
				if d.End {
					word = "endregion"
				}
				b.diags.Warnf(b.at(d.Pos), "DSH7267", "'#pragma %s' boxes or places graph nodes, and a '.dsi' has no graph; the line was ignored.", word)
			}
		case *syntax.VarDecl:
			if !d.Uniform {
				errf(d.Pos, "DSH7254", "A '.dsi' only assigns parameters of its parent, and this declaration is not a 'uniform'.")
				continue
			}
			vars = append(vars, d)
		case *syntax.FuncDecl:
			errf(d.Pos, "DSH7254", "A '.dsi' only assigns parameters of its parent, and '%s' is a function.", d.Name)
		case *syntax.StructDecl:
			errf(d.Pos, "DSH7254", "A '.dsi' only assigns parameters of its parent, and '%s' is a struct.", d.Name)
		case *syntax.IncludeDecl:
			errf(d.Pos, "DSH7254", "A '.dsi' only assigns parameters of its parent, and has no use for an include.")
		}
	}
	var schema map[string]parentParam
	if pragma == nil {
		errf(syntax.Pos{Line: 1, Col: 1}, "DSH7250", "A '.dsi' declares a material instance with '#pragma instance(Parent = ...)', and this file has none.")
	} else {
		schema = b.pragma(in, pragma, path, depth, seen, report)
	}
	if schema == nil && report {
		b.diags.Infof(diag.Pos{File: b.path, Line: 1, Col: 1}, "DSH7263", "The parameters of the parent are not available here, so the names and types of these overrides are checked only for their shape; compile the parent first, or check the file in the editor.")
	}
	if depth == 0 {
		b.overrides(in, vars, schema)
	}
	if schema != nil {
		in.Schema = true
		in.Params = len(schema)
		in.paramsCache = schema
	}
	return in
}

// pragma reads `#pragma instance(...)` into in and returns the parent's
// parameters, nil when they are not available.
func (b *instanceBinder) pragma(in *Instance, pd *syntax.PragmaDecl, path string, depth int, seen map[string]bool, report bool) map[string]parentParam {
	errf := func(p syntax.Pos, code, format string, args ...any) {
		if report {
			b.diags.Errorf(b.at(p), code, format, args...)
		}
	}
	firstLine := map[string]int{}
	hasParent := false
	for _, a := range pd.Args {
		if a.Key == "" {
			errf(a.Pos, "DSH3202", "'#pragma instance' takes 'Key = Value' pairs, and '%s' has no key.", a.Value)
			continue
		}
		if l, dup := firstLine[a.Key]; dup {
			errf(a.Pos, "DSH7253", "'%s' is set twice by '#pragma instance'; it was already set on line %d.", a.Key, l)
			continue
		}
		firstLine[a.Key] = a.Pos.Line
		switch {
		case a.Key == "Parent":
			hasParent = true
			in.Parent = a.Value
		case strings.HasPrefix(a.Key, "bOverride_"):
			errf(a.Pos, "DSH8251", "'%s' is an override flag, which setting the key itself writes; write the key.", a.Key)
		case !instanceKeys[a.Key]:
			errf(a.Pos, "DSH8249", "'%s' is not a property a material instance can override.", a.Key)
		default:
			in.Settings = append(in.Settings, InstanceSetting{a.Key, a.Value})
		}
	}
	if !hasParent || strings.TrimSpace(in.Parent) == "" {
		errf(pd.Pos, "DSH7252", "'Parent' in '#pragma instance' names the material this is an instance of, and it is empty.")
		return nil
	}
	leaf := in.Parent[strings.LastIndexAny(in.Parent, "/\\")+1:]
	if i := strings.IndexByte(leaf, '.'); i >= 0 {
		leaf = leaf[:i]
	}
	if leaf == in.Name || seen[leaf] {
		errf(pd.Pos, "DSH8263", "The instance's parent chain reaches '%s' again; an instance cannot be its own parent.", leaf)
		return nil
	}
	if depth >= maxInstanceChain {
		return nil
	}
	dir := filepath.Dir(path)
	if src := filepath.Join(dir, leaf+".dss"); b.exists(src) {
		if depth == 0 {
			in.ParentSource = src
		}
		return b.dssParams(src)
	}
	if src := filepath.Join(dir, leaf+".dsi"); b.exists(src) {
		if depth == 0 {
			in.ParentSource = src
		}
		seen[in.Name] = true
		if p := b.bind(src, depth+1, seen); p != nil && p.Schema {
			return p.paramsCache
		}
	}
	return nil
}

func (b *instanceBinder) exists(path string) bool {
	_, err := b.read(path)
	return err == nil
}

// overrides checks each `uniform` against the parent's parameters and
// records it.
func (b *instanceBinder) overrides(in *Instance, vars []*syntax.VarDecl, schema map[string]parentParam) {
	firstLine := map[string]int{}
	for _, v := range vars {
		for _, dc := range v.Vars {
			o, ok := b.override(v, dc, schema)
			if !ok {
				continue
			}
			if l, dup := firstLine[o.Param]; dup {
				b.diags.Errorf(b.at(dc.NamePos), "DSH7261", "'%s' is overridden a second time, and one instance sets a parameter once; the override on line %d already sets it.", o.Param, l)
				continue
			}
			firstLine[o.Param] = v.Pos.Line
			in.Overrides = append(in.Overrides, o)
		}
	}
}

func (b *instanceBinder) override(v *syntax.VarDecl, dc syntax.Declarator, schema map[string]parentParam) (Override, bool) {
	pos := b.at(dc.NamePos)
	o := Override{Param: dc.Name, Type: v.Type.Name, Page: -1}
	if n, ok := v.Doc.Get("name"); ok {
		o.Param, o.Var = strings.TrimSpace(n), dc.Name
	}
	var keys []syntax.DocKey
	if v.Doc != nil {
		keys = v.Doc.Keys
	}
	for _, k := range keys {
		switch k.Key {
		case "name", "static", "default", "page":
		default:
			b.diags.Warnf(b.at(k.Pos), "DSH7262", "'@%s' has no effect on an instance override, where only '@name' is read; remove it.", k.Key)
		}
	}
	_, static := v.Doc.Get("static")
	typ := v.Type.Name
	if dc.Array {
		b.diags.Errorf(pos, "DSH7269", "'%s' is an array, and an instance override assigns one parameter; override each element's parameter on its own.", dc.Name)
		return o, false
	}
	width, isBool, scalarOK := typeShape(typ)
	asset, isAsset := assetKinds[typ]
	if !scalarOK && !isAsset {
		b.diags.Errorf(pos, "DSH7269", "'%s' is declared '%s', which is no material parameter type.", dc.Name, typ)
		return o, false
	}
	if static && !(isBool && (width == 1 || width == 4)) {
		b.diags.Errorf(pos, "DSH7260", "'/// @static' on an instance override means a static switch ('uniform bool') or a static component mask ('uniform bool4'), and '%s' is declared '%s'.", dc.Name, typ)
	}
	page, hasPage := v.Doc.Get("page")
	if hasPage {
		n, err := strconv.Atoi(strings.TrimSpace(page))
		if err != nil || n < 0 || typ != "Font" {
			b.diags.Errorf(pos, "DSH7266", "'@page' takes one whole number of zero or more, and '%s' is not that.", strings.TrimSpace(page))
		} else {
			o.Page = n
		}
	}
	good := true
	if schema != nil {
		p, found := schema[o.Param]
		if !found {
			for name := range schema {
				if strings.EqualFold(name, o.Param) {
					b.diags.Errorf(pos, "DSH7264", "'%s' matches the parent parameter '%s' only in case, and DreamShader names are case-sensitive; write '%s'.", o.Param, name, name)
					return o, false
				}
			}
			b.diags.Errorf(pos, "DSH7258", "'%s' is not a parameter of the parent.", o.Param)
			good = false
		} else if p.unread {
			b.diags.Errorf(pos, "DSH7258", "'%s' is not a parameter of the parent: the parent declares the uniform and never reads it.", o.Param)
			good = false
		} else if p.typ != typ {
			b.diags.Errorf(pos, "DSH7259", "'%s' is a parameter of type '%s' in the parent, and this override declares '%s'.", o.Param, p.typ, typ)
			good = false
		} else if p.static != static {
			b.diags.Errorf(pos, "DSH7260", "'%s' is static in the parent exactly when '/// @static' is on the override, and the two disagree.", o.Param)
			good = false
		}
	}
	if isAsset {
		o.Kind = asset
		if dc.Init != nil {
			b.diags.Errorf(pos, "DSH7257", "'%s' overrides a %s parameter, which takes an asset rather than an HLSL value; write '/// @default /Game/...' (or '/// @default None') above it instead of an initializer.", dc.Name, asset)
			return o, false
		}
		def, ok := v.Doc.Get("default")
		if !ok {
			b.diags.Errorf(pos, "DSH7257", "'%s' overrides a %s parameter and names no asset; write '/// @default /Game/...' (or '/// @default None') above it.", dc.Name, asset)
			return o, false
		}
		def = strings.TrimSpace(def)
		o.Value = "None"
		if def != "None" {
			o.Value = strconv.Quote(def)
		}
		return o, good
	}
	if dc.Init == nil {
		b.diags.Errorf(pos, "DSH7256", "'%s' overrides a %s parameter and needs the value it is set to, and it has no initializer.", dc.Name, typ)
		return o, false
	}
	vals, ok := foldInstanceValue(dc.Init)
	if !ok {
		b.diags.Errorf(b.at(dc.Init.ExprPos()), "DSH7265", "'%s' is set to a value the compiler can fold, a literal or an expression over literals, and this initializer is not one.", dc.Name)
		return o, false
	}
	vals = fitWidth(vals, width)
	switch {
	case isBool && static && width == 1:
		o.Kind, o.Value = "StaticSwitch", strconv.FormatBool(vals[0] != 0)
	case isBool && static:
		o.Kind, o.Value = "StaticComponentMask", tuple(vals)
	case isBool && width == 4:
		o.Kind, o.Value = "StaticComponentMask", tuple(vals)
	case width == 1:
		o.Kind, o.Value = "Scalar", num(vals[0])
	default:
		o.Kind, o.Value = "Vector", tuple(vals)
	}
	return o, good
}

// typeShape says how wide a value type is, whether it is a bool, and
// whether it is a parameter type at all (matrices are not).
func typeShape(t string) (width int, isBool, ok bool) {
	for _, base := range []string{"float", "half", "int", "uint", "bool"} {
		rest, found := strings.CutPrefix(t, base)
		if !found {
			continue
		}
		switch rest {
		case "":
			return 1, base == "bool", true
		case "2", "3", "4":
			return int(rest[0] - '0'), base == "bool", base != "int" && base != "uint"
		}
		return 0, false, false
	}
	return 0, false, false
}

// foldInstanceValue folds a literal initializer: numbers, bools, unary
// minus, constructors `floatN(…)`/`boolN(…)` and arithmetic over those.
// Names and other calls do not fold. The walk stops at maxFoldDepth, so
// that input nesting cannot drive it deeper.
func foldInstanceValue(e syntax.Expr) ([]float64, bool) {
	return foldDepth(e, 0)
}

const maxFoldDepth = 64

func foldDepth(e syntax.Expr, depth int) ([]float64, bool) {
	if depth > maxFoldDepth {
		return nil, false
	}
	switch e := e.(type) {
	case *syntax.NumberLit:
		return []float64{e.Value}, true
	case *syntax.BoolLit:
		if e.Value {
			return []float64{1}, true
		}
		return []float64{0}, true
	case *syntax.Paren:
		return foldDepth(e.X, depth+1)
	case *syntax.Unary:
		x, ok := foldDepth(e.X, depth+1)
		if !ok || (e.Op != "-" && e.Op != "+") {
			return nil, false
		}
		if e.Op == "-" {
			out := make([]float64, len(x))
			for i, v := range x {
				out[i] = -v
			}
			return out, true
		}
		return x, true
	case *syntax.Binary:
		l, ok1 := foldDepth(e.L, depth+1)
		r, ok2 := foldDepth(e.R, depth+1)
		if !ok1 || !ok2 {
			return nil, false
		}
		return foldArith(e.Op, l, r)
	case *syntax.Call:
		fn, ok := e.Fn.(*syntax.Name)
		if !ok {
			return nil, false
		}
		w, _, shapeOK := typeShape(fn.Text)
		if !shapeOK {
			return nil, false
		}
		var out []float64
		for _, a := range e.Args {
			if a.Name != "" {
				return nil, false
			}
			v, ok := foldDepth(a.Value, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, v...)
		}
		if len(out) == 1 && w > 1 {
			return fitWidth(out, w), true
		}
		if len(out) != w {
			return nil, false
		}
		return out, true
	}
	return nil, false
}

func foldArith(op string, l, r []float64) ([]float64, bool) {
	n := max(len(l), len(r))
	if (len(l) != n && len(l) != 1) || (len(r) != n && len(r) != 1) {
		return nil, false
	}
	at := func(k []float64, i int) float64 {
		if len(k) == 1 {
			return k[0]
		}
		return k[i]
	}
	out := make([]float64, n)
	for i := range out {
		a, c := at(l, i), at(r, i)
		switch op {
		case "+":
			out[i] = a + c
		case "-":
			out[i] = a - c
		case "*":
			out[i] = a * c
		case "/":
			if c == 0 {
				return nil, false
			}
			out[i] = a / c
		default:
			return nil, false
		}
	}
	return out, true
}

// fitWidth splats a scalar to width w; other lengths stand as they are.
func fitWidth(v []float64, w int) []float64 {
	if len(v) == 1 && w > 1 {
		out := make([]float64, w)
		for i := range out {
			out[i] = v[0]
		}
		return out
	}
	return v
}

// num prints a number as the dumps do; a negative zero prints as 0.
func num(v float64) string {
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func tuple(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = num(x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// Dump writes the instance as upstream's IR dump prints a MaterialInstance
// product.
func (in *Instance) Dump() string {
	var s strings.Builder
	fmt.Fprintf(&s, "module %q\n\nproduct 0 MaterialInstance %q\n", in.File, in.Name)
	if in.Schema {
		fmt.Fprintf(&s, "  parent %q schema=ir params=%d\n", in.Parent, in.Params)
	} else {
		fmt.Fprintf(&s, "  parent %q schema=none\n", in.Parent)
	}
	for _, st := range in.Settings {
		fmt.Fprintf(&s, "  setting %s %s\n", st.Key, st.Value)
	}
	for _, o := range in.Overrides {
		fmt.Fprintf(&s, "  override %q %s", o.Param, o.Kind)
		if o.Kind == "Font" || (o.Kind != "Texture" && assetKinds[o.Type] != "") {
			s.WriteString(" -")
		} else {
			s.WriteString(" " + o.Type)
		}
		s.WriteString(" " + o.Value)
		if o.Page >= 0 {
			fmt.Fprintf(&s, " page=%d", o.Page)
		}
		if o.Var != "" {
			fmt.Fprintf(&s, " var=%s", o.Var)
		}
		s.WriteString("\n")
	}
	return s.String()
}

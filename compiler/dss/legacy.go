package dss

import (
	"strings"

	"reuselab/compiler/dss/syntax"
	legacy "reuselab/compiler/legacy/syntax"
	"reuselab/diag"
)

// A `.dsh` header may hold 1.x blocks beside 2.0 declarations, "side by
// side, so a project can migrate one file at a time" (upstream Docs,
// language/source-files.md and language/import.md: each header is parsed
// in its own dialect and every declaration is visible to the file that
// includes it, whichever kind that file is). The 2.0 parser records the
// 1.x ranges; here each is read by the 1.x parser and declared as the 2.0
// declaration that makes the same node:
//
//   - `Function` / `GraphFunction` (also inside a `Namespace`) become
//     `/// @custom` functions, called by their flattened names
//     (`Common_Luma`): a void function's first `out` is the Custom node's
//     primary output, "the node a 1.x Function always made" (upstream
//     Docs/language-v2). Their Code is the 2.0 form (LANGUAGE-DSS §3.12):
//     the node is built by the .dss's binder, and upstream has one binder.
//   - `VirtualFunction` (decided here; LANGUAGE-DSS is silent) becomes an
//     `extern` prototype bound to its `Asset`, so the call is the
//     FunctionCall node of §3.11: its inputs in order are the parameters
//     (an `opt` input may be left out and stays unconnected, the asset's
//     default applies), its first output is the return value under the
//     output's own name, further outputs are `out` parameters, and the
//     path is the Asset read as a path (assetPath).
//     Without an Asset it is DSH3222: there is nothing to call.
//   - An asset block (`Shader`, `ShaderFunction`, layers) is the 1.x
//     parser's DSH2249, reported once; anything else the 1.x parser
//     accepts but that declares nothing callable is DSH3222.

// vecTypes maps the 1.x GLSL spellings a 1.x signature may use.
var vecTypes = map[string]string{"vec2": "float2", "vec3": "float3", "vec4": "float4", "ivec2": "int2", "ivec3": "int3", "ivec4": "int4"}

func legacyType(t string) string {
	if m, ok := vecTypes[t]; ok {
		return m
	}
	if t == "" {
		return "void"
	}
	return t
}

// readLegacyBlocks adds the header's 1.x functions to its declarations.
func (c *compiler) readLegacyBlocks(f *srcFile) bool {
	ok := true
	src := f.p.Src
	for _, lb := range f.p.Legacy {
		// Pad so that the 1.x parser reports true lines and columns.
		text := strings.Repeat("\n", lb.Pos.Line-1) + strings.Repeat(" ", lb.Pos.Col-1) + src[lb.Start:lb.End]
		lf, ds := legacy.Parse(f.path, []byte(text))
		refused := false
		for _, d := range ds.Items {
			if d.Severity == diag.Error {
				c.diags.Items = append(c.diags.Items, d)
				ok, refused = false, true
			}
		}
		if lf == nil {
			continue
		}
		nothing := func() {
			if !refused { // the 1.x parser's own refusal (DSH2249) says it already
				c.diags.Errorf(c.dpos(f, lb.Pos), "DSH3222", "a 1.x %s block in a header makes nothing a .dss can call", lb.Word)
			}
			ok = false
		}
		var add func(decls []legacy.Decl)
		add = func(decls []legacy.Decl) {
			for _, d := range decls {
				switch d := d.(type) {
				case *legacy.FunctionDecl:
					f.p.Decls = append(f.p.Decls, c.fromLegacyFunction(src, d))
				case *legacy.NamespaceDecl:
					add(d.Decls)
				case *legacy.BlockDecl:
					if fd := c.fromLegacyVirtual(src, d); fd != nil {
						f.p.Decls = append(f.p.Decls, fd)
					} else {
						nothing()
					}
				default:
					nothing()
				}
			}
		}
		add(lf.Decls)
	}
	return ok
}

func (c *compiler) fromLegacyFunction(src string, d *legacy.FunctionDecl) *syntax.FuncDecl {
	name := d.Name
	doc := &syntax.Doc{Keys: []syntax.DocKey{{Key: "custom"}}}
	if d.Namespace != "" {
		name = d.Namespace + "_" + d.Name
		doc.Keys = append(doc.Keys, syntax.DocKey{Key: "name", Value: d.Namespace + "::" + d.Name})
	}
	pos := func(p legacy.Pos) syntax.Pos {
		return syntax.Pos{Line: p.Line, Col: p.Col, Off: offsetOf(src, p.Line, p.Col)}
	}
	fd := &syntax.FuncDecl{Doc: doc, Pos: pos(d.Pos), Ret: syntax.TypeRef{Name: legacyType(d.RetType), Pos: pos(d.RetPos)},
		Name: name, NamePos: pos(d.NamePos), Opaque: true, Raw: d.Body, RawOpen: pos(d.LBrace), Region: -1}
	for _, p := range d.Params {
		qual := p.Qual
		if qual == "in" {
			qual = ""
		}
		fd.Params = append(fd.Params, syntax.Param{Qual: qual, Type: syntax.TypeRef{Name: legacyType(p.Type), Pos: pos(p.TypePos)}, Name: p.Name, NamePos: pos(p.NamePos)})
	}
	return fd
}

// fromLegacyVirtual is a 1.x VirtualFunction as an extern prototype (see
// the top of this file); nil for another block or one without an Asset.
func (c *compiler) fromLegacyVirtual(src string, d *legacy.BlockDecl) *syntax.FuncDecl {
	if d.Kind != legacy.BlockVirtualFunction {
		return nil
	}
	asset := ""
	if a := d.Attr("Asset"); a != nil {
		asset = assetPath(a.Value, a.Expr)
	}
	for _, sec := range d.SectionsOf(legacy.SecOptions) {
		for _, st := range sec.Settings {
			if strings.EqualFold(st.Key, "Asset") {
				asset = assetPath(st.Value, st.Expr)
			}
		}
	}
	if asset == "" {
		return nil
	}
	pos := func(p legacy.Pos) syntax.Pos {
		return syntax.Pos{Line: p.Line, Col: p.Col, Off: offsetOf(src, p.Line, p.Col)}
	}
	name := d.Name()
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	fd := &syntax.FuncDecl{Doc: &syntax.Doc{Keys: []syntax.DocKey{{Key: "asset", Value: asset}}}, Pos: pos(d.Pos),
		Extern: true, Ret: syntax.TypeRef{Name: "void", Pos: pos(d.Pos)}, Name: name, NamePos: pos(d.Pos), Region: -1}
	for _, sec := range d.SectionsOf(legacy.SecInputs) {
		for _, p := range sec.Pins {
			fd.Params = append(fd.Params, syntax.Param{Type: syntax.TypeRef{Name: legacyType(p.Type), Pos: pos(p.TypePos)},
				Name: p.Name, NamePos: pos(p.NamePos), Optional: p.Opt})
		}
	}
	first := true
	for _, sec := range d.SectionsOf(legacy.SecOutputs) {
		for _, p := range sec.Pins {
			t := syntax.TypeRef{Name: legacyType(p.Type), Pos: pos(p.TypePos)}
			if first {
				fd.Ret, fd.RetName, first = t, p.Name, false
				continue
			}
			fd.Params = append(fd.Params, syntax.Param{Qual: "out", Type: t, Name: p.Name, NamePos: pos(p.NamePos)})
		}
	}
	return fd
}

// assetPath is a 1.x asset reference as the path an `/// @asset` holds:
// `Path(Game, "MaterialFunctions/F")` is `/Game/MaterialFunctions/F`, the
// spelling upstream's 2.0 version of the same declaration uses (Docs
// examples §11, BufferWriter); `Path("/Game/F")` and a plain string are
// the path itself. A form it cannot read stays as written.
func assetPath(text string, e legacy.Expr) string {
	p, ok := e.(*legacy.PathExpr)
	if !ok {
		return text
	}
	str := func(a *legacy.Arg) (string, bool) {
		if s, ok := a.Value.(*legacy.StringLit); ok {
			return s.Value, true
		}
		return "", false
	}
	switch len(p.Args) {
	case 1:
		if s, ok := str(p.Args[0]); ok {
			return s
		}
	case 2:
		root, isIdent := p.Args[0].Value.(*legacy.Ident)
		if s, ok := str(p.Args[1]); ok && isIdent {
			return "/" + root.Name + "/" + strings.TrimPrefix(s, "/")
		}
	}
	return p.Text
}

// offsetOf is the byte offset of line:col in src (1-based).
func offsetOf(src string, line, col int) int {
	off := 0
	for l := 1; l < line && off < len(src); off++ {
		if src[off] == '\n' {
			l++
		}
	}
	return min(off+col-1, len(src))
}

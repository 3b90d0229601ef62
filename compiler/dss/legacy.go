package dss

import (
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/compiler/legacy"
	"reuselab/diag"
)

// A `.dsh` header may hold 1.x blocks beside 2.0 declarations, "side by
// side, so a project can migrate one file at a time" (upstream Docs,
// language/source-files.md and language/import.md: each header is parsed
// in its own dialect and every declaration is visible to the file that
// includes it, whichever kind that file is). The 2.0 parser records the
// 1.x ranges; the 1.x front end reads each (legacy.HeaderFuncs, the only
// thing this front end takes from it) and here each is declared as the 2.0
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
		funcs, ds := legacy.HeaderFuncs(f.path, []byte(text))
		refused := false
		for _, d := range ds.Items {
			if d.Severity == diag.Error {
				c.diags.Items = append(c.diags.Items, d)
				ok, refused = false, true
			}
		}
		for _, h := range funcs {
			switch h.Kind {
			case front.CustomFunc:
				f.p.Decls = append(f.p.Decls, fromLegacyFunction(src, h))
			case front.AssetFunc:
				f.p.Decls = append(f.p.Decls, fromLegacyVirtual(src, h))
			default:
				if !refused { // the 1.x parser's own refusal (DSH2249) says it already
					c.diags.Errorf(c.dpos(f, lb.Pos), "DSH3222", "a 1.x %s block in a header makes nothing a .dss can call", lb.Word)
				}
				ok = false
			}
		}
	}
	return ok
}

// fromLegacyFunction is a 1.x Function as a `/// @custom` function (see
// the top of this file).
func fromLegacyFunction(src string, h front.HeaderFunc) *syntax.FuncDecl {
	name := h.Name
	doc := &syntax.Doc{Keys: []syntax.DocKey{{Key: "custom"}}}
	if h.Namespace != "" {
		name = h.Namespace + "_" + h.Name
		doc.Keys = append(doc.Keys, syntax.DocKey{Key: "name", Value: h.Namespace + "::" + h.Name})
	}
	pos := func(p diag.Pos) syntax.Pos {
		return syntax.Pos{Line: p.Line, Col: p.Col, Off: offsetOf(src, p.Line, p.Col)}
	}
	fd := &syntax.FuncDecl{Doc: doc, Pos: pos(h.Pos), Ret: syntax.TypeRef{Name: legacyType(h.RetType), Pos: pos(h.RetPos)},
		Name: name, NamePos: pos(h.NamePos), Opaque: true, Raw: h.Body, RawOpen: pos(h.LBrace), Region: -1}
	for _, p := range h.Params {
		qual := p.Qual
		if qual == "in" {
			qual = ""
		}
		fd.Params = append(fd.Params, syntax.Param{Qual: qual, Type: syntax.TypeRef{Name: legacyType(p.Type), Pos: pos(p.TypePos)}, Name: p.Name, NamePos: pos(p.NamePos)})
	}
	return fd
}

// fromLegacyVirtual is a 1.x VirtualFunction with an Asset as an extern
// prototype (see the top of this file).
func fromLegacyVirtual(src string, h front.HeaderFunc) *syntax.FuncDecl {
	pos := func(p diag.Pos) syntax.Pos {
		return syntax.Pos{Line: p.Line, Col: p.Col, Off: offsetOf(src, p.Line, p.Col)}
	}
	fd := &syntax.FuncDecl{Doc: &syntax.Doc{Keys: []syntax.DocKey{{Key: "asset", Value: h.Asset}}}, Pos: pos(h.Pos),
		Extern: true, Ret: syntax.TypeRef{Name: "void", Pos: pos(h.Pos)}, Name: h.Name, NamePos: pos(h.NamePos), Region: -1}
	for _, p := range h.Params {
		fd.Params = append(fd.Params, syntax.Param{Type: syntax.TypeRef{Name: legacyType(p.Type), Pos: pos(p.TypePos)},
			Name: p.Name, NamePos: pos(p.NamePos), Optional: p.Optional})
	}
	for i, p := range h.Outputs {
		t := syntax.TypeRef{Name: legacyType(p.Type), Pos: pos(p.TypePos)}
		if i == 0 {
			fd.Ret, fd.RetName = t, p.Name
			continue
		}
		fd.Params = append(fd.Params, syntax.Param{Qual: "out", Type: t, Name: p.Name, NamePos: pos(p.NamePos)})
	}
	return fd
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

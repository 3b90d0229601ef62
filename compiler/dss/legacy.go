package dss

import (
	"strings"

	"reuselab/compiler/diag"
	"reuselab/compiler/dss/syntax"
	legacy "reuselab/compiler/syntax"
)

// A `.dsh` header may hold 1.x blocks beside 2.0 declarations. The 2.0
// parser records their ranges; here each is read by the 1.x parser, and
// its `Function`/`GraphFunction` blocks (also inside a `Namespace`) become
// `/// @custom` functions, called by their flattened names (`Common_Luma`),
// as upstream's one binder sees them. Other 1.x blocks make nothing a
// `.dss` can call and are refused.

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
		for _, d := range ds.Items {
			if d.Severity == diag.Error {
				c.diags.Items = append(c.diags.Items, d)
				ok = false
			}
		}
		if lf == nil {
			continue
		}
		var add func(decls []legacy.Decl)
		add = func(decls []legacy.Decl) {
			for _, d := range decls {
				switch d := d.(type) {
				case *legacy.FunctionDecl:
					f.p.Decls = append(f.p.Decls, c.fromLegacyFunction(src, d))
				case *legacy.NamespaceDecl:
					add(d.Decls)
				default:
					c.diags.Errorf(c.dpos(f, lb.Pos), "DSH3222", "a 1.x %s block in a header makes nothing a .dss can call", lb.Word)
					ok = false
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

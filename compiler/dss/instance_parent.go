package dss

import (
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/ir"
)

// dssParams lists the uniforms a `.dss` parent declares, by engine name.
// The parent is built to learn which it reads: a uniform nothing reads is
// never lowered, so the material has no such parameter. When the parent
// does not build, every declared uniform is taken as read.
func (b *instanceBinder) dssParams(path string) map[string]parentParam {
	src, err := b.read(path)
	if err != nil {
		return nil
	}
	pf, _ := syntax.Parse(path, src)
	read := b.loweredParams(path)
	out := map[string]parentParam{}
	for _, d := range pf.Decls {
		v, ok := d.(*syntax.VarDecl)
		if !ok || !v.Uniform {
			continue
		}
		_, static := v.Doc.Get("static")
		for _, dc := range v.Vars {
			name := dc.Name
			if n, ok := v.Doc.Get("name"); ok && len(v.Vars) == 1 {
				name = strings.TrimSpace(n)
			}
			out[name] = parentParam{name: name, typ: v.Type.Name, static: static, unread: read != nil && !read[name]}
		}
	}
	return out
}

// loweredParams names the parameters the parent's build made, nil when it
// does not build.
func (b *instanceBinder) loweredParams(path string) map[string]bool {
	m, ds := CompileFile(path, b.opts)
	if m == nil || ds.HasErrors() {
		return nil
	}
	names := map[string]bool{}
	for _, g := range m.Products {
		for _, n := range g.Nodes {
			if n.Op != ir.OpParameter && n.Op != ir.OpTextureParameter {
				continue
			}
			if v, ok := n.Prop("ParameterName"); ok {
				names[v.Str] = true
			}
		}
	}
	return names
}

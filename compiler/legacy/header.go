package legacy

import (
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
)

// HeaderFuncs reads the 1.x blocks of a `.dsh` header (text padded so that
// positions are the file's own) and says what each declares for a `.dss`
// that includes it: this is the one way the 2.0 front end reaches 1.x
// declarations (upstream Docs, language/source-files.md: each header is
// parsed in its own dialect and every declaration is visible to the file
// that includes it). Functions in a Namespace come out flattened in source
// order; the diagnostics are the 1.x parser's.
func HeaderFuncs(path string, text []byte) ([]front.HeaderFunc, diag.List) {
	f, ds := syntax.Parse(path, text)
	if f == nil {
		return nil, ds
	}
	var out []front.HeaderFunc
	var add func(decls []syntax.Decl)
	add = func(decls []syntax.Decl) { // nesting depth is bounded by the parser
		for _, d := range decls {
			switch d := d.(type) {
			case *syntax.FunctionDecl:
				out = append(out, headerFunction(d))
			case *syntax.NamespaceDecl:
				add(d.Decls)
			case *syntax.BlockDecl:
				out = append(out, headerVirtual(d))
			default:
				out = append(out, front.HeaderFunc{Kind: front.NotCallable})
			}
		}
	}
	add(f.Decls)
	return out, ds
}

func headerFunction(d *syntax.FunctionDecl) front.HeaderFunc {
	h := front.HeaderFunc{Kind: front.CustomFunc, Pos: d.Pos, Name: d.Name, NamePos: d.NamePos, Namespace: d.Namespace,
		RetType: d.RetType, RetPos: d.RetPos, Body: d.Body, LBrace: d.LBrace}
	for _, p := range d.Params {
		h.Params = append(h.Params, front.HeaderParam{Qual: p.Qual, Type: p.Type, TypePos: p.TypePos, Name: p.Name, NamePos: p.NamePos})
	}
	return h
}

// headerVirtual is a VirtualFunction with an Asset; any other block, or
// one without an Asset, is NotCallable: there is nothing to call.
func headerVirtual(d *syntax.BlockDecl) front.HeaderFunc {
	if d.Kind != syntax.BlockVirtualFunction {
		return front.HeaderFunc{Kind: front.NotCallable}
	}
	asset := ""
	if a := d.Attr("Asset"); a != nil {
		asset = assetPath(a.Value, a.Expr)
	}
	for _, sec := range d.SectionsOf(syntax.SecOptions) {
		for _, st := range sec.Settings {
			if strings.EqualFold(st.Key, "Asset") {
				asset = assetPath(st.Value, st.Expr)
			}
		}
	}
	if asset == "" {
		return front.HeaderFunc{Kind: front.NotCallable}
	}
	name := d.Name()
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	h := front.HeaderFunc{Kind: front.AssetFunc, Pos: d.Pos, Name: name, NamePos: d.Pos, Asset: asset}
	pin := func(p *syntax.Pin) front.HeaderParam {
		return front.HeaderParam{Type: p.Type, TypePos: p.TypePos, Name: p.Name, NamePos: p.NamePos, Optional: p.Opt}
	}
	for _, sec := range d.SectionsOf(syntax.SecInputs) {
		for _, p := range sec.Pins {
			h.Params = append(h.Params, pin(p))
		}
	}
	for _, sec := range d.SectionsOf(syntax.SecOutputs) {
		for _, p := range sec.Pins {
			h.Outputs = append(h.Outputs, pin(p))
		}
	}
	return h
}

// assetPath is a 1.x asset reference as the path an `/// @asset` holds:
// `Path(Game, "MaterialFunctions/F")` is `/Game/MaterialFunctions/F`, the
// spelling upstream's 2.0 version of the same declaration uses (Docs
// examples §11, BufferWriter); `Path("/Game/F")` and a plain string are
// the path itself. A form it cannot read stays as written.
func assetPath(text string, e syntax.Expr) string {
	p, ok := e.(*syntax.PathExpr)
	if !ok {
		return text
	}
	str := func(a *syntax.Arg) (string, bool) {
		if s, ok := a.Value.(*syntax.StringLit); ok {
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
		root, isIdent := p.Args[0].Value.(*syntax.Ident)
		if s, ok := str(p.Args[1]); ok && isIdent {
			return "/" + root.Name + "/" + strings.TrimPrefix(s, "/")
		}
	}
	return p.Text
}

// Package legacy is the DreamShader 1.x front end: it lowers `.dsm` `.dsf`
// `.dsh` sources to the DreamShader 2.0 IR the way the upstream 2.0 compiler
// does: binding with the legacy rules (LANGUAGE-2.0 §3), typing and
// conversions, and one raw ir.Graph per product. Nothing is shared at build
// time except single declarations; the passes do the merging (R2).
package legacy

import (
	"path/filepath"
	"runtime/debug"
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// CompileFile loads path with its imports and compiles it. opts.Catalog
// is not read: the 1.x front end binds against the engine table alone.
func CompileFile(path string, opts front.Options) (*ir.Module, diag.List) {
	return compileFile(path, opts, false)
}

// compileFile is CompileFile; with snapshotEveryVar each if saves every
// visible variable, the walk its change log replaced, so that tests can
// compile both ways and compare.
func compileFile(path string, opts front.Options, snapshotEveryVar bool) (*ir.Module, diag.List) {
	var ds diag.List
	u, pd := loadUnit(path, opts)
	ds.Append(pd)
	if u == nil || pd.HasErrors() {
		return nil, ds
	}
	m, cd := compileUnit(u, opts, snapshotEveryVar)
	ds.Append(cd)
	return m, ds
}

func loadUnit(path string, opts front.Options) (u *syntax.Unit, ds diag.List) {
	defer func() {
		if r := recover(); r != nil {
			u = nil
			ds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, "DSH4350", "internal error while parsing: %v", r)
		}
	}()
	return syntax.Load(path, syntax.LoadOptions{Root: opts.Root, ReadFile: opts.ReadFile})
}

// CompileUnit binds and lowers a loaded unit: one graph per product, in file
// order. A stage reports all its errors; on any error the module is still
// returned (possibly partial) so callers can show what was built.
func CompileUnit(u *syntax.Unit, opts front.Options) (m *ir.Module, ds diag.List) {
	return compileUnit(u, opts, false)
}

func compileUnit(u *syntax.Unit, opts front.Options, snapshotEveryVar bool) (m *ir.Module, ds diag.List) {
	c := &compiler{opts: opts, unit: u, snapshotEveryVar: snapshotEveryVar}
	defer func() {
		if r := recover(); r != nil {
			pos := diag.Pos{Line: 1, Col: 1}
			if u != nil && u.Main != nil {
				pos.File = u.Main.Path
			}
			c.diags.Errorf(pos, "DSH4350", "internal compiler error: %v\n%s", r, diag.StackHead(debug.Stack()))
			m, ds = c.module, c.diags
		}
	}()
	c.run()
	return c.module, c.diags
}

// compiler holds what one unit declares.
type compiler struct {
	opts   front.Options
	unit   *syntax.Unit
	diags  diag.List
	module *ir.Module
	// snapshotEveryVar: see compileFile.
	snapshotEveryVar bool

	funcs     map[string]*funcInfo // Function / GraphFunction by name (N::F as N_F too)
	funcOrder []*funcInfo
	blocks    map[string]*blockInfo // callable blocks by callable name
	products  []*blockInfo
	// calleeFolds holds the builtins', functions' and blocks' names by
	// foldKey (L19 for a call), built at the first call that needs it.
	calleeFolds   map[string]foldClass
	calleeFoldsOf int // len(builtins)+len(funcs)+len(blocks) when built
	// nodes builds each product's graph in turn.
	nodes front.Builder
}

// blockInfo is a 1.x block: a product, a callable function asset, or both.
type blockInfo struct {
	decl     *syntax.BlockDecl
	name     string // Name= as written
	callName string // the name a Graph calls it by (last path segment, or <Name>_Asset by L23)
	product  int    // product index, -1 for a VirtualFunction
	inputs   []*pinInfo
	outputs  []*pinInfo
	asset    string // VirtualFunction asset reference text
}

type pinInfo struct {
	pin  *syntax.Pin
	name string
	t    front.Type
	opt  bool
}

func (c *compiler) errorf(pos diag.Pos, code, format string, args ...any) {
	c.diags.Errorf(pos, code, format, args...)
}
func (c *compiler) warnf(pos diag.Pos, code, format string, args ...any) {
	c.diags.Warnf(pos, code, format, args...)
}
func (c *compiler) infof(pos diag.Pos, code, format string, args ...any) {
	c.diags.Infof(pos, code, format, args...)
}

func (c *compiler) run() {
	u := c.unit
	c.module = &ir.Module{}
	if u == nil || u.Main == nil {
		return
	}
	c.module.Leaf = filepath.Base(u.Main.Path)
	for _, imp := range u.Includes {
		c.module.Includes = append(c.module.Includes, imp.Path)
	}
	c.collect()
	for _, b := range c.products {
		g := c.buildProduct(b)
		c.module.Products = append(c.module.Products, g)
	}
}

// collect declares every function and block of the unit (imports first).
func (c *compiler) collect() {
	c.funcs = map[string]*funcInfo{}
	c.blocks = map[string]*blockInfo{}
	var addDecls func(ds []syntax.Decl, main bool)
	addDecls = func(ds []syntax.Decl, main bool) {
		for _, d := range ds {
			switch d := d.(type) {
			case *syntax.FunctionDecl:
				c.declareFunc(d)
			case *syntax.NamespaceDecl:
				addDecls(d.Decls, main)
			case *syntax.BlockDecl:
				c.declareBlock(d, main)
			}
		}
	}
	for _, f := range c.unit.Imported {
		addDecls(f.Decls, false)
	}
	addDecls(c.unit.Main.Decls, true)
	// L23: a block named like a callable function steps aside.
	for _, b := range c.allBlocks() {
		if _, clash := c.funcs[b.callName]; clash && b.product >= 0 {
			c.infof(b.decl.Pos, "DSH5290", "block %q is named like the function %s; the block is called as %s_Asset", b.name, b.callName, b.callName)
			delete(c.blocks, b.callName)
			b.callName += "_Asset"
			c.blocks[b.callName] = b
		}
	}
}

func (c *compiler) allBlocks() []*blockInfo {
	var bs []*blockInfo
	seen := map[*blockInfo]bool{}
	for _, b := range c.products {
		if !seen[b] {
			bs = append(bs, b)
			seen[b] = true
		}
	}
	for _, b := range c.blocks {
		if !seen[b] {
			bs = append(bs, b)
			seen[b] = true
		}
	}
	return bs
}

func (c *compiler) declareFunc(d *syntax.FunctionDecl) {
	f := &funcInfo{decl: d, name: d.Name}
	if d.Namespace != "" {
		f.name = d.Namespace + "_" + d.Name
	}
	if _, isBuiltin := builtins[f.name]; isBuiltin {
		c.errorf(d.NamePos, "DSH6206", "function %s is named like a builtin", f.name)
		return
	}
	if _, isGLSL := glslAliases[f.name]; isGLSL {
		c.errorf(d.NamePos, "DSH6206", "function %s is named like a builtin", f.name)
		return
	}
	if _, dup := c.funcs[f.name]; dup {
		c.errorf(d.NamePos, "DSH4210", "%s is declared twice", f.name)
		return
	}
	f.init(c)
	c.funcs[f.name] = f
	c.funcOrder = append(c.funcOrder, f)
}

func (c *compiler) declareBlock(d *syntax.BlockDecl, main bool) {
	b := &blockInfo{decl: d, name: d.Name(), product: -1}
	b.callName = b.name
	if i := strings.LastIndexByte(b.callName, '/'); i >= 0 {
		b.callName = b.callName[i+1:]
	}
	for _, s := range d.SectionsOf(syntax.SecInputs) {
		for _, p := range s.Pins {
			t, ok := parseType(p.Type)
			if !ok {
				c.errorf(p.TypePos, "DSH3271", "unknown input type %q", p.Type)
				t = tFloat
			}
			b.inputs = append(b.inputs, &pinInfo{pin: p, name: p.Name, t: t, opt: p.Opt})
		}
	}
	for _, s := range d.SectionsOf(syntax.SecOutputs) {
		for _, p := range s.Pins {
			t, ok := parseType(p.Type)
			if !ok {
				c.errorf(p.TypePos, "DSH3271", "unknown output type %q", p.Type)
				t = tFloat
			}
			b.outputs = append(b.outputs, &pinInfo{pin: p, name: p.Name, t: t})
		}
	}
	if d.Kind == syntax.BlockVirtualFunction {
		if a := d.Attr("Asset"); a != nil {
			b.asset = attrText(a)
		}
		for _, s := range d.SectionsOf(syntax.SecOptions) {
			for _, st := range s.Settings {
				if strings.EqualFold(st.Key, "Asset") {
					b.asset = settingText(st)
				}
			}
		}
	} else if main {
		b.product = len(c.products)
		c.products = append(c.products, b)
	}
	if d.Kind != syntax.BlockShader {
		if _, dup := c.blocks[b.callName]; !dup {
			c.blocks[b.callName] = b
		}
	}
}

func attrText(a *syntax.Attr) string {
	if p, ok := a.Expr.(*syntax.PathExpr); ok {
		return p.Text
	}
	return a.Value
}

func settingText(s *syntax.Setting) string {
	if p, ok := s.Expr.(*syntax.PathExpr); ok {
		return p.Text
	}
	return s.Value
}

// markerPath is the path a Custom node's source markers print: relative
// to the source root, so that the code (and every format that carries it)
// is the same wherever the sources sit.
func (c *compiler) markerPath(path string) string {
	if c.opts.MarkerPath != nil {
		return c.opts.MarkerPath(path)
	}
	main := path
	if c.unit != nil && c.unit.Main != nil {
		main = c.unit.Main.Path
	}
	return front.RootRelative(front.SourceRoot(main, c.opts.Root), path)
}

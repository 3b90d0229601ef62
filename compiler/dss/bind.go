package dss

import (
	"path/filepath"
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// global is one file-scope variable.
type global struct {
	file    *srcFile
	decl    *syntax.VarDecl
	v       syntax.Declarator
	t       front.Type
	uniform bool
	index   int       // among all uniforms, declaration order
	konst   []float64 // a constant's folded value
	static  bool      // `/// @static` uniform bool
}

type fkind uint8

const (
	fkHelper fkind = iota
	fkExtern
	fkLayer
	fkLayerBlend
	fkEntry
	fkExport
	fkCustom
)

// funcInfo is one function of the unit.
type funcInfo struct {
	d         *syntax.FuncDecl
	file      *srcFile
	kind      fkind
	product   int // product index, -1 for none
	recursive bool
	ret       front.Type
	params    []front.Type
	statics   map[string]bool // `@static Param`
	active    bool            // being inlined (recursion guard)
	seq       int             // index in funcSeq
	// paramsNamed indexes the parameters by name (paramsByName).
	paramsNamed map[string][]int
	// A @custom function's Code text and lifted calls (customCode).
	customText   string
	customLifted []syntax.LiftedCall
	customDone   bool
}

// paramsByName lists the indices of the parameters called name, in order.
// Past a few parameters they are indexed: a scan for each named argument,
// or each `@static` line, made n of them cost n².
func (fn *funcInfo) paramsByName(name string) []int {
	ps := fn.d.Params
	if len(ps) <= 8 {
		var at []int
		for i, p := range ps {
			if p.Name == name {
				at = append(at, i)
			}
		}
		return at
	}
	if fn.paramsNamed == nil {
		fn.paramsNamed = make(map[string][]int, len(ps))
		for i, p := range ps {
			fn.paramsNamed[p.Name] = append(fn.paramsNamed[p.Name], i)
		}
	}
	return fn.paramsNamed[name]
}

func (c *compiler) run() {
	c.module = &ir.Module{Leaf: c.root.leaf, Includes: c.includes}
	c.collect()
	c.bindPragmas()
	c.classify()
	c.findRecursion()
	for _, fn := range c.funcSeq {
		if fn.product >= 0 {
			g := c.buildProduct(fn)
			c.module.Products = append(c.module.Products, g)
		}
	}
}

func (c *compiler) collect() {
	c.globals = map[string]*global{}
	c.funcs = map[string]*funcInfo{}
	c.structs = map[string]*syntax.StructDecl{}
	uniforms := 0
	for _, f := range c.files {
		for _, d := range f.p.Decls {
			switch d := d.(type) {
			case *syntax.VarDecl:
				t := front.ParseType2(d.Type.Name)
				for _, v := range d.Vars {
					if v.Array {
						c.bindErr(f, v.NamePos, "DSH4364", "array %s has no material graph form", v.Name)
					}
					g := &global{file: f, decl: d, v: v, t: t, uniform: d.Uniform}
					if d.Uniform {
						g.index = uniforms
						uniforms++
						if _, ok := d.Doc.Get("static"); ok && t.Kind == front.Bool {
							g.static = true
						}
					} else if d.Const && t.Kind == front.Texture {
						// `/// @default /Game/T` + `static const Texture2D T;`: a
						// texture nobody can override (a TextureObject, Dv2).
						if v.Init != nil {
							c.bindErr(f, v.Init.ExprPos(), "DSH7210", "a constant texture takes its asset from /// @default, not an initializer")
						}
					} else if d.Const {
						if v.Init == nil {
							c.bindErr(f, v.NamePos, "DSH7210", "constant %s has no value", v.Name)
						} else if k, ok := c.constEval(v.Init, nil); ok {
							g.konst = k
						} else {
							c.bindErr(f, v.Init.ExprPos(), "DSH7210", "the value of constant %s does not fold to a constant", v.Name)
						}
					} else {
						c.bindErr(f, d.Pos, "DSH7211", "file-scope variable %s needs 'uniform' or 'static const'", v.Name)
					}
					if t.Kind == front.User && c.structs[t.Name] == nil {
						c.bindErr(f, d.Type.Pos, "DSH4201", "unknown type %s", t.Name)
					}
					if _, dup := c.globals[v.Name]; dup {
						c.bindErr(f, v.NamePos, "DSH4210", "%s is declared twice", v.Name)
						continue
					}
					c.globals[v.Name] = g
					c.globalSeq = append(c.globalSeq, g)
				}
			case *syntax.FuncDecl:
				fn := &funcInfo{d: d, file: f, product: -1, ret: front.ParseType2(d.Ret.Name), statics: map[string]bool{}}
				for _, p := range d.Params {
					fn.params = append(fn.params, front.ParseType2(p.Type.Name))
				}
				if prev, dup := c.funcs[d.Name]; dup {
					if prev.d.Extern && prev.d.Body == nil && !prev.d.Opaque {
						c.replaceFunc(prev, fn)
						continue
					}
					c.bindErr(f, d.NamePos, "DSH4210", "function %s is declared twice", d.Name)
					continue
				}
				c.funcs[d.Name] = fn
				fn.seq = len(c.funcSeq)
				c.funcSeq = append(c.funcSeq, fn)
			case *syntax.StructDecl:
				for _, fd := range d.Fields {
					if fd.Array {
						c.bindErr(f, fd.NamePos, "DSH4364", "array field %s.%s has no material graph form", d.Name, fd.Name)
					}
				}
				c.structs[d.Name] = d
			}
		}
	}
}

func (c *compiler) replaceFunc(prev, fn *funcInfo) {
	fn.seq = prev.seq
	c.funcSeq[fn.seq] = fn
	c.funcs[fn.d.Name] = fn
}

// bindPragmas reads `#pragma material`/`layout` and the region tree of the
// root file.
func (c *compiler) bindPragmas() {
	p := c.root.p
	for _, r := range p.Regions {
		c.regions = append(c.regions, ir.Region{Name: r.Name, Parent: r.Parent})
	}
	for _, pos := range p.Unbalanced {
		c.bindErr(c.root, pos, "DSH4240", "#pragma region without a matching #pragma endregion")
	}
	for _, f := range c.files {
		for _, pd := range f.p.Pragmas {
			switch pd.Name {
			case "material":
				if f.root {
					c.materialPragma(f, pd)
				}
			case "layout":
				if f.root {
					c.layoutPragma(f, pd)
				}
			case "instance":
				c.bindErr(f, pd.Pos, "DSH7255", "#pragma instance belongs in a .dsi file, not a .dss")
			default:
				c.bindErr(f, pd.Pos, "DSH3201", "unknown #pragma %s", pd.Name)
			}
		}
	}
}

func (c *compiler) materialPragma(f *srcFile, pd *syntax.PragmaDecl) {
	if c.settingSeen == nil {
		c.settingSeen = map[string]bool{}
	}
	seen := c.settingSeen // across every #pragma material line of the file
	for _, a := range pd.Args {
		if a.Key == "" {
			c.bindErr(f, pd.Pos, "DSH7205", "#pragma material takes Key = Value arguments")
			continue
		}
		if seen[a.Key] {
			c.bindErr(f, pd.Pos, "DSH7200", "setting %s is given twice", a.Key)
			continue
		}
		seen[a.Key] = true
		switch a.Key {
		case "Backend":
			continue
		case "Substrate":
			switch strings.ToLower(a.Value) {
			case "legacy":
				c.substrate = ""
			case "bridge":
				c.substrate = "Bridge"
			case "native":
				c.substrate = "Native"
			default:
				c.bindErr(f, pd.Pos, "DSH7232", "Substrate mode %q is not Legacy, Bridge or Native", a.Value)
			}
			continue
		}
		c.settings = append(c.settings, ir.Setting{Key: a.Key, Value: a.Value})
	}
}

func (c *compiler) layoutPragma(f *srcFile, pd *syntax.PragmaDecl) {
	var h ir.LayoutHint
	kind := ""
	num := func(s string) int {
		v := syntax.ParseNumber(s)
		return int(v)
	}
	for _, a := range pd.Args {
		if a.Key == "" {
			if kind == "" {
				kind = a.Value
			}
			continue
		}
		switch a.Key {
		case "Var", "Name":
			h.Name = a.Value
		case "X":
			h.X = num(a.Value)
		case "Y":
			h.Y = num(a.Value)
		case "W":
			h.W = num(a.Value)
		case "H":
			h.H = num(a.Value)
		case "Color":
			h.Color = a.Value
		}
	}
	switch kind {
	case "Node":
	case "Comment":
		h.Comment = true
	default:
		c.bindErr(f, pd.Pos, "DSH7206", "#pragma layout needs Node or Comment first")
		return
	}
	c.layout = append(c.layout, h)
}

// classify decides every function's kind and product (§2.4).
func (c *compiler) classify() {
	var entry *funcInfo
	var exports []*funcInfo
	products := 0
	for _, fn := range c.funcSeq {
		d := fn.d
		_, layer := d.Doc.Get("layer")
		_, blend := d.Doc.Get("layerblend")
		_, custom := d.Doc.Get("custom")
		for _, s := range d.Doc.All("static") {
			name := strings.Fields(s)
			if len(name) == 0 {
				continue
			}
			fn.statics[name[0]] = true
			at := fn.paramsByName(name[0])
			for _, i := range at {
				if p := d.Params[i]; fn.params[i].Kind != front.Bool {
					c.bindErr(fn.file, p.NamePos, "DSH7231", "@static %s: only a bool parameter can be a static pin", p.Name)
				}
			}
			if len(at) == 0 {
				c.bindErr(fn.file, d.Pos, "DSH7231", "@static names no parameter %s", name[0])
			}
		}
		isMatParam := func(i int) bool { return i < len(fn.params) && fn.params[i].Kind == front.Material }
		switch {
		case d.Extern:
			fn.kind = fkExtern
			if _, ok := d.Doc.Get("asset"); !ok {
				c.bindErr(fn.file, d.Pos, "DSH6202", "extern %s needs a /// @asset path", d.Name)
			}
		case layer:
			fn.kind = fkLayer
			if !d.Export {
				c.bindErr(fn.file, d.Pos, "DSH6203", "a @layer function must be exported")
			}
			if len(d.Params) != 1 || !isMatParam(0) || d.Params[0].Qual != "inout" || fn.ret.Kind != front.Void {
				c.bindErr(fn.file, d.Pos, "DSH6204", "a @layer function is void(inout material)")
			}
		case blend:
			fn.kind = fkLayerBlend
			last := len(d.Params) - 1
			if last < 1 || !isMatParam(last) || d.Params[last].Qual != "inout" {
				c.bindErr(fn.file, d.Pos, "DSH6205", "a @layerblend function is void(material…, inout material R)")
			}
		case d.Export && fn.ret.Kind == front.Void && len(d.Params) == 1 && isMatParam(0) && d.Params[0].Qual == "inout":
			fn.kind = fkEntry
			if entry != nil {
				c.bindErr(fn.file, d.Pos, "DSH6200", "a second material entry %s (the first is %s)", d.Name, entry.d.Name)
			} else if fn.file.root {
				entry = fn
			}
		case d.Export:
			fn.kind = fkExport
		case custom:
			fn.kind = fkCustom
		default:
			fn.kind = fkHelper
		}
		if custom && fn.kind == fkCustom {
			for i, p := range d.Params {
				if fn.params[i].Kind == front.Material {
					c.bindErr(fn.file, p.NamePos, "DSH6210", "a @custom function takes no material parameter (%s)", p.Name)
				}
			}
		}
		if fn.file.root && (fn.kind == fkEntry || fn.kind == fkExport || fn.kind == fkLayer || fn.kind == fkLayerBlend) && strings.EqualFold(filepath.Ext(fn.file.path), ".dsh") {
			c.bindErr(fn.file, d.Pos, "DSH2249", "a header (.dsh) makes no asset: export %s belongs in a .dss file", d.Name)
			continue
		}
		if fn.file.root && (fn.kind == fkEntry || fn.kind == fkExport || fn.kind == fkLayer || fn.kind == fkLayerBlend) {
			if fn.kind == fkEntry && entry != fn {
				continue
			}
			if fn.kind != fkEntry {
				exports = append(exports, fn)
			}
			fn.product = products
			products++
		}
		if d.Body == nil && !d.Opaque && !d.Extern {
			c.bindErr(fn.file, d.NamePos, "DSH6209", "%s has no body", d.Name)
		}
	}
	if entry != nil {
		for _, fn := range exports {
			c.bindErr(fn.file, fn.d.Pos, "DSH6201", "exported function %s beside the material entry %s", fn.d.Name, entry.d.Name)
		}
	}
}

// findRecursion marks every function that can reach itself through calls:
// one in a strongly connected component of the call graph with another
// function, or one that calls itself. The components come from Tarjan's
// algorithm run on an explicit stack, so the work is linear in functions
// plus calls and no Go recursion follows a call chain.
func (c *compiler) findRecursion() {
	id := make(map[*funcInfo]int32, len(c.funcSeq))
	for i, fn := range c.funcSeq {
		id[fn] = int32(i)
	}
	// calls[i] lists the distinct functions fn i calls, in source order.
	calls := make([][]int32, len(c.funcSeq))
	for i, fn := range c.funcSeq {
		if fn.d.Body == nil {
			continue
		}
		seen := map[int32]bool{}
		walkExprs(fn.d.Body, func(e syntax.Expr) {
			call, ok := e.(*syntax.Call)
			if !ok {
				return
			}
			if n, ok := call.Fn.(*syntax.Name); ok {
				if callee := c.funcs[n.Text]; callee != nil {
					if j, ok := id[callee]; ok && !seen[j] {
						seen[j] = true
						calls[i] = append(calls[i], j)
					}
				}
			}
		})
	}
	for i, r := range recursiveFuncs(calls) {
		if r {
			c.funcSeq[i].recursive = true
		}
	}
}

// recursiveFuncs reports, for each vertex of a graph given by its
// adjacency lists, whether a path of one edge or more leads from it back
// to itself (Tarjan's strongly connected components, iteratively).
func recursiveFuncs(calls [][]int32) []bool {
	n := len(calls)
	const unvisited = -1
	index := make([]int32, n)  // visit order, unvisited before the visit
	low := make([]int32, n)    // least index reachable within the stack
	onStack := make([]bool, n) // on the component stack
	for i := range index {
		index[i] = unvisited
	}
	recursive := make([]bool, n)
	var comp []int32 // Tarjan's component stack
	type visit struct {
		v    int32
		next int // the next edge of v to follow
	}
	var path []visit // the depth-first path, in place of Go recursion
	next := int32(0)
	for root := range n {
		if index[root] != unvisited {
			continue
		}
		path = append(path, visit{v: int32(root)})
		index[root], low[root] = next, next
		next++
		comp = append(comp, int32(root))
		onStack[root] = true
		for len(path) > 0 {
			top := &path[len(path)-1]
			v := top.v
			if top.next < len(calls[v]) {
				w := calls[v][top.next]
				top.next++
				if w == v {
					recursive[v] = true
				}
				switch {
				case index[w] == unvisited:
					index[w], low[w] = next, next
					next++
					comp = append(comp, w)
					onStack[w] = true
					path = append(path, visit{v: w})
				case onStack[w]:
					low[v] = min(low[v], index[w])
				}
				continue
			}
			// Every edge of v is followed: v is done.
			path = path[:len(path)-1]
			if len(path) > 0 {
				parent := path[len(path)-1].v
				low[parent] = min(low[parent], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			// v roots a component: pop it; more than one member means
			// each member reaches itself through the others.
			k := len(comp) - 1
			for comp[k] != v {
				k--
			}
			members := comp[k:]
			for _, m := range members {
				onStack[m] = false
				if len(members) > 1 {
					recursive[m] = true
				}
			}
			comp = comp[:k]
		}
	}
	return recursive
}

// walkExprs calls f for every expression under a statement, iteratively,
// in no particular order. It walks one statement's expressions before the
// next statement: gathering every expression of a body first held a slice
// as long as the body.
func walkExprs(s syntax.Stmt, f func(syntax.Expr)) {
	// todo holds the statements still to walk: runs of a block's
	// statements, and single ones.
	type run struct {
		list []syntax.Stmt
		one  syntax.Stmt
	}
	todo := []run{{one: s}}
	var exprs []syntax.Expr
	for len(todo) > 0 {
		r := &todo[len(todo)-1]
		st := r.one
		if len(r.list) > 0 {
			st, r.list = r.list[0], r.list[1:]
			if len(r.list) == 0 {
				todo = todo[:len(todo)-1]
			}
		} else {
			todo = todo[:len(todo)-1]
		}
		switch st := st.(type) {
		case *syntax.Block:
			todo = append(todo, run{list: st.Stmts})
		case *syntax.IfStmt:
			exprs = append(exprs, st.Cond)
			todo = append(todo, run{one: st.Then})
			if st.Else != nil {
				todo = append(todo, run{one: st.Else})
			}
		case *syntax.ForStmt:
			if st.Init != nil {
				todo = append(todo, run{one: st.Init})
			}
			exprs = append(exprs, st.Cond, st.Step)
			todo = append(todo, run{one: st.Body})
		case *syntax.WhileStmt:
			exprs = append(exprs, st.Cond)
			todo = append(todo, run{one: st.Body})
		case *syntax.ReturnStmt:
			exprs = append(exprs, st.Value)
		case *syntax.DeclStmt:
			for _, v := range st.Vars {
				exprs = append(exprs, v.Init)
			}
		case *syntax.ExprStmt:
			exprs = append(exprs, st.X)
		}
		exprs = walkExprTree(exprs, f)
	}
}

// walkExprTree calls f for each of exprs and everything under them, using
// exprs as its stack; it returns the stack, empty, for the next use.
func walkExprTree(exprs []syntax.Expr, f func(syntax.Expr)) []syntax.Expr {
	for len(exprs) > 0 {
		e := exprs[len(exprs)-1]
		exprs = exprs[:len(exprs)-1]
		if e == nil {
			continue
		}
		f(e)
		switch e := e.(type) {
		case *syntax.Unary:
			exprs = append(exprs, e.X)
		case *syntax.Postfix:
			exprs = append(exprs, e.X)
		case *syntax.Binary:
			exprs = append(exprs, e.L, e.R)
		case *syntax.Assign:
			exprs = append(exprs, e.L, e.R)
		case *syntax.Cond:
			exprs = append(exprs, e.C, e.T, e.F)
		case *syntax.Cast:
			exprs = append(exprs, e.X)
		case *syntax.Paren:
			exprs = append(exprs, e.X)
		case *syntax.Member:
			exprs = append(exprs, e.X)
		case *syntax.Index:
			exprs = append(exprs, e.X, e.I)
		case *syntax.Call:
			exprs = append(exprs, e.Fn)
			for _, a := range e.Args {
				exprs = append(exprs, a.Value)
			}
		case *syntax.InitList:
			exprs = append(exprs, e.Elems...)
		}
	}
	return exprs
}

package reduce

import (
	"sort"
	"strconv"

	dsssyntax "reuselab/compiler/dss/syntax"
)

// The 2.0 model: file-scope uniforms and every function body. A local is
// scoped to its function (its name carries the function's index, see
// program.raw); a parameter is fixed, and an assignment through one (`m.X
// = …` of the material) is an effect. Extents come from the tokens: the
// AST records where each node starts, and every expression ends at a
// token the walk below finds without recursion.

type dssBuilder struct {
	*program
	toks   []dsssyntax.Token
	match  []int       // the index of each bracket's partner, -1 else
	at     map[int]int // token index by start offset
	unitAt map[int]span
	scope  int
	locals map[string]bool // this function's locals and parameters
}

func parseDSSProgram(path string, src []byte) *program {
	pf, _ := dsssyntax.Parse(path, string(src))
	if pf == nil || pf.File == nil {
		return nil
	}
	toks, _ := dsssyntax.Lex(string(src))
	b := &dssBuilder{program: newProgram(src), toks: toks, match: matchBrackets(toks), at: map[int]int{}, unitAt: map[int]span{}}
	for i, tk := range toks {
		b.at[tk.Pos.Off] = i
	}
	// A unit is found by where its first token is; of the units starting
	// there, the longest (a doc block with what it documents).
	for _, u := range dssUnits(src) {
		first := u.start
		for first < u.end && (src[first] == ' ' || src[first] == '\t' || src[first] == '\n' || src[first] == '\r') {
			first++
		}
		if old, ok := b.unitAt[first]; !ok || u.end-u.start > old.end-old.start {
			b.unitAt[first] = u
		}
	}
	for _, d := range pf.Decls {
		v, ok := d.(*dsssyntax.VarDecl)
		if !ok || len(v.Vars) != 1 {
			continue
		}
		name := v.Vars[0].Name
		b.declared[name]++
		b.types[name] = v.Type.Name
		start := v.Pos.Off
		if v.Doc != nil {
			start = v.Doc.Pos.Off
		}
		if u, ok := b.unitAt[start]; ok {
			b.decls = append(b.decls, declInfo{name: name, typ: v.Type.Name, unit: u})
		}
	}
	for i, d := range pf.Decls {
		if f, ok := d.(*dsssyntax.FuncDecl); ok && f.Body != nil {
			b.function(i, f)
		}
	}
	return b.program
}

// matchBrackets pairs every (, [ and { with its partner.
func matchBrackets(toks []dsssyntax.Token) []int {
	match := make([]int, len(toks))
	var open []int
	for i, tk := range toks {
		match[i] = -1
		if tk.Kind != dsssyntax.Punct {
			continue
		}
		switch tk.Text {
		case "(", "[", "{":
			open = append(open, i)
		case ")", "]", "}":
			if len(open) > 0 {
				o := open[len(open)-1]
				open = open[:len(open)-1]
				match[o], match[i] = i, o
			}
		}
	}
	return match
}

// scoped is the model's name for a name read or written in this function.
func (b *dssBuilder) scoped(name string) string {
	if !b.locals[name] {
		return name
	}
	key := name + "@" + strconv.Itoa(b.scope)
	b.raw[key] = name
	return key
}

func (b *dssBuilder) function(index int, f *dsssyntax.FuncDecl) {
	b.scope = index
	b.locals = map[string]bool{}
	for _, prm := range f.Params {
		b.locals[prm.Name] = true
	}
	// The locals first, so that a read before its declaration's turn in
	// the walk still resolves to it.
	work := []dsssyntax.Stmt{f.Body}
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if d, ok := s.(*dsssyntax.DeclStmt); ok {
			for _, v := range d.Vars {
				b.locals[v.Name] = true
			}
		}
		work = append(work, childStmts(s)...)
	}
	for _, prm := range f.Params {
		key := b.scoped(prm.Name)
		b.fixed[key] = true
		b.declared[key]++
		b.types[key] = prm.Type.Name
	}
	type item struct {
		s      dsssyntax.Stmt
		parent int
	}
	var items []item
	for i := len(f.Body.Stmts) - 1; i >= 0; i-- {
		items = append(items, item{f.Body.Stmts[i], -1})
	}
	for len(items) > 0 {
		it := items[len(items)-1]
		items = items[:len(items)-1]
		start := it.s.StmtPos().Off
		info := stmtInfo{parent: it.parent, unit: span{-1, -1}, def: span{-1, -1}, assignAt: -1}
		if u, ok := b.unitAt[start]; ok {
			info.unit = u
		}
		var kids []dsssyntax.Stmt
		switch s := it.s.(type) {
		case *dsssyntax.DeclStmt:
			for _, v := range s.Vars {
				key := b.scoped(v.Name)
				b.declared[key]++
				b.types[key] = s.Type.Name
				info.writes = append(info.writes, key)
				info.reads = append(info.reads, b.walk(v.Init, start, &info)...)
			}
			if len(s.Vars) == 1 {
				info.declType = s.Type.Name
				if _, list := s.Vars[0].Init.(*dsssyntax.InitList); !list && s.Vars[0].Init != nil {
					b.setDef(&info, s.Vars[0].Init)
				}
			}
		case *dsssyntax.ExprStmt:
			b.exprStmt(s, start, &info)
		case *dsssyntax.IfStmt:
			info.reads = b.walk(s.Cond, start, &info)
			kids = childStmts(s)
		case *dsssyntax.Block:
			kids = s.Stmts
		default: // loops, returns, jumps, regions: kept, with all they read
			info.effect = true
			inner := []dsssyntax.Stmt{s}
			for len(inner) > 0 {
				x := inner[len(inner)-1]
				inner = inner[:len(inner)-1]
				for _, e := range stmtExprs(x) {
					info.reads = append(info.reads, b.walk(e, -1, nil)...)
				}
				inner = append(inner, childStmts(x)...)
			}
		}
		b.stmts = append(b.stmts, info)
		self := len(b.stmts) - 1
		for i := len(kids) - 1; i >= 0; i-- {
			if blk, ok := kids[i].(*dsssyntax.Block); ok {
				for j := len(blk.Stmts) - 1; j >= 0; j-- {
					items = append(items, item{blk.Stmts[j], self})
				}
				continue
			}
			items = append(items, item{kids[i], self})
		}
	}
}

// exprStmt models `x = E;`, `x.r = E;`, `x += E;` of a local as writes,
// and anything else (through a parameter, a call) as an effect.
func (b *dssBuilder) exprStmt(s *dsssyntax.ExprStmt, start int, info *stmtInfo) {
	as, ok := s.X.(*dsssyntax.Assign)
	if !ok {
		info.effect = true
		info.reads = b.walk(s.X, start, info)
		return
	}
	root, whole := as.L, true
	for {
		switch l := root.(type) {
		case *dsssyntax.Member:
			root, whole = l.X, false
			continue
		case *dsssyntax.Index:
			root, whole = l.X, false
			continue
		}
		break
	}
	name, isName := root.(*dsssyntax.Name)
	key := ""
	if isName {
		key = b.scoped(name.Text)
	}
	info.reads = b.walk(as.R, start, info)
	if !isName || !b.locals[name.Text] || b.fixed[key] {
		info.effect = true
		info.reads = append(info.reads, b.walk(as.L, -1, nil)...)
		return
	}
	info.writes = []string{key}
	if !whole || as.Op != "=" {
		info.reads = append(info.reads, b.walk(as.L, -1, nil)...)
		return
	}
	info.assignAt = name.Pos.Off
	b.setDef(info, as.R)
}

// setDef records E of `T x = E;` or `x = E;`.
func (b *dssBuilder) setDef(info *stmtInfo, e dsssyntax.Expr) {
	a, z := e.ExprPos().Off, b.end(e)
	if a < 0 || z <= a {
		return
	}
	info.def = span{a, z}
	switch e := e.(type) {
	case *dsssyntax.Name, *dsssyntax.NumberLit, *dsssyntax.BoolLit:
		info.defCheap = true
	case *dsssyntax.Member:
		_, info.defCheap = e.X.(*dsssyntax.Name)
	case *dsssyntax.Binary, *dsssyntax.Unary, *dsssyntax.Cond, *dsssyntax.Assign, *dsssyntax.Cast:
		info.defParens = true
	}
}

// walk lists the names e reads (less callees) and, when group is not -1,
// records its expressions for exprCandidates and its operations in info.
func (b *dssBuilder) walk(e dsssyntax.Expr, group int, info *stmtInfo) []nameRef {
	var out []nameRef
	work := []dsssyntax.Expr{e}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == nil {
			continue
		}
		a, z := x.ExprPos().Off, b.end(x)
		ok := a >= 0 && z > a && z <= len(b.src)
		ex := exprInfo{at: span{a, z}, group: group}
		var next []dsssyntax.Expr
		switch x := x.(type) {
		case *dsssyntax.Name:
			key := b.scoped(x.Text)
			ex.name = key
			if ok {
				out = append(out, nameRef{key, span{a, a + len(x.Text)}})
			}
		case *dsssyntax.NumberLit, *dsssyntax.BoolLit:
			ex.literal = true
		case *dsssyntax.Unary:
			next = []dsssyntax.Expr{x.X}
		case *dsssyntax.Postfix:
			next = []dsssyntax.Expr{x.X}
		case *dsssyntax.Binary:
			next = []dsssyntax.Expr{x.L, x.R}
		case *dsssyntax.Assign:
			next = []dsssyntax.Expr{x.L, x.R}
		case *dsssyntax.Cond:
			next = []dsssyntax.Expr{x.C, x.T, x.F}
			ex.kids = b.spans(x.T, x.F)
		case *dsssyntax.Cast:
			next = []dsssyntax.Expr{x.X}
		case *dsssyntax.Paren:
			next = []dsssyntax.Expr{x.X}
		case *dsssyntax.Member:
			next = []dsssyntax.Expr{x.X}
		case *dsssyntax.Index:
			next = []dsssyntax.Expr{x.X, x.I}
			ex.kids = b.spans(x.X)
		case *dsssyntax.Call: // the callee is a name, not a read
			for _, arg := range x.Args {
				next = append(next, arg.Value)
			}
		case *dsssyntax.InitList:
			next = x.Elems
		}
		switch x.(type) {
		case *dsssyntax.Unary, *dsssyntax.Binary, *dsssyntax.Paren, *dsssyntax.Member, *dsssyntax.Call, *dsssyntax.Cast:
			ex.kids = b.spans(next...)
		}
		if ok && group != -1 && info != nil {
			b.exprs = append(b.exprs, ex)
			switch x.(type) {
			case *dsssyntax.Binary, *dsssyntax.Unary, *dsssyntax.Call:
				info.ops = append(info.ops, ex.at)
			}
		}
		for i := len(next) - 1; i >= 0; i-- {
			work = append(work, next[i])
		}
	}
	return out
}

// spans lists the extents of es that have one.
func (b *dssBuilder) spans(es ...dsssyntax.Expr) []span {
	var out []span
	for _, e := range es {
		if e == nil {
			continue
		}
		if a, z := e.ExprPos().Off, b.end(e); a >= 0 && z > a && z <= len(b.src) {
			out = append(out, span{a, z})
		}
	}
	return out
}

// end is the offset just past e, or -1: down the rightmost operand to a
// node whose last token is known, then one token on for each `]` or
// postfix operator passed on the way.
func (b *dssBuilder) end(e dsssyntax.Expr) int {
	after := 0
	for e != nil {
		switch x := e.(type) {
		case *dsssyntax.Name:
			return b.skip(x.Pos.Off+len(x.Text), after)
		case *dsssyntax.NumberLit, *dsssyntax.BoolLit, *dsssyntax.StringLit:
			i, ok := b.at[x.ExprPos().Off]
			if !ok {
				return -1
			}
			return b.skip(b.toks[i].End, after)
		case *dsssyntax.Member:
			return b.skip(x.NamePos.Off+len(x.Name), after)
		case *dsssyntax.Paren:
			return b.skip(b.closing(x.Pos.Off), after)
		case *dsssyntax.InitList:
			return b.skip(b.closing(x.Pos.Off), after)
		case *dsssyntax.Call:
			return b.skip(b.closing(x.LPos.Off), after)
		case *dsssyntax.Unary:
			e = x.X
		case *dsssyntax.Cast:
			e = x.X
		case *dsssyntax.Binary:
			e = x.R
		case *dsssyntax.Assign:
			e = x.R
		case *dsssyntax.Cond:
			e = x.F
		case *dsssyntax.Postfix:
			e, after = x.X, after+1
		case *dsssyntax.Index:
			e, after = x.I, after+1
		default:
			return -1
		}
	}
	return -1
}

// closing is the offset just past the partner of the bracket at off.
func (b *dssBuilder) closing(off int) int {
	i, ok := b.at[off]
	if !ok || b.match[i] < 0 {
		return -1
	}
	return b.toks[b.match[i]].End
}

// skip moves end n tokens on: past the `]` or `++` that follow it.
func (b *dssBuilder) skip(end, n int) int {
	if end < 0 || n == 0 {
		return end
	}
	i := sort.Search(len(b.toks), func(i int) bool { return b.toks[i].Pos.Off >= end })
	if i+n-1 >= len(b.toks) {
		return -1
	}
	return b.toks[i+n-1].End
}

// childStmts lists the statements directly inside s.
func childStmts(s dsssyntax.Stmt) []dsssyntax.Stmt {
	var out []dsssyntax.Stmt
	switch s := s.(type) {
	case *dsssyntax.Block:
		out = append(out, s.Stmts...)
	case *dsssyntax.IfStmt:
		out = append(out, s.Then)
		if s.Else != nil {
			out = append(out, s.Else)
		}
	case *dsssyntax.ForStmt:
		if s.Init != nil {
			out = append(out, s.Init)
		}
		out = append(out, s.Body)
	case *dsssyntax.WhileStmt:
		out = append(out, s.Body)
	}
	var kept []dsssyntax.Stmt
	for _, k := range out {
		if k != nil {
			kept = append(kept, k)
		}
	}
	return kept
}

// stmtExprs lists the expressions s holds itself (not its statements').
func stmtExprs(s dsssyntax.Stmt) []dsssyntax.Expr {
	switch s := s.(type) {
	case *dsssyntax.IfStmt:
		return []dsssyntax.Expr{s.Cond}
	case *dsssyntax.ForStmt:
		return []dsssyntax.Expr{s.Cond, s.Step}
	case *dsssyntax.WhileStmt:
		return []dsssyntax.Expr{s.Cond}
	case *dsssyntax.ReturnStmt:
		return []dsssyntax.Expr{s.Value}
	case *dsssyntax.ExprStmt:
		return []dsssyntax.Expr{s.X}
	case *dsssyntax.DeclStmt:
		var out []dsssyntax.Expr
		for _, v := range s.Vars {
			out = append(out, v.Init)
		}
		return out
	}
	return nil
}

package reduce

import (
	"bytes"

	"reuselab/compiler/legacy/syntax"
)

// The 1.x model: every Shader block's Properties, Outputs and Graph. One
// namespace: 1.x locals live in the block, and a generated or reduced file
// declares each name once (a name declared twice is left alone).

type dsmBuilder struct {
	*program
	t *text
	// pinsOut are a function block's output pins: written, never read
	// in the block, and what the block is for.
	pinsOut map[string]bool
}

func parseDSMProgram(path string, src []byte) *program {
	f, _ := syntax.Parse(path, src)
	if f == nil {
		return nil
	}
	b := &dsmBuilder{program: newProgram(src), t: newText(src), pinsOut: map[string]bool{}}
	for _, d := range f.Decls {
		blk, ok := d.(*syntax.BlockDecl)
		if !ok {
			continue
		}
		for _, sec := range blk.Sections {
			b.addProps(sec.Props)
			b.addOutputs(sec.Outputs)
			for _, pin := range sec.Pins {
				b.fixed[pin.Name] = true
				b.declared[pin.Name]++
				b.types[pin.Name] = pin.Type
				if sec.Kind == syntax.SecOutputs {
					b.pinsOut[pin.Name] = true
				}
			}
		}
		for _, sec := range blk.Sections {
			b.addStmts(sec.Stmts)
		}
	}
	return b.program
}

func (b *dsmBuilder) addProps(items []syntax.PropItem) {
	for _, it := range items {
		d, ok := it.(*syntax.PropDecl)
		if !ok {
			continue // a group's members are left as they are
		}
		b.declared[d.Name]++
		b.types[d.Name] = d.Type
		if o := b.t.offset(d.Pos); o >= 0 {
			if end := b.t.semicolon(o); end > o {
				b.decls = append(b.decls, declInfo{name: d.Name, typ: d.Type, unit: b.t.widen(span{o, end})})
			}
		}
	}
}

func (b *dsmBuilder) addOutputs(items []syntax.OutputItem) {
	for _, it := range items {
		group := b.t.offset(it.Position())
		switch it := it.(type) {
		case *syntax.OutputDecl:
			b.outputs[it.Name] = true
			b.declared[it.Name]++
			b.types[it.Name] = it.Type
			if o := b.t.offset(it.Pos); o >= 0 {
				if end := b.t.semicolon(o); end > o {
					b.decls = append(b.decls, declInfo{name: it.Name, typ: it.Type, unit: b.t.widen(span{o, end}), output: true})
				}
			}
			if it.Default != nil {
				b.roots = append(b.roots, b.readsOf(it.Default, -1)...)
			}
		case *syntax.OutputBinding:
			b.roots = append(b.roots, b.readsOf(it.Value, group)...)
		case *syntax.ExprOutput:
			for _, pin := range it.Pins {
				syntax.Inspect(pin, func(n syntax.Node) bool {
					if e, ok := n.(syntax.Expr); ok {
						b.roots = append(b.roots, b.readsOf(e, -1)...)
						return false
					}
					return true
				})
			}
		}
	}
}

// addStmts records a Graph section's statements, nested ones after their
// if, with a work list rather than recursion.
func (b *dsmBuilder) addStmts(list []syntax.Stmt) {
	type item struct {
		s      syntax.Stmt
		parent int
	}
	work := make([]item, 0, len(list))
	for i := len(list) - 1; i >= 0; i-- {
		work = append(work, item{list[i], -1})
	}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		info := stmtInfo{parent: it.parent, unit: span{-1, -1}, def: span{-1, -1}, assignAt: -1}
		start := b.t.offset(it.s.Position())
		if start >= 0 {
			if end := b.t.stmtEnd(it.s, start); end > start {
				info.unit = b.t.widen(span{start, end})
			}
		}
		var kids []syntax.Stmt
		switch s := it.s.(type) {
		case *syntax.DeclStmt:
			for _, v := range s.Vars {
				b.declared[v.Name]++
				b.types[v.Name] = s.Type
				info.writes = append(info.writes, v.Name)
				if v.Init != nil {
					info.reads = append(info.reads, b.readsOf(v.Init, start)...)
				}
			}
			if len(s.Vars) == 1 {
				info.declType = s.Type
				if _, brace := s.Vars[0].Init.(*syntax.BraceInit); !brace && s.Vars[0].Init != nil {
					b.setDef(&info, s.Vars[0].Init)
				}
			}
		case *syntax.AssignStmt:
			root, reads := b.target(s.Target, start)
			info.reads = append(reads, b.readsOf(s.Value, start)...)
			if root == "" || b.pinsOut[root] {
				info.effect = true
			} else {
				info.writes = []string{root}
			}
			if _, ok := s.Target.(*syntax.Ident); ok {
				info.assignAt = b.t.offset(s.Target.Position())
				b.setDef(&info, s.Value)
			}
		case *syntax.IfStmt:
			if s.Cond != nil {
				info.reads = append(b.readsOf(s.Cond.Left, start), b.readsOf(s.Cond.Right, start)...)
			}
			b.ifArms(start)
			kids = append(append(kids, s.Then...), s.Else...)
		case *syntax.RegionStmt:
			info.effect = true // a marker: kept, its statements judged alone
			kids = s.Body
		default: // a call may write through its arguments: kept
			info.effect = true
			syntax.Inspect(s, func(n syntax.Node) bool {
				if e, ok := n.(syntax.Expr); ok {
					info.reads = append(info.reads, b.readsOf(e, start)...)
					return false
				}
				return true
			})
		}
		info.ops = b.opsIn(it.s)
		b.stmts = append(b.stmts, info)
		self := len(b.stmts) - 1
		for i := len(kids) - 1; i >= 0; i-- {
			work = append(work, item{kids[i], self})
		}
	}
}

// setDef records E of `T x = E;` or `x = E;`.
func (b *dsmBuilder) setDef(info *stmtInfo, e syntax.Expr) {
	a, z := b.t.offset(e.Position()), b.t.exprEnd(e)
	if a < 0 || z <= a {
		return
	}
	info.def = span{a, z}
	switch e := e.(type) {
	case *syntax.Ident, *syntax.NumberLit, *syntax.BoolLit:
		info.defCheap = true
	case *syntax.MemberExpr:
		_, info.defCheap = e.X.(*syntax.Ident)
	case *syntax.BinaryExpr, *syntax.UnaryExpr:
		info.defParens = true
	}
}

// ifArms records that the `if` at a may become its then arm or its else
// arm, statements and all.
func (b *dsmBuilder) ifArms(a int) {
	if a < 0 {
		return
	}
	if then, els, ok := b.t.ifArms(a); ok {
		whole := span{a, b.t.ifEnd(a)}
		b.extra = append(b.extra, candidate{whole, bytes.TrimSpace(b.src[then.start:then.end]), a},
			candidate{whole, bytes.TrimSpace(b.src[els.start:els.end]), a})
	}
}

// opsIn lists the operations of a statement's own expressions (an if's
// condition, not its arms).
func (b *dsmBuilder) opsIn(s syntax.Stmt) []span {
	var roots []syntax.Node
	switch n := s.(type) {
	case *syntax.IfStmt:
		if n.Cond != nil {
			for _, e := range []syntax.Expr{n.Cond.Left, n.Cond.Right} {
				if e != nil {
					roots = append(roots, e)
				}
			}
		}
	case *syntax.RegionStmt:
	default:
		roots = append(roots, n)
	}
	var out []span
	for _, root := range roots {
		syntax.Inspect(root, func(n syntax.Node) bool {
			switch e := n.(type) {
			case *syntax.BinaryExpr, *syntax.UnaryExpr, *syntax.CallExpr:
				a, z := b.t.offset(e.Position()), b.t.exprEnd(e.(syntax.Expr))
				if a >= 0 && z > a {
					out = append(out, span{a, z})
				}
			}
			return true
		})
	}
	return out
}

// target names the local an assignment writes (`x = …`, `x.r = …`), ""
// for anything else; a member write also reads the rest of x.
func (b *dsmBuilder) target(e syntax.Expr, group int) (string, []nameRef) {
	switch e := e.(type) {
	case *syntax.Ident:
		return e.Name, nil
	case *syntax.MemberExpr:
		if id, ok := e.X.(*syntax.Ident); ok {
			return id.Name, b.readsOf(id, -1)
		}
	}
	return "", b.readsOf(e, -1)
}

// readsOf lists the names e reads (its identifiers, less the callees) and,
// when group is not -1, records e's expressions for exprCandidates.
func (b *dsmBuilder) readsOf(e syntax.Expr, group int) []nameRef {
	if e == nil {
		return nil
	}
	var out []nameRef
	callee := map[syntax.Node]bool{}
	syntax.Inspect(e, func(n syntax.Node) bool {
		x, ok := n.(syntax.Expr)
		if !ok {
			return true
		}
		if c, ok := x.(*syntax.CallExpr); ok {
			callee[c.Fun] = true
		}
		if callee[x] {
			return false // a function's name is no read
		}
		a, z := b.t.offset(x.Position()), b.t.exprEnd(x)
		if a < 0 || z <= a {
			return true
		}
		info := exprInfo{at: span{a, z}, group: group}
		switch x := x.(type) {
		case *syntax.Ident:
			info.name = x.Name
			out = append(out, nameRef{x.Name, span{a, a + len(x.Name)}})
		case *syntax.NumberLit:
			info.literal = true
		case *syntax.BinaryExpr:
			info.kids = b.spans(x.X, x.Y)
		case *syntax.UnaryExpr:
			info.kids = b.spans(x.X)
		case *syntax.ParenExpr:
			info.kids = b.spans(x.X)
		case *syntax.MemberExpr:
			info.kids = b.spans(x.X)
		case *syntax.IndexExpr:
			info.kids = b.spans(x.X)
		case *syntax.CallExpr:
			for _, arg := range x.Args {
				info.kids = append(info.kids, b.spans(arg.Value)...)
			}
		}
		if group != -1 {
			b.exprs = append(b.exprs, info)
		}
		return true
	})
	return out
}

// spans lists the extents of es that have one.
func (b *dsmBuilder) spans(es ...syntax.Expr) []span {
	var out []span
	for _, e := range es {
		if e == nil {
			continue
		}
		if a, z := b.t.offset(e.Position()), b.t.exprEnd(e); a >= 0 && z > a {
			out = append(out, span{a, z})
		}
	}
	return out
}

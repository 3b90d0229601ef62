package reduce

import (
	"bytes"
	"sort"

	"reuselab/compiler/syntax"
)

// A 1.x Shader's dataflow as far as the reducer needs it: which statement
// writes which name, which names each statement reads, and which
// statements matter whatever they write (an assignment to something that
// is no local, a call that may write through its arguments). From it come
// the edits that shrink a witness while it still compiles: dead-code
// deletion, inlining a single-use alias and cutting a local out.

// stmtInfo is one Graph statement, nested ones included.
type stmtInfo struct {
	node   syntax.Stmt
	unit   span // the text deleting it removes
	parent int  // the enclosing if's index, -1 at the top
	writes []string
	reads  []nameRef // what the statement itself reads (an if: its condition)
	effect bool      // kept whatever its writes are worth
}

// nameRef is one read of a name: where it stands in the text.
type nameRef struct {
	name string
	at   span
}

// declInfo is a declaration outside the Graph that may go once nothing
// reads it: a property or an Outputs declaration.
type declInfo struct {
	name, typ string
	unit      span
	output    bool
}

// program is the model of a 1.x source's Shader blocks.
type program struct {
	src      []byte
	t        *text
	stmts    []stmtInfo
	roots    []nameRef       // reads of the Outputs bindings: always live
	decls    []declInfo      // properties and output declarations
	outputs  map[string]bool // names declared in Outputs
	declared map[string]int  // how many declarations of each name (locals, props, outputs)
	types    map[string]string
}

// parseProgram builds the model; nil when src does not parse into a form
// the edits can trust.
func parseProgram(path string, src []byte) *program {
	if isDSS(path) {
		return nil
	}
	f, _ := syntax.Parse(path, src)
	if f == nil {
		return nil
	}
	p := &program{src: src, t: newText(src), outputs: map[string]bool{}, declared: map[string]int{}, types: map[string]string{}}
	for _, d := range f.Decls {
		b, ok := d.(*syntax.BlockDecl)
		if !ok {
			continue
		}
		for _, sec := range b.Sections {
			p.addProps(sec.Props)
			p.addOutputs(sec.Outputs)
		}
		for _, sec := range b.Sections {
			p.addStmts(sec.Stmts)
		}
	}
	return p
}

func (p *program) addProps(items []syntax.PropItem) {
	for _, it := range items {
		d, ok := it.(*syntax.PropDecl)
		if !ok {
			continue // a group's members are left as they are
		}
		p.declared[d.Name]++
		p.types[d.Name] = d.Type
		if o := p.t.offset(d.Pos); o >= 0 {
			if end := p.t.semicolon(o); end > o {
				p.decls = append(p.decls, declInfo{name: d.Name, typ: d.Type, unit: p.t.widen(span{o, end})})
			}
		}
	}
}

func (p *program) addOutputs(items []syntax.OutputItem) {
	for _, it := range items {
		switch it := it.(type) {
		case *syntax.OutputDecl:
			p.outputs[it.Name] = true
			p.declared[it.Name]++
			p.types[it.Name] = it.Type
			if o := p.t.offset(it.Pos); o >= 0 {
				if end := p.t.semicolon(o); end > o {
					p.decls = append(p.decls, declInfo{name: it.Name, typ: it.Type, unit: p.t.widen(span{o, end}), output: true})
				}
			}
			if it.Default != nil {
				p.roots = append(p.roots, p.readsOf(it.Default)...)
			}
		case *syntax.OutputBinding:
			p.roots = append(p.roots, p.readsOf(it.Value)...)
		case *syntax.ExprOutput:
			for _, pin := range it.Pins {
				syntax.Inspect(pin, func(n syntax.Node) bool {
					if e, ok := n.(syntax.Expr); ok {
						p.roots = append(p.roots, p.readsOf(e)...)
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
func (p *program) addStmts(list []syntax.Stmt) {
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
		info := stmtInfo{node: it.s, parent: it.parent, unit: span{-1, -1}}
		if start := p.t.offset(it.s.Position()); start >= 0 {
			if end := p.t.stmtEnd(it.s, start); end > start {
				info.unit = p.t.widen(span{start, end})
			}
		}
		var kids []syntax.Stmt
		switch s := it.s.(type) {
		case *syntax.DeclStmt:
			for _, v := range s.Vars {
				p.declared[v.Name]++
				p.types[v.Name] = s.Type
				info.writes = append(info.writes, v.Name)
				if v.Init != nil {
					info.reads = append(info.reads, p.readsOf(v.Init)...)
				}
			}
		case *syntax.AssignStmt:
			root, reads := p.target(s.Target)
			info.reads = append(reads, p.readsOf(s.Value)...)
			if root == "" {
				info.effect = true
			} else {
				info.writes = []string{root}
			}
		case *syntax.IfStmt:
			if s.Cond != nil {
				info.reads = append(p.readsOf(s.Cond.Left), p.readsOf(s.Cond.Right)...)
			}
			kids = append(append(kids, s.Then...), s.Else...)
		case *syntax.RegionStmt:
			info.effect = true // a marker: kept, its statements judged alone
			kids = s.Body
		default: // a call may write through its arguments: kept
			info.effect = true
			syntax.Inspect(s, func(n syntax.Node) bool {
				if e, ok := n.(syntax.Expr); ok {
					info.reads = append(info.reads, p.readsOf(e)...)
					return false
				}
				return true
			})
		}
		p.stmts = append(p.stmts, info)
		self := len(p.stmts) - 1
		for i := len(kids) - 1; i >= 0; i-- {
			work = append(work, item{kids[i], self})
		}
	}
}

// target names the local an assignment writes (`x = …`, `x.r = …`), ""
// for anything else; a member write also reads the rest of x.
func (p *program) target(e syntax.Expr) (string, []nameRef) {
	switch e := e.(type) {
	case *syntax.Ident:
		return e.Name, nil
	case *syntax.MemberExpr:
		if id, ok := e.X.(*syntax.Ident); ok {
			return id.Name, p.readsOf(id)
		}
	}
	return "", p.readsOf(e)
}

// readsOf lists the names e reads: its identifiers, less the callees.
func (p *program) readsOf(e syntax.Expr) []nameRef {
	if e == nil {
		return nil
	}
	var out []nameRef
	callee := map[syntax.Node]bool{}
	syntax.Inspect(e, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			callee[n.Fun] = true
		case *syntax.Ident:
			if !callee[n] {
				if o := p.t.offset(n.Pos); o >= 0 {
					out = append(out, nameRef{n.Name, span{o, o + len(n.Name)}})
				}
			}
		}
		return true
	})
	return out
}

// isOutputWrite reports whether a statement writing name writes a Shader
// output, which is live exactly when a binding reads it.
func (p *program) isOutput(name string) bool { return p.outputs[name] }

// live marks the statements and declarations the outputs need: a work
// list from the bindings' reads back through the statements that write
// what is read, an if kept with any statement kept inside it.
func (p *program) live() (stmtLive []bool, nameLive map[string]bool) {
	writers := map[string][]int{}
	for i, s := range p.stmts {
		for _, w := range s.writes {
			writers[w] = append(writers[w], i)
		}
	}
	stmtLive = make([]bool, len(p.stmts))
	nameLive = map[string]bool{}
	var names []string
	markName := func(n string) {
		if !nameLive[n] {
			nameLive[n] = true
			names = append(names, n)
		}
	}
	var stmtWork []int
	markStmt := func(i int) {
		for ; i >= 0 && !stmtLive[i]; i = p.stmts[i].parent {
			stmtLive[i] = true
			stmtWork = append(stmtWork, i)
		}
	}
	for _, r := range p.roots {
		markName(r.name)
	}
	for i, s := range p.stmts {
		if s.effect {
			markStmt(i)
		}
	}
	for len(names) > 0 || len(stmtWork) > 0 {
		if len(stmtWork) > 0 {
			i := stmtWork[len(stmtWork)-1]
			stmtWork = stmtWork[:len(stmtWork)-1]
			for _, r := range p.stmts[i].reads {
				markName(r.name)
			}
			continue
		}
		n := names[len(names)-1]
		names = names[:len(names)-1]
		for _, w := range writers[n] {
			markStmt(w)
		}
	}
	return stmtLive, nameLive
}

// deadCode returns src without the statements nothing live reads, the
// properties nothing reads and the outputs no binding reads (a statement
// inside a deleted if goes with it); src itself when nothing is dead.
func deadCode(path string, src []byte) []byte {
	p := parseProgram(path, src)
	if p == nil {
		return src
	}
	stmtLive, nameLive := p.live()
	var drop []span
	for i, s := range p.stmts {
		if !stmtLive[i] && s.unit.start >= 0 {
			drop = append(drop, s.unit)
		}
	}
	for _, d := range p.decls {
		if !nameLive[d.name] && p.declared[d.name] == 1 {
			drop = append(drop, d.unit)
		}
	}
	if len(drop) == 0 {
		return src
	}
	return cutSpans(src, drop)
}

// edit replaces one range of the source.
type edit struct {
	at   span
	with []byte
}

// applyEdits makes the edits, which must not overlap except that one
// inside a deleted range goes with it; nil when two overlap otherwise.
func applyEdits(src []byte, edits []edit) []byte {
	es := append([]edit(nil), edits...)
	sort.SliceStable(es, func(i, j int) bool {
		return es[i].at.start < es[j].at.start || es[i].at.start == es[j].at.start && es[i].at.end > es[j].at.end
	})
	out := make([]byte, 0, len(src))
	at := 0
	for _, e := range es {
		if e.at.start < 0 || e.at.end > len(src) || e.at.end < e.at.start {
			return nil
		}
		if e.at.start < at {
			if e.at.end <= at {
				continue // inside a range already replaced
			}
			return nil
		}
		out = append(out, src[at:e.at.start]...)
		out = append(out, e.with...)
		at = e.at.end
	}
	return append(out, src[at:]...)
}

// cutSpans deletes the ranges; nested ones go with their container.
func cutSpans(src []byte, ss []span) []byte {
	es := make([]edit, len(ss))
	for i, s := range ss {
		es[i] = edit{at: s}
	}
	if out := applyEdits(src, es); out != nil {
		return out
	}
	return src
}

// localEdit is an edit of one local everywhere it stands, with a key that
// names it for the reducer's memory of edits that failed.
type localEdit struct {
	key string
	out []byte
}

// inlineEdits lists, last local first, each alias that can be inlined: a
// local written by one statement (`T x = E;` or `x = E;`), declared at
// most once, read once, or read more often when E is a name or a literal;
// the edit deletes the statement and puts E, in parentheses when it has
// operators, where x was read.
func inlineEdits(path string, src []byte) []localEdit {
	p := parseProgram(path, src)
	if p == nil {
		return nil
	}
	reads := p.allReads()
	writes := map[string][]int{}
	for i, s := range p.stmts {
		for _, w := range s.writes {
			writes[w] = append(writes[w], i)
		}
	}
	var out []localEdit
	for i := len(p.stmts) - 1; i >= 0; i-- {
		s := p.stmts[i]
		if len(s.writes) != 1 || s.unit.start < 0 {
			continue
		}
		name := s.writes[0]
		rs := reads[name]
		if len(writes[name]) != 1 || p.declared[name] > 1 || p.isOutput(name) || len(rs) == 0 {
			continue
		}
		value := p.definition(s.node)
		if value == nil {
			continue
		}
		a, b := p.t.offset(value.Position()), p.t.exprEnd(value)
		if a < 0 || b <= a {
			continue
		}
		text := bytes.TrimSpace(p.src[a:b])
		if len(rs) > 1 && !cheap(value) {
			continue
		}
		if needsParens(value) {
			text = append(append([]byte("("), text...), ')')
		}
		edits := []edit{{at: s.unit}}
		ok := true
		for _, r := range rs {
			if r.at.start < s.unit.end {
				ok = false // read before (or by) its definition
				break
			}
			edits = append(edits, edit{at: r.at, with: text})
		}
		if !ok {
			continue
		}
		if cand := applyEdits(src, edits); cand != nil {
			out = append(out, localEdit{key: "inline " + name + " = " + string(text), out: cand})
		}
	}
	return out
}

// cutEdits lists, last local first, each local that can be cut out: its
// writing statements deleted and every read replaced by a property of its
// type (a name the engines cannot fold), else by 1.
func cutEdits(path string, src []byte) []localEdit {
	p := parseProgram(path, src)
	if p == nil {
		return nil
	}
	reads := p.allReads()
	writes := map[string][]int{}
	var order []string
	for i, s := range p.stmts {
		for _, w := range s.writes {
			if len(writes[w]) == 0 {
				order = append(order, w)
			}
			writes[w] = append(writes[w], i)
		}
	}
	var out []localEdit
	for k := len(order) - 1; k >= 0; k-- {
		name := order[k]
		if p.isOutput(name) || p.declared[name] > 1 || len(reads[name]) == 0 {
			continue
		}
		with := []byte(p.placeholder(p.types[name]))
		var edits []edit
		for _, w := range writes[name] {
			if u := p.stmts[w].unit; u.start >= 0 {
				edits = append(edits, edit{at: u})
			}
		}
		for _, r := range reads[name] {
			edits = append(edits, edit{at: r.at, with: with})
		}
		if cand := applyEdits(src, edits); cand != nil {
			out = append(out, localEdit{key: "cut " + name + " → " + string(with), out: cand})
		}
	}
	return out
}

// placeholder is the first property of type typ (the first float one when
// typ is unknown, a scalar widening to any vector), else the literal 1.
func (p *program) placeholder(typ string) string {
	for _, want := range []string{typ, "float"} {
		for _, d := range p.decls {
			if !d.output && d.typ == want && p.declared[d.name] == 1 {
				return d.name
			}
		}
	}
	return "1"
}

// allReads lists every read of every name: statements and bindings.
func (p *program) allReads() map[string][]nameRef {
	reads := map[string][]nameRef{}
	for _, s := range p.stmts {
		for _, r := range s.reads {
			reads[r.name] = append(reads[r.name], r)
		}
	}
	for _, r := range p.roots {
		reads[r.name] = append(reads[r.name], r)
	}
	return reads
}

// definition is the value a single-write statement gives its local: the
// initializer of a one-name declaration, the value of `x = E;`.
func (p *program) definition(s syntax.Stmt) syntax.Expr {
	switch s := s.(type) {
	case *syntax.DeclStmt:
		if len(s.Vars) == 1 {
			if _, brace := s.Vars[0].Init.(*syntax.BraceInit); !brace {
				return s.Vars[0].Init
			}
		}
	case *syntax.AssignStmt:
		if _, ok := s.Target.(*syntax.Ident); ok {
			return s.Value
		}
	}
	return nil
}

// cheap reports whether e costs nothing to repeat: a name, a literal, a
// swizzle of a name.
func cheap(e syntax.Expr) bool {
	switch e := e.(type) {
	case *syntax.Ident, *syntax.NumberLit, *syntax.BoolLit:
		return true
	case *syntax.MemberExpr:
		_, ok := e.X.(*syntax.Ident)
		return ok
	}
	return false
}

// needsParens reports whether e, put where a name stood, could bind
// differently to the operators around it.
func needsParens(e syntax.Expr) bool {
	switch e.(type) {
	case *syntax.BinaryExpr, *syntax.UnaryExpr:
		return true
	}
	return false
}

// joinEdits lists each local declared at the top of a Graph and then
// assigned once there before anything reads it (`T x = c; … x = E;`), with
// the edit that makes the two one declaration (`T x = E;` where the
// assignment stood), which inlineEdits can then take.
func joinEdits(path string, src []byte) []localEdit {
	p := parseProgram(path, src)
	if p == nil {
		return nil
	}
	reads := p.allReads()
	writes := p.writers()
	var out []localEdit
	for i := len(p.stmts) - 1; i >= 0; i-- {
		d, ok := p.stmts[i].node.(*syntax.DeclStmt)
		if !ok || len(d.Vars) != 1 || p.stmts[i].parent != -1 || p.stmts[i].unit.start < 0 {
			continue
		}
		name := d.Vars[0].Name
		ws := writes[name]
		if len(ws) != 2 || ws[0] != i || p.declared[name] != 1 {
			continue
		}
		a := p.stmts[ws[1]]
		assign, ok := a.node.(*syntax.AssignStmt)
		if !ok || a.parent != -1 || a.unit.start < 0 {
			continue
		}
		if _, ok := assign.Target.(*syntax.Ident); !ok {
			continue
		}
		at := p.t.offset(assign.Target.Position())
		readFirst := false
		for _, r := range reads[name] {
			readFirst = readFirst || r.at.start < a.unit.end
		}
		if at < 0 || readFirst {
			continue
		}
		edits := []edit{{at: p.stmts[i].unit}, {at: span{at, at}, with: []byte(d.Type + " ")}}
		if cand := applyEdits(src, edits); cand != nil {
			out = append(out, localEdit{key: "join " + name, out: cand})
		}
	}
	return out
}

// readSwaps lists, for each read of a local, the edits that read another
// local of the same type written before it instead, or an operation of
// another statement (an if's condition included), in parentheses: the
// local's statements then die, and two statements' nodes meet in one.
// There are as many as reads times locals and operations, so the reducer
// asks for them only on a small file.
func readSwaps(path string, src []byte) []localEdit {
	p := parseProgram(path, src)
	if p == nil {
		return nil
	}
	type operation struct {
		stmt int
		text []byte
	}
	var ops []operation
	for i, s := range p.stmts {
		var roots []syntax.Node
		switch n := s.node.(type) {
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
		for _, root := range roots {
			syntax.Inspect(root, func(n syntax.Node) bool {
				switch e := n.(type) {
				case *syntax.BinaryExpr, *syntax.UnaryExpr, *syntax.CallExpr:
					a, b := p.t.offset(e.Position()), p.t.exprEnd(e.(syntax.Expr))
					if a >= 0 && b > a {
						ops = append(ops, operation{i, append(append([]byte("("), src[a:b]...), ')')})
					}
				}
				return true
			})
		}
	}
	writes := p.writers()
	firstWrite := map[string]int{}
	var names []string
	for name, ws := range writes {
		if p.declared[name] <= 1 && !p.isOutput(name) {
			firstWrite[name] = p.stmts[ws[0]].unit.end
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var out []localEdit
	for i := len(p.stmts) - 1; i >= 0; i-- {
		for _, r := range p.stmts[i].reads {
			if _, local := firstWrite[r.name]; !local {
				continue
			}
			for _, y := range names {
				if y == r.name || p.types[y] != p.types[r.name] || firstWrite[y] > r.at.start || firstWrite[y] <= 0 {
					continue
				}
				if cand := applyEdits(src, []edit{{at: r.at, with: []byte(y)}}); cand != nil {
					out = append(out, localEdit{key: lineEditKey(src, r.at, []byte(y)), out: cand})
				}
			}
			for _, op := range ops {
				if op.stmt == i {
					continue
				}
				if cand := applyEdits(src, []edit{{at: r.at, with: op.text}}); cand != nil {
					out = append(out, localEdit{key: lineEditKey(src, r.at, op.text), out: cand})
				}
			}
		}
	}
	return out
}

// writers lists the statements that write each name, in source order.
func (p *program) writers() map[string][]int {
	writes := map[string][]int{}
	for i, s := range p.stmts {
		for _, w := range s.writes {
			writes[w] = append(writes[w], i)
		}
	}
	return writes
}

package reduce

import (
	"bytes"
	"sort"
)

// A source's dataflow as far as the reducer needs it, the same for 1.x
// (program_dsm.go) and 2.0 (program_dss.go): which statement writes which
// name, which names each statement reads, which statements matter whatever
// they write (an assignment to an output, a call that may write through
// its arguments), and the expressions with their extents. From it come the
// edits that shrink a witness while it still compiles: dead-code deletion,
// inlining a single-use alias, joining a declaration with its assignment,
// cutting a local out, and reading one thing in place of another.

// stmtInfo is one statement, nested ones included.
type stmtInfo struct {
	unit   span // the text deleting it removes
	parent int  // the enclosing if's (or block's) index, -1 at the top
	writes []string
	reads  []nameRef // what the statement itself reads (an if: its condition)
	effect bool      // kept whatever its writes are worth
	// def is the value a single-write statement gives its local (`T x =
	// E;`, `x = E;`), {-1, -1} otherwise; defCheap and defParens say
	// whether E may be repeated and whether it needs parentheses.
	def                 span
	defCheap, defParens bool
	// declType is the type of a one-name declaration, "" for any other
	// statement; assignAt is where the target of a plain `x = E;` starts,
	// -1 for any other statement.
	declType string
	assignAt int
	ops      []span // the operations of the statement's own expressions
}

// nameRef is one read of a name: where it stands in the text. name is
// scoped (see program.raw).
type nameRef struct {
	name string
	at   span
}

// declInfo is a declaration outside the statements that may go once
// nothing reads it: a property or uniform, an Outputs declaration.
type declInfo struct {
	name, typ string
	unit      span
	output    bool
}

// exprInfo is one expression: its extent, its operands' extents, and,
// for a name, the name read.
type exprInfo struct {
	at      span
	kids    []span
	name    string // a read name (scoped), "" for anything else
	literal bool
	group   int // the start of its statement
}

// program is the model of a source.
type program struct {
	src      []byte
	stmts    []stmtInfo
	roots    []nameRef       // reads that are always live (Outputs bindings)
	decls    []declInfo      // properties, uniforms and output declarations
	outputs  map[string]bool // names whose writes are live when a root reads them
	fixed    map[string]bool // names no edit may inline or cut (parameters)
	declared map[string]int  // declarations of each name
	types    map[string]string
	raw      map[string]string // a scoped name's text, where it differs
	exprs    []exprInfo
	extra    []candidate // replacements only the front end knows (an if by its arm)
}

func newProgram(src []byte) *program {
	return &program{src: src, outputs: map[string]bool{}, fixed: map[string]bool{},
		declared: map[string]int{}, types: map[string]string{}, raw: map[string]string{}}
}

// parseProgram builds the model; nil when src does not parse into a form
// the edits can trust.
func parseProgram(path string, src []byte) *program {
	if isDSS(path) {
		return parseDSSProgram(path, src)
	}
	return parseDSMProgram(path, src)
}

// text of a scoped name as written.
func (p *program) text(name string) string {
	if r, ok := p.raw[name]; ok {
		return r
	}
	return name
}

// local reports whether an edit may inline or cut name.
func (p *program) local(name string) bool {
	return !p.outputs[name] && !p.fixed[name] && p.declared[name] <= 1
}

// live marks the statements and declarations the outputs need: a work
// list from the roots and the effects back through the statements that
// write what is read, an if kept with any statement kept inside it.
func (p *program) live() (stmtLive []bool, nameLive map[string]bool) {
	writers := p.writers()
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
// names it for the reducer's memory of edits that failed and words for
// its log.
type localEdit struct {
	key, what string
	out       []byte
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
	writes := p.writers()
	var out []localEdit
	for i := len(p.stmts) - 1; i >= 0; i-- {
		s := p.stmts[i]
		if len(s.writes) != 1 || s.unit.start < 0 || s.def.start < 0 {
			continue
		}
		name := s.writes[0]
		rs := reads[name]
		if len(writes[name]) != 1 || !p.local(name) || len(rs) == 0 || len(rs) > 1 && !s.defCheap {
			continue
		}
		text := bytes.TrimSpace(p.src[s.def.start:s.def.end])
		if s.defParens {
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
			out = append(out, localEdit{key: "inline " + name + " = " + string(text), what: p.text(name) + " = " + string(text), out: cand})
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
	writes := p.writers()
	var order []string
	seen := map[string]bool{}
	for _, s := range p.stmts {
		for _, w := range s.writes {
			if !seen[w] {
				seen[w] = true
				order = append(order, w)
			}
		}
	}
	var out []localEdit
	for k := len(order) - 1; k >= 0; k-- {
		name := order[k]
		if !p.local(name) || len(reads[name]) == 0 {
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
			out = append(out, localEdit{key: "cut " + name, what: p.text(name) + " → " + string(with), out: cand})
		}
	}
	return out
}

// joinEdits lists each local declared at the top of a body and then
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
		d := p.stmts[i]
		if d.declType == "" || len(d.writes) != 1 || d.unit.start < 0 {
			continue
		}
		name := d.writes[0]
		ws := writes[name]
		if len(ws) != 2 || ws[0] != i || p.declared[name] != 1 || p.fixed[name] {
			continue
		}
		a := p.stmts[ws[1]]
		if a.assignAt < 0 || a.parent != d.parent || a.unit.start < 0 {
			continue
		}
		readFirst := false
		for _, r := range reads[name] {
			readFirst = readFirst || r.at.start < a.unit.end
		}
		if readFirst {
			continue
		}
		edits := []edit{{at: d.unit}, {at: span{a.assignAt, a.assignAt}, with: []byte(d.declType + " ")}}
		if cand := applyEdits(src, edits); cand != nil {
			out = append(out, localEdit{key: "join " + name, what: p.text(name), out: cand})
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
	writes := p.writers()
	firstWrite := map[string]int{}
	var names []string
	for name, ws := range writes {
		if p.local(name) && p.stmts[ws[0]].unit.end > 0 {
			firstWrite[name] = p.stmts[ws[0]].unit.end
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var out []localEdit
	add := func(at span, with []byte) {
		if cand := applyEdits(src, []edit{{at: at, with: with}}); cand != nil {
			what := string(src[at.start:at.end]) + " as " + string(with)
			out = append(out, localEdit{key: lineEditKey(src, at, with), what: what, out: cand})
		}
	}
	for i := len(p.stmts) - 1; i >= 0; i-- {
		for _, r := range p.stmts[i].reads {
			if _, local := firstWrite[r.name]; !local {
				continue
			}
			for _, y := range names {
				if y != r.name && p.types[y] == p.types[r.name] && firstWrite[y] <= r.at.start {
					add(r.at, []byte(p.text(y)))
				}
			}
			for j, s := range p.stmts {
				if j == i {
					continue
				}
				for _, op := range s.ops {
					add(r.at, append(append([]byte("("), p.src[op.start:op.end]...), ')'))
				}
			}
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
				return p.text(d.name)
			}
		}
	}
	return "1"
}

// allReads lists every read of every name: statements and roots.
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

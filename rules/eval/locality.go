package eval

import (
	"fmt"
	"strings"

	"github.com/google/mangle/ast"

	"reuselab/rules/pack"
)

// Is a user's pack local: does every graph of a disjoint union derive
// what it derives alone? The built-in packs are, by review (and the
// agreement tests); a user's pack is checked here, in the child, before a
// batch of graphs is evaluated as one union (child_batch.go). Every
// schema fact ties its build nodes to one graph, so a clause whose build
// nodes are all joined through its premises matches the nodes of one
// graph at a time, as it would alone; a clause that reads the asset's kind
// or name, matches nodes it does not join (`node(M, "Foo", _)` beside
// `cur(N, …)`), names a node by number, computes with node ids, or
// aggregates, may see two graphs at once, and the pack is evaluated graph
// by graph.
//
// What the check assumes: node ids reach strings only through
// fn:string:concat, whose results (signatures) are compared for equality,
// and a pack builds them so that distinct ids give distinct strings, as
// the built-in packs' signatures do (the union shifts every id of a graph
// by one offset, which keeps equal ids equal and distinct ids distinct,
// and keeps their order).
//
// The base pack's clauses are trusted (built-in); they are read only to
// learn where the predicates the user's clauses read hold node ids.

// A node position of a schema or driver predicate: pure ones always hold
// a build node, others a build node or -1 (absent).
type nodePos struct {
	at   int
	pure bool
}

var fedNodes = map[string][]nodePos{
	"node/3": {{0, true}}, "key/2": {{0, true}}, "output/4": {{0, true}}, "width/3": {{0, true}},
	"prop/3": {{0, true}}, "operand/4": {{0, true}, {2, false}}, "pin/4": {{0, true}, {2, false}},
	"slot/5": {{0, true}, {3, false}}, "nslots/2": {{0, true}}, "uses/2": {{0, true}, {1, true}},
	"constant/2": {{0, true}}, "cval/3": {{0, true}}, "cwidth/2": {{0, true}}, "cstr/2": {{0, true}},
	"noperands/2": {{0, true}}, "nouts/2": {{0, true}}, "mask/2": {{0, true}}, "swzkey/2": {{0, true}},
	"debug/2": {{0, true}}, "role/2": {{0, true}}, "root/1": {{0, true}},
	"comp/3": {{0, false}}, "mv/6": {{1, false}, {2, false}, {3, false}},
	"lanesfit/2": {{0, true}, {1, true}}, "cur/3": {{0, true}}, "arg/5": {{0, true}, {3, false}},
	"argstr/2": {{0, true}}, "keyargs/2": {{0, true}}, "constop/3": {{0, true}, {2, true}},
	"folded/1": {{0, true}}, "eswz/4": {{0, true}, {1, false}}, "edge/2": {{0, true}, {1, true}},
	"graph/3": nil,
}

// driverReads lists the positions of the predicates the driver reads
// that it takes for nodes (a carried predicate's first too).
var driverReads = map[string][]int{"live/1": {0}, "sig/2": {0}, "foldtype/2": {0}, "fold/3": {0},
	"alias/3": {0, 1}, "rewrite/4": {0, 1}, "keep/1": {0}}

func predKey(p ast.PredicateSym) string { return fmt.Sprintf("%s/%d", p.Symbol, p.Arity) }

// derivedPos is what the clauses deriving a predicate put at a position.
type derivedPos struct {
	node    bool // some clause puts a node id there
	allNode bool // every clause does (a node or -1, never another number)
}

// locality holds what the pack's clauses say of the predicates they derive.
type locality struct {
	derived map[string][]derivedPos
	pure0   map[string]bool // every clause's head holds a (never absent) node first
	carried map[string]bool // what the driver carries across levels, keyed by their first
}

// nonLocal says why p may not be evaluated over a union of graphs; "" when
// it may.
func nonLocal(p *pack.Pack) string {
	var all, own []*ast.Clause
	file := p.Pos().File
	for _, st := range p.Statements() {
		if st.Clause == nil {
			continue
		}
		all = append(all, st.Clause)
		if st.Pos.File == file {
			own = append(own, st.Clause)
		}
	}
	var carried []ast.PredicateSym
	for _, c := range p.Carries {
		carried = append(carried, c.Pred)
	}
	return nonLocalClauses(all, own, carried)
}

// nonLocalClauses is nonLocal of the clauses own among all (a base pack's
// and own), carried the predicates the driver carries across levels.
func nonLocalClauses(all, own []*ast.Clause, carried []ast.PredicateSym) string {
	l := learn(all)
	for _, c := range carried {
		l.carried[predKey(c)] = true
	}
	for _, c := range own {
		if why := l.check(c); why != "" {
			return fmt.Sprintf("clause %s %s", shortText(c.String()), why)
		}
	}
	return ""
}

// learn types the derived predicates' positions, in three fixpoints:
// where node ids may be (least), where nothing else is (greatest, within
// those), and which predicates hold a never absent node first (greatest).
func learn(cs []*ast.Clause) *locality {
	l := &locality{derived: map[string][]derivedPos{}, pure0: map[string]bool{}, carried: map[string]bool{}}
	for _, c := range cs {
		k := predKey(c.Head.Predicate)
		if _, fed := fedNodes[k]; !fed && l.derived[k] == nil {
			l.derived[k] = make([]derivedPos, c.Head.Predicate.Arity)
		}
	}
	heads := func(each func(c *ast.Clause, k string, d []derivedPos) bool) {
		for changed := true; changed; {
			changed = false
			for _, c := range cs {
				k := predKey(c.Head.Predicate)
				if d := l.derived[k]; d != nil && each(c, k, d) {
					changed = true
				}
			}
		}
	}
	heads(func(c *ast.Clause, _ string, d []derivedPos) bool {
		may := l.mayHoldIds(c)
		changed := false
		for i, a := range c.Head.Args {
			if v, ok := a.(ast.Variable); ok && may[v.Symbol] && !d[i].node {
				d[i].node, changed = true, true
			}
		}
		return changed
	})
	for k, d := range l.derived {
		for i := range d {
			d[i].allNode = d[i].node
		}
		l.pure0[k] = len(d) > 0 && d[0].node
	}
	heads(func(c *ast.Clause, _ string, d []derivedPos) bool {
		nodes, _, _ := l.varsOf(c)
		changed := false
		for i, a := range c.Head.Args {
			if v, ok := a.(ast.Variable); d[i].allNode && !(ok && nodes[v.Symbol]) {
				d[i].allNode, changed = false, true
			}
		}
		return changed
	})
	for k, d := range l.derived {
		l.pure0[k] = len(d) > 0 && l.pure0[k] && d[0].allNode
	}
	heads(func(c *ast.Clause, k string, d []derivedPos) bool {
		if !l.pure0[k] {
			return false
		}
		_, _, pure := l.varsOf(c)
		if v, ok := c.Head.Args[0].(ast.Variable); ok && pure[v.Symbol] {
			return false
		}
		l.pure0[k] = false
		return true
	})
	return l
}

// mayHoldIds is the clause's variables at a position of a premise that
// may hold a node id, as far as learn knows yet.
func (l *locality) mayHoldIds(c *ast.Clause) map[string]bool {
	may := map[string]bool{}
	for _, t := range c.Premises {
		a, _ := atomOf(t)
		if a == nil {
			continue
		}
		k := predKey(a.Predicate)
		var at []int
		if fed, ok := fedNodes[k]; ok {
			for _, np := range fed {
				at = append(at, np.at)
			}
		}
		for i, d := range l.derived[k] {
			if d.node {
				at = append(at, i)
			}
		}
		for _, i := range at {
			if v, ok := a.Args[i].(ast.Variable); ok && v.Symbol != "_" {
				may[v.Symbol] = true
			}
		}
	}
	for _, t := range c.Premises {
		if e, ok := t.(ast.Eq); ok {
			lv, lok := e.Left.(ast.Variable)
			rv, rok := e.Right.(ast.Variable)
			if lok && rok && (may[lv.Symbol] || may[rv.Symbol]) {
				may[lv.Symbol], may[rv.Symbol] = true, true
			}
		}
	}
	return may
}

// positions lists the node positions of an atom's predicate: fed ones,
// and derived ones that hold only node ids (mixed ones are in mixed).
func (l *locality) positions(a ast.Atom) (pos []nodePos, mixed []int) {
	k := predKey(a.Predicate)
	if fed, ok := fedNodes[k]; ok {
		return fed, nil
	}
	for i, d := range l.derived[k] {
		switch {
		case d.allNode:
			pos = append(pos, nodePos{i, i == 0 && l.pure0[k]})
		case d.node:
			mixed = append(mixed, i)
		}
	}
	return pos, mixed
}

// varsOf is the clause's variables that hold node ids (at a node
// position of a premise), those that may hold node ids or other numbers
// (at a mixed one), and those that always hold a node (at a pure position
// of a positive premise).
func (l *locality) varsOf(c *ast.Clause) (nodes, mixed, pure map[string]bool) {
	nodes, mixed, pure = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, t := range c.Premises {
		a, positive := atomOf(t)
		if a == nil {
			continue
		}
		pos, mix := l.positions(*a)
		for _, np := range pos {
			if v, ok := a.Args[np.at].(ast.Variable); ok && v.Symbol != "_" {
				nodes[v.Symbol] = true
				if positive && np.pure {
					pure[v.Symbol] = true
				}
			}
		}
		for _, i := range mix {
			if v, ok := a.Args[i].(ast.Variable); ok && v.Symbol != "_" {
				mixed[v.Symbol] = true
			}
		}
	}
	for _, t := range c.Premises { // X = Y joins their types
		if e, ok := t.(ast.Eq); ok {
			lv, lok := e.Left.(ast.Variable)
			rv, rok := e.Right.(ast.Variable)
			if lok && rok && (nodes[lv.Symbol] || nodes[rv.Symbol]) {
				nodes[lv.Symbol], nodes[rv.Symbol] = true, true
			}
		}
	}
	// an operand held beside a pure node and said not to be absent
	// (X >= 0) is a node of that node's graph
	guarded := nonNegative(c)
	for changed := true; changed; {
		changed = false
		for v := range l.attached(c, pure) {
			if guarded[v] && nodes[v] && !pure[v] {
				pure[v], changed = true, true
			}
		}
	}
	return nodes, mixed, pure
}

// nonNegative is the variables a premise bounds below by 0 (X >= 0,
// X > -1, 0 <= X, -1 < X).
func nonNegative(c *ast.Clause) map[string]bool {
	out := map[string]bool{}
	for _, t := range c.Premises {
		a, ok := t.(ast.Atom)
		if !ok || len(a.Args) != 2 {
			continue
		}
		x, lo := a.Args[0], a.Args[1] // x >= lo or x > lo
		strict := false
		switch a.Predicate.Symbol {
		case ":ge":
		case ":gt":
			strict = true
		case ":le":
			x, lo = lo, x
		case ":lt":
			x, lo, strict = lo, x, true
		default:
			continue
		}
		v, isVar := x.(ast.Variable)
		k, isConst := lo.(ast.Constant)
		if !isVar || !isConst {
			continue
		}
		if n, err := k.NumberValue(); err == nil && (n >= 0 || strict && n >= -1) {
			out[v.Symbol] = true
		}
	}
	return out
}

// atomOf is a premise's atom, and whether it is positive; nil for a
// comparison, a built-in or an equation.
func atomOf(t ast.Term) (*ast.Atom, bool) {
	switch a := t.(type) {
	case ast.Atom:
		if strings.HasPrefix(a.Predicate.Symbol, ":") {
			return nil, false
		}
		return &a, true
	case ast.NegAtom:
		return &a.Atom, false
	}
	return nil, false
}

// check says why a clause of the user's may see two graphs of a union at
// once; "" when it cannot.
func (l *locality) check(c *ast.Clause) string {
	if c.Transform != nil {
		return "aggregates"
	}
	nodes, mixed, pure := l.varsOf(c)
	if why := l.checkHead(c, nodes, pure); why != "" {
		return why
	}
	for v := range mixed {
		if nodes[v] {
			return "joins a position that holds node ids and other numbers as a node"
		}
	}
	// the pure node variables joined through premises: the nodes of one
	// graph each component
	comp := map[string]string{}
	find := func(v string) string { // iterative: a clause's length bounds the chains
		r := v
		for comp[r] != r {
			r = comp[r]
		}
		for comp[v] != r {
			v, comp[v] = comp[v], r
		}
		return r
	}
	for v := range pure {
		comp[v] = v
	}
	attached := l.attached(c, pure)
	for k, t := range append([]ast.Term{c.Head}, c.Premises...) {
		a, positive := atomOf(t)
		if a == nil {
			continue
		}
		if a.Predicate.Symbol == "graph" && len(a.Args) == 3 && (!wildcard(a.Args[0]) || !wildcard(a.Args[1])) {
			return "reads the asset's kind or name"
		}
		pos, mix := l.positions(*a)
		at := map[int]bool{}
		for _, i := range mix {
			at[i] = true
		}
		first := ""
		for _, np := range pos {
			at[np.at] = true
			arg := a.Args[np.at]
			if naturalNumber(arg) {
				return "names a node by number"
			}
			v, ok := arg.(ast.Variable)
			if ok && !positive && np.pure && nodes[v.Symbol] {
				// a negated premise holds only of a node at a pure
				// position: -1 there matches nothing, another id is
				// one of this clause's graph
				first = v.Symbol
			}
			if ok && pure[v.Symbol] {
				if first == "" {
					first = v.Symbol
				} else if positive && k > 0 {
					comp[find(v.Symbol)] = find(first)
				}
			}
		}
		for i, arg := range a.Args {
			if v, ok := arg.(ast.Variable); ok && !at[i] && (nodes[v.Symbol] || mixed[v.Symbol]) {
				return fmt.Sprintf("uses a node id as another value of %s", predKey(a.Predicate))
			}
		}
		if k > 0 && len(at) > 0 && first == "" && !(len(mix) == 0 && onlyAttached(a, pos, attached)) {
			return fmt.Sprintf("reads %s of nodes it does not join to its own", predKey(a.Predicate))
		}
	}
	roots := map[string]bool{}
	for v := range pure {
		roots[find(v)] = true
	}
	if len(roots) > 1 {
		return "joins nodes that no premise relates"
	}
	if len(nodes) > 0 || len(mixed) > 0 {
		if len(c.Head.Args) == 0 {
			return "derives a fact about nodes that is about no node"
		}
		if v, ok := c.Head.Args[0].(ast.Variable); !ok || !pure[v.Symbol] {
			return "derives a fact about nodes that is not about one node first"
		}
	}
	// node ids compared or concatenated only
	for v := range mixed {
		nodes[v] = true
	}
	for _, t := range c.Premises {
		if why := l.useOfIds(t, nodes); why != "" {
			return why
		}
	}
	return ""
}

// checkHead says why a clause's head may name a node of another graph:
// a number where the driver or a premise reads a node, or a first that is
// not a node of the clause's own where the driver reads a node.
func (l *locality) checkHead(c *ast.Clause, nodes, pure map[string]bool) string {
	k := predKey(c.Head.Predicate)
	read := driverReads[k]
	if l.carried[k] {
		read = append(read, 0)
	}
	for _, i := range read {
		if i >= len(c.Head.Args) {
			continue
		}
		v, ok := c.Head.Args[i].(ast.Variable)
		switch {
		case naturalNumber(c.Head.Args[i]):
			return "names a node by number"
		case i == 0 && !(ok && pure[v.Symbol]):
			return "derives a fact the driver reads of a node that is not one of its own"
		case i > 0 && ok && !nodes[v.Symbol]:
			return "derives a fact the driver reads of a node that is not a node"
		}
	}
	for i, d := range l.derived[k] {
		if d.node && naturalNumber(c.Head.Args[i]) {
			return "names a node by number"
		}
	}
	return ""
}

// attached is the clause's variables that hold a node of the graph its
// pure variables are in, or -1: those at a node position of a positive
// premise that holds a pure variable at one.
func (l *locality) attached(c *ast.Clause, pure map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, t := range c.Premises {
		a, positive := atomOf(t)
		if a == nil || !positive {
			continue
		}
		pos, _ := l.positions(*a)
		tied := false
		for _, np := range pos {
			if v, ok := a.Args[np.at].(ast.Variable); ok && pure[v.Symbol] {
				tied = true
			}
		}
		for _, np := range pos {
			if v, ok := a.Args[np.at].(ast.Variable); ok && tied && v.Symbol != "_" {
				out[v.Symbol] = true
			}
		}
	}
	return out
}

// onlyAttached reports whether every node position of a holds an attached
// variable or a negative number (absent): a premise such as mv/6 or
// comp/3, which reads the values of nodes the clause already holds.
func onlyAttached(a *ast.Atom, pos []nodePos, attached map[string]bool) bool {
	for _, np := range pos {
		switch arg := a.Args[np.at].(type) {
		case ast.Variable:
			if !attached[arg.Symbol] {
				return false
			}
		case ast.Constant:
			if n, err := arg.NumberValue(); err != nil || n >= 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// useOfIds says why a premise computes with node ids; "" when it only
// compares them with each other or with a number below 1, or concatenates
// them into a string.
func (l *locality) useOfIds(t ast.Term, nodes map[string]bool) string {
	holds := func(b ast.BaseTerm) bool {
		v, ok := b.(ast.Variable)
		return ok && nodes[v.Symbol]
	}
	var fnUse func(b ast.BaseTerm) string
	fnUse = func(b ast.BaseTerm) string {
		f, ok := b.(ast.ApplyFn)
		if !ok {
			return ""
		}
		for _, a := range f.Args {
			if holds(a) && f.Function.Symbol != "fn:string:concat" {
				return "computes " + f.Function.Symbol + " of a node id"
			}
			if why := fnUse(a); why != "" {
				return why
			}
		}
		return ""
	}
	var args []ast.BaseTerm
	switch p := t.(type) {
	case ast.Atom:
		args = p.Args
		if strings.HasPrefix(p.Predicate.Symbol, ":") {
			compare := p.Predicate.Symbol == ":lt" || p.Predicate.Symbol == ":le" || p.Predicate.Symbol == ":gt" || p.Predicate.Symbol == ":ge"
			for _, a := range p.Args {
				if holds(a) && (!compare || len(p.Args) != 2 || !compareAlike(p.Args, holds)) {
					return "compares a node id with " + p.Predicate.Symbol
				}
			}
		}
	case ast.NegAtom:
		args = p.Atom.Args
	case ast.Eq:
		args = []ast.BaseTerm{p.Left, p.Right}
		if (holds(p.Left) || holds(p.Right)) && !compareAlike(args, holds) {
			return "equates a node id with what is not one"
		}
	case ast.Ineq:
		args = []ast.BaseTerm{p.Left, p.Right}
		if (holds(p.Left) || holds(p.Right)) && !compareAlike(args, holds) {
			return "compares a node id with what is not one"
		}
	}
	for _, a := range args {
		if why := fnUse(a); why != "" {
			return why
		}
	}
	return ""
}

// compareAlike reports whether two terms compare alike in a union and alone:
// two node ids (one offset shifts both), or a node id and a number below 1
// (absent, or not).
func compareAlike(args []ast.BaseTerm, holds func(ast.BaseTerm) bool) bool {
	if len(args) != 2 {
		return false
	}
	for k := range 2 {
		a, b := args[k], args[1-k]
		if holds(a) && (holds(b) || belowOne(b)) {
			return true
		}
	}
	return false
}

func wildcard(b ast.BaseTerm) bool {
	v, ok := b.(ast.Variable)
	return ok && v.Symbol == "_"
}

func naturalNumber(b ast.BaseTerm) bool {
	c, ok := b.(ast.Constant)
	if !ok {
		return false
	}
	n, err := c.NumberValue()
	return err == nil && n >= 0
}

func belowOne(b ast.BaseTerm) bool {
	c, ok := b.(ast.Constant)
	if !ok {
		return false
	}
	n, err := c.NumberValue()
	return err == nil && n < 1
}

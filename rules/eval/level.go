package eval

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/google/mangle/ast"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// levelState is what the driver reads of one level evaluation, kept in
// the evaluator so that its storage serves every level: slices sorted by
// node, not a map per node (a level has up to levelChunk nodes, nearly
// each with one signature).
type levelState struct {
	stamp    []uint32 // stamp[i] == gen: node i is in the level being read
	gen      uint32
	sigs     []nodeSig
	folds    []nodeComp
	foldType map[int]string
	vals     []float64
	slots    []ir.Pin // a node's slots, as the level is fed
	keys     map[keyShape]string
	// aliased[i]: e.out.Alias holds node i (resolve reads it per slot;
	// nil until a node is aliased)
	aliased []bool
	// kinds[i]: what the level reads of node i once its facts are
	// derived, noted as the node is fed (kindOf): by then the node
	// itself has left the cache
	kinds []nodeKind
}

type nodeKind uint8

const (
	kindValue   nodeKind = 1 << iota // role value: it may join a class (R7)
	kindSwizzle                      // a Swizzle: its effective form is published
)

// kindOf notes the kind of node i of g, for the level that feeds it.
func (l *levelState) kindOf(g *ir.Graph, i int, n *ir.Node) {
	if l.kinds == nil {
		l.kinds = make([]nodeKind, len(g.Nodes))
	}
	var k nodeKind
	if n.Role == ir.RoleValue {
		k |= kindValue
	}
	if n.Op == ir.OpSwizzle {
		k |= kindSwizzle
	}
	l.kinds[i] = k
}

// keyShape is what the static key of a node without properties and with
// one output is made of (facts.StaticKey reads op, class, outputs and
// properties only): most nodes, and a few hundred shapes in a graph.
type keyShape struct {
	op                 ir.Op
	class, name, otype string
}

// appendStaticKey appends facts.StaticKey(n) to dst.
func (l *levelState) appendStaticKey(dst []byte, n *ir.Node) []byte {
	if len(n.Props) != 0 || len(n.Outputs) != 1 {
		return facts.AppendStaticKey(dst, n)
	}
	return append(dst, l.staticKey(n)...)
}

// staticKey is facts.StaticKey(n), made once per shape for the nodes of
// one shape.
func (l *levelState) staticKey(n *ir.Node) string {
	if len(n.Props) != 0 || len(n.Outputs) != 1 {
		return facts.StaticKey(n)
	}
	s := keyShape{n.Op, n.Class, n.Outputs[0].Name, n.Outputs[0].Type}
	k, ok := l.keys[s]
	if !ok {
		if l.keys == nil {
			l.keys = map[keyShape]string{}
		}
		k = facts.StaticKey(n)
		l.keys[s] = k
	}
	return k
}

type nodeSig struct {
	node int
	sig  string
}

type nodeComp struct {
	node, k int
	v       float64
	seq     int // reading order: ties on node and k keep it
}

// drop lets go of what only the levels read; resolve still reads
// aliased.
func (l *levelState) drop() {
	aliased := l.aliased
	*l = levelState{aliased: aliased}
}

// enter marks ids as the level being read.
func (l *levelState) enter(n int, ids []int) {
	if l.stamp == nil {
		l.stamp = make([]uint32, n)
		l.foldType = map[int]string{}
	}

	l.gen++
	if l.gen == 0 { // wrapped: no stale stamp may equal it
		clear(l.stamp)
		l.gen = 1
	}
	for _, i := range ids {
		l.stamp[i] = l.gen
	}
	l.sigs, l.folds = l.sigs[:0], l.folds[:0]
	clear(l.foldType)
}

func (l *levelState) in(i int) bool { return i >= 0 && i < len(l.stamp) && l.stamp[i] == l.gen }

// level is phase level for the nodes of one DAG level.
func (e *evaluator) level(ids []int) bool {
	pr := e.pack.Program(pack.Level)
	round := facts.NewTee(e.base)
	if e.native(pr) {
		e.feedNative(pr, ids) // compiled.go
	} else {
		e.feedLevel(pr, round, ids) // feed.go
	}
	if !e.eval(pr, round, round.Out.EstimateFactCount) {
		return false
	}
	if e.rec != nil {
		e.rec.level(ids, round, e.carryStore(round))
	}
	l := &e.lv
	l.enter(len(e.g.Nodes), ids)
	bad := func(sym ast.PredicateSym, format string, args ...any) {
		e.out.Diags = append(e.out.Diags, diag.Diagnostic{Pos: e.headPos(sym),
			Severity: diag.Error, Code: CodePackOutput, Message: fmt.Sprintf(format, args...)})
	}
	read := func(sym ast.PredicateSym, f func(i int, r row)) {
		e.eachRow(pr, round, sym, func(r row) {
			if i, ok := r.int(0); ok && l.in(i) {
				f(i, r)
			}
		})
	}
	read(pack.PredSig, func(i int, r row) {
		s, ok := r.str(1)
		if !ok {
			s = r.term(1).String()
		}
		l.sigs = append(l.sigs, nodeSig{i, s})
	})
	read(pack.PredFoldType, func(i int, r row) { l.foldType[i], _ = r.str(1) })
	read(pack.PredFold, func(i int, r row) {
		k, ok1 := r.int(1)
		v, ok2 := r.float(2)
		if ok1 && ok2 {
			l.folds = append(l.folds, nodeComp{i, k, v, len(l.folds)})
		}
	})
	read(pack.PredAlias, func(i int, r row) {
		to, ok1 := r.int(1)
		q, ok2 := r.int(2)
		if !ok1 || !ok2 || !e.done(to) {
			bad(pack.PredAlias, "alias(%d, %s, %s): a node can only be replaced by a node of a lower level", i, termText(r.term(1)), termText(r.term(2)))
			return
		}
		e.out.Alias[i] = ir.Ref{Node: int(e.find(int32(to))), Out: q}
		if l.aliased == nil {
			l.aliased = make([]bool, len(e.g.Nodes))
		}
		l.aliased[i] = true
	})
	read(pack.PredRewrite, func(i int, r row) {
		to, ok1 := r.int(1)
		q, ok2 := r.int(2)
		m, ok3 := r.str(3)
		if !ok1 || !ok2 || !ok3 || !e.done(to) {
			bad(pack.PredRewrite, "rewrite(%d, …): the new source must be a node of a lower level", i)
			return
		}
		e.out.Rewrite[i] = SwzOut{Src: ir.Ref{Node: int(e.find(int32(to))), Out: q}, Mask: m}
	})

	// in one order whatever order the engine derived them in: a node's
	// signatures join classes in turn, and the class keeps the root of
	// the last one joined
	slices.SortFunc(l.sigs, func(a, b nodeSig) int {
		// not cmp.Or, which would compare the signatures of every pair
		if c := cmp.Compare(a.node, b.node); c != 0 {
			return c
		}
		return strings.Compare(a.sig, b.sig)
	})
	// a component derived twice keeps the value read last, as a map
	// written in reading order would (seq: a stable sort, without the
	// stable algorithm's cost)
	slices.SortFunc(l.folds, func(a, b nodeComp) int {
		if a.node != b.node {
			return cmp.Compare(a.node, b.node)
		}
		return cmp.Or(cmp.Compare(a.k, b.k), cmp.Compare(a.seq, b.seq))
	})
	slices.Sort(ids)
	sigs, folds := l.sigs, l.folds
	for _, i := range ids {
		k := 0
		for k < len(sigs) && sigs[k].node == i {
			k++
		}
		mine := sigs[:k]
		sigs = sigs[k:]
		k = 0
		for k < len(folds) && folds[k].node == i {
			k++
		}
		comps := folds[:k]
		folds = folds[k:]
		kind := l.kinds[i]
		folded := false
		if t, ok := l.foldType[i]; ok {
			vals, ok := foldValues(comps, l.vals[:0])
			l.vals = vals
			if !ok {
				bad(pack.PredFold, "fold(%d, …): components are not 0..%d", i, len(vals)-1)
				e.out.Stop = ir.StopError
				return false
			}
			if len(vals) == 0 {
				// Stopped, not skipped: the levels above were never
				// decided, and an answer without them is no answer.
				bad(pack.PredFoldType, "foldtype(%d, %q) without fold/3 components", i, ShortTerm(t))
				e.out.Stop = ir.StopError
				return false
			}
			folded = true
			// held by the store alone until the levels end (foldsOut)
			vals = slices.Clone(vals)
			delete(e.out.Alias, i)
			if l.aliased != nil {
				l.aliased[i] = false
			}
			delete(e.out.Rewrite, i)
			e.publishFold(i, t, vals)
		} else if l.aliased != nil && l.aliased[i] { // e.out.Alias holds i
			delete(e.out.Rewrite, i)
			continue // gone: readers are resolved to the target, it joins no class
		}
		if e.opt.Record && len(mine) > 0 {
			e.out.Sigs[i] = make([]string, len(mine))
			for j, s := range mine {
				e.out.Sigs[i][j] = s.sig
			}
		}
		e.out.Class[i] = int32(i)
		if kind&kindValue == 0 {
			continue // R7, whatever the pack says
		}
		for _, ns := range mine {
			s := ns.sig
			if e.part != nil {
				// A batch holds several assets: classes never cross them (R1).
				s = strconv.Itoa(int(e.part[i])) + "\x00" + s
			}
			if l, ok := e.leader[s]; ok {
				e.leader[s] = e.union(int32(i), l)
			} else {
				e.leader[s] = e.find(int32(i))
			}
		}
		if kind&kindSwizzle != 0 && !folded {
			e.publishSwizzle(i, e.g.Nodes[i])
		}
	}
	e.carryLevel(round, ids)
	return true
}

// foldValues lays a node's fold/3 components, sorted by index with the
// value read last for an index last among its equals, out as values
// 0..w-1 into vals; false (with vals as long as the distinct indexes)
// when the indexes are not exactly 0..w-1.
func foldValues(comps []nodeComp, vals []float64) ([]float64, bool) {
	ok := true
	for j, c := range comps {
		if j+1 < len(comps) && comps[j+1].k == c.k {
			continue // a later value for the same index wins
		}
		if c.k != len(vals) {
			ok = false
		}
		vals = append(vals, c.v)
	}
	return vals, ok
}

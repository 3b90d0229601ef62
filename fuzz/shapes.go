package fuzz

import (
	"math/rand/v2"

	"reuselab/ir"
)

// slot is an operand of a shape's node: a leaf (below zero) or an earlier
// node of the shape.
type slot int

const (
	leafA slot = -1 // the first parameter
	leafB slot = -2 // the second parameter
	leafC slot = -3 // a constant, its value chosen per instance
)

var leaves = []slot{leafA, leafB, leafC}

type shapeNode struct {
	op   ir.Op
	mask string // a Swizzle's
	args []slot
}

// shape is a small expression DAG over two parameters and constants; the
// nodes no later node reads are its results.
type shape []shapeNode

// instance is a shape with the values of its constants, in slot order.
type instance struct {
	s      shape
	consts []float64
}

// widthOf is the width of slot x of s (leaves are scalars).
func (s shape) widthOf(x slot) int {
	if x < 0 {
		return 1
	}
	n := s[x]
	if n.op == ir.OpSwizzle {
		return len(n.mask)
	}
	ws := make([]int, len(n.args))
	for k, a := range n.args {
		ws[k] = s.widthOf(a)
	}
	return spellings[n.op].width(ws)
}

// constSlots counts the constants of s.
func (s shape) constSlots() int {
	c := 0
	for _, n := range s {
		for _, a := range n.args {
			if a == leafC {
				c++
			}
		}
	}
	return c
}

// extend lists the shapes s plus one node of op over the leaves and s's
// nodes, reading the node before it when mustRead is set; operands that do
// not fit are left out, and so is a node over constants only (the
// reference folds it).
func extend(s shape, op ir.Op, mustRead bool) []shape {
	sp := spellings[op]
	pool := append([]slot(nil), leaves...)
	for k := range s {
		pool = append(pool, slot(k))
	}
	var out []shape
	args := make([]slot, sp.arity)
	var rec func(k int)
	rec = func(k int) {
		if k == sp.arity {
			reads, allConst := false, true
			for _, a := range args {
				reads = reads || a == slot(len(s)-1)
				allConst = allConst && a == leafC
			}
			if allConst || (mustRead && !reads) {
				return
			}
			masksFor := []string{""}
			if op == ir.OpSwizzle {
				w := s.widthOf(args[0])
				if w < 2 {
					return
				}
				masksFor = masks(w)
			}
			for _, m := range masksFor {
				t := append(append(shape(nil), s...), shapeNode{op: op, mask: m, args: append([]slot(nil), args...)})
				if op != ir.OpSwizzle && t.widthOf(slot(len(t)-1)) == 0 {
					continue
				}
				out = append(out, t)
			}
			return
		}
		for _, a := range pool {
			args[k] = a
			rec(k + 1)
		}
	}
	rec(0)
	return out
}

// singles are every shape of one node over the leaves, op by op.
func singles(ops []ir.Op) []shape {
	var out []shape
	for _, op := range ops {
		out = append(out, extend(nil, op, false)...)
	}
	return out
}

// pairs are every shape of two nodes, the second reading the first: a
// nested op(op(x)), or an op over a value and itself.
func pairs(ops []ir.Op, ones []shape) []shape {
	var out []shape
	for _, s := range ones {
		for _, op := range ops {
			out = append(out, extend(s, op, true)...)
		}
	}
	return out
}

// randomShape is a chain of up to three nodes, each reading the one
// before it or, now and then, any earlier value.
func randomShape(r *rand.Rand, ops []ir.Op) shape {
	var s shape
	size := 2 + r.IntN(2)
	for tries := 0; len(s) < size && tries < 32; tries++ {
		cands := extend(s, ops[r.IntN(len(ops))], len(s) > 0 && r.IntN(4) != 0)
		if len(cands) > 0 {
			s = cands[r.IntN(len(cands))]
		}
	}
	return s
}

// instantiate builds inst over the parameters a and b and marks its
// results as roots; false when a node does not fit (it then adds nothing
// further, and what it added stays unread).
func (b *builder) instantiate(inst instance, pa, pb ir.Ref) bool {
	refs := make([]ir.Ref, len(inst.s))
	read := make([]bool, len(inst.s))
	c := 0
	for i, n := range inst.s {
		args := make([]ir.Ref, len(n.args))
		for k, a := range n.args {
			switch {
			case a == leafA:
				args[k] = pa
			case a == leafB:
				args[k] = pb
			case a == leafC:
				v := 0.0
				if c < len(inst.consts) {
					v = inst.consts[c]
				}
				c++
				args[k] = b.constant(v)
			default:
				args[k] = refs[a]
				read[a] = true
			}
		}
		r, ok := b.op(n.op, n.mask, args...)
		if !ok {
			return false
		}
		refs[i] = r
	}
	for i, r := range refs {
		if !read[i] {
			b.root(r)
		}
	}
	return true
}

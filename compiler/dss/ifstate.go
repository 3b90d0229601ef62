package dss

import (
	"fmt"
	"slices"

	"reuselab/compiler/dss/syntax"
)

// The state of the slots around an if: what lowerIf snapshots before the
// arms, what the then arm left, and how an arm's changes are undone.

// state is a snapshot of the frames' slots an if's arms may change: per
// frame, of its locals in declaration order then its parameters, those
// snapshot keeps. nlocals[fi] is how many locals frame fi had, and a
// slotState's at its index among them, so that a slot of an earlier
// snapshot is found in the live frame by position (holds, O(1)) rather
// than by a search, which made every if cost (locals)².
type state struct {
	frames  [][]slotState
	nlocals []int
}

type slotState struct {
	s  *slot
	at int // index in its frame's locals-then-parameters when taken
	slot
}

// snapshot copies the slots the arms of s may change. An arm changes a slot
// only through its name: assignments, ++/--, out arguments and reads (a
// read clears partial) all look the slot up by a name the arm spells, and
// a call's own locals live in a frame of its own. So a slot whose name the
// arms never mention is left as it is by both, and merge would skip it,
// unless merge rebuilds it anyway: a material, or an assigned value
// without a node (mergeSlot makes it a Conditional); those are always
// kept. Copying only these keeps an if among thousands of locals from
// copying and comparing each of them several times.
//
// Reading every slot of every frame for each if made n locals and n ifs
// cost n², so a frame with more slots than the if names is not read
// slot by slot: the slots the arms name come from the frame's index by
// name, and those keepAlways holds for from its pending and always sets
// (frame), then they are put in the frame's order.
func (c *compiler) snapshot(s *syntax.IfStmt) state {
	names := c.namesOfArms(s)
	st := state{frames: make([][]slotState, 0, len(c.b.frames)), nlocals: make([]int, 0, len(c.b.frames))}
	for _, f := range c.b.frames {
		ss := c.snapBuf(0) // few slots pass: grown as needed
		keep := func(sl *slot) {
			ss = append(ss, slotState{})
			snapInto(&ss[len(ss)-1], sl)
			at := sl.index
			if sl.param {
				at += len(f.slots)
			}
			ss[len(ss)-1].at = at
		}
		if c.snapshotEverySlot {
			c.checkSlotsToKeep(f, names)
		}
		if c.snapshotEverySlot || len(f.slots)+len(f.params) <= len(names.set)+len(f.always)+len(f.pending) {
			for _, sl := range f.slots {
				if c.snapshotEverySlot || mayChange(sl, names) {
					keep(sl)
				}
			}
			for _, sl := range f.params {
				if c.snapshotEverySlot || mayChange(sl, names) {
					keep(sl)
				}
			}
		} else {
			for _, sl := range c.slotsToKeep(f, names) {
				keep(sl)
			}
		}
		st.frames = append(st.frames, ss)
		st.nlocals = append(st.nlocals, len(f.slots))
	}
	return st
}

// mayChange reports whether snapshot must keep sl (see there).
func mayChange(sl *slot, names *armNames) bool {
	return keepAlways(sl) || names.has(sl.name)
}

// keepAlways: merge rebuilds sl whether or not an arm changes it.
func keepAlways(sl *slot) bool {
	return sl.v.mat != nil || (sl.assigned && sl.v.sub == nil && !sl.v.ref.Valid())
}

// slotsToKeep is the slots of f that mayChange holds for, in the frame's
// order (locals, then parameters), found without reading every slot: a
// slot keepAlways holds for is pending or, if its state has not changed
// since its statement ended, in always.
func (c *compiler) slotsToKeep(f *frame, names *armNames) []*slot {
	found := c.b.keepBuf[:0]
	for sl := range f.always {
		if keepAlways(sl) {
			found = append(found, sl)
		}
	}
	for _, sl := range f.pending {
		if keepAlways(sl) {
			found = append(found, sl)
		}
	}
	for name := range names.set {
		found = append(found, f.named[name]...)
	}
	slices.SortFunc(found, func(a, b *slot) int {
		if a.param != b.param {
			if a.param {
				return 1
			}
			return -1
		}
		return a.index - b.index
	})
	found = slices.Compact(found)
	c.b.keepBuf = found
	return found
}

// checkSlotsToKeep is the test of slotsToKeep that snapshotEverySlot
// runs: it must find what reading every slot finds, in the same order
// (an internal error, DSH4350, if not).
func (c *compiler) checkSlotsToKeep(f *frame, names *armNames) {
	var want []*slot
	for _, sl := range append(append([]*slot(nil), f.slots...), f.params...) {
		if keepAlways(sl) || names.has(sl.name) {
			want = append(want, sl)
		}
	}
	if got := c.slotsToKeep(f, names); !slices.Equal(got, want) {
		panic(fmt.Sprintf("an if's snapshot by index keeps %d slots where reading every slot keeps %d", len(got), len(want)))
	}
}

// settle ends a statement of f: its pending slots' states are final until
// looked up again, so whether keepAlways holds for each is recorded.
func (f *frame) settle() {
	for _, sl := range f.pending {
		if keepAlways(sl) {
			if f.always == nil {
				f.always = map[*slot]struct{}{}
			}
			f.always[sl] = struct{}{}
		} else if f.always != nil {
			delete(f.always, sl)
		}
	}
	f.pending = f.pending[:0]
}

// armNames is the set of names an if's arms mention, with a 256-bit
// filter in front of the map: most slots' names are not in the set, and
// the filter turns most of those away without hashing the name.
type armNames struct {
	filter [4]uint64
	set    map[string]struct{}
}

func nameBit(s string) uint {
	if s == "" {
		return 0
	}
	return (uint(s[len(s)-1]) + 7*uint(s[len(s)/2]) + 31*uint(len(s))) & 255
}

func (a *armNames) add(s string) {
	b := nameBit(s)
	a.filter[b>>6] |= 1 << (b & 63)
	a.set[s] = struct{}{}
}

func (a *armNames) has(s string) bool {
	b := nameBit(s)
	if a.filter[b>>6]&(1<<(b&63)) == 0 {
		return false
	}
	_, ok := a.set[s]
	return ok
}

// namesOfArms is every name mentioned in the arms of s, once per if (an if
// in an unrolled loop is lowered again and again).
func (c *compiler) namesOfArms(s *syntax.IfStmt) *armNames {
	if names, ok := c.armNames[s]; ok {
		return names
	}
	names := &armNames{set: map[string]struct{}{}}
	add := func(e syntax.Expr) {
		if n, ok := e.(*syntax.Name); ok {
			names.add(n.Text)
		}
	}
	walkExprs(s.Then, add)
	if s.Else != nil {
		walkExprs(s.Else, add)
	}
	if c.armNames == nil {
		c.armNames = map[*syntax.IfStmt]*armNames{}
	}
	c.armNames[s] = names
	return names
}

// snapInto is copySlot writing into x.
func snapInto(x *slotState, s *slot) {
	x.s = s
	x.slot = *s
	if x.slot.v.mat != nil {
		x.slot.v.mat = x.slot.v.mat.clone()
	}
}

func (c *compiler) copySlot(s *slot) slotState {
	cp := *s
	if cp.v.mat != nil {
		cp.v.mat = cp.v.mat.clone()
	}
	return slotState{s: s, slot: cp}
}

// snapBuf is an empty slice for n slot states, reused from a snapshot
// already merged when one is big enough: a snapshot copies every local, and
// allocating it afresh for each if among thousands of locals was most of
// what the front end allocated (and so most of its GC).
func (c *compiler) snapBuf(n int) []slotState {
	for i := len(c.snapFree) - 1; i >= 0; i-- {
		if buf := c.snapFree[i]; cap(buf) >= n {
			c.snapFree = append(c.snapFree[:i], c.snapFree[i+1:]...)
			return buf[:0]
		}
	}
	// Headroom: locals are only appended, so the next if's snapshot is
	// bigger than this one (by the locals an arm declares) and should fit.
	return make([]slotState, 0, 2*n+16)
}

// release hands a merged snapshot's buffers back to snapBuf. A few are
// kept, the largest (the next snapshot is bigger): one pair per if nesting
// level in flight is what a program reuses.
func (c *compiler) release(st state) {
	for _, ss := range st.frames {
		c.snapFree = append(c.snapFree, ss)
		if len(c.snapFree) > 8 {
			small := 0
			for i, buf := range c.snapFree {
				if cap(buf) < cap(c.snapFree[small]) {
					small = i
				}
			}
			c.snapFree = append(c.snapFree[:small], c.snapFree[small+1:]...)
		}
	}
}

// absentSlot marks, in a thenState, a slot the then arm's frames no
// longer hold (merge then reads it as it is, as at() does).
var absentSlot = &slot{}

// thenState is what at() would find in a snapshot taken after the then
// arm, for each slot of before, without copying every local again: an
// entry is nil for a slot the arm left as it was (read from before),
// absentSlot for one no longer in its frame, else a copy of the slot.
func (c *compiler) thenState(before state) state {
	st := state{frames: make([][]slotState, len(before.frames))}
	for fi, bs := range before.frames {
		ts := c.snapBuf(len(bs))[:len(bs)]
		for i := range bs {
			b, x := &bs[i], &ts[i]
			switch {
			case !c.holds(fi, before.nlocals[fi], b.at, b.s):
				x.s = absentSlot
			case b.s.v.mat == nil && sameSlot(&b.slot, b.s):
				x.s = nil
			default:
				snapInto(x, b.s)
			}
		}
		st.frames[fi] = ts
	}
	return st
}

// holds reports whether frame fi still has slot s, which sat at index i of
// a snapshot taken when the frame had nlocals locals (at()'s look-up, on
// the live frame).
func (c *compiler) holds(fi, nlocals, i int, s *slot) bool {
	if fi >= len(c.b.frames) {
		return false
	}
	f := c.b.frames[fi]
	j := i
	if i >= nlocals {
		j = i - nlocals + len(f.slots)
	}
	if j < len(f.slots) && f.slots[j] == s || j >= len(f.slots) && j-len(f.slots) < len(f.params) && f.params[j-len(f.slots)] == s {
		return true
	}
	for _, x := range f.slots {
		if x == s {
			return true
		}
	}
	for _, x := range f.params {
		if x == s {
			return true
		}
	}
	return false
}

// thenAt is the then arm's state of before's slot b (now at sl) from a
// thenState.
func (st state) thenAt(b *slotState, sl *slot, fi, i int) slot {
	switch x := &st.frames[fi][i]; x.s {
	case nil:
		return b.slot
	case absentSlot:
		return *sl
	default:
		return x.slot
	}
}

func (c *compiler) restore(st state) {
	for fi, ss := range st.frames {
		for i := range ss {
			x := &ss[i]
			if x.slot.v.mat == nil && sameSlot(&x.slot, x.s) {
				continue // the arm left it alone: nothing to write back
			}
			v := x.slot
			if v.v.mat != nil {
				v.v.mat = v.v.mat.clone()
			}
			*x.s = v
			if fi < len(c.b.frames) {
				c.b.frames[fi].pending = append(c.b.frames[fi].pending, x.s)
			}
		}
	}
}

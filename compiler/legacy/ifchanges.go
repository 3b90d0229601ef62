package legacy

import (
	"cmp"
	"slices"

	"reuselab/compiler/legacy/syntax"
)

// An if lowers both arms from the state before it, then merges each
// variable an arm changed (LANGUAGE-2.0 §2.8). Snapshotting every visible
// variable at each if made a program of n locals and n ifs cost n²; instead
// the builder logs, while an if is open, each variable's state just before
// it changes, and an if restores and merges only the variables its arms
// logged, in the order a walk of every visible variable would have met them
// (outermost scope first, declaration order), so the merge nodes come out
// as they always have.

// varState is what an if saves of a variable and puts back.
type varState struct {
	val    value
	set    bool
	oneArm bool
	ver    int
}

func stateOf(v *variable) varState { return varState{v.val, v.set, v.oneArm, v.ver} }

func (v *variable) restore(s varState) { v.val, v.set, v.oneArm, v.ver = s.val, s.set, s.oneArm, s.ver }

// change is a variable's state just before a change made inside an if.
type change struct {
	v      *variable
	before varState
}

// noteChange logs v's state before the caller changes it, when an if is
// open. Every write of val, set, oneArm or ver goes through here, except
// an if putting back its own saved states.
func (b *builder) noteChange(v *variable) {
	if b.openIfs > 0 {
		b.changes = append(b.changes, change{v, stateOf(v)})
	}
}

// ifChanges is the state of one if being lowered: vars[i], in the state
// before[i] when the if began, is a variable one of its arms changed.
type ifChanges struct {
	b        *builder
	depth    int   // scopes open outside the if
	startSeq int32 // declarations before the if
	mark     int   // b.changes made before the if
	vars     []*variable
	before   []varState
	index    map[*variable]int
	// fresh[i]: vars[i] was declared outside the arms by an arm (L26);
	// those come after the rest, in the order found.
	fresh []bool
}

func (b *builder) openIf() *ifChanges {
	b.openIfs++
	ic := &ifChanges{b: b, depth: len(b.scopes), startSeq: b.declSeq, mark: len(b.changes), index: map[*variable]int{}}
	if b.c.snapshotEveryVar {
		for _, v := range b.visibleVars() {
			ic.add(v, stateOf(v), false)
		}
	}
	return ic
}

// visibleVars lists every variable in scope, outermost scope first and in
// declaration order (only with compileFile's snapshotEveryVar).
func (b *builder) visibleVars() []*variable {
	var vs []*variable
	for _, s := range b.scopes {
		for _, name := range s.order {
			if v := s.vars[name]; b.lookupExact(name) == v {
				vs = append(vs, v)
			}
		}
	}
	return vs
}

// closeIf ends the if's bookkeeping before its merges, which are changes
// the enclosing if (if any) logs like any other.
func (b *builder) closeIf(ic *ifChanges) {
	b.openIfs--
	b.changes = b.changes[:ic.mark]
	if b.openIfs == 0 {
		b.changes = b.changes[:0]
		b.outsideDecls = b.outsideDecls[:0]
	}
}

func (ic *ifChanges) add(v *variable, before varState, fresh bool) {
	ic.index[v] = len(ic.vars)
	ic.vars = append(ic.vars, v)
	ic.before = append(ic.before, before)
	ic.fresh = append(ic.fresh, fresh)
}

// arm lowers one arm from the state before the if and returns the state it
// left in each variable it changed (by index in vars), then puts back the
// state before the if.
func (ic *ifChanges) arm(body []syntax.Stmt) map[int]varState {
	b := ic.b
	outer := b.minDeclScope
	b.minDeclScope = ic.depth
	declMark := len(b.outsideDecls)
	b.push()
	b.stmts(body)
	b.pop()
	declaredOutside := b.minDeclScope < ic.depth
	b.minDeclScope = min(outer, b.minDeclScope)
	// A name an arm declared outside itself (L26) had no value before.
	// Only a declaration into one of the if's own scopes makes a variable
	// visible that was not.
	if declaredOutside {
		for _, v := range ic.freshVars(b.outsideDecls[declMark:]) {
			ic.add(v, varState{val: badValue, ver: v.ver - 1}, true)
		}
	}
	// The variables visible before the if that the arm changed; the first
	// change since the if began holds the state before it. A variable
	// declared since then is fresh (above) or gone with the arm's scopes.
	for _, ch := range b.changes[ic.mark:] {
		v := ch.v
		if _, known := ic.index[v]; known || v.seq >= ic.startSeq || b.lookupExact(v.name) != v {
			continue
		}
		ic.add(v, ch.before, false)
	}
	b.changes = b.changes[:ic.mark]
	after := map[int]varState{}
	for i, v := range ic.vars {
		if v.ver != ic.before[i].ver {
			after[i] = stateOf(v)
		}
		v.restore(ic.before[i])
	}
	return after
}

// freshVars lists the variables an arm declared outside the if's scopes
// (decls, those it declared into outer scopes) that are now visible, in
// the order visibleVars would list them.
func (ic *ifChanges) freshVars(decls []*variable) []*variable {
	b := ic.b
	var fresh []*variable
	if b.c.snapshotEveryVar {
		for _, v := range b.visibleVars() {
			if _, known := ic.index[v]; !known {
				fresh = append(fresh, v)
			}
		}
		return fresh
	}
	for _, v := range decls {
		if _, known := ic.index[v]; !known && int(v.scope) < ic.depth && b.lookupExact(v.name) == v {
			fresh = append(fresh, v)
		}
	}
	slices.SortStableFunc(fresh, func(x, y *variable) int {
		if x.scope != y.scope {
			return cmp.Compare(x.scope, y.scope)
		}
		return cmp.Compare(x.orderAt, y.orderAt)
	})
	return fresh
}

// mergeOrder lists the indices of vars in the order the merges are made:
// the variables visible before the if by scope, outermost first, then by
// declaration; after them those an arm declared, in the order found.
func (ic *ifChanges) mergeOrder() []int {
	order := make([]int, len(ic.vars))
	for i := range order {
		order[i] = i
	}
	if ic.b.c.snapshotEveryVar {
		return order // listed in this order by openIf and arm
	}
	slices.SortStableFunc(order, func(i, j int) int {
		x, y := ic.vars[i], ic.vars[j]
		switch {
		case ic.fresh[i] != ic.fresh[j]:
			if ic.fresh[i] {
				return 1
			}
			return -1
		case ic.fresh[i]:
			return i - j
		case x.scope != y.scope:
			return cmp.Compare(x.scope, y.scope)
		}
		return cmp.Compare(x.orderAt, y.orderAt)
	})
	return order
}

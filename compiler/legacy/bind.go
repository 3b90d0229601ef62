package legacy

import (
	"path/filepath"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
)

// value is what an expression evaluates to in the binder.
type value struct {
	ref ir.Ref
	t   front.Type
	// konst holds the components of a compile-time constant (literals,
	// constant arithmetic, constructors of constants): such a constructor
	// folds to one Constant at build time (LANGUAGE-2.0 §2.3).
	konst []float64
	// splat: ref is a scalar standing for t.w channels (a broadcast, which
	// makes no node).
	splat bool
	// intCtor: the value came straight from an int/uint constructor (L27).
	intCtor bool
	// ma is the attribute-by-attribute state of a MaterialAttributes value.
	ma *maValue
	// views: ref is a node whose outputs are channel views; swizzles equal
	// to an output read that output (LANGUAGE-2.0 §2.5).
	views *ir.CatalogClass
	// call is set on the value of a function call, for output selection.
	selectable bool
	// multi: the whole value of a node with several outputs (L3c).
	multi   bool
	unset   bool // a declaration without a value (texture, Substrate)
	invalid bool
}

var badValue = value{ref: ir.NoRef, t: tFloat, invalid: true}

// variable is a named local.
type variable struct {
	name string
	t    front.Type
	val  value
	set  bool // has a value (declared with init, or assigned)
	pos  diag.Pos
	// unset: declared without value inside 1.x merge rules (DSH4372 when read).
	oneArm bool
	ver    int
	// staticIn: a StaticBool function input (an if on it is a StaticSwitch).
	staticIn bool
	// Where it is declared: the scope's depth, the place of its name in
	// that scope's order, and when (a count of declarations), which an if
	// orders its merges by.
	scope, orderAt, seq int32
}

type scope struct {
	vars  map[string]*variable
	order []string
}

func newScope() *scope { return &scope{vars: map[string]*variable{}} }

// builder lowers one product.
type builder struct {
	c   *compiler
	blk *blockInfo
	// nodes builds the product's graph (nodes.Graph): the unit's Builder,
	// whose chunks carry over from product to product.
	nodes *front.Builder
	file  string // main file path (spans in other files print `in "…"`)

	scopes []*scope
	props  map[string]*propInfo
	params map[string]ir.Ref // materialised Parameter/TextureParameter nodes

	target    string // debug name of the statement being lowered
	wantWidth int    // the destination's width, for untyped outputs
	via       *diag.Pos
	lifted    *liftCtx
	region    string // innermost #Region of the statement being lowered
	regionIdx int    // its index in g.Regions, -1 at top level
	// outputVars are the Shader's Outputs declarations.
	outputVars map[string]*variable
	// baseScopes is the scope depth outside any if arm.
	baseScopes int
	// minDeclScope is the outermost scope index declared into since the
	// innermost if arm began (ifStmt: whether an arm made a name visible).
	minDeclScope int
	// folds holds, per foldKey, the spellings declared in the open scopes
	// that are not their own key (L19's fallback; a name that is its own
	// key is found by lookupExact); propFolds the same for props, all of
	// them, built at first use.
	folds       map[string]foldClass
	propFolds   map[string]foldClass
	propFoldsOf int // len(props) when propFolds was built

	// The bookkeeping of the ifs being lowered (ifchanges.go).
	openIfs      int
	changes      []change
	outsideDecls []*variable
	declSeq      int32
}

func (b *builder) errorf(pos diag.Pos, code, format string, args ...any) {
	b.c.errorf(pos, code, format, args...)
}
func (b *builder) warnf(pos diag.Pos, code, format string, args ...any) {
	b.c.warnf(pos, code, format, args...)
}
func (b *builder) infof(pos diag.Pos, code, format string, args ...any) {
	b.c.infof(pos, code, format, args...)
}

// span turns a source position into a node span (§7.5).
func (b *builder) span(pos diag.Pos) ir.Span {
	s := ir.Span{Line: pos.Line, Col: pos.Col}
	if pos.File != "" && pos.File != b.file {
		s.File = filepath.Base(pos.File)
	}
	if b.via != nil {
		s.ViaLine, s.ViaCol = b.via.Line, b.via.Col
	}
	s.Region = b.region
	return s
}

// add appends a node built for the current statement.
func (b *builder) add(op ir.Op, class string, pos diag.Pos, outs ...ir.Output) *ir.Node {
	return b.nodes.Add(&ir.Node{Op: op, Class: class, Outputs: outs, Debug: b.target}, b.span(pos))
}

func out1(t front.Type) ir.Output { return ir.Output{Type: t.IRType(front.Dialect1x)} }

// constant makes a Constant node of the given components.
func (b *builder) constant(pos diag.Pos, comps []float64, k front.Kind) value {
	t := front.Type{Kind: front.Float, Width: len(comps)}
	if k == front.Bool && len(comps) == 1 {
		t = front.Type{Kind: front.Bool, Width: 1}
	}
	n := b.nodes.Constant(comps, t.IRType(front.Dialect1x), b.span(pos), b.target)
	return value{ref: ir.Ref{Node: n.ID}, t: t, konst: append([]float64(nil), comps...)}
}

func (b *builder) push() { b.scopes = append(b.scopes, newScope()) }

// pop closes the innermost scope; its names leave the fold index.
func (b *builder) pop() {
	s := b.scopes[len(b.scopes)-1]
	for _, name := range s.order {
		if isFoldKey(name) {
			continue
		}
		key := foldKey(name)
		fc := b.folds[key]
		if fc.remove(name) {
			delete(b.folds, key)
		} else {
			b.folds[key] = fc
		}
	}
	b.scopes = b.scopes[:len(b.scopes)-1]
}

func (b *builder) declare(name string, t front.Type, pos diag.Pos) *variable {
	return b.declareAt(len(b.scopes)-1, name, t, pos)
}

// declareAt declares in the scope at depth i (0 = the product's top scope).
func (b *builder) declareAt(i int, name string, t front.Type, pos diag.Pos) *variable {
	if i >= len(b.scopes) {
		i = len(b.scopes) - 1
	}
	s := b.scopes[i]
	b.minDeclScope = min(b.minDeclScope, i)
	v := &variable{name: name, t: t, pos: pos, scope: int32(i), seq: b.declSeq}
	b.declSeq++
	if b.openIfs > 0 && i < len(b.scopes)-1 {
		b.outsideDecls = append(b.outsideDecls, v)
	}
	if prev, ok := s.vars[name]; ok {
		v.orderAt = prev.orderAt
	} else {
		v.orderAt = int32(len(s.order))
		s.order = append(s.order, name)
		if !isFoldKey(name) {
			if b.folds == nil {
				b.folds = map[string]foldClass{}
			}
			key := foldKey(name)
			fc := b.folds[key]
			fc.add(name)
			b.folds[key] = fc
		}
	}
	s.vars[name] = v
	return v
}

// lookupExact finds a variable by its exact name, innermost scope first.
func (b *builder) lookupExact(name string) *variable {
	for i := len(b.scopes) - 1; i >= 0; i-- {
		if v, ok := b.scopes[i].vars[name]; ok {
			return v
		}
	}
	return nil
}

// lookupFold is L19's case-insensitive fallback: exactly one declaration
// must match; n reports how many did, counting spellings (one name
// declared in several scopes is one match, and its innermost declaration
// the one found).
func (b *builder) lookupFold(name string) (*variable, int) {
	key := foldKey(name)
	fc := b.folds[key]
	n := fc.count()
	var own *variable // the spelling that is the key itself
	if isFoldKey(key) {
		if own = b.lookupExact(key); own != nil {
			n++
		}
	}
	switch {
	case n != 1:
		return nil, n
	case own != nil:
		return own, 1
	}
	return b.lookupExact(fc.only()), 1
}

// propFold finds a property case-insensitively (unique).
func (b *builder) propFold(name string) (*propInfo, int) {
	if len(b.props) == 0 {
		return nil, 0
	}
	// Properties are all declared before the first statement is lowered;
	// a count that moved means the index is stale.
	if b.propFolds == nil || b.propFoldsOf != len(b.props) {
		b.propFolds = make(map[string]foldClass, len(b.props))
		for k := range b.props {
			key := foldKey(k)
			fc := b.propFolds[key]
			fc.add(k)
			b.propFolds[key] = fc
		}
		b.propFoldsOf = len(b.props)
	}
	fc := b.propFolds[foldKey(name)]
	n := fc.count()
	if n != 1 {
		return nil, n
	}
	return b.props[fc.only()], 1
}

// resolveName binds an identifier: local, then property; exact first, then
// the unique case-insensitive match (DSH5275).
func (b *builder) resolveName(id *syntax.Ident) (*variable, *propInfo, bool) {
	if v := b.lookupExact(id.Name); v != nil {
		return v, nil, true
	}
	if p, ok := b.props[id.Name]; ok {
		return nil, p, true
	}
	v, nv := b.lookupFold(id.Name)
	p, np := b.propFold(id.Name)
	if nv+np == 1 {
		b.warnf(id.Pos, "DSH5275", "%s is spelled %s where it is declared", id.Name, foldName(v, p))
		return v, p, true
	}
	return nil, nil, false
}

func foldName(v *variable, p *propInfo) string {
	if v != nil {
		return v.name
	}
	if p != nil {
		return p.name
	}
	return ""
}

// readVar reads a variable's value.
func (b *builder) readVar(v *variable, pos diag.Pos) value {
	if !v.set || v.val.unset {
		if v.oneArm {
			b.errorf(pos, "DSH4372", "%s has a value in only one arm of the if before it", v.name)
		} else {
			b.errorf(pos, "DSH4376", "%s is read before it is assigned", v.name)
		}
		return badValue
	}
	return v.val
}

// zeroValue is the value of an uninitialised 1.x declaration: zero of its
// exact width at the declarator (LANGUAGE-2.0 §2.3), an empty set for MA.
func (b *builder) zeroValue(t front.Type, pos diag.Pos) value {
	switch t.In1x().Kind {
	case front.Material:
		return value{ref: ir.NoRef, t: tMaterial, ma: &maValue{base: ir.NoRef}}
	case front.Texture, front.Substrate:
		// No zero exists; the variable stays unset until assigned (a read
		// before that is DSH4376).
		return value{ref: ir.NoRef, t: t, unset: true}
	}
	w := t.Width
	if w < 1 {
		w = 1
	}
	v := b.constant(pos, make([]float64, w), front.Float)
	v.t = t
	return v
}

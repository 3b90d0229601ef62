package dss

import (
	"reuselab/compiler/front"
	"reuselab/ir"
)

var (
	tFloat     = front.Type{Kind: front.Float, Width: 1}
	tBool      = front.Type{Kind: front.Bool, Width: 1}
	tMaterial  = front.Type{Kind: front.Material, Name: "material"}
	tSubstrate = front.Type{Kind: front.Substrate, Name: "Substrate"}
)

// value is what an expression lowers to.
type value struct {
	t      front.Type
	ref    ir.Ref       // the node output holding it (NoRef: nothing, e.g. an empty material)
	k      []float64    // components the builder knows (nil: not a constant)
	bconst bool         // a binder constant (literals, static consts and their folds)
	static bool         // a static condition (static bool parameters and logic over them)
	mat    *matValue    // for a material
	multi  *ir.Node     // a node with several outputs, no output chosen yet
	views  *ir.Node     // a channel-view node this value is the widest view of
	class  *front.Class // the reflected class that made it (member access, DSH4380)
	sub    *builder     // a Substrate builder local (S5)
	noOut  bool         // a custom-output class: no value at all
	bad    bool         // an error was reported; suppress follow-ups
	pinOK  bool         // an output chosen explicitly (by .Name or [k])
}

var badValue = value{bad: true, ref: ir.NoRef}

// matAttr is one attribute of a material map.
type matAttr struct {
	idx      int
	spelling string
	v        value
}

// matValue is a `material`: attribute writes in first-write order over an
// optional source node output, with a cached GetMaterialAttributes.
type matValue struct {
	attrs  []matAttr
	source ir.Ref
	get    int // GetMaterialAttributes node, -1 none
	// partial marks attributes only one if-arm wrote (DSH4372).
	partial map[int]bool
}

func newMat() *matValue { return &matValue{source: ir.NoRef, get: -1} }

func (m *matValue) clone() *matValue {
	c := &matValue{attrs: append([]matAttr(nil), m.attrs...), source: m.source, get: m.get}
	if m.partial != nil {
		c.partial = map[int]bool{}
		for k, v := range m.partial {
			c.partial[k] = v
		}
	}
	return c
}

func (m *matValue) find(idx int) int {
	for i, a := range m.attrs {
		if a.idx == idx {
			return i
		}
	}
	return -1
}

func (m *matValue) set(idx int, spelling string, v value) {
	if i := m.find(idx); i >= 0 {
		m.attrs[i].v = v
		m.attrs[i].spelling = spelling
		return
	}
	m.attrs = append(m.attrs, matAttr{idx: idx, spelling: spelling, v: v})
}

package dss

import (
	"strconv"
	"strings"

	"reuselab/ir"
)

// base is the kind of a `.dss` type (LANGUAGE-DSS §2.3).
type base uint8

const (
	bNone base = iota
	bFloat
	bInt
	bBool
	bTexture
	bSampler
	bMaterial
	bSubstrate
	bMatrix
	bVoid
	bUser // a struct or unknown name
)

// typ is a `.dss` type: a base and, for numbers, a width.
type typ struct {
	b    base
	w    int
	name string // as written (texture kind, struct name)
}

var (
	tFloat     = typ{b: bFloat, w: 1}
	tBool      = typ{b: bBool, w: 1}
	tMaterial  = typ{b: bMaterial, name: "material"}
	tSubstrate = typ{b: bSubstrate, name: "Substrate"}
)

func floatN(w int) typ { return typ{b: bFloat, w: w} }

// parseType classifies a type name by its spelling, exactly.
func parseType(name string) typ {
	switch name {
	case "void":
		return typ{b: bVoid, name: name}
	case "material":
		return tMaterial
	case "Substrate":
		return tSubstrate
	case "SamplerState":
		return typ{b: bSampler, name: name}
	case "Texture2D", "TextureCube", "Texture2DArray", "Texture3D", "VolumeTexture":
		return typ{b: bTexture, name: name}
	}
	for _, s := range []struct {
		prefix string
		b      base
	}{{"float", bFloat}, {"half", bFloat}, {"double", bFloat}, {"uint", bInt}, {"int", bInt}, {"bool", bBool}} {
		rest, ok := strings.CutPrefix(name, s.prefix)
		if !ok {
			continue
		}
		if rest == "" {
			return typ{b: s.b, w: 1, name: name}
		}
		if len(rest) == 1 && rest[0] >= '1' && rest[0] <= '4' {
			return typ{b: s.b, w: int(rest[0] - '0'), name: name}
		}
		if len(rest) == 3 && rest[1] == 'x' && rest[0] >= '1' && rest[0] <= '4' && rest[2] >= '1' && rest[2] <= '4' {
			return typ{b: bMatrix, name: name}
		}
	}
	return typ{b: bUser, name: name}
}

func (t typ) numeric() bool { return t.b == bFloat || t.b == bInt || t.b == bBool }

// graph is the type the dump prints for a value of t.
func (t typ) graph() string {
	switch t.b {
	case bFloat, bInt:
		if t.w <= 1 {
			return "float"
		}
		return "float" + strconv.Itoa(t.w)
	case bBool:
		if t.w <= 1 {
			return "bool"
		}
		return "bool" + strconv.Itoa(t.w)
	case bTexture:
		return t.name
	case bMaterial:
		return "material"
	case bSubstrate:
		return "Substrate"
	case bSampler:
		return "SamplerState"
	}
	return "float"
}

func typeOfPin(p pinType) typ {
	switch p {
	case ptF1, ptF2, ptF3, ptF4:
		return floatN(p.width())
	case ptTexture:
		return typ{b: bTexture, name: "Texture2D"}
	case ptMaterial:
		return tMaterial
	case ptSubstrate:
		return tSubstrate
	}
	return tFloat
}

// value is what an expression lowers to.
type value struct {
	t      typ
	ref    ir.Ref    // the node output holding it (NoRef: nothing, e.g. an empty material)
	k      []float64 // components the builder knows (nil: not a constant)
	bconst bool      // a binder constant (literals, static consts and their folds)
	static bool      // a static condition (static bool parameters and logic over them)
	mat    *matValue // for a material
	multi  *ir.Node  // a node with several outputs, no output chosen yet
	views  *ir.Node  // a channel-view node this value is the widest view of
	class  *catClass // the reflected class that made it (member access, DSH4380)
	sub    *builder  // a Substrate builder local (S5)
	noOut  bool      // a custom-output class: no value at all
	bad    bool      // an error was reported; suppress follow-ups
	pinOK  bool      // an output chosen explicitly (by .Name or [k])
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

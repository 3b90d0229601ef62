// Package front holds what both front ends share, so that the 1.x front end
// (compiler/legacy) and the 2.0 one (compiler/dss) type, build and fold the
// same way: one Type, the IR spelling of types, constant folding on ir's
// rules, the source paths both print, and the data a 1.x header hands the
// 2.0 front end. Where the two languages differ the difference is a
// parameter named for the dialect, so it stays visible in one place.
package front

import "strconv"

// Kind is what a value is, beside its width.
type Kind uint8

// The order is the 2.0 front end's: its types print with %v in no message,
// but keeping the numbering keeps any dump of a Type the same.
const (
	None      Kind = iota // no type yet (a 2.0 slot not typed); the 1.x front end reads it as Float (In1x)
	Float                 // float, half, double
	Int                   // int, uint
	Bool                  // bool (and 1.x StaticBool)
	Texture               // a texture object; Name says which
	Sampler               // SamplerState (2.0 only)
	Material              // material attributes
	Substrate             // a Substrate BSDF
	Matrix                // floatNxM (2.0 only; not lowered)
	Void                  // a function without a return value
	User                  // a struct or unknown type name (2.0 only)
)

// Type is a value type: a kind, a width (1–4 for numbers) and, for
// textures and names the 2.0 front end keeps, the name as written.
type Type struct {
	Kind  Kind
	Width int
	Name  string
}

// FloatN is the float vector of width w.
func FloatN(w int) Type { return Type{Kind: Float, Width: w} }

// Numeric is true for the kinds that lower to IR float outputs.
func (t Type) Numeric() bool { return t.Kind == Float || t.Kind == Int || t.Kind == Bool }

// In1x is t as the 1.x front end reads it. Its kinds began with float, so
// there a Type nobody set (the zero Type) is a float; the 2.0 front end
// keeps the zero Type apart as None, an untyped slot. Every 1.x read of a
// kind goes through here so that both meanings of the zero Type hold.
func (t Type) In1x() Type {
	if t.Kind == None {
		t.Kind = Float
	}
	return t
}

// Dialect names the front end a spelling belongs to, where the two differ.
type Dialect uint8

const (
	Dialect1x Dialect = iota // compiler/legacy: .dsm .dsf .dsh
	Dialect2                 // compiler/dss: .dss
)

// IRType is the output type the dump prints for a value of t
// (LANGUAGE-2.0 §7.4). The dialects differ where the two upstream front
// ends do: a 1.x bool vector prints as a float vector (1.x has no bool
// vectors in the graph) and a 2.0 one as itself; a 1.x texture without a
// name is a Texture2D; 1.x void prints nothing, 2.0 falls back to float for
// every kind without an IR spelling.
func (t Type) IRType(d Dialect) string {
	if d == Dialect1x {
		return t.irType1x()
	}
	switch t.Kind {
	case Float, Int:
		return floatSpelling(t.Width)
	case Bool:
		if t.Width <= 1 {
			return "bool"
		}
		return "bool" + strconv.Itoa(t.Width)
	case Texture:
		return t.Name
	case Material:
		return "material"
	case Substrate:
		return "Substrate"
	case Sampler:
		return "SamplerState"
	}
	return "float"
}

func (t Type) irType1x() string {
	switch t.In1x().Kind {
	case Bool:
		if t.Width <= 1 {
			return "bool"
		}
		return floatSpelling(t.Width)
	case Texture:
		if t.Name == "" {
			return "Texture2D"
		}
		return t.Name
	case Material:
		return "material"
	case Substrate:
		return "Substrate"
	case Void:
		return ""
	}
	return floatSpelling(t.Width)
}

func floatSpelling(w int) string {
	if w <= 1 {
		return "float"
	}
	return "float" + strconv.Itoa(w)
}

// String spells t as the 1.x front end's messages do: int and bool
// vectors by their own names, everything else as the dump prints it. The
// 2.0 front end's messages quote the type as written (Name) instead.
func (t Type) String() string {
	switch t.In1x().Kind {
	case Int:
		if t.Width == 1 {
			return "int"
		}
		return "int" + strconv.Itoa(t.Width)
	case Bool:
		if t.Width == 1 {
			return "bool"
		}
		return "bool" + strconv.Itoa(t.Width)
	case Void:
		return "void"
	}
	return t.IRType(Dialect1x)
}

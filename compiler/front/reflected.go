package front

import "reuselab/ir"

// A reflected call (`UE.X(…)`, `Substrate.X(…)`, 1.x's UE shorthands) makes
// one Reflected node of the catalog class. Each front end reads the call's
// arguments by its own language's rules (which spellings count, which
// codes report a mistake) and records here what each argument bound; the
// node's pins, lists and outputs follow from that record the same way in
// both.

// ReflectedBinding is what a reflected call's arguments have bound so far
// (made by NewReflectedBinding).
type ReflectedBinding struct {
	given map[string]bool
	// LateBound are the arguments kept for pins the catalog does not list,
	// bound on the live node, which knows its instance's pins.
	LateBound []string
	// Written are the pins given under another spelling, each as
	// `Pin=Written`, so that the asset keeps the spelling the source used.
	Written []string
	// Width is the widest numeric value given a pin whose width follows
	// the use: an output the catalog leaves untyped is that wide.
	Width int
}

// NewReflectedBinding is an empty binding. Made here, in the caller's
// frame, its set of given pins need not go to the heap, as one made on
// the first Give inside a loop would.
func NewReflectedBinding() ReflectedBinding {
	return ReflectedBinding{given: map[string]bool{}}
}

// Give records that pin is connected; false when it already was (DSH4215
// in both languages).
func (rb *ReflectedBinding) Give(pin string) bool {
	if rb.given[pin] {
		return false
	}
	rb.given[pin] = true
	return true
}

// Given is whether pin is connected.
func (rb *ReflectedBinding) Given(pin string) bool { return rb.given[pin] }

// Widen notes a numeric value of width w given a pin whose width follows
// the use.
func (rb *ReflectedBinding) Widen(w int) { rb.Width = max(rb.Width, w) }

// Lists adds the LateBoundPins and WrittenPins lists to a node's
// properties (each only when it is not empty).
func (rb *ReflectedBinding) Lists(props []ir.Prop) []ir.Prop {
	if len(rb.LateBound) > 0 {
		props = SetProp(props, "LateBoundPins", NameList(rb.LateBound))
	}
	if len(rb.Written) > 0 {
		props = SetProp(props, "WrittenPins", NameList(rb.Written))
	}
	return props
}

// ReflectedOutput is one catalog output on a reflected node. An output
// whose catalog type is "" (untyped in the engine table, numeric in the
// test catalog) is as wide as width: the binding's Width, or what the
// front end falls back to when no pin set it, and 1 when nothing does.
func ReflectedOutput(name, catalogType string, width int, d Dialect) ir.Output {
	if catalogType == "" {
		catalogType = FloatN(max(width, 1)).IRType(d)
	}
	return ir.Output{Name: name, Type: catalogType}
}

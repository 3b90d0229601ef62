package front

import (
	"strings"

	"reuselab/ir"
)

// NameList is the value of a node's list property as both front ends and
// upstream's dump write it: `[A, B, C]`. LateBoundPins, WrittenPins,
// AdditionalOutputs, AttributeSetTypes and DeclaredInputs are such lists.
func NameList(names []string) ir.Value { return ir.Str("[" + strings.Join(names, ", ") + "]") }

// SetProp sets a property in a list being built: the value of an existing
// property of that name is replaced, else the property is appended (as
// ir.Node.SetProp does on a node).
func SetProp(ps []ir.Prop, name string, v ir.Value) []ir.Prop {
	for i := range ps {
		if ps[i].Name == name {
			ps[i].Value = v
			return ps
		}
	}
	return append(ps, ir.Prop{Name: name, Value: v})
}

package front

import (
	"reuselab/ir"
	"strconv"
	"strings"
)

// The Custom node a function with a code body becomes (a 1.x Function or
// GraphFunction, a 2.0 `/// @custom` function) is written the same way by
// both front ends: the body between source markers, UE calls lifted out
// into inputs, an OutputType word for its return type.

// LiftedInputName is the Custom input a body's k-th lifted `UE.*(…)` call
// becomes (L8): `_ds_<Fn>_UE<k>`.
func LiftedInputName(fn string, k int) string { return "_ds_" + fn + "_UE" + strconv.Itoa(k) }

// WriteMarkedSource writes body between the `// Begin/End DreamShader
// source:` markers, with the function's name and the line its body starts
// on, ending the body with a line break if it has none.
func WriteMarkedSource(sb *strings.Builder, marker, fn string, line int, body string) {
	sb.WriteString("// Begin DreamShader source: " + marker + "\n")
	sb.WriteString("// DreamShader custom: " + fn + " line " + strconv.Itoa(line) + "\n")
	sb.WriteString(body)
	if !strings.HasSuffix(body, "\n") {
		sb.WriteString("\n")
	}
	sb.WriteString("// End DreamShader source: " + marker + "\n")
}

// CustomOutputType is a Custom node's OutputType word for a return value
// of type t: MaterialAttributes, or the float word of its width. A 1.x
// Function may return a texture (Texture2D); a 2.0 `@custom` function's
// texture return has no word of its own and is written as a float.
func CustomOutputType(t Type, d Dialect) string {
	if d == Dialect1x && t.In1x().Kind == Texture {
		return "Texture2D"
	}
	if t.Kind == Material {
		return "MaterialAttributes"
	}
	w := t.Width
	if w < 1 {
		w = 1
	}
	return "Float" + strconv.Itoa(w)
}

// CustomOutput is one output of a Custom node, by the name and type the
// function gives it.
type CustomOutput struct {
	Name string
	Type Type
}

// AppendCustomOutputProps appends the properties that declare a Custom
// node's outputs: OutputType for the first (the return value, else the
// first out parameter), and AdditionalOutputs, `Name:Word` for each of the
// others, when there are others.
func AppendCustomOutputProps(props []ir.Prop, outs []CustomOutput, d Dialect) []ir.Prop {
	props = append(props, ir.Prop{Name: "OutputType", Value: ir.Str(CustomOutputType(outs[0].Type, d))})
	if len(outs) > 1 {
		extra := make([]string, 0, len(outs)-1)
		for _, o := range outs[1:] {
			extra = append(extra, o.Name+":"+CustomOutputType(o.Type, d))
		}
		props = append(props, ir.Prop{Name: "AdditionalOutputs", Value: NameList(extra)})
	}
	return props
}

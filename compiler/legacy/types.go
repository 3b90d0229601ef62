package legacy

import (
	"strconv"
	"strings"

	"reuselab/compiler/front"
	"reuselab/compiler/legacy/syntax"
)

var (
	tFloat     = front.Type{Kind: front.Float, Width: 1}
	tMaterial  = front.Type{Kind: front.Material, Width: 1}
	tSubstrate = front.Type{Kind: front.Substrate, Width: 1}
	tVoid      = front.Type{Kind: front.Void}
)

// typeFromIR reads an IR output type back.
func typeFromIR(s string) front.Type {
	switch s {
	case "float", "":
		return tFloat
	case "float2", "float3", "float4":
		return front.FloatN(int(s[5] - '0'))
	case "bool":
		return front.Type{Kind: front.Bool, Width: 1}
	case "material":
		return tMaterial
	case "Substrate":
		return tSubstrate
	case "Texture2D", "Texture", "TextureCube", "Texture2DArray", "TextureCubeArray", "Texture3D", "TextureExternal":
		return front.Type{Kind: front.Texture, Width: 1, Name: s}
	}
	return tFloat
}

// parseType reads a 1.x type name (front.ParseType1x), folded to lower
// case without allocating: it runs for every identifier a call or a
// declaration names.
func parseType(name string) (front.Type, bool) {
	var fb syntax.FoldBuf
	return front.ParseType1x(fb.Lower(name))
}

// inputTypeName is a FunctionInput's InputType.
func inputTypeName(t front.Type) string {
	switch t.In1x().Kind {
	case front.Material:
		return "MaterialAttributes"
	case front.Texture:
		switch t.Name {
		case "TextureCube":
			return "TextureCube"
		case "Texture2DArray":
			return "Texture2DArray"
		case "Texture3D":
			return "VolumeTexture"
		}
		return "Texture2D"
	case front.Substrate:
		return "Substrate"
	case front.Bool:
		return "StaticBool"
	}
	switch t.Width {
	case 2:
		return "Vector2"
	case 3:
		return "Vector3"
	case 4:
		return "Vector4"
	}
	return "Scalar"
}

// hlslType is the HLSL spelling of a type in generated Custom code.
func hlslType(t front.Type) string {
	if t.In1x().Kind == front.Int {
		if t.Width == 1 {
			return "int"
		}
		return "int" + strconv.Itoa(t.Width)
	}
	if t.In1x().Kind == front.Bool {
		if t.Width == 1 {
			return "bool"
		}
		return "bool" + strconv.Itoa(t.Width)
	}
	return t.IRType(front.Dialect1x)
}

// outputTypeHint reads an OutputType word (`float3`, `Float3`, `float`, …).
func outputTypeHint(s string) (front.Type, bool) {
	l := strings.ToLower(strings.TrimSpace(s))
	if strings.HasPrefix(l, "cmot_") {
		l = l[5:]
	}
	if l == "float1" {
		return tFloat, true
	}
	if t, ok := parseType(l); ok {
		return t, true
	}
	return front.Type{}, false
}

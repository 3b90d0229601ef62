package legacy

import (
	"strconv"
	"strings"

	"reuselab/compiler/legacy/syntax"
)

// kind is what a value is, beside its width. Numeric kinds all lower to IR
// `float` outputs; the kind only matters for L27 and literals' bool type.
type kind uint8

const (
	kFloat kind = iota
	kInt
	kBool
	kTexture
	kMaterial
	kSubstrate
	kVoid
)

// typ is a value type: a kind and a width (1–4 for numbers). tex keeps the
// texture type's IR spelling (`Texture2D`, `Texture`).
type typ struct {
	k   kind
	w   int
	tex string
}

var (
	tFloat     = typ{k: kFloat, w: 1}
	tMaterial  = typ{k: kMaterial, w: 1}
	tSubstrate = typ{k: kSubstrate, w: 1}
	tVoid      = typ{k: kVoid}
)

func floatN(n int) typ { return typ{k: kFloat, w: n} }

func (t typ) numeric() bool { return t.k == kFloat || t.k == kInt || t.k == kBool }

// irType is the dump's output type (LANGUAGE-2.0 §7.4).
func (t typ) irType() string {
	switch t.k {
	case kBool:
		if t.w <= 1 {
			return "bool"
		}
		return "float" + strconv.Itoa(t.w)
	case kTexture:
		if t.tex == "" {
			return "Texture2D"
		}
		return t.tex
	case kMaterial:
		return "material"
	case kSubstrate:
		return "Substrate"
	case kVoid:
		return ""
	}
	if t.w <= 1 {
		return "float"
	}
	return "float" + strconv.Itoa(t.w)
}

func (t typ) String() string {
	switch t.k {
	case kInt:
		if t.w == 1 {
			return "int"
		}
		return "int" + strconv.Itoa(t.w)
	case kBool:
		if t.w == 1 {
			return "bool"
		}
		return "bool" + strconv.Itoa(t.w)
	case kVoid:
		return "void"
	}
	return t.irType()
}

// typeFromIR reads an IR output type back.
func typeFromIR(s string) typ {
	switch s {
	case "float", "":
		return tFloat
	case "float2", "float3", "float4":
		return floatN(int(s[5] - '0'))
	case "bool":
		return typ{k: kBool, w: 1}
	case "material":
		return tMaterial
	case "Substrate":
		return tSubstrate
	case "Texture2D", "Texture", "TextureCube", "Texture2DArray", "TextureCubeArray", "Texture3D", "TextureExternal":
		return typ{k: kTexture, w: 1, tex: s}
	}
	return tFloat
}

// parseType reads a 1.x type name, case-insensitively (LANGUAGE-2.0 §2.3:
// type names in any case are constructors). ok is false for a non-type.
func parseType(name string) (typ, bool) {
	var fb syntax.FoldBuf
	n := fb.Lower(name)
	switch n {
	case "materialattributes", "material":
		return tMaterial, true
	case "substrate":
		return tSubstrate, true
	case "texture2d", "texture", "textureobject", "texture2dparameter", "textureobjectparameter":
		return typ{k: kTexture, w: 1, tex: "Texture2D"}, true
	case "texturecube":
		return typ{k: kTexture, w: 1, tex: "TextureCube"}, true
	case "texture2darray":
		return typ{k: kTexture, w: 1, tex: "Texture2DArray"}, true
	case "texture3d", "volumetexture":
		return typ{k: kTexture, w: 1, tex: "Texture3D"}, true
	case "void":
		return tVoid, true
	case "staticbool":
		return typ{k: kBool, w: 1}, true
	}
	for _, p := range []struct {
		prefix string
		k      kind
	}{{"float", kFloat}, {"half", kFloat}, {"double", kFloat}, {"int", kInt}, {"uint", kInt}, {"bool", kBool},
		{"vec", kFloat}, {"ivec", kInt}, {"uvec", kInt}, {"bvec", kBool}} {
		if !strings.HasPrefix(n, p.prefix) {
			continue
		}
		rest := n[len(p.prefix):]
		vec := strings.HasSuffix(p.prefix, "vec")
		if rest == "" && !vec {
			return typ{k: p.k, w: 1}, true
		}
		if len(rest) == 1 && rest[0] >= '1' && rest[0] <= '4' {
			w := int(rest[0] - '0')
			if vec && w == 1 {
				return typ{}, false
			}
			return typ{k: p.k, w: w}, true
		}
	}
	return typ{}, false
}

// inputTypeName is a FunctionInput's InputType.
func inputTypeName(t typ) string {
	switch t.k {
	case kMaterial:
		return "MaterialAttributes"
	case kTexture:
		switch t.tex {
		case "TextureCube":
			return "TextureCube"
		case "Texture2DArray":
			return "Texture2DArray"
		case "Texture3D":
			return "VolumeTexture"
		}
		return "Texture2D"
	case kSubstrate:
		return "Substrate"
	case kBool:
		return "StaticBool"
	}
	switch t.w {
	case 2:
		return "Vector2"
	case 3:
		return "Vector3"
	case 4:
		return "Vector4"
	}
	return "Scalar"
}

// customOutputType is a Custom node's OutputType word.
func customOutputType(t typ) string {
	if t.k == kTexture {
		return "Texture2D"
	}
	if t.k == kMaterial {
		return "MaterialAttributes"
	}
	w := t.w
	if w < 1 {
		w = 1
	}
	return "Float" + strconv.Itoa(w)
}

// hlslType is the HLSL spelling of a type in generated Custom code.
func hlslType(t typ) string {
	if t.k == kInt {
		if t.w == 1 {
			return "int"
		}
		return "int" + strconv.Itoa(t.w)
	}
	if t.k == kBool {
		if t.w == 1 {
			return "bool"
		}
		return "bool" + strconv.Itoa(t.w)
	}
	return t.irType()
}

// outputTypeHint reads an OutputType word (`float3`, `Float3`, `float`, …).
func outputTypeHint(s string) (typ, bool) {
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
	return typ{}, false
}

package front

import "strings"

// ParseType2 classifies a 2.0 type name by its spelling, exactly
// (LANGUAGE-DSS §2.3): an unknown name is a User type (a struct), a
// floatNxM a Matrix.
func ParseType2(name string) Type {
	switch name {
	case "void":
		return Type{Kind: Void, Name: name}
	case "material":
		return Type{Kind: Material, Name: "material"}
	case "Substrate":
		return Type{Kind: Substrate, Name: "Substrate"}
	case "SamplerState":
		return Type{Kind: Sampler, Name: name}
	case "Texture2D", "TextureCube", "Texture2DArray", "Texture3D", "VolumeTexture":
		return Type{Kind: Texture, Name: name}
	}
	for _, s := range []struct {
		prefix string
		k      Kind
	}{{"float", Float}, {"half", Float}, {"double", Float}, {"uint", Int}, {"int", Int}, {"bool", Bool}} {
		rest, ok := strings.CutPrefix(name, s.prefix)
		if !ok {
			continue
		}
		if rest == "" {
			return Type{Kind: s.k, Width: 1, Name: name}
		}
		if len(rest) == 1 && rest[0] >= '1' && rest[0] <= '4' {
			return Type{Kind: s.k, Width: int(rest[0] - '0'), Name: name}
		}
		if len(rest) == 3 && rest[1] == 'x' && rest[0] >= '1' && rest[0] <= '4' && rest[2] >= '1' && rest[2] <= '4' {
			return Type{Kind: Matrix, Name: name}
		}
	}
	return Type{Kind: User, Name: name}
}

// ParseType1x reads a 1.x type name already folded to lower case (1.x
// type names in any case are constructors, LANGUAGE-2.0 §2.3; the caller
// folds without allocating): the 2.0 spellings, the GLSL ones (vec3,
// ivec2…), the parameter words (Texture2DParameter, StaticBool). ok is
// false for a non-type.
func ParseType1x(lower string) (Type, bool) {
	switch lower {
	case "materialattributes", "material":
		return Type{Kind: Material, Width: 1}, true
	case "substrate":
		return Type{Kind: Substrate, Width: 1}, true
	case "texture2d", "texture", "textureobject", "texture2dparameter", "textureobjectparameter":
		return Type{Kind: Texture, Width: 1, Name: "Texture2D"}, true
	case "texturecube":
		return Type{Kind: Texture, Width: 1, Name: "TextureCube"}, true
	case "texture2darray":
		return Type{Kind: Texture, Width: 1, Name: "Texture2DArray"}, true
	case "texture3d", "volumetexture":
		return Type{Kind: Texture, Width: 1, Name: "Texture3D"}, true
	case "void":
		return Type{Kind: Void}, true
	case "staticbool":
		return Type{Kind: Bool, Width: 1}, true
	}
	for _, p := range []struct {
		prefix string
		k      Kind
	}{{"float", Float}, {"half", Float}, {"double", Float}, {"int", Int}, {"uint", Int}, {"bool", Bool},
		{"vec", Float}, {"ivec", Int}, {"uvec", Int}, {"bvec", Bool}} {
		if !strings.HasPrefix(lower, p.prefix) {
			continue
		}
		rest := lower[len(p.prefix):]
		vec := strings.HasSuffix(p.prefix, "vec")
		if rest == "" && !vec {
			return Type{Kind: p.k, Width: 1}, true
		}
		if len(rest) == 1 && rest[0] >= '1' && rest[0] <= '4' {
			w := int(rest[0] - '0')
			if vec && w == 1 {
				return Type{}, false
			}
			return Type{Kind: p.k, Width: w}, true
		}
	}
	return Type{}, false
}

// StringEscape decodes `\e` in a string literal, for the escapes both
// languages' strings have: \n \r \t \" \\ and \0, which stands for
// nothing (decoded is 0). ok is false for any other e; each lexer has its
// own rule for those (a 1.x string also takes \').
func StringEscape(e byte) (decoded byte, ok bool) {
	switch e {
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case '"', '\\':
		return e, true
	case '0':
		return 0, true
	}
	return 0, false
}

// IsDigit reports whether c is an ASCII decimal digit, the digits both
// languages' numbers are written with.
func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// IsIdentStart reports whether c may begin an identifier in either
// language's source text (ASCII letters and _).
func IsIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

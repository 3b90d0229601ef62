package ir

// TypeWidth is the component count of a numeric IR type: float and bool are
// 1, float3 and bool3 are 3; textures, material attributes and Substrate are
// 0. The passes, the rule packs' facts and the generators all read widths
// this one way.
func TypeWidth(t string) int {
	switch t {
	case "float", "bool":
		return 1
	case "float2", "bool2":
		return 2
	case "float3", "bool3":
		return 3
	case "float4", "bool4":
		return 4
	}
	return 0
}

// MaskChannel is the component a Swizzle mask letter names (masks are
// canonical lower-case xyzw), -1 for any other byte.
func MaskChannel(c byte) int {
	switch c {
	case 'x':
		return 0
	case 'y':
		return 1
	case 'z':
		return 2
	case 'w':
		return 3
	}
	return -1
}

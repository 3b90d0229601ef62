package ir

// TypeWidth is the component count of a numeric IR type: float and bool are
// 1, float3 and bool3 are 3; textures, material attributes and Substrate are
// 0. The passes, the rule packs' facts and the generators all read widths
// this one way.
func TypeWidth(t string) int {
	var n int // the length of the name before the digit
	switch {
	case len(t) >= 5 && t[:5] == "float":
		n = 5
	case len(t) >= 4 && t[:4] == "bool":
		n = 4
	default:
		return 0
	}
	if len(t) > n+1 {
		return 0
	}
	// The width comes from the digit, not from which name t is: the passes
	// ask for every node, whose types come in no order a branch predictor
	// learns (issue 16).
	d := t[len(t)-1] - '2'
	w := int(d) + 2
	if d > 2 {
		w = 0
	}
	if len(t) == n {
		w = 1
	}
	return w
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

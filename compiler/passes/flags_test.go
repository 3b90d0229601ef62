package passes

import (
	"strings"
	"testing"

	"reuselab/ir"
)

// TestFlagsOfFollowsTheRules: flagsOf, a lookup in a table made once,
// gives every op, operand count, role, named-input count and output type
// the flags their definitions say: foldable when fold folds the op and the
// node has as many operands as it takes, a Swizzle with an operand, and so
// on.
func TestFlagsOfFollowsTheRules(t *testing.T) {
	for op := range 256 {
		o := ir.Op(op)
		for _, k := range []int{0, 1, 2, 3, 4, 300} {
			for _, role := range []ir.Role{ir.RoleValue, ir.RoleValue + 1} {
				for _, pins := range []int{0, 2} {
					for _, typ := range []string{"", "float", "float3", "bool", "bool2", "Texture2D"} {
						n := &ir.Node{Op: o, Role: role, Operands: make([]ir.Ref, k), Pins: make([]ir.Pin, pins)}
						if typ != "" {
							n.Outputs = []ir.Output{{Type: typ}}
						}
						f, width := flagsOf(n)
						ar := arity(o)
						want := map[nodeFlags]bool{
							flagValue:    role == ir.RoleValue,
							flagConstant: o == ir.OpConstant,
							flagFoldable: foldable(o) && k > 0 && k >= ar.min && k <= ar.max,
							flagSwizzle:  o == ir.OpSwizzle && k > 0,
							flagParam:    o == ir.OpParameter || o == ir.OpTextureParameter,
							flagPins:     pins > 0,
							flagBool:     strings.HasPrefix(typ, "bool"),
						}
						for flag, on := range want {
							if f&flag != 0 != on {
								t.Fatalf("op %v, %d operands, role %v, %d pins, %q: flag %b is %v, want %v", o, k, role, pins, typ, flag, f&flag != 0, on)
							}
						}
						if int(width) != ir.TypeWidth(typ) {
							t.Fatalf("op %v %q: width %d, want %d", o, typ, width, ir.TypeWidth(typ))
						}
					}
				}
			}
		}
	}
}

package dss_test

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// An if finds the slots its snapshot keeps by name and from the slots
// whose state is pending or was left needing a merge (a material, a value
// without a node), instead of reading every slot. With every slot kept,
// snapshot also checks that finding against a read of every slot (an
// internal error if they differ), and compileBoth compares the outputs.
// These cases change that state the ways an if can see it: in an arm, by
// a merge (a failed condition makes the merged value fail), by an arm's state being put back, with a material and with a
// failed value, among enough locals that the index is used.
func TestSnapshotByIndexMatchesReadingEverySlot(t *testing.T) {
	var pad strings.Builder
	for i := range 40 {
		fmt.Fprintf(&pad, "float p%d = U; ", i)
	}
	bodies := []string{
		"material n; if (U > 0.5) { p0 = 1; } m = n;",
		"float x = U; if (U > 0.5) { x = Nope; } if (U > 0.2) { p1 = 2; } m.Opacity = x;",
		"float x = U; if (Nope > 0) { x = 1; } if (U > 0.2) { p1 = 2; } m.Opacity = x;",
		"float x = U; if (Nope > 0) { p0 = 1; } else { x = 1; } if (U > 0.2) { p1 = 2; } m.Opacity = x;",
		"float x = Nope; if (U > 0.5) { x = U; } else { if (U > 0.2) { p1 = 2; } } m.Opacity = x;",
		"float x = Nope; if (U > 0.5) { x = U; if (U > 0.7) { p2 = x; } } else { x = 2; } if (U > 0.1) { p1 = 2; } m.Opacity = x;",
		"m.Opacity = Twice(U); if (U > 0.5) { p0 = Twice(p1); } m.Roughness = p0;",
		"for (int i = 0; i < 3; i++) { if (U > 0.5) { p0 = p0 + 1; } else { p1 = Nope; } } m.Opacity = p0 + p1;",
	}
	src := func(body string) string {
		return "uniform float U = 0.5;\nfloat Twice(float x) { float y = x; if (x > 0.5) { y = x * 2; } return y; }\n" +
			"export void M(inout material m)\n{\n" + pad.String() + body + "\n}\n"
	}
	for _, b := range bodies {
		text := src(b)
		compileBoth(t, "/mem/T.dss", func(p string) ([]byte, error) {
			if p == "/mem/T.dss" {
				return []byte(text), nil
			}
			return nil, fs.ErrNotExist
		})
	}
}

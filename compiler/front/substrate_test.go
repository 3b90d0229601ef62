package front

import (
	"math"
	"testing"

	"reuselab/ir"
)

func TestF0FromIORDialects(t *testing.T) {
	if got := F0FromIOR(1.5, Dialect2); math.Abs(got-0.04) > 1e-12 {
		t.Errorf("F0 of glass = %v, want 0.04", got)
	}
	if got := F0FromIOR(-1, Dialect2); got != 0 {
		t.Errorf("2.0 F0 of IOR -1 = %v, want the guarded 0", got)
	}
	if got := F0FromIOR(-1, Dialect1x); !math.IsInf(got, 1) {
		t.Errorf("1.x F0 of IOR -1 = %v, want +Inf (1.x never guarded it)", got)
	}
}

// A family's conversion feeds as many pins as it has outputs, where the
// engine catalog has it (the 2.0 front end's own Substrate table has all;
// the 1.x front end needs the Metalness one from the engine catalog).
func TestSubstrateFamiliesMatchTheCatalog(t *testing.T) {
	for i, f := range SubstrateFamilies {
		if len(f.Args) != len(f.Widths) {
			t.Errorf("family %d: %d args, %d widths", i, len(f.Args), len(f.Widths))
		}
		if f.Convert == "" {
			continue
		}
		cls, ok := ir.LookupClass(f.Convert)
		if !ok {
			if i == FamilyMetalness {
				t.Errorf("the engine catalog has no %s, which the 1.x Slab sugar makes", f.Convert)
			}
			continue
		}
		if len(cls.Outputs) != len(f.Feeds) {
			t.Errorf("%s has %d outputs, the family feeds %d pins", f.Convert, len(cls.Outputs), len(f.Feeds))
		}
	}
	pins := SubstrateMix.Connect(ir.Ref{Node: 1}, ir.Ref{Node: 2}, ir.Ref{Node: 3})
	if pins[2].Name != "Mix" || pins[2].Ref.Node != 3 {
		t.Errorf("lerp's third operand feeds %+v, want Mix", pins[2])
	}
}

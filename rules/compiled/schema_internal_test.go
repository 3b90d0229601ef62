package compiled

import (
	"slices"
	"testing"

	"reuselab/rules/facts"
)

// Every predicate the run serves itself is one the base store serves
// under the same arity (a schema predicate, a virtual one, or folded/1 and
// eswz/4, which it publishes), so that a pack reading it gets what the store
// would have served; every virtual one has its inputs listed.
func TestSchemaKindsAreSchema(t *testing.T) {
	if len(schemaKinds) == 0 {
		t.Fatal("no schema predicates served")
	}
	for sym, k := range schemaKinds {
		switch {
		case k >= vComp:
			if !slices.Contains(facts.VirtualPredicates, sym) {
				t.Errorf("%s is not a virtual predicate", sym)
			}
			if inputsOf[k] == 0 {
				t.Errorf("%s has no inputs listed", sym)
			}
		case k == sFolded:
			if sym != facts.PredFolded {
				t.Errorf("%s is not the published folded/1", sym)
			}
		case k == sESwz:
			if sym != facts.PredESwz {
				t.Errorf("%s is not the published eswz/4", sym)
			}
		case !slices.Contains(facts.SchemaPredicates, sym):
			t.Errorf("%s is not a schema predicate", sym)
		}
	}
}

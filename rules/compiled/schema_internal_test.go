package compiled

import (
	"slices"
	"testing"

	"reuselab/rules/facts"
)

// Every predicate the run serves from the graph is a schema predicate of
// rules/facts under the same arity, so that a pack reading it gets what
// the store would have served.
func TestSchemaKindsAreSchema(t *testing.T) {
	if len(schemaKinds) == 0 {
		t.Fatal("no schema predicates served")
	}
	for sym := range schemaKinds {
		if !slices.Contains(facts.SchemaPredicates, sym) {
			t.Errorf("%s is not a schema predicate", sym)
		}
	}
}

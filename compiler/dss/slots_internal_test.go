package dss

import (
	"reflect"
	"testing"
)

// sameSlot and sameValueFields must compare every field: an if skips the
// copy, the write-back and the merge of a slot they call unchanged, so a
// field they miss would be lost. A new field in slot or value fails here
// until it is compared there too.
func TestSameSlotComparesEveryField(t *testing.T) {
	if n := reflect.TypeOf(slot{}).NumField(); n != 10 {
		t.Errorf("slot has %d fields, sameSlot compares 10", n)
	}
	if n := reflect.TypeOf(value{}).NumField(); n != 13 {
		t.Errorf("value has %d fields, sameValueFields compares 13", n)
	}
	a := slot{name: "x", v: value{k: []float64{1}}}
	b := a
	if !sameSlot(&a, &b) {
		t.Error("a copy of a slot is not the same slot")
	}
	b.v.k = []float64{1} // equal contents, another array: not known the same
	if sameSlot(&a, &b) {
		t.Error("slots with different component arrays compare the same")
	}
	b = a
	b.partial = true
	if sameSlot(&a, &b) {
		t.Error("slots differing in partial compare the same")
	}
}

package compiled

import (
	"testing"

	"github.com/google/mangle/ast"
)

// A string is interned without its hash, but comes out as the constant
// Mangle makes of it (Equals compares the hash), however it went in.
func TestInternedStringsBoxAsMangles(t *testing.T) {
	in := newInterner()
	for _, s := range []string{"", "Add", "Constant||:float|Value=0.5"} {
		for _, v := range []Val{in.str(s), in.strBytes([]byte(s)), in.intern(ast.String(s))} {
			got, want := in.constant(v), ast.String(s)
			if !got.Equals(want) || got.Hash() != want.Hash() {
				t.Errorf("%q boxes as %#v, want %#v", s, got, want)
			}
			if text, ok := in.text(v); !ok || text != s {
				t.Errorf("%q reads back as %q, %v", s, text, ok)
			}
		}
	}
}

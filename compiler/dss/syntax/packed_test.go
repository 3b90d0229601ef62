package syntax

import (
	"reflect"
	"testing"
)

// A packed token has no pointer (the collector does not scan the token
// slice) and stays small.
func TestPackedTokenHasNoPointer(t *testing.T) {
	typ := reflect.TypeOf(packedToken{})
	for i := 0; i < typ.NumField(); i++ {
		switch typ.Field(i).Type.Kind() {
		case reflect.String, reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
			t.Errorf("packedToken.%s is a %s: the token slice would be scanned", typ.Field(i).Name, typ.Field(i).Type.Kind())
		}
	}
	if typ.Size() > 32 {
		t.Errorf("packedToken is %d bytes", typ.Size())
	}
}

// Texts are ranges of the source except string literals (decoded), which
// sit apart; unpacking gives every text back.
func TestPackedTextsRoundTrip(t *testing.T) {
	src := "/// doc line\n#pragma region R // c\nfloat3 x = \"a\\tb\" + y >>= 2; \"plain\" é"
	lx := lex(src)
	var texts []string
	apart := 0
	for i, pt := range lx.toks {
		texts = append(texts, lx.token(i).Text)
		if pt.textLen < 0 {
			apart++
		}
	}
	want := []string{"doc line", "pragma region R", "float3", "x", "=", "a\tb", "+", "y", ">>=", "2", ";", "plain", "é", ""}
	if !reflect.DeepEqual(texts, want) {
		t.Errorf("texts %q, want %q", texts, want)
	}
	if apart != 2 {
		t.Errorf("%d texts kept apart, want 2 (the decoded string literals)", apart)
	}
	if _, ok := offsetIn(src, "x"); ok {
		t.Errorf("a string not made from src's bytes was placed in it")
	}
	if off, ok := offsetIn(src, src[5:9]); !ok || off != 5 {
		t.Errorf("offsetIn(src, src[5:9]) = %d, %v", off, ok)
	}
}

package syntax

import (
	"strings"
	"testing"
)

func TestFoldBufIsToLower(t *testing.T) {
	long := strings.Repeat("AbC", 30)
	var b FoldBuf
	for _, s := range []string{"", "abc", "ABC", "Texture2D", "float3", "ÄBC", "aÉ", "K", long, long[:64], long[:65], "İ"} {
		if got, want := b.Lower(s), strings.ToLower(s); got != want {
			t.Errorf("Lower(%q) = %q, want %q", s, got, want)
		}
	}
	// the result aliases the buffer: the next call overwrites it
	first := b.Lower("ABC")
	_ = b.Lower("XYZ")
	if first != "xyz" {
		t.Errorf("the folded name should alias the buffer, got %q", first)
	}
}

func FuzzFoldBuf(f *testing.F) {
	f.Add("Texture2D")
	f.Fuzz(func(t *testing.T, s string) {
		var b FoldBuf
		if got, want := b.Lower(s), strings.ToLower(s); got != want {
			t.Errorf("Lower(%q) = %q, want %q", s, got, want)
		}
	})
}

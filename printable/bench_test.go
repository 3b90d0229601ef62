package printable

import (
	"strings"
	"testing"
)

// What escaping costs per byte: text that is mostly escapes, text with
// nothing to escape (the common case, a scan and no copy), a DOT label.
func BenchmarkTextHostile(b *testing.B) {
	s := strings.Repeat("a\x1b\u202e|<é", 1<<17)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Text(s)
	}
}

func BenchmarkTextOrdinary(b *testing.B) {
	s := strings.Repeat("Docs/M_Reuse é漢 ", 1<<16)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Text(s)
	}
}

func BenchmarkDOTLabel(b *testing.B) {
	s := "Multiply\nTint * ((A + A) + K)"
	for b.Loop() {
		DOT(s)
	}
}

package syntax

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// lineTablesByByte is the line table built one byte at a time, the way
// newLexer builds it when a '\r' is about (and always did before its LF-only
// path): the reference the fast path must match.
func lineTablesByByte(src string) (starts []int, ascii []bool) {
	starts, ascii = []int{0}, []bool{true}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\n' || (c == '\r' && (i+1 == len(src) || src[i+1] != '\n')) {
			starts = append(starts, i+1)
			ascii = append(ascii, true)
		} else if c >= utf8.RuneSelf {
			ascii[len(ascii)-1] = false
		}
	}
	return starts, ascii
}

func TestLineTablesMatchTheByteLoop(t *testing.T) {
	long := strings.Repeat("abcdefgh", 9)
	for _, src := range []string{
		"", "\n", "\n\n", "x", "x\n", "é", "é\n", "a\nb\né\n",
		long + "é" + long + "\n" + long + "\n\n" + long[:7] + "€",
		"1234567é\n12345678é\n123456789\n", "a\r\nb\rc\n", "\r", "é\r\n\r\n",
	} {
		lx := newLexer("t.dsm", src)
		starts, ascii := lineTablesByByte(src)
		if !reflect.DeepEqual(lx.lineStarts, starts) || !reflect.DeepEqual(lx.lineASCII, ascii) {
			t.Errorf("%q: starts %v ascii %v, want %v %v", src, lx.lineStarts, lx.lineASCII, starts, ascii)
		}
	}
}

func FuzzLineTables(f *testing.F) {
	f.Add("a\nbé\n")
	f.Fuzz(func(t *testing.T, src string) {
		lx := newLexer("t.dsm", src)
		starts, ascii := lineTablesByByte(src)
		if !reflect.DeepEqual(lx.lineStarts, starts) || !reflect.DeepEqual(lx.lineASCII, ascii) {
			t.Errorf("%q: starts %v ascii %v, want %v %v", src, lx.lineStarts, lx.lineASCII, starts, ascii)
		}
	})
}

// punct2At and punctClass classify every pair of bytes as the string
// tables do: a two-character punctuator exactly for the pairs of puncts2,
// a one-character one exactly for the bytes of puncts1.
func TestPunctuatorTables(t *testing.T) {
	pairs := map[string]bool{}
	for _, p := range puncts2 {
		pairs[p] = true
	}
	for a := 0; a < 256; a++ {
		if got, want := a < utf8.RuneSelf && punctClass[a]&punct1 != 0, strings.IndexByte(puncts1, byte(a)) >= 0; got != want {
			t.Errorf("byte %#x: one-character punctuator %v, want %v", a, got, want)
		}
		for b := 0; b < 256; b++ {
			s := string([]byte{byte(a), byte(b)})
			want := ""
			if pairs[s] {
				want = s
			}
			if got := punct2At(s, 0); got != want {
				t.Errorf("%q: punct2At = %q, want %q", s, got, want)
			}
		}
		if got := punct2At(string([]byte{byte(a)}), 0); got != "" {
			t.Errorf("a lone %#x: punct2At = %q", a, got)
		}
	}
}

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

// Package printable escapes the characters of a name that would act on
// whoever reads it instead of showing: a terminal's control characters
// (ESC starts a sequence that clears the screen or recolours the text),
// the bidi overrides and isolates that make `exe.txt` read as `txt.exe`,
// the invisible format characters that hide text inside a name, and bytes
// that are not UTF-8. Names reach reuselab's output from places nobody
// vetted: asset names and other strings in sources, class names, file and
// folder names, rule pack names. Every sink has its own function (Text,
// Block, CSV, Markdown, DOT, HTML, JSON, Writer) so that a caller picks the
// sink, not the escapes.
//
// An escape is Go's spelling: \n \r \t, \xNN for another ASCII control or
// DEL, \uNNNN or \UNNNNNNNN for a rune, and \xNN (NN ≥ 80) for a byte that
// is not UTF-8, so a reader can tell a rune from a broken byte and
// strconv.Unquote reads the escapes back. A backslash already in the text
// is left alone: escaping never writes a dangerous character, so escaping
// twice gives what escaping once gave (Text(Text(s)) == Text(s)), and a
// message built from already escaped text is not mangled further.
//
// Ordinary text is never changed: letters and digits of any script (é,
// 漢), punctuation, symbols, spaces, combining marks.
package printable

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Dangerous reports whether r is a character that text must not carry raw:
// a C0 control (newline and tab among them), DEL, a C1 control, a format
// character (Unicode category Cf: the bidi embeddings, overrides and
// isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E, U+200F and
// U+061C, the zero-width U+200B–U+200D, U+FEFF, the tag characters) or a
// line or paragraph separator (U+2028, U+2029), which some terminals and
// every JavaScript parser take as a line end.
func Dangerous(r rune) bool {
	if r < utf8.RuneSelf {
		return r < 0x20 || r == 0x7f
	}
	if r < 0xa0 {
		return true
	}
	// Most text lies where there is no format character: Latin, Greek,
	// Cyrillic, Hebrew (below U+0600, only the soft hyphen) and U+2070 to
	// U+FEFE (CJK, Hangul, symbols). TestDangerousShortcutsAgreeWithTables
	// holds these bounds to the tables.
	if r < 0x600 {
		return r == 0xad
	}
	if r >= 0x2070 && r < 0xfeff {
		return false
	}
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

// keep says which otherwise dangerous characters a sink passes through.
type keep uint8

const (
	keepNewline keep = 1 << iota // '\n'
	keepTab                      // '\t'
	keepCRLF                     // '\r' directly before '\n'
)

const keepLines = keepNewline | keepTab | keepCRLF

// Text escapes every dangerous character of s, newline and tab included:
// for a name, a file name or a message on one line (a diagnostic, a table
// cell, a page's text).
func Text(s string) string { return escape(s, 0) }

// Block is Text for text whose lines are its structure (an IR dump, a
// stack trace, a whole output): newline, tab and CR LF line ends pass,
// everything else dangerous, a lone CR among it, is escaped.
func Block(s string) string { return escape(s, keepLines) }

// IsText reports whether Text would leave s as it is.
func IsText(s string) bool { return firstUnsafe(s, 0) < 0 }

// IsBlock reports whether Block would leave s as it is.
func IsBlock(s string) bool { return firstUnsafe(s, keepLines) < 0 }

func escape(s string, k keep) string {
	i := firstUnsafe(s, k)
	if i < 0 {
		return s
	}
	buf := make([]byte, 0, len(s)+16)
	buf = append(buf, s[:i]...)
	return string(appendEscaped(buf, s[i:], k))
}

// firstUnsafe is the offset of the first character of s that k does not
// keep and that must be escaped, or -1.
func firstUnsafe(s string, k keep) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c >= 0x20 && c != 0x7f) || kept(s, i, k) {
				i++
				continue
			}
			return i
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || Dangerous(r) {
			return i
		}
		i += size
	}
	return -1
}

// kept reports whether the ASCII control at s[i] passes under k.
func kept(s string, i int, k keep) bool {
	switch s[i] {
	case '\n':
		return k&keepNewline != 0
	case '\t':
		return k&keepTab != 0
	case '\r':
		return k&keepCRLF != 0 && i+1 < len(s) && s[i+1] == '\n'
	}
	return false
}

// appendEscaped appends s to dst with every character k does not keep
// escaped.
func appendEscaped(dst []byte, s string, k keep) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c >= 0x20 && c != 0x7f) || kept(s, i, k) {
				dst = append(dst, c)
			} else {
				dst = appendControl(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = appendHex(dst, 'x', uint32(c), 2)
		case Dangerous(r):
			dst = appendRune(dst, r)
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst
}

// appendRune appends the escape of a rune beyond ASCII: \uNNNN, or
// \UNNNNNNNN beyond the Basic Multilingual Plane.
func appendRune(dst []byte, r rune) []byte {
	if r <= 0xffff {
		return appendHex(dst, 'u', uint32(r), 4)
	}
	return appendHex(dst, 'U', uint32(r), 8)
}

func appendControl(dst []byte, c byte) []byte {
	switch c {
	case '\n':
		return append(dst, `\n`...)
	case '\r':
		return append(dst, `\r`...)
	case '\t':
		return append(dst, `\t`...)
	}
	return appendHex(dst, 'x', uint32(c), 2)
}

const hexDigits = "0123456789abcdef"

// appendHex appends `\` kind and v in digits lower-case hex digits.
func appendHex(dst []byte, kind byte, v uint32, digits int) []byte {
	dst = append(dst, '\\', kind)
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		dst = append(dst, hexDigits[v>>uint(shift)&0xf])
	}
	return dst
}

// CSV is a CSV cell's text before encoding/csv quotes it: Text, and a
// guard against formula injection. A spreadsheet runs a cell that starts
// with = + - or @ as a formula (`=HYPERLINK(…)`, a DDE call), and a corpus
// names its folders, files and assets as it likes; such a cell, unless it
// is a number, gets a leading apostrophe, which spreadsheets read as "text"
// and hide. The guard is reversible: it also goes before a cell that
// already starts with apostrophes followed by one of those characters, so
// removing one leading apostrophe from a cell that matches '+[=+\-@]
// gives the original back. No ordinary name starts with those characters,
// and numbers (-0.25, the columns of measurements) are left as they are.
func CSV(s string) string {
	t := Text(s)
	j := 0
	for j < len(t) && t[j] == '\'' {
		j++
	}
	if j == len(t) || strings.IndexByte("=+-@", t[j]) < 0 {
		return t
	}
	if _, err := strconv.ParseFloat(t, 64); err == nil {
		return t
	}
	return "'" + t
}

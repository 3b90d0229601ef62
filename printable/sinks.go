package printable

import (
	"html"
	"strings"
	"unicode/utf8"
)

// Markdown is s as inline Markdown text, in prose or in a table cell
// (GitHub's tables): Text, then what Markdown would act on. `|` (a new
// cell), backquote, `*`, `~`, `[` and `]` are backslash-escaped, and a
// backslash before ASCII punctuation is doubled; `<`, `>` and `&` become
// entities, so `<script>` is text, not HTML. The page shows the Text of s.
// `_` is left alone: it is in ordinary names (M_Reuse), and inside a word
// it is no emphasis.
func Markdown(s string) string {
	t := Text(s)
	if !strings.ContainsAny(t, "\\|`*~[]<>&") {
		return t
	}
	var b strings.Builder
	b.Grow(len(t) + 8)
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case '\\':
			if i+1 == len(t) || isASCIIPunct(t[i+1]) {
				b.WriteString(`\\`)
			} else {
				b.WriteByte(c)
			}
		case '|', '`', '*', '~', '[', ']':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isASCIIPunct(c byte) bool {
	return strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", c) >= 0
}

// MarkdownCode is s as a Markdown code span, fences included: Text, between
// fences one backquote longer than any run of backquotes in it (padded
// with a space where CommonMark needs one), so the span shows the text
// exactly; inside a code span nothing is HTML or emphasis. A `|` is written
// `\|`: a GitHub table cell needs it even inside a code span, and it ends
// the cell otherwise; in prose the backslash shows.
func MarkdownCode(s string) string {
	t := strings.ReplaceAll(Text(s), "|", `\|`)
	if t == "" {
		return "` `"
	}
	run, longest := 0, 0
	for i := 0; i < len(t); i++ {
		if t[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if t[0] == '`' || t[len(t)-1] == '`' || (t[0] == ' ' && t[len(t)-1] == ' ' && strings.Trim(t, " ") != "") {
		return fence + " " + t + " " + fence
	}
	return fence + t + fence
}

// DOT is s as a Graphviz quoted string, quotes included: `\` and `"`
// escaped, a newline written `\n` (a line break in a label), and every
// other dangerous character as Text spells it, with the backslash doubled
// so that Graphviz draws the escape rather than reading it.
func DOT(s string) string {
	b := make([]byte, 0, len(s)+8)
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\\' || c == '"':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, `\n`...)
			case c < 0x20 || c == 0x7f:
				b = appendControl(append(b, '\\'), c)
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = appendHex(append(b, '\\'), 'x', uint32(c), 2)
		case Dangerous(r):
			b = appendRune(append(b, '\\'), r)
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(append(b, '"'))
}

// HTML is s as HTML text or an attribute value: Text, then
// html.EscapeString. A browser does not act on ESC, but it lays out the
// bidi overrides, so a page shows their escapes too. (html/template
// escapes what it inserts itself: give it Text(s).)
func HTML(s string) string { return html.EscapeString(Text(s)) }

// JSON takes encoded JSON (what encoding/json writes) and writes every
// dangerous character in it as a JSON escape, \u202e or a surrogate pair,
// and a byte that is not UTF-8 as \ufffd, as encoding/json itself does. A
// decoder reads the same strings as before, so a consumer gets every name
// exactly, and the text no longer acts on a terminal it is printed to
// (encoding/json escapes the C0 controls but writes DEL, the C1 controls
// and the bidi characters raw). JSON's whitespace (newline, tab, CR) is
// kept: outside strings it is layout, and inside them encoding/json has
// escaped it already. Dangerous characters can only stand inside strings
// in valid JSON, so the result is valid whenever b was.
func JSON(b []byte) []byte {
	i := firstUnsafeJSON(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	out = append(out, b[:i]...)
	for i < len(b) {
		c := b[i]
		if c < utf8.RuneSelf {
			if (c >= 0x20 && c != 0x7f) || c == '\n' || c == '\t' || c == '\r' {
				out = append(out, c)
			} else {
				out = appendHex(out, 'u', uint32(c), 4)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\ufffd`...)
		case Dangerous(r) && r > 0xffff:
			r -= 0x10000
			out = appendHex(out, 'u', uint32(0xd800+(r>>10)), 4)
			out = appendHex(out, 'u', uint32(0xdc00+(r&0x3ff)), 4)
		case Dangerous(r):
			out = appendHex(out, 'u', uint32(r), 4)
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}

func firstUnsafeJSON(b []byte) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if (c >= 0x20 && c != 0x7f) || c == '\n' || c == '\t' || c == '\r' {
				i++
				continue
			}
			return i
		}
		r, size := utf8.DecodeRune(b[i:])
		if (r == utf8.RuneError && size == 1) || Dangerous(r) {
			return i
		}
		i += size
	}
	return -1
}

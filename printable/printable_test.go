package printable

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// ordinary names print as they are, in every sink that has no syntax of
// its own to protect.
var ordinary = []string{
	"", "M_Reuse", "Docs/M_Reuse", "TypeDreamMoon__DreamShader/Tests", "a b.c", "MF_Blend.dss",
	"café", "漢字の名前", "Ünïcödé/Ordner", "x_1.2", "ẞtraße", "e\u0301", "नमस्ते", "عربى", "🙂",
}

func TestOrdinaryTextIsUnchanged(t *testing.T) {
	for _, s := range ordinary {
		for name, f := range map[string]func(string) string{"Text": Text, "Block": Block, "CSV": CSV, "Markdown": Markdown} {
			if got := f(s); got != s {
				t.Errorf("%s(%q) = %q, want it unchanged", name, s, got)
			}
		}
		if got, want := DOT(s), `"`+s+`"`; got != want {
			t.Errorf("DOT(%q) = %q, want %q", s, got, want)
		}
		if got := HTML(s); got != s {
			t.Errorf("HTML(%q) = %q, want it unchanged", s, got)
		}
	}
}

func TestTextEscapes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\x1b[2J", `\x1b[2J`},
		{"a\u202eb", `a\u202eb`},
		{"line\nnext\tcol\r", `line\nnext\tcol\r`},
		{"\x00\x07\x7f", `\x00\x07\x7f`},
		{"c1\u0085\u009b", `c1\u0085\u009b`},
		{"\u200b\u200c\u200d\ufeff\u2066\u2069\u200e\u200f\u061c", `\u200b\u200c\u200d\ufeff\u2066\u2069\u200e\u200f\u061c`},
		{"tag\U000E0041", `tag\U000e0041`},
		{"sep\u2028\u2029", `sep\u2028\u2029`},
		{"bad\xff\xc3", `bad\xff\xc3`},
		{"keep \\x1b as is", `keep \x1b as is`},
		{"\ufffd is a rune", "\ufffd is a rune"},
	} {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestBlockKeepsLines(t *testing.T) {
	in := "module \"a\"\n\tx\r\ny\rz\x1b\u202e"
	want := "module \"a\"\n\tx\r\ny\\rz\\x1b\\u202e"
	if got := Block(in); got != want {
		t.Errorf("Block(%q) = %q, want %q", in, got, want)
	}
}

// The escapes are Go's: strconv.Unquote reads them back to the original.
func TestTextRoundTripsThroughUnquote(t *testing.T) {
	for _, s := range []string{"\x1b[31mred", "a\u202eb\u2066", "x\xffy", "tab\tnl\n", "tag\U000E0041", "\x7f\u0085"} {
		back, err := strconv.Unquote(`"` + Text(s) + `"`)
		if err != nil || back != s {
			t.Errorf("Unquote(Text(%q)) = %q, %v", s, back, err)
		}
	}
}

func TestCSVGuardsFormulas(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"=HYPERLINK(\"http://x\")", `'=HYPERLINK("http://x")`},
		{"+1+2", "'+1+2"},
		{"-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"'=x", "''=x"},
		{"'plain", "'plain"},
		{"-0.25", "-0.25"},
		{"+3", "+3"},
		{"-", "'-"},
		{"\x1b=x", `\x1b=x`},
	} {
		if got := CSV(c.in); got != c.want {
			t.Errorf("CSV(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestMarkdownCellCannotBreakATable(t *testing.T) {
	in := "a|b`c<script>&d\\|e\n*f*[g](h)~~i~~"
	got := Markdown(in)
	want := `a\|b` + "\\`" + `c&lt;script&gt;&amp;d\\\|e\n\*f\*\[g\](h)\~\~i\~\~`
	if got != want {
		t.Errorf("Markdown(%q) = %q, want %q", in, got, want)
	}
	if n := unescapedPipes(got); n != 0 {
		t.Errorf("Markdown(%q) = %q has %d unescaped |", in, got, n)
	}
}

// unescapedPipes counts the | a GitHub table would split a cell at: those
// not preceded by an odd number of backslashes.
func unescapedPipes(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '|' {
			continue
		}
		k := 0
		for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
			k++
		}
		if k%2 == 0 {
			n++
		}
	}
	return n
}

func TestMarkdownCode(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"p.mg:9", "`p.mg:9`"},
		{"a`b", "``a`b``"},
		{"`a", "`` `a ``"},
		{"a|b", "`a\\|b`"},
		{"x\x1by", "`x\\x1by`"},
		{"", "` `"},
	} {
		if got := MarkdownCode(c.in); got != c.want {
			t.Errorf("MarkdownCode(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestDOT(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Add\nA + B", `"Add\nA + B"`},
		{`say "hi" \N`, `"say \"hi\" \\N"`},
		{"esc\x1b\u202e", `"esc\\x1b\\u202e"`},
		{"cr\r", `"cr\\r"`},
	} {
		if got := DOT(c.in); got != c.want {
			t.Errorf("DOT(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHTML(t *testing.T) {
	if got, want := HTML("<b>\u202e&\"'"), `&lt;b&gt;\u202e&amp;&#34;&#39;`; got != want {
		t.Errorf("HTML = %q, want %q", got, want)
	}
}

func TestJSONKeepsTheStringsAndEscapesTheRest(t *testing.T) {
	name := "a\u202eb\x7f\u0085\U000E0041\x1b<>&é"
	enc, err := json.MarshalIndent(map[string]string{"name": name}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	out := JSON(enc)
	if !IsBlock(string(out)) {
		t.Errorf("JSON left a dangerous character: %q", out)
	}
	var back map[string]string
	if err := json.Unmarshal(out, &back); err != nil || back["name"] != name {
		t.Errorf("JSON(%s) decodes to %q, %v; want %q", out, back["name"], err, name)
	}
	plain := []byte(`{"a": "é漢"}`)
	if got := JSON(plain); !bytes.Equal(got, plain) {
		t.Errorf("JSON changed ordinary JSON: %s", got)
	}
}

func TestWriterJoinsSplitCharacters(t *testing.T) {
	in := "ok é\u202e\r\nx\x1b\ry\xff"
	want := Block(in)
	for split := 0; split <= len(in); split++ {
		for split2 := split; split2 <= len(in); split2++ {
			var out bytes.Buffer
			w := NewWriter(&out)
			for _, part := range []string{in[:split], in[split:split2], in[split2:]} {
				if n, err := w.Write([]byte(part)); err != nil || n != len(part) {
					t.Fatalf("Write(%q) = %d, %v", part, n, err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if out.String() != want {
				t.Fatalf("split at %d,%d: got %q, want %q", split, split2, out.String(), want)
			}
		}
	}
}

// safeOutput is the property every sink keeps: nothing it writes holds a
// dangerous character (Block's newline, tab and CR LF aside, and for CSV
// what encoding/csv's quoting needs), whatever the input.
func checkSinks(t *testing.T, s string) {
	t.Helper()
	for name, out := range map[string]string{
		"Text": Text(s), "CSV": CSV(s), "Markdown": Markdown(s), "MarkdownCode": MarkdownCode(s),
		"DOT": DOT(s), "HTML": HTML(s),
	} {
		if !IsText(out) {
			t.Fatalf("%s(%q) = %q holds a dangerous character", name, s, out)
		}
		if !utf8.ValidString(out) {
			t.Fatalf("%s(%q) = %q is not UTF-8", name, s, out)
		}
	}
	if b := Block(s); !IsBlock(b) {
		t.Fatalf("Block(%q) = %q holds a dangerous character", s, b)
	}
	if Text(Text(s)) != Text(s) || Block(Block(s)) != Block(s) {
		t.Fatalf("escaping %q twice differs from once", s)
	}
	if n := unescapedPipes(Markdown(s)); n != 0 {
		t.Fatalf("Markdown(%q) = %q: %d unescaped |", s, Markdown(s), n)
	}
	if strings.ContainsAny(Markdown(s), "<>") || strings.ContainsAny(HTML(s), "<>") {
		t.Fatalf("Markdown or HTML of %q keeps a raw < or >", s)
	}
	if IsText(s) && Text(s) != s {
		t.Fatalf("Text changed %q, which has nothing to escape", s)
	}
	if utf8.ValidString(s) && !strings.Contains(s, `\`) {
		if back, err := strconv.Unquote(`"` + strings.ReplaceAll(Text(s), `"`, `\"`) + `"`); err != nil || back != s {
			t.Fatalf("Text(%q) = %q does not read back: %q, %v", s, Text(s), back, err)
		}
	}
	var rec bytes.Buffer
	cw := csv.NewWriter(&rec)
	if err := cw.Write([]string{CSV(s), "1"}); err != nil {
		t.Fatal(err)
	}
	cw.Flush()
	rows, err := csv.NewReader(&rec).ReadAll()
	if err != nil || len(rows) != 1 || len(rows[0]) != 2 || rows[0][0] != CSV(s) {
		t.Fatalf("CSV(%q) does not survive encoding/csv: %q, %v", s, rows, err)
	}
	if enc, err := json.Marshal(s); err == nil {
		out := JSON(enc)
		var back string
		if err := json.Unmarshal(out, &back); err != nil || !IsBlock(string(out)) {
			t.Fatalf("JSON(%s) = %s: %v", enc, out, err)
		}
		if utf8.ValidString(s) && back != s {
			t.Fatalf("JSON(%s) decodes to %q, want %q", enc, back, s)
		}
	}
}

func FuzzSinks(f *testing.F) {
	for _, s := range ordinary {
		f.Add(s)
	}
	for _, s := range []string{"\x1b[2J\u202e|<script>", "a\r\nb\rc", "\xff\xfe", "'=1", "`|`", "\U000E0041\u2028", "\\|\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSinks(t, s)
		var out bytes.Buffer
		w := NewWriter(&out)
		half := len(s) / 2
		w.Write([]byte(s[:half]))
		w.Write([]byte(s[half:]))
		w.Flush()
		if out.String() != Block(s) {
			t.Fatalf("Writer(%q) = %q, want Block's %q", s, out.String(), Block(s))
		}
	})
}

func TestDangerousCoversTheBrief(t *testing.T) {
	for _, r := range []rune{0, 0x1b, '\n', '\t', '\r', 0x7f, 0x80, 0x9f, 0x202a, 0x202e, 0x2066, 0x2069, 0x200e, 0x200f, 0x061c, 0x200b, 0x200d, 0xfeff, 0x2028, 0x2029, 0xe0001} {
		if !Dangerous(r) {
			t.Errorf("Dangerous(%U) = false", r)
		}
	}
	for _, r := range []rune{' ', 'a', 'é', '漢', 0xa0, 0x301, 0xfffd, 0x1f642, '|', '<'} {
		if Dangerous(r) {
			t.Errorf("Dangerous(%U) = true", r)
		}
	}
}

// The shortcuts in Dangerous give what the Unicode tables give, for every
// rune.
func TestDangerousShortcutsAgreeWithTables(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := r < 0x20 || (r >= 0x7f && r < 0xa0) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
		if got := Dangerous(r); got != want {
			t.Fatalf("Dangerous(%U) = %v, the tables say %v", r, got, want)
		}
	}
}

package legacy

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"reuselab/diag"
)

// Every rune's key lies on the rune's own SimpleFold orbit and every member
// of the orbit has the same key: so keys partition the runes exactly as
// the orbits do, the relation strings.EqualFold compares runes by. With
// the key of a string the concatenation of its runes' keys (valid UTF-8,
// so it decodes back rune by rune), two strings share a key iff they have
// as many runes and each pair lies on one orbit: iff EqualFold.
func TestFoldRunePartitionsLikeSimpleFold(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue // a surrogate cannot be decoded from a string
		}
		key := foldRune(r)
		if !strings.EqualFold(string(r), string(key)) {
			t.Fatalf("foldRune(%U) = %U, not on its orbit", r, key)
		}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if foldRune(f) != key {
				t.Fatalf("%U and %U share an orbit but have keys %U and %U", r, f, key, foldRune(f))
			}
		}
	}
}

// The cases strings.ToLower gets wrong for EqualFold, and invalid UTF-8
// (which EqualFold reads as U+FFFD).
func TestFoldKeyAgreesWithEqualFold(t *testing.T) {
	names := []string{
		"kelvin", "Kelvin", "\u212Aelvin", "KELVIN", "\u212AELVIN",
		"sun", "Sun", "\u017Fun", "SUN",
		"straße", "STRASSE", "strasse", "STRAẞE",
		"σοφία", "ΣΟΦΊΑ", "ςοφία",
		"µ", "μ", "Μ",
		"ǅ", "ǆ", "Ǆ",
		"a\xffb", "a\xfeb", "a\uFFFDb", "A\xffB",
		"", "a", "A", "_x1", "_X1",
	}
	for _, a := range names {
		for _, b := range names {
			if want, got := strings.EqualFold(a, b), foldKey(a) == foldKey(b); want != got {
				t.Errorf("%q vs %q: EqualFold %v, keys equal %v", a, b, want, got)
			}
		}
	}
}

func FuzzFoldKey(f *testing.F) {
	f.Add("kelvin", "\u212Aelvin")
	f.Add("ſun", "SUN")
	f.Add("a\xff", "A\uFFFD")
	f.Add("ǅx", "ǆX")
	f.Fuzz(func(t *testing.T, a, b string) {
		if want, got := strings.EqualFold(a, b), foldKey(a) == foldKey(b); want != got {
			t.Errorf("%q vs %q: EqualFold %v, keys equal %v", a, b, want, got)
		}
	})
}

// lookupFoldByScan is L19's fallback as the definition says it: scan every
// open scope's declarations with EqualFold, count distinct spellings, and
// return the innermost declaration of the single one.
func lookupFoldByScan(b *builder, name string) (*variable, int) {
	var found *variable
	seen := map[string]bool{}
	for i := len(b.scopes) - 1; i >= 0; i-- {
		for k, v := range b.scopes[i].vars {
			if strings.EqualFold(k, name) && !seen[k] {
				seen[k] = true
				found = v
			}
		}
	}
	if len(seen) != 1 {
		return nil, len(seen)
	}
	return found, 1
}

// The fold index agrees with the scan through random declarations,
// redeclarations, shadowing, scopes opened and closed, and declarations
// into an outer scope (L26), over spellings that fold together in the
// ways ToLower does not.
func TestLookupFoldMatchesScan(t *testing.T) {
	spellings := []string{"k", "K", "\u212A", "s", "S", "\u017F", "ab", "Ab", "aB", "AB", "ß", "ẞ", "x\xff", "X\xfe", "X\uFFFD", "z"}
	rng := rand.New(rand.NewPCG(28, 1))
	for round := range 200 {
		b := &builder{}
		b.push()
		for step := range 300 {
			switch op := rng.IntN(10); {
			case op < 2 && len(b.scopes) < 6:
				b.push()
			case op < 3 && len(b.scopes) > 1:
				b.pop()
			case op < 5:
				b.declareAt(rng.IntN(len(b.scopes)), spellings[rng.IntN(len(spellings))], tFloat, diag.Pos{Line: step})
			default:
				b.declare(spellings[rng.IntN(len(spellings))], tFloat, diag.Pos{Line: step})
			}
			for _, name := range spellings {
				wantV, wantN := lookupFoldByScan(b, name)
				gotV, gotN := b.lookupFold(name)
				if wantV != gotV || wantN != gotN {
					t.Fatalf("round %d step %d: lookupFold(%q) = %p, %d; the scan says %p, %d", round, step, name, gotV, gotN, wantV, wantN)
				}
			}
		}
	}
}

func TestPropFoldMatchesScan(t *testing.T) {
	names := []string{"Kelvin", "\u212Aelvin", "Gain", "gain", "GAIN", "Sun", "Tint"}
	for mask := range 1 << len(names) {
		b := &builder{props: map[string]*propInfo{}}
		for i, n := range names {
			if mask&(1<<i) != 0 {
				b.props[n] = &propInfo{name: n}
			}
		}
		for _, q := range append(names, "kelvin", "sun", "tint", "none") {
			var want *propInfo
			wantN := 0
			for k, p := range b.props {
				if strings.EqualFold(k, q) {
					want, wantN = p, wantN+1
				}
			}
			if wantN != 1 {
				want = nil
			}
			if got, n := b.propFold(q); got != want || n != wantN {
				t.Fatalf("props %b: propFold(%q) = %v, %d; want %v, %d", mask, q, got, n, want, wantN)
			}
		}
	}
}

// calleeFold counts what the scan of builtins, functions and blocks
// counted, a name that is a function and a block twice.
func TestCalleeFoldMatchesScan(t *testing.T) {
	c := &compiler{funcs: map[string]*funcInfo{}, blocks: map[string]*blockInfo{}}
	for _, n := range []string{"Blend", "blend", "Tone", "\u212Aelvin", "Both"} {
		c.funcs[n] = &funcInfo{}
	}
	for _, n := range []string{"Tone_Asset", "kelvin", "Both"} {
		c.blocks[n] = &blockInfo{}
	}
	queries := []string{"BLEND", "tone", "KELVIN", "both", "tone_asset", "LERP", "lerp", "Saturate", "nothing"}
	for q := range builtins {
		queries = append(queries, strings.ToUpper(q))
	}
	for _, q := range queries {
		var cands []string
		for _, names := range []map[string]bool{keysOf(builtins), keysOf(c.funcs), keysOf(c.blocks)} {
			for n := range names {
				if strings.EqualFold(n, q) {
					cands = append(cands, n)
				}
			}
		}
		fc := c.calleeFold(q)
		if fc.total() != len(cands) || len(cands) == 1 && fc.only() != cands[0] {
			t.Errorf("%q: index has %d (%q), the scan %v", q, fc.total(), fc.only(), cands)
		}
	}
}

func keysOf[V any](m map[string]V) map[string]bool {
	r := map[string]bool{}
	for k := range m {
		r[k] = true
	}
	return r
}

// inputIndex gives what scanning the inputs gives, below and above the
// size at which it indexes them, duplicates and case variants included.
func TestInputIndexMatchesScan(t *testing.T) {
	spellings := []string{"UV", "uv", "Uv", "\u212Aey", "key", "Scale", "scale", "X", "x", "Tint"}
	rng := rand.New(rand.NewPCG(28, 3))
	for _, size := range []int{0, 3, 8, 9, 30} {
		for range 50 {
			inputs := make([]string, size)
			for i := range inputs {
				inputs[i] = spellings[rng.IntN(len(spellings))]
			}
			var idx inputIndex
			for _, q := range append(spellings, "KEY", "none") {
				wantExact := false
				var wantFolded []string
				for _, in := range inputs {
					wantExact = wantExact || in == q
					if strings.EqualFold(in, q) {
						wantFolded = append(wantFolded, in)
					}
				}
				exact, folded := idx.match(inputs, q)
				if exact != wantExact || strings.Join(folded, ",") != strings.Join(wantFolded, ",") {
					t.Fatalf("%v, %q: %v %v, want %v %v", inputs, q, exact, folded, wantExact, wantFolded)
				}
			}
		}
	}
}

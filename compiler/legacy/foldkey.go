package legacy

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// foldKey maps a name to a key shared by exactly the names
// strings.EqualFold calls equal to it, so that L19's case-insensitive
// fallback is a map lookup instead of a scan of every declaration.
//
// EqualFold compares rune by rune (invalid UTF-8 reads as U+FFFD) and
// calls two runes equal when they lie on one orbit of unicode.SimpleFold.
// strings.ToLower is not that relation: 'K' (U+212A, Kelvin) and 'k' are
// one orbit but ToLower(U+212A) is 'k' only by a special case, and other
// orbits (ſ, ß, Greek finals) do not agree. So each rune is replaced by
// one fixed member of its orbit: the smallest, except that an orbit
// holding an ASCII capital is keyed by its lower-case letter, so that the
// common name (lower-case ASCII and digits) is its own key and costs no
// allocation.
func foldKey(name string) string {
	if isFoldKey(name) {
		return name
	}
	var b strings.Builder
	b.Grow(len(name))
	for _, r := range name {
		b.WriteRune(foldRune(r))
	}
	return b.String()
}

// isFoldKey reports a name that is its own foldKey because it is ASCII
// without capitals (a name with other runes may be its own key too, but
// telling costs the folding).
func isFoldKey(name string) bool {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return true
}

// foldRune is the key of r's SimpleFold orbit (see foldKey).
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	if 'A' <= least && least <= 'Z' {
		return least + 'a' - 'A'
	}
	return least
}

// foldClass is the set of spellings of one foldKey that are declared,
// each with how many open scopes (or properties) declare it. Nearly every
// class holds one spelling, so that one is kept inline and only a second
// spelling allocates a map.
type foldClass struct {
	first  string
	firstN int32
	others map[string]int32 // never holds first
}

func (fc *foldClass) add(name string) {
	switch {
	case name == fc.first:
		fc.firstN++
	case fc.firstN == 0 && len(fc.others) == 0:
		fc.first, fc.firstN = name, 1
	default:
		if fc.others == nil {
			fc.others = map[string]int32{}
		}
		fc.others[name]++
	}
}

// remove takes one declaration of name away; true when none is left.
func (fc *foldClass) remove(name string) bool {
	if name == fc.first {
		fc.firstN--
	} else if n := fc.others[name]; n > 1 {
		fc.others[name] = n - 1
	} else {
		delete(fc.others, name)
	}
	return fc.count() == 0
}

// count is how many distinct spellings are declared.
func (fc *foldClass) count() int {
	n := len(fc.others)
	if fc.firstN > 0 {
		n++
	}
	return n
}

// total is how many declarations there are, a spelling declared twice
// counting twice.
func (fc *foldClass) total() int {
	n := int(fc.firstN)
	for _, k := range fc.others {
		n += int(k)
	}
	return n
}

// only is the spelling of a class whose count is 1.
func (fc *foldClass) only() string {
	if fc.firstN > 0 {
		return fc.first
	}
	for name := range fc.others {
		return name
	}
	return ""
}

// calleeFold is the fold class of name among the builtins, functions and
// blocks. They are all known before the first statement is lowered; a
// count that moved means the index is stale.
func (c *compiler) calleeFold(name string) foldClass {
	if n := len(builtins) + len(c.funcs) + len(c.blocks); c.calleeFolds == nil || c.calleeFoldsOf != n {
		c.calleeFolds = map[string]foldClass{}
		add := func(k string) {
			key := foldKey(k)
			fc := c.calleeFolds[key]
			fc.add(k)
			c.calleeFolds[key] = fc
		}
		for k := range builtins {
			add(k)
		}
		for k := range c.funcs {
			add(k)
		}
		for k := range c.blocks {
			add(k)
		}
		c.calleeFoldsOf = n
	}
	return c.calleeFolds[foldKey(name)]
}

package outfile

import (
	"strconv"
	"strings"
)

// FileNames gives each of names a file name ending in ext (".t3d"), all
// different from one another on any file system, the same for the same
// list. A name becomes its ASCII letters, digits, '_', '-' and inner '.',
// every other byte '_' (no separator, control character, or letter a file
// system might store differently); one empty, too long or reserved on
// Windows (CON, NUL, COM1, …) is mended. Names that still clash, ignoring
// case (macOS and Windows fold it), get "-2", "-3", … after every name that
// does not clash has its own: X, X, X-2 are X, X-3, X-2, so an asset with a
// name of its own always finds its file under that name.
func FileNames(names []string, ext string) []string {
	out := make([]string, len(names))
	bases := make([]string, len(names))
	taken := map[string]bool{}
	var clashing []int
	for i, n := range names {
		bases[i] = fileBase(n)
		if key := strings.ToLower(bases[i]); !taken[key] {
			taken[key] = true
			out[i] = bases[i] + ext
		} else {
			clashing = append(clashing, i)
		}
	}
	// The next suffix to try per base: many copies of one name cost one
	// step each, not a scan from -2 every time.
	next := map[string]int{}
	for _, i := range clashing {
		key := strings.ToLower(bases[i])
		k := max(next[key], 2)
		for taken[key+"-"+strconv.Itoa(k)] {
			k++
		}
		next[key] = k + 1
		taken[key+"-"+strconv.Itoa(k)] = true
		out[i] = bases[i] + "-" + strconv.Itoa(k) + ext
	}
	return out
}

// maxBase leaves room for a suffix and an extension under the 255 bytes
// file systems allow a name.
const maxBase = 120

// fileBase is name as a file name's base (see FileNames).
func fileBase(name string) string {
	var b strings.Builder
	for i := 0; i < len(name) && b.Len() < maxBase; i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-':
			b.WriteByte(c)
		case c == '.' && b.Len() > 0: // a leading dot hides the file
			b.WriteByte(c)
		default:
			b.WriteByte('_')
		}
	}
	base := b.String()
	if base == "" {
		return "asset"
	}
	if reservedOnWindows(base) {
		return "_" + base
	}
	return base
}

// reservedOnWindows reports whether Windows reads base as a device, which it
// does whatever the extension (CON.t3d is the console).
func reservedOnWindows(base string) bool {
	stem, _, _ := strings.Cut(strings.ToUpper(base), ".")
	switch stem {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	return len(stem) == 4 && (strings.HasPrefix(stem, "COM") || strings.HasPrefix(stem, "LPT")) && stem[3] >= '0' && stem[3] <= '9'
}

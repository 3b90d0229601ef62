package syntax

import (
	"strings"
	"unsafe"
)

// FoldBuf lowers names for case-insensitive look-ups without allocating:
// strings.ToLower allocates for every name with a capital, and the front
// ends fold a name for nearly every section, setting, property, type and
// call argument they read.
type FoldBuf [64]byte

// Lower is strings.ToLower(s). An ASCII s that fits is lowered into b and
// the result aliases b: use it at once (a switch, a map look-up, a
// comparison) and never keep it; b's next Lower overwrites it.
func (b *FoldBuf) Lower(s string) string {
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return strings.ToLower(s)
		}
		upper = upper || ('A' <= c && c <= 'Z')
	}
	if !upper {
		return s
	}
	if len(s) > len(b) {
		return strings.ToLower(s)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return unsafe.String(&b[0], len(s))
}

//go:build !linux

package eval

// residentOutsideRuntime has no portable source: the memory limit then
// bounds what the runtime maps, and the program's own pages come on top.
func residentOutsideRuntime() (int64, bool) { return 0, false }

// addressSpaceCeiling has no portable source either: the address space is
// then bounded loosely (boundSelf), a backstop of the watchdog.
func addressSpaceCeiling(room int64) (uint64, bool) { return 0, false }

// MemoryOvershoot: without the ceiling a child may pass its limit by one
// allocation, which nothing bounds but the address-space backstop; the
// run's memory budget counts each child for its limit only.
const MemoryOvershoot = 0

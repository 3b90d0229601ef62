package compiled

// heads maps a 64-bit hash to the newest row (+1) with it, by open
// addressing over two flat slices: no Go map, whose buckets, rehashing
// and interface-free but generic probing were a fifth of a run.
type heads struct {
	keys []uint64
	rows []int32 // 0: empty slot
	n    int
}

func (h *heads) get(k uint64) int32 {
	if len(h.rows) == 0 {
		return 0
	}
	m := uint64(len(h.rows) - 1)
	for i := k & m; ; i = (i + 1) & m {
		r := h.rows[i]
		if r == 0 {
			return 0
		}
		if h.keys[i] == k {
			return r
		}
	}
}

// put sets k's row and returns the one it replaces (0 for none).
func (h *heads) put(k uint64, row int32) int32 {
	if 2*(h.n+1) > len(h.rows) {
		h.grow()
	}
	m := uint64(len(h.rows) - 1)
	for i := k & m; ; i = (i + 1) & m {
		r := h.rows[i]
		if r == 0 {
			h.keys[i], h.rows[i] = k, row
			h.n++
			return 0
		}
		if h.keys[i] == k {
			h.rows[i] = row
			return r
		}
	}
}

func (h *heads) grow() {
	size := max(16, 2*len(h.rows))
	old := *h
	h.keys, h.rows, h.n = make([]uint64, size), make([]int32, size), 0
	for i, r := range old.rows {
		if r != 0 {
			h.put(old.keys[i], r)
		}
	}
}

// reserve sizes an empty table for n keys, so that filling it does not
// regrow it step by step.
func (h *heads) reserve(n int) {
	if h.n != 0 || 2*n <= len(h.rows) {
		return
	}
	size := 16
	for size < 2*n {
		size *= 2
	}
	h.keys, h.rows = make([]uint64, size), make([]int32, size)
}

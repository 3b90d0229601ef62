package prove

import (
	"crypto/sha256"
	"sync"
)

// Cache holds verdicts by the formula they were asked as: the canonical
// text of a claim (names numbered in creation order), so that one merge met
// on many assets, or on many graphs that differ only in parameter names or
// node numbering, asks the solver once. Witnesses are kept as the model's
// values of the formula's terms and replayed on each graph that asks. It is
// safe for concurrent use.
type Cache struct {
	mu     sync.Mutex
	m      map[[32]byte]entry
	hits   int
	misses int
}

// NewCache makes an empty cache.
func NewCache() *Cache { return &Cache{m: map[[32]byte]entry{}} }

// Stats returns how many lookups found a verdict and how many did not.
func (c *Cache) Stats() (hits, misses int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}

// Len is the number of formulas held.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// entry is what the solver said about one formula.
type entry struct {
	outcome Outcome
	reason  string
	// values are the model's, by term, for a refutation.
	values map[string]modelValue
	// float32Everywhere: no input makes the float64 translation differ
	// where the float32 one does (the solver said so).
	float32Everywhere bool
	searchNote        string
	cacheable         bool
	text              string // the query as asked, for a refutation's names
}

type modelValue struct {
	v     float64
	exact bool
}

func cacheKey(solver string, sem Semantics, text string) [32]byte {
	return sha256.Sum256([]byte(solver + "\x00" + sem.String() + "\x00" + text))
}

func (c *Cache) get(k [32]byte) (entry, bool) {
	return c.getIf(k, func(entry) bool { return true })
}

// getIf is get, an entry accept refuses counting as a miss.
func (c *Cache) getIf(k [32]byte, accept func(entry) bool) (entry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	ok = ok && accept(e)
	if ok {
		c.hits++
	} else {
		c.misses++
	}
	return e, ok
}

func (c *Cache) put(k [32]byte, e entry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[k] = e
}

package campaign

import (
	"os"
	"sync"
)

// A runner may run several bundles of one stage at once in a worker
// process (prism runs up to eight), each with a DoFn instance of its own.
// Loaded engines and the count of programs running are shared by the
// instances of one run in a process, so that --jobs bounds the programs a
// process runs at once, and a pack's evaluation children (rules/eval keeps
// up to four idle ones per loaded pack) are reused rather than started
// again for every instance.
type shared struct {
	refs  int
	dir   string        // the copies of user packs
	slots chan struct{} // one per program allowed to run at once
	value any
	err   error
}

var sharing = struct {
	sync.Mutex
	byKey map[string]*shared
}{byKey: map[string]*shared{}}

// acquire returns the process's shared state for key, loading it on first
// use with a fresh folder.
func acquire(key string, jobs int, load func(dir string) (any, error)) (*shared, error) {
	sharing.Lock()
	defer sharing.Unlock()
	if s, ok := sharing.byKey[key]; ok {
		s.refs++
		return s, s.err
	}
	s := &shared{refs: 1, slots: make(chan struct{}, max(1, jobs))}
	s.dir, s.err = os.MkdirTemp("", "reuselab-campaign")
	if s.err == nil {
		s.value, s.err = load(s.dir)
	}
	sharing.byKey[key] = s
	return s, s.err
}

// release drops one instance's hold; the last removes the folder.
func release(key string) error {
	sharing.Lock()
	defer sharing.Unlock()
	s, ok := sharing.byKey[key]
	if !ok {
		return nil
	}
	if s.refs--; s.refs > 0 {
		return nil
	}
	delete(sharing.byKey, key)
	if s.dir == "" {
		return nil
	}
	return os.RemoveAll(s.dir)
}

// slot waits for room to run one program; the returned function frees it.
func (s *shared) slot() func() {
	s.slots <- struct{}{}
	return func() { <-s.slots }
}

// forget drops a run's shared state in this process once its pipeline has
// finished, its folder with it: a runner need not call Teardown (prism's
// workers in this process do not always), and the folder would be left.
func forget(key string) {
	sharing.Lock()
	s, ok := sharing.byKey[key]
	delete(sharing.byKey, key)
	sharing.Unlock()
	if ok && s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

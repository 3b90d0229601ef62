package passes

// warmDedupe does beforehand what dedupe needs once per graph (the
// merge-independent part of every key), so that BenchmarkDedupe can time
// the pass with it done.
func warmDedupe(s *state) { s.dedupe.internAll(s) }

// coldDedupe forgets what the state knows for dedupe (newState interns
// the fixed parts it can on the way), so that BenchmarkDedupe's -cold rows
// time the pass from scratch, as the pass before issue 16 always ran.
func coldDedupe(s *state) { s.dedupe.reset() }

package passes

// warmDedupe does beforehand what the first dedupe does once per graph
// (the merge-independent part of every key), so that BenchmarkDedupe can
// time the pass with it done and, in its -cold rows, without.
func warmDedupe(s *state) { s.dd.internAll(s) }

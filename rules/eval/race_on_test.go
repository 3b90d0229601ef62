//go:build race

package eval_test

// raceDetector: the race detector's shadow memory takes more address
// space than a child under a memory limit may have (it exits 66).
const raceDetector = true

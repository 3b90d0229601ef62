//go:build !race

package eval_test

const raceDetector = false

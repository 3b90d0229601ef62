//go:build race

package main

// raceDetector: the race detector's shadow memory takes more address
// space than a pack's child under a memory limit may have (it exits 66).
const raceDetector = true

package main

import (
	"strings"
	"testing"
)

// A benchstat -format csv excerpt: metric headers, rows with the
// GOMAXPROCS suffix, a geomean row.
const csvSample = `,old,,new,,,
,cpu-sec/node,CI,cpu-sec/node,CI,vs base,P
Run/forest-100k-2,2.8e-06,∞,1.4e-06,∞,-50.00%,p=0.000 n=10
geomean,2.8e-06,,1.4e-06,,-50.00%,
,old,,new,,,
,cpu-B/s,CI,cpu-B/s,CI,vs base,P
CompileCorpus-2,4e+06,∞,8.2e+06,∞,+105%,p=0.000 n=10
`

func TestParseCSVAndRatios(t *testing.T) {
	med, err := parseCSV([]byte(csvSample))
	if err != nil {
		t.Fatal(err)
	}
	if got := med["cpu-sec/node"]["Run/forest-100k"]; got != [2]float64{2.8e-06, 1.4e-06} {
		t.Fatalf("Run/forest-100k = %v", got)
	}
	if _, ok := med["cpu-sec/node"]["geomean"]; ok {
		t.Fatal("the geomean row is not a benchmark")
	}
	out := render("old", "abc", "def", 10, []float64{1, 2}, med)
	for _, want := range []string{
		"| `passes.Run`, forest 100k | cpu-sec/node | 2.8 µs | 1.4 µs | 2.00× |",           // lower is better: old/new
		"| 1.x front end on the real corpus | cpu-B/s | 3.81 MiB/s | 7.82 MiB/s | 2.05× |", // higher is better: new/old
		"| `passes.Run`, deep 100k | cpu-sec/node | – | – | not measured |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("render lacks %q:\n%s", want, out)
		}
	}
}

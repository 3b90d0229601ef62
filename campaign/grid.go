package campaign

import (
	"fmt"
	"strconv"

	"reuselab/bench/gen"
)

// Cell is one setting of the generator: every seed of a sweep is run in
// every cell, and each cell is a corpus of the report.
type Cell struct {
	Lang     string
	Nodes    int
	DupRate  float64
	Branches int
}

// Corpus is the cell's corpus name in the report; `reuselab bench` on a
// folder of that name holding the cell's programs (`reuselab gen`) gives
// the same report.
func (c Cell) Corpus() string {
	return fmt.Sprintf("gen-%s-n%d-d%s-b%d", c.lang(), c.Nodes, strconv.FormatFloat(c.DupRate, 'g', -1, 64), c.Branches)
}

func (c Cell) lang() string {
	if c.Lang == "" {
		return "dsm"
	}
	return c.Lang
}

// Program is the generator's configuration for one seed of the cell.
func (c Cell) Program(seed uint64) gen.Config {
	return gen.Config{Nodes: c.Nodes, Seed: seed, DupRate: c.DupRate, Branches: c.Branches, Lang: c.lang()}
}

// Grid is the cross product of the generator's settings over a range of
// seeds.
type Grid struct {
	Langs    []string
	Nodes    []int
	DupRates []float64
	Branches []int
	// Seeds From, From+1, … From+Count-1 in every cell.
	From, Count uint64
}

// Cells lists the grid's cells in a fixed order.
func (g Grid) Cells() ([]Cell, error) {
	var out []Cell
	for _, l := range g.Langs {
		if !gen.ValidLang(l) {
			return nil, fmt.Errorf("unknown language %q (dsm or dss)", l)
		}
		for _, n := range g.Nodes {
			for _, d := range g.DupRates {
				for _, b := range g.Branches {
					if n < 1 || b < 0 || d < 0 || d > 1 {
						return nil, fmt.Errorf("nodes %d, branches %d, duplicate rate %g: want nodes ≥ 1, branches ≥ 0, rate in [0, 1]", n, b, d)
					}
					out = append(out, Cell{Lang: l, Nodes: n, DupRate: d, Branches: b})
				}
			}
		}
	}
	if g.Count > 0 && len(out) == 0 {
		return nil, fmt.Errorf("an empty grid: every setting needs a value")
	}
	return out, nil
}

// Work is one element of a sweep's first stage: a range of seeds of one
// cell, or corpus files. A range rather than a seed keeps the pipeline's
// graph small however many programs it runs; Reshuffle spreads the ranges
// over workers, and a worker runs a range's programs at once (Jobs).
type Work struct {
	Cell     *Cell
	From, To uint64 // seeds [From, To)
	Files    []File
}

// File is a corpus file to compile: bench's Source fields (Path and Root
// in the launcher's terms; the bytes come from the side input).
type File struct {
	Corpus, Rel, Path, Root string
}

// chunks splits the grid into Work of at most size seeds each, cell by
// cell.
func chunks(cells []Cell, from, count uint64, size int) []Work {
	var out []Work
	for i := range cells {
		for lo := from; lo < from+count; lo += uint64(size) {
			out = append(out, Work{Cell: &cells[i], From: lo, To: min(lo+uint64(size), from+count)})
		}
	}
	return out
}

// fileChunks splits corpus files into Work of at most size files each.
func fileChunks(files []File, size int) []Work {
	var out []Work
	for lo := 0; lo < len(files); lo += size {
		out = append(out, Work{Files: files[lo:min(lo+size, len(files))]})
	}
	return out
}

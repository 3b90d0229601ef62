package bench

import "sort"

// RunOne compiles one source and runs every variant on its assets, as Run
// does for each of its sources: for a caller that spreads the sources over
// machines (campaign/, an Apache Beam pipeline) and hands the results,
// in SortResults order, to Summarize and Write. The file's assets are run
// in batches, as Run's are (batch.go). A panic is the file's failure, as
// in Run.
func RunOne(cfg Config, src Source) *FileResult {
	cfg.defaults()
	fr, gs := compileFile(&cfg, src, nil)
	if len(gs) > 0 {
		b := &batcher{cfg: &cfg}
		b.add(fr, src, gs)
		b.flush()
	}
	return fr
}

// SortResults puts results gathered in any order in the order Run returns
// them for the sources Discover lists: by corpus, then by path.
func SortResults(files []*FileResult) {
	sort.SliceStable(files, func(i, j int) bool { return sourceLess(files[i].Source, files[j].Source) })
}

package bench

import "sort"

// RunOne compiles one source and runs every variant on its assets, as Run
// does for each of its sources: for a caller that spreads the sources over
// machines (campaign/, an Apache Beam pipeline) and hands the results,
// in SortResults order, to Summarize and Write. A panic is the file's
// failure, as in Run.
func RunOne(cfg Config, src Source) *FileResult {
	cfg.defaults()
	return runFile(&cfg, src, nil)
}

// SortResults puts results gathered in any order in the order Run returns
// them for the sources Discover lists: by corpus, then by path.
func SortResults(files []*FileResult) {
	sort.SliceStable(files, func(i, j int) bool { return sourceLess(files[i].Source, files[j].Source) })
}

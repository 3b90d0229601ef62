package reduce

// DeadCode and Edits expose the model's edits to the fuzz target in
// package reduce_test, which has the program generator.
var DeadCode = deadCode

// Edits lists every candidate the reducer's edits make of src: each
// inlining, join, cut, read swap and expression replacement.
func Edits(path string, src []byte) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, list := range [][]localEdit{inlineEdits(path, src), joinEdits(path, src), cutEdits(path, src), readSwaps(path, src)} {
		for _, e := range list {
			out[e.key] = e.out
		}
	}
	for _, c := range exprCandidates(path, src) {
		if c.at.start < 0 || c.at.end > len(src) || c.at.end < c.at.start {
			return nil, errSpan(c.at)
		}
		out[lineEditKey(src, c.at, c.with)] = applyEdits(src, []edit{{c.at, c.with}})
	}
	return out, nil
}

type errSpan span

func (e errSpan) Error() string { return "a candidate's range lies outside the source" }

package conform

// `.dsp` pass pipelines (IR/Pipeline): bound by the 2.0 front end's
// pipeline binder as upstream's language service binds them, without the
// editor. An `ir` golden compares outcome, codes, the module's node counts
// (a pipeline has no graph: [0]) and the dump.

import (
	"fmt"
	"strings"

	"reuselab/compiler/dss"
)

// runPipeline checks a `.dsp` golden; r has its stem, entry and source.
func runPipeline(r Result, gd Golden) Result {
	r.Pipeline = true
	dump, ds := dss.CompilePipeline(r.Source, dss.Options{})
	wantErr := strings.EqualFold(gd.Outcome, "error")
	problems := codeProblems(&r, gd, ds)
	if gd.Module != nil && gd.Module.NodeCounts != nil && !wantErr && fmt.Sprint(gd.Module.NodeCounts) != "[0]" {
		problems = append(problems, fmt.Sprintf("nodeCounts [0], want %v", gd.Module.NodeCounts))
	}
	if !wantErr && gd.IR != nil && *gd.IR != "" && !gd.IRPending {
		r.IRCompared = true
		if dump == *gd.IR {
			r.IROK = true
		} else {
			problems = append(problems, "ir differs: "+FirstDiff(dump, *gd.IR))
		}
	}
	if len(problems) == 0 {
		r.Status, r.Detail = Pass, "ok"
	} else {
		r.Status, r.Detail = Fail, strings.Join(problems, "; ")
	}
	return r
}

// summarisePipeline counts a pipeline fixture into f; it reports whether
// r was one.
func summarisePipeline(f *Figures, r Result) bool {
	if !r.Pipeline || r.Status == Skip {
		return false
	}
	f.PipeCodesOK, f.PipeCodesTotal = tally(f.PipeCodesOK, f.PipeCodesTotal, true, r.CodesOK)
	f.PipeIROK, f.PipeIRTotal = tally(f.PipeIROK, f.PipeIRTotal, r.IRCompared, r.IROK)
	return true
}

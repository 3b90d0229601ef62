package conform

// `.dsi` material instances (IR/Instances, Instance/): bound by the 2.0
// front end's instance binder. An `ir` golden compares outcome, codes, the
// module's node counts (an instance has no graph: [0]) and the dump; a
// `compile` golden compares the assets the build makes — the instance
// chain (no nodes) and the parent materials built from source — with the
// same asset comparison as the other compile goldens.

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"reuselab/compiler/dss"
	"reuselab/diag"
	"reuselab/emit"
)

// keyTableCodes are the errors of the instance's key table: the instance
// asset is still made (upstream applies the keys after creating it).
var keyTableCodes = map[string]bool{"DSH8249": true, "DSH8251": true}

// runInstance checks a `.dsi` golden; r has its stem, entry and source.
func runInstance(r Result, gd Golden, markers func(string) string, bytes bool) Result {
	r.Instance = true
	in, ds := dss.CompileInstance(r.Source, dss.Options{})
	wantErr := strings.EqualFold(gd.Outcome, "error")
	problems := codeProblems(&r, gd, ds)
	switch gd.EntryPoint {
	case "ir":
		if gd.Module != nil && gd.Module.NodeCounts != nil && !wantErr && fmt.Sprint(gd.Module.NodeCounts) != "[0]" {
			problems = append(problems, fmt.Sprintf("nodeCounts [0], want %v", gd.Module.NodeCounts))
		}
		if !wantErr && gd.IR != nil && *gd.IR != "" && !gd.IRPending {
			r.IRCompared = true
			got := ""
			if in != nil {
				got = in.Dump()
			}
			if got == *gd.IR {
				r.IROK = true
			} else {
				problems = append(problems, "ir differs: "+FirstDiff(got, *gd.IR))
			}
		}
	case "compile":
		if gd.Assets != nil {
			assets, dc := instanceChain(in, ds, markers)
			dc.bytes = bytes
			problems = append(problems, compareAssets(&r, gd, assets, dc)...)
		}
	}
	if len(problems) == 0 {
		r.Status, r.Detail = Pass, "ok"
	} else {
		r.Status, r.Detail = Fail, strings.Join(problems, "; ")
	}
	return r
}

// instanceAssets is what building an instance makes: its parent chain's
// assets (instances without nodes, `.dss` materials emitted) and, unless
// the binder refused it, the instance itself; sorted by name as the
// goldens list them.
func instanceAssets(in *dss.Instance, ds diag.List, markers func(string) string) []*emit.Asset {
	if in == nil {
		return nil
	}
	var out []*emit.Asset
	bound := true
	for _, d := range ds.Items {
		if d.Severity == diag.Error && !keyTableCodes[d.Code] {
			bound = false
		}
	}
	for _, d := range ds.Items {
		if d.Code == "DSH8263" {
			return nil
		}
	}
	if bound {
		out = append(out, &emit.Asset{Kind: "MaterialInstance", Name: in.Name})
	}
	parent := in.ParentSource
	for depth := 0; parent != "" && depth < 16; depth++ {
		if strings.HasSuffix(parent, ".dss") {
			_, _, as := compileDSS(parent, Golden{}, markers)
			out = append(out, as...)
			break
		}
		p, _ := dss.CompileInstance(parent, dss.Options{Root: filepath.Dir(parent)})
		if p == nil {
			break
		}
		out = append(out, &emit.Asset{Kind: "MaterialInstance", Name: p.Name})
		parent = p.ParentSource
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// summariseInstance counts an instance fixture into f; it reports whether
// r was one.
func summariseInstance(f *Figures, r Result) bool {
	if !r.Instance || r.Status == Skip {
		return false
	}
	f.InstCodesOK, f.InstCodesTotal = tally(f.InstCodesOK, f.InstCodesTotal, true, r.CodesOK)
	f.InstIROK, f.InstIRTotal = tally(f.InstIROK, f.InstIRTotal, r.IRCompared, r.IROK)
	f.InstAssetsOK, f.InstAssetsTotal = tally(f.InstAssetsOK, f.InstAssetsTotal, r.AssetsCompared, r.AssetsOK)
	return true
}

package bench

import (
	"fmt"
	"sort"
	"strings"

	"reuselab/ir"
	"reuselab/ir/interp"
)

// A research pack (one that claims soundness and mirrors no mode: the
// commutative, identities, ranges, reassociate or swizzle-append packs, or
// a user's .mg) is run to see what it merges beyond reuse-2.0. Its
// disagreement rows say which assets differ; this says by how much, per
// corpus and per operation, in IR nodes and in emitted asset nodes, and
// whether the assets it changes still evaluate as built.

// researchEvalRuns is the random input vectors each changed asset is
// evaluated on (validate's default), from a fixed seed: the report does
// not depend on the run.
const researchEvalRuns = 64

// evaluateResearch evaluates, for every research pack whose result on a
// differs from the base column's (other node count or partition), the
// pack's graph against the raw graph g (ir/interp): only assets it
// changes, so a run pays for its extra merges only.
func evaluateResearch(cfg *Config, a *AssetResult, g *ir.Graph, results []*ir.Result) {
	bi := cfg.researchBase()
	if bi < 0 {
		return
	}
	b := &a.Runs[bi]
	for i, res := range results {
		r := &a.Runs[i]
		if res == nil || i == bi || r.Err != "" || b.Err != "" {
			continue
		}
		if r.IRNodes == b.IRNodes && moved(r.partition, b.partition) == 0 {
			continue
		}
		if res.Build == nil {
			c := *res
			c.Build = g
			res = &c
		}
		rep := interp.Check(res, interp.Options{Runs: researchEvalRuns, Seed: 1})
		r.Evaluated, r.Mismatch = true, !rep.OK() && rep.Err == nil
		if !rep.OK() {
			r.Eval = rep.String()
			if rep.Culprit != nil {
				r.Culprit = rep.Culprit.Members
			}
		}
	}
}

// ResearchPack is one research pack against the reuse-2.0 column.
type ResearchPack struct {
	Variant string `json:"variant"`
	// Versus is the column it is measured against: datalog:reuse-2.0 when
	// it ran, else the reference 2.0 (which it equals, D6).
	Versus string `json:"versus"`
	// Corpora has a row per corpus, then the overall row.
	Corpora []ResearchCorpus `json:"corpora"`
	// Mismatches lists the assets whose evaluation found a root value that
	// differs from the raw graph's, with the interpreter's report;
	// Unevaluated those whose raw graph the interpreter could not evaluate.
	Mismatches  []ResearchAsset `json:"eval_mismatches"`
	Unevaluated []ResearchAsset `json:"unevaluated,omitempty"`
	// Changed lists the assets where the pack's partition or node count
	// differs from Versus's: its extra merges, expected of a research pack
	// and so never among the disagreements.
	Changed []ResearchChange `json:"changed_assets"`
}

// ResearchChange is one asset a research pack changes.
type ResearchChange struct {
	Corpus string `json:"corpus"`
	File   string `json:"file"`
	Asset  string `json:"asset"`
	Nodes  int    `json:"nodes"`
	Versus int    `json:"versus_nodes"`
	Moved  int    `json:"moved"`
}

// ResearchAsset names one asset of a research pack's run.
type ResearchAsset struct {
	Corpus string `json:"corpus"`
	File   string `json:"file"`
	Asset  string `json:"asset"`
	Report string `json:"report"`
}

// ResearchCorpus is a research pack's extra reduction over one corpus.
type ResearchCorpus struct {
	Name string `json:"name"`
	// Assets counts the assets both columns answered; More those where the
	// pack leaves fewer IR nodes, Fewer those where it leaves more (a pack
	// that extends reuse-2.0 should have none).
	Assets int `json:"assets"`
	More   int `json:"more"`
	Fewer  int `json:"fewer"`
	// Skipped counts the assets either column gave no answer for (their
	// errors are listed under Disagreements); Evaluated the assets the
	// pack changes, evaluated against the raw graph, and Mismatches those
	// where a root value differed.
	Skipped    int `json:"skipped"`
	Evaluated  int `json:"evaluated"`
	Mismatches int `json:"eval_mismatches"`
	// BaseIR and PackIR are the surviving IR nodes of the base and of the
	// pack over those assets; ExtraIR is base − pack.
	BaseIR  int `json:"base_ir_nodes"`
	PackIR  int `json:"pack_ir_nodes"`
	ExtraIR int `json:"extra_ir_nodes"`
	// The same in asset nodes (emitted Unreal expressions, D2), over the
	// assets both columns counted; null when the run counts none.
	BaseAsset  *int `json:"base_asset_nodes"`
	PackAsset  *int `json:"pack_asset_nodes"`
	ExtraAsset *int `json:"extra_asset_nodes"`
	// ExtraIRByOp is base − pack surviving IR nodes per operation (merged,
	// folded or pruned away by the pack's extra rules: a rewritten Swizzle
	// that then merges counts under Swizzle, the Appends it no longer reads
	// under Append); ExtraMergedByOp the extra build nodes whose fate is
	// Merged; ExtraAssetByClass base − pack emitted expressions per Unreal
	// class. Only operations and classes that differ are listed.
	ExtraIRByOp       map[string]int `json:"extra_ir_by_op"`
	ExtraMergedByOp   map[string]int `json:"extra_merged_by_op"`
	ExtraAssetByClass map[string]int `json:"extra_asset_by_class"`
}

// researchBase is the column research packs are measured against, or -1.
func (c *Config) researchBase() int {
	if i := c.variant("datalog:reuse-2.0"); i >= 0 {
		return i
	}
	return c.variant("2.0")
}

// isResearch reports whether variant i is a research pack.
func (c *Config) isResearch(i int) bool {
	v := c.Variants[i]
	info := v.Engine.Info()
	return info.Kind == "datalog" && info.Mirrors == "" && info.Input != "1x" && v.Name != "datalog:reuse-2.0"
}

// addDiff adds x[k] − y[k] to into for every key of either.
func addDiff(into, x, y map[string]int) {
	for k, n := range x {
		into[k] += n
	}
	for k, n := range y {
		into[k] -= n
	}
}

// researchSection renders the research packs' extra merges for report.md.
func researchSection(w func(string, ...any), s *Summary) {
	if len(s.Research) == 0 {
		return
	}
	base := code(s.Research[0].Versus) // in code spans below; baseCell in table headers
	baseCell := md(s.Research[0].Versus)
	w("\n## Research packs: what each merges beyond reuse-2.0\n\n")
	w("A pack that only claims soundness (no `# mirrors:`) is measured against %s, asset by asset over the assets both answered. ", base)
	w("*extra* is the nodes the pack's own rules remove, %s's minus the pack's, in IR nodes and in asset nodes (Unreal expressions emitted, D2). ", base)
	w("*more* and *fewer* count the assets where it leaves fewer or more IR nodes; *fewer* should be 0 for a pack that extends reuse-2.0. ")
	w("Every asset the pack changes (another node count or partition than %s's) is **evaluated**: the pack's graph against the raw graph on %d random input vectors, seed 1 (`ir/interp`, as `reuselab validate` does); *mismatches* counts those where a root value differs, and a mismatch makes `reuselab bench` exit 1. ", base, researchEvalRuns)
	w("These extra merges are expected of a research pack: the assets it changes are listed in its section, not under *Disagreements*, which holds only the assets it gave no answer for.\n")
	w("\n![extra merges by operation](%s)\n\n", ExtraMergesPlot)
	for _, rp := range s.Research {
		all := rp.Corpora[len(rp.Corpora)-1]
		w("\n### %s\n\n", code(rp.Variant))
		if v := s.verdictOf(rp.Variant); v != nil {
			// what follows counts merges; whether they are sound is this
			w("Verdict: **%s**, %d of %d merging clauses fired (*Verdicts of the rule packs* above).\n\n", v.Words, v.Fired, v.Total)
		}
		if all.Skipped > 0 {
			w("%d assets left out: %s or the pack gave no answer (see *Disagreements*).\n\n", all.Skipped, base)
		}
		if all.ExtraIR == 0 && all.More == 0 && all.Fewer == 0 && len(all.ExtraIRByOp) == 0 && (all.ExtraAsset == nil || *all.ExtraAsset == 0) && all.Evaluated == 0 {
			w("No extra merge on any corpus: it leaves what %s leaves on all %d assets.\n", base, all.Assets)
			continue
		}
		w("| corpus | assets | more | fewer | IR %s | IR pack | extra IR | asset %s | asset pack | extra asset | evaluated | mismatches | extra IR by operation |\n", baseCell, baseCell)
		w("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n")
		for _, c := range rp.Corpora {
			name := md(c.Name)
			if c.Name == overallName {
				name = "**all**"
			} else if unchangedIn(c) {
				continue // named below the table
			}
			w("| %s | %d | %d | %d | %d | %d | %d | %s | %s | %s | %d | %d | %s |\n", name, c.Assets, c.More, c.Fewer, c.BaseIR, c.PackIR, c.ExtraIR,
				optInt(c.BaseAsset), optInt(c.PackAsset), optInt(c.ExtraAsset), c.Evaluated, c.Mismatches, byKey(c.ExtraIRByOp))
		}
		if same := unchanged(rp); len(same) > 0 {
			w("\nNo extra merge in %s.\n", strings.Join(same, ", "))
		}
		w("\nPer operation over all corpora: surviving IR nodes removed (*extra IR*, %s minus the pack) and build nodes merged beyond %s (*extra merged*, fate Merged):\n\n", base, base)
		w("| operation | extra IR | extra merged |\n|---|--:|--:|\n")
		for _, op := range unionKeys(all.ExtraIRByOp, all.ExtraMergedByOp) {
			w("| %s | %d | %d |\n", md(op), all.ExtraIRByOp[op], all.ExtraMergedByOp[op])
		}
		if all.ExtraAsset != nil {
			w("\nPer Unreal expression class over all corpora (asset nodes, %s minus the pack): %s.\n", base, byKey(all.ExtraAssetByClass))
		}
		if len(rp.Mismatches) == 0 {
			w("\nEvaluation: %d changed assets, no mismatch.\n", all.Evaluated)
		} else {
			w("\nEvaluation: **%d of %d changed assets mismatch**:\n\n", len(rp.Mismatches), all.Evaluated)
			for _, m := range rp.Mismatches {
				w("- %s %s: %s\n", code(m.Corpus+"/"+m.File), md(m.Asset), cell(firstLines(m.Report, 3)))
			}
		}
		changedAssets(w, rp)
		for _, u := range rp.Unevaluated {
			w("\n%s %s could not be evaluated as built (no mismatch counted): %s\n", code(u.Corpus+"/"+u.File), md(u.Asset), cell(firstLines(u.Report, 1)))
		}
	}
}

// maxChangedRows bounds the changed assets listed per pack in report.md;
// summary.json has them all.
const maxChangedRows = 30

// changedAssets lists the assets a research pack changes, against the
// mode it is held against (Variant.Versus), most moved first.
func changedAssets(w func(string, ...any), rp ResearchPack) {
	if len(rp.Changed) == 0 {
		return
	}
	rows := append([]ResearchChange(nil), rp.Changed...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Versus-rows[i].Nodes > rows[j].Versus-rows[j].Nodes })
	w("\nThe %s it changes (IR nodes left, against the mode it is held against; *moved*: build nodes placed in another class)", plural(len(rows), "asset"))
	if len(rows) > maxChangedRows {
		w(", the %d it removes most from (all in `%s`)", maxChangedRows, SummaryJSON)
		rows = rows[:maxChangedRows]
	}
	w(":\n\n| corpus | file | asset | nodes | versus nodes | moved |\n|---|---|---|--:|--:|--:|\n")
	for _, c := range rows {
		w("| %s | %s | %s | %d | %d | %d |\n", md(c.Corpus), md(c.File), md(c.Asset), c.Nodes, c.Versus, c.Moved)
	}
}

// firstLines is the first n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

// unchangedIn reports whether the pack removes nothing in corpus c.
func unchangedIn(c ResearchCorpus) bool {
	return c.ExtraIR == 0 && c.More == 0 && c.Fewer == 0 && len(c.ExtraIRByOp) == 0 && c.Evaluated == 0
}

// unchanged names the corpora in which rp removes nothing.
func unchanged(rp ResearchPack) []string {
	var out []string
	for _, c := range rp.Corpora[:len(rp.Corpora)-1] {
		if unchangedIn(c) {
			out = append(out, code(c.Name))
		}
	}
	return out
}

func optInt(p *int) string {
	if p == nil {
		return "–"
	}
	return fmt.Sprint(*p)
}

// byKey lists a map as "k n, k n", largest first, then by name; "–" when
// empty.
func byKey(m map[string]int) string {
	if len(m) == 0 {
		return "–"
	}
	ks := sortedKeys(m)
	sort.SliceStable(ks, func(i, j int) bool { return m[ks[i]] > m[ks[j]] })
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = fmt.Sprintf("%s %d", md(k), m[k])
	}
	return strings.Join(parts, ", ")
}

func unionKeys(ms ...map[string]int) []string {
	u := map[string]int{}
	for _, m := range ms {
		for k := range m {
			u[k] = 0
		}
	}
	return sortedKeys(u)
}

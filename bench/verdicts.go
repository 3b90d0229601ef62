package bench

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"reuselab/ir"
)

// A rule pack's verdict (issue 29): which of its merging clauses fired on
// the corpus, how its claims were checked, and the word that sums them
// (proved, tested, agrees, unknown, not exercised, refuted), as `reuselab
// validate` gives it. bench knows no pack: the CLI gives each pack variant
// a Checker (bench/verdict builds one on package verify), which runs in
// place of the variant's Engine.Run in the first run on each asset, the
// one bench counts nodes in: with Config.Repeat > 1 that run is not timed
// and the timed runs are plain (repeat.go); with 1 it is the timed run.

// Checker judges one pack variant over a run. Its methods may be called
// from several workers at once.
type Checker interface {
	// Run runs the variant's engine on g under lim as Engine.Run does;
	// done takes what bench found on the asset once it has, and returns
	// the lines worth reporting about it (a refuted or undecided claim, a
	// disagreement), nil for none. done is called once per Run, from the
	// same worker.
	Run(g *ir.Graph, lim ir.Limits) (res *ir.Result, done func(Seen) []string)
	// Verdict judges the pack over every asset done so far.
	Verdict() Verdict
}

// Seen is what bench found on one asset for a checked variant.
type Seen struct {
	// Versus is the answer of the variant it is held against (Variant.Versus)
	// on the same asset; nil when that variant did not run or gave none.
	Versus *ir.Result
	// Evaluated is set when bench evaluated the variant's result against
	// the raw graph (research.go), Mismatch when a root value differed.
	Evaluated, Mismatch bool
	// Culprit is the build nodes of the first node found wrong.
	Culprit []int
}

// Verdict is a pack variant's verdict. Its JSON is verify.Judgment's
// (tokens such as "not-exercised"), with the variant's name, the proof
// counts when the run proved, and the lines its assets reported.
type Verdict struct {
	Variant string `json:"variant"`
	Verdict string `json:"verdict"` // a token: refuted, not-exercised, unknown, tested, agrees, proved
	Words   string `json:"-"`       // the verdict in words, for report.md
	Why     string `json:"why"`
	Mirror  bool   `json:"mirror"`
	// Assets counts the assets whose clauses were counted (0 for a
	// mirroring pack unless --coverage: its evidence is agreement).
	Assets  int             `json:"assetsCounted"`
	Fired   int             `json:"clausesFired"`
	Total   int             `json:"clauses"`
	Clauses []ClauseVerdict `json:"clauseVerdicts"` // nil for a mirroring pack
	Proofs  *ProofCounts    `json:"proofs,omitempty"`
	// Notes are the lines the assets reported, in source order, at most
	// maxVerdictNotes; NotesTotal counts them all.
	Notes      []VerdictNote `json:"notes,omitempty"`
	NotesTotal int           `json:"notesTotal,omitempty"`
}

// ClauseVerdict is one clause of the pack's own file.
type ClauseVerdict struct {
	At      string `json:"at"` // FILE:LINE
	Head    string `json:"head"`
	Clause  string `json:"clause"`
	Fired   int    `json:"fired"` // facts it derived, summed over the assets
	Verdict string `json:"verdict"`
	Words   string `json:"-"`
}

// ProofCounts are the proofs of a run (bench --prove): the claims decided
// in float32 per kind and outcome, and the proof cache's figures.
type ProofCounts struct {
	All       bool                     `json:"all"`       // every claim, not only those beyond the reference
	Semantics string                   `json:"semantics"` // "float32", or "float32+real"
	Decided   int                      `json:"decided"`   // claims decided in float32
	Kinds     map[string]OutcomeCounts `json:"kinds"`
	CacheHits int                      `json:"cacheHits"`
	Misses    int                      `json:"cacheMisses"`
	Formulas  int                      `json:"formulas"`
	HitRate   float64                  `json:"cacheHitRate"` // percent of the lookups
	Wall      time.Duration            `json:"-"`            // machine dependent: under Timings
}

// OutcomeCounts counts the claims of one kind by outcome.
type OutcomeCounts struct {
	Proved  int `json:"proved"`
	Refuted int `json:"refuted"`
	Unknown int `json:"unknown"`
}

// VerdictNote is a line an asset reported.
type VerdictNote struct {
	Corpus string `json:"corpus"`
	File   string `json:"file"`
	Asset  string `json:"asset"`
	Note   string `json:"note"`
}

// maxVerdictNotes bounds the notes kept per variant: a pack refuted on
// every asset would otherwise fill the report.
const maxVerdictNotes = 20

// checkAsset calls done, a panic in it being one more note (the verdict
// is then not all it could be, and the report says so).
func checkAsset(done func(Seen) []string, s Seen) (notes []string) {
	defer func() {
		if p := recover(); p != nil {
			notes = append(notes, fmt.Sprintf("internal error while judging the asset: %v", p))
		}
	}()
	return done(s)
}

// verdictOf is the verdict of the variant named name, or nil.
func (s *Summary) verdictOf(name string) *Verdict {
	for i := range s.Verdicts {
		if s.Verdicts[i].Variant == name {
			return &s.Verdicts[i]
		}
	}
	return nil
}

// verdictSection renders the verdicts for report.md: a section per pack.
// Only a proof is called sound; a clause that never fired is said to be
// not exercised, whatever the pack's other clauses did.
func verdictSection(w func(string, ...any), s *Summary) {
	if len(s.Verdicts) == 0 {
		return
	}
	w("\n## Verdicts of the rule packs\n\n")
	w("As `reuselab validate` judges a pack (`rules/README.md`, \"How to prove a pack\"): every clause of the pack's own file that derives `sig`, `fold`, `foldtype`, `alias` or `rewrite` is counted as it fires, in the evaluation measured here. ")
	w("A clause that never fired is **not exercised**: nothing about it was checked, and a pack with one is not exercised, never sound. ")
	w("*tested* is no counterexample on the evaluation's draws (%d random inputs per asset with extra merges, folds, aliases or rewrites); only **proved** (`bench --prove`, z3, for every float32 input) is sound. ", researchEvalRuns)
	w("A pack that mirrors a reference mode is judged by agreeing with it on every asset. bench reports verdicts; its exit status does not depend on them (`reuselab validate` gates on them).\n")
	for _, v := range s.Verdicts {
		w("\n### %s: %s\n\n", code(v.Variant), v.Words)
		w("Verdict: **%s** (%s).", v.Words, md(v.Why))
		switch {
		case v.Mirror && v.Assets == 0:
			w(" Clause coverage not counted: a mirroring pack (`--coverage` counts it).\n")
		case v.Mirror:
			w(" %d of %d merging clauses fired on %s (a mirroring pack: agreement is its evidence).\n", v.Fired, v.Total, plural(v.Assets, "asset"))
		default:
			w(" %d of %d merging clauses fired on %s.\n", v.Fired, v.Total, plural(v.Assets, "asset"))
		}
		if len(v.Clauses) > 0 {
			w("\n| fired | verdict | at | clause |\n|--:|---|---|---|\n")
			for _, c := range v.Clauses {
				w("| %d | %s | %s | %s |\n", c.Fired, md(c.Words), code(c.At), code(shortClause(c.Clause, 120)))
			}
		}
		if p := v.Proofs; p != nil {
			scope := "beyond the reference"
			if p.All {
				scope = "all"
			}
			w("\nProofs (%s, %s; claims decided in float32: %d):", scope, md(p.Semantics), p.Decided)
			if len(p.Kinds) == 0 {
				w(" none to prove.")
			}
			for _, k := range sortedKeys(p.Kinds) {
				c := p.Kinds[k]
				w(" %s %d proved, %d refuted, %d unknown;", md(k), c.Proved, c.Refuted, c.Unknown)
			}
			w(" proof cache %d hits, %d misses (%.0f%% hit rate), %d formulas.\n", p.CacheHits, p.Misses, p.HitRate, p.Formulas)
		}
		if v.NotesTotal > 0 {
			w("\n")
			for _, n := range v.Notes {
				w("- %s %s: %s\n", code(n.Corpus+"/"+n.File), md(n.Asset), cell(firstLines(n.Note, 6)))
			}
			if more := v.NotesTotal - len(v.Notes); more > 0 {
				w("- … %d more\n", more)
			}
		}
	}
}

// shortClause is a clause on one line, cut at n bytes.
func shortClause(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// proveCell is a timing's proving time, "–" when the variant was not
// proved.
func proveCell(ms float64) string {
	if ms == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f", ms)
}

// countedNote says which packs' times include counting their clauses:
// the count is made in the evaluation timed, not in one of its own.
func countedNote(w func(string, ...any), s *Summary) {
	var names []string
	for _, v := range s.Verdicts {
		if v.Assets > 0 {
			names = append(names, code(v.Variant))
		}
	}
	if len(names) > 0 {
		w("\nThe times of %s include counting their clauses as they fire (*Verdicts of the rule packs*).\n", strings.Join(names, ", "))
	}
}

// plural is "1 asset", "2 assets".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

package fuzz

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"reuselab/verify"
)

// SchemaVersion is the "schemaVersion" of fuzz's JSON document
// (schema/fuzz-json.schema.json): it goes up when a field is renamed,
// removed or changes meaning, not when one is added.
const SchemaVersion = 1

// Report is what a search found, per clause of the pack's own.
type Report struct {
	SchemaVersion int    `json:"schemaVersion"`
	Tool          string `json:"tool"`
	Pack          string `json:"pack"`
	Seed          uint64 `json:"seed"`
	// Batch is how many graphs were evaluated together (Options.Batch):
	// how the search ran, not what it found, which does not depend on it.
	Batch int `json:"batch"`
	// Ops are the ops aimed at; DefaultOps when the pack names none with
	// a 1.x spelling; Unbuilt the ops it names that only random graphs
	// hold.
	Ops        []string       `json:"ops"`
	DefaultOps bool           `json:"defaultOps"`
	Unbuilt    []string       `json:"unbuilt"`
	Constants  []float64      `json:"constants"`
	Prover     string         `json:"prover"` // "z3", or "" when claims were only evaluated
	Graphs     int            `json:"graphs"`
	Tiers      map[string]int `json:"tiers"` // graphs per kind of search
	Stopped    int            `json:"stopped"`
	// Disagreements counts graphs where the pack misses a merge of the
	// reference (or, mirroring a mode, differs from it).
	Disagreements int         `json:"disagreements"`
	Disagreement  string      `json:"disagreement,omitempty"` // the first such graph, as IR
	Claims        ClaimCounts `json:"claims"`
	// Unproved counts the claims not sent to the prover because the
	// budget, or the prover's half of it, was spent (they are tested, or
	// unknown).
	Unproved   int             `json:"unproved"`
	Fired      int             `json:"clausesFired"`
	Clauses    []ClauseReport  `json:"clauseVerdicts"`
	Witnesses  []Witness       `json:"witnesses"`
	Verdict    verify.Verdict  `json:"verdict"`
	Why        string          `json:"why"`
	Stop       string          `json:"stoppedBecause"` // "every clause fired" or "budget"
	ProofCache *CacheStats     `json:"proofCache,omitempty"`
	Wall       time.Duration   `json:"-"`
	Timings    *map[string]int `json:"timingsMs,omitempty"`
}

// ClaimCounts counts the claims beyond the reference by verdict.
type ClaimCounts struct {
	Checked int `json:"checked"`
	Proved  int `json:"proved"`
	Tested  int `json:"tested"`
	Refuted int `json:"refuted"`
	Unknown int `json:"unknown"`
}

func (c *ClaimCounts) count(v verify.Verdict) {
	c.Checked++
	switch v {
	case verify.Proved:
		c.Proved++
	case verify.Tested:
		c.Tested++
	case verify.Refuted:
		c.Refuted++
	default:
		c.Unknown++
	}
}

// ClauseReport is one clause of the pack's own: how often it fired, and
// the claims of the kinds its head leads to (verify.KindsOfHead) on the
// graphs it fired in, by verdict. A refutation counts against a clause
// only when its derivation names the clause.
type ClauseReport struct {
	At      string         `json:"at"` // FILE:LINE
	Head    string         `json:"head"`
	Clause  string         `json:"clause"`
	Fired   int            `json:"fired"`  // facts it derived
	Graphs  int            `json:"graphs"` // graphs it fired in
	Claims  ClaimCounts    `json:"claims"`
	Verdict verify.Verdict `json:"verdict"`
	refuted bool
}

func (c *ClauseReport) tally(v verify.Verdict) { c.Claims.count(v) }

// judge is the clause's verdict: not exercised, refuted (named by a
// refutation's derivation), else the weakest of its claims (a refutation
// another clause caused leaves it tested), agrees when it made none.
func (c *ClauseReport) judge() verify.Verdict {
	switch {
	case c.Fired == 0:
		return verify.NotExercised
	case c.refuted:
		return verify.Refuted
	case c.Claims.Unknown > 0:
		return verify.Unknown
	case c.Claims.Tested > 0 || c.Claims.Refuted > 0:
		return verify.Tested
	case c.Claims.Proved > 0:
		return verify.Proved
	}
	return verify.Agrees
}

// Witness is a refuted claim, reduced.
type Witness struct {
	Clauses        []string `json:"clauses"` // FILE:LINE of the clauses its derivation names
	Kind           string   `json:"kind"`
	Claim          string   `json:"claim"`
	By             string   `json:"by"` // "evaluation" or "prover"
	Counterexample string   `json:"counterexample,omitempty"`
	Nodes          int      `json:"nodes"`
	IR             string   `json:"ir"`
	Program        string   `json:"program,omitempty"` // the .dsm witness
	Statements     int      `json:"statements,omitempty"`
	PrintError     string   `json:"printError,omitempty"`
	// RoundTrip: the program, compiled again, still refutes the claim;
	// FailsEvaluation: validate's evaluation (64 random draws) fails it,
	// else only validate --prove does.
	RoundTrip       bool           `json:"roundTrip"`
	FailsEvaluation bool           `json:"failsEvaluation"`
	Prover          *ProverVerdict `json:"prover,omitempty"`
}

// ProverVerdict is the solver's verdict on the reduced witness's claim.
type ProverVerdict struct {
	Outcome      string `json:"outcome"`
	Reason       string `json:"reason"`
	Confirmation string `json:"confirmation,omitempty"` // what ir/interp made of the solver's witness
	Witness      string `json:"witness,omitempty"`
}

// CacheStats are the proof cache's figures.
type CacheStats struct {
	Hits   int `json:"hits"`
	Misses int `json:"misses"`
}

func timeSince(t time.Time) time.Duration { return time.Since(t) }

// ValidateCommand is the validate run that fails on the witness written
// to file.
func (w Witness) ValidateCommand(pack, file string) string {
	if w.FailsEvaluation {
		return fmt.Sprintf("reuselab validate --rules %s %s", pack, file)
	}
	return fmt.Sprintf("reuselab validate --rules %s --prove %s", pack, file)
}

// WriteText prints the report; the witness is named witnessFile in the
// validate command it prints; timings only when asked, labelled.
func (r *Report) WriteText(w io.Writer, packArg, witnessFile string, timings bool) {
	fmt.Fprintf(w, "fuzz %s (seed %d): %d graphs", r.Pack, r.Seed, r.Graphs)
	for _, t := range []string{"one node", "two nodes", "random", "planted"} {
		if n := r.Tiers[t]; n > 0 {
			fmt.Fprintf(w, ", %d %s", n, t)
		}
	}
	fmt.Fprintf(w, "; evaluated in batches of %d; stopped: %s\n", r.Batch, r.Stop)
	aims := strings.Join(r.Ops, ", ")
	if r.DefaultOps {
		aims += " (the pack names no op with a 1.x spelling: a default set)"
	}
	fmt.Fprintf(w, "aimed at: %s", aims)
	if len(r.Constants) > 0 {
		fmt.Fprintf(w, "; its constants %v and the edge values", r.Constants)
	}
	if len(r.Unbuilt) > 0 {
		fmt.Fprintf(w, "; only inside random graphs: %s", strings.Join(r.Unbuilt, ", "))
	}
	fmt.Fprintln(w)
	checker := "ir/interp on edge and random draws"
	if r.Prover != "" {
		checker += ", then " + r.Prover + " in float32"
	}
	c := r.Claims
	fmt.Fprintf(w, "claims beyond the reference: %d checked (%s): %d proved, %d tested, %d refuted, %d unknown\n",
		c.Checked, checker, c.Proved, c.Tested, c.Refuted, c.Unknown)
	if r.Unproved > 0 {
		fmt.Fprintf(w, "%d claims not sent to the prover: its half of the budget was spent\n", r.Unproved)
	}
	if r.Stopped > 0 {
		fmt.Fprintf(w, "the pack stopped on %d graphs\n", r.Stopped)
	}
	if r.Disagreements > 0 {
		fmt.Fprintf(w, "disagreements with the reference: %d graphs; the first:\n%s\n", r.Disagreements, indent(r.Disagreement))
	}
	fmt.Fprintf(w, "clauses of %s: %d of %d fired\n", r.Pack, r.Fired, len(r.Clauses))
	for _, cl := range r.Clauses {
		fmt.Fprintf(w, "  %-25s fired %d (in %d graphs); claims %d proved, %d tested, %d refuted, %d unknown  %s: %s\n",
			cl.Verdict, cl.Fired, cl.Graphs, cl.Claims.Proved, cl.Claims.Tested, cl.Claims.Refuted, cl.Claims.Unknown, cl.At, short(cl.Clause, 70))
	}
	for i, wt := range r.Witnesses {
		fmt.Fprintf(w, "witness %d (%s, refuted by %s; %s): %s\n", i+1, wt.Kind, wt.By, strings.Join(wt.Clauses, ", "), wt.Claim)
		if wt.Counterexample != "" {
			fmt.Fprintf(w, "  on %s\n", wt.Counterexample)
		}
		if wt.Prover != nil {
			fmt.Fprintf(w, "  prover: %s (%s)", wt.Prover.Outcome, wt.Prover.Reason)
			if wt.Prover.Confirmation != "" {
				fmt.Fprintf(w, "; ir/interp on its witness: %s", wt.Prover.Confirmation)
			}
			fmt.Fprintln(w)
		}
		if wt.Program == "" {
			fmt.Fprintf(w, "  not printable as .dsm (%s); the reduced IR:\n%s\n", wt.PrintError, indent(wt.IR))
			continue
		}
		fmt.Fprintf(w, "  %d statements; %s fails on it", wt.Statements, wt.ValidateCommand(packArg, witnessFile))
		if !wt.RoundTrip {
			fmt.Fprint(w, " (not confirmed: compiled again, it no longer refutes the claim)")
		}
		fmt.Fprintf(w, ":\n%s", indent(wt.Program))
	}
	fmt.Fprintf(w, "verdict of %s: %s (%s)\n", r.Pack, r.Verdict, r.Why)
	if timings {
		fmt.Fprintf(w, "timing: %v\n", r.Wall.Round(time.Millisecond))
	}
}

// WriteJSON writes the report as one JSON document; timings only when
// asked.
func (r *Report) WriteJSON(w io.Writer, timings bool) error {
	doc := *r
	if timings {
		t := map[string]int{"wall": int(r.Wall.Milliseconds())}
		doc.Timings = &t
	}
	if doc.Tiers == nil {
		doc.Tiers = map[string]int{}
	}
	// arrays, never null
	doc.Ops, doc.Unbuilt = orEmpty(doc.Ops), orEmpty(doc.Unbuilt)
	if doc.Constants == nil {
		doc.Constants = []float64{}
	}
	if doc.Clauses == nil {
		doc.Clauses = []ClauseReport{}
	}
	if doc.Witnesses == nil {
		doc.Witnesses = []Witness{}
	}
	for i := range doc.Witnesses {
		doc.Witnesses[i].Clauses = orEmpty(doc.Witnesses[i].Clauses)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(&doc)
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n") + "\n"
}

func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

package campaign

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"reuselab/fuzz"
	"reuselab/reuse/engines"
)

func init() {
	register.DoFn3x1[context.Context, uint64, func(string), error](&searchFn{})
}

// SearchOptions say what a soundness search runs and when it stops.
type SearchOptions struct {
	Pack   Pack
	Limits Limits
	// Seeds From, From+1, … From+Count-1, Wave seeds per pipeline run;
	// the search stops after the wave that brings the distinct witnesses
	// to Witnesses (0: no such stop) or ends past Budget (0: none).
	From, Count uint64
	Wave        int
	Witnesses   int
	Budget      time.Duration
	// Graphs bounds the graphs one seed's search tries (fuzz.Options
	// MaxGraphs); every seed searches to it (fuzz's Exhaust), since the
	// random tiers are what seeds change.
	Graphs int
	Prove  bool
	// Jobs bounds the seeds a worker process searches at once (default 1).
	Jobs int
	// ElementTimeout bounds one seed's search (0: none).
	ElementTimeout time.Duration
	// Records names the waves' records (Records-wave-N), through Beam's
	// file systems.
	Records       string
	Run           RunFunc
	Progress      io.Writer
	ProgressEvery time.Duration
}

// SearchReport is search.json: the seeds searched and the witnesses
// found, one per reduced form. Everything in it but Wall is a function of
// the options (a search that stops at Budget aside).
type SearchReport struct {
	Pack      string           `json:"pack"`
	Seeds     []uint64         `json:"seeds"` // the first and last seed searched
	Searched  int              `json:"searched"`
	Graphs    int              `json:"graphs"`
	Claims    fuzz.ClaimCounts `json:"claims"`
	Failed    int              `json:"failed"`
	Failures  []Failure        `json:"failures"`
	Witnesses []FoundWitness   `json:"witnesses"`
	// Stop says why the search ended: "witnesses", "budget" or "seeds".
	Stop string        `json:"stoppedBecause"`
	Wall time.Duration `json:"-"`
}

// FoundWitness is one reduced witness and the seeds whose searches
// reduced a refutation to it.
type FoundWitness struct {
	fuzz.Witness
	Seeds []uint64 `json:"seeds"`
	File  string   `json:"file,omitempty"` // its .dsm program in the output folder
}

// searchRecord is one seed's outcome.
type searchRecord struct {
	Seed    uint64
	Failure string
	Report  *fuzz.Report
}

// searchFn runs the search of one seed.
type searchFn struct {
	Pack           Pack
	Limits         Limits
	Graphs         int
	Prove          bool
	ElementTimeout time.Duration
	// Jobs bounds the seeds this worker process searches at once.
	Jobs int
	Run  string

	pack  *engines.Pack
	res   resolved
	share *shared
}

func (f *searchFn) Setup() error {
	s, err := acquire(f.Run, f.Jobs, func(dir string) (any, error) {
		r, err := resolve(f.Pack, dir, f.Limits.limits())
		if err != nil {
			return nil, err
		}
		if _, ok := r.engine.(*engines.Pack); !ok {
			return nil, fmt.Errorf("%s: not a rule pack (the search aims at a pack's clauses)", f.Pack.Name)
		}
		return r, nil
	})
	if err != nil {
		return err
	}
	f.res, f.share = s.value.(resolved), s
	f.pack = f.res.engine.(*engines.Pack)
	return nil
}

func (f *searchFn) Teardown() error { return release(f.Run) }

func (f *searchFn) ProcessElement(ctx context.Context, seed uint64, emit func(string)) error {
	free := f.share.slot()
	rec := f.search(seed)
	free()
	progressOf(f.Run).add(rec.Failure != "")
	l, err := encodeLine(rec)
	if err != nil {
		return fmt.Errorf("seed %d: %w", seed, err)
	}
	emit(l)
	return nil
}

// search runs one seed under the element's limit; a panic or the limit
// is a failed record.
func (f *searchFn) search(seed uint64) searchRecord {
	got := make(chan searchRecord, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				got <- searchRecord{Seed: seed, Failure: fmt.Sprintf("panic: %v", p)}
			}
		}()
		rep := fuzz.Run(f.pack, fuzz.Options{Seed: seed, MaxGraphs: f.Graphs, Limits: f.Limits.limits(), Exhaust: true, Prove: f.Prove})
		for i := range rep.Witnesses {
			w := &rep.Witnesses[i]
			for k := range w.Clauses {
				w.Clauses[k] = f.res.unname(w.Clauses[k])
			}
		}
		for i := range rep.Clauses {
			rep.Clauses[i].At = f.res.unname(rep.Clauses[i].At)
		}
		got <- searchRecord{Seed: seed, Report: rep}
	}()
	var timeout <-chan time.Time
	if f.ElementTimeout > 0 {
		tm := time.NewTimer(f.ElementTimeout)
		defer tm.Stop()
		timeout = tm.C
	}
	select {
	case r := <-got:
		return r
	case <-timeout:
		return searchRecord{Seed: seed, Failure: fmt.Sprintf("ran past the element limit of %v", f.ElementTimeout)}
	}
}

// Search runs the soundness search in waves of seeds, one pipeline each,
// until a stop.
func Search(ctx context.Context, o SearchOptions) (*SearchReport, error) {
	if o.Wave <= 0 {
		o.Wave = 8
	}
	if o.Count == 0 {
		return nil, fmt.Errorf("nothing to search: no seed")
	}
	if err := checkRecords(o.Records); err != nil {
		return nil, err
	}
	rep := &SearchReport{Pack: o.Pack.Name, Failures: []Failure{}, Witnesses: []FoundWitness{}}
	byForm := map[string]int{}
	start := time.Now()
	run := "search-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if o.Progress != nil {
		stop := watch(o.Progress, "search", run, int64(o.Count), o.ProgressEvery)
		defer stop()
	}
	defer forget(run)
	fn := &searchFn{Pack: o.Pack, Limits: o.Limits, Graphs: o.Graphs, Prove: o.Prove, ElementTimeout: o.ElementTimeout, Jobs: o.Jobs, Run: run}
	rep.Stop = "seeds"
	for wave, lo := 0, o.From; lo < o.From+o.Count; wave, lo = wave+1, lo+uint64(o.Wave) {
		hi := min(lo+uint64(o.Wave), o.From+o.Count)
		seeds := make([]uint64, 0, hi-lo)
		for s := lo; s < hi; s++ {
			seeds = append(seeds, s)
		}
		records := fmt.Sprintf("%s-wave-%d", o.Records, wave)
		p, s := beam.NewPipelineWithRoot()
		out := beam.ParDo(s, fn, beam.Reshuffle(s, beam.CreateList(s, seeds)))
		textio.Write(s, records, out)
		if err := o.Run(ctx, p); err != nil {
			return nil, fmt.Errorf("the pipeline of seeds %d–%d: %w", lo, hi-1, err)
		}
		var got []searchRecord
		err := readLines(ctx, records, func(line string) error {
			var r searchRecord
			if err := decodeLine(line, &r); err != nil {
				return fmt.Errorf("a record: %w", err)
			}
			got = append(got, r)
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(got) != len(seeds) {
			return nil, fmt.Errorf("the pipeline wrote %d records for %d seeds", len(got), len(seeds))
		}
		sort.Slice(got, func(i, j int) bool { return got[i].Seed < got[j].Seed })
		for _, r := range got {
			rep.merge(r, byForm)
		}
		rep.Seeds = []uint64{o.From, hi - 1}
		if o.Witnesses > 0 && len(rep.Witnesses) >= o.Witnesses {
			rep.Stop = "witnesses"
			break
		}
		if o.Budget > 0 && time.Since(start) >= o.Budget && hi < o.From+o.Count {
			rep.Stop = "budget"
			break
		}
	}
	rep.Wall = time.Since(start)
	return rep, nil
}

// merge adds one seed's outcome; records come in seed order, so a
// witness's first seed is the smallest that found it.
func (rep *SearchReport) merge(r searchRecord, byForm map[string]int) {
	rep.Searched++
	if r.Failure != "" || r.Report == nil {
		rep.Failed++
		if len(rep.Failures) < maxListed {
			rep.Failures = append(rep.Failures, Failure{Seed: r.Seed, Reason: r.Failure})
		}
		return
	}
	rep.Graphs += r.Report.Graphs
	c := &rep.Claims
	c.Checked += r.Report.Claims.Checked
	c.Proved += r.Report.Claims.Proved
	c.Tested += r.Report.Claims.Tested
	c.Refuted += r.Report.Claims.Refuted
	c.Unknown += r.Report.Claims.Unknown
	for _, w := range r.Report.Witnesses {
		key := reducedForm(w)
		if i, ok := byForm[key]; ok {
			fw := &rep.Witnesses[i]
			if !slices.Contains(fw.Seeds, r.Seed) {
				fw.Seeds = append(fw.Seeds, r.Seed)
			}
			for _, cl := range w.Clauses {
				if !slices.Contains(fw.Clauses, cl) {
					fw.Clauses = append(fw.Clauses, cl)
				}
			}
			continue
		}
		byForm[key] = len(rep.Witnesses)
		rep.Witnesses = append(rep.Witnesses, FoundWitness{Witness: w, Seeds: []uint64{r.Seed}})
	}
}

// reducedForm is what makes two witnesses one: the reduced graph (its IR
// dump names nodes by their place, not by the seed's numbering), else the
// printed program, else the claim.
func reducedForm(w fuzz.Witness) string {
	for _, s := range []string{w.IR, w.Program, w.Claim} {
		if s = strings.TrimSpace(s); s != "" {
			return w.Kind + "\x00" + s
		}
	}
	return w.Kind
}

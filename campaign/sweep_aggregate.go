package campaign

import (
	"bytes"
	"encoding/base64"
	"encoding/gob"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"reuselab/bench"
)

func init() {
	register.Combiner3[*sweepAcc, string, string](&aggregateFn{})
	beam.RegisterCoder(reflect.TypeOf((*sweepAcc)(nil)), encodeAcc, decodeAcc)
}

// aggregateFn combines a sweep's records where they were made: each
// worker adds its records to a bench.Aggregate and the campaign's report,
// the runner merges the accumulators, and the one output is the encoded
// whole, which the launcher turns into bench's summary. No file is held
// anywhere: an accumulator is the corpora, variants and findings.
type aggregateFn struct {
	Variants Variants
	Jobs     int
	Run      string

	cfg      bench.Config
	variants []string
}

// sweepAcc is the accumulator. Between machines it travels as bytes
// (encodeAcc): the aggregate needs the sweep's configuration to be made
// again, which only the CombineFn has, so it is decoded on first use.
type sweepAcc struct {
	agg    *bench.Aggregate
	report *Report
	wire   *accWire
}

// accWire is an accumulator's encoding.
type accWire struct {
	Aggregate []byte
	Report    Report
}

func encodeAcc(a *sweepAcc) ([]byte, error) {
	w := a.wire
	if w == nil {
		w = &accWire{}
		if a.agg != nil {
			b, err := a.agg.MarshalBinary()
			if err != nil {
				return nil, err
			}
			w.Aggregate, w.Report = b, *a.report
		}
	}
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(w)
	return b.Bytes(), err
}

func decodeAcc(b []byte) (*sweepAcc, error) {
	var w accWire
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&w); err != nil {
		return nil, fmt.Errorf("a sweep accumulator: %w", err)
	}
	return &sweepAcc{wire: &w}, nil
}

func (f *aggregateFn) Setup() error {
	s, err := acquire(f.Run, f.Jobs, loadVariants(f.Variants))
	if err != nil {
		return err
	}
	f.cfg = s.value.(loadedVariants).cfg
	f.variants = nil
	for _, v := range f.cfg.Variants {
		f.variants = append(f.variants, v.Name)
	}
	return nil
}

func (f *aggregateFn) Teardown() error { return release(f.Run) }

func (f *aggregateFn) CreateAccumulator() *sweepAcc {
	return &sweepAcc{agg: bench.NewAggregate(f.cfg), report: &Report{}}
}

// open makes a decoded accumulator usable.
func (f *aggregateFn) open(a *sweepAcc) error {
	if a.wire == nil {
		return nil
	}
	w := a.wire
	a.wire = nil
	a.report = &w.Report
	if w.Aggregate == nil {
		a.agg = bench.NewAggregate(f.cfg)
		return nil
	}
	var err error
	a.agg, err = bench.DecodeAggregate(f.cfg, w.Aggregate)
	return err
}

func (f *aggregateFn) AddInput(a *sweepAcc, line string) (*sweepAcc, error) {
	if err := f.open(a); err != nil {
		return nil, err
	}
	var r Record
	if err := decodeLine(line, &r); err != nil {
		return nil, fmt.Errorf("a record: %w", err)
	}
	a.report.Elements++
	a.report.add(&r, f.variants)
	if r.File != nil {
		a.agg.Add(r.File)
	}
	return a, nil
}

func (f *aggregateFn) MergeAccumulators(a, b *sweepAcc) (*sweepAcc, error) {
	if err := f.open(a); err != nil {
		return nil, err
	}
	if err := f.open(b); err != nil {
		return nil, err
	}
	a.agg.Merge(b.agg)
	a.report.Elements += b.report.Elements
	a.report.merge(b.report)
	return a, nil
}

// ExtractOutput is the accumulator as one line of text (readAggregate).
func (f *aggregateFn) ExtractOutput(a *sweepAcc) (string, error) {
	if err := f.open(a); err != nil {
		return "", err
	}
	b, err := encodeAcc(a)
	return base64.StdEncoding.EncodeToString(b), err
}

// readAggregate is the sweep's summary and report from the line
// aggregateFn wrote, under cfg, the launcher's configuration.
func readAggregate(cfg bench.Config, line string) (*bench.Aggregate, *Report, error) {
	b, err := base64.StdEncoding.DecodeString(line)
	if err != nil {
		return nil, nil, err
	}
	a, err := decodeAcc(b)
	if err != nil {
		return nil, nil, err
	}
	f := &aggregateFn{cfg: cfg}
	if err := f.open(a); err != nil {
		return nil, nil, err
	}
	return a.agg, a.report, nil
}

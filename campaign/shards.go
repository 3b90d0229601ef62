package campaign

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"hash/fnv"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"reuselab/bench"
)

func init() {
	register.DoFn1x2[string, int, string](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Iter1[string]()
}

// A sweep's records are written in shards, each by the worker its key
// lands on: records-SSSSS-of-NNNNN (one record a line, as encodeLine
// writes it) and assets-SSSSS-of-NNNNN.csv, the rows of bench's
// assets.csv for the assets of those records, under its header. A row's
// shard follows from its record's text alone; the order of the rows in a
// shard is the runner's.

// shardFn keys a record by its shard, a hash of its text.
type shardFn struct {
	Shards int
}

func (f *shardFn) ProcessElement(line string) (int, string) {
	h := fnv.New32a()
	h.Write([]byte(line))
	return int(h.Sum32() % uint32(f.Shards)), line
}

// shardsFor is the shards of a sweep of n programs: about 8,192 records
// each, at most 1,024.
func shardsFor(n int64) int { return int(min(max((n+8191)/8192, 1), 1024)) }

// RecordsPattern and AssetsPattern are the globs of a sweep's shards in
// its records folder.
const (
	RecordsPattern = "records-*-of-*"
	AssetsPattern  = "assets-*-of-*.csv"
	aggregateName  = "aggregate"
)

// inFolder joins a Beam file system folder (a local path, gs://…) and a
// name.
func inFolder(dir, name string) string {
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// writeShardFn writes the shards of one key: its records and their rows.
type writeShardFn struct {
	Dir      string
	Shards   int
	Variants Variants
	Jobs     int
	Run      string

	cfg bench.Config
}

func (f *writeShardFn) Setup() error {
	s, err := acquire(f.Run, f.Jobs, loadVariants(f.Variants))
	if err != nil {
		return err
	}
	f.cfg = s.value.(loadedVariants).cfg
	return nil
}

func (f *writeShardFn) Teardown() error { return release(f.Run) }

func (f *writeShardFn) ProcessElement(ctx context.Context, key int, lines func(*string) bool) error {
	fs, err := filesystem.New(ctx, f.Dir)
	if err != nil {
		return err
	}
	defer fs.Close()
	name := fmt.Sprintf("%05d-of-%05d", key, f.Shards)
	recs, err := fs.OpenWrite(ctx, inFolder(f.Dir, "records-"+name))
	if err != nil {
		return err
	}
	defer recs.Close()
	rows, err := fs.OpenWrite(ctx, inFolder(f.Dir, "assets-"+name+".csv"))
	if err != nil {
		return err
	}
	defer rows.Close()
	rb, ab := bufio.NewWriterSize(recs, 1<<20), bufio.NewWriterSize(rows, 1<<20)
	table := csv.NewWriter(ab)
	if err := table.Write(bench.AssetsHeader(f.cfg)); err != nil {
		return err
	}
	var line string
	for lines(&line) {
		if _, err := io.WriteString(rb, line+"\n"); err != nil {
			return err
		}
		var r Record
		if err := decodeLine(line, &r); err != nil {
			return fmt.Errorf("a record: %w", err)
		}
		if r.File == nil {
			continue
		}
		for _, a := range r.File.Assets {
			if err := table.Write(bench.AssetRow(f.cfg, a)); err != nil {
				return err
			}
		}
	}
	table.Flush()
	for _, err := range []error{table.Error(), rb.Flush(), ab.Flush(), recs.Close(), rows.Close()} {
		if err != nil {
			return err
		}
	}
	return nil
}

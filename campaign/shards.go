package campaign

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"reuselab/bench"
)

// A sweep's records are written where they are made, a pair of files per
// bundle: records-ID (one record a line, as encodeLine writes it) and
// assets-ID.csv, the rows of bench's assets.csv for the assets of those
// records under its header. They never travel to the runner: a shuffle
// to shard them would hold them all in prism's memory (its grouping is
// in memory) and send them twice more over the loopback. Each pair is
// written under a temporary name and renamed when its bundle finishes, so
// that a failed bundle leaves no shard behind; a runner that retries a
// bundle that had finished would leave its records twice (the summary
// counts them once: it goes through the combine).

// RecordsPattern and AssetsPattern are the globs of a sweep's shards in
// its records folder.
const (
	RecordsPattern = "records-*"
	AssetsPattern  = "assets-*.csv"
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

// shardWriter writes one bundle's shards.
type shardWriter struct {
	fs          filesystem.Interface
	dir, id     string
	recs, rows  io.WriteCloser
	rb, ab      *bufio.Writer
	table       *csv.Writer
	cfg         *bench.Config
	recsN, rowN string // the files' names, temporary then final
}

func openShards(ctx context.Context, dir string, cfg *bench.Config) (*shardWriter, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	fs, err := filesystem.New(ctx, dir)
	if err != nil {
		return nil, err
	}
	w := &shardWriter{fs: fs, dir: dir, id: hex.EncodeToString(b[:]), cfg: cfg}
	if w.recs, err = fs.OpenWrite(ctx, w.name("tmp-records-%s")); err != nil {
		fs.Close()
		return nil, err
	}
	if w.rows, err = fs.OpenWrite(ctx, w.name("tmp-assets-%s.csv")); err != nil {
		w.recs.Close()
		fs.Close()
		return nil, err
	}
	w.rb, w.ab = bufio.NewWriterSize(w.recs, 1<<20), bufio.NewWriterSize(w.rows, 1<<20)
	w.table = csv.NewWriter(w.ab)
	return w, w.table.Write(bench.AssetsHeader(*cfg))
}

func (w *shardWriter) name(format string) string { return inFolder(w.dir, fmt.Sprintf(format, w.id)) }

// add writes a record's line and its assets' rows.
func (w *shardWriter) add(line string, r *Record) error {
	if _, err := io.WriteString(w.rb, line+"\n"); err != nil {
		return err
	}
	if r.File == nil {
		return nil
	}
	for _, a := range r.File.Assets {
		if err := w.table.Write(bench.AssetRow(*w.cfg, a)); err != nil {
			return err
		}
	}
	return nil
}

// finish closes the shards and gives them their final names.
func (w *shardWriter) finish(ctx context.Context) error {
	defer w.fs.Close()
	w.table.Flush()
	for _, err := range []error{w.table.Error(), w.rb.Flush(), w.ab.Flush(), w.recs.Close(), w.rows.Close()} {
		if err != nil {
			return err
		}
	}
	rn, ok := w.fs.(filesystem.Renamer)
	if !ok {
		return fmt.Errorf("the records' file system cannot rename (%s)", w.dir)
	}
	if err := rn.Rename(ctx, w.name("tmp-records-%s"), w.name("records-%s")); err != nil {
		return err
	}
	return rn.Rename(ctx, w.name("tmp-assets-%s.csv"), w.name("assets-%s.csv"))
}

// abandon closes the shards of a failed bundle and removes them.
func (w *shardWriter) abandon(ctx context.Context) {
	w.recs.Close()
	w.rows.Close()
	if rm, ok := w.fs.(filesystem.Remover); ok {
		_ = rm.Remove(ctx, w.name("tmp-records-%s"))
		_ = rm.Remove(ctx, w.name("tmp-assets-%s.csv"))
	}
	w.fs.Close()
}

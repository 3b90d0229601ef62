package campaign

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/gob"
	"fmt"
	"io"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	// The file systems records go through: a local path (prism), gs://.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
)

// A record is one line of a pipeline's output: a value in gob (bench's
// results hold floats JSON cannot carry, such as an infinite tree size),
// in base64 so that it is a line of text for textio.
func encodeLine(v any) (string, error) {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(v); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b.Bytes()), nil
}

func decodeLine(line string, v any) error {
	b, err := base64.StdEncoding.DecodeString(line)
	if err != nil {
		return err
	}
	return gob.NewDecoder(bytes.NewReader(b)).Decode(v)
}

// maxLine bounds one record: the results of one file, metrics included.
const maxLine = 512 << 20

// checkRecords says whether Beam has a file system for path; textio
// would panic building the pipeline.
func checkRecords(path string) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("records %s: %v", path, p)
		}
	}()
	filesystem.ValidateScheme(path)
	return nil
}

// readLines reads the records a pipeline wrote at path, through Beam's
// file systems (a local path, gs://…), calling each for every line.
func readLines(ctx context.Context, path string, each func(string) error) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return fmt.Errorf("the pipeline's records: %w", err)
	}
	defer r.Close()
	return scanLines(r, each)
}

func scanLines(r io.Reader, each func(string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		if err := each(sc.Text()); err != nil {
			return err
		}
	}
	return sc.Err()
}

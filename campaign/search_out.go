package campaign

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"reuselab/outfile"
)

// WriteSearch writes rep into dir, a folder OwnDir made ready: each
// witness's program as witness-N.dsm (N from 1, in the order of their
// first seeds), then search.json, which names them.
func WriteSearch(dir string, rep *SearchReport) error {
	for i := range rep.Witnesses {
		w := &rep.Witnesses[i]
		if w.Program == "" {
			continue
		}
		w.File = fmt.Sprintf("witness-%d.dsm", i+1)
		if err := outfile.WriteFile(filepath.Join(dir, w.File), []byte(w.Program)); err != nil {
			return err
		}
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	return outfile.WriteFile(filepath.Join(dir, "search.json"), append(b, '\n'))
}

package conform

import (
	"os"
	"path/filepath"
)

// sourceElsewhere finds a golden's source by its stem in the extra source
// folders, in the order given; "" when none holds it.
func sourceElsewhere(stem string, dirs []string) string {
	for _, d := range dirs {
		for _, ext := range sourceExts {
			p := filepath.Join(d, stem+ext)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				return p
			}
		}
	}
	return ""
}

// noteSourceElsewhere says, on a fixture run from a source found in an
// extra folder, which source it was.
func noteSourceElsewhere(r *Result) {
	if r.Source != "" && r.Status != Skip {
		r.Detail += " (source: " + r.Source + ")"
	}
}

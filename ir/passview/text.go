package passview

import (
	"io"
	"strconv"
	"strings"

	"reuselab/ir"
	"reuselab/printable"
)

// textLegend opens the text: what the names mean.
const textLegend = "# The IR after every pass. Nodes are named by build id (b12), the same in every pass;\n" +
	"# after reindex they carry the ids of the dump `compile --format ir` prints (%5).\n"

// WriteText writes runs as `compile --passes` prints them: per file the
// module line, then per product a header per pass,
//
//	== after fold (round 1): 2 changed (b7 folded, b9 folded)
//
// followed by the product's dump after that pass.
func WriteText(w io.Writer, runs []*Run) error {
	var b strings.Builder
	b.WriteString(textLegend)
	file := "\x00"
	for _, r := range runs {
		if r.File != file {
			file = r.File
			b.WriteString("\nmodule " + ir.QuoteString(file) + "\n")
		}
		cols := Columns(r)
		for i, c := range cols {
			b.WriteString("\n")
			b.WriteString(Header(c))
			b.WriteString("\n")
			if c.Final {
				b.WriteString(ir.DumpGraph(r.Snapshots[i].Graph))
			} else {
				b.WriteString(ir.DumpGraphNamed(r.Snapshots[i].Graph, buildName(r.Snapshots[i])))
			}
		}
	}
	// Names and strings in the dumps come from the sources; the dump's
	// quoting leaves ESC and the bidi characters raw (printable.Block).
	_, err := io.WriteString(w, printable.Block(b.String()))
	return err
}

// Header is a column's heading line: `== build`, `== after prune: 0
// changed`, then what happened to which node.
func Header(c Column) string {
	if c.Changed < 0 {
		return "== " + c.Label
	}
	s := "== after " + c.Label + ": " + strconv.Itoa(c.Changed) + " changed"
	var what []string
	for _, r := range c.Rows {
		switch r.Mark {
		case Merged:
			what = append(what, "b"+strconv.Itoa(r.Build)+" merged into b"+strconv.Itoa(r.Into))
		case Unchanged:
		default:
			what = append(what, "b"+strconv.Itoa(r.Build)+" "+string(r.Mark))
		}
	}
	if len(what) > 0 {
		s += " (" + strings.Join(what, ", ") + ")"
	}
	return s
}

package conform

import (
	"fmt"
	"path"
	"strings"

	"reuselab/compiler"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/sourcefile"
)

// The `migrate` entry point (upstream's Migrate/ goldens): upstream reads a
// 1.x source with its legacy front end and binder, rewrites it to 2.0,
// prints it and compiles the print. reuselab has no 2.0 printer, so a
// migrate golden is run through the 1.x front end and binder (the codes
// those stages report) plus the rewrite's notes that need no printer
// (migrationNotes); its `text` is not compared.

// runMigrate runs one `migrate` golden whose source is r.Source.
func runMigrate(r *Result, gd Golden, golden, root string) {
	r.Figure = "migrate"
	var extra struct {
		// ProductNames is the host's answer per product function: the
		// asset path it stands for ("" keeps the name as it is).
		ProductNames map[string]string `json:"productNames"`
	}
	if err := readExtra(golden, root, &extra); err != nil {
		r.Status, r.Detail = Fail, fmt.Sprintf("%s: cannot read the golden: %v", sourcefile.Code(err), err)
		return
	}
	_, ds := compiler.CompileFile(r.Source, compiler.Options{})
	if !ds.HasErrors() {
		u, _ := syntax.Load(r.Source, syntax.LoadOptions{})
		ds.Append(migrationNotes(u, extra.ProductNames))
	}
	note := ""
	if gd.IR == nil && hasText(golden, root) {
		note = "text not compared: reuselab has no 2.0 printer"
	}
	finish(r, codeProblems(r, gd, ds), note)
}

// migrationNotes are the rewrite's warnings about a material's header:
// a `Root=` the host gave no answer for is kept as `@root` (DSH9094), and
// `Backend = "Instance"` is written as its new name ThinCustom (DSH7204).
func migrationNotes(u *syntax.Unit, answers map[string]string) diag.List {
	var ds diag.List
	if u == nil || u.Main == nil {
		return ds
	}
	for _, d := range u.Main.Decls {
		b, ok := d.(*syntax.BlockDecl)
		if !ok || b.Kind != syntax.BlockShader {
			continue
		}
		product := path.Base(b.Name())
		if a := b.Attr("Root"); a != nil {
			if _, answered := answers[product]; !answered {
				ds.Warnf(a.Pos, "DSH9094", "no asset path from the host for %s: Root=%s is kept as '@root'", product, a.Value)
			}
		}
		for _, sec := range b.SectionsOf(syntax.SecSettings) {
			for _, st := range sec.Settings {
				if strings.EqualFold(st.Key, "Backend") && strings.EqualFold(st.Value, "Instance") {
					ds.Warnf(st.ValuePos, "DSH7204", "Backend \"Instance\" is the old name of ThinCustom")
				}
			}
		}
	}
	return ds
}

// hasText reports a golden with a printed `text`.
func hasText(golden, root string) bool {
	var t struct {
		Text *string `json:"text"`
	}
	return readExtra(golden, root, &t) == nil && t.Text != nil && *t.Text != ""
}

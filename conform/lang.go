package conform

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/diag"
	"reuselab/sourcefile"
)

// The `lang` entry point (upstream's Lang/ goldens): the 2.0 parser alone
// over a `.dss`, `.dsh` or `.dsi` source, then its module summary. The
// summary is read from the parsed file, counting what upstream's module
// holds: one declaration per declarator of a grouped declaration.

// langModule is a `lang` golden's `module{…}` (GOLDENS.md): only the keys
// written are compared.
type langModule struct {
	Declarations *int    `json:"declarations"`
	Pragmas      *int    `json:"pragmas"`
	Includes     *int    `json:"includes"`
	Structs      *int    `json:"structs"`
	Uniforms     *int    `json:"uniforms"`
	Constants    *int    `json:"constants"`
	Functions    *int    `json:"functions"`
	Exports      *int    `json:"exports"`
	Externs      *int    `json:"externs"`
	OpaqueBodies *int    `json:"opaqueBodies"`
	Entry        *string `json:"entry"`
	// Roundtrip is upstream's print-and-reparse check; reuselab has no
	// 2.0 printer, so it is not compared.
	Roundtrip *bool `json:"roundtrip"`
}

// readExtra reads the fields of a golden the original runner's Golden does
// not carry into v.
func readExtra(golden, root string, v any) error {
	data, err := sourcefile.Read(golden, root, sourcefile.MaxFileBytes)
	if err != nil {
		return err
	}
	return json.Unmarshal(sourcefile.TrimBOM(data), v)
}

// LangSummary is the module summary of a parsed 2.0 file.
type LangSummary struct {
	Declarations, Pragmas, Includes, Structs, Uniforms, Constants int
	Functions, Exports, Externs, OpaqueBodies                     int
	Entry                                                         string
}

// summariseLang counts a parsed file's declarations as upstream's module does.
func summariseLang(pf *syntax.Parsed) LangSummary {
	var s LangSummary
	s.Pragmas = len(pf.Pragmas) + pf.RegionMarks
	s.Declarations += s.Pragmas
	for _, d := range pf.Decls {
		switch d := d.(type) {
		case *syntax.VarDecl:
			n := len(d.Vars)
			s.Declarations += n
			if d.Uniform {
				s.Uniforms += n
			} else if d.Const && d.Static { // `static` or `const` alone is a plain global
				s.Constants += n
			}
			if d.Export {
				s.Exports += n
			}
			if d.Extern {
				s.Externs += n
			}
		case *syntax.FuncDecl:
			s.Declarations++
			s.Functions++
			if d.Export {
				s.Exports++
			}
			if d.Extern {
				s.Externs++
			}
			if d.Opaque {
				s.OpaqueBodies++
			}
			if s.Entry == "" && isEntry(d) {
				s.Entry = d.Name
			}
		case *syntax.StructDecl:
			s.Declarations++
			s.Structs++
		case *syntax.IncludeDecl:
			s.Declarations++
			s.Includes++
		case *syntax.PragmaDecl: // counted above
		default: // a .dsp's buffers, passes and hlsl blocks
			s.Declarations++
		}
	}
	return s
}

// isEntry: the first function returning void with exactly one `inout
// material` parameter is the module's entry (GOLDENS.md).
func isEntry(f *syntax.FuncDecl) bool {
	if f.Ret.Name != "void" || len(f.Params) != 1 {
		return false
	}
	p := f.Params[0]
	return p.Qual == "inout" && strings.EqualFold(p.Type.Name, "material")
}

// compare lists every key the golden wrote that s does not agree with.
func (want langModule) compare(s LangSummary) []string {
	var out []string
	num := func(key string, w *int, got int) {
		if w != nil && *w != got {
			out = append(out, fmt.Sprintf("module.%s %d, want %d", key, got, *w))
		}
	}
	num("declarations", want.Declarations, s.Declarations)
	num("pragmas", want.Pragmas, s.Pragmas)
	num("includes", want.Includes, s.Includes)
	num("structs", want.Structs, s.Structs)
	num("uniforms", want.Uniforms, s.Uniforms)
	num("constants", want.Constants, s.Constants)
	num("functions", want.Functions, s.Functions)
	num("exports", want.Exports, s.Exports)
	num("externs", want.Externs, s.Externs)
	num("opaqueBodies", want.OpaqueBodies, s.OpaqueBodies)
	if want.Entry != nil && *want.Entry != s.Entry {
		out = append(out, fmt.Sprintf("module.entry %q, want %q", s.Entry, *want.Entry))
	}
	return out
}

// runLang runs one `lang` golden whose source is r.Source.
func runLang(r *Result, gd Golden, golden, root string) {
	r.Figure = "lang"
	var extra struct {
		Module *langModule `json:"module"`
	}
	if err := readExtra(golden, root, &extra); err != nil {
		r.Status, r.Detail = Fail, fmt.Sprintf("%s: cannot read the golden: %v", sourcefile.Code(err), err)
		return
	}
	src, err := readSource(r.Source, root)
	var ds diag.List
	var pf *syntax.Parsed
	if err != nil {
		ds.Errorf(diag.Pos{File: r.Source, Line: 1, Col: 1}, sourcefile.Code(err), "cannot read %s: %v", r.Source, err)
	} else {
		pf, ds = syntax.ParseLang(r.Source, src)
	}
	problems := codeProblems(r, gd, ds)
	wantErr := strings.EqualFold(gd.Outcome, "error")
	if !wantErr && extra.Module != nil && pf != nil {
		problems = append(problems, extra.Module.compare(summariseLang(pf))...)
	}
	note := ""
	if !wantErr && extra.Module != nil && extra.Module.Roundtrip != nil {
		note = "roundtrip not compared: reuselab has no 2.0 printer"
	}
	finish(r, problems, note)
}

// readSource reads a golden's source under its own folder with the careful
// read under root, its byte order mark dropped.
func readSource(path, root string) (string, error) {
	b, err := sourcefile.Read(path, root, sourcefile.MaxFileBytes)
	return string(sourcefile.TrimBOM(b)), err
}

// codeProblems checks the outcome and the listed codes, and records in r
// whether they agreed.
func codeProblems(r *Result, gd Golden, ds diag.List) []string {
	var problems []string
	wantErr := strings.EqualFold(gd.Outcome, "error")
	if gotErr := ds.HasErrors(); gotErr != wantErr {
		if wantErr {
			problems = append(problems, "expected an error, got none")
		} else {
			problems = append(problems, "unexpected errors: "+firstErrors(ds, 3))
		}
	}
	problems = append(problems, missing(ds, diag.Error, "error", gd.ErrorContains)...)
	problems = append(problems, missing(ds, diag.Warning, "warning", gd.WarningsContain)...)
	problems = append(problems, missing(ds, diag.Info, "info", gd.InfosContain)...)
	r.CodesOK = len(problems) == 0
	return problems
}

// finish sets r's verdict; note says what a passing golden holds that
// was not compared ("" for nothing).
func finish(r *Result, problems []string, note string) {
	if r.Fork != "" {
		note = strings.TrimPrefix(note+"; source from the fork "+r.Fork, "; ")
	}
	if len(problems) == 0 {
		r.Status, r.Detail = Pass, "ok"
		if note != "" {
			r.Detail += " (" + note + ")"
		}
		return
	}
	r.Status, r.Detail = Fail, strings.Join(problems, "; ")
}

// EntryFigures are one entry point's agreement counts.
type EntryFigures struct {
	Run, CodesOK, Passed, Skipped int
}

// entryLine prints the per-entry-point figures, in name order.
func entryLine(per map[string]*EntryFigures) string {
	var names []string
	for n := range per {
		names = append(names, n)
	}
	sort.Strings(names)
	var parts []string
	for _, n := range names {
		e := per[n]
		parts = append(parts, fmt.Sprintf("%s outcome+codes: %d of %d (passed %d, skipped %d)", n, e.CodesOK, e.Run, e.Passed, e.Skipped))
	}
	return strings.Join(parts, "; ")
}

// entryRunners are the entry points counted apart (Result.Figure): each
// runs a golden whose source exists and sets r's verdict.
var entryRunners = map[string]func(r *Result, gd Golden, golden, root string){
	"lang":    runLang,
	"parse":   runParse,
	"migrate": runMigrate,
}

func (f *Figures) countEntry(r Result) {
	if f.PerEntry == nil {
		f.PerEntry = map[string]*EntryFigures{}
	}
	e := f.PerEntry[r.Figure]
	if e == nil {
		e = &EntryFigures{}
		f.PerEntry[r.Figure] = e
	}
	switch r.Status {
	case Skip:
		e.Skipped++
		return
	case Pass:
		e.Passed++
	}
	e.Run++
	if r.CodesOK {
		e.CodesOK++
	}
}

// forkSource finds the source of a golden whose repository lacks it at
// the same path in a sibling repository of the corpus, in name order: a
// fork that shares upstream's history (ioOvOoi/DreamShader still holds the
// sources of upstream's Parse/ goldens). It returns the path and the
// sibling's folder name, or "" when none has it.
func forkSource(corpusRoot, stem string) (string, string) {
	if filepath.Base(corpusRoot) != "Corpus" || filepath.Base(filepath.Dir(corpusRoot)) != "Tests" {
		return "", ""
	}
	repo := filepath.Dir(filepath.Dir(corpusRoot))
	siblings, err := os.ReadDir(filepath.Dir(repo))
	if err != nil {
		return "", ""
	}
	for _, s := range siblings { // ReadDir sorts by name
		if !s.IsDir() || s.Name() == filepath.Base(repo) {
			continue
		}
		base := filepath.Join(filepath.Dir(repo), s.Name(), "Tests", "Corpus", filepath.FromSlash(stem))
		for _, ext := range sourceExts {
			if fi, err := os.Lstat(base + ext); err == nil && fi.Mode().IsRegular() {
				return base + ext, s.Name()
			}
		}
	}
	return "", ""
}

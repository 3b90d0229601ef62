package dss

// What the `.dsp` binder reads of the syntax package's tree: the
// `#pragma pipeline` keys, `uniform` and `static const` declarations,
// buffers, passes and `hlsl` blocks. The parser keeps a value as the text
// written (its meaning depends on the key); the binder reads it as a run
// of tokens, lexed by the same lexer.

import (
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/diag"
)

// ptok is one token of a value.
type ptok struct {
	kind byte // 'i' identifier or keyword, 'n' number, 's' string (its decoded text), 'p' punctuation
	text string
}

type pipeKV struct {
	key  string
	val  []ptok
	line int
	col  int
}

type pipeDecl struct {
	doc     *syntax.Doc
	line    int
	col     int
	kind    string // uniform, const
	typ     string
	name    string
	init    []ptok // nil when there is no initializer
	isArray bool
}

type pipeBuffer struct {
	doc    *syntax.Doc
	line   int
	col    int
	name   string
	format string
	args   []pipeKV
}

type pipeBinding struct {
	verb  string // read, write, param
	name  string // the pass-side name ("" in the short form)
	value []ptok
	line  int
	col   int
}

type pipeHLSL struct{ line, lines int }

type pipePass struct {
	doc      *syntax.Doc
	line     int
	col      int
	name     string
	kind     string
	keys     []pipeKV
	bindings []pipeBinding
	hlsl     *pipeHLSL
}

type pipeFile struct {
	pragmas []pipeKV
	decls   []pipeDecl
	buffers []pipeBuffer
	passes  []pipePass
	hlsl    *pipeHLSL
}

// valueTokens lexes a value's text; the parser has checked its shape.
func valueTokens(text string) []ptok {
	toks, _ := syntax.Lex(text)
	out := make([]ptok, 0, len(toks))
	for _, t := range toks {
		var k byte
		switch t.Kind {
		case syntax.EOF, syntax.DocLine, syntax.Directive:
			continue
		case syntax.Ident, syntax.Keyword:
			k = 'i'
		case syntax.Number:
			k = 'n'
		case syntax.String:
			k = 's'
		default:
			k = 'p'
		}
		out = append(out, ptok{kind: k, text: t.Text})
	}
	return out
}

// hlslSpan is where an `hlsl` block opens and how many lines it spans.
func hlslSpan(hb *syntax.HlslBlock) *pipeHLSL {
	if hb == nil {
		return nil
	}
	return &pipeHLSL{line: hb.RawOpen.Line, lines: strings.Count(hb.Raw, "\n") + 1}
}

// pipelineFile reads the declarations of a parsed `.dsp`; one that a
// pipeline does not hold (a function, a struct, an include, another
// pragma, a variable neither uniform nor static const) is an error.
func pipelineFile(pf *syntax.Parsed, path string, ds *diag.List) *pipeFile {
	f := &pipeFile{}
	at := func(p syntax.Pos) diag.Pos { return diag.Pos{File: path, Line: max(p.Line, 1), Col: max(p.Col, 1)} }
	notPipeline := func(p syntax.Pos, what string) {
		ds.Errorf(at(p), "DSH2301", "%s does not belong in a pipeline, which declares uniforms, static consts, buffers, passes and hlsl blocks.", what)
	}
	for _, d := range pf.Decls {
		switch d := d.(type) {
		case *syntax.PragmaDecl:
			if d.Name != "pipeline" {
				notPipeline(d.Pos, "'#pragma "+d.Name+"'")
				continue
			}
			for _, a := range d.Args {
				if a.Key != "" { // the parser reported the others (DSH3202)
					f.pragmas = append(f.pragmas, pipeKV{key: a.Key, val: valueTokens(a.Value), line: a.Pos.Line, col: a.Pos.Col})
				}
			}
		case *syntax.RegionMark:
			notPipeline(d.Pos, "'#pragma region'")
		case *syntax.IncludeDecl:
			notPipeline(d.Pos, "An include")
		case *syntax.FuncDecl:
			notPipeline(d.Pos, "Function '"+d.Name+"'")
		case *syntax.StructDecl:
			notPipeline(d.Pos, "Struct '"+d.Name+"'")
		case *syntax.VarDecl:
			kind := "uniform"
			switch {
			case d.Static:
				kind = "const"
			case !d.Uniform:
				notPipeline(d.Pos, "A variable that is neither 'uniform' nor 'static const'")
				continue
			}
			for _, v := range d.Vars {
				pd := pipeDecl{doc: d.Doc, line: d.Pos.Line, col: d.Pos.Col, kind: kind, typ: d.Type.Name, name: v.Name, isArray: v.Array}
				if v.Init != nil && v.InitEnd <= len(pf.Src) {
					pd.init = valueTokens(pf.Src[v.InitOff:v.InitEnd])
				}
				f.decls = append(f.decls, pd)
			}
		case *syntax.BufferDecl:
			b := pipeBuffer{doc: d.Doc, line: d.Pos.Line, col: d.Pos.Col, name: d.Name, format: d.Format}
			for _, a := range d.Args {
				b.args = append(b.args, pipeKV{key: a.Key, val: valueTokens(a.Value), line: a.Pos.Line, col: a.Pos.Col})
			}
			f.buffers = append(f.buffers, b)
		case *syntax.PassDecl:
			f.passes = append(f.passes, pipelinePass(d))
		case *syntax.HlslBlock:
			f.hlsl = hlslSpan(d)
		}
	}
	return f
}

func pipelinePass(d *syntax.PassDecl) pipePass {
	ps := pipePass{doc: d.Doc, line: d.Pos.Line, col: d.Pos.Col, name: d.Name, kind: d.Kind, hlsl: hlslSpan(d.Hlsl)}
	for _, st := range d.Stmts {
		switch st.Word {
		case "":
			ps.keys = append(ps.keys, pipeKV{key: st.Name, val: valueTokens(st.Value), line: st.Pos.Line, col: st.Pos.Col})
		case "param":
			ps.bindings = append(ps.bindings, pipeBinding{verb: st.Word, name: st.Name, value: valueTokens(st.Value), line: st.Pos.Line, col: st.Pos.Col})
		default:
			ref := []ptok{{kind: 'i', text: st.Value}}
			if st.Previous {
				ref = append(ref, ptok{kind: 'p', text: "."}, ptok{kind: 'i', text: "Previous"})
			}
			ps.bindings = append(ps.bindings, pipeBinding{verb: st.Word, name: st.Name, value: ref, line: st.Pos.Line, col: st.Pos.Col})
		}
	}
	return ps
}

// joinToks prints a token run without spaces, as the dump writes names
// and paths.
func joinToks(ts []ptok) string {
	var s strings.Builder
	for _, t := range ts {
		s.WriteString(t.text)
	}
	return s.String()
}

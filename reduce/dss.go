package reduce

import (
	"bytes"
	"path/filepath"
	"strings"

	dsssyntax "reuselab/compiler/dss/syntax"
)

// isDSS reports whether path is a DreamShader 2.0 source, which the 1.x
// parser cannot split: its units come from the 2.0 lexer's tokens.
func isDSS(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".dss")
}

// dssUnits lists what ddmin may delete from a `.dss` source (LANGUAGE-DSS
// §2), from its tokens rather than its AST, so that a file the parser
// refuses (the usual reason to reduce it) still splits: every statement
// and declaration at every brace depth (up to its `;`, or its block's `}`
// with the `else` chain, the `while (…);` of a do-loop, the `;` of a
// struct), each `else` arm on its own, every `///` doc block alone and
// with the declaration it documents, and every `#` directive line. An
// initializer list `= {…}` is part of its statement, not a block. The walk
// keeps its own work list: no recursion that nesting depth can drive.
func dssUnits(src []byte) []span {
	toks, _ := dsssyntax.Lex(string(src))
	if len(toks) > 0 && toks[len(toks)-1].Kind == dsssyntax.EOF {
		toks = toks[:len(toks)-1]
	}
	match := matchBraces(toks)
	t := newText(src)
	var out []span
	add := func(a, b int) {
		if a >= 0 && b > a && b <= len(src) {
			out = append(out, t.widen(span{a, trailingComment(src, b)}))
		}
	}
	// Comments are no tokens: each one between two tokens is a unit of its
	// own (a file header, a commented-out line).
	prev := 0
	for _, tk := range toks {
		for _, c := range comments(src[prev:tk.Pos.Off]) {
			add(prev+c.start, prev+c.end)
		}
		prev = tk.End
	}
	for _, c := range comments(src[min(prev, len(src)):]) {
		add(prev+c.start, prev+c.end)
	}
	type level struct{ lo, hi int } // a token range inside one pair of braces
	work := []level{{0, len(toks)}}
	for len(work) > 0 {
		lv := work[len(work)-1]
		work = work[:len(work)-1]
		for i := lv.lo; i < lv.hi; {
			tk := toks[i]
			switch tk.Kind {
			case dsssyntax.Directive:
				add(tk.Pos.Off, tk.End)
				i++
				continue
			case dsssyntax.DocLine:
				j := i
				for j < lv.hi && toks[j].Kind == dsssyntax.DocLine {
					j++
				}
				add(tk.Pos.Off, toks[j-1].End)
				if j < lv.hi && toks[j].Kind != dsssyntax.Directive && toks[j].Kind != dsssyntax.DocLine {
					end, _, _ := dssItem(toks, match, j, lv.hi)
					add(tk.Pos.Off, toks[end-1].End)
				}
				i = j
				continue
			}
			if isPunct(tk, "}") || isPunct(tk, ";") {
				i++ // a stray closer or an empty statement
				continue
			}
			end, elses, bodies := dssItem(toks, match, i, lv.hi)
			add(tk.Pos.Off, toks[end-1].End)
			for _, e := range elses {
				add(toks[e].Pos.Off, toks[end-1].End)
				// An arm without braces is a statement of its own too.
				if arm := e + 1; arm < end && !isPunct(toks[arm], "{") && !isKeyword(toks[arm], "if") {
					add(toks[arm].Pos.Off, toks[end-1].End)
				}
			}
			for _, b := range bodies {
				work = append(work, level{b[0], b[1]})
			}
			i = end
		}
	}
	return out
}

// dssItem finds the end (exclusive token index) of the statement or
// declaration starting at token i, the `else` tokens of its chain and the
// token ranges of the blocks inside it.
func dssItem(toks []dsssyntax.Token, match []int, i, hi int) (end int, elses []int, bodies [][2]int) {
	isDo := toks[i].Kind == dsssyntax.Keyword && toks[i].Text == "do"
	parens := 0
	for j := i; j < hi; j++ {
		tk := toks[j]
		switch {
		case isPunct(tk, "(") || isPunct(tk, "["):
			parens++
		case isPunct(tk, ")") || isPunct(tk, "]"):
			parens = max(parens-1, 0)
		case parens > 0:
		case isPunct(tk, ";"):
			if j+1 < hi && isKeyword(toks[j+1], "else") {
				continue
			}
			return j + 1, elses, bodies
		case isKeyword(tk, "else"):
			elses = append(elses, j)
		case isPunct(tk, "{"):
			k := match[j]
			if k < 0 || k >= hi {
				k = hi - 1
			}
			if !opensBlock(toks, i, j) {
				j = k // an initializer list: part of the statement
				continue
			}
			bodies = append(bodies, [2]int{j + 1, k})
			next := k + 1
			switch {
			case next < hi && isKeyword(toks[next], "else"):
				j = k
			case next < hi && isDo && isKeyword(toks[next], "while"):
				j = k
			case next < hi && isPunct(toks[next], ";"):
				return next + 1, elses, bodies
			default:
				return next, elses, bodies
			}
		}
	}
	return hi, elses, bodies
}

// opensBlock reports whether the `{` at j, in the item starting at i, opens
// a statement block or a declaration body rather than an initializer list:
// it follows `)`, `else`, `do`, the item's start, or a struct's name.
func opensBlock(toks []dsssyntax.Token, i, j int) bool {
	if j == i {
		return true
	}
	prev := toks[j-1]
	if isPunct(prev, ")") || isKeyword(prev, "else") || isKeyword(prev, "do") {
		return true
	}
	return isKeyword(toks[i], "struct") && prev.Kind == dsssyntax.Ident
}

// matchBraces pairs every `{` with its `}` (-1 when unmatched), in one pass.
func matchBraces(toks []dsssyntax.Token) []int {
	match := make([]int, len(toks))
	var open []int
	for i, tk := range toks {
		match[i] = -1
		switch {
		case isPunct(tk, "{"):
			open = append(open, i)
		case isPunct(tk, "}") && len(open) > 0:
			o := open[len(open)-1]
			open = open[:len(open)-1]
			match[o], match[i] = i, o
		}
	}
	return match
}

func isPunct(tk dsssyntax.Token, s string) bool {
	return tk.Kind == dsssyntax.Punct && tk.Text == s
}

func isKeyword(tk dsssyntax.Token, s string) bool {
	return tk.Kind == dsssyntax.Keyword && tk.Text == s
}

// countDSSStatements is CountStatements for a `.dss`: the statements inside
// function bodies, nested ones included (the units below brace depth 0 that
// are not doc blocks, directives or else arms).
func countDSSStatements(src []byte) int {
	toks, _ := dsssyntax.Lex(string(src))
	if len(toks) > 0 && toks[len(toks)-1].Kind == dsssyntax.EOF {
		toks = toks[:len(toks)-1]
	}
	match := matchBraces(toks)
	n := 0
	type level struct{ lo, hi, depth int }
	work := []level{{0, len(toks), 0}}
	for len(work) > 0 {
		lv := work[len(work)-1]
		work = work[:len(work)-1]
		for i := lv.lo; i < lv.hi; {
			tk := toks[i]
			if tk.Kind == dsssyntax.Directive || tk.Kind == dsssyntax.DocLine || isPunct(tk, "}") || isPunct(tk, ";") {
				i++
				continue
			}
			end, _, bodies := dssItem(toks, match, i, lv.hi)
			if lv.depth > 0 {
				n++
			}
			for _, b := range bodies {
				work = append(work, level{b[0], b[1], lv.depth + 1})
			}
			i = end
		}
	}
	return n
}

// trailingComment extends a unit ending at b over a `//` comment that ends
// its line, so a deleted statement takes its remark with it.
func trailingComment(src []byte, b int) int {
	i := b
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i+1 < len(src) && src[i] == '/' && src[i+1] == '/' {
		for i < len(src) && src[i] != '\n' {
			i++
		}
		return i
	}
	return b
}

// comments lists the `//` and `/* */` comments of gap, text between two
// tokens (so no string or doc line is in it).
func comments(gap []byte) []span {
	var out []span
	for i := 0; i+1 < len(gap); i++ {
		switch {
		case gap[i] == '/' && gap[i+1] == '/':
			j := i
			for j < len(gap) && gap[j] != '\n' {
				j++
			}
			out = append(out, span{i, j})
			i = j
		case gap[i] == '/' && gap[i+1] == '*':
			j := bytes.Index(gap[i+2:], []byte("*/"))
			end := len(gap)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			out = append(out, span{i, end})
			i = end - 1
		}
	}
	return out
}

// tidyBlankLines drops the blank lines at the start and end of src and
// makes every run of blank lines one.
func tidyBlankLines(src []byte) []byte {
	var out []byte
	blank := 0
	for _, line := range bytes.SplitAfter(src, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			blank++
			continue
		}
		if blank > 0 && len(out) > 0 {
			out = append(out, '\n')
		}
		blank = 0
		out = append(out, line...)
	}
	return out
}

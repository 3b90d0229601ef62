package pack

import (
	"fmt"
	"strings"

	"github.com/antlr4-go/antlr/v4"
	"github.com/google/mangle/parse/gen"
)

// syntaxReport is what syntaxErrors found.
type syntaxReport struct {
	text string // "LINE:COL message" lines, as parse.Unit's error has them
	n    int    // the errors in text
	// cut says the reading stopped at an error past the limit, at line
	// and col (0-based, as Mangle's).
	cut       bool
	line, col int
}

// syntaxErrors reads src with Mangle's own lexer and parser as its parser
// (parse.Unit) does, and returns the syntax errors in the form parse.Unit
// puts them in its error, stopping at the one after the max-th.
// parse.Unit collects every error first, and a 4 MB file of them took
// minutes and more than 2 GB; here the lexer and the parser are Mangle's,
// the listener is not. No parse tree is built: the errors are all this
// reading is for (TestSyntaxErrorsAreMangles holds them to parse.Unit's).
func syntaxErrors(src string, max int) (r syntaxReport) {
	el := &errorLimit{max: max}
	defer func() {
		if p := recover(); p != nil && p != errTooManySyntaxErrors {
			panic(p)
		}
		r = el.report
		r.text = el.b.String()
	}()
	lexer := gen.NewMangleLexer(antlr.NewInputStream(src))
	lexer.RemoveErrorListeners()
	lexer.AddErrorListener(el)
	parser := gen.NewMangleParser(antlr.NewCommonTokenStream(lexer, 0))
	parser.RemoveErrorListeners()
	parser.AddErrorListener(el)
	parser.BuildParseTrees = false
	parser.Start_()
	return r
}

// errTooManySyntaxErrors is how errorLimit leaves the parse: the
// generated parser has no way to be told to stop.
var errTooManySyntaxErrors = fmt.Errorf("pack: too many syntax errors")

// errorLimit collects a lexer's and a parser's syntax errors up to max.
type errorLimit struct {
	antlr.DefaultErrorListener
	max    int
	b      strings.Builder
	report syntaxReport
}

func (el *errorLimit) SyntaxError(_ antlr.Recognizer, _ any, line, column int, msg string, _ antlr.RecognitionException) {
	if el.report.n == el.max {
		el.report.cut, el.report.line, el.report.col = true, line, column
		panic(errTooManySyntaxErrors)
	}
	el.report.n++
	fmt.Fprintf(&el.b, "%d:%d %s\n", line, column, msg)
}

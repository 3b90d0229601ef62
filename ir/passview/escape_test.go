package passview_test

import (
	"bytes"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/ir/passview"
	"reuselab/printable"
)

// Names and strings from the sources reach the text and the page escaped:
// an ESC, a bidi override, a newline and HTML in the file name, the
// product name, a node's class, debug name and string property.
func TestPassViewsEscapeNames(t *testing.T) {
	const evil = "\x1b[2J\u202e|<script>alert(1)</script>\n"
	g := generated(7)
	g.Name = "P" + evil
	for _, n := range g.Nodes {
		n.Debug = "d" + evil
		if n.Op == ir.OpConstant {
			n.Props = append(n.Props, ir.Prop{Name: "Note", Value: ir.Str(evil)})
		}
	}
	r := capture(g, "2.0")
	r.File = "F" + evil + ".dsm"
	var text, page bytes.Buffer
	if err := passview.WriteText(&text, []*passview.Run{r}); err != nil {
		t.Fatal(err)
	}
	if err := passview.WriteHTML(&page, "passes: "+r.File, []*passview.Run{r}); err != nil {
		t.Fatal(err)
	}
	if !printable.IsBlock(text.String()) || !strings.Contains(text.String(), `\x1b[2J\u202e`) {
		t.Errorf("the text holds a raw control or bidi character, or no escape of one:\n%q", text.String()[:min(600, text.Len())])
	}
	if !printable.IsBlock(page.String()) {
		t.Errorf("the page holds a raw control or bidi character")
	}
	if strings.Contains(page.String(), "<script>alert") {
		t.Errorf("a name's <script> is HTML on the page")
	}
	if !strings.Contains(page.String(), `P\x1b[2J\u202e|&lt;script&gt;`) {
		t.Errorf("the page does not show the product name escaped")
	}
}

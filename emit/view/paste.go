package view

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"reuselab/emit"
)

// paste is one asset's clipboard text as ueblueprint gets it, and the
// object name of each asset node in it.
type paste struct {
	text string
	// names[i] is the MaterialGraphNode object asset node i became; nil
	// when the text's objects do not line up with the asset's nodes.
	names    []string
	comments int // comment-box objects in the text
	problem  string
}

var (
	objectName  = regexp.MustCompile(`\bName=(?:"([^"]*)"|([^\s"]+))`)
	objectClass = regexp.MustCompile(`\bClass=(?:"([^"]*)"|([^\s"]+))`)
	// safeName is what a CSS attribute selector may quote unescaped.
	safeName = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)
)

// MaxDrawnNodes bounds the boards of a page. ueblueprint builds a DOM
// element per node and pin, and the page inlines each board's paste (about
// 1.2 KB a node) twice over while it is written: past a few thousand nodes
// the page is too slow to open and, at 100k, too big to write. A larger
// asset keeps its counts and merge list and says why it is not drawn.
const MaxDrawnNodes = 5000

// pasteFor writes a as T3D with emit.WriteT3D and keeps the objects only:
// the material editor and ueblueprint read `Begin Object … End Object`
// text, and a comment line before it would sink the whole paste.
func pasteFor(a *emit.Asset) paste {
	if len(a.Nodes) > MaxDrawnNodes {
		return paste{problem: fmt.Sprintf("%d asset nodes: more than a page can draw (at most %d); "+
			"the counts and merges below are whole; `compile --format t3d` writes the paste", len(a.Nodes), MaxDrawnNodes)}
	}
	var buf bytes.Buffer
	if err := emit.WriteT3D(&buf, []*emit.Asset{a}); err != nil {
		return paste{problem: "emit.WriteT3D: " + err.Error()}
	}
	return cleanPaste(buf.String(), len(a.Nodes))
}

// cleanPaste keeps the objects of text, a T3D of an asset of nodes nodes,
// and names them.
func cleanPaste(text string, nodes int) paste {
	lines := strings.Split(text, "\n")
	first, last := -1, -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if first < 0 && strings.HasPrefix(t, "Begin Object") {
			first = i
		}
		if t == "End Object" {
			last = i
		}
	}
	if first < 0 || last < first {
		return paste{problem: "emit.WriteT3D wrote no Begin Object … End Object text"}
	}
	lines = lines[first : last+1]
	p := paste{text: strings.Join(lines, "\n") + "\n"}
	var names []string
	depth := 0
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "Begin Object"):
			if depth == 0 {
				cls := submatch(objectClass, t)
				if strings.HasSuffix(cls, "_Comment") {
					p.comments++
				} else {
					names = append(names, submatch(objectName, t))
				}
			}
			depth++
		case t == "End Object":
			depth--
		}
	}
	if depth != 0 {
		p.problem = fmt.Sprintf("the T3D's Begin/End Object lines do not balance (depth %d at the end)", depth)
	}
	if len(names) == nodes && p.problem == "" {
		p.names = names
	} else if p.problem == "" {
		p.problem = fmt.Sprintf("the T3D has %d node objects for %d asset nodes: merged nodes are not highlighted", len(names), nodes)
	}
	return p
}

func submatch(re *regexp.Regexp, s string) string {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[1] + m[2]
}

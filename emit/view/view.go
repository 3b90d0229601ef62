// Package view writes `reuselab view`'s page: one self-contained HTML file
// that shows each asset twice, the raw graph and the merged one, with the
// merged nodes highlighted, the list of merges and the node counts.
//
// Each graph is a board, SVG this package draws (board.go) from the
// positions emit/layout gave the asset: it is markup in the page, so it
// shows when the page loads, fitted to the window, and Boards writes the
// same drawings as standalone files. Under each board, ueblueprint (the
// renderer behind blueprintue.com, vendored in ueblueprint/) draws the T3D
// emit.WriteT3D writes, the way the material editor would draw a paste of
// it: the check that the paste reads back whole.
//
// The page inlines ueblueprint's script, stylesheet and fonts, so it opens
// offline from a file. Its bytes depend only on the assets: a small script
// in it counts the nodes and links ueblueprint drew, after drawing, and
// writes them into data- attributes, which is how the browser test reads
// them back.
package view

import (
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"reuselab/emit"
	"reuselab/ir"
	"reuselab/printable"
)

// Side is one graph of an asset: the emitted asset and the reuse result it
// was emitted from (nil: the graph as built).
type Side struct {
	Label  string // says how it was made: "raw (--reuse none)", "merged (2.0)"
	Asset  *emit.Asset
	Result *ir.Result
}

// Entry is one asset of a source file, raw and merged.
type Entry struct {
	File        string // the source as the user named it
	Raw, Merged Side
	Notes       []string // said above the graphs (a pack that stopped, …)
	// Checks are the merges' verdicts by the merged graph's node each
	// merge became (verdicts.go); nil: the merges are drawn unjudged.
	Checks map[int]Check
}

// Counts are what a side's drawing must hold: the asset's nodes (comment
// boxes apart) and one link per connected input.
type Counts struct {
	Nodes, Comments, Links int
}

// Expected returns the counts ueblueprint must draw for a.
func Expected(a *emit.Asset) Counts {
	c := Counts{Nodes: len(a.Nodes), Comments: len(a.Comments)}
	for _, n := range a.Nodes {
		c.Links += len(n.Inputs)
	}
	return c
}

// Write writes the page for entries.
func Write(w io.Writer, title string, entries []Entry) error {
	css, js, legal, err := inlined()
	if err != nil {
		return err
	}
	pg := pageData{Title: printable.Text(title), UEBStyle: template.CSS(css), UEBScript: template.JS(js),
		PageStyle: template.CSS(pageStyle + legendStyle() + boardStyle), BoardScript: template.JS(boardScript), CountScript: template.JS(countScript), Legend: legend,
		ErrorScript: template.JS(errorScript), Version: UEBlueprintVersion, License: legal}
	var hl strings.Builder
	for i, e := range entries {
		av := assetData(i, e, &hl)
		var drawn []*emit.Asset
		for _, sv := range av.Sides {
			drawn = append(drawn, sv.asset)
		}
		av.Arrange = arrangement(drawn...)
		for k := range av.Sides {
			if sv := &av.Sides[k]; sv.asset != nil {
				var b strings.Builder
				drawBoard(&b, sv.asset, sv.ID, sv.names, sv.marks, false)
				sv.Board = template.HTML(b.String()) // drawBoard escapes every text it takes from the asset
			}
		}
		pg.Assets = append(pg.Assets, av)
		pg.Checked = pg.Checked || av.Checked
	}
	pg.Highlight = template.CSS(hl.String())
	return pageTemplate.Execute(w, pg)
}

type pageData struct {
	Title                               string
	UEBStyle, PageStyle, Highlight      template.CSS
	UEBScript, CountScript, ErrorScript template.JS
	BoardScript                         template.JS
	Version, License                    string
	Assets                              []assetView
	Legend                              []struct{ Verdict, Says string }
	Checked                             bool // some merge carries a verdict: the legend is shown
}

type assetView struct {
	ID, Kind, Name, File string
	Sides                []sideView
	Merges               []Merge
	Checked              bool   // the merges carry verdicts
	Arrange              string // how the two boards are set: arrangement
	Notes                []string
	Saving               string
}

type sideView struct {
	ID, Class, Label string
	Build, IR        int
	Expect           Counts
	T3D              string
	Problem          string
	Highlighted      int
	Board            template.HTML // the SVG drawing; empty when the side is not drawn
	asset            *emit.Asset   // the asset drawn (nil: none)
	names            []string      // the paste's object name of each asset node, nil when unknown
	marks            []nodeMark    // how each asset node is drawn
}

// BoardFile is one board as a standalone SVG file: Name says which
// (the asset's name and "raw" or "merged"), for the caller to make a file
// name of.
type BoardFile struct {
	Name string
	SVG  []byte
}

// Boards draws every side of entries that the page draws, in page order,
// each as a standalone SVG file: the page's drawing, with its stylesheet,
// one pixel per editor unit.
func Boards(entries []Entry) []BoardFile {
	var out []BoardFile
	var hl strings.Builder
	for i, e := range entries {
		av := assetData(i, e, &hl)
		for _, sv := range av.Sides {
			if sv.asset == nil {
				continue
			}
			var b strings.Builder
			drawBoard(&b, sv.asset, sv.ID, sv.names, sv.marks, true)
			out = append(out, BoardFile{Name: sv.asset.Name + "." + sv.Class, SVG: []byte(b.String())})
		}
	}
	return out
}

func assetData(i int, e Entry, hl *strings.Builder) assetView {
	id := "asset-" + strconv.Itoa(i)
	av := assetView{ID: id, File: e.File, Notes: e.Notes}
	if a := e.Merged.Asset; a != nil {
		av.Kind, av.Name = a.Kind, a.Name
	} else if a := e.Raw.Asset; a != nil {
		av.Kind, av.Name = a.Kind, a.Name
	}
	var pastes [2]paste
	sides := [2]*Side{&e.Raw, &e.Merged}
	for k, s := range sides {
		if s.Asset != nil {
			pastes[k] = pasteFor(s.Asset)
		}
	}
	av.Merges = merges(e.File, e.Raw, e.Merged, pastes[0].names, pastes[1].names)
	// The nodes to highlight: on the merged side the asset nodes each merge
	// became, drawn by its verdict, on the raw side the ones it took in.
	marked := [2]map[string]bool{{}, {}}
	verdictOf, titleOf := map[string]string{}, map[string]string{}
	for i := range av.Merges {
		m := &av.Merges[i]
		if c, ok := e.Checks[m.Final]; ok {
			m.Check, av.Checked = &c, true
			m.Board = id + "-merged"
		}
		for _, n := range m.Nodes {
			marked[1][n] = true
			if m.Check != nil {
				verdictOf[n], titleOf[n] = m.Check.Verdict, m.Check.Title
				if safeName.MatchString(n) {
					m.Marks = strings.TrimSpace(m.Marks + " " + n)
				}
			}
		}
		for _, b := range m.Build {
			for _, n := range b.Raw {
				marked[0][n] = true
			}
		}
	}
	for k, s := range sides {
		sv := sideView{ID: id + []string{"-raw", "-merged"}[k], Class: []string{"raw", "merged"}[k], Label: s.Label}
		if s.Asset == nil {
			sv.Problem = "no asset"
			av.Sides = append(av.Sides, sv)
			continue
		}
		sv.Expect = Expected(s.Asset)
		sv.T3D, sv.Problem = pastes[k].text, pastes[k].problem
		sv.Build, sv.IR = len(s.Asset.Nodes), len(s.Asset.Nodes)
		if s.Result != nil && s.Result.Build != nil && s.Result.Graph != nil {
			sv.Build, sv.IR = len(s.Result.Build.Nodes), len(s.Result.Graph.Nodes)
		}
		if pastes[k].names != nil {
			sv.Highlighted = writeHighlight(hl, sv.ID, sortedKeys(marked[k]), k == 1, verdictOf)
		}
		if len(s.Asset.Nodes) <= MaxDrawnNodes {
			sv.asset, sv.names = s.Asset, pastes[k].names
			sv.marks = boardMarks(pastes[k].names, marked[k], k == 1, verdictOf, titleOf)
		}
		av.Sides = append(av.Sides, sv)
	}
	escapeView(&av)
	if r, m := e.Raw.Asset, e.Merged.Asset; r != nil && m != nil && len(r.Nodes) > 0 {
		d := len(r.Nodes) - len(m.Nodes)
		av.Saving = fmt.Sprintf("%d asset nodes raw, %d merged: %d fewer (%.1f%%)", len(r.Nodes), len(m.Nodes), d,
			100*float64(d)/float64(len(r.Nodes)))
	}
	return av
}

// escapeView escapes every text of av that a source or a file name put
// there (printable: names, classes, spans, notes, the paste), once the
// highlight rules have been made from the names as they are. html/template
// escapes the HTML; an ESC or a bidi override would still reach the page,
// and ueblueprint draws the paste's strings as titles.
func escapeView(av *assetView) {
	av.Kind, av.Name, av.File = printable.Text(av.Kind), printable.Text(av.Name), printable.Text(av.File)
	av.Notes = textAll(av.Notes)
	for i := range av.Sides {
		sv := &av.Sides[i]
		sv.Label, sv.Problem, sv.T3D = printable.Text(sv.Label), printable.Text(sv.Problem), printable.Block(sv.T3D)
	}
	for i := range av.Merges {
		m := &av.Merges[i]
		m.Nodes, m.Classes = textAll(m.Nodes), textAll(m.Classes)
		if m.Check != nil {
			m.Check.Title = printable.Block(m.Check.Title)
		}
		for k := range m.Build {
			b := &m.Build[k]
			b.Op, b.Class, b.Debug = printable.Text(b.Op), printable.Text(b.Class), printable.Text(b.Debug)
			b.Span, b.Fate, b.Raw = printable.Text(b.Span), printable.Text(b.Fate), textAll(b.Raw)
		}
	}
}

func textAll(ss []string) []string {
	if ss == nil {
		return nil
	}
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = printable.Text(s)
	}
	return out
}

// writeHighlight adds the CSS rules that mark names in the blueprint id:
// on the merged side one rule per verdict (verdictOf; a name without one,
// or a merge the reference makes too, in the plain merged style); names
// come from the T3D and only plain ones are quoted into a selector.
func writeHighlight(hl *strings.Builder, id string, names []string, merged bool, verdictOf map[string]string) int {
	sel := map[string][]string{}
	n := 0
	for _, name := range names {
		if !safeName.MatchString(name) {
			continue
		}
		style := "ueb-merged-away"
		if merged {
			style = "ueb-merged"
			if _, ok := verdictStyle[verdictOf[name]]; ok {
				style = verdictOf[name]
			}
		}
		sel[style] = append(sel[style], "#"+id+` ueb-node[data-title="`+name+`"]`)
		n++
	}
	for _, style := range slices.Sorted(maps.Keys(sel)) {
		rule, ok := highlightRules[style]
		if !ok {
			rule = verdictStyle[style]
		}
		fmt.Fprintf(hl, "%s{%s}\n", strings.Join(sel[style], ",\n"), rule)
	}
	return n
}

// boardMarks says how a board draws each node, by the paste's object
// names (nil: none is marked): as writeHighlight marks ueblueprint's nodes.
func boardMarks(names []string, marked map[string]bool, merged bool, verdictOf, titleOf map[string]string) []nodeMark {
	if names == nil {
		return nil
	}
	marks := make([]nodeMark, len(names))
	for i, name := range names {
		if !marked[name] {
			continue
		}
		switch v := verdictOf[name]; {
		case !merged:
			marks[i].style = "away"
		case v != "":
			marks[i] = nodeMark{style: v, title: titleOf[name]}
		default:
			marks[i].style = "merged"
		}
	}
	return marks
}

// highlightRules draw the outline at the same screen width at every zoom:
// the nodes sit in ueblueprint's grid, which is scaled by --ueb-scale.
var highlightRules = map[string]string{
	"ueb-merged": "outline:calc(4px / var(--ueb-scale, 1)) solid #ffb300;outline-offset:calc(3px / var(--ueb-scale, 1));" +
		"box-shadow:0 0 calc(24px / var(--ueb-scale, 1)) calc(6px / var(--ueb-scale, 1)) rgba(255,179,0,.55)",
	"ueb-merged-away": "outline:calc(3px / var(--ueb-scale, 1)) dashed #ff5a36;outline-offset:calc(3px / var(--ueb-scale, 1))",
}

// sortedKeys gives the names in order: the page's bytes may not depend on
// map order.
func sortedKeys(m map[string]bool) []string {
	return slices.Sorted(maps.Keys(m))
}

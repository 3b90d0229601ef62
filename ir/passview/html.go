package passview

import (
	"html/template"
	"io"
	"strconv"
	"strings"

	"reuselab/ir"
	"reuselab/printable"
)

// WriteHTML writes one self-contained page (no file or network read) for
// runs: per product a row of columns, one per pass, like Go's ssa.html. A
// merged, pruned, folded or rewritten node is marked in the column of the
// pass that did it (a removed node struck through where it stood);
// hovering a node highlights, in every column, the nodes equal to it (the
// ones merged with it) and shows its fate and the source spans of all of
// them. The same runs give the same bytes.
//
// Every text taken from the sources (file, asset and class names, strings
// in node lines) goes in as printable.Text, which html/template then
// escapes: the page shows an ESC or a bidi override as its escape.
func WriteHTML(w io.Writer, title string, runs []*Run) error {
	page := pageData{Title: printable.Text(title), Style: template.CSS(pageStyle), Script: template.JS(pageScript)}
	for i, r := range runs {
		page.Products = append(page.Products, productData(i, r))
	}
	return pageTemplate.Execute(w, page)
}

type pageData struct {
	Title    string
	Style    template.CSS
	Script   template.JS
	Products []productView
}

type productView struct {
	ID, File, Name, Kind string
	Index                int
	Columns              []columnView
}

type columnView struct {
	Column
	Rows []rowView
}

type rowView struct {
	Row
	Eq    string // the build ids equal to this node, space separated
	Title string // what hovering shows
}

func productData(i int, r *Run) productView {
	g := r.Result.Build
	p := productView{ID: "product-" + strconv.Itoa(i), File: printable.Text(r.File), Name: printable.Text(g.Name), Kind: g.Kind.String(), Index: g.Index}
	equal := Equal(r.Result)
	info := make([]string, len(r.Result.Fates))
	eq := make([]string, len(r.Result.Fates))
	for b := range r.Result.Fates {
		info[b] = nodeInfo(r.Result, b, equal[b])
		eq[b] = joinBuild(equal[b], " ", "")
	}
	for _, c := range Columns(r) {
		cv := columnView{Column: c}
		for _, row := range c.Rows {
			rv := rowView{Row: row}
			rv.Line = printable.Text(row.Line)
			if row.Build >= 0 && row.Build < len(info) {
				rv.Eq, rv.Title = eq[row.Build], printable.Text(info[row.Build])
			}
			cv.Rows = append(cv.Rows, rv)
		}
		p.Columns = append(p.Columns, cv)
	}
	return p
}

// nodeInfo is what hovering build node b shows: what it is, its fate, the
// nodes equal to it and where each came from.
func nodeInfo(res *ir.Result, b int, equal []int) string {
	n := res.Build.Nodes[b]
	f := res.Fates[b]
	var s strings.Builder
	s.WriteString("b" + strconv.Itoa(b) + " " + n.Op.String())
	if n.Op.HasClass() {
		s.WriteString("[" + n.Class + "]")
	}
	if n.Debug != "" {
		s.WriteString(" " + ir.QuoteString(n.Debug))
	}
	s.WriteString(": " + fateText(res, f) + ".")
	if len(equal) > 1 {
		s.WriteString(" Equal: " + joinBuild(equal, ", ", "b") + ".")
	}
	s.WriteString(" Source: ")
	for k, e := range equal {
		if k > 0 {
			s.WriteString("; ")
		}
		if len(equal) > 1 {
			s.WriteString("b" + strconv.Itoa(e) + " ")
		}
		s.WriteString(SpanText(res.Build.Nodes[e].Span))
	}
	return s.String()
}

func fateText(res *ir.Result, f ir.Fate) string {
	by := ""
	if f.Pass != ir.NoPass {
		by = " by " + f.Pass.String()
		if f.Round > 0 {
			by += " (round " + strconv.Itoa(int(f.Round)) + ")"
		}
	}
	now := ", now %" + strconv.Itoa(int(f.Final))
	switch f.Kind {
	case ir.Kept:
		return "kept" + now
	case ir.Merged:
		s := "merged into b" + strconv.Itoa(int(f.Into)) + by
		if f.Final < 0 {
			return s + ", which was pruned"
		}
		return s + now
	case ir.Pruned:
		return "pruned" + by
	}
	return f.Kind.String() + by + now
}

func joinBuild(ids []int, sep, prefix string) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = prefix + strconv.Itoa(id)
	}
	return strings.Join(parts, sep)
}

var pageTemplate = template.Must(template.New("passview").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>{{.Style}}</style>
</head>
<body data-products="{{len .Products}}">
<header>
<h1>{{.Title}}</h1>
<p>The IR after every pass, one column per pass, in the order the passes ran. Nodes are named by build id
(<code>b12</code>), the same in every column; the last column, after reindex, names them as
<code>compile --format ir</code> does (<code>%5</code>). Marked in the column of the pass that did it:
<span class="key merged">merged</span> <span class="key pruned">pruned</span> (struck through where they stood),
<span class="key folded">folded</span> <span class="key rewritten">rewritten</span>. Hover a node: the nodes
equal to it light up in every column, and its fate and source spans show below.</p>
</header>
<div id="info" class="info">Hover a node.</div>
{{range .Products}}<section class="product" id="{{.ID}}" data-file="{{.File}}" data-name="{{.Name}}">
<h2>{{.File}}: product {{.Index}} {{.Kind}} <span class="name">{{.Name}}</span></h2>
<div class="columns">
{{range .Columns}}<div class="column{{if .Final}} final{{end}}" data-pass="{{.Pass}}" data-round="{{.Round}}" data-changed="{{.Changed}}">
<h3>{{.Label}}{{if ge .Changed 0}} <span class="changed">{{.Changed}} changed</span>{{end}}</h3>
<ol class="nodes">
{{range .Rows}}<li class="node{{if .Mark}} {{.Mark}}{{end}}{{if .Removed}} removed{{end}}" data-b="{{.Build}}" data-eq="{{.Eq}}"{{if .Mark}} data-mark="{{.Mark}}"{{end}}{{if .Removed}} data-removed="1"{{end}} title="{{.Title}}">{{.Line}}</li>
{{end}}</ol>
</div>
{{end}}</div>
</section>
{{end}}<script>{{.Script}}</script>
</body>
</html>
`))

const pageStyle = `
body{margin:0;padding:0 16px 96px;font:14px/1.4 system-ui,sans-serif;background:#1b1b1b;color:#ddd}
h1{font-size:20px;margin:12px 0 4px}h2{font-size:16px;margin:20px 0 6px}h2 .name{color:#ffd27a}
h3{font-size:13px;margin:0 0 4px;position:sticky;top:0;background:#262626;padding:4px 6px}
h3 .changed{font-weight:normal;color:#999}
code{font:12px ui-monospace,monospace;color:#ffd27a}
.columns{display:flex;gap:8px;overflow-x:auto;align-items:flex-start;padding-bottom:8px}
.column{flex:0 0 auto;width:30em;background:#222;border:1px solid #3a3a3a}
.column.final{border-color:#6a8a4a}
ol.nodes{list-style:none;margin:0;padding:2px 4px}
li.node{font:11px/1.5 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;padding:0 3px;border-left:3px solid transparent;cursor:default}
.merged{background:#4a3410;border-left-color:#ffb300}
.pruned{background:#333;color:#888;border-left-color:#888}
.folded{background:#10304a;border-left-color:#4aa3ff}
.rewritten{background:#34104a;border-left-color:#c070ff}
li.removed{text-decoration:line-through}
li.hl{outline:1px solid #ffe066}li.hl-self{outline:2px solid #fff}
.key{padding:0 4px;border-left:3px solid}
.info{position:fixed;left:0;right:0;bottom:0;background:#111;border-top:1px solid #555;padding:6px 16px;font:12px ui-monospace,monospace;min-height:2.8em;white-space:pre-wrap}
`

// pageScript lights up the nodes equal to the hovered one, and records on
// <body> what it found drawn, so that a headless browser's DOM dump can be
// checked (data-drawn-*): columns with a size, their left edges in order,
// marked rows styled unlike plain ones; and, when the page is opened with
// #selftest, what a hover over the first merged node lit (data-hover-*).
const pageScript = `
(function(){
var info=document.getElementById('info');
function light(sec,byB,n){
  sec.querySelectorAll('.hl,.hl-self').forEach(function(x){x.classList.remove('hl','hl-self');});
  n.getAttribute('data-eq').split(' ').forEach(function(b){(byB[b]||[]).forEach(function(x){x.classList.add('hl');});});
  (byB[n.getAttribute('data-b')]||[]).forEach(function(x){x.classList.add('hl-self');});
  info.textContent=n.title;
}
var sections=document.querySelectorAll('section.product');
sections.forEach(function(sec){
  var byB={};
  sec.querySelectorAll('li.node').forEach(function(n){var b=n.getAttribute('data-b');(byB[b]=byB[b]||[]).push(n);});
  sec.addEventListener('mouseover',function(e){var n=e.target.closest('li.node');if(n){light(sec,byB,n);}});
  sec.byB=byB;
});
var cols=document.querySelectorAll('div.column'),drawn=0,ordered=1;
sections.forEach(function(sec){
  var last=-1e9;
  sec.querySelectorAll('div.column').forEach(function(c){
    var r=c.getBoundingClientRect();
    if(r.width>0&&r.height>0){drawn++;}
    if(r.left<=last){ordered=0;}
    last=r.left;
  });
});
var plain=document.querySelector('li.node:not([data-mark])'),styled=0,marked=document.querySelectorAll('li.node[data-mark]');
var plainBg=plain?getComputedStyle(plain).backgroundColor:'';
marked.forEach(function(n){if(getComputedStyle(n).backgroundColor!==plainBg){styled++;}});
var body=document.body;
body.setAttribute('data-drawn-columns',String(drawn));
body.setAttribute('data-drawn-ordered',String(ordered));
body.setAttribute('data-drawn-marked',String(marked.length));
body.setAttribute('data-drawn-styled',String(styled));
var m=location.hash==='#selftest'&&document.querySelector('li.node.merged');
if(m){
  m.dispatchEvent(new MouseEvent('mouseover',{bubbles:true}));
  body.setAttribute('data-hover-b',m.getAttribute('data-b'));
  body.setAttribute('data-hover-lit',String(document.querySelectorAll('li.hl').length));
  body.setAttribute('data-hover-info',info.textContent);
}
body.setAttribute('data-passview-done','1');
})();
`

package emit

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"

	"reuselab/printable"
)

// WriteDOT writes the assets as one Graphviz digraph, a cluster per asset:
// a box per node (class and key), an edge per input labelled with the
// output and the pin it connects, and the material root with one edge per
// bound input. Deterministic: nodes and edges in emission order.
func WriteDOT(w io.Writer, assets []*Asset) error {
	b := bufio.NewWriterSize(w, 64<<10) // streamed: the text is linear in the graph, memory need not be
	b.WriteString("digraph reuselab {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n")
	for ai, a := range assets {
		id := func(n int) string { return "a" + strconv.Itoa(ai) + "n" + strconv.Itoa(n) }
		fmt.Fprintf(b, "  subgraph cluster_%d {\n    label=%s;\n", ai, dotQuote(a.Kind+" "+a.Name))
		l := newLabeler(a)
		for i := range a.Nodes {
			n := &a.Nodes[i]
			label := n.Class
			if k := l.keyText(n); k != "" && n.Role != RoleRerouteIn && n.Role != RoleRerouteTo {
				label += "\n" + k
			} else if v, ok := n.Prop("Name"); ok {
				label += "\n" + v
			} else if v, ok := n.Prop("Declaration"); ok {
				label += "\n" + v
			}
			style := ""
			switch n.Role {
			case RoleFresh, RoleHelper:
				style = ", style=dashed"
			case RoleRerouteIn, RoleRerouteTo:
				style = ", shape=cds"
			case RoleStatement:
				style = ", style=bold"
			}
			fmt.Fprintf(b, "    %s [label=%s%s];\n", id(n.ID), dotQuote(label), style)
		}
		for _, n := range a.Nodes {
			for _, in := range n.Inputs {
				lbl := in.Pin
				src := &a.Nodes[in.From]
				if in.OutputIndex < len(src.Outs) && src.Outs[in.OutputIndex] != "" {
					lbl = src.Outs[in.OutputIndex] + " → " + in.Pin
				} else if in.OutputIndex > 0 {
					lbl = "#" + strconv.Itoa(in.OutputIndex) + " → " + in.Pin
				}
				fmt.Fprintf(b, "    %s -> %s [label=%s];\n", id(in.From), id(n.ID), dotQuote(lbl))
			}
		}
		for _, n := range a.Nodes {
			if n.Role == RoleRerouteTo && n.Decl >= 0 {
				fmt.Fprintf(b, "    %s -> %s [style=dotted, arrowhead=none];\n", id(n.Decl), id(n.ID))
			}
		}
		if a.Kind == "Material" && len(a.Outputs) > 0 {
			root := "a" + strconv.Itoa(ai) + "root"
			fmt.Fprintf(b, "    %s [label=%s, shape=box3d];\n", root, dotQuote(a.Name+"\n(material root)"))
			for _, o := range a.Outputs {
				fmt.Fprintf(b, "    %s -> %s [label=%s];\n", id(o.Node), root, dotQuote(o.Target))
			}
		}
		b.WriteString("  }\n")
	}
	b.WriteString("}\n")
	return b.Flush()
}

// ErrNoGraphviz is returned by WriteSVG when `dot` is not on PATH.
var ErrNoGraphviz = errors.New("svg needs Graphviz: `dot` is not on PATH (install graphviz, or use --format dot and render it elsewhere)")

// WriteSVG renders WriteDOT's text with Graphviz `dot -Tsvg`.
func WriteSVG(w io.Writer, assets []*Asset) error {
	dot, err := exec.LookPath("dot")
	if err != nil {
		return ErrNoGraphviz
	}
	var src, out, stderr bytes.Buffer
	if err := WriteDOT(&src, assets); err != nil {
		return err
	}
	cmd := exec.Command(dot, "-Tsvg")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = &src, &out, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("dot -Tsvg: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	_, err = w.Write(out.Bytes())
	return err
}

// dotQuote quotes a label with printable.DOT: names in it come from
// sources, and an ESC or a bidi override reaches whoever renders or reads
// the graph; a newline stays a line break of the label.
func dotQuote(s string) string { return printable.DOT(s) }

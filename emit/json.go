package emit

import (
	"bytes"
	"encoding/json"
	"io"
)

// Diagnostic is one message in the JSON output (the compiler's diagnostics,
// or the emitter's warnings).
type Diagnostic struct {
	Pos      string `json:"pos"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// JSONFile is one source file in the JSON of `compile --format json`:
// its assets and its diagnostics. The command writes one document that
// holds one JSONFile per source (schema/compile-json.schema.json, its
// $defs.file); field names are the contract users parse, so they stay as
// they are. Field order is fixed by these structs and props keep emission
// order, so the output is byte-for-byte deterministic.
type JSONFile struct {
	File        string       `json:"file"`
	Assets      []jsonAsset  `json:"assets"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

type jsonAsset struct {
	Kind     string        `json:"kind"`
	Name     string        `json:"name"`
	Nodes    []jsonNode    `json:"nodes"`
	Outputs  []jsonOutput  `json:"outputs"`
	Comments []jsonComment `json:"comments,omitempty"`
	Stats    jsonStats     `json:"stats"`
}

type jsonNode struct {
	ID       int          `json:"id"`
	Class    string       `json:"class"`
	Props    orderedProps `json:"props"`
	Inputs   []jsonInput  `json:"inputs"`
	Pos      []string     `json:"pos"`
	Names    []string     `json:"names"`
	Role     string       `json:"role"`
	IR       int          `json:"ir"`
	Position jsonXY       `json:"position"`
}

type jsonXY struct {
	X int `json:"x"`
	Y int `json:"y"`
}

type jsonInput struct {
	Pin    string `json:"pin"`
	From   int    `json:"from"`
	Output int    `json:"output"`
	Mask   string `json:"mask,omitempty"` // Legacy1x: the connection's channel mask
}

type jsonOutput struct {
	Target string `json:"target"`
	Node   int    `json:"node"`
	Pin    int    `json:"pin"`
}

type jsonComment struct {
	Text string `json:"text"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
	W    int    `json:"w"`
	H    int    `json:"h"`
}

type jsonPass struct {
	Name    string `json:"name"`
	Round   int    `json:"round"`
	Changed int    `json:"changed"`
}

type jsonStats struct {
	Built  int        `json:"built"`
	Final  int        `json:"final"`
	Assets int        `json:"assetNodes"` // SEMANTICS D2: the asset count beside the IR ones
	Rounds int        `json:"rounds"`
	Passes []jsonPass `json:"passes"`
}

// orderedProps marshals as a JSON object in emission order.
type orderedProps []Prop

func (ps orderedProps) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p.Name)
		v, _ := json.Marshal(p.Value)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// WriteJSON writes the JSONFile of one source: the object the document of
// `compile --format json` lists under "files", not a document itself.
func WriteJSON(w io.Writer, file string, assets []*Asset, diags []Diagnostic) error {
	out, err := json.MarshalIndent(ToJSONFile(file, assets, diags), "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}

// ToJSONFile converts the assets of one source file and its diagnostics;
// the emitter's warnings join the diagnostics, positioned at the file.
func ToJSONFile(file string, assets []*Asset, diags []Diagnostic) JSONFile {
	jf := JSONFile{File: file, Assets: []jsonAsset{}, Diagnostics: []Diagnostic{}}
	jf.Diagnostics = append(jf.Diagnostics, diags...)
	for _, a := range assets {
		ja := jsonAsset{Kind: a.Kind, Name: a.Name, Nodes: []jsonNode{}, Outputs: []jsonOutput{},
			Stats: jsonStats{Built: a.Stats.Built, Final: a.Stats.Final, Assets: len(a.Nodes),
				Rounds: a.Stats.Rounds, Passes: []jsonPass{}}}
		for _, n := range a.Nodes {
			jn := jsonNode{ID: n.ID, Class: n.Class, Props: orderedProps(n.Props), Inputs: []jsonInput{},
				Pos: append([]string{}, n.Sources...), Names: append([]string{}, n.Names...),
				Role: n.Role, IR: n.IR, Position: jsonXY{n.Pos.X, n.Pos.Y}}
			if jn.Props == nil {
				jn.Props = orderedProps{}
			}
			for _, in := range n.Inputs {
				jn.Inputs = append(jn.Inputs, jsonInput{in.Pin, in.From, in.OutputIndex, in.Mask})
			}
			ja.Nodes = append(ja.Nodes, jn)
		}
		for _, o := range a.Outputs {
			ja.Outputs = append(ja.Outputs, jsonOutput{o.Target, o.Node, o.Pin})
		}
		for _, c := range a.Comments {
			ja.Comments = append(ja.Comments, jsonComment{c.Text, c.X, c.Y, c.W, c.H})
		}
		for _, p := range a.Stats.Passes {
			ja.Stats.Passes = append(ja.Stats.Passes, jsonPass{p.Pass, p.Round, p.Changed})
		}
		for _, wmsg := range a.Warnings {
			jf.Diagnostics = append(jf.Diagnostics, Diagnostic{Pos: file, Severity: "warning", Code: "", Message: wmsg})
		}
		jf.Assets = append(jf.Assets, ja)
	}
	return jf
}

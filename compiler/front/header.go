package front

import "reuselab/diag"

// A `.dsh` header may hold 1.x blocks beside 2.0 declarations. The 1.x
// front end reads those blocks (legacy.HeaderFuncs) and hands the 2.0 one
// what each declares as a HeaderFunc, so that the 2.0 front end declares
// it without reading 1.x syntax.

// HeaderKind is what a 1.x header block declares for a `.dss`.
type HeaderKind uint8

const (
	// NotCallable: a block the 1.x parser accepts that makes nothing a
	// `.dss` can call (an asset block, a VirtualFunction without an Asset).
	NotCallable HeaderKind = iota
	// CustomFunc: a 1.x Function or GraphFunction, whose body is the code
	// of a Custom node.
	CustomFunc
	// AssetFunc: a 1.x VirtualFunction with an Asset, a call to a
	// material function asset.
	AssetFunc
)

// HeaderParam is a parameter or pin as the 1.x source writes it.
type HeaderParam struct {
	Qual     string // "in", "out" or "" (a Function's parameters)
	Type     string // as written, 1.x spelling ("" for none)
	TypePos  diag.Pos
	Name     string
	NamePos  diag.Pos
	Optional bool // an `opt` input of a VirtualFunction
}

// HeaderFunc is one declaration of a 1.x header block.
type HeaderFunc struct {
	Kind      HeaderKind
	Pos       diag.Pos
	Name      string // a Function's own name; a VirtualFunction's last path segment
	NamePos   diag.Pos
	Namespace string // the enclosing Namespace of a Function, "" at top level
	// a CustomFunc's return type (1.x spelling, "" for none), its
	// parameters, and its body: the raw text between the braces and the
	// position of the opening brace
	RetType string
	RetPos  diag.Pos
	Params  []HeaderParam
	Body    string
	LBrace  diag.Pos
	// an AssetFunc's asset path, its inputs (Params) and outputs in order
	Asset   string
	Outputs []HeaderParam
}

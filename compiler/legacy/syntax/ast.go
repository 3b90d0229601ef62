// Package syntax is the DreamShader 1.x front end: a hand-written lexer and
// recursive-descent parser producing a positioned AST, plus the import loader.
// It only reads text and reports DSH diagnostics; typing and lowering live in
// the binder (package compiler).
package syntax

import "reuselab/diag"

// Pos is a 1-based file/line/column; the binder and IR dump print it as @L:C.
type Pos = diag.Pos

// Node is anything with a source position (its first character).
type Node interface {
	Position() Pos
}

// ---------------------------------------------------------------------------
// Files and units

// FileKind comes from the extension; the 1.x rules differ per kind.
type FileKind uint8

const (
	FileOther FileKind = iota
	FileDSM            // .dsm: materials (≤1 Shader)
	FileDSF            // .dsf: functions/layers, no Shader
	FileDSH            // .dsh: headers (Function/GraphFunction/Namespace/VirtualFunction)
)

// File is one parsed source.
type File struct {
	Path    string
	Kind    FileKind
	Imports []*Import
	Decls   []Decl
}

// Import is `import "p";` (or `Import`, a warning). Path is as written; the
// IR dump prints it verbatim as `include "<Path>"`.
type Import struct {
	Pos      Pos
	Path     string
	PathPos  Pos
	Capital  bool   // spelled `Import`
	Resolved string // filled by Load: the file actually read
}

func (n *Import) Position() Pos { return n.Pos }

// Unit is a main file plus everything it imports, imports first in include
// order (depth-first, each file once), the way 1.x inlined them.
type Unit struct {
	Main     *File
	Imported []*File   // include order, without Main
	Includes []*Import // the main file's imports, as written (IR `include` lines)
}

// Files lists imported files then the main file (1.x inlined imports before
// the importer, so this is also the declaration order).
func (u *Unit) Files() []*File {
	fs := append([]*File(nil), u.Imported...)
	if u.Main != nil {
		fs = append(fs, u.Main)
	}
	return fs
}

// ---------------------------------------------------------------------------
// Top-level declarations

// Decl is a top-level declaration: *BlockDecl, *FunctionDecl, *NamespaceDecl.
type Decl interface {
	Node
	declNode()
}

// BlockKind is the kind of an attribute block.
type BlockKind uint8

const (
	BlockShader BlockKind = iota
	BlockShaderFunction
	BlockShaderLayer      // also the old spelling MaterialLayer
	BlockShaderLayerBlend // also MaterialLayerBlend
	BlockVirtualFunction
)

func (k BlockKind) String() string {
	switch k {
	case BlockShader:
		return "Shader"
	case BlockShaderFunction:
		return "ShaderFunction"
	case BlockShaderLayer:
		return "ShaderLayer"
	case BlockShaderLayerBlend:
		return "ShaderLayerBlend"
	case BlockVirtualFunction:
		return "VirtualFunction"
	}
	return "?"
}

// Attr is one `Key=Value` of a block header. Value is the text (unquoted when
// Quoted); Expr is the parsed value when it is an expression such as
// `Path(Game, "x")`, else nil.
type Attr struct {
	Pos      Pos
	Key      string
	Value    string
	Quoted   bool
	ValuePos Pos
	Expr     Expr
}

func (n *Attr) Position() Pos { return n.Pos }

// BlockDecl is `Shader(…){…}`, `ShaderFunction(…){…}`, `ShaderLayer`,
// `ShaderLayerBlend`, `MaterialLayer[Blend]` (OldSpelling) and
// `VirtualFunction(…){…}`.
type BlockDecl struct {
	Pos         Pos
	Kind        BlockKind
	Keyword     string // as written
	OldSpelling bool   // MaterialLayer / MaterialLayerBlend
	Attrs       []*Attr
	Sections    []*Section
	LBrace      Pos
	RBrace      Pos
}

func (n *BlockDecl) Position() Pos { return n.Pos }
func (*BlockDecl) declNode()       {}

// Attr returns the last attribute with that key (case-insensitive; the last
// duplicate wins, as in 1.x), or nil.
func (n *BlockDecl) Attr(key string) *Attr { return findAttr(n.Attrs, key) }

// Name is the Name= attribute text ("" when absent).
func (n *BlockDecl) Name() string {
	if a := n.Attr("Name"); a != nil {
		return a.Value
	}
	return ""
}

// SectionsOf returns the sections of that kind in source order.
func (n *BlockDecl) SectionsOf(k SectionKind) []*Section {
	var out []*Section
	for _, s := range n.Sections {
		if s.Kind == k {
			out = append(out, s)
		}
	}
	return out
}

// FunctionDecl is `Function [SelfContained|Inline] [RetType] Name(params){hlsl}`
// or `GraphFunction [RetType] Name(params){graph}`.
type FunctionDecl struct {
	Pos       Pos
	Graph     bool   // GraphFunction
	Qualifier string // "SelfContained", "Inline" or ""
	QualPos   Pos
	RetType   string // "" when none (`void` reads as none)
	RetPos    Pos
	Name      string
	NamePos   Pos
	Namespace string // enclosing Namespace name, "" at top level
	Params    []*Param
	LParen    Pos
	// Body is the raw text between the braces: HLSL for both kinds (a
	// GraphFunction is HLSL whose UE.* calls are lifted, see Lifted);
	// BodyPos is the position of its first character.
	Body    string
	BodyPos Pos
	LBrace  Pos
	RBrace  Pos
	// Lifted lists a GraphFunction's outermost `UE.*(…)` calls in source
	// order, parsed, with their true positions: 1.x lifted each into a Custom
	// input `_ds_<Fn>_UE<n>` and left the rest of the body as HLSL (L8).
	Lifted []*CallExpr
	// Stmts is a GraphFunction body read as Graph statements when it parses
	// as such without any error; nil otherwise (the body is HLSL) and for
	// Function.
	Stmts []Stmt
}

func (n *FunctionDecl) Position() Pos { return n.Pos }
func (*FunctionDecl) declNode()       {}

// FullName is `N::F` inside a namespace, else `F`.
func (n *FunctionDecl) FullName() string {
	if n.Namespace != "" {
		return n.Namespace + "::" + n.Name
	}
	return n.Name
}

// Param is `[in|out] Type Name`.
type Param struct {
	Pos     Pos
	Qual    string // "in", "out" or "" (= in)
	Type    string
	TypePos Pos
	Name    string
	NamePos Pos
}

func (n *Param) Position() Pos { return n.Pos }

// IsOut reports an `out` parameter.
func (n *Param) IsOut() bool { return n.Qual == "out" }

// NamespaceDecl is `Namespace(Name=…){ Function… GraphFunction… }`.
type NamespaceDecl struct {
	Pos     Pos
	Attrs   []*Attr
	Name    string
	NamePos Pos
	Decls   []Decl
	LBrace  Pos
	RBrace  Pos
}

func (n *NamespaceDecl) Position() Pos { return n.Pos }
func (*NamespaceDecl) declNode()       {}

// Lang2Decl is a 2.0 declaration in a header (.dsh files mix the two
// languages per declaration); kept as raw text for the 2.0 front end.
type Lang2Decl struct {
	Pos  Pos
	Text string
}

func (n *Lang2Decl) Position() Pos { return n.Pos }
func (*Lang2Decl) declNode()       {}

// ---------------------------------------------------------------------------
// Sections

// SectionKind identifies a block section; names are case-insensitive.
type SectionKind uint8

const (
	SecUnknown SectionKind = iota
	SecProperties
	SecSettings
	SecInputs
	SecOutputs // also `Results`
	SecOptions
	SecGraph
	SecLayout
	SecCode // retired spelling of Graph (an error)
)

func (k SectionKind) String() string {
	return [...]string{"Unknown", "Properties", "Settings", "Inputs", "Outputs", "Options", "Graph", "Layout", "Code"}[k]
}

// Section is `Name [=] { … } [;]`. Exactly one of the content slices is used,
// according to Kind and the block kind:
//   - Properties: Props
//   - Settings, Options: Settings
//   - Inputs, and Outputs of function/layer/virtual blocks: Pins
//   - Outputs of a Shader: Outputs
//   - Graph: Stmts
//   - Layout: Layout
type Section struct {
	Pos      Pos
	Name     string // as written
	Kind     SectionKind
	Props    []PropItem
	Settings []*Setting
	Pins     []*Pin
	Outputs  []OutputItem
	Stmts    []Stmt
	Layout   []*LayoutItem
	LBrace   Pos
	RBrace   Pos
}

func (n *Section) Position() Pos { return n.Pos }

// PropItem is *PropDecl or *PropGroup.
type PropItem interface {
	Node
	propItem()
}

// PropDecl is `[const] Type Name [= Default] [ [meta] ]`, or the prebuilt
// form `UE.X(K=V,…) Name;` (UE set, Type = "UE.X").
type PropDecl struct {
	Pos     Pos
	Const   bool
	Type    string
	TypePos Pos
	UE      *CallExpr // prebuilt `UE.X(...)` node, else nil
	Name    string
	NamePos Pos
	Default Expr // nil when absent
	// DefaultText is the raw default text (trimmed), for 1.x-style literal
	// readers (vector defaults ignore the constructor name).
	DefaultText string
	Meta        []*MetaEntry
	Group       string // enclosing Group path "Outer|Inner", "" at top
	// GroupIndex is the 0-based position among the members of its innermost
	// Group (1.x auto sort = 10*GroupIndex); -1 outside any group.
	GroupIndex int
}

func (n *PropDecl) Position() Pos { return n.Pos }
func (*PropDecl) propItem()       {}

// PropGroup is `Group("G") { … }`.
type PropGroup struct {
	Pos     Pos
	Name    string
	NamePos Pos
	Items   []PropItem
}

func (n *PropGroup) Position() Pos { return n.Pos }
func (*PropGroup) propItem()       {}

// MetaEntry is one `Key=Value` of a `[…]` metadata list, or `Slider(min,max)`
// (Key "Slider", Args set).
type MetaEntry struct {
	Pos   Pos
	Key   string
	Value Expr   // nil for Slider
	Raw   string // value text as written (unquoted for strings)
	Args  []Expr // Slider bounds
}

func (n *MetaEntry) Position() Pos { return n.Pos }

// Setting is `Key = Value;` in Settings/Options. Value is the text (unquoted
// if Quoted); Expr the parsed value when it parses (Path(...), numbers).
type Setting struct {
	Pos      Pos
	Key      string
	Value    string
	Quoted   bool
	ValuePos Pos
	Expr     Expr
}

func (n *Setting) Position() Pos { return n.Pos }

// Pin is an Inputs/Outputs entry `[opt] Type Name [= expr] [meta]`.
type Pin struct {
	Pos     Pos
	Opt     bool
	Type    string
	TypePos Pos
	Name    string
	NamePos Pos
	Default Expr // nil when absent (may be *BraceInit)
	Meta    []*MetaEntry
}

func (n *Pin) Position() Pos { return n.Pos }

// OutputItem is a Shader Outputs statement: *OutputDecl, *OutputBinding or
// *ExprOutput.
type OutputItem interface {
	Node
	outputItem()
}

// OutputDecl is `Type Name [= expr];` in Shader Outputs.
type OutputDecl struct {
	Pin
}

func (*OutputDecl) outputItem() {}

// OutputBinding is `Base.Prop = expr;`.
type OutputBinding struct {
	Pos     Pos
	Base    string // "Base" as written
	Prop    string
	PropPos Pos
	Value   Expr
}

func (n *OutputBinding) Position() Pos { return n.Pos }
func (*OutputBinding) outputItem()     {}

// ExprOutput is `Expression(Class=…, k=v).Pin[i] = src;` (one Pins entry) or
// the block form `Expression(…){ Pin[i] = src; … }`.
type ExprOutput struct {
	Pos   Pos
	Args  []*Arg // all named; Class among them
	Block bool
	Pins  []*PinBinding
	// Key groups heads that are one node: class and arguments, keys
	// lower-cased, values unquoted, sorted. Equal keys in one Outputs
	// section are one call with every pin bound.
	Key string
}

func (n *ExprOutput) Position() Pos { return n.Pos }
func (*ExprOutput) outputItem()     {}

// Class returns the Class= argument text ("" if absent).
func (n *ExprOutput) Class() string {
	for _, a := range n.Args {
		if eqFold(a.Name, "Class") {
			if s, ok := a.Value.(*StringLit); ok {
				return s.Value
			}
			if id, ok := a.Value.(*Ident); ok {
				return id.Name
			}
		}
	}
	return ""
}

// PinBinding is `Pin[i] = src`.
type PinBinding struct {
	Pos      Pos
	Index    int
	IndexPos Pos
	Value    Expr
}

func (n *PinBinding) Position() Pos { return n.Pos }

// LayoutItem is `Node(Var=…, X=…, Y=…);` or `Comment(Name=…, X, Y, W, H[, Color=(…)]);`.
// The typed fields are filled from Args when they parse.
type LayoutItem struct {
	Pos      Pos
	Kind     string // "Node" or "Comment"
	Args     []*Arg
	Var      string // Node
	Name     string // Comment
	X, Y     int
	W, H     int
	Color    []float64 // Comment, normalised to 4 (alpha 1) when given
	HasColor bool
}

func (n *LayoutItem) Position() Pos { return n.Pos }

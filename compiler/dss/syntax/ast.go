package syntax

// File is one parsed `.dss`/`.dsh` source.
type File struct {
	Path  string
	Src   string
	Decls []Decl
}

// Doc is a `///` block: free text and `@key value` pairs in order.
type Doc struct {
	Pos  Pos
	Free string // the free lines joined by spaces
	// FreeLines are the free lines one by one: a pipeline's description
	// keeps them as lines.
	FreeLines []string
	Keys      []DocKey
}

// DocKey is one `@key value` of a doc block; Key is lower-cased.
type DocKey struct {
	Key, Value string
	Pos        Pos
}

// Get returns the first value of key and whether it is present.
func (d *Doc) Get(key string) (string, bool) {
	if d == nil {
		return "", false
	}
	for _, k := range d.Keys {
		if k.Key == key {
			return k.Value, true
		}
	}
	return "", false
}

// All returns every value of key, in order.
func (d *Doc) All(key string) []string {
	if d == nil {
		return nil
	}
	var out []string
	for _, k := range d.Keys {
		if k.Key == key {
			out = append(out, k.Value)
		}
	}
	return out
}

// Decl is a file-scope declaration.
type Decl interface{ declNode() }

// TypeRef is a type as written.
type TypeRef struct {
	Name string
	Pos  Pos
}

// Declarator is one `Name [= init]` of a declaration.
type Declarator struct {
	Name    string
	NamePos Pos
	Init    Expr // nil when absent
	// InitOff and InitEnd place the initializer's text in the source
	// (Src[InitOff:InitEnd]): a `.dsp` binder folds the value as written.
	InitOff, InitEnd int
	Array            bool // `Name[n]`: parsed, refused by the binder
}

// VarDecl is a file-scope variable: `[uniform|static|const…] Type Name [= e], …;`.
type VarDecl struct {
	Doc                    *Doc
	Pos                    Pos // first token after the doc block
	Uniform, Static, Const bool
	Extern, Export         bool
	Type                   TypeRef
	Vars                   []Declarator
	Region                 int // innermost file-scope region, -1 for none
}

// Param is a function parameter.
type Param struct {
	Qual    string // "", "in", "out", "inout"
	Type    TypeRef
	Name    string
	NamePos Pos
	Default Expr
	// Optional: a parameter without a Default that a call may leave out
	// (a 1.x VirtualFunction's `opt` input; the asset's default applies).
	Optional bool
	// Array: a struct field with array dimensions (parsed, refused by
	// the binder).
	Array bool
}

// FuncDecl is a function, an extern prototype or an opaque `@custom` body.
type FuncDecl struct {
	Doc            *Doc
	Pos            Pos
	Static, Const  bool
	Extern, Export bool
	Uniform        bool
	Ret            TypeRef
	Name           string
	NamePos        Pos
	Params         []Param
	Body           *Block // nil for a prototype or an opaque body
	Opaque         bool   // `/// @custom`: Raw holds the text between the braces
	Raw            string
	RawOpen        Pos // the `{` of the body
	Region         int
	// RetName names the return value's output on a FunctionCall node
	// ("" is "Result"): a 1.x VirtualFunction's first output keeps its name.
	RetName string
}

// StructDecl is `struct Name { Type field; … };`.
type StructDecl struct {
	Doc    *Doc
	Pos    Pos
	Name   string
	Fields []Param
}

// IncludeDecl is `#include "path"` or `import "path";`.
type IncludeDecl struct {
	Pos  Pos
	Path string
}

// PragmaDecl is a `#pragma` at file scope (material, layout, instance, …;
// region/endregion are RegionMark).
type PragmaDecl struct {
	Pos  Pos
	Name string // material, layout, instance, …
	Args []PragmaArg
	Text string
}

// PragmaArg is `Key = Value` or a bare word.
type PragmaArg struct {
	Key, Value string
	Pos        Pos
}

// RegionMark is `#pragma region Name` (End false) or `#pragma endregion`.
type RegionMark struct {
	Pos  Pos
	Name string
	End  bool
}

func (*VarDecl) declNode()     {}
func (*FuncDecl) declNode()    {}
func (*StructDecl) declNode()  {}
func (*IncludeDecl) declNode() {}
func (*PragmaDecl) declNode()  {}
func (*RegionMark) declNode()  {}

// Stmt is a statement.
type Stmt interface{ StmtPos() Pos }

type (
	// Block is `{ … }`.
	Block struct {
		Pos   Pos
		Stmts []Stmt
	}
	// EmptyStmt is `;`.
	EmptyStmt struct{ Pos Pos }
	// IfStmt is `if (c) S [else S]`.
	IfStmt struct {
		Pos  Pos
		Cond Expr
		Then Stmt
		Else Stmt
	}
	// ForStmt is `for (init; cond; step) S`; each part may be nil.
	ForStmt struct {
		Pos  Pos
		Init Stmt
		Cond Expr
		Step Expr
		Body Stmt
	}
	// WhileStmt is `while (c) S`; DoStmt is `do S while (c);`.
	WhileStmt struct {
		Pos  Pos
		Cond Expr
		Body Stmt
		Do   bool
	}
	// ReturnStmt is `return [e];`.
	ReturnStmt struct {
		Pos   Pos
		Value Expr
	}
	// JumpStmt is `break;`, `continue;` or `discard;`.
	JumpStmt struct {
		Pos  Pos
		Word string
	}
	// DeclStmt is a local `[static] [const] Type Name [= init], …;`.
	DeclStmt struct {
		Pos           Pos
		Static, Const bool
		Type          TypeRef
		Vars          []Declarator
	}
	// ExprStmt is `e;`.
	ExprStmt struct {
		Pos Pos
		X   Expr
	}
	// RegionStmt is `#pragma region N` / `#pragma endregion` in a body.
	RegionStmt struct {
		Pos  Pos
		Name string
		End  bool
	}
)

func (s *Block) StmtPos() Pos      { return s.Pos }
func (s *EmptyStmt) StmtPos() Pos  { return s.Pos }
func (s *IfStmt) StmtPos() Pos     { return s.Pos }
func (s *ForStmt) StmtPos() Pos    { return s.Pos }
func (s *WhileStmt) StmtPos() Pos  { return s.Pos }
func (s *ReturnStmt) StmtPos() Pos { return s.Pos }
func (s *JumpStmt) StmtPos() Pos   { return s.Pos }
func (s *DeclStmt) StmtPos() Pos   { return s.Pos }
func (s *ExprStmt) StmtPos() Pos   { return s.Pos }
func (s *RegionStmt) StmtPos() Pos { return s.Pos }

// Expr is an expression; ExprPos is its first character (§2.6).
type Expr interface{ ExprPos() Pos }

type (
	// Name is an identifier (also a type name in expression position).
	Name struct {
		Pos  Pos
		Text string
	}
	// NumberLit keeps its lexeme.
	NumberLit struct {
		Pos   Pos
		Text  string
		Value float64
		Float bool
	}
	// BoolLit is `true`/`false`.
	BoolLit struct {
		Pos   Pos
		Value bool
	}
	// StringLit is a decoded string.
	StringLit struct {
		Pos   Pos
		Value string
	}
	// Unary is a prefix operator (`- ! ~ + ++ --`).
	Unary struct {
		Pos Pos
		Op  string
		X   Expr
	}
	// Postfix is `x++` / `x--`.
	Postfix struct {
		Op    string
		X     Expr
		Start Pos // of X; see startOf
	}
	// Binary is `L op R`.
	Binary struct {
		Op    string
		OpPos Pos
		L, R  Expr
		Start Pos // of L; see startOf
	}
	// Assign is `L op= R` (op "=" for a plain assignment).
	Assign struct {
		Op    string
		L, R  Expr
		Start Pos // of L; see startOf
	}
	// Cond is `C ? T : F`.
	Cond struct {
		C, T, F Expr
		Start   Pos // of C; see startOf
	}
	// Cast is `(Type)X`.
	Cast struct {
		Pos  Pos
		Type TypeRef
		X    Expr
	}
	// Paren is `(X)`.
	Paren struct {
		Pos Pos
		X   Expr
	}
	// Member is `X.Name`.
	Member struct {
		X       Expr
		Name    string
		NamePos Pos
		Start   Pos // of X; see startOf
	}
	// Index is `X[I]`.
	Index struct {
		X, I  Expr
		Start Pos // of X; see startOf
	}
	// Call is `Fn(args)`.
	Call struct {
		Fn    Expr
		Args  []Arg
		LPos  Pos
		Start Pos // of Fn; see startOf
	}
	// InitList is `{ a, b, … }` (an initializer only).
	InitList struct {
		Pos   Pos
		Elems []Expr
	}
	// BadExpr stands where an expression failed to parse.
	BadExpr struct{ Pos Pos }
)

// Arg is a call argument, named (`Name = e`) or positional.
type Arg struct {
	Name    string
	NamePos Pos
	Value   Expr
}

func (e *Name) ExprPos() Pos      { return e.Pos }
func (e *NumberLit) ExprPos() Pos { return e.Pos }
func (e *BoolLit) ExprPos() Pos   { return e.Pos }
func (e *StringLit) ExprPos() Pos { return e.Pos }
func (e *Unary) ExprPos() Pos     { return e.Pos }
func (e *Postfix) ExprPos() Pos   { return startOf(e.Start, e.X) }
func (e *Binary) ExprPos() Pos    { return startOf(e.Start, e.L) }
func (e *Assign) ExprPos() Pos    { return startOf(e.Start, e.L) }
func (e *Cond) ExprPos() Pos      { return startOf(e.Start, e.C) }
func (e *Cast) ExprPos() Pos      { return e.Pos }
func (e *Paren) ExprPos() Pos     { return e.Pos }
func (e *Member) ExprPos() Pos    { return startOf(e.Start, e.X) }
func (e *Index) ExprPos() Pos     { return startOf(e.Start, e.X) }
func (e *Call) ExprPos() Pos      { return startOf(e.Start, e.Fn) }
func (e *InitList) ExprPos() Pos  { return e.Pos }
func (e *BadExpr) ExprPos() Pos   { return e.Pos }

// startOf is where an expression that begins with its left operand starts.
// The parser records it when it builds the node (Start), because asking the
// left operand would walk the whole left spine: for a chain of n operators
// that is n deep and, asked once per node while lowering, n² in all. A node
// built elsewhere without Start asks its operand.
func startOf(start Pos, left Expr) Pos {
	if start.Line > 0 {
		return start
	}
	return left.ExprPos()
}

// LeftSpine walks a left-deep chain of binary operators without recursion:
// spine[0] is e, each next one its left operand, and leftmost is the first
// operand that is not a Binary. Lowering and constant folding go through a
// long sum this way so that its length cannot drive the stack.
func LeftSpine(e *Binary) (leftmost Expr, spine []*Binary) {
	var x Expr = e
	for {
		b, ok := x.(*Binary)
		if !ok {
			return x, spine
		}
		spine = append(spine, b)
		x = b.L
	}
}

// Unparen strips parentheses.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*Paren)
		if !ok {
			return e
		}
		e = p.X
	}
}

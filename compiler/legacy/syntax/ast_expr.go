package syntax

// ---------------------------------------------------------------------------
// Graph statements

// Stmt is a Graph statement.
type Stmt interface {
	Node
	stmtNode()
}

// DeclStmt is `Type a [= init], b, …;` (comma declarations share Type).
type DeclStmt struct {
	Pos     Pos // the type
	Type    string
	TypePos Pos
	Vars    []*Declarator
}

func (n *DeclStmt) Position() Pos { return n.Pos }
func (*DeclStmt) stmtNode()       {}

// Declarator is one `Name [= Init]`; Init may be *BraceInit.
type Declarator struct {
	Pos  Pos // the name
	Name string
	Init Expr
}

func (n *Declarator) Position() Pos { return n.Pos }

// AssignStmt is `Target = Value;`; Target is *Ident or *MemberExpr (m.X).
type AssignStmt struct {
	Pos    Pos
	Target Expr
	Value  Expr
}

func (n *AssignStmt) Position() Pos { return n.Pos }
func (*AssignStmt) stmtNode()       {}

// CallStmt is a call used as a statement, `F(a, b, OutX);`.
type CallStmt struct {
	Pos  Pos
	Call *CallExpr
}

func (n *CallStmt) Position() Pos { return n.Pos }
func (*CallStmt) stmtNode()       {}

// IfStmt is `if (cond) {…} [else if … | else {…}]`. An `else if` is an
// IfStmt as the only element of Else (ElseIf set).
type IfStmt struct {
	Pos     Pos // the `if` keyword
	Cond    *Cond
	Then    []Stmt
	Else    []Stmt
	ElsePos Pos
	ElseIf  bool
}

func (n *IfStmt) Position() Pos { return n.Pos }
func (*IfStmt) stmtNode()       {}

// Cond is `L [op R]`; Op is "" for a truthy test (R nil), else one of
// `> < >= <= == !=`.
type Cond struct {
	Pos   Pos
	Left  Expr
	Op    string
	OpPos Pos
	Right Expr
}

func (n *Cond) Position() Pos { return n.Pos }

// RegionStmt is `#Region "Name"` … `#EndRegion`, holding the statements in
// between (regions nest).
type RegionStmt struct {
	Pos    Pos
	Name   string
	Body   []Stmt
	EndPos Pos // the #EndRegion (zero if never closed)
}

func (n *RegionStmt) Position() Pos { return n.Pos }
func (*RegionStmt) stmtNode()       {}

// ReturnStmt is `return expr;` — only in GraphFunction bodies with a return
// type (1.x rewrote it to `__return = expr;`).
type ReturnStmt struct {
	Pos   Pos
	Value Expr // nil for a bare return
}

func (n *ReturnStmt) Position() Pos { return n.Pos }
func (*ReturnStmt) stmtNode()       {}

// ---------------------------------------------------------------------------
// Expressions

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// NumKind is the compiler kind a literal's suffix selects.
type NumKind uint8

const (
	NumInt   NumKind = iota // no suffix (or l/L) on an integer
	NumUint                 // u/U
	NumFloat                // fraction, exponent or f/F
	NumHalf                 // h/H
)

// NumberLit keeps the raw text, the value and the kind.
type NumberLit struct {
	Pos   Pos
	Raw   string
	Value float64
	Kind  NumKind
}

// BoolLit is true/false in any case.
type BoolLit struct {
	Pos   Pos
	Raw   string
	Value bool
}

// StringLit is a "…" literal; Value is unescaped.
type StringLit struct {
	Pos   Pos
	Raw   string
	Value string
}

// Ident is a name.
type Ident struct {
	Pos  Pos
	Name string
}

// ScopeExpr is `X::Name` (namespace function reference).
type ScopeExpr struct {
	Pos     Pos
	X       Expr
	Name    string
	NamePos Pos
}

// MemberExpr is `X.Name` (swizzle, MA member, UE./Substrate. callee part).
type MemberExpr struct {
	Pos     Pos // X's position
	X       Expr
	Name    string
	NamePos Pos
}

// CallExpr is `Fun(args)`.
type CallExpr struct {
	Pos    Pos // Fun's position
	Fun    Expr
	Args   []*Arg
	LParen Pos
	RParen Pos
}

// Arg is a positional (`Name == ""`) or named (`Name = Value`) argument.
type Arg struct {
	Pos     Pos
	Name    string
	NamePos Pos
	Value   Expr
}

func (n *Arg) Position() Pos { return n.Pos }

// DefaultExpr is the `default` placeholder argument.
type DefaultExpr struct {
	Pos Pos
}

// IndexExpr is `X[Index]` (`UE.X(...)[k]`, `Pin[i]`).
type IndexExpr struct {
	Pos    Pos // X's position
	X      Expr
	Index  Expr
	LBrack Pos
}

// UnaryExpr is `+X` or `-X`.
type UnaryExpr struct {
	Pos Pos
	Op  byte
	X   Expr
}

// BinaryExpr is `X op Y` for + - * /. Pos is X's position (where 2.0 puts
// the node), OpPos the operator.
type BinaryExpr struct {
	Pos   Pos
	Op    byte
	OpPos Pos
	X, Y  Expr
}

// ParenExpr keeps `(X)`: postfix on a parenthesised operand is positioned at
// the `(`.
type ParenExpr struct {
	Pos Pos
	X   Expr
}

// PathExpr is `Path(Root, "rel")` / `Path("/Game/…")`, an asset reference.
type PathExpr struct {
	Pos  Pos
	Args []*Arg
	// Text is the reference as written, e.g. `Path(Game, "Functions/MF")`.
	Text string
}

// BraceInit is `{a, b, …}` (declarations and pin defaults only), also the
// Layout tuple `Color=(r, g, b, a)`.
type BraceInit struct {
	Pos   Pos
	Elems []Expr
}

// BadExpr stands where an expression failed to parse (an error was
// reported); it only appears in files with errors.
type BadExpr struct {
	Pos Pos
}

func (n *BadExpr) Position() Pos { return n.Pos }
func (*BadExpr) exprNode()       {}

func (n *NumberLit) Position() Pos   { return n.Pos }
func (n *BoolLit) Position() Pos     { return n.Pos }
func (n *StringLit) Position() Pos   { return n.Pos }
func (n *Ident) Position() Pos       { return n.Pos }
func (n *ScopeExpr) Position() Pos   { return n.Pos }
func (n *MemberExpr) Position() Pos  { return n.Pos }
func (n *CallExpr) Position() Pos    { return n.Pos }
func (n *DefaultExpr) Position() Pos { return n.Pos }
func (n *IndexExpr) Position() Pos   { return n.Pos }
func (n *UnaryExpr) Position() Pos   { return n.Pos }
func (n *BinaryExpr) Position() Pos  { return n.Pos }
func (n *ParenExpr) Position() Pos   { return n.Pos }
func (n *PathExpr) Position() Pos    { return n.Pos }
func (n *BraceInit) Position() Pos   { return n.Pos }

func (*NumberLit) exprNode()   {}
func (*BoolLit) exprNode()     {}
func (*StringLit) exprNode()   {}
func (*Ident) exprNode()       {}
func (*ScopeExpr) exprNode()   {}
func (*MemberExpr) exprNode()  {}
func (*CallExpr) exprNode()    {}
func (*DefaultExpr) exprNode() {}
func (*IndexExpr) exprNode()   {}
func (*UnaryExpr) exprNode()   {}
func (*BinaryExpr) exprNode()  {}
func (*ParenExpr) exprNode()   {}
func (*PathExpr) exprNode()    {}
func (*BraceInit) exprNode()   {}

// CalleeName flattens a callee (`UE.Time`, `Ns::Fn`, `lerp`) to dotted/scoped
// text; "" when the callee is not made of names.
func CalleeName(e Expr) string {
	switch x := e.(type) {
	case *Ident:
		return x.Name
	case *MemberExpr:
		if b := CalleeName(x.X); b != "" {
			return b + "." + x.Name
		}
	case *ScopeExpr:
		if b := CalleeName(x.X); b != "" {
			return b + "::" + x.Name
		}
	}
	return ""
}

// NamedArg returns the last argument with that name (case-insensitive), or nil.
func NamedArg(args []*Arg, name string) *Arg {
	var found *Arg
	for _, a := range args {
		if a.Name != "" && eqFold(a.Name, name) {
			found = a
		}
	}
	return found
}

func findAttr(as []*Attr, key string) *Attr {
	var found *Attr
	for _, a := range as {
		if eqFold(a.Key, key) {
			found = a
		}
	}
	return found
}

func eqFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		ca, cb := a[i], b[i]
		if 'A' <= ca && ca <= 'Z' {
			ca += 'a' - 'A'
		}
		if 'A' <= cb && cb <= 'Z' {
			cb += 'a' - 'A'
		}
		if ca != cb {
			return false
		}
	}
	return true
}

package syntax

// Inspect walks n depth-first, calling f for every node; f returning false
// skips the node's children. It covers declarations, sections, statements
// and expressions.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || isNilNode(n) || !f(n) {
		return
	}
	exprs := func(es ...Expr) {
		for _, e := range es {
			if e != nil {
				Inspect(e, f)
			}
		}
	}
	args := func(as []*Arg) {
		for _, a := range as {
			if a != nil {
				Inspect(a, f)
			}
		}
	}
	stmts := func(ss []Stmt) {
		for _, s := range ss {
			Inspect(s, f)
		}
	}
	meta := func(ms []*MetaEntry) {
		for _, m := range ms {
			Inspect(m, f)
		}
	}
	switch x := n.(type) {
	case *BlockDecl:
		for _, a := range x.Attrs {
			Inspect(a, f)
		}
		for _, s := range x.Sections {
			Inspect(s, f)
		}
	case *FunctionDecl:
		stmts(x.Stmts)
	case *NamespaceDecl:
		for _, d := range x.Decls {
			Inspect(d, f)
		}
	case *Attr:
		exprs(x.Expr)
	case *Section:
		for _, it := range x.Props {
			Inspect(it, f)
		}
		for _, s := range x.Settings {
			Inspect(s, f)
		}
		for _, pin := range x.Pins {
			Inspect(pin, f)
		}
		for _, o := range x.Outputs {
			Inspect(o, f)
		}
		stmts(x.Stmts)
		for _, li := range x.Layout {
			Inspect(li, f)
		}
	case *PropGroup:
		for _, it := range x.Items {
			Inspect(it, f)
		}
	case *PropDecl:
		if x.UE != nil {
			Inspect(x.UE, f)
		}
		exprs(x.Default)
		meta(x.Meta)
	case *MetaEntry:
		exprs(x.Value)
		exprs(x.Args...)
	case *Setting:
		exprs(x.Expr)
	case *Pin:
		exprs(x.Default)
		meta(x.Meta)
	case *OutputDecl:
		exprs(x.Default)
		meta(x.Meta)
	case *OutputBinding:
		exprs(x.Value)
	case *ExprOutput:
		args(x.Args)
		for _, pb := range x.Pins {
			Inspect(pb, f)
		}
	case *PinBinding:
		exprs(x.Value)
	case *LayoutItem:
		args(x.Args)
	case *DeclStmt:
		for _, v := range x.Vars {
			Inspect(v, f)
		}
	case *Declarator:
		exprs(x.Init)
	case *AssignStmt:
		exprs(x.Target, x.Value)
	case *CallStmt:
		if x.Call != nil {
			Inspect(x.Call, f)
		}
	case *IfStmt:
		if x.Cond != nil {
			Inspect(x.Cond, f)
		}
		stmts(x.Then)
		stmts(x.Else)
	case *Cond:
		exprs(x.Left, x.Right)
	case *RegionStmt:
		stmts(x.Body)
	case *ReturnStmt:
		exprs(x.Value)
	case *ScopeExpr:
		exprs(x.X)
	case *MemberExpr:
		exprs(x.X)
	case *CallExpr:
		exprs(x.Fun)
		args(x.Args)
	case *Arg:
		exprs(x.Value)
	case *IndexExpr:
		exprs(x.X, x.Index)
	case *UnaryExpr:
		exprs(x.X)
	case *BinaryExpr:
		exprs(x.X, x.Y)
	case *ParenExpr:
		exprs(x.X)
	case *PathExpr:
		args(x.Args)
	case *BraceInit:
		exprs(x.Elems...)
	}
}

// isNilNode catches typed nil pointers stored in interfaces.
func isNilNode(n Node) bool {
	switch x := n.(type) {
	case *CallExpr:
		return x == nil
	case *Cond:
		return x == nil
	case *Arg:
		return x == nil
	}
	return false
}

package syntax

// Inspect walks n depth-first, calling f for every node; f returning false
// skips the node's children. It covers declarations, sections, statements
// and expressions. It keeps its own stack: a chain of a million operators
// is as deep as the tree and would overflow the goroutine's stack.
func Inspect(n Node, f func(Node) bool) {
	stack := []Node{n}
	var kids []Node
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil || isNilNode(n) || !f(n) {
			continue
		}
		kids = children(kids[:0], n)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
}

// children appends n's direct children to kids, in source order.
func children(kids []Node, n Node) []Node {
	exprs := func(es ...Expr) {
		for _, e := range es {
			if e != nil {
				kids = append(kids, e)
			}
		}
	}
	args := func(as []*Arg) {
		for _, a := range as {
			if a != nil {
				kids = append(kids, a)
			}
		}
	}
	stmts := func(ss []Stmt) {
		for _, s := range ss {
			kids = append(kids, s)
		}
	}
	meta := func(ms []*MetaEntry) {
		for _, m := range ms {
			kids = append(kids, m)
		}
	}
	switch x := n.(type) {
	case *BlockDecl:
		for _, a := range x.Attrs {
			kids = append(kids, a)
		}
		for _, s := range x.Sections {
			kids = append(kids, s)
		}
	case *FunctionDecl:
		stmts(x.Stmts)
	case *NamespaceDecl:
		for _, d := range x.Decls {
			kids = append(kids, d)
		}
	case *Attr:
		exprs(x.Expr)
	case *Section:
		for _, it := range x.Props {
			kids = append(kids, it)
		}
		for _, s := range x.Settings {
			kids = append(kids, s)
		}
		for _, pin := range x.Pins {
			kids = append(kids, pin)
		}
		for _, o := range x.Outputs {
			kids = append(kids, o)
		}
		stmts(x.Stmts)
		for _, li := range x.Layout {
			kids = append(kids, li)
		}
	case *PropGroup:
		for _, it := range x.Items {
			kids = append(kids, it)
		}
	case *PropDecl:
		if x.UE != nil {
			kids = append(kids, x.UE)
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
			kids = append(kids, pb)
		}
	case *PinBinding:
		exprs(x.Value)
	case *LayoutItem:
		args(x.Args)
	case *DeclStmt:
		for _, v := range x.Vars {
			kids = append(kids, v)
		}
	case *Declarator:
		exprs(x.Init)
	case *AssignStmt:
		exprs(x.Target, x.Value)
	case *CallStmt:
		if x.Call != nil {
			kids = append(kids, x.Call)
		}
	case *IfStmt:
		if x.Cond != nil {
			kids = append(kids, x.Cond)
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
	return kids
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

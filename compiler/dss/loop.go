package dss

import (
	"reuselab/compiler/dss/syntax"
	"reuselab/ir"
)

// Loops (§3.8): the trip count is proved without lowering anything; the
// body is then lowered once per trip, and the condition never.

// tripCount proves how often a for loop runs (§3.8), without lowering
// anything; ok is false when it cannot.
func (c *compiler) tripCount(s *syntax.ForStmt) (int, bool) {
	init, ok := s.Init.(*syntax.DeclStmt)
	if !ok || len(init.Vars) != 1 || init.Vars[0].Init == nil {
		return 0, false
	}
	name := init.Vars[0].Name
	start, ok := c.constEval(init.Vars[0].Init, nil)
	if !ok || len(start) != 1 {
		return 0, false
	}
	cond, ok := syntax.Unparen(s.Cond).(*syntax.Binary)
	if !ok {
		return 0, false
	}
	op, ok := binaryOps[cond.Op]
	if !ok || !isComparison(op) || op == ir.OpEqual {
		return 0, false
	}
	isVar := func(e syntax.Expr) bool {
		n, ok := syntax.Unparen(e).(*syntax.Name)
		return ok && n.Text == name
	}
	if !isVar(cond.L) && !isVar(cond.R) {
		return 0, false
	}
	var step float64
	switch st := syntax.Unparen(s.Step).(type) {
	case *syntax.Postfix:
		if !isVar(st.X) {
			return 0, false
		}
		step = 1
		if st.Op == "--" {
			step = -1
		}
	case *syntax.Unary:
		if !isVar(st.X) || (st.Op != "++" && st.Op != "--") {
			return 0, false
		}
		step = 1
		if st.Op == "--" {
			step = -1
		}
	case *syntax.Assign:
		if !isVar(st.L) || (st.Op != "+=" && st.Op != "-=") {
			return 0, false
		}
		k, ok := c.constEval(st.R, nil)
		if !ok || len(k) != 1 || k[0] == 0 {
			return 0, false
		}
		step = k[0]
		if st.Op == "-=" {
			step = -step
		}
	default:
		return 0, false
	}
	if hasJumpOrWrite(s.Body, name) {
		return 0, false
	}
	i := start[0]
	for n := 0; n <= maxUnrolledIterations; n++ {
		k, ok := c.constEval(cond, map[string][]float64{name: {i}})
		if !ok {
			return 0, false
		}
		if k[0] == 0 {
			return n, true
		}
		i += step
	}
	return 0, false
}

// hasJumpOrWrite reports a break/continue in body, or a write to name.
func hasJumpOrWrite(body syntax.Stmt, name string) bool {
	found := false
	stmts := []syntax.Stmt{body}
	for len(stmts) > 0 && !found {
		s := stmts[len(stmts)-1]
		stmts = stmts[:len(stmts)-1]
		switch s := s.(type) {
		case *syntax.JumpStmt:
			if s.Word != "discard" {
				found = true
			}
		case *syntax.Block:
			stmts = append(stmts, s.Stmts...)
		case *syntax.IfStmt:
			stmts = append(stmts, s.Then)
			if s.Else != nil {
				stmts = append(stmts, s.Else)
			}
		}
	}
	if found {
		return true
	}
	walkExprs(body, func(e syntax.Expr) {
		var target syntax.Expr
		switch e := e.(type) {
		case *syntax.Assign:
			target = e.L
		case *syntax.Postfix:
			target = e.X
		case *syntax.Unary:
			if e.Op == "++" || e.Op == "--" {
				target = e.X
			}
		}
		if n, ok := syntax.Unparen(target).(*syntax.Name); ok && target != nil && n.Text == name {
			found = true
		}
	})
	return found
}

func (c *compiler) lowerFor(s *syntax.ForStmt) {
	n, ok := c.tripCount(s)
	if !ok {
		c.buildErr(c.file(), s.Pos, "DSH4360", "the loop's trip count is not a constant the compiler can prove (at most %d trips)", maxUnrolledIterations)
		return
	}
	fr := c.b.top()
	fr.scopes = append(fr.scopes, map[string]*slot{})
	defer func() { fr.scopes = fr.scopes[:len(fr.scopes)-1] }()
	if s.Init != nil {
		c.lowerStmt(s.Init)
	}
	c.b.inLoop++
	defer func() { c.b.inLoop-- }()
	for trip := 0; trip < n && !fr.done && !c.b.overflow; trip++ {
		c.lowerStmtScoped(s.Body)
		if s.Step != nil {
			c.lowerExpr(s.Step)
		}
	}
}

func (c *compiler) lowerWhile(s *syntax.WhileStmt) {
	k, ok := c.constEval(s.Cond, nil)
	if !ok || k[0] != 0 || hasJumpOrWrite(s.Body, "") {
		c.buildErr(c.file(), s.Pos, "DSH4360", "a while/do loop is unrolled only when its condition is constant false")
		return
	}
	if s.Do {
		c.lowerStmtScoped(s.Body)
	}
}

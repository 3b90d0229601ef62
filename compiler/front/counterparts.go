package front

// Counterparts: names that both front ends (compiler/legacy and
// compiler/dss) define, each for the same step specialised to its own
// language's syntax and rules; what the two share is in this package
// (the engine-class lookup, a reflected call's binding and outputs, types,
// the node builder, constant folding, Substrate tables, Custom code).
// Pairs of the same shape over the two syntax trees (an expression's
// dispatch, a literal argument's text, a constant fold of a default) stay
// apart: the two trees have different node types, and neither front end
// reads the other's.
//
// The typed class catalog (CatalogSet, Class) is the 2.0 front end's
// alone, though it lives here: the 1.x front end binds `UE.` calls to the
// engine table through LookupClass with untyped pins (a pin takes its
// argument's width), builds a class the table lacks from what the call
// says (DSH5210), takes material attributes from ir.MaterialInputs (an
// unknown one is a warning, not an error), and its own table
// (compiler/legacy/ue_tables.go) is of 1.x shorthands: registered names
// mapped to an engine class with renamed, literal-only or fixed arguments
// (LANGUAGE-2.0 §2.6), which no catalog class has. Binding 1.x calls
// through a CatalogSet would type their pins by the test catalog and
// change what they compile to.
//
// internal/archtest fails when a function or method name is defined in both
// front ends and is not listed here, or is listed and no longer in both.
//
//   - CompileFile: the entry: a unit with its imports, a .dss with its includes
//   - run: the compile of one unit or file, product after product
//   - collect: declaring what a unit or file declares before anything is lowered
//   - buildProduct: lowering one product (asset) into its graph
//   - declare: a name entering a scope (a 1.x variable, a 2.0 slot)
//   - lookup: a method of each front end's own scope or value type, finding a name in it
//   - restore: putting a variable's state back between the arms of an if
//   - merge: the conditional node an if makes of a variable the arms set differently
//   - add: appending a node through Builder with the span that front end computes
//   - span: where a node comes from, by each front end's rules for files and inlined calls
//   - constant: a Constant node through Builder, as that front end types it
//   - construct: a constructor call (float3(…)) over each syntax
//   - swizzle: a component selection, .mask (1.x) or indices (2.0)
//   - appendChain: joining values by a left fold of Append
//   - assignMember: `X.Attr = v` on a material value
//   - customCode: the Code text of a function with a code body (written through WriteMarkedSource)
//   - markerPath: the path a source marker prints, relative to the root (1.x) or the main file (2.0)
//   - unary: a unary operator: lowered over 1.x's syntax tree, folded in a 2.0 pipeline's parameter expressions
//   - substrateOperator: an operator over Substrate values (through the SubstrateOperator tables)

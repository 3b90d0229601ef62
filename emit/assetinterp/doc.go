// Package assetinterp evaluates the Unreal expression graph the emitter
// writes (an emit.Asset) and compares its outputs with the IR graph it was
// emitted from, on the random inputs of package ir/interp. It checks the
// wiring — which pin reads which node's which output — by evaluation, so
// a pin left unconnected, a swapped pair of pins or an output index that
// names the wrong engine output shows up as a value that differs.
//
// # How an asset is evaluated
//
// The asset is lifted back into an ir graph, one IR node per asset node
// (plus the lane views and constants the engine classes imply), and that
// graph is run by ir/interp's Machine, so the values, the math and the
// floating-point policy are ir/interp's own. The lifting reads only what
// the asset says, class by class, the way the material editor reads it:
//
//   - Engine math classes (Add, Subtract, LinearInterpolate, If,
//     ComponentMask, AppendVector, …) by their engine pins: an unconnected
//     pin takes the node's Const… property (or the engine's default for
//     it), and a pin with neither is reported as unconnected.
//   - Constants from their R/G/B/A or Constant properties, parsed back
//     from the text the asset holds.
//   - Inputs as ir/interp draws them: a ScalarParameter, VectorParameter
//     (all four lanes) or StaticBoolParameter by its ParameterName, a
//     FunctionInput by its InputName, a TextureObjectParameter as the
//     handle of its name — so the asset and the IR see one value.
//   - Named reroutes are wires: a usage reads its declaration's input.
//   - Material attributes: Make/Set/BreakMaterialAttributes as records
//     keyed by attribute name (ClearCoat is CustomData0 there).
//   - Nodes ir/interp cannot compute (texture samples, reflected classes,
//     Custom, function calls, DDX/DDY) are its pseudo-random functions of
//     their identity and input values. Their identity (op, class,
//     properties) is the IR node the asset node was made for; their input
//     values are read through the asset's pins: IR operand i from the
//     class's i-th engine pin, a named IR input from the pin of that name,
//     a TextureSample's texture, UVs and mip from TextureObject,
//     Coordinates and MipValue. A pin the IR reads but the asset leaves
//     unconnected, or a connected pin the IR does not read, is reported.
//
// # What is compared
//
// Every input of every IR statement: a material input (through its reroute
// pair, by attribute name), a FunctionOutput (by output name), a
// custom-output node's pins. Values are compared within Options.ULPs
// float32 ULPs (constants travel through text), the asset value cut or
// broadcast to the IR value's width first, as a material input takes it.
// On a mismatch the report names the culprit: the asset node whose value
// differs from its IR node's while every node it reads agrees, with its
// pins and what they are wired to.
package assetinterp

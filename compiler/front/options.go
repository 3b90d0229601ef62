package front

// Options configure a compile, whichever front end runs it: package
// compiler (which names this type Options too) passes them on by
// extension, and package legacy takes them as they are.
type Options struct {
	// Root is the source root imports and includes may not leave (default:
	// the main file's nearest enclosing DShader folder, else its own).
	Root string
	// ReadFile reads a file (default the careful read, package
	// sourcefile); tests compile from memory.
	ReadFile func(string) ([]byte, error)
	// MarkerPath maps a source path to the text the `// Begin DreamShader
	// source:` markers of Custom code print. nil prints the path as given.
	// The conform runner maps corpus files to `<corpus>/…` here.
	MarkerPath func(path string) string
	// Catalog is what a `.dss` binds its `UE.`/`Substrate.` calls and
	// material attributes against (EngineCatalog, the default, or
	// TestCatalog, upstream's test catalog the goldens were dumped with).
	// The 1.x front end has one table and ignores it.
	Catalog Catalog
}

package layout_test

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"reuselab/emit"
	"reuselab/emit/layout"
	"reuselab/internal/shared"
	"reuselab/internal/tooltest"
)

// The vendored ueblueprint build `reuselab view` embeds (emit/view).
const uebDir = "../view/ueblueprint"

// measurePage loads the T3D of each asset in its own ueblueprint graph,
// all on one page, inside headless Chromium, and returns the size of every
// node drawn, by "asset index/graph node name".
func measurePage(t *testing.T, chromium string, assets []*emit.Asset) map[string][2]float64 {
	t.Helper()
	dir := t.TempDir()
	for src, dst := range map[string]string{
		"ueblueprint.js": "dist/ueblueprint.js", "ueb-style.min.css": "dist/css/ueb-style.min.css",
		"roboto-regular.woff2": "dist/font/roboto-regular.woff2", "roboto-condensed-regular.woff2": "dist/font/roboto-condensed-regular.woff2",
	} {
		b, err := os.ReadFile(filepath.Join(uebDir, src))
		if err != nil {
			tooltest.Skip(t, "ueblueprint", "vendored ueblueprint not present: %v", err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(dir, dst)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, dst), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var graphs strings.Builder
	for _, a := range assets {
		var t3d bytes.Buffer
		if err := emit.WriteT3D(&t3d, []*emit.Asset{a}); err != nil {
			t.Fatal(err)
		}
		graphs.WriteString(`<ueb-blueprint data-type="MATERIAL"><template>` + html.EscapeString(t3d.String()) + "</template></ueb-blueprint>\n")
	}
	page := `<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="stylesheet" href="dist/css/ueb-style.min.css">
<style>ueb-blueprint{--ueb-height:1000px}</style></head><body>
` + graphs.String() + `<pre id="sizes">pending</pre>
<script type="module">
import { Blueprint } from "./dist/ueblueprint.js"
setTimeout(() => {
	const sizes = {}
	document.querySelectorAll("ueb-blueprint").forEach((bp, k) => {
		for (const n of bp.querySelectorAll("ueb-node")) {
			const r = n.getBoundingClientRect(), e = n.entity
			sizes[k + "/" + (e && e.Name ? String(e.Name.value ?? e.Name) : "")] = [r.width, r.height]
		}
	})
	document.getElementById("sizes").textContent = JSON.stringify(sizes)
}, 500)
</script></body></html>`
	if err := os.WriteFile(filepath.Join(dir, "page.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
		"--virtual-time-budget=3000", "--dump-dom", "file://"+filepath.Join(dir, "page.html")).Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	m := regexp.MustCompile(`<pre id="sizes">([^<]*)</pre>`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("the page wrote no sizes")
	}
	var sizes map[string][2]float64
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &sizes); err != nil {
		t.Fatalf("sizes %q: %v", m[1], err)
	}
	return sizes
}

// ueblueprint, the renderer `reuselab view` draws with, draws every node of
// real corpus assets within the rectangle NodeSize gives it, so a layout
// without overlapping rectangles shows no overlapping nodes on the page.
// The assets are raw (every node the source builds) and cover parameters,
// texture samples, masks, function calls, inputs, outputs and reroutes.
func TestUEBlueprintDrawsWithinNodeSize(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Chromium")
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		tooltest.Skip(t, "chromium", "chromium is not installed (Debian: apt-get install -y chromium)")
	}
	corpus := shared.Corpus()
	if corpus == "" {
		t.Skip("the real corpus (../shared/corpus/real) is not present")
	}
	files := []string{
		"TypeDreamMoon__MoonToon/DShader/Materials/Core/M_MoonToonOutline.dsm",
		"TypeDreamMoon__MoonToon/DShader/MaterialFunctions/MF_MoonToonBaseInput.dsf",
		"TypeDreamMoon__MoonToon/DShader/MaterialFunctions/Shared/MF_ToonSampleColor.dsf",
		"TypeDreamMoon__DreamGUI/DShader/UnderlayAndOutline.dsm",
		"TypeDreamMoon__DreamGUI/DShader/GizmoMaterial.dsm",
	}
	var assets []*emit.Asset
	for _, f := range files {
		as, _ := compileExample(t, filepath.Join(corpus, f), "none")
		assets = append(assets, as[0])
	}
	sizes := measurePage(t, chromium, assets)
	measured := 0
	for k, a := range assets {
		for i := range a.Nodes {
			n := &a.Nodes[i]
			got, ok := sizes[strconv.Itoa(k)+"/MaterialGraphNode_"+strconv.Itoa(i)]
			if !ok { // a Custom node's graph node is named after its own class
				got, ok = sizes[strconv.Itoa(k)+"/MaterialGraphNode_Custom_"+strconv.Itoa(i)]
			}
			if !ok {
				continue
			}
			measured++
			if s := layout.NodeSize(n); got[0] > float64(s.W) || got[1] > float64(s.H) {
				t.Errorf("%s: ueblueprint draws %s %d (%s) %.0f×%.0f, NodeSize gives %d×%d", a.Name, n.Class, i,
					strings.Join(layout.Captions(n), " / "), got[0], got[1], s.W, s.H)
			}
		}
	}
	if measured < 300 {
		t.Errorf("only %d nodes measured; ueblueprint did not draw the pastes", measured)
	}
	t.Logf("%d nodes drawn by ueblueprint, all within their NodeSize", measured)
}

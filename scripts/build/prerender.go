package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"strings"

	"github.com/kubeplay/kubeplay/assets"
	"github.com/kubeplay/kubeplay/assets/menu"
	"github.com/kubeplay/kubeplay/core/session"
	"golang.org/x/tools/txtar"
)

// The opening's prerender. A first visit opens a new session (app.js
// rpc("create", openingSeed)) and waits for the core: about a second to
// download, compile and start the wasm. The core is deterministic, so the
// build runs the same session natively and writes its first views, with
// the two menus, into index.html: the page draws tick 0 at first paint, and
// Tick, Back and the slider move over these views while the core starts
// (assets/prerender.js).
// The live core answers the same requests afterwards with the same views,
// byte for byte: TestOpeningViews holds the build to a golden file, and the
// wasm bridge's own test holds the live core to the same file.

// openingSeed is the seed of the page's new session (assets/app.js).
const openingSeed = 1

// openingTicks is how far the prerender reaches: a minute of simulated
// time covers what a learner does before any core is ready.
const openingTicks = 60

// opening is the JSON the page finds in <script id="opening">.
type opening struct {
	// Version is the build's version, for the console's welcome line.
	Version string `json:"version"`
	// Build names the core this build ships: a digest of kubeplay.wasm.
	// The page keeps the last view it showed with the saved session under
	// it, and a reload draws that view before the core is ready only when
	// the build is the same (assets/recovery.js): another core may show
	// the same saved session differently. git describe's version cannot
	// say that: two builds of one dirty tree share it.
	Build string `json:"build"`
	// Seed is the new session's seed: the page's create(seed).
	Seed uint64 `json:"seed"`
	// Editor is the manifest the editor opens with on a first visit: the
	// "create" example's (app.js ready()).
	Editor string `json:"editor"`
	// Views are the session's View at ticks 0..openingTicks, each after
	// one more Tick(1), as core/session's View.JSON writes them.
	Views []json.RawMessage `json:"views"`
	// Menus are the Lesson and Example menus in each of the page's
	// languages, as the core lists them (assets/menu), so the page fills
	// them at first paint whatever it opens.
	Menus map[string]menus `json:"menus"`
}

// menus are the page's two menus in one language.
type menus struct {
	Lessons  []menu.Item `json:"lessons"`
	Examples []menu.Item `json:"examples"`
}

// openingMenus lists the menus in each of the page's languages.
func openingMenus() (map[string]menus, error) {
	out := map[string]menus{}
	for _, lang := range pageLangs {
		examples, err := menu.Examples(lang)
		if err != nil {
			return nil, err
		}
		lessons, err := menu.Lessons(lang)
		if err != nil {
			return nil, err
		}
		out[lang] = menus{Lessons: lessons, Examples: menu.Items(examples)}
	}
	return out, nil
}

// openingViews runs the opening session natively and returns its views.
func openingViews() ([]json.RawMessage, error) {
	s, err := session.New(openingSeed)
	if err != nil {
		return nil, err
	}
	views := make([]json.RawMessage, 0, openingTicks+1)
	for tick := 0; tick <= openingTicks; tick++ {
		if tick > 0 {
			if out := s.Tick(1); out.Exit != 0 {
				return nil, fmt.Errorf("tick %d: %s", tick, out.Stderr)
			}
		}
		v, err := s.View().JSON()
		if err != nil {
			return nil, err
		}
		views = append(views, v)
	}
	return views, nil
}

// openingManifest is the first YAML file of the "create" example, which
// the page puts in a first visit's editor.
func openingManifest() (string, error) {
	data, err := fs.ReadFile(assets.Scenarios, "scenarios/create.txtar")
	if err != nil {
		return "", err
	}
	// As the core lists its examples (wasm/api.go scenarios).
	for _, f := range txtar.Parse(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))).Files {
		if strings.HasSuffix(f.Name, ".yaml") || strings.HasSuffix(f.Name, ".yml") {
			return string(f.Data), nil
		}
	}
	return "", fmt.Errorf("the create example has no YAML file")
}

// openingSlot is the empty element of assets/index.html the prerender
// fills, as the minifier leaves it.
var openingSlot = regexp.MustCompile(`<script type="?application/json"? id="?opening"?></script>`)

// buildID is the opening's Build for the core wasm: the start of its
// SHA-256, as its fingerprinted name carries it.
func buildID(wasm []byte) string {
	sum := sha256.Sum256(wasm)
	return hex.EncodeToString(sum[:])[:hashLen]
}

// inlineOpening writes the opening's views into index.html. encoding/json
// escapes <, > and &, so no view can end the script element early.
func inlineOpening(index []byte, version, build string) ([]byte, error) {
	views, err := openingViews()
	if err != nil {
		return nil, fmt.Errorf("the opening's prerender: %w", err)
	}
	editor, err := openingManifest()
	if err != nil {
		return nil, err
	}
	lists, err := openingMenus()
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(opening{Version: version, Build: build, Seed: openingSeed, Editor: editor, Views: views, Menus: lists})
	if err != nil {
		return nil, err
	}
	slots := openingSlot.FindAllIndex(index, -1)
	if len(slots) != 1 {
		return nil, fmt.Errorf("index.html has %d opening slots (<script type=\"application/json\" id=\"opening\"></script>), want 1", len(slots))
	}
	at := slots[0]
	var b bytes.Buffer
	b.Write(index[:at[0]])
	b.WriteString(`<script type="application/json" id="opening">`)
	b.Write(data)
	b.WriteString(`</script>`)
	b.Write(index[at[1]:])
	return b.Bytes(), nil
}

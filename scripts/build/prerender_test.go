package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/assets/menu"
	"github.com/kubeplay/kubeplay/internal/golden"
)

// openingGolden holds a digest of each prerendered view. The wasm bridge's
// test (wasm/prerender_test.go) checks the live core's views against the
// same file under Node.js: both faces of the core must give the page the
// same bytes, or the page would jump when the live core takes over.
const openingGolden = "../../wasm/testdata/opening-views.txt"

// viewDigests is one line per view: its tick and the SHA-256 of its JSON.
func viewDigests(views []json.RawMessage) []byte {
	var b bytes.Buffer
	for tick, v := range views {
		fmt.Fprintf(&b, "%d %x\n", tick, sha256.Sum256(v))
	}
	return b.Bytes()
}

func TestOpeningViews(t *testing.T) {
	views, err := openingViews()
	if err != nil {
		t.Fatal(err)
	}
	if len(views) != openingTicks+1 {
		t.Fatalf("%d views, want ticks 0..%d", len(views), openingTicks)
	}
	for tick, v := range views {
		var head struct {
			Tick, Head int64
			Live       bool
		}
		if err := json.Unmarshal(v, &head); err != nil || head.Tick != int64(tick) || head.Head != int64(tick) || !head.Live {
			t.Fatalf("view %d: tick %d head %d live %v (%v), want the live head at tick %d", tick, head.Tick, head.Head, head.Live, err, tick)
		}
	}
	golden.File(t, openingGolden, viewDigests(views))
}

func TestInlineOpening(t *testing.T) {
	page := []byte(`<!doctype html><body><main></main><script type=application/json id=opening></script></body>`)
	got, err := inlineOpening(page, "v1.2.3", "0123456789")
	if err != nil {
		t.Fatal(err)
	}
	s := string(got)
	start := strings.Index(s, `<script type="application/json" id="opening">`)
	end := strings.LastIndex(s, `</script></body>`)
	if start < 0 || end < 0 {
		t.Fatalf("no filled opening slot in %.200s", s)
	}
	// The data ends the element only where the element ends: no "</" inside.
	data := s[start+len(`<script type="application/json" id="opening">`) : end]
	if strings.Contains(data, "</") {
		t.Errorf("the inlined data holds %q, which could close the script element", "</")
	}
	var o opening
	if err := json.Unmarshal([]byte(data), &o); err != nil {
		t.Fatalf("the inlined data is not the opening's JSON: %v", err)
	}
	if o.Version != "v1.2.3" || o.Build != "0123456789" || o.Seed != openingSeed || len(o.Views) != openingTicks+1 || !strings.Contains(o.Editor, "kind: Deployment") {
		t.Errorf("inlined version %q, build %q, seed %d, %d views, editor %.40q", o.Version, o.Build, o.Seed, len(o.Views), o.Editor)
	}
	// The menus, in every language the page speaks, each title in it
	// where the example or lesson has a translation.
	for _, lang := range pageLangs {
		m := o.Menus[lang]
		if len(m.Examples) != len(menu.Order) || len(m.Lessons) < 14 {
			t.Errorf("menus in %s: %d examples (want %d), %d lessons", lang, len(m.Examples), len(menu.Order), len(m.Lessons))
			continue
		}
		if first := m.Lessons[0]; first.Name != "create-deployment" || first.Lang != lang || first.Title == "" {
			t.Errorf("the first lesson in %s: %+v", lang, first)
		}
	}
	if vi := o.Menus["vi"]; len(vi.Examples) > 0 && vi.Examples[0].Title != "Tạo một Deployment" {
		t.Errorf("the first example in vi: %+v", vi.Examples[0])
	}
	// A page without the slot, or with two, is a build error, not a page
	// that silently waits for its core.
	for _, bad := range []string{`<body></body>`, string(page) + string(page)} {
		if _, err := inlineOpening([]byte(bad), "v", "b"); err == nil {
			t.Errorf("inlineOpening(%.40q...) succeeded", bad)
		}
	}
}

package main

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// testSite is a minified site shaped like the real one.
func testSite() map[string][]byte {
	return map[string][]byte{
		"index.html": []byte(`<!doctype html><html lang=en><head><link rel=icon href=favicon.svg type=image/svg+xml>` +
			`<link rel=stylesheet href=style.css><script src=app.js type=module></script></head>` +
			`<body><h1><img src=favicon.svg alt width=28 height=28> Kubeplay</h1><p>app.js draws</body></html>`),
		"app.js":        []byte(`import{remember}from"./recovery.js";let w;function start(){w=new Worker("worker.js")}const x="xapp.js",y="app.json";`),
		"recovery.js":   []byte(`export function remember(s){localStorage.setItem("kubeplay.session",s)}`),
		"worker.js":     []byte(`importScripts("wasm_exec.js");const b=await fetchWasm("kubeplay.wasm");`),
		"wasm_exec.js":  []byte(`"use strict";globalThis.Go=class{};`),
		"kubeplay.wasm": []byte("\x00asm\x01\x00\x00\x00 body"),
		"style.css":     []byte(`body{margin:0}`),
		"favicon.svg":   []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`),
	}
}

func fingerprintTest(t *testing.T, files map[string][]byte) map[string]string {
	t.Helper()
	site, err := fingerprint(files, fingerprintOrder, references, fixedNames)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]string{}
	for _, a := range site {
		byName[a.name] = string(a.data)
	}
	if len(byName) != len(files) {
		t.Fatalf("%d files in, %d out", len(files), len(byName))
	}
	return byName
}

// final returns the name in site that name was renamed to.
func final(t *testing.T, site map[string]string, name string) string {
	t.Helper()
	ext := filepath.Ext(name)
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(strings.TrimSuffix(name, ext)) + `\.[0-9a-f]{10}` + regexp.QuoteMeta(ext) + `$`)
	for n := range site {
		if re.MatchString(n) {
			return n
		}
	}
	t.Fatalf("no fingerprinted %s in %q", name, slices.Sorted(maps.Keys(site)))
	return ""
}

func TestFingerprintRewritesReferences(t *testing.T) {
	site := fingerprintTest(t, testSite())
	page, ok := site["index.html"]
	if !ok {
		t.Fatal("index.html was renamed")
	}
	app, worker := final(t, site, "app.js"), final(t, site, "worker.js")
	wasmExec, wasm := final(t, site, "wasm_exec.js"), final(t, site, "kubeplay.wasm")
	css, icon := final(t, site, "style.css"), final(t, site, "favicon.svg")

	for _, want := range []string{"href=" + icon + " ", "href=" + css + ">", "src=" + app + " ", "<img src=" + icon + " ", "<p>app.js draws"} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html lacks %q: %s", want, page)
		}
	}
	if got := site[app]; !strings.Contains(got, `new Worker("`+worker+`")`) || !strings.Contains(got, `"xapp.js"`) || !strings.Contains(got, `"app.json"`) {
		t.Errorf("%s: %s", app, got)
	}
	if got := site[worker]; !strings.Contains(got, `importScripts("`+wasmExec+`")`) || !strings.Contains(got, `fetchWasm("`+wasm+`")`) {
		t.Errorf("%s: %s", worker, got)
	}
	// The hash is that of the final, rewritten bytes.
	for name, data := range site {
		if name == "index.html" {
			continue
		}
		ext := filepath.Ext(name)
		stem := strings.TrimSuffix(name, ext)
		if orig := stem[:strings.LastIndex(stem, ".")] + ext; hashedName(orig, []byte(data)) != name {
			t.Errorf("%s: hash is not that of its final bytes", name)
		}
	}
}

func TestFingerprintHashFollowsContent(t *testing.T) {
	before := fingerprintTest(t, testSite())
	files := testSite()
	files["kubeplay.wasm"] = append(files["kubeplay.wasm"], '!')
	after := fingerprintTest(t, files)

	// The wasm changed, so did everything that names it, up to the page.
	for _, name := range []string{"kubeplay.wasm", "worker.js", "app.js"} {
		if final(t, before, name) == final(t, after, name) {
			t.Errorf("%s kept its name though its content changed", name)
		}
	}
	if before["index.html"] == after["index.html"] {
		t.Error("index.html still names the old files")
	}
	for _, name := range []string{"wasm_exec.js", "style.css", "favicon.svg"} {
		if final(t, before, name) != final(t, after, name) {
			t.Errorf("%s changed name though its content did not", name)
		}
	}
}

func TestFingerprintFailsLoudly(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(map[string][]byte)
		want   []string
	}{
		{"missing wasm reference", func(f map[string][]byte) {
			f["worker.js"] = []byte(`importScripts("wasm_exec.js");fetchWasm("kubeplay-v2.wasm")`)
		}, []string{"worker.js", `"kubeplay.wasm"`}},
		{"worker loaded by another name", func(f map[string][]byte) {
			f["app.js"] = []byte(`new Worker("cluster.js")`)
		}, []string{"app.js", `"worker.js"`}},
		{"stylesheet dropped from the page", func(f map[string][]byte) {
			f["index.html"] = []byte(`<script src=app.js></script><link rel=icon href=favicon.svg>`)
		}, []string{"index.html", `"style.css"`}},
		{"unknown file", func(f map[string][]byte) {
			f["logo.png"] = []byte("png")
		}, []string{"logo.png", "order"}},
		{"missing file", func(f map[string][]byte) {
			delete(f, "style.css")
		}, []string{"style.css", "missing"}},
	} {
		files := testSite()
		tc.change(files)
		_, err := fingerprint(files, fingerprintOrder, references, fixedNames)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not mention %s", tc.name, err, w)
			}
		}
	}

	// A file that nothing references would be unreachable once renamed.
	files := testSite()
	files["robots.txt"] = []byte("User-agent: *")
	order := append(slices.Clone(fingerprintOrder), "robots.txt")
	if _, err := fingerprint(files, order, references, fixedNames); err == nil || !strings.Contains(err.Error(), "robots.txt") {
		t.Errorf("unreferenced file: error %v", err)
	}
	// A referrer hashed before what it references could not name it.
	bad := []string{"worker.js", "kubeplay.wasm", "wasm_exec.js", "recovery.js", "app.js", "style.css", "favicon.svg", "index.html"}
	if _, err := fingerprint(testSite(), bad, references, fixedNames); err == nil || !strings.Contains(err.Error(), "before") {
		t.Errorf("bad order: error %v", err)
	}
}

// TestFingerprintRealAssets guards the real page: its minified files must
// keep every reference the build rewrites.
func TestFingerprintRealAssets(t *testing.T) {
	files, err := minifyAssets(os.DirFS(filepath.Join("..", "..", "assets")))
	if err != nil {
		t.Fatal(err)
	}
	files["wasm_exec.js"] = []byte(`globalThis.Go=class{}`)
	files["kubeplay.wasm"] = []byte("\x00asm")
	site := fingerprintTest(t, files)
	page := site["index.html"]
	for _, name := range []string{"app.js", "style.css", "favicon.svg"} {
		if !strings.Contains(page, final(t, site, name)) {
			t.Errorf("index.html does not name %s", final(t, site, name))
		}
	}
	for name, data := range site {
		for _, old := range []string{"app.js", "worker.js", "wasm_exec.js", "kubeplay.wasm", "style.css", "favicon.svg"} {
			if strings.Contains(data, `"`+old+`"`) || strings.Contains(data, "="+old+" ") || strings.Contains(data, "="+old+">") {
				t.Errorf("%s still names %s", name, old)
			}
		}
	}
}

func TestRewriteRef(t *testing.T) {
	for _, tc := range []struct{ file, in, want string }{
		{"a.js", `f("a.js");g('a.js');h(` + "`a.js`" + `);i("./a.js")`, `f("a.1.js");g('a.1.js');h(` + "`a.1.js`" + `);i("./a.1.js")`},
		{"a.js", `x=a.js;"ba.js";"a.jsx";"a.js.map"`, `x=a.js;"ba.js";"a.jsx";"a.js.map"`},
		{"p.html", `<script src=a.js></script><x src=a.js y><z href="a.js"><p>a.js</p><q src=a.jsx>`,
			`<script src=a.1.js></script><x src=a.1.js y><z href="a.1.js"><p>a.js</p><q src=a.jsx>`},
	} {
		got, _ := rewriteRef(tc.file, []byte(tc.in), "a.js", "a.1.js")
		if string(got) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.file, got, tc.want)
		}
	}
}

func TestRemoveStale(t *testing.T) {
	out := t.TempDir()
	for _, name := range []string{
		"app.js", "app.js.gz", "app.0123456789.js", "app.0123456789.js.br", // stale
		"app.aaaaaaaaaa.js", "app.aaaaaaaaaa.js.gz", "app.aaaaaaaaaa.js.br", // current
		"index.html", "index.html.gz", "notes.txt", "app.config.js", "deadbeef12.js", "worker.bbbbbbbbbb.js", // untouched
	} {
		if err := os.WriteFile(filepath.Join(out, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	site := []asset{{"app.aaaaaaaaaa.js", nil}, {"index.html", nil}}
	if err := removeStale(out, site, fixedNames); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(out)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	want := []string{"app.aaaaaaaaaa.js", "app.aaaaaaaaaa.js.br", "app.aaaaaaaaaa.js.gz", "app.config.js", "deadbeef12.js",
		"index.html", "index.html.gz", "notes.txt", "worker.bbbbbbbbbb.js"}
	if !slices.Equal(left, want) {
		t.Errorf("left %q\nwant %q", left, want)
	}
}

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
	site, err := fingerprint(files, fixedNames)
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
		}, []string{"no file references", `"kubeplay.wasm"`}},
		{"worker loaded by another name", func(f map[string][]byte) {
			f["app.js"] = []byte(`new Worker("cluster.js")`)
		}, []string{"app.js", `"cluster.js"`, "not in the build"}},
		{"stylesheet dropped from the page", func(f map[string][]byte) {
			f["index.html"] = []byte(`<script src=app.js></script><link rel=icon href=favicon.svg>`)
		}, []string{"no file references", `"style.css"`}},
		{"unknown file", func(f map[string][]byte) {
			f["logo.png"] = []byte("png")
		}, []string{"no file references", `"logo.png"`}},
		{"missing file", func(f map[string][]byte) {
			delete(f, "style.css")
		}, []string{"index.html", `"style.css"`, "not in the build"}},
		{"module imported under a wrong name", func(f map[string][]byte) {
			f["app.js"] = []byte(`import{draw}from"./view.js";new Worker("worker.js")`)
		}, []string{"app.js", `"view.js"`, "not in the build"}},
		{"files that load each other", func(f map[string][]byte) {
			f["worker.js"] = append(f["worker.js"], []byte(`;importScripts("app.js")`)...)
		}, []string{"cycle", "app.js -> worker.js -> app.js"}},
	} {
		files := testSite()
		tc.change(files)
		_, err := fingerprint(files, fixedNames)
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

}

// The references and the order come from the files: every module a file
// imports is hashed before it, so a new module needs no table entry.
func TestFingerprintOrderFollowsImports(t *testing.T) {
	files := testSite()
	files["app.js"] = []byte(`import{draw}from"./view.js";import("./lazy.js");import"./recovery.js";new Worker("worker.js")`)
	files["view.js"] = []byte(`export const draw=()=>{};import{esc}from"./util.js"`)
	files["util.js"] = []byte(`export const esc=(s)=>s`)
	files["lazy.js"] = []byte(`export default 1`)
	refs := siteReferences(files)
	want := map[string][]string{
		"app.js":     {"lazy.js", "recovery.js", "view.js", "worker.js"},
		"view.js":    {"util.js"},
		"worker.js":  {"kubeplay.wasm", "wasm_exec.js"},
		"index.html": {"app.js", "favicon.svg", "style.css"},
	}
	for name, w := range want {
		if !slices.Equal(refs[name], w) {
			t.Errorf("%s references %q, want %q", name, refs[name], w)
		}
	}
	order, err := fingerprintOrder(files, refs)
	if err != nil {
		t.Fatal(err)
	}
	for name, named := range refs {
		for _, ref := range named {
			if slices.Index(order, ref) > slices.Index(order, name) {
				t.Errorf("order %q hashes %s before %s, which it references", order, name, ref)
			}
		}
	}
	site := fingerprintTest(t, files)
	if app := site[final(t, site, "app.js")]; !strings.Contains(app, final(t, site, "view.js")) || !strings.Contains(app, final(t, site, "lazy.js")) {
		t.Errorf("app.js does not import the hashed modules: %s", app)
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

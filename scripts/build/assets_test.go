package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestMinifyAsset(t *testing.T) {
	m := newMinifier()
	for _, tc := range []struct {
		name, src string
		want      string
	}{
		{"a.css", "body {\n  color: #ffffff;\n  margin: 0px;\n}\n", "body{color:#fff;margin:0}"},
		{"a.js", "// comment\nconst answer = 40 + 2;\nconsole.log( answer );\n", "const answer=40+2;console.log(answer)"},
		{"a.json", "{\n  \"a\": [1, 2],\n  \"b\": \"c\"\n}\n", `{"a":[1,2],"b":"c"}`},
		{"a.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <!-- c -->\n  <rect width=\"10\" height=\"10\"/>\n</svg>\n",
			`<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>`},
		{"a.html", "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <title>T</title>\n</head>\n<body>\n  <!-- c -->\n  <p class=\"x\">Hi</p>\n</body>\n</html>\n",
			`<!doctype html><html lang=en><head><title>T</title></head><body><p class=x>Hi</body></html>`},
		{"a.png", "\x89PNG  not text", "\x89PNG  not text"}, // copied as is
		{"a.yaml", "a:   1\n", "a:   1\n"},
	} {
		got, err := minifyAsset(m, tc.name, []byte(tc.src))
		if err != nil {
			t.Errorf("minify %s: %v", tc.name, err)
			continue
		}
		if string(got) != tc.want {
			t.Errorf("minify %s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

func TestMinifyAssetReportsSyntaxErrors(t *testing.T) {
	_, err := minifyAsset(newMinifier(), "bad.js", []byte("const = ;"))
	if err == nil {
		t.Fatal("no error for invalid JavaScript")
	}
	if !strings.Contains(err.Error(), "line 1") {
		t.Errorf("error %q does not say where", err)
	}
}

// TestMinifyRealAssets guards the page itself: it must minify, keep its
// module script (wasm_exec.js is loaded by worker.js, not by the page), and
// keep no inline script or style, which the Content-Security-Policy would
// block.
func TestMinifyRealAssets(t *testing.T) {
	m := newMinifier()
	dir := filepath.Join("..", "..", "assets")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() || strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got, err := minifyAsset(m, e.Name(), src)
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
		}
		if len(got) > len(src) {
			t.Errorf("%s grew from %d to %d bytes", e.Name(), len(src), len(got))
		}
		if e.Name() != "index.html" {
			continue
		}
		page := string(got)
		if !strings.Contains(page, "<script src=app.js type=module></script>") {
			t.Errorf("index.html lost its module script: %s", page)
		}
		// Scripts come from files; the one inline element is the opening's
		// data (type application/json, which no browser runs), which the
		// build fills (prerender.go).
		data := strings.Count(page, "<script type=application/json id=opening></script>")
		if data != 1 || strings.Count(page, "<script") != strings.Count(page, "<script src=")+data || strings.Contains(page, " onload=") ||
			strings.Contains(page, " onclick=") {
			t.Errorf("index.html has inline script: %s", page)
		}
		if strings.Contains(page, "<style") || strings.Contains(page, " style=") {
			t.Errorf("index.html has inline style: %s", page)
		}
		if !strings.Contains(page, "<title>Kubeplay</title>") {
			t.Errorf("index.html lost its title: %s", page)
		}
	}
}

func TestMinifyAssets(t *testing.T) {
	src := fstest.MapFS{
		"assets.go":         {Data: []byte("package assets\n")},
		"scenarios/a.txtar": {Data: []byte("tick\n")},
		"lessons/a.txtar":   {Data: []byte("tick\n")},
		"lessons/index":     {Data: []byte("a\n")},
		"index.html":        {Data: []byte("<p>  hello  </p>\n")},
		"css/style.css":     {Data: []byte("a { color : red ; }\n")},
		"examples/a.yaml":   {Data: []byte("kind: Deployment\n")},
		".DS_Store":         {Data: []byte("junk")},
		".hidden/x.js":      {Data: []byte("junk")},
		"examples/.swp.js":  {Data: []byte("junk")},
	}
	files, err := minifyAssets(src)
	if err != nil {
		t.Fatal(err)
	}
	names := slices.Sorted(maps.Keys(files))
	if want := []string{"css/style.css", "examples/a.yaml", "index.html"}; !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
	for name, want := range map[string]string{
		"index.html":      "<p>hello", // optional end tag dropped
		"css/style.css":   "a{color:red}",
		"examples/a.yaml": "kind: Deployment\n",
	} {
		if got := string(files[name]); got != want {
			t.Errorf("%s: %q; want %q", name, got, want)
		}
	}
}

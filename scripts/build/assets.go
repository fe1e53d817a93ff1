package main

import (
	"io/fs"
	"path"
	"strings"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/html"
	"github.com/tdewolff/minify/v2/js"
	"github.com/tdewolff/minify/v2/json"
	"github.com/tdewolff/minify/v2/svg"
)

// mediaTypes maps the extensions that get minified to the minifier's media
// type. Everything else is copied unchanged.
var mediaTypes = map[string]string{
	".html": "text/html",
	".css":  "text/css",
	".js":   "text/javascript",
	".mjs":  "text/javascript",
	".svg":  "image/svg+xml",
	".json": "application/json",
}

// newMinifier returns a minifier for the media types above. The HTML
// minifier keeps <html>, <head> and <body> so the page stays recognisable
// in "view source"; it costs a few bytes.
func newMinifier() *minify.M {
	m := minify.New()
	m.Add("text/html", &html.Minifier{KeepDocumentTags: true})
	m.AddFunc("text/css", css.Minify)
	m.AddFunc("text/javascript", js.Minify)
	m.AddFunc("application/javascript", js.Minify)
	m.AddFunc("image/svg+xml", svg.Minify)
	m.AddFunc("application/json", json.Minify)
	return m
}

// minifyAsset returns src minified according to name's extension, or src
// unchanged if the extension has no minifier.
func minifyAsset(m *minify.M, name string, src []byte) ([]byte, error) {
	mt, ok := mediaTypes[strings.ToLower(path.Ext(name))]
	if !ok {
		return src, nil
	}
	return m.Bytes(mt, src)
}

// minifyAssets minifies every file of src and returns the results by
// slash-separated name. Dotfiles are skipped, and so are Go files and the
// scenarios and lessons folders: those are compiled into kubeplay.wasm
// (assets/assets.go embeds them).
func minifyAssets(src fs.FS) (map[string][]byte, error) {
	m := newMinifier()
	files := map[string][]byte{}
	err := fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name != "." && (strings.HasPrefix(d.Name(), ".") || skipped(name, d)) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		b, err := fs.ReadFile(src, name)
		if err != nil {
			return err
		}
		if b, err = minifyAsset(m, name, b); err != nil {
			return err // the minifier's error names the line and column
		}
		files[name] = b
		return nil
	})
	return files, err
}

// skipped reports whether a file or folder of assets/ stays out of the site:
// Go source, and the scenarios and the lessons, which reach the page inside
// kubeplay.wasm. The message catalogs (i18n/) are in both: the page fetches
// them (i18n.js), and the core embeds the lesson ones.
func skipped(name string, d fs.DirEntry) bool {
	if d.IsDir() {
		return name == "scenarios" || name == "lessons"
	}
	return strings.HasSuffix(name, ".go")
}

package main

import (
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// encodings are the precompressed siblings the server looks for, in order
// of preference when the client accepts several equally: "app.js" may have
// "app.js.br" and "app.js.gz" beside it.
var encodings = []struct{ name, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// chooseVariant returns the file to serve for name and its Content-Encoding
// ("" for the file itself). A sibling is used only if the client accepts its
// encoding, it is a regular file, and it is not older than the original (a
// stale sibling would serve old content).
func chooseVariant(root *os.Root, name string, orig fs.FileInfo, acceptEncoding string) (file, encoding string) {
	for _, enc := range acceptedEncodings(acceptEncoding) {
		for _, e := range encodings {
			if e.name != enc {
				continue
			}
			fi, err := root.Stat(name + e.ext)
			if err == nil && fi.Mode().IsRegular() && !fi.ModTime().Before(orig.ModTime()) {
				return name + e.ext, e.name
			}
		}
	}
	return name, ""
}

// acceptedEncodings parses an Accept-Encoding header (RFC 9110, 12.5.3) and
// returns the encodings from the encodings table that it accepts, best first:
// by q-value, then by the table's order. "*" stands for every encoding not
// named explicitly; q=0 means "not acceptable".
func acceptedEncodings(header string) []string {
	q := map[string]float64{}
	star := -1.0
	for part := range strings.SplitSeq(header, ",") {
		token, params, _ := strings.Cut(part, ";")
		token = strings.ToLower(strings.TrimSpace(token))
		if token == "" {
			continue
		}
		weight := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 1 {
					weight = f
				} else {
					weight = 0 // a malformed weight accepts nothing
				}
			}
		}
		if token == "*" {
			star = weight
			continue
		}
		if token == "x-gzip" {
			token = "gzip"
		}
		q[token] = weight
	}

	var out []string
	var weights []float64
	for _, e := range encodings {
		w, named := q[e.name]
		if !named {
			w = star
		}
		if w <= 0 {
			continue
		}
		// Stable insertion by descending weight keeps the table order on ties.
		i := len(out)
		for i > 0 && weights[i-1] < w {
			i--
		}
		out = append(out[:i], append([]string{e.name}, out[i:]...)...)
		weights = append(weights[:i], append([]float64{w}, weights[i:]...)...)
	}
	return out
}

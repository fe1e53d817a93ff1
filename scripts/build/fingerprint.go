package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Fingerprinting. Every file of the site but the page itself is renamed
// app.js -> app.<hash>.js, the hash taken from its final bytes, so site/ can
// let caches keep it for a year (see isFingerprinted there), and every
// reference to it is rewritten.

// fixedNames are the files the browser asks for by a fixed URL: they keep
// their names (and are served "no-cache").
var fixedNames = map[string]bool{"index.html": true}

// references lists, for each file that names others, the files it names. A
// named file must be found at least once, as an exact quoted string (or, in
// HTML, an unquoted attribute value); otherwise the build fails, so renaming
// a file or rewording a reference can never silently break the page.
var references = map[string][]string{
	"index.html": {"app.js", "style.css", "favicon.svg"}, // script, stylesheet, icon and img
	"app.js":     {"worker.js", "recovery.js"},           // new Worker("worker.js"), import "./recovery.js"
	"worker.js":  {"wasm_exec.js", "kubeplay.wasm"},      // importScripts, fetch
}

// fingerprintOrder is the order files are hashed in: a file after every file
// it references, because its hash must cover the rewritten references.
var fingerprintOrder = []string{
	"kubeplay.wasm", "wasm_exec.js", "worker.js", "recovery.js", "app.js", "style.css", "favicon.svg", "index.html",
}

// hashLen is the number of hex digits of the content hash in a name: 40
// bits, and at least the 8 that site/ requires.
const hashLen = 10

// asset is one file of the site: its final name and bytes.
type asset struct {
	name string
	data []byte
}

// hashedName returns name with the hash of data before its extension:
// "app.js" -> "app.3f9a1c2b0d.js".
func hashedName(name string, data []byte) string {
	sum := sha256.Sum256(data)
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:])[:hashLen] + ext
}

// rewriteRef replaces every reference to old in b (a file named name) with
// new and returns the result and the number of references replaced. A
// reference is old (or ./old) between matching quotes or backquotes, or, in
// HTML, an unquoted attribute value (=old followed by a space or >), which
// is what the HTML minifier leaves.
func rewriteRef(name string, b []byte, old, new string) ([]byte, int) {
	n := 0
	for _, q := range []string{`"`, `'`, "`"} {
		for _, prefix := range []string{"", "./"} {
			from := []byte(q + prefix + old + q)
			if c := bytes.Count(b, from); c > 0 {
				n += c
				b = bytes.ReplaceAll(b, from, []byte(q+prefix+new+q))
			}
		}
	}
	if ext := strings.ToLower(path.Ext(name)); ext == ".html" || ext == ".htm" {
		re := regexp.MustCompile(`=(\./)?` + regexp.QuoteMeta(old) + `([\s>])`)
		n += len(re.FindAllIndex(b, -1))
		b = re.ReplaceAll(b, []byte("=${1}"+new+"${2}"))
	}
	return b, n
}

// fingerprint renames the files (by slash-separated name) in order,
// rewriting the references of refs first, and returns them in that order
// with their final names. It fails if order and files disagree, if a
// renamed file is referenced by no file (nothing could find it), or if an
// expected reference is missing.
func fingerprint(files map[string][]byte, order []string, refs map[string][]string, fixed map[string]bool) ([]asset, error) {
	for name := range files {
		if !slices.Contains(order, name) {
			return nil, fmt.Errorf("fingerprint: %s has no place in the fingerprint order (scripts/build/fingerprint.go)", name)
		}
		if fixed[name] {
			continue
		}
		referenced := false
		for _, named := range refs {
			referenced = referenced || slices.Contains(named, name)
		}
		if !referenced {
			return nil, fmt.Errorf("fingerprint: no file references %s, so it would be unreachable under a hashed name; "+
				"list its referrer in references or make it a fixed name (scripts/build/fingerprint.go)", name)
		}
	}
	renamed := map[string]string{}
	var site []asset
	for _, name := range order {
		b, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("fingerprint: %s is missing from the build", name)
		}
		for _, ref := range refs[name] {
			if fixed[ref] {
				continue
			}
			to, ok := renamed[ref]
			if !ok {
				return nil, fmt.Errorf("fingerprint: %s references %s, which must come before it in the fingerprint order", name, ref)
			}
			var n int
			if b, n = rewriteRef(name, b, ref, to); n == 0 {
				return nil, fmt.Errorf("fingerprint: %s has no quoted reference to %q to rewrite; "+
					"if the file was renamed or is loaded differently, update references in scripts/build/fingerprint.go", name, ref)
			}
		}
		final := name
		if !fixed[name] {
			final = hashedName(name, b)
			renamed[name] = final
		}
		site = append(site, asset{final, b})
	}
	return site, nil
}

// hexRun matches the hash part of a fingerprinted name.
var hexRun = regexp.MustCompile(`^[0-9a-f]{8,}$`)

// removeStale deletes from out the earlier builds' versions of the renamed
// files: "app.js" and "app.<other hash>.js", with their .gz and .br
// siblings. keep holds the current names; nothing else is touched.
func removeStale(out string, site []asset, fixed map[string]bool) error {
	keep := map[string]bool{}
	for _, a := range site {
		keep[a.name] = true
	}
	for _, a := range site {
		if fixed[a.name] {
			continue
		}
		dir, base := path.Split(a.name)
		ext := path.Ext(base) // base is stem.hash.ext
		stem := strings.TrimSuffix(base, ext)
		stem = stem[:strings.LastIndex(stem, ".")]
		entries, err := os.ReadDir(filepath.Join(out, filepath.FromSlash(dir)))
		if err != nil {
			return err
		}
		for _, e := range entries {
			if !e.Type().IsRegular() {
				continue
			}
			name := strings.TrimSuffix(strings.TrimSuffix(e.Name(), ".gz"), ".br")
			if keep[dir+name] {
				continue
			}
			mid, hasStem := strings.CutPrefix(name, stem+".")
			mid, hasExt := strings.CutSuffix(mid, ext)
			if name == stem+ext || hasStem && hasExt && hexRun.MatchString(mid) {
				if err := os.Remove(filepath.Join(out, filepath.FromSlash(dir), e.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
					return err
				}
			}
		}
	}
	return nil
}

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
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

// The references between the files are read from the files themselves, so
// that splitting the page into modules needs no table here: a text file
// (HTML, JavaScript, CSS) references another file of the site wherever it
// names it as an exact quoted string — an import or export "from", import(),
// new Worker(), importScripts(), a fetched URL — or, in HTML, an attribute
// value (src=, href=). See siteReferences.

// textExts are the files searched for references.
var textExts = map[string]bool{".html": true, ".htm": true, ".js": true, ".mjs": true, ".css": true}

// siteReferences returns, for each text file of files, the other files it
// names (sorted), found as rewriteRef finds them.
func siteReferences(files map[string][]byte) map[string][]string {
	refs := map[string][]string{}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if !textExts[strings.ToLower(path.Ext(name))] {
			continue
		}
		for _, other := range slices.Sorted(maps.Keys(files)) {
			if other == name {
				continue
			}
			if _, n := rewriteRef(name, files[name], other, other); n > 0 {
				refs[name] = append(refs[name], other)
			}
		}
	}
	return refs
}

// Where the page loads a file: HTML src= and href= attributes, and in
// JavaScript the specifiers of import and export ... from, import(),
// new Worker() and importScripts().
var (
	htmlLoads = regexp.MustCompile(`\b(?:src|href)=["']?([^"'\s>]+)`)
	jsLoads   = regexp.MustCompile(`(?:\bfrom|\bimport\s*\(?|\bnew\s+Worker\s*\(|\bimportScripts\s*\()\s*["']([^"']+)["']`)
)

// missingLoads lists the files the page loads that the build does not
// have: a renamed or deleted file that something still loads.
func missingLoads(files map[string][]byte) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(files)) {
		var re *regexp.Regexp
		switch strings.ToLower(path.Ext(name)) {
		case ".html", ".htm":
			re = htmlLoads
		case ".js", ".mjs":
			re = jsLoads
		default:
			continue
		}
		for _, m := range re.FindAllSubmatch(files[name], -1) {
			ref := strings.TrimPrefix(string(m[1]), "./")
			if strings.Contains(ref, ":") || strings.HasPrefix(ref, "/") || strings.HasPrefix(ref, "#") {
				continue // another origin, the root, or a fragment
			}
			if _, ok := files[path.Join(path.Dir(name), ref)]; !ok {
				out = append(out, fmt.Sprintf("%s loads %q, which is not in the build", name, ref))
			}
		}
	}
	return out
}

// fingerprintOrder orders the files so that each comes after every file it
// references (its hash must cover the rewritten references), and otherwise
// by name. A cycle of references cannot be fingerprinted.
func fingerprintOrder(files map[string][]byte, refs map[string][]string) ([]string, error) {
	var order []string
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(name string, path []string) error
	visit = func(name string, path []string) error {
		switch state[name] {
		case 1:
			return fmt.Errorf("fingerprint: the files reference each other in a cycle: %s", strings.Join(append(path, name), " -> "))
		case 2:
			return nil
		}
		state[name] = 1
		for _, ref := range refs[name] {
			if err := visit(ref, append(path, name)); err != nil {
				return err
			}
		}
		state[name] = 2
		order = append(order, name)
		return nil
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := visit(name, nil); err != nil {
			return nil, err
		}
	}
	return order, nil
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

// fingerprint renames the files (by slash-separated name), each after the
// files it references, rewriting those references first, and returns them
// in that order with their final names. It fails if a renamed file is
// referenced by no file (nothing could find it under its new name).
func fingerprint(files map[string][]byte, fixed map[string]bool) ([]asset, error) {
	if missing := missingLoads(files); len(missing) > 0 {
		return nil, fmt.Errorf("fingerprint: %s", strings.Join(missing, "; "))
	}
	refs := siteReferences(files)
	order, err := fingerprintOrder(files, refs)
	if err != nil {
		return nil, err
	}
	for name := range files {
		if fixed[name] {
			continue
		}
		referenced := false
		for _, named := range refs {
			referenced = referenced || slices.Contains(named, name)
		}
		if !referenced {
			return nil, fmt.Errorf("fingerprint: no file references %q (as a quoted string: an import, new Worker, "+
				"importScripts, a URL), so it would be unreachable under a hashed name; reference it, or make it a fixed name "+
				"(scripts/build/fingerprint.go)", name)
		}
	}
	renamed := map[string]string{}
	var site []asset
	for _, name := range order {
		b := files[name]
		for _, ref := range refs[name] {
			if fixed[ref] {
				continue
			}
			to, ok := renamed[ref]
			if !ok {
				return nil, fmt.Errorf("fingerprint: %s references %s, which must come before it in the fingerprint order", name, ref)
			}
			b, _ = rewriteRef(name, b, ref, to)
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

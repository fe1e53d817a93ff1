package assets

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/lesson"
)

// The page's own words (i18n/LANG/page.json, read by i18n.js) are keys the
// markup names in data-i18n attributes and the modules in t("key") calls.

var (
	markupKey = regexp.MustCompile(`data-i18n(?:-title|-label|-placeholder)?="([^"]+)"`)
	moduleKey = regexp.MustCompile(`\bt(?:HTML)?\("([^"]+)"`)
)

// pageKeysUsed are the keys index.html and the page's modules name, each
// with the first file that names it.
func pageKeysUsed(t *testing.T) map[string]string {
	t.Helper()
	used := map[string]string{}
	files, err := filepath.Glob("*.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range append([]string{"index.html"}, files...) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		re := moduleKey
		if name == "index.html" {
			re = markupKey
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			if _, ok := used[m[1]]; !ok {
				used[m[1]] = name
			}
		}
	}
	// The Pod states' words are keys in cluster.js's stateWords: KEY for
	// a count, KEY.legend for the legend.
	b, err := os.ReadFile("cluster.js")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)const stateWords = \{(.*?)\};`).FindSubmatch(b)
	if block == nil {
		t.Fatal("cluster.js has no stateWords object; the pattern is stale")
	}
	for _, m := range regexp.MustCompile(`"(state\.\w+)"`).FindAllSubmatch(block[1], -1) {
		used[string(m[1])] = "cluster.js"
		used[string(m[1])+".legend"] = "cluster.js"
	}
	return used
}

// readCatalog reads i18n/LANG/FILE (page.json, why.json).
func readCatalog(t *testing.T, lang, file string) lesson.Catalog {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("i18n", lang, file))
	if err != nil {
		t.Fatal(err)
	}
	c, err := lesson.ParseCatalog(b)
	if err != nil {
		t.Fatalf("%s/%s: %v", lang, file, err)
	}
	return c
}

// English has every key the page names and none it does not; every other
// language has exactly English's keys, none empty, each with English's
// placeholders.
func TestPageCatalogs(t *testing.T) {
	used := pageKeysUsed(t)
	en := readCatalog(t, "en", "page.json")
	for k, file := range used {
		if _, ok := en[k]; !ok {
			t.Errorf("%s names %q, which en/page.json does not have", file, k)
		}
	}
	for _, k := range en.Keys() {
		if _, ok := used[k]; !ok {
			t.Errorf("en/page.json: %q is named by no page file", k)
		}
	}
	for _, lang := range languages {
		compareCatalog(t, lang+"/page.json", readCatalog(t, lang, "page.json"), en)
	}
}

// The markup's English is the catalog's, so the page reads the same before
// the catalogs arrive as after: data-i18n text equals its English sentence.
func TestMarkupIsTheEnglishCatalog(t *testing.T) {
	b, err := os.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	en := readCatalog(t, "en", "page.json")
	text := regexp.MustCompile(`data-i18n="([^"]+)"[^>]*>([^<]*)<`)
	n := 0
	for _, m := range text.FindAllStringSubmatch(string(b), -1) {
		n++
		if want := en[m[1]]; unescapeHTML(m[2]) != want {
			t.Errorf("index.html: %q reads %q, en/page.json %q", m[1], m[2], want)
		}
	}
	if n < 40 {
		t.Errorf("only %d data-i18n texts found in index.html", n)
	}
}

func unescapeHTML(s string) string {
	return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'").Replace(strings.TrimSpace(s))
}

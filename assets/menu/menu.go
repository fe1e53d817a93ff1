// Package menu lists the embedded examples and lessons for the page's two
// menus, their titles in a language. The wasm bridge answers the page's
// "scenarios" and "lessons" requests with these lists, and scripts/build
// writes the same lists into index.html, so the menus are filled at first
// paint instead of when the core is ready (issue 15).
package menu

import (
	"bytes"
	"io/fs"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/assets"
	"golang.org/x/tools/txtar"
)

// Item is one entry of a menu: an example or a lesson.
type Item struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Lang is the language of Title: the one asked for, or "en" where the
	// example or lesson has no translation in it.
	Lang string `json:"lang"`
}

// Example is an embedded example's item, its title the first line of its
// opening comment (as scenario.Scenario.Title), with its files.
type Example struct {
	Item
	Files []File `json:"files"`
}

// File is one file of an example, as the page's editor takes it (the
// JSON of core/session's File, which this package, below the core in the
// layers, does not import).
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Order is the teaching order of the examples, as the Deployments page of
// the Kubernetes documentation walks through them; examples not named here
// follow, by name.
var Order = []string{
	"create", "rolling-update", "rollover", "rollback", "scale", "proportional-scaling",
	"pause-resume", "failed-deployment", "crash-loop", "quota-failure", "recreate", "cleanup-policy",
	"canary", "service-endpoints", "self-healing",
	// Configuration: ConfigMaps, Secrets and what the kubelet does with them.
	"config-app", "config-update", "config-missing-key", "config-missing-secret", "config-missing-volume",
	"ingress", "hpa-no-metrics", "hpa-scaling", "drain-pdb", "pvc-pending",
	"controller-manager-restart", "client-side-throttling", "runtime-class", "cloud-node",
	// Pods: native sidecars.
	"sidecar",
}

// Examples lists the embedded examples in Order, their titles in lang.
func Examples(lang string) ([]Example, error) {
	entries, err := fs.ReadDir(assets.Scenarios, "scenarios")
	if err != nil {
		return nil, err
	}
	var list []Example
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".txtar")
		if !ok {
			continue
		}
		data, err := fs.ReadFile(assets.Scenarios, "scenarios/"+e.Name())
		if err != nil {
			return nil, err
		}
		// The menu needs no more than the archive's title and files, so
		// the page's start does not wait for every script to be parsed
		// (scenario.Parse, when an example is loaded, checks the rest).
		a := parse(data)
		info := Example{Item: Item{Name: name, Title: Title(a.Comment), Lang: "en"}, Files: []File{}}
		if t, ok := localTitle("scenarios/" + lang + "/" + name + ".md"); ok && lang != "en" {
			info.Title, info.Lang = t, lang
		}
		for _, f := range a.Files {
			info.Files = append(info.Files, File{Name: f.Name, Text: string(f.Data)})
		}
		list = append(list, info)
	}
	rank := func(name string) int {
		if i := slices.Index(Order, name); i >= 0 {
			return i
		}
		return len(Order)
	}
	slices.SortStableFunc(list, func(a, b Example) int {
		if ra, rb := rank(a.Name), rank(b.Name); ra != rb {
			return ra - rb
		}
		return strings.Compare(a.Name, b.Name)
	})
	return list, nil
}

// Lessons lists the embedded lessons in the order of lessons/index, their
// titles in lang.
func Lessons(lang string) ([]Item, error) {
	index, err := fs.ReadFile(assets.Lessons, "lessons/index")
	if err != nil {
		return nil, err
	}
	list := []Item{}
	for _, name := range strings.Split(string(index), "\n") {
		if name = strings.TrimSpace(name); name == "" || strings.HasPrefix(name, "#") {
			continue
		}
		info := Item{Name: name, Lang: "en"}
		data, err := fs.ReadFile(assets.Lessons, "lessons/"+name+".txtar")
		if err != nil {
			return nil, err
		}
		if lang != "en" {
			if tdata, terr := fs.ReadFile(assets.Lessons, "lessons/"+lang+"/"+name+".txtar"); terr == nil {
				data, info.Lang = tdata, lang
			}
		}
		// The menu needs the title alone; lesson.Load checks the rest
		// when the lesson is opened.
		info.Title = Title(parse(data).Comment)
		list = append(list, info)
	}
	return list, nil
}

// Items are the examples' menu items, without their files.
func Items(examples []Example) []Item {
	items := make([]Item, len(examples))
	for i, e := range examples {
		items[i] = e.Item
	}
	return items
}

// parse reads an archive as the core does, whatever its line endings.
func parse(data []byte) *txtar.Archive {
	return txtar.Parse(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")))
}

// Title is the first line of a script's opening comment, "" if it opens
// with a command.
func Title(script []byte) string {
	for line := range strings.Lines(string(script)) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "#"); ok {
			return strings.TrimPrefix(rest, " ")
		}
		return ""
	}
	return ""
}

// localTitle is the first line of an embedded translation.
func localTitle(file string) (string, bool) {
	data, err := fs.ReadFile(assets.Scenarios, file)
	if err != nil {
		return "", false
	}
	t, _, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
	return strings.TrimSpace(t), t != ""
}

package kubectl

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// runAPIResources is `kubectl api-resources` (staging/src/k8s.io/kubectl/
// pkg/cmd/apiresources/apiresources.go): the served kinds, core group
// first, then by group name, each group's resources in discovery's
// alphabetical order; NAME SHORTNAMES APIVERSION NAMESPACED KIND, -o wide
// adds VERBS and CATEGORIES, -o name prints resource[.group].
func runAPIResources(e *env, c *command, fs *flagSet, args []string) error {
	output := fs.string("output")
	if output != "" && output != "wide" && output != "name" {
		return fmt.Errorf("--output %v is not available", output)
	}
	if len(args) > 0 {
		return usageErrorf(c, "unexpected arguments: %v", args)
	}
	kinds := append([]*api.KindInfo{}, api.Kinds()...)
	sort.SliceStable(kinds, func(i, j int) bool {
		if kinds[i].Group != kinds[j].Group {
			return kinds[i].Group < kinds[j].Group
		}
		return kinds[i].Resource < kinds[j].Resource
	})
	var rows [][]string
	for _, k := range kinds {
		if fs.changed("namespaced") && k.Namespaced != fs.bool("namespaced") {
			continue
		}
		if fs.changed("api-group") && k.Group != fs.string("api-group") {
			continue
		}
		if output == "name" {
			fmt.Fprintf(e.out, "%s%s\n", k.Resource, groupSuffix(k))
			continue
		}
		row := []string{k.Resource, strings.Join(k.ShortNames, ","), k.APIVersion(), fmt.Sprint(k.Namespaced), k.Kind}
		if output == "wide" {
			row = append(row, "[create delete deletecollection get list patch update watch]", strings.Join(k.Categories, ","))
		}
		rows = append(rows, row)
	}
	if output == "name" {
		return nil
	}
	w := printers.NewTabWriter(e.out)
	if !fs.bool("no-headers") {
		header := "NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND"
		if output == "wide" {
			header += "\tVERBS\tCATEGORIES"
		}
		fmt.Fprintln(w, header)
	}
	for _, r := range rows {
		fmt.Fprintln(w, strings.Join(r, "\t"))
	}
	return w.Flush()
}

package kubectl

import (
	"fmt"
	"sort"

	"github.com/kubeplay/kubeplay/core/api"
)

func init() {
	// NewCmdAPIVersions' Long and apiversionsExample (see helpText); its
	// Use has DisableFlagsInUseLine, so no " [flags]".
	helpTexts["kubectl api-versions"] = helpText{
		long: "Print the supported API versions on the server, in the form of \"group/version\".",
		example: "  # Print the supported API versions\n" +
			"  kubectl api-versions",
		use: "kubectl api-versions",
	}
}

// runAPIVersions is `kubectl api-versions` (staging/src/k8s.io/kubectl/
// pkg/cmd/apiresources/apiversions.go, RunAPIVersions): every group/version
// the server's discovery lists (metav1.ExtractGroupVersions; "v1" for the
// core group), sorted as strings, one a line. The served kinds are the
// ones `kubectl api-resources` lists.
func runAPIVersions(e *env, c *command, fs *flagSet, args []string) error {
	if len(args) != 0 {
		return usageErrorf(c, "unexpected arguments: %v", args)
	}
	seen := map[string]bool{}
	var versions []string
	for _, k := range api.Kinds() {
		for _, gv := range append([]string{k.APIVersion()}, k.AlsoServedAs...) {
			if !seen[gv] {
				seen[gv] = true
				versions = append(versions, gv)
			}
		}
	}
	sort.Strings(versions)
	for _, v := range versions {
		fmt.Fprintln(e.out, v)
	}
	return nil
}

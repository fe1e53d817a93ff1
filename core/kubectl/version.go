package kubectl

import (
	"errors"
	"fmt"
)

// Versions the playground reports: kubectl, its bundled kustomize, and the
// simulated API server.
const (
	ClientVersion    = "v1.37.0"
	KustomizeVersion = "v5.7.1"
	ServerVersion    = "v1.37.0"
)

// runVersion is `kubectl version` (staging/src/k8s.io/kubectl/pkg/cmd/
// version/version.go) without -o.
func runVersion(e *env, c *command, fs *flagSet, args []string) error {
	if o := fs.string("output"); o != "" {
		if o != "yaml" && o != "json" {
			return errors.New("--output must be 'yaml' or 'json'")
		}
		return errors.New("-o is not available for version in the playground")
	}
	fmt.Fprintf(e.out, "Client Version: %s\n", ClientVersion)
	fmt.Fprintf(e.out, "Kustomize Version: %s\n", KustomizeVersion)
	if !fs.bool("client") {
		fmt.Fprintf(e.out, "Server Version: %s\n", ServerVersion)
	}
	return nil
}

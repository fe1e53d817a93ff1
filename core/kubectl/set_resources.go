package kubectl

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// runSetResources is `kubectl set resources` (staging/src/k8s.io/kubectl/
// pkg/cmd/set/set_resources.go): --limits and --requests as
// name=quantity lists, for the containers -c selects (a glob, "*" by
// default).
func runSetResources(e *env, c *command, fs *flagSet, args []string) error {
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	if fs.string("limits") == "" && fs.string("requests") == "" {
		return errors.New("you must specify an update to requests or limits (in the form of --requests/--limits)")
	}
	limits, err := parseResourceList(fs.string("limits"))
	if err != nil {
		return err
	}
	requests, err := parseResourceList(fs.string("requests"))
	if err != nil {
		return err
	}
	selector := fs.string("containers")
	return e.setPodSpec(fs, dry, args, "resource requirements updated", func(spec *api.PodSpec) []error {
		found := false
		for i := range spec.Containers {
			ct := &spec.Containers[i]
			if ok, _ := path.Match(selector, ct.Name); !ok {
				continue
			}
			found = true
			for k, v := range limits {
				if ct.Resources.Limits == nil {
					ct.Resources.Limits = api.ResourceList{}
				}
				ct.Resources.Limits[k] = v
			}
			for k, v := range requests {
				if ct.Resources.Requests == nil {
					ct.Resources.Requests = api.ResourceList{}
				}
				ct.Resources.Requests[k] = v
			}
		}
		if !found {
			return []error{fmt.Errorf("error: unable to find container named %s", selector)}
		}
		return nil
	})
}

// parseResourceList reads "cpu=200m,memory=512Mi"
// (kubectl's generate.ParseResourceList... via util.HandleResourceRequirementsV1).
func parseResourceList(spec string) (api.ResourceList, error) {
	if spec == "" {
		return nil, nil
	}
	out := api.ResourceList{}
	for _, part := range strings.Split(spec, ",") {
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("Invalid argument syntax %v, expected <resource>=<value>", part)
		}
		q, err := resource.ParseQuantity(value)
		if err != nil {
			return nil, err
		}
		out[api.ResourceName(name)] = q
	}
	return out, nil
}

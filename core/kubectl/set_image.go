package kubectl

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// podSpecOf is polymorphichelpers.UpdatePodSpecForObject's lookup: the pod
// spec of a pod or of an object's pod template.
func podSpecOf(obj api.Object) (*api.PodSpec, error) {
	switch o := obj.(type) {
	case *api.Pod:
		return &o.Spec, nil
	case *api.Deployment:
		return &o.Spec.Template.Spec, nil
	case *api.ReplicaSet:
		return &o.Spec.Template.Spec, nil
	}
	return nil, fmt.Errorf("the object is not a pod or does not have a pod template: *v1.%s", api.KindOf(obj).Kind)
}

// getResourcesAndPairs is set.GetResourcesAndPairs: resource arguments
// first, then NAME=VALUE (or NAME-) pairs.
func getResourcesAndPairs(args []string, pairType string) (resources, pairs []string, err error) {
	foundPair := false
	for _, s := range args {
		nonResource := (strings.Contains(s, "=") && s[0] != '=') || (strings.HasSuffix(s, "-") && s != "-")
		switch {
		case nonResource:
			foundPair = true
			pairs = append(pairs, s)
		case !foundPair:
			resources = append(resources, s)
		default:
			return nil, nil, fmt.Errorf("all resources must be specified before %s changes: %s", pairType, s)
		}
	}
	return resources, pairs, nil
}

// runSetImage is `kubectl set image` (staging/src/k8s.io/kubectl/pkg/cmd/
// set/set_image.go): CONTAINER=IMAGE pairs ("*" for every container),
// one strategic patch per object, nothing printed for an object already
// running those images.
func runSetImage(e *env, c *command, fs *flagSet, args []string) error {
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	resources, pairs, err := getResourcesAndPairs(args, "image")
	if err != nil {
		return err
	}
	images := map[string]string{}
	var invalid []string
	for _, p := range pairs {
		name, image, ok := strings.Cut(p, "=")
		if !ok || name == "" {
			invalid = append(invalid, p)
			continue
		}
		images[name] = image
	}
	if len(invalid) > 0 {
		return fmt.Errorf("invalid image format: %s", strings.Join(invalid, ", "))
	}
	// Validate
	var verrs []error
	if len(resources) < 1 && len(fs.strings("filename")) == 0 {
		verrs = append(verrs, errors.New("one or more resources must be specified as <resource> <name> or <resource>/<name>"))
	}
	if len(images) < 1 {
		verrs = append(verrs, errors.New("at least one image update is required"))
	} else if _, ok := images["*"]; ok && len(images) > 1 {
		verrs = append(verrs, errors.New("all containers are already specified by *, but saw more than one container_name=container_image pairs"))
	}
	if err := newAggregate(verrs); err != nil {
		return err
	}
	names := make([]string, 0, len(images))
	for n := range images {
		names = append(names, n)
	}
	sort.Strings(names)
	return e.setPodSpec(fs, dry, resources, "image updated", func(spec *api.PodSpec) []error {
		var errs []error
		for _, name := range names {
			found := false
			for i := range spec.InitContainers {
				if spec.InitContainers[i].Name == name || name == "*" {
					found = true
					spec.InitContainers[i].Image = images[name]
				}
			}
			for i := range spec.Containers {
				if spec.Containers[i].Name == name || name == "*" {
					found = true
					spec.Containers[i].Image = images[name]
				}
			}
			if !found {
				errs = append(errs, fmt.Errorf("error: unable to find container named %q", name))
			}
		}
		return errs
	})
}

// setPodSpec is the shared body of set image and set resources: resolve,
// change each object's pod spec, record, patch (as dry says), print. A
// client dry run prints the object as changed here, sending nothing.
func (e *env) setPodSpec(fs *flagSet, dry dryRun, resources []string, operation string, change func(*api.PodSpec) []error) error {
	r, err := e.resolve(selection{args: resources, filenames: fs.strings("filename"), selector: fs.string("selector"),
		all: fs.bool("all"), requireNames: true, latest: true})
	if err != nil {
		return err
	}
	errs := r.errs
	for _, in := range r.infos {
		var changeErrs []error
		changed, patch, err := calculatePatch(in, func(obj api.Object) error {
			spec, err := podSpecOf(obj)
			if err != nil {
				return err
			}
			changeErrs = change(spec)
			e.record(obj)
			return nil
		})
		errs = append(errs, changeErrs...)
		if err != nil {
			errs = append(errs, fmt.Errorf("error: %s %v\n", in.objectName(), err))
			continue
		}
		if emptyPatch(patch) {
			continue
		}
		obj, err := e.write(dry, func() (api.Object, error) { return changed, nil },
			func() (api.Object, error) { return e.sendPatch(in, patch) })
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to patch image update to pod template: %v", err))
			continue
		}
		if err := e.printName(in, obj, operation+dry.suffix(), fs.string("output")); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}
